"""The board: each dragon's state in a duel, and what the round being resolved remembers.

Everything the rules change during a fight lives here, in slotted dataclasses holding only
immutable values, so copying the fields is a full copy (fast all-or-nothing resolution) and
``==`` compares boards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .orders import DragonOrder

__all__ = ["DragonState", "DuelState", "RoundBook", "opening_board"]


@dataclass(slots=True)
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
    bennies: int = 0
    """Its own Bennies left (D-7); a turned dragon's are its player's and no longer spent."""
    attacks: int = 0
    hits: int = 0
    damage_dealt: int = 0
    wounds_dealt: int = 0
    shaken_dealt: int = 0

    def copy(self) -> DragonState:
        """A full copy: every field holds an immutable value, so copying the fields is enough.
        Written out field by field, not through ``__init__``: the board is copied every round
        (all-or-nothing resolution) and this is 2-3x quicker; a test holds it to every field."""
        new: DragonState = _new(DragonState)
        new.speed = self.speed
        new.height = self.height
        new.shaken = self.shaken
        new.wounds = self.wounds
        new.falling = self.falling
        new.fall_turns = self.fall_turns
        new.weapons_out = self.weapons_out
        new.tailing = self.tailing
        new.tailed_by = self.tailed_by
        new.turned = self.turned
        new.out = self.out
        new.out_reason = self.out_reason
        new.trail = self.trail
        new.bennies = self.bennies
        new.attacks = self.attacks
        new.hits = self.hits
        new.damage_dealt = self.damage_dealt
        new.wounds_dealt = self.wounds_dealt
        new.shaken_dealt = self.shaken_dealt
        return new

    @property
    def active(self) -> bool:
        return not self.out


_new = object.__new__


@dataclass(slots=True)
class DuelState:
    """The whole board: every dragon's state, in scenario order."""

    dragons: dict[str, DragonState] = field(default_factory=dict)
    gm_bennies: int = 0
    """The GM's Bennies left, for GM characters (D-7)."""

    def copy(self) -> DuelState:
        return DuelState({k: v.copy() for k, v in self.dragons.items()}, self.gm_bennies)

    def to_json(self) -> dict[str, Any]:
        return {k: asdict(v) for k, v in self.dragons.items()}


def opening_board(dragons: Iterable[Mapping[str, Any]], heights: Mapping[str, int],
                  bennies: Mapping[str, int] | None = None, gm_bennies: int = 0) -> DuelState:
    """The board before the first round (D-2): the scenario's Speeds, the normalised Heights,
    the pools of Bennies (D-7), the wounds carried in from an earlier fight (D-8)."""
    pools = bennies or {}
    return DuelState({d["name"]: DragonState(speed=d["speed"], height=heights[d["name"]],
                                             wounds=d.get("wounds", 0),
                                             weapons_out=tuple(False for _ in d.get("weapons", ())),
                                             bennies=pools.get(d["name"], 0))
                      for d in dragons}, gm_bennies)


@dataclass(slots=True)
class RoundBook:
    """What the round being resolved remembers besides the board: started afresh each round."""

    orders: dict[str, DragonOrder] = field(default_factory=dict)
    """This round's orders by dragon (emptied when the round is done)."""
    rank: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per dragon, (counts as ordering last, arrival index): who ordered first (D-3, D-12)."""
    acted: set[str] = field(default_factory=set)
    """Who has had their turn this round."""
    forced: dict[str, tuple[str, str]] = field(default_factory=dict)
    """A won forcing per target: (axis, direction) its move must obey at its turn (D-12)."""
    settled: set[str] = field(default_factory=set)
    """Dragons whose tail attempt was settled by the other's mutual attempt (D-12)."""
    tailing_at_start: set[str] = field(default_factory=set)
    """Who was on a tail when the round began (a tail gained later replaces the move, D-12)."""
    bennies: dict[tuple[str, str], int] = field(default_factory=dict)
    """(dragon, use) -> the Bennies its order may still spend on that use this round (D-7)."""
    moved: set[str] = field(default_factory=set)
    """Who has made its one movement this round (D-1): its own, a copy of its target's (D-12)
    or a fall (D-9)."""
    crits: list[str] = field(default_factory=list)
    """Dragons that rolled a critical failure performing a manoeuvre in the action being
    resolved: whether each starts a fall is settled after it (D-9)."""
    decided: bool | None = None
    """Whether at most one party is left, memoised within the round; None: ask again."""
