"""S-3, S-6, S-7, S-8: a shot (range, the d10 against the defence, the long shot's confirmation),
the attacker's choice once the shot is known (S-8: the whole ship or its systems; S-10: a cloaked
attacker's place), its damage through the shields into the hull, the d10 system table; and
raising shields (S-5).

A choice the order left open pauses the turn: the board holds a :class:`~..board.Decision`, the
ship on turn owes a :class:`~..orders.Choose`, and :func:`choose` plays the rest of the shot.
"""

from __future__ import annotations

from typing import Any

from ...events import GM
from .. import rules as R
from ..board import Decision, ShipState
from ..context import Battle, cell_text, cells_text, hidden_from, visibility
from ..orders import Attack, Choose, DefaultChoice, RaiseShields
from ..rules import Cell, Cells
from .cloaking import after_fire, reveal
from .effects import destroy, fail_escape
from .turns import over

__all__ = ["attack", "fire", "choose", "damage", "system_hit", "disable", "raise_shields"]


def attack(b: Battle, actor: str, ship: ShipState, order: Attack) -> None:
    """The Attack order: fire at the target, or at the named cell of a cloaked one (S-10)."""
    blind = hidden_from(b, order.target, b.sheet.ships[actor].side)
    # aimed_cells, with ``blind`` known: the named cell of a ship it cannot see, else the target's
    aimed = (order.cell,) if blind and order.cell is not None else b.state.ships[order.target].cells
    fire(b, actor, ship, order.target, order.aim, aimed, blind, order.then)


def fire(b: Battle, actor: str, ship: ShipState, target: str, aim: str | None, aimed: Cells,
         blind: bool, then: Cell | None = None) -> bool:
    """S-7, S-3, S-8, S-6: one shot, with a cloaked attacker's brief reveal (S-10). Returns hit.

    ``blind``: the target is cloaked from the attacker's side and ``aimed`` is the named cell; a
    miss then reads the same in public whether the cell was empty or the roll too low. ``aim`` and
    ``then`` None: chosen once the shot is known (:func:`after_shot`).
    """
    t = b.state.ships[target]
    ts = b.sheet.ships[target]
    fr = R.fire_range(ship.cells, aimed)
    if ship.cloaked:
        reveal(b, actor, ship, target, aimed)
    ship.shots += 1
    right = not blind or aimed[0] in t.cells
    defence = R.attack_defence(ts.defence, ts.shield_defence, t.shields_up, t.shields,
                               t.disabled("shields"))
    r = b.dice.d(10, purpose="attack", actor=actor)
    face = int(r.total)
    hit = right and R.hits(face, defence)
    params: dict[str, Any] = {"ship": actor, "target": target, "face": face}
    data: dict[str, Any] = {"face": face, "range": fr, "aim": aim}
    if blind:
        params["cell"] = cell_text(aimed[0])
        data["cell"] = list(aimed[0])
        if not hit:
            b.emit("attack", actor, "space.attack.blind_miss", params, data=data, rolls=(r,))
            b.emit("attack", actor, "space.attack.blind_miss_gm" if right else "space.attack.empty_gm",
                   {"ship": actor, "target": target, "cell": cell_text(aimed[0]), "defence": defence},
                   visibility=GM)
            after_shot(b, actor, ship, target, aimed, fr, False, aim, then)
            return False
        params["defence"] = defence
        key = "space.attack.blind_hit"
    else:
        params["defence"] = defence
        key = "space.attack.hit" if hit else "space.attack.miss"
    data["defence"] = defence
    b.emit("attack", actor, key, params, data=data, rolls=(r,))
    opts = b.sheet.options
    if hit and fr == 2 and opts.long_shot_confirm:
        need = opts.long_shot_confirm_min
        r2 = b.dice.d(10, purpose="confirm long shot", actor=actor)
        ok = R.long_shot_confirmed(int(r2.total), need)
        b.emit("attack", actor, "space.attack.confirmed" if ok else "space.attack.not_confirmed",
               {"ship": actor, "face": int(r2.total), "need": need}, rolls=(r2,))
        hit = ok
    if hit:
        ship.hits += 1
        fail_escape(b, target, actor)
    after_shot(b, actor, ship, target, aimed, fr, hit, aim, then)
    return hit


def after_shot(b: Battle, actor: str, ship: ShipState, target: str, aimed: Cells, fr: int,
               hit: bool, aim: str | None, then: Cell | None) -> None:
    """Once the shot is known: S-8, the attacker chooses the whole ship or its systems (a hit);
    S-10, a cloaked attacker chooses where it cloaks again. What the order gave is played now;
    what it left open pauses the turn on a :class:`Decision` (not when the fight is over, nor a
    place for a ship whose engines cannot move it)."""
    ask_aim = hit and aim is None
    if hit and aim is not None:
        strike(b, actor, ship, target, aim, fr)
    ask_shift = (then is None and ship.cloaked and ship.in_play and not ship.disabled("engines")
                 and ship.held_by is None)
    if (ask_aim or ask_shift) and not over(b):
        d = Decision(actor, target, aimed, fr, ask_aim, ask_shift, then)
        b.state.decision = d
        asks = d.asks()
        b.emit("choice", actor, "space.choice.asked." + "_".join(asks),
               {"ship": actor, "target": target}, data={"asks": list(asks)})
        return
    after_fire(b, actor, ship, then)


def choose(b: Battle, actor: str, ship: ShipState, order: Choose) -> None:
    """The Choose order: the rest of the shot the turn waited for (S-8, S-10)."""
    d = b.state.decision
    assert d is not None
    b.state.decision = None
    if isinstance(order, DefaultChoice):  # the captain's order did not say: the GM's default
        if d.aim and order.aim is not None:
            b.emit("choice", actor, "space.choice.default.aim",
                   {"ship": actor, "aim": {"key": f"space.choice.default.{order.aim}"}},
                   data={"default": True, "aim": order.aim})
        if d.shift:  # where it cloaks again is its own side's to know (S-10)
            b.emit("choice", actor, "space.choice.default.shift", {"ship": actor},
                   data={"default": True}, visibility=visibility(b, actor))
    if d.aim and order.aim is not None and b.state.ships[d.target].in_play:
        strike(b, actor, ship, d.target, order.aim, d.range)
    after_fire(b, actor, ship, order.to if d.shift else d.then)


def strike(b: Battle, actor: str, ship: ShipState, target: str, aim: str, fr: int) -> None:
    """S-8: the hit lands where the attacker chose: the whole ship (its damage) or its systems."""
    b.emit("choice", actor, f"space.choice.{aim}", {"ship": actor, "target": target},
           data={"aim": aim})
    if aim == "systems":
        system_hit(b, actor, target)
    else:
        damage(b, actor, ship, target, fr)


def damage(b: Battle, actor: str, ship: ShipState, target: str, fr: int) -> None:
    """S-8 whole-ship damage, halved (S-3, S-8, S-13), plated (S-8), shields first (S-6)."""
    spec = b.sheet.ships[actor]
    t = b.state.ships[target]
    if isinstance(spec.damage, str):
        r = b.dice.roll(spec.damage, purpose="damage", actor=actor)
        rolled = int(r.total)
    else:
        p = b.dice.pick(spec.damage, purpose="damage", actor=actor)
        r = p.roll
        rolled = int(p.value)
    held = ship.held_by is not None
    no_targeting = ship.disabled("targeting")
    no_plating = t.disabled("plating")
    k = R.damage_halvings(fr, no_targeting, held)
    dealt = R.dealt(rolled, k, no_plating)
    work = t.shields_up and not t.disabled("shields")
    to_shields, to_hull = R.absorb(dealt, t.shields, work)
    t.shields -= to_shields
    t.hull = max(0, t.hull - to_hull)
    ship.damage_dealt += to_shields + to_hull
    why = []
    if fr == 2:
        why.append("range")
    if no_targeting:
        why.append("targeting")
    if held:
        why.append("held")
    if no_plating:
        why.append("plating")
    b.emit("damage", actor, "space.damage", {"ship": actor, "target": target, "rolled": rolled,
           "dealt": dealt, "shields": to_shields, "hull": to_hull, "left": t.hull,
           "notes": [{"key": f"space.damage.note.{w}"} for w in why] or "-"},
           data={"rolled": rolled, "dealt": dealt, "shields": to_shields, "hull": to_hull,
                 "hull_left": t.hull, "shields_left": t.shields, "modifiers": why}, rolls=(r,))
    if t.shields <= 0 and to_shields:
        b.emit("shields", target, "space.shields.gone", {"ship": target})
    if t.hull <= 0:
        destroy(b, target)


def system_hit(b: Battle, actor: str, target: str) -> None:
    """S-8: the d10 system table; a second hit disables the system with its effect."""
    t = b.state.ships[target]
    r = b.dice.d(10, purpose="system", actor=actor)
    system = R.system_for(int(r.total))
    result = R.system_hit_result(t.systems.get(system, 0))
    t.systems[system] = t.systems.get(system, 0) + 1
    b.emit("system", actor, f"space.hit_system.{result}", {"ship": actor, "target": target,
           "system": _system(system)}, data={"system": system, "result": result}, rolls=(r,))
    if result == "disabled":
        disable(b, target, system)


def disable(b: Battle, name: str, system: str) -> None:
    """S-8: the effects of a disabled system (those that act later are read off the board)."""
    t = b.state.ships[name]
    has = True
    if system == "shields":
        t.shields_up = False
    elif system == "crew":
        t.skip_turns += 1
    elif system == "life_support":
        t.skip_turns += 2
    elif system == "cloak":
        has = b.sheet.ships[name].cloak
        if t.cloaked:
            t.cloaked = False
            b.emit("cloak", name, "space.cloak.lost", {"ship": name, "cells": cells_text(t.cells)},
                   data={"cells": [list(x) for x in t.cells]})
    elif system == "cargo":
        has = t.cargo is not None
        t.cargo = None
    elif system == "engines":
        t.fleeing = False
    b.emit("system", name, f"space.effect.{system}" + ("" if has else ".none"), {"ship": name},
           data={"system": system})


def raise_shields(b: Battle, actor: str, ship: ShipState, order: RaiseShields) -> None:
    """S-5/S-6: raising the shields takes the turn."""
    ship.shields_up = True
    b.emit("shields", actor, "space.shields.up", {"ship": actor, "points": ship.shields},
           data={"shields": ship.shields})


def _system(name: str) -> dict[str, str]:
    return {"key": f"space.system.{name}"}
