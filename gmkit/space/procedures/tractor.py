"""S-13: tractor beams: a hold rolled as an attack, breaking free (holder's d10 against the held
ship's d6, ties rerolled), and letting go."""

from __future__ import annotations

from .. import rules as R
from ..board import ShipState
from ..context import Battle
from ..orders import BreakFree, Release, Tractor
from .effects import fail_escape, release
from .movement import move_to

__all__ = ["hold", "break_free", "let_go"]


def hold(b: Battle, actor: str, ship: ShipState, order: Tractor) -> None:
    """The Tractor order: rolled as an attack; a hit holds the target (and fails its escape)."""
    t = b.state.ships[order.target]
    ts = b.sheet.ships[order.target]
    defence = R.attack_defence(ts.defence, ts.shield_defence, t.shields_up, t.shields,
                               t.disabled("shields"))
    r = b.dice.d(10, purpose="tractor beam", actor=actor)
    hit = R.hits(int(r.total), defence)
    b.emit("tractor", actor, "space.tractor.hold" if hit else "space.tractor.miss",
           {"ship": actor, "target": order.target, "face": int(r.total), "defence": defence},
           data={"face": int(r.total), "defence": defence}, rolls=(r,))
    if hit:
        ship.holding = order.target
        t.held_by = actor
        fail_escape(b, order.target, actor)


_BREAK_KEYS = {"free": "space.tractor.freed", "held": "space.tractor.still_held",
               None: "space.tractor.tie"}


def break_free(b: Battle, actor: str, ship: ShipState, order: BreakFree) -> None:
    """The BreakFree order: roll until one side wins; freed, the ship may move to ``order.to``."""
    holder = ship.held_by
    assert holder is not None
    while True:
        a = b.dice.d(10, purpose="hold", actor=holder)
        d = b.dice.d(6, purpose="break free", actor=actor)
        res = R.break_free(int(a.total), int(d.total))
        b.emit("tractor", actor, _BREAK_KEYS[res], {"ship": actor, "holder": holder,
               "held_face": int(d.total), "holder_face": int(a.total)}, rolls=(a, d))
        if res is not None:
            break
    if res == "free":
        release(b, holder, actor, "broke free")
        if order.to is not None:
            move_to(b, actor, ship, order.to)


def let_go(b: Battle, actor: str, ship: ShipState, order: Release) -> None:
    """The Release order: the holder lets the held ship go (takes the turn)."""
    assert ship.holding is not None
    release(b, actor, ship.holding, "let go")
