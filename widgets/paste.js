// PasteBox's marked message: the browser side. Shows the player's message with the words the
// orders were read from marked, the words left unread underlined and what was not the player's
// order (quotes, others' actions, negations) dimmed. Text only: nothing the player wrote is HTML.
function render({ model, el }) {
  el.classList.add("gmkit-marked");
  const body = document.createElement("div");
  body.className = "gm-marked-text";
  const legend = document.createElement("div");
  legend.className = "gm-marked-legend";
  const draw = () => {
    body.replaceChildren();
    for (const { text, kind } of model.get("segments")) {
      const span = document.createElement("span");
      span.className = "gm-marked-" + kind;
      span.textContent = text;
      body.append(span);
    }
    legend.replaceChildren();
    const labels = model.get("labels");
    for (const kind of ["used", "unread", "skipped"]) {
      if (!labels[kind]) continue;
      const key = document.createElement("span");
      key.className = "gm-marked-" + kind;
      key.textContent = labels[kind];
      legend.append(key);
    }
    el.style.display = model.get("segments").length ? "" : "none";
  };
  model.on("change:segments", draw);
  model.on("change:labels", draw);
  draw();
  el.append(body, legend);
}
export default { render };
