"""Dragons, their pilots and weapons (static data), and a dragon's state in a duel (the board).

The static part comes from the scenario and never changes; :class:`DragonState` is everything the
rules change during a fight. States are small dataclasses holding only immutable values, so
a shallow copy is a full copy (fast all-or-nothing resolution) and ``==`` compares boards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from ..dice import parse_trait
from ..savage import parry

__all__ = ["Weapon", "Pilot", "Dragon", "DragonState", "DuelState", "die_sides"]

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

    def weapon(self, name: str) -> tuple[int, Weapon] | None:
        for i, w in enumerate(self.weapons):
            if w.name == name:
                return i, w
        return None


@dataclass
class DragonState:
    """One dragon's place on the board and what the fight has done to it."""

    speed: int
    height: int
    shaken: bool = False
    wounds: int = 0
    falling: bool = False
    fall_turns: int = 0
    """Falling turns so far: the recovery roll's penalty (D-9)."""
    weapons_out: tuple[bool, ...] = ()
    """Per weapon, in the dragon's order: True once damaged out of the fight (D-8)."""
    tailing: str | None = None
    """Whose tail this dragon is on (D-12)."""
    tailed_by: str | None = None
    turned: bool = False
    """The pilot was consumed; the dragon is the GM's, an enemy of all (D-10)."""
    out: bool = False
    out_reason: str | None = None
    trail: tuple[tuple[int, int], ...] = ()
    """(Speed, Height) at the start of every resolved round."""
    attacks: int = 0
    hits: int = 0
    damage_dealt: int = 0
    wounds_dealt: int = 0
    shaken_dealt: int = 0

    def copy(self) -> "DragonState":
        """A full copy: every field holds an immutable value, so copying the fields is enough."""
        new = object.__new__(DragonState)
        new.__dict__.update(self.__dict__)
        return new

    @property
    def active(self) -> bool:
        return not self.out


@dataclass(slots=True)
class DuelState:
    """The whole board: every dragon's state, in scenario order."""

    dragons: dict[str, DragonState] = field(default_factory=dict)

    def copy(self) -> "DuelState":
        return DuelState({k: v.copy() for k, v in self.dragons.items()})

    def to_json(self) -> dict[str, Any]:
        from dataclasses import asdict

        return {k: asdict(v) for k, v in self.dragons.items()}
