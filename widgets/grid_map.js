// GridMap: draws the map view-model as SVG; clicks go back to Python, which decides everything.
// Column numbers run along the top and row numbers down the left, as the log writes a cell:
// (column, row). The legend's words come from Python in the desk's language.
const NS = "http://www.w3.org/2000/svg";
const C = 36;
const P = 18; // room for the coordinates

function s(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = String(text);
  return e;
}

function draw(model, el) {
  const m = model.get("model");
  if (!m || !m.width) return;
  const w = m.width, h = m.height, targets = new Set(m.targets);
  const svg = s("svg", { viewBox: `${-P} ${-P} ${w * C + P + 2} ${h * C + P + 2}`, class: "gm-svg" });
  svg.style.maxWidth = `${w * C + P + 2}px`;
  const bg = s("rect", { width: w * C, height: h * C, class: "gm-bg" });
  bg.addEventListener("click", (ev) => {
    const p = svg.createSVGPoint(); p.x = ev.clientX; p.y = ev.clientY;
    const q = p.matrixTransform(svg.getScreenCTM().inverse());
    model.send({ type: "cell", x: Math.floor(q.x / C), y: Math.floor(q.y / C) });
  });
  svg.append(bg);
  for (let x = 0; x < w; x++) svg.append(s("text", { x: x * C + C / 2, y: -5, class: "gm-coord", "text-anchor": "middle" }, x));
  for (let y = 0; y < h; y++) svg.append(s("text", { x: -4, y: y * C + C / 2 + 4, class: "gm-coord", "text-anchor": "end" }, y));
  for (let x = 0; x <= w; x++) svg.append(s("line", { x1: x * C, y1: 0, x2: x * C, y2: h * C, class: "gm-grid" }));
  for (let y = 0; y <= h; y++) svg.append(s("line", { x1: 0, y1: y * C, x2: w * C, y2: y * C, class: "gm-grid" }));
  for (const [x, y] of m.station) svg.append(s("rect", { x: x * C + 2, y: y * C + 2, width: C - 4, height: C - 4, class: "gm-station" }));
  const cellRect = (cls) => ([x, y]) => {
    const r = s("rect", { x: x * C + 1, y: y * C + 1, width: C - 2, height: C - 2, class: cls, "data-x": x, "data-y": y });
    r.addEventListener("click", (ev) => { ev.stopPropagation(); model.send({ type: "cell", x, y }); });
    svg.append(r);
  };
  m.moves.forEach(cellRect("gm-move"));
  m.guesses.forEach(cellRect("gm-guess"));
  if (m.picked) svg.append(s("rect", { x: m.picked[0] * C + 2, y: m.picked[1] * C + 2, width: C - 4, height: C - 4, class: "gm-picked" }));
  for (const mark of (m.last_seen || [])) {
    const g = s("g", { class: "gm-last-seen" });
    g.append(s("title", {}, mark.title));
    for (const [x, y] of mark.cells) {
      g.append(s("rect", { x: x * C + 6, y: y * C + 6, width: C - 12, height: C - 12, class: "gm-last-seen-cell" }));
      g.append(s("text", { x: x * C + C / 2, y: y * C + C / 2 + 4, class: "gm-last-seen-mark" }, "?"));
    }
    svg.append(g);
  }
  for (const ship of m.ships) {
    let cls = "gm-ship";
    if (ship.current) cls += " gm-current";
    if (ship.name === m.selected) cls += " gm-selected";
    if (targets.has(ship.name)) cls += " gm-target";
    if (ship.cloaked) cls += " gm-cloaked";
    if (ship.destroyed) cls += " gm-destroyed";
    const g = s("g", { class: cls });
    g.dataset.name = ship.name;
    g.append(s("title", {}, ship.title || ship.name));
    for (const [x, y] of ship.cells) {
      g.append(s("rect", { x: x * C + 4, y: y * C + 4, width: C - 8, height: C - 8, rx: 5, fill: ship.color, class: "gm-hull" }));
      if (ship.shields_up && ship.shields > 0) g.append(s("circle", { cx: x * C + C / 2, cy: y * C + C / 2, r: C / 2 - 1, class: "gm-shield" }));
    }
    if (ship.cells.length) {
      const [x, y] = ship.cells[0];
      const label = ship.name.length > 8 ? ship.name.slice(0, 7) + "…" : ship.name;
      g.append(s("text", { x: x * C + C / 2, y: y * C + C / 2 + 4, class: "gm-label" }, label));
      const marks = (ship.damaged || []).length + (ship.disabled || []).length;
      if (marks) g.append(s("text", { x: x * C + C - 5, y: y * C + 11, class: "gm-damage" }, "✕".repeat(Math.min(marks, 3))));
    }
    g.addEventListener("click", (ev) => { ev.stopPropagation(); model.send({ type: "ship", name: ship.name }); });
    svg.append(g);
  }
  const info = document.createElement("div");
  info.className = "gm-info";
  info.textContent = (m.turn ? "▶ " + m.turn : "") + (m.selected ? "   ◉ " + m.selected : "");
  const legend = document.createElement("ul");
  legend.className = "gm-legend";
  for (const line of (m.legend || [])) {
    const li = document.createElement("li");
    li.textContent = line;
    legend.append(li);
  }
  el.replaceChildren(svg, info, legend);
}

function render({ model, el }) {
  el.classList.add("gmkit-map");
  model.on("change:model", () => draw(model, el));
  draw(model, el);
}

export default { render };
