"""The dragon duel's views: the Speed/Height chart (D-2), one model for the live widget and reports.

:func:`chart_model` turns a board into what the chart shows; :func:`chart_traces` and
:func:`chart_layout` draw it as Plotly data for the live ``FigureWidget``; :func:`picture` is the
static figure a report keeps. No rule is computed here.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Mapping

import plotly.graph_objects as go

from ..i18n import format_message
from ..palette import PALETTE, side_colours

__all__ = ["STATE_COLUMNS", "picture", "chart_model", "chart_traces", "chart_layout",
           "speed_height_figure", "live_chart_figure", "SYMBOLS"]

STATE_COLUMNS = ["name", "side", "speed", "height", "max_speed", "shaken", "wounds", "falling", "out",
                 "tailing", "turned"]
"""The columns of the state table a report shows (those a board has)."""


def picture(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> Any:
    """A report's picture of a board: the static Speed/Height figure (None without dragons)."""
    if not board.get("dragons"):
        return None
    from ..report.document import Figure

    return Figure(speed_height_figure(board, sides, lang, title=title))


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


def chart_model(board: Mapping[str, Any]) -> dict[str, Any]:
    """The Speed/Height chart of a dragons board: markers, trails, tail lines, axis ranges.

    Dragons sharing a point (a pursuer on its target's tail always does, D-12) are spread on a small
    circle around it so that each marker and each tail line stays visible; ``speed``/``height`` keep
    the true position and ``x``/``y`` the drawn one.
    """
    dragons = list(board.get("dragons", []))
    colors = side_colours(d["side"] for d in dragons)
    at: dict[tuple[int, int], list[str]] = {}
    for d in dragons:
        at.setdefault((d["speed"], d["height"]), []).append(d["name"])
    trails = board.get("trails", {}) or {}
    out = []
    for d in dragons:
        group = at[(d["speed"], d["height"])]
        x, y = float(d["speed"]), float(d["height"])
        if len(group) > 1:
            k = group.index(d["name"])
            angle = 2 * math.pi * k / len(group)
            x, y = x + round(0.18 * math.cos(angle), 3), y + round(0.18 * math.sin(angle), 3)
        state = _dragon_state(d)
        trail = [list(p) for p in trails.get(d["name"], [])]
        out.append({"name": d["name"], "side": d["side"], "color": colors[d["side"]],
                    "speed": d["speed"], "height": d["height"], "x": x, "y": y,
                    "state": state, "symbol": SYMBOLS[state], "wounds": d.get("wounds", 0),
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
    return {"round": board.get("round", 1), "over": bool(board.get("over", False)),
            "sides": list(colors), "colors": colors, "dragons": out, "tails": tails,
            "x_range": [min(0, xr[0]), xr[1]], "y_range": yr}


def _hover(d: Mapping[str, Any]) -> str:
    return (f"{escape(d['name'])} ({escape(d['side'])})<br>Speed {d['speed']}, Height {d['height']}"
            f"<br>{d['state']}, wounds {d['wounds']}")


def chart_traces(model: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Plotly trace dicts for :func:`chart_model`: a trail per dragon, a marker trace per side, tails.

    The structure (number and order of traces) depends only on the names and sides, so a
    FigureWidget can be updated in place trace by trace after each round.
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
        traces.append({"type": "scatter", "mode": "markers+text", "name": escape(side),
                       "x": [d["x"] for d in ds], "y": [d["y"] for d in ds],
                       "text": [escape(d["name"]) for d in ds], "textposition": "top center",
                       "hovertext": [_hover(d) for d in ds], "hoverinfo": "text",
                       "marker": {"color": model["colors"][side], "size": 14,
                                  "symbol": [d["symbol"] for d in ds],
                                  "line": {"width": 2, "color": model["colors"][side]}}})
    tx: list[float | None] = []
    ty: list[float | None] = []
    for _, _, a, b in model["tails"]:
        tx += [a[0], b[0], None]
        ty += [a[1], b[1], None]
    traces.append({"type": "scatter", "mode": "lines", "name": "on the tail", "x": tx, "y": ty,
                   "line": {"color": "#444", "width": 3}, "hoverinfo": "skip",
                   "showlegend": bool(model["tails"])})
    return traces


def chart_layout(model: Mapping[str, Any], title: str = "") -> dict[str, Any]:
    return {"title": {"text": escape(title)}, "xaxis": {"title": {"text": "Speed"},
                                                         "range": model["x_range"], "dtick": 1},
            "yaxis": {"title": {"text": "Height"}, "range": model["y_range"], "dtick": 1},
            "height": 420, "margin": {"l": 50, "r": 20, "t": 40, "b": 40},
            "legend": {"orientation": "h"}}


_TEMPLATE = go.layout.Template()
"""An empty template: plotly's default one is large and copied into every figure (slow to build and
to save), and this chart sets the few styles it needs itself."""


def speed_height_figure(board: Mapping[str, Any], sides: list[str] | None = None,
                        lang: str = "en", title: str | None = None) -> go.Figure:
    """Each dragon's Speed (x) and Height (y), with the trail of its earlier rounds (D-2)."""
    dragons = list(board.get("dragons", []))
    trails = board.get("trails", {}) or {}
    colours = side_colours(sides or sorted({str(d.get("side")) for d in dragons}))
    fig = go.Figure()
    for d in dragons:
        name = str(d["name"])
        colour = colours.get(str(d.get("side")), PALETTE[-1])
        trail = [p for p in trails.get(name, []) if isinstance(p, (list, tuple)) and len(p) == 2]
        if trail:
            fig.add_trace(go.Scatter(x=[p[0] for p in trail], y=[p[1] for p in trail], mode="lines",
                                     line={"color": colour, "dash": "dot", "width": 1},
                                     showlegend=False, hoverinfo="skip", name=f"{name} trail"))
        marks = []
        if d.get("shaken"):
            marks.append(format_message("term.shaken", lang))
        if d.get("wounds"):
            marks.append(format_message("term.wounds", lang, n=d["wounds"]))
        if d.get("falling"):
            marks.append("↓")
        if d.get("out"):
            marks.append("✕")
        label = name + (f" ({', '.join(marks)})" if marks else "")
        fig.add_trace(go.Scatter(x=[d.get("speed")], y=[d.get("height")], mode="markers+text",
                                 text=[label], textposition="top center", name=name,
                                 marker={"size": 14, "color": colour,
                                         "symbol": "x" if d.get("out") else "circle"}))
    fig.update_layout(
        title=title if title is not None else format_message("report.chart.title", lang,
                                                             round=board.get("round", "")),
        xaxis_title=format_message("report.chart.speed", lang),
        yaxis_title=format_message("report.chart.height", lang),
        height=360, margin={"l": 50, "r": 20, "t": 50, "b": 40}, template=_TEMPLATE,
        plot_bgcolor="white", font={"family": "sans-serif", "size": 12})
    fig.update_xaxes(rangemode="tozero", dtick=1, gridcolor="#e5e8ec", zeroline=False)
    fig.update_yaxes(dtick=1, gridcolor="#e5e8ec", zeroline=False)
    return fig


def live_chart_figure(board: Mapping[str, Any], lang: str = "en") -> go.Figure:
    """A static figure of a dragons board, for reports (no kernel needed to show it)."""
    model = chart_model(board)
    title = format_message("ui.chart.title", lang, round=model["round"])
    return go.Figure(data=chart_traces(model), layout=chart_layout(model, title))
