// PasteArea: the round's paste box, the browser side. A paste into the box, or anywhere on the
// same desk outside a text field, is sent to Python at once (``pasted`` counts them), so the GM
// pastes and the table is read with no further click. Text only: nothing pasted becomes HTML.
function render({ model, el }) {
  el.classList.add("gmkit-paste-area");
  const box = document.createElement("textarea");
  box.className = "gm-paste-area-text";
  box.rows = 4;
  const send = (pasted) => {
    model.set("text", box.value);
    if (pasted) model.set("pasted", model.get("pasted") + 1);
    model.save_changes();
  };
  box.addEventListener("input", () => send(false));
  box.addEventListener("paste", () => setTimeout(() => send(true), 0));
  const editable = (t) => t && t.closest && t.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
  const onDeskPaste = (e) => {
    const desk = el.closest(".gmkit-session");
    if (!desk || !e.target || !desk.contains(e.target) || editable(e.target)) return;
    const text = e.clipboardData && e.clipboardData.getData("text/plain");
    if (!text) return;
    e.preventDefault();
    e.stopPropagation();
    box.value = text;
    send(true);
  };
  document.addEventListener("paste", onDeskPaste, true);
  const draw = () => {
    if (box.value !== model.get("text")) box.value = model.get("text");
    box.placeholder = model.get("placeholder");
  };
  model.on("change:text", draw);
  model.on("change:placeholder", draw);
  draw();
  el.append(box);
  return () => document.removeEventListener("paste", onDeskPaste, true);
}
export default { render };
