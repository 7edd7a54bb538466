"""SpeedHeightChart: the dragons' positions (D-2) as a live Plotly chart, and its static twin.

x is Speed, y is Height; one marker per dragon, coloured by side, its symbol telling its state
(Shaken, falling, turned, out); a dotted trail of earlier rounds; a solid line from each pursuer to
the dragon whose tail it holds (D-12). The live form is a ``FigureWidget`` updated in place, trace by
trace, so the notebook never redraws from scratch.
"""

from __future__ import annotations

from typing import Any, Mapping

import plotly.graph_objects as go

from ..i18n import format_message
from .viewmodels import chart_layout, chart_model, chart_traces

__all__ = ["SpeedHeightChart", "speed_height_figure"]


def speed_height_figure(board: Mapping[str, Any], lang: str = "en") -> go.Figure:
    """A static figure of a dragons board, for reports (no kernel needed to show it)."""
    model = chart_model(board)
    title = format_message("ui.chart.title", lang, round=model["round"])
    return go.Figure(data=chart_traces(model), layout=chart_layout(model, title))


class SpeedHeightChart:
    """A live Speed/Height chart over a dragons board (``update(board)`` after each round)."""

    def __init__(self, board: Mapping[str, Any], lang: str = "en") -> None:
        self.lang = lang
        self.model = chart_model(board)
        self.widget = go.FigureWidget(data=chart_traces(self.model),
                                      layout=chart_layout(self.model, self._title()))
        self._last: list[dict[str, Any]] | None = chart_traces(self.model)
        self._layout = (self.model["x_range"], self.model["y_range"], self._title())
        self.updates = 0
        """How many in-place updates the figure has had (tests and the benchmark read it)."""

    def _title(self) -> str:
        return format_message("ui.chart.title", self.lang, round=self.model["round"])

    def update(self, board: Mapping[str, Any]) -> None:
        """Move the markers, trails and tail lines to ``board`` in place (one batched message,
        holding only what changed)."""
        self.model = chart_model(board)
        traces = chart_traces(self.model)
        fig = self.widget
        last = self._last if len(traces) == len(fig.data) else None
        if last is None:
            with fig.batch_update():
                fig.data = ()
                fig.add_traces(traces)
        with fig.batch_update():
            for i, (trace, new) in enumerate(zip(fig.data, traces)):
                old = last[i] if last is not None else {}
                if new["x"] != old.get("x") or new["y"] != old.get("y"):
                    trace.x, trace.y = new["x"], new["y"]
                if "text" in new:
                    if new["hovertext"] != old.get("hovertext") or new["text"] != old.get("text"):
                        trace.text = new["text"]
                        trace.hovertext = new["hovertext"]
                    if new["marker"]["symbol"] != old.get("marker", {}).get("symbol"):
                        trace.marker.symbol = new["marker"]["symbol"]
                if new["name"] == "on the tail" and new["showlegend"] != old.get("showlegend"):
                    trace.showlegend = new["showlegend"]
            layout = (self.model["x_range"], self.model["y_range"], self._title())
            if layout != self._layout:
                fig.layout.xaxis.range = layout[0]
                fig.layout.yaxis.range = layout[1]
                fig.layout.title.text = layout[2]
                self._layout = layout
        self._last = traces
        self.updates += 1

    def figure(self) -> go.Figure:
        """The static twin of what is shown now."""
        return go.Figure(self.widget)

    def positions(self) -> dict[str, tuple[int, int]]:
        """Each dragon's (Speed, Height) as drawn now."""
        return {d["name"]: (d["speed"], d["height"]) for d in self.model["dragons"]}

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        pos = ", ".join(f"{n} {s}/{h}" for n, (s, h) in self.positions().items())
        return f"<SpeedHeightChart round {self.model['round']}: {pos}>"
