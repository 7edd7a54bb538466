"""Space battles (rule set S): starships on a square grid around a station.

The folder has the shape of every rule set: ``scenario`` (the scenario file's model), ``sheets``
(the static data built from it), ``board`` (the mutable state), ``orders``, ``rules`` (pure
functions citing S-1..S-13), ``procedures`` (one module per rule section), ``legal`` (the checks
and the legal-order generator), ``engine`` (:class:`SpaceBattle`), ``policy`` (the autopilot),
``odds``, ``views`` (the map) and ``ui`` (order form, desk, live map).

The ship on turn (``current_ship``, S-4) submits one order and ``resolve_round()`` plays that one
turn; ``push(ship, order)`` does both. A shot whose aim (S-8) or, for a cloaked attacker, whose
place afterwards (S-10) the order left open pauses the turn: ``decision()`` says what is asked and
the same ship's ``Choose`` order, resolved as a step of its own, plays the rest of the shot.
``board(side)`` is what a player of ``side`` may see (a cloaked enemy's cells left out,
S-1/S-10); the GM's real-time window of S-12 is the ``Clock`` order (``battle.clock(minutes)``,
``battle.window_expired()``), and an enemy's «вылетаю» (``Launch``) closes it.

>>> from gmkit.space import SpaceBattle, Attack, Choose
>>> b = SpaceBattle({"system": "space", "name": "duel", "initiative": ["A", "B"],
...     "grid": {"width": 8, "height": 8},
...     "ships": [{"name": "A", "side": "red", "cell": [0, 0], "hull": 10, "defence": 5, "damage": "2d6"},
...               {"name": "B", "side": "blue", "cell": [1, 1], "hull": 10, "defence": 5, "damage": "d6"}]},
...     seed=1)
>>> b.current_ship
'A'
>>> b.enter_faces(7, 3, 4)          # a typed-in d10 to hit and 2d6 of damage (C-2)
>>> [e.text() for e in b.push("A", Attack("B"))][1]
'A chooses where the hit lands: the hull (the whole ship) or the systems'
>>> b.decision()["asks"], b.current_ship       # S-8: the turn waits for the attacker's choice
(['aim'], 'A')
>>> [e.text() for e in b.push("A", Choose("hull"))][1]
'A deals 7 damage to B (rolled 7; modifiers: -): shields −0, hull −7; B has 3 hull points left'
"""

from __future__ import annotations

from ..lightimports import lazy_exports

__all__ = ["SpaceBattle", "SpaceScenario", "ShipSpec", "GridSpec", "SpaceOptions", "Move", "Attack",
           "RaiseShields", "Cloak", "Flee", "Pursue", "Launch", "Choose", "DefaultChoice", "Tractor",
           "BreakFree", "Release", "Pass", "Clock"]

_LAZY = {"SpaceBattle": "engine",
         **{n: "scenario" for n in ("GridSpec", "ShipSpec", "SpaceOptions", "SpaceScenario")},
         **{n: "orders" for n in ("Attack", "BreakFree", "Choose", "Clock", "Cloak", "DefaultChoice",
                                  "Flee", "Launch", "Move", "Pass", "Pursue", "RaiseShields", "Release",
                                  "Tractor")}}
"""Where each public name lives: imported on first use, so finding the rule set (its
``system.py``) costs nothing."""

__getattr__ = lazy_exports(__name__, _LAZY)
