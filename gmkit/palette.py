"""One palette for every view: a side keeps its colour in the chart, the map, the desk and reports."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["PALETTE", "side_colours"]

PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
"""Side colours, in the order sides first appear."""


def side_colours(sides: Iterable[str]) -> dict[str, str]:
    """A stable colour per side: first side red, second blue, and so on."""
    out: dict[str, str] = {}
    for s in sides:
        if s not in out:
            out[s] = PALETTE[len(out) % len(PALETTE)]
    return out
