"""D-10 The dragon turns on its pilot: the Spirit check, and Powers whose critical failure calls it."""

from __future__ import annotations

from typing import Any

from .. import rules as R
from ..context import DuelContext
from ..orders import UsePower
from . import bennies
from .common import actions_mod, modifiers, wounds_mod

__all__ = ["spirit_check", "power"]


def spirit_check(duel: DuelContext, name: str, cause: str) -> None:
    """The pilot rolls Spirit; on failure the dragon is the GM's and an enemy of all."""
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    if s.turned or s.out:
        return
    wp = R.wound_penalty(s.wounds, spec.wild_card, False)
    r = bennies.trait(duel, name, spec.pilot.spirit, wp, spec.wild_card,
                      purpose="Spirit: resist the dragon")
    if duel.mode.events:
        duel.emit("spirit", name,
                  "dragons.roll.turn.resists" if r.success else "dragons.roll.turn.consumed",
                  {"name": name, "roll": r.total, "cause": {"key": cause},
                   "mods": modifiers(wounds_mod(wp, s.wounds))}, rolls=(r.roll,),
                  data={"success": r.success})
    if not r.success:
        s.turned = True
        duel.book.decided = None
        _void_players_order(duel, name)


def _void_players_order(duel: DuelContext, name: str) -> None:
    """D-10 "at once": the rest of the player's order for the round is not carried out. A turn
    still to come is the GM's (:meth:`~gmkit.dragons.context.DuelContext.gm_order`); a turn under
    way stops after the step that consumed the pilot (:func:`.turn.take_turn`)."""
    book = duel.book
    bennies.drop(duel, name)
    if book.orders.pop(name, None) is not None and name not in book.acted:
        duel.emit("order_void", name, "dragons.turned.order_void", {"name": name})


def power(duel: DuelContext, name: str, a: UsePower, pen: int) -> None:
    """A Power or GM-adjudicated action; a critical failure calls the Spirit check."""
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    target: Any = {"key": "dragons.word.on_target", "target": a.target} if a.target else ""
    note = f" ({a.note})" if a.note else ""
    if a.die is None:
        duel.emit("power", name, "dragons.power.noted",
                  {"name": name, "power": a.power, "target": target, "note": note})
        return
    wp = R.wound_penalty(s.wounds, spec.wild_card)
    r = bennies.trait(duel, name, a.die, pen + wp, spec.wild_card, purpose=f"power: {a.power}")
    if duel.mode.events:
        key = ("dragons.power.crit" if r.critical_failure else
               "dragons.roll.power.ok" if r.success else "dragons.roll.power.fail")
        duel.emit("power", name, key, {"name": name, "power": a.power, "roll": r.total,
                                       "raises": r.raises, "target": target, "note": note,
                                       "mods": modifiers(actions_mod(pen), wounds_mod(wp, s.wounds))},
                  rolls=(r.roll,), data={"success": r.success, "raises": r.raises})
    if r.critical_failure:
        spirit_check(duel, name, "dragons.cause.power")
