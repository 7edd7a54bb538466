"""The duel's static data: dragons, pilots and weapons as the scenario gives them, and the options.

Built once from the validated scenario (:func:`build_sheets`) and never changed by a fight, so the
fights a simulation starts with :meth:`~gmkit.encounter.Encounter.fresh` share them.

>>> from gmkit.dragons.scenario import EXAMPLE, DragonScenario
>>> sheets = build_sheets(DragonScenario.model_validate(EXAMPLE).model_dump(mode="json"))
>>> sheets.dragons["Ash"].pilot.parry, sheets.dragons["Bane"].weapon("Jaws")[0]
(6, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from ..dice import parse_trait
from ..savage import parry
from . import rules as R

__all__ = ["Weapon", "Pilot", "Dragon", "Sheets", "build_sheets", "die_sides", "Arms"]

WeaponKind = Literal["melee", "ranged"]


@lru_cache(maxsize=256)
def die_sides(die: str | int | None) -> int | None:
    """The sides of a trait die written ``d8``/``8``/``d12+1``; None for unskilled."""
    if die is None:
        return None
    return parse_trait(die)[0]


@dataclass(frozen=True, slots=True)
class Weapon:
    """A dragon's weapon: breath, spines, claws (D-5)."""

    name: str
    kind: WeaponKind
    damage: str
    """Damage dice (C-4), every die aces: ``2d8``, ``3d6+2``."""
    ranges: tuple[int, int, int] | None = None
    """Short, Medium, Long range for a ranged weapon (D-5 [decision]); None for melee."""
    ap: int = 0
    """Armour Piercing: the points of the target's Armour it ignores (D-7)."""


@dataclass(frozen=True, slots=True)
class Pilot:
    """The dragon's pilot: the trait dice the duel rolls (C-3)."""

    name: str
    fighting: str | None
    """Melee attack die; also gives the dragon's Parry (D-6). None: unskilled."""
    piloting: str | None
    """Tail attempts, forcing, shaking off, dangerous manoeuvres, fall recovery."""
    spirit: str
    """Shaken recovery (C-4) and the D-10 check."""
    shooting: str | None = None
    """Ranged attack die; when not given, ranged attacks roll Piloting [decision]."""

    @property
    def parry(self) -> int:
        """D-6: 2 + half the Fighting die."""
        return parry(die_sides(self.fighting))

    @property
    def ranged_die(self) -> str | None:
        return self.shooting if self.shooting is not None else self.piloting


@dataclass(frozen=True, slots=True)
class Dragon:
    """A dragon as the scenario gives it."""

    name: str
    side: str
    wild_card: bool
    gm: bool
    """Run by the GM (an Extra or GM character counts as ordering last, D-3)."""
    max_speed: int
    toughness: int
    pilot: Pilot
    weapons: tuple[Weapon, ...] = ()
    armour: int = 0
    """The part of ``toughness`` that is Armour (D-7)."""
    vigor: str = "d6"
    """The dragon's Vigor, rolled to soak Wounds (D-7)."""
    bennies: int = 0
    """Its own pool of Bennies at the start (D-7): a Wild Card's; an Extra has none."""

    def weapon(self, name: str) -> tuple[int, Weapon] | None:
        for i, w in enumerate(self.weapons):
            if w.name == name:
                return i, w
        return None


Arms = tuple[tuple[str, str, tuple[int, int, int] | None], ...]
"""A dragon's weapons as plain (name, kind, ranges): hashable, a memo key for the autopilot."""


@dataclass(frozen=True, slots=True)
class Sheets:
    """Everything static about one duel: rosters, weapon tables, the battlefield and options."""

    dragons: dict[str, Dragon]
    """Per dragon, in scenario order."""
    battlefield: str
    """``blue`` or ``firmament`` (D-13)."""
    options: dict[str, Any]
    """The scenario's rule options (see :class:`~gmkit.dragons.scenario.DragonOptions`)."""
    move_kw: dict[str, Any]
    """The D-4 limits as :func:`~gmkit.dragons.rules.legal_moves` takes them (``max_dive`` None:
    dives of any depth)."""
    others: dict[str, tuple[tuple[str, bool], ...]]
    """Per dragon, every other dragon in scenario order and whether it is on another side."""
    arms: dict[str, Arms]
    """Per dragon, its weapons as plain values (see :data:`Arms`)."""
    move_limits: tuple[int, int, int | None] = (-1, 2, None)
    """``move_kw``'s values in order (``level_min, level_max, max_dive``), as
    :func:`~gmkit.dragons.rules.is_legal_move` takes them on every move and order."""
    weapon_at: dict[str, dict[str, tuple[int, Weapon]]] = field(default_factory=dict, compare=False)
    """Per dragon, weapon name -> (index, weapon), as :meth:`Dragon.weapon` finds it: looked up
    for every attack ordered and made, so built once. (This and :attr:`foes` follow from
    :attr:`dragons`, so sheets compare without them: the policy compares each duel's.)"""
    foes: dict[str, frozenset[str]] = field(default_factory=dict, compare=False)
    """Per dragon, the dragons on other sides (:data:`others` as a set): with the turned ones,
    its enemies (:meth:`~gmkit.dragons.engine.DragonDuel.hostile`), asked for every attack."""


def _dragon(spec: Mapping[str, Any], bennies: int) -> Dragon:
    p = spec["pilot"]
    pilot = Pilot(p.get("name") or spec["name"], p.get("fighting"), p.get("piloting"), p["spirit"],
                  p.get("shooting"))
    weapons = tuple(Weapon(w["name"], w["kind"], w["damage"],
                           tuple(w["ranges"]) if w.get("ranges") else None,
                           w.get("ap", 0))
                    for w in spec.get("weapons", ()))
    own = spec.get("bennies")
    pool = (bennies if own is None else own) if spec["wild_card"] else 0
    return Dragon(spec["name"], spec["side"], spec["wild_card"], spec["gm"], spec["max_speed"],
                  spec["toughness"], pilot, weapons, spec.get("armour", 0),
                  spec.get("vigor") or "d6", pool)


def build_sheets(scenario: Mapping[str, Any]) -> Sheets:
    """The static data of a validated scenario (plain JSON data)."""
    options = dict(scenario.get("options") or {})
    options.setdefault("bennies", 3)
    dragons = {d["name"]: _dragon(d, options["bennies"]) for d in scenario["dragons"]}
    if options.get("gm_bennies") is None:  # SWADE: one per player character
        options["gm_bennies"] = sum(1 for d in dragons.values() if not d.gm)
    options.setdefault("level_min", -1)
    options.setdefault("level_max", 2)
    options.setdefault("max_dive", None)
    move_kw = {k: options[k] for k in ("level_min", "level_max", "max_dive")}
    others = {n: tuple((m, e.side != d.side) for m, e in dragons.items() if m != n)
              for n, d in dragons.items()}
    arms: dict[str, Arms] = {n: tuple((w.name, str(w.kind), w.ranges) for w in d.weapons)
                             for n, d in dragons.items()}
    weapon_at: dict[str, dict[str, tuple[int, Weapon]]] = {}
    for n, d in dragons.items():
        at = weapon_at[n] = {}
        for i, w in enumerate(d.weapons):
            at.setdefault(w.name, (i, w))  # the first of a name, as Dragon.weapon finds it
    foes = {n: frozenset(m for m, foe in o if foe) for n, o in others.items()}
    return Sheets(dragons, scenario.get("battlefield", R.BLUE), options, move_kw, others, arms,
                  (move_kw["level_min"], move_kw["level_max"], move_kw["max_dive"]),
                  weapon_at=weapon_at, foes=foes)
