// CopyButton: the browser side. Puts the text Python gives it on the clipboard; says whether it did.
function render({ model, el }) {
  el.classList.add("gmkit-copy");
  const btn = document.createElement("button");
  btn.className = "gm-copy-btn jupyter-button";
  const note = document.createElement("span");
  note.className = "gm-copy-note";
  const draw = () => { btn.textContent = model.get("label"); };
  btn.addEventListener("click", async () => {
    const text = model.get("text");
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch (e) {
      // no clipboard API (an insecure page): select a hidden textarea and copy that
      const area = document.createElement("textarea");
      area.value = text;
      area.style.position = "fixed"; area.style.opacity = "0";
      document.body.append(area);
      area.select();
      try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
      area.remove();
    }
    note.textContent = ok ? model.get("done") : model.get("failed");
    note.classList.toggle("gm-copy-failed", !ok);
    model.set("copies", model.get("copies") + (ok ? 1 : 0));
    model.save_changes();
    setTimeout(() => { note.textContent = ""; }, 2500);
  });
  model.on("change:label", draw);
  draw();
  el.append(btn, note);
}
export default { render };
