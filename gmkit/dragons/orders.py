"""A dragon's order for one round (D-1): exactly one movement and zero or more actions.

>>> DragonOrder(move=Move.climb(1), actions=(Attack("Flame", "Bane"),))
DragonOrder(move=Move(kind='climb', amount=1), actions=(Attack(weapon='Flame', target='Bane'),))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..orders import Order

__all__ = ["Move", "Attack", "TailAttempt", "Force", "ShakeOff", "Manoeuvre", "UsePower",
           "TurnCheck", "CritFall", "Benny", "BENNY_USES", "DragonOrder", "GMOrder", "Action", "NOT_ACTIONS",
           "own_actions", "GM_ACTOR", "Initiative", "ORDER_TYPES"]

MoveKind = Literal["level", "climb", "dive"]


@dataclass(frozen=True)
class Move(Order):
    """One movement (D-4).

    ``kind`` is ``"level"``, ``"climb"`` or ``"dive"``. ``amount`` means:

    * level: the change of Speed, -1..+2 (0 holds Speed);
    * climb: levels of Height gained, 1 or more (each costs 3 Speed);
    * dive: levels of Height lost, 1 or more (each gives 2 Speed).
    """

    kind: MoveKind
    amount: int = 0

    @classmethod
    def level(cls, speed_change: int = 0) -> Move:
        return cls("level", speed_change)

    @classmethod
    def climb(cls, levels: int = 1) -> Move:
        return cls("climb", levels)

    @classmethod
    def dive(cls, levels: int = 1) -> Move:
        return cls("dive", levels)

    @property
    def speed_change(self) -> int:
        """How the move changes Speed (D-4)."""
        if self.kind == "level":
            return self.amount
        if self.kind == "climb":
            return -3 * self.amount
        return 2 * self.amount

    @property
    def height_change(self) -> int:
        if self.kind == "climb":
            return self.amount
        if self.kind == "dive":
            return -self.amount
        return 0

    def __str__(self) -> str:
        if self.kind == "level":
            return f"level {self.amount:+d}"
        return f"{self.kind} {self.amount}"


@dataclass(frozen=True)
class Attack(Order):
    """Attack ``target`` with the weapon named ``weapon`` (D-5); one attack per weapon a round."""

    weapon: str
    target: str


@dataclass(frozen=True)
class TailAttempt(Order):
    """Try to get on ``target``'s tail: opposed Piloting, same Height and Speed needed (D-12)."""

    target: str


@dataclass(frozen=True)
class Force(Order):
    """Force the dragon whose tail this one is on (D-12): opposed Piloting at -2.

    ``speed`` ("up"/"down") is imposed on a win; ``height`` ("up"/"down"), when given, is
    imposed instead on a win with a raise.
    """

    speed: Literal["up", "down"] = "down"
    height: Literal["up", "down"] | None = None


@dataclass(frozen=True)
class ShakeOff(Order):
    """Shake off the pursuer on this dragon's tail: opposed Piloting at -2 to itself (D-12)."""


@dataclass(frozen=True)
class Manoeuvre(Order):
    """An aerobatic manoeuvre: dangerous, Piloting or fall (D-11); a pursuer must copy it."""

    name: str = "aerobatics"


@dataclass(frozen=True)
class UsePower(Order):
    """A Power or another action the GM adjudicates: rolled with ``die``; a critical failure
    calls the D-10 Spirit check. ``die`` None: no roll, a noted action only."""

    power: str
    die: str | None = None
    target: str | None = None
    note: str = ""


@dataclass(frozen=True)
class TurnCheck(Order):
    """The GM calls the D-10 Spirit check ("when the GM says so"), at the start of the dragon's
    turn. The GM's call, not the dragon's action: no multi-action penalty."""

    reason: str = ""


@dataclass(frozen=True)
class CritFall(Order):
    """The GM's call for this round (D-9): whether a critical failure this dragon rolls
    performing a manoeuvre (Piloting for a tail, forcing, shaking off, aerobatics) starts its
    fall. Without it the scenario's option ``crit_manoeuvre_falls`` decides. Not an action."""

    falls: bool = True


BennyUse = Literal["reroll", "soak", "unshake"]
BENNY_USES: tuple[str, ...] = ("reroll", "soak", "unshake")


@dataclass(frozen=True)
class Benny(Order):
    """Spend Bennies this round (D-7, SWADE), up to ``up_to`` on one ``use``:

    * ``reroll``: a trait roll of this dragon's that fails (an attack, Piloting, Spirit, a
      Power, a soak) is rolled again and the better total stands; a critical failure is not
      rerolled, and one on the reroll stands (SWADE);
    * ``soak``: a hit that would Wound it: after the damage is rolled, a Vigor roll; each
      success and raise removes one Wound, and soaking them all leaves it not Shaken;
    * ``unshake``: when its Spirit roll at the start of its turn leaves it Shaken, Shaken ends at
      once (so the order may hold actions and a climb or dive though it is Shaken now).

    A player states it in the order (the GM enters it); the autopilot gives it to the dragons it
    orders. A turned dragon, and one run by the GM, spends the GM's pool. Not an action."""

    use: BennyUse = "soak"
    up_to: int = 1


Action = Attack | TailAttempt | Force | ShakeOff | Manoeuvre | UsePower | TurnCheck | CritFall | Benny

NOT_ACTIONS: tuple[type, ...] = (TurnCheck, CritFall, Benny)
"""What an order's ``actions`` may hold that is not the dragon's action: the GM's calls and the
Bennies it will spend. They cost no multi-action penalty (C-4) and are allowed while Shaken
(D-8)."""


def own_actions(actions: tuple[Action, ...] | list[Action]) -> list[Action]:
    """The dragon's own actions among ``actions`` (see :data:`NOT_ACTIONS`)."""
    return [a for a in actions if not isinstance(a, NOT_ACTIONS)]


@dataclass(frozen=True)
class DragonOrder(Order):
    """A dragon's whole order for a round (D-1).

    ``move`` None: no movement order (a dragon on a tail copies its target; a falling dragon
    falls; anyone else holds level flight at the same Speed).
    """

    move: Move | None = None
    actions: tuple[Action, ...] = ()


@dataclass(frozen=True)
class GMOrder(Order):
    """The GM's order for a dragon that is the GM's: a turned dragon (D-10: from the moment its
    pilot is consumed its orders come from the GM, and one given as the player's is refused) or
    a GM-run one. Resolved as the :class:`DragonOrder` it holds."""

    order: DragonOrder = DragonOrder()


GM_ACTOR = "GM"
"""Who submits the GM's rulings for the whole round (:class:`Initiative`); no dragon may bear
this name."""


@dataclass(frozen=True)
class Initiative(Order):
    """The GM's order of action for this round (D-3: "some manoeuvres may break the order of
    action"): every dragon still in the fight, each once, the first to act first. Submitted by
    the GM as the actor ``"GM"`` before the round resolves; it replaces the order the rules give
    (D-3) for that round, and the story tells both."""

    order: tuple[str, ...] = ()


ORDER_TYPES: tuple[type, ...] = (DragonOrder, Move, Attack, TailAttempt, Force, ShakeOff, Manoeuvre,
                                 UsePower, TurnCheck, CritFall, Benny, GMOrder, Initiative)
