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

__all__ = ["speed_height_figure"]


def speed_height_figure(board: Mapping[str, Any], lang: str = "en") -> go.Figure:
    """A static figure of a dragons board, for reports (no kernel needed to show it)."""
    model = chart_model(board)
    title = format_message("ui.chart.title", lang, round=model["round"])
    return go.Figure(data=chart_traces(model), layout=chart_layout(model, title))
