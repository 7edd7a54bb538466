"""Static Plotly figures: the Speed/Height chart of a dragon duel (D-2).

Always a plain :class:`plotly.graph_objects.Figure` (never a FigureWidget), so an executed notebook
keeps it without a kernel and nbconvert carries it into HTML.
"""

from __future__ import annotations

from typing import Any, Mapping

import plotly.graph_objects as go

from ..i18n import format_message

__all__ = ["speed_height_figure", "RENDERER", "PALETTE", "side_colours"]

RENDERER = "plotly_mimetype+notebook"
"""Renders in JupyterLab (mimetype) and in nbconvert HTML (inline plotly.js: works offline)."""

PALETTE = ["#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98", "#566573"]


_TEMPLATE = go.layout.Template()
"""An empty template: plotly's default one is large and copied into every figure (slow to build and
to save), and this chart sets the few styles it needs itself."""


def side_colours(sides: list[str]) -> dict[str, str]:
    return {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(sides)}


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
