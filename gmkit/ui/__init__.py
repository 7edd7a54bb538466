"""The live-session controls: thin views over the engines, each with a static twin for reports.

``DiceRoller`` and ``GridMap`` are anywidget controls (Python here, one ES module in ``widgets/``);
the order forms are ipywidgets; ``SpeedHeightChart`` is a Plotly ``FigureWidget``; the session
panels put them together on one desk. Everything draws from :mod:`gmkit.ui.viewmodels`.
Imports are lazy so that ``import gmkit.ui`` costs nothing until a control is used.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DiceRoller", "SpeedHeightChart", "GridMap", "OrderForm", "DragonOrderForm",
           "SpaceOrderForm", "SkirmishOrderForm", "order_form", "DragonSession", "SpaceSession",
           "SkirmishSession", "session", "speed_height_figure", "grid_svg"]

_LAZY = {
    "DiceRoller": "dice_roller",
    "SpeedHeightChart": "speed_height_chart",
    "speed_height_figure": "speed_height_chart",
    "GridMap": "grid_map",
    "grid_svg": "grid_map",
    "OrderForm": "order_form",
    "order_form": "order_form",
    "DragonOrderForm": "order_form_dragons",
    "SpaceOrderForm": "order_form_space",
    "SkirmishOrderForm": "order_form_fantasy",
    "DragonSession": "sessions",
    "SpaceSession": "sessions",
    "SkirmishSession": "sessions",
    "session": "sessions",
}


def __getattr__(name: str) -> Any:
    try:
        module = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'gmkit.ui' has no attribute {name!r}") from None
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
