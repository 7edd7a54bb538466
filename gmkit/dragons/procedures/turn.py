"""D-1 A dragon's turn: the GM's D-10 check, Shaken recovery (C-4), its movement or fall, then
its actions in the order given, each at the multi-action penalty (C-4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...dice import multi_action_penalty
from .. import rules as R
from ..context import DuelContext
from ..orders import (
    NOT_ACTIONS,
    Attack,
    DragonOrder,
    Force,
    Manoeuvre,
    Move,
    ShakeOff,
    TailAttempt,
    TurnCheck,
    UsePower,
    own_actions,
)
from . import bennies
from .attacks import attack
from .common import die, modifiers, move_words, wounds_mod
from .falling import fall_turn, settle_crits
from .manoeuvres import manoeuvre
from .movement import do_move, obey_forcing
from .tails import force, lose_tail, shake_off, tail_attempt
from .turning import power, spirit_check

__all__ = ["take_turn", "ACTIONS"]

_PENALTIES = tuple(multi_action_penalty(n) for n in range(8))
"""C-4's multi-action penalty for 0..7 actions, worked out once (asked every turn)."""

LEVEL = Move.level(0)
"""Level flight at the same Speed: the move of a dragon without one (a frozen value, shared)."""

ACTIONS: dict[type, Callable[[DuelContext, str, Any, int], None]] = {
    Attack: attack, TailAttempt: tail_attempt, Force: force, ShakeOff: shake_off,
    Manoeuvre: manoeuvre, UsePower: power}
"""The procedure that carries out each kind of action: ``(duel, name, action, penalty)``."""


def take_turn(duel: DuelContext, name: str, order: DragonOrder | None) -> None:
    """``name``'s whole turn with ``order`` (None: it sent none)."""
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    # the dragon's actions, without the GM's calls (which cost no multi-action penalty)
    acts: tuple[Any, ...] | list[Any] = () if order is None else order.actions
    rulings = check = False  # the GM's calls and Bennies among them; a D-10 check called
    for a in acts:
        if isinstance(a, NOT_ACTIONS):
            rulings = True
            if isinstance(a, TurnCheck):
                check = True
                break
    if rulings:
        acts = own_actions(acts)
    if check:
        was = s.turned
        spirit_check(duel, name, "dragons.cause.gm")
        if s.turned and not was:  # consumed now: the whole turn is the GM's (D-10 "at once")
            duel.emit("order_void", name, "dragons.turned.order_void", {"name": name})
            order = duel.gm_order(name)
            acts = () if order is None else own_actions(order.actions)
    gms = s.turned  # the actions are the GM's: a consumed pilot's are not carried out
    if s.shaken:
        pen = R.wound_penalty(s.wounds, spec.wild_card, False)
        purpose = "Spirit: recover from Shaken"
        if bennies.can_spend(duel, name, "unshake"):  # a sure Benny beats a reroll (D-7)
            r = duel.dice.trait(die(spec.pilot.spirit), pen, wild=spec.wild_card, purpose=purpose,
                                actor=name)
        else:
            r = bennies.trait(duel, name, spec.pilot.spirit, pen, spec.wild_card, purpose=purpose)
        s.shaken = not r.success
        if duel.mode.events:
            duel.emit("shaken_recovery", name,
                      "dragons.roll.shaken.recovers" if r.success else "dragons.roll.shaken.stays",
                      {"name": name, "roll": r.total,
                       "mods": modifiers(wounds_mod(pen, s.wounds)) if pen else ""},
                      rolls=(r.roll,), data={"success": r.success})
        bennies.unshake(duel, name)
    if s.falling:
        if order is not None and order.move is not None:
            duel.emit("move_void", name, "dragons.move.void_falling", {"name": name})
        fall_turn(duel, name)
    elif s.tailing is not None and (order is None or order.move is None
                                    or name not in duel.book.tailing_at_start):
        # a tail gained this round, before the dragon's move, replaces its move (D-12)
        duel.emit("follow", name, "dragons.tail.follows", {"name": name, "target": s.tailing})
    else:
        _move(duel, name, order)
    if s.out or not acts:
        return
    if s.shaken:
        duel.emit("no_actions", name, "dragons.shaken.no_actions", {"name": name, "n": len(acts)})
        return
    n = len(acts)
    pen = _PENALTIES[n] if n < len(_PENALTIES) else multi_action_penalty(n)
    if pen and duel.mode.events:
        duel.emit("multi", name, "dragons.multi_action",
                  {"name": name, "n": len(acts), "penalty": pen})
    book = duel.book
    for i, a in enumerate(acts):
        if s.out or (book.decided if book.decided is not None else duel.fight_decided()):
            return  # (the round's memo read first: asked before every action)
        if s.turned and not gms:  # the pilot was consumed during the turn (D-10 "at once")
            duel.emit("order_void", name, "dragons.turned.rest_void",
                      {"name": name, "n": len(acts) - i})
            return
        act = ACTIONS.get(type(a)) or next((f for c, f in ACTIONS.items() if isinstance(a, c)),
                                           None)
        if act is not None:
            act(duel, name, a, pen)
            if book.crits:
                settle_crits(duel)


def _move(duel: DuelContext, name: str, order: DragonOrder | None) -> None:
    """D-4: the ordered move, as forcing (D-12), being Shaken (D-8) and Speed now allow it."""
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    if s.tailing is not None:
        lose_tail(duel, name, s.tailing, "dragons.tail.breaks_off")
    if order is None:
        move = LEVEL
        duel.emit("no_order", name, "dragons.move.missing", {"name": name, "speed": s.speed},
                  data={"missing": True})
    else:
        move = order.move or LEVEL
    if duel.book.forced:
        move = obey_forcing(duel, name, move)
    if s.shaken and move.height_change:
        duel.emit("move_void", name, "dragons.move.shaken_level", {"name": name})
        move = LEVEL
    if not R.is_legal_move(s.speed, spec.max_speed, move, s.shaken, *duel.sheets.move_limits):
        kw = duel.sheets.move_kw
        problem = R.move_problem(s.speed, spec.max_speed, move, shaken=s.shaken, name=name,
                                 **kw)
        if problem is not None:
            duel.emit("move_void", name, "dragons.move.impossible",
                      {"name": name, "move": move_words(move), "speed": s.speed},
                      data={"move": str(move), "text": problem})
            move = LEVEL
    do_move(duel, name, move)
