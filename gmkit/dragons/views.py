"""The dragon duel's views: the Speed/Height chart (D-2), one renderer for reports and the desk.

:func:`chart_model` turns a board into what the chart shows (translated labels included);
:func:`chart_traces` and :func:`chart_layout` draw it as Plotly data. :func:`speed_height_figure`
is the static figure a report or a notebook keeps, and the desk's live ``SpeedHeightChart``
(:mod:`gmkit.dragons.ui`) is a ``FigureWidget`` of the same traces and layout, updated in place.
No rule is computed here; every name is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

import plotly.graph_objects as go

from ..i18n import format_message
from ..palette import PALETTE, side_colours

__all__ = ["STATE_COLUMNS", "picture", "chart_model", "chart_traces", "chart_layout", "chart_title",
           "speed_height_figure", "SYMBOLS"]

STATE_COLUMNS = ["name", "side", "speed", "height", "max_speed", "shaken", "wounds", "falling", "out",
                 "tailing", "turned"]
"""The columns of the state table a report shows (those a board has)."""


def picture(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> Any:
    """A report's picture of a board: the Speed/Height chart as a static SVG (None without
    dragons), so a report needs no script to show it and opens at once."""
    if not board.get("dragons"):
        return None
    from ..report.document import Svg

    return Svg(chart_svg(chart_model(board, lang, sides), title), title)


SYMBOLS = {"ok": "circle", "shaken": "circle-open", "falling": "triangle-down", "turned": "diamond",
           "out": "x"}
"""Marker symbol of a dragon by its state, the worst state winning (out > turned > falling > shaken)."""


def _dragon_state(d: Mapping[str, Any]) -> str:
    if d.get("out"):
        return "out"
    if d.get("turned"):
        return "turned"
    if d.get("falling"):
        return "falling"
    if d.get("shaken"):
        return "shaken"
    return "ok"


def _marks(d: Mapping[str, Any], lang: str) -> list[str]:
    """What a dragon's label adds to its name: Shaken, wounds, falling, out."""
    marks = []
    if d.get("shaken"):
        marks.append(format_message("term.shaken", lang))
    if d.get("wounds"):
        marks.append(format_message("term.wounds", lang, n=d["wounds"]))
    if d.get("falling"):
        marks.append("↓")
    if d.get("out"):
        marks.append("✕")
    return marks


LABEL_PLACES = ("top center", "bottom center", "middle right", "middle left", "top right",
                "bottom left", "top left", "bottom right")
"""Where the labels of dragons sharing a point go, one place each, so that none overprints another."""


def chart_model(board: Mapping[str, Any], lang: str = "en",
                sides: Iterable[str] | None = None, trails: int | None = None) -> dict[str, Any]:
    """The Speed/Height chart of a dragons board: markers, labels, trails, tail lines, axes.

    ``sides`` fixes the colours (a report passes every side of the fight, so colours stay put
    from round to round); by default the sides in the order their dragons come. Dragons sharing
    a point (a pursuer on its target's tail always does, D-12) are spread on a small circle
    around it so that each marker and each tail line stays visible; ``speed``/``height`` keep the
    true position and ``x``/``y`` the drawn one; their labels take different places around
    the point (``label_place``, from :data:`LABEL_PLACES`) so none overprints another.
    ``trails`` keeps only the last so many rounds of each trail (None: the whole fight). A
    dragon that fell or is out is drawn by its state (``symbol``) and the legend names the
    states shown (``states``). Labels and axis titles are in ``lang``.
    """
    dragons = list(board.get("dragons", []))
    colors = side_colours([*(sides or ()), *(str(d["side"]) for d in dragons)])
    at: dict[tuple[int, int], list[str]] = {}
    for d in dragons:
        at.setdefault((d["speed"], d["height"]), []).append(d["name"])
    trail_of = board.get("trails", {}) or {}
    out = []
    for d in dragons:
        group = at[(d["speed"], d["height"])]
        x, y = float(d["speed"]), float(d["height"])
        place = LABEL_PLACES[0]
        if len(group) > 1:
            k = group.index(d["name"])
            place = LABEL_PLACES[k % len(LABEL_PLACES)]
            angle = 2 * math.pi * k / len(group)
            x, y = x + round(0.18 * math.cos(angle), 3), y + round(0.18 * math.sin(angle), 3)
        state = _dragon_state(d)
        trail = [list(p) for p in trail_of.get(d["name"], [])
                 if isinstance(p, (list, tuple)) and len(p) == 2]
        if trails is not None:
            trail = trail[-trails:] if trails > 0 else []
        marks = _marks(d, lang)
        label = str(d["name"]) + (f" ({', '.join(marks)})" if marks else "")
        out.append({"name": d["name"], "side": d["side"],
                    "side_name": str(d.get("side_name") or d["side"]),
                    "color": colors.get(str(d["side"]), PALETTE[-1]),
                    "speed": d["speed"], "height": d["height"], "x": x, "y": y, "label": label,
                    "state": state, "symbol": SYMBOLS[state], "wounds": d.get("wounds", 0),
                    "label_place": place,
                    "wild_card": bool(d.get("wild_card", False)),
                    "tailing": d.get("tailing"), "trail": trail,
                    "max_speed": d.get("max_speed")})
    pos = {d["name"]: (d["x"], d["y"]) for d in out}
    tails = [[d["name"], d["tailing"], list(pos[d["name"]]), list(pos[d["tailing"]])]
             for d in out if d["tailing"] in pos]
    xs = [p[0] for d in out for p in d["trail"]] + [d["speed"] for d in out]
    ys = [p[1] for d in out for p in d["trail"]] + [d["height"] for d in out]
    xs += [d["max_speed"] for d in out if d["max_speed"] is not None]
    xr = [min(xs, default=0) - 1, max(xs, default=10) + 1]
    yr = [min(ys, default=0) - 1, max(ys, default=10) + 1]
    shown = [s for s in colors if any(d["side"] == s for d in out)]
    states = [st for st in SYMBOLS if st != "ok" and any(d["state"] == st for d in out)]
    side_names = {d["side"]: d["side_name"] for d in out}
    return {"round": board.get("round", 1), "over": bool(board.get("over", False)),
            "sides": shown, "side_names": side_names, "colors": colors, "dragons": out,
            "tails": tails, "states": states,
            "state_words": {st: format_message(f"dragons.chart.state.{st}", lang) for st in SYMBOLS},
            "x_range": [min(0, xr[0]), xr[1]], "y_range": yr, "lang": lang,
            "words": {"speed": format_message("report.chart.speed", lang),
                      "height": format_message("report.chart.height", lang),
                      "tail": format_message("dragons.chart.on_tail", lang)}}


def _hover(d: Mapping[str, Any], words: Mapping[str, str]) -> str:
    return (f"{escape(d['label'])} ({escape(str(d['side_name']))})<br>"
            f"{escape(words['speed'])} {d['speed']}, {escape(words['height'])} {d['height']}")


def chart_traces(model: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Plotly trace dicts for :func:`chart_model`: a trail per dragon, a marker trace per side, tails.

    The structure (number and order of traces) depends only on the names and sides, so a
    FigureWidget can be updated in place trace by trace after each round; the tail lines are
    the last trace.
    """
    traces: list[dict[str, Any]] = []
    for d in model["dragons"]:
        pts = list(d["trail"])
        if not pts or pts[-1] != [d["speed"], d["height"]]:
            pts.append([d["speed"], d["height"]])
        traces.append({"type": "scatter", "mode": "lines", "name": f"trail {escape(d['name'])}",
                       "x": [p[0] for p in pts], "y": [p[1] for p in pts],
                       "line": {"color": d["color"], "width": 1, "dash": "dot"},
                       "hoverinfo": "skip", "showlegend": False})
    for side in model["sides"]:
        ds = [d for d in model["dragons"] if d["side"] == side]
        traces.append({"type": "scatter", "mode": "markers+text",
                       "name": escape(model["side_names"].get(side, side)),
                       "x": [d["x"] for d in ds], "y": [d["y"] for d in ds],
                       "text": [escape(d["label"]) for d in ds],
                       "textposition": [d["label_place"] for d in ds],
                       "hovertext": [_hover(d, model["words"]) for d in ds], "hoverinfo": "text",
                       "marker": {"color": model["colors"][side], "size": 14,
                                  "symbol": [d["symbol"] for d in ds],
                                  "line": {"width": 2, "color": model["colors"][side]}}})
    for st in SYMBOLS:  # the legend's word for each state drawn (fallen, out...): no points
        if st == "ok":
            continue
        traces.append({"type": "scatter", "mode": "markers", "name": escape(model["state_words"][st]),
                       "x": [None], "y": [None], "hoverinfo": "skip",
                       "marker": {"color": "#666", "size": 12, "symbol": SYMBOLS[st]},
                       "showlegend": st in model["states"]})
    tx: list[float | None] = []
    ty: list[float | None] = []
    for _, _, a, b in model["tails"]:
        tx += [a[0], b[0], None]
        ty += [a[1], b[1], None]
    traces.append({"type": "scatter", "mode": "lines", "name": escape(model["words"]["tail"]),
                   "x": tx, "y": ty, "line": {"color": "#444", "width": 3}, "hoverinfo": "skip",
                   "showlegend": bool(model["tails"])})
    return traces


_TEMPLATE = go.layout.Template()
"""An empty template: plotly's default one is large and copied into every figure (slow to build and
to save), and this chart sets the few styles it needs itself."""


def chart_title(model: Mapping[str, Any]) -> str:
    """The chart's default title: the round it shows, in the model's language."""
    return format_message("ui.chart.title", model["lang"], round=model["round"])


def chart_layout(model: Mapping[str, Any], title: str | None = None) -> dict[str, Any]:
    """The Plotly layout for :func:`chart_model` (``title`` None: :func:`chart_title`)."""
    words = model["words"]
    grid = {"dtick": 1, "gridcolor": "#e5e8ec", "zeroline": False}
    return {"title": {"text": escape(chart_title(model) if title is None else title)},
            "xaxis": {"title": {"text": escape(words["speed"])}, "range": model["x_range"], **grid},
            "yaxis": {"title": {"text": escape(words["height"])}, "range": model["y_range"], **grid},
            "height": 420, "margin": {"l": 50, "r": 20, "t": 50, "b": 40},
            "legend": {"orientation": "h"}, "template": _TEMPLATE, "plot_bgcolor": "white",
            "font": {"family": "sans-serif", "size": 12}}


def speed_height_figure(board: Mapping[str, Any], sides: Iterable[str] | None = None,
                        lang: str = "en", title: str | None = None) -> go.Figure:
    """Each dragon's Speed (x) and Height (y), with the trail of its earlier rounds and the tail
    lines (D-2, D-12): the static figure reports and notebooks keep (no kernel needed)."""
    model = chart_model(board, lang, sides)
    return go.Figure(data=chart_traces(model), layout=chart_layout(model, title))


# --- the chart as a static SVG (forum posts' PNG) --------------------------------------------------

def _marker_svg(symbol: str, x: float, y: float, color: str) -> str:
    r = 7
    if symbol == "circle-open":
        return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="white" stroke="{color}" '
                f'stroke-width="2.5"/>')
    if symbol == "triangle-down":
        return (f'<polygon points="{x - r:.1f},{y - r:.1f} {x + r:.1f},{y - r:.1f} {x:.1f},{y + r:.1f}" '
                f'fill="{color}" stroke="{color}" stroke-width="2"/>')
    if symbol == "diamond":
        return (f'<polygon points="{x:.1f},{y - r - 1:.1f} {x + r + 1:.1f},{y:.1f} {x:.1f},{y + r + 1:.1f} '
                f'{x - r - 1:.1f},{y:.1f}" fill="{color}" stroke="{color}" stroke-width="2"/>')
    if symbol == "x":
        return (f'<path d="M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}M{x + r:.1f},{y - r:.1f}'
                f'L{x - r:.1f},{y + r:.1f}" stroke="{color}" stroke-width="3"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{color}" stroke="{color}" stroke-width="2"/>'


_SVG_PLACE = {"top center": (0, -12, "middle"), "bottom center": (0, 22, "middle"),
              "middle right": (11, 4, "start"), "middle left": (-11, 4, "end"),
              "top right": (8, -10, "start"), "bottom left": (-8, 20, "end"),
              "top left": (-8, -10, "end"), "bottom right": (8, 20, "start")}


def chart_svg(model: Mapping[str, Any], title: str | None = None) -> str:
    """The Speed/Height chart of :func:`chart_model` as a static SVG, drawn as the Plotly figure
    draws it (trails, a marker per dragon by its state, labels, tail lines, a legend of the sides):
    for a picture a forum can show (PNG). Every name escaped."""
    width, height = 640, 440
    left, right, top, bottom = 50, 20, 40, 70
    (x0, x1), (y0, y1) = model["x_range"], model["y_range"]
    pw, ph = width - left - right, height - top - bottom

    def px(x: float) -> float:
        return left + (x - x0) / ((x1 - x0) or 1) * pw

    def py(y: float) -> float:
        return top + ph - (y - y0) / ((y1 - y0) or 1) * ph

    words = model["words"]
    text = escape(chart_title(model) if title is None else title)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-chart" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="24" font-size="15">{text}</text>']
    for v in range(math.ceil(x0), math.floor(x1) + 1):
        out.append(f'<line x1="{px(v):.1f}" y1="{top}" x2="{px(v):.1f}" y2="{top + ph}" stroke="#e5e8ec"/>'
                   f'<text x="{px(v):.1f}" y="{top + ph + 15}" text-anchor="middle" fill="#555">{v}</text>')
    for v in range(math.ceil(y0), math.floor(y1) + 1):
        out.append(f'<line x1="{left}" y1="{py(v):.1f}" x2="{left + pw}" y2="{py(v):.1f}" stroke="#e5e8ec"/>'
                   f'<text x="{left - 8}" y="{py(v) + 4:.1f}" text-anchor="end" fill="#555">{v}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>')
    out.append(f'<text x="{left + pw / 2:.1f}" y="{top + ph + 34}" text-anchor="middle">'
               f'{escape(words["speed"])}</text>')
    out.append(f'<text transform="translate(14,{top + ph / 2:.1f}) rotate(-90)" text-anchor="middle">'
               f'{escape(words["height"])}</text>')
    for d in model["dragons"]:
        pts = list(d["trail"])
        if not pts or pts[-1] != [d["speed"], d["height"]]:
            pts.append([d["speed"], d["height"]])
        if len(pts) > 1:
            line = " ".join(f"{px(p[0]):.1f},{py(p[1]):.1f}" for p in pts)
            out.append(f'<polyline points="{line}" fill="none" stroke="{d["color"]}" stroke-width="1" '
                       f'stroke-dasharray="2 3"/>')
    for _, _, a, b in model["tails"]:
        out.append(f'<line x1="{px(a[0]):.1f}" y1="{py(a[1]):.1f}" x2="{px(b[0]):.1f}" y2="{py(b[1]):.1f}" '
                   f'stroke="#444" stroke-width="3"/>')
    for d in model["dragons"]:
        x, y = px(d["x"]), py(d["y"])
        out.append(_marker_svg(d["symbol"], x, y, d["color"]))
        dx, dy, anchor = _SVG_PLACE.get(d.get("label_place", "top center"), (0, -12, "middle"))
        out.append(f'<text x="{x + dx:.1f}" y="{y + dy:.1f}" text-anchor="{anchor}">'
                   f'{escape(d["label"])}</text>')
    lx = left
    for side in model["sides"]:
        called = str(model["side_names"].get(side, side))
        out.append(f'<circle cx="{lx + 6}" cy="{height - 14}" r="6" fill="{model["colors"][side]}"/>'
                   f'<text x="{lx + 16}" y="{height - 10}">{escape(called)}</text>')
        lx += 28 + 7 * len(called)
    for st in model.get("states", []):
        out.append(_marker_svg(SYMBOLS[st], lx + 6, height - 14, "#666"))
        word = str(model["state_words"][st])
        out.append(f'<text x="{lx + 16}" y="{height - 10}">{escape(word)}</text>')
        lx += 28 + 7 * len(word)
    if model["tails"]:
        out.append(f'<line x1="{lx}" y1="{height - 14}" x2="{lx + 18}" y2="{height - 14}" stroke="#444" '
                   f'stroke-width="3"/><text x="{lx + 24}" y="{height - 10}">{escape(words["tail"])}</text>')
    out.append("</svg>")
    return "".join(out)


__all__ += ["chart_svg"]
