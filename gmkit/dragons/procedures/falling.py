"""D-9 Falling: starting a fall (a critical failure on a manoeuvre may start one: the GM's call),
each falling turn's drop and recovery roll, falling away."""

from __future__ import annotations

from typing import Any

from .. import rules as R
from ..context import DuelContext
from ..orders import CritFall
from . import bennies
from .common import fall_mod, modifiers, wounds_mod
from .out import put_out
from .tails import lose_tail

__all__ = ["start_fall", "fall_turn", "check_fallen_away", "gm_crit_call", "crit_on_manoeuvre",
           "settle_crits"]


def start_fall(duel: DuelContext, name: str, key: str, **params: Any) -> None:
    """The dragon starts to fall; it can neither hold a tail nor be followed (D-12)."""
    s = duel.state.dragons[name]
    if s.falling or s.out:
        return
    s.falling = True
    s.fall_turns = 0
    duel.emit("fall_start", name, key, {"name": name, "speed": s.speed, "height": s.height,
                                        **params})
    if s.tailing is not None:
        lose_tail(duel, name, s.tailing, "dragons.tail.lost_falling")
    if s.tailed_by is not None:
        lose_tail(duel, s.tailed_by, name, "dragons.tail.lost_falling")


def gm_crit_call(duel: DuelContext, name: str) -> bool | None:
    """D-9: the GM's call for this round on ``name``'s critical failures (a :class:`CritFall` in
    its order), or None when the GM made none."""
    order = duel.book.orders.get(name)
    if order is not None:
        for a in order.actions:
            if isinstance(a, CritFall):
                return a.falls
    return None


def crit_on_manoeuvre(duel: DuelContext, name: str) -> None:
    """D-9: a critical failure performing a manoeuvre "may" start a fall: the GM's call for the
    round, else the scenario's option ``crit_manoeuvre_falls`` (off by default: the fall starts
    only on the GM's word). A call either way is told in the story."""
    s = duel.state.dragons[name]
    if s.falling or s.out:
        return
    call = gm_crit_call(duel, name)
    falls = bool(duel.options.get("crit_manoeuvre_falls", False)) if call is None else call
    by = {"key": "dragons.cause.gm" if call is not None else "dragons.cause.scenario"}
    if falls:
        start_fall(duel, name, "dragons.fall.crit", by=by)
    elif call is not None:
        duel.emit("crit_no_fall", name, "dragons.fall.crit_no_fall", {"name": name, "by": by})


def settle_crits(duel: DuelContext) -> None:
    """The falls the critical failures of the action just told may start (D-9)."""
    crits, duel.book.crits = duel.book.crits, []
    for name in crits:
        crit_on_manoeuvre(duel, name)


def fall_turn(duel: DuelContext, name: str) -> None:
    """Drop, gain Speed, maybe fall away, then try to regain control at -turns."""
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    s.fall_turns += 1
    duel.book.moved.add(name)  # the fall is its movement this round (D-1, D-9)
    s.speed, s.height, drop = R.fall_step(s.speed, s.height)
    duel.emit("fall", name, "dragons.fall.drop",
              {"name": name, "drop": drop, "speed": s.speed, "height": s.height,
               "turn": s.fall_turns}, data={"drop": drop, "turn": s.fall_turns})
    if check_fallen_away(duel, name):
        return
    pen = R.recovery_penalty(s.fall_turns)
    wp = R.wound_penalty(s.wounds, spec.wild_card, False)
    r = bennies.trait(duel, name, spec.pilot.piloting, pen + wp, spec.wild_card,
                      purpose="Piloting: regain control")
    if r.success:
        s.falling = False
        s.fall_turns = 0
    if duel.mode.events:
        duel.emit("recovery", name,
                  "dragons.roll.fall.recovers" if r.success else "dragons.roll.fall.still",
                  {"name": name, "roll": r.total, "mod": pen + wp,
                   "mods": modifiers(fall_mod(pen, s.fall_turns), wounds_mod(wp, s.wounds))},
                  rolls=(r.roll,), data={"success": r.success, "penalty": pen})


def check_fallen_away(duel: DuelContext, name: str) -> bool:
    """10 below the lowest dragon not falling: an Extra dies, a Wild Card leaves. True if so."""
    s = duel.state.dragons[name]
    flying = [o.height for n, o in duel.state.dragons.items()
              if n != name and not o.out and not o.falling]
    lowest = min(flying) if flying else None
    if not R.fallen_away(s.height, lowest):
        return False
    if duel.dragons[name].wild_card:
        put_out(duel, name, "fell_away")
    else:
        put_out(duel, name, "killed", cause="dragons.cause.fell")
    return True
