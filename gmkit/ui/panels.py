"""The desk's panels as HTML: the round log, the status of every participant by side, and the
desk's own styles. Plain functions over the rows the engine's view models give, every text escaped,
so a desk (:mod:`gmkit.ui.sessions`) only places them."""

from __future__ import annotations

from html import escape
from typing import Any, TypeVar

from ..i18n import format_message
from ..report.document import MARKERS, named

__all__ = ["DESK_CSS", "ROUND_CSS", "classed", "log_table_html", "status_panel_html"]


W = TypeVar("W")


def classed(widget: W, css: str) -> W:
    """``widget`` with the CSS class ``css`` (the desk's styles and the tests find it by it)."""
    widget.add_class(css)  # type: ignore[attr-defined]
    return widget


def log_table_html(rows: list[dict[str, Any]], lang: str = "en", last: int = 200,
                   newest_first: bool = True) -> str:
    """The round log as an HTML table, the newest round first (each round headed by a separator
    row, its events in the order they happened); every text escaped."""
    def t(k: str, **params: Any) -> str:
        return escape(format_message(f"ui.log.{k}", lang, **params))

    if not rows:
        return f'<div class="gm-log-empty">{t("empty")}</div>'
    groups: dict[Any, list[dict[str, Any]]] = {}
    for r in rows[-last:]:  # one group per resolution (``step``), else per round
        if r.get("kind") in MARKERS:
            continue  # a round's marker: the group's own separator row says it
        groups.setdefault(r.get("step", r["round"]), []).append(r)
    order = list(groups)[::-1] if newest_first else list(groups)
    body = []
    for n in order:
        rnd = groups[n][0]["round"]
        body.append(f'<tr class="gm-log-round"><td colspan="3">{t("round_separator", round=rnd)}'
                    f'</td></tr>')
        body += [f"<tr><td>{escape(str(r['actor']))}</td><td>{escape(r['text'])}</td>"
                 f"<td class='gm-log-dice'>{escape(r['dice'])}</td></tr>" for r in groups[n]]
    return (f'<div class="gm-log-scroll"><table class="gm-log">'
            f"<thead><tr><th>{t('actor')}</th><th>{t('text')}</th>"
            f"<th>{t('dice')}</th></tr></thead><tbody>{''.join(body)}</tbody></table></div>")


def status_panel_html(rows: list[dict[str, Any]], lang: str = "en") -> str:
    """The status panel: every participant grouped by side, each with its state in words
    (``rows`` from a desk's :meth:`Session.status_rows`). Every text escaped."""
    if not rows:
        return ""
    sides: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        sides.setdefault(str(r["side"]), []).append(r)
    out = []
    for side, members in sides.items():
        items = []
        for r in members:
            cls = "gm-panel-row" + (" gm-panel-out" if r.get("out") else "") + (
                " gm-panel-acting" if r.get("acting") else "")
            state = " · ".join(escape(str(i)) for i in r["items"])
            items.append(f'<div class="{cls}"><b>{escape(str(r["name"]))}</b> {state}</div>')
        head = escape(format_message(named("ui.panel.side", side), lang, side=side))  # «Отряд»
        out.append(f'<div class="gm-panel-side"><div class="gm-panel-head">{head}</div>'
                   f'{"".join(items)}</div>')
    return f'<div class="gm-panel-grid">{"".join(out)}</div>'


DESK_CSS = """<style>
.gmkit-session, .gmkit-session * { box-sizing: border-box; }
.gmkit-session .widget-label, .gmkit-session .widget-html-content, .gmkit-session .widget-button,
.gmkit-session .widget-toggle-button, .gmkit-session button, .gmkit-session label,
.gmkit-session .widget-label-basic {
  white-space: normal !important; overflow-wrap: break-word; height: auto !important;
  min-height: var(--jp-widgets-inline-height, 28px); line-height: 1.25; text-overflow: clip !important;
  overflow: visible; }
.gmkit-session button, .gmkit-session .widget-button, .gmkit-session .widget-toggle-button {
  padding-top: 3px; padding-bottom: 3px; width: auto !important; max-width: 100%; }
.gmkit-session .widget-dropdown, .gmkit-session .widget-text, .gmkit-session .widget-textarea {
  flex-wrap: wrap; height: auto; width: 100% !important; }
.gmkit-session .widget-dropdown > label, .gmkit-session .widget-text > label,
.gmkit-session .widget-textarea > label, .gmkit-session .widget-checkbox > label {
  width: auto !important; max-width: 100%; text-align: left !important; }
.gmkit-session .widget-checkbox { width: auto !important; height: auto; }
.gmkit-session .widget-dropdown > select { min-width: 0; max-width: 100%; flex: 1 1 12em; }
.gmkit-session .widget-hbox, .gmkit-session .widget-box.gm-row { flex-wrap: wrap; gap: 2px 4px; }
.gmkit-session .gm-log-scroll { max-height: 20em; overflow-y: auto; }
.gmkit-session table.gm-log { border-collapse: collapse; width: 100%; table-layout: auto; }
.gmkit-session table.gm-log td { vertical-align: top; padding: 1px 6px; overflow-wrap: break-word;
  white-space: normal; }
.gmkit-session .gm-log-dice { font-family: monospace; font-size: 11px; }
.gmkit-session .gm-log-round td { background: #eef1f5; font-weight: bold; text-align: left; }
.gmkit-session .gm-panel-grid { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 12px; }
.gmkit-session .gm-panel-side { flex: 1 1 20em; min-width: 0; }
.gmkit-session .gm-panel-head { font-weight: bold; border-bottom: 1px solid #ccc; }
.gmkit-session .gm-panel-row { overflow-wrap: break-word; }
.gmkit-session .gm-panel-out { color: #888; text-decoration: line-through; }
.gmkit-session .gm-panel-acting { background: #fff6d5; }
.gmkit-session .gm-prompt { border: 2px solid #e0a800; padding: 4px 8px; background: #fffbea; }
.gmkit-session .gm-orders-state { font-size: 12px; }
.gmkit-session .gm-order-text { font-size: 12px; color: #333; padding-left: 1.5em; }
.gmkit-session .gm-combatants { border-collapse: collapse; }
.gmkit-session .gm-combatants td, .gmkit-session .gm-combatants th { padding: 1px 6px; white-space: normal;
  overflow-wrap: normal; word-break: normal; font-size: 12px; }
</style>"""
"""The desk's own styles: labels and buttons wrap instead of being cut, in either language."""

ROUND_CSS = """<style>  /* the round table's (gmkit.ui.round_table) */
.gmkit-round { border: 1px solid #cbd3dc; border-radius: 6px; padding: 6px 8px; margin: 6px 0; }
.gmkit-round .gm-round-head, .gmkit-round .gm-round-row { display: flex; gap: 8px; width: 100%; }
.gmkit-round .gm-round-head { font-weight: bold; border-bottom: 2px solid #cbd3dc; font-size: 12px; }
.gmkit-round .gm-round-row { border-bottom: 1px solid #e3e7ec; padding: 4px 0; flex-wrap: wrap; }
.gmkit-round .gm-round-who { flex: 0 0 11em; min-width: 0; }
.gmkit-round .gm-round-msg { flex: 1 1 24em; min-width: 0; }
.gmkit-round .gm-round-reading { flex: 1 1 22em; min-width: 0; }
.gmkit-round .gm-round-badge { display: inline-block; border-radius: 3px; padding: 0 5px; font-size: 11px; }
.gmkit-round .gm-state-ready .gm-round-badge,
.gmkit-round .gm-state-received .gm-round-badge { background: #d7f0dc; }
.gmkit-round .gm-state-question .gm-round-badge,
.gmkit-round .gm-state-whose .gm-round-badge { background: #ffe8a8; }
.gmkit-round .gm-state-refused .gm-round-badge { background: #f8d0d0; }
.gmkit-round .gm-state-missing .gm-round-badge, .gmkit-round .gm-state-later .gm-round-badge,
.gmkit-round .gm-state-out .gm-round-badge { background: #e6e9ee; }
.gmkit-round .gm-round-note { font-size: 12px; color: #555; }
.gmkit-round .gm-round-lines { color: #8a5300; }
.gmkit-round .gm-round-out { border-top: 2px solid #cbd3dc; margin-top: 6px; padding-top: 4px; }
</style>"""
"""The round table's styles, placed with the desk's."""
