"""Rule set F: fantasy skirmishes with 1..18 rolls against armour class.

The folder has the shape of every rule set: the scenario file's model (:mod:`.scenario`), the
frozen sheets built from it (:mod:`.sheets`), the board that changes in a fight (:mod:`.board`),
the orders (:mod:`.orders`), the pure rules citing their ids (:mod:`.rules`), one module of
procedures per rule section (:mod:`.procedures`), what is legal (:mod:`.legal`), the engine
``Skirmish`` composing them (:mod:`.engine`), the autopilot (:mod:`.policy`), the exact odds
(:mod:`.odds`), the views and the widgets (:mod:`.views`, :mod:`.ui`). The notations
(``яд16ПБ6``, ``0.5-1-1.5``, ``2ЖК+3``) are parsed in :mod:`.notation`.

Rulings where the original leaves it open are listed in :mod:`.engine`'s docstring; for example:

>>> from gmkit.fantasy import rules
>>> rules.hit_threshold(ac=5), rules.hit_probability(ac=5)
(12, Fraction(7, 18))
"""

from __future__ import annotations

from ..lightimports import lazy_exports

__all__ = ["Skirmish", "Strike", "Shoot", "Cast", "UseItem", "Flee", "Pass", "Combatant", "Side",
           "Effect", "SpecialAttack", "FantasyScenario", "parse_special", "parse_damage",
           "parse_life", "rules"]

_LAZY = {"Skirmish": "engine", "rules": "rules",
         **{n: "sheets" for n in ("Combatant", "Effect", "Side")},
         **{n: "notation" for n in ("SpecialAttack", "parse_damage", "parse_life", "parse_special")},
         "FantasyScenario": "scenario",
         **{n: "orders" for n in ("Cast", "Flee", "Pass", "Shoot", "Strike", "UseItem")}}
"""Where each public name lives: imported on first use, so finding the rule set (its
``system.py``) costs nothing."""

__getattr__ = lazy_exports(__name__, _LAZY)
