"""gmkit: a Jupyter-native workbook for game masters.

Three rule sets (dragon duels, space battles, fantasy skirmishes) on one core: seeded, logged dice
(:mod:`gmkit.dice`), an encounter that is a board plus a journaled record (:mod:`gmkit.encounter`),
and views of both; ``gmkit.simulate(scenario, n=10_000, seed=1)`` plays a fight many times
(:mod:`gmkit.simulation`). ``import gmkit`` stays light: engines, widgets and pandas load when first
used.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "Dice", "roll", "Encounter", "Event", "GmkitError", "IllegalOrder",
           "ScenarioError", "DiceError", "JournalError", "load_scenario", "set_language", "simulate",
           "compare", "Simulation", "verify"]

_LAZY = {
    "Dice": ("gmkit.dice", "Dice"),
    "roll": ("gmkit.dice", "roll"),
    "Encounter": ("gmkit.encounter", "Encounter"),
    "Event": ("gmkit.events", "Event"),
    "GmkitError": ("gmkit.errors", "GmkitError"),
    "IllegalOrder": ("gmkit.errors", "IllegalOrder"),
    "ScenarioError": ("gmkit.errors", "ScenarioError"),
    "DiceError": ("gmkit.errors", "DiceError"),
    "JournalError": ("gmkit.errors", "JournalError"),
    "load_scenario": ("gmkit.scenario", "load_scenario"),
    "set_language": ("gmkit.i18n", "set_language"),
    "simulate": ("gmkit.simulation", "simulate"),
    "compare": ("gmkit.simulation", "compare"),
    "Simulation": ("gmkit.simulation", "Simulation"),
    "verify": ("gmkit.verification", "verify"),
}


def __getattr__(name: str) -> Any:
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'gmkit' has no attribute {name!r}") from None
    import importlib

    value = getattr(importlib.import_module(module), attr)
    globals()[name] = value
    return value
