"""How reports render Plotly figures.

Always a plain :class:`plotly.graph_objects.Figure` (never a FigureWidget), so an executed notebook
keeps it without a kernel and nbconvert carries it into HTML. A rule set's figures are in its
``views.py``.
"""

from __future__ import annotations

__all__ = ["RENDERER"]

RENDERER = "plotly_mimetype+notebook"
"""Renders in JupyterLab (mimetype) and in nbconvert HTML (inline plotly.js: works offline)."""
