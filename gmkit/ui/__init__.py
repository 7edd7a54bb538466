"""The live-session controls: thin views over the engines, each with a static twin for reports.

``DiceRoller`` is an anywidget control (Python here, one ES module in ``widgets/``);
the order forms are ipywidgets; each rule set's own form and desk live in its ``ui.py`` and are
found through :mod:`gmkit.systems` (:func:`order_form`, :func:`session`). Everything draws from
:mod:`gmkit.ui.viewmodels`. Imports are lazy so that ``import gmkit.ui`` costs nothing until a
control is used.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DiceRoller", "OrderForm", "order_form", "Session", "session", "SvgImage"]

_LAZY = {
    "DiceRoller": "dice_roller",
    "SvgImage": "svg",
    "OrderForm": "order_form",
    "order_form": "order_form",
    "Session": "sessions",
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
