"""Static views of an encounter and the reports made of them.

Tables (pandas), the Speed/Height chart (Plotly ``go.Figure``), the space map (SVG), and the
reports: HTML through nbconvert, BBCode and Markdown forum posts. Everything is drawn from run data
(:func:`gmkit.report.rundata.play`), in the GM's view or a player's.
"""

from __future__ import annotations

from .rundata import OrdersError, play

__all__ = ["play", "OrdersError"]
