// DiceRoller: the browser side. All rolling happens in Python; this only shows the view-model.
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = String(text);
  return e;
}

function rollView(v, L) {
  const box = h("div", "gm-roll");
  for (const d of v.dice) {
    const die = h("span", "gm-die" + (d.wild ? " gm-wild" : "") + (d.kept ? "" : " gm-dropped"));
    die.title = (d.wild ? L.wild_die + " " : "") + "d" + d.sides + (d.kept ? "" : " " + L.dropped);
    d.faces.forEach((f, i) => die.append(h("span", "gm-face" + (d.aces[i] ? " gm-ace" : ""), f)));
    box.append(die);
  }
  box.append(h("span", "gm-total", "= " + v.total));
  if (v.verdict) {
    const txt = v.verdict === "success" && v.raises > 0 ? L.success + ", " + L.raises + ": " + v.raises : L[v.verdict];
    box.append(h("span", "gm-verdict gm-" + v.verdict + (v.raises > 0 ? " gm-raise" : ""), txt));
  }
  if (v.manual) box.append(h("span", "gm-manual", L.manual));
  box.title = v.text;
  return box;
}

function render({ model, el }) {
  el.classList.add("gmkit-dice");
  const expr = h("input", "gm-expr"); expr.type = "text";
  const mode = h("select", "gm-mode");
  const wild = h("input", "gm-wildbox"); wild.type = "checkbox";
  const tn = h("input", "gm-tn"); tn.type = "number"; tn.min = 1;
  const hand = h("input", "gm-handbox"); hand.type = "checkbox";
  const faces = h("input", "gm-faces"); faces.type = "text";
  const btn = h("button", "gm-roll-btn");
  const err = h("div", "gm-error");
  const last = h("div", "gm-last");
  const hist = h("ol", "gm-history");
  const lab = (el2, key) => { const l = h("label"); l.dataset.key = key; l.append(el2, h("span")); return l; };
  const row = h("div", "gm-row");
  row.append(expr, mode, lab(wild, "wild"), lab(tn, "tn"), lab(hand, "by_hand"), faces, btn);
  el.append(row, err, last, hist);

  const draw = () => {
    const L = model.get("labels");
    expr.value = model.get("expression"); expr.placeholder = L.expression;
    mode.replaceChildren(...["roll", "trait", "damage"].map((m) => { const o = h("option", "", L["mode." + m]); o.value = m; return o; }));
    mode.value = model.get("mode");
    wild.checked = model.get("wild"); tn.value = model.get("tn");
    hand.checked = model.get("by_hand"); faces.value = model.get("faces");
    faces.placeholder = L.faces; faces.disabled = !hand.checked;
    for (const l of row.querySelectorAll("label")) l.lastChild.textContent = " " + L[l.dataset.key];
    const trait = model.get("mode") === "trait";
    wild.parentElement.hidden = !trait; tn.parentElement.hidden = !trait;
    btn.textContent = L.roll;
    err.textContent = model.get("error");
    const v = model.get("last");
    last.replaceChildren(...(v && v.dice ? [rollView(v, L)] : []));
    hist.replaceChildren(...model.get("history").slice(1).map((r) => { const li = h("li", ""); li.append(h("span", "gm-expr-h", r.expr + (r.actor ? " (" + r.actor + ")" : "") + ": "), rollView(r, L)); return li; }));
  };
  const push = () => {
    model.set("expression", expr.value); model.set("mode", mode.value);
    model.set("wild", wild.checked); model.set("tn", parseInt(tn.value || "4", 10));
    model.set("by_hand", hand.checked); model.set("faces", faces.value);
    model.save_changes();
  };
  for (const e of [mode, wild, tn, hand]) e.addEventListener("change", push);
  const roll = () => { push(); model.send({ type: "roll" }); };
  btn.addEventListener("click", roll);
  for (const e of [expr, faces]) e.addEventListener("keydown", (ev) => { if (ev.key === "Enter") roll(); });
  for (const k of ["expression", "mode", "wild", "tn", "by_hand", "faces", "last", "history", "error", "labels"]) model.on("change:" + k, draw);
  draw();
}

export default { render };
