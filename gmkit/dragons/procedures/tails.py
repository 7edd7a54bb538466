"""D-12 On the tail: getting on a tail, losing it, forcing the target, shaking the pursuer off."""

from __future__ import annotations

from typing import Any

from ...dice import multi_action_penalty
from .. import rules as R
from ..context import DuelContext
from ..orders import Force, ShakeOff, TailAttempt, own_actions
from . import bennies
from .common import actions_mod, cannot, modifiers, rule_mod, wounds_mod

__all__ = ["lose_tail", "set_tail", "check_tails", "piloting_contest", "tail_attempt", "force",
           "shake_off"]


def lose_tail(duel: DuelContext, pursuer: str, target: str, key: str, why: str = "") -> None:
    """The pursuer is no longer on the target's tail (nothing happens if it was not)."""
    ps, ts = duel.state.dragons[pursuer], duel.state.dragons[target]
    if ps.tailing != target:
        return
    ps.tailing = None
    ts.tailed_by = None
    duel.emit("tail_lost", pursuer, key, {"name": pursuer, "target": target},
              data={"pursuer": pursuer, "target": target, "text": why})


def set_tail(duel: DuelContext, pursuer: str, target: str) -> None:
    """The pursuer gets on the target's tail (a tail the other way round ends)."""
    ps, ts = duel.state.dragons[pursuer], duel.state.dragons[target]
    if ts.tailing == pursuer:
        lose_tail(duel, target, pursuer, "dragons.tail.turned_around")
    ps.tailing = target
    ts.tailed_by = pursuer


def check_tails(duel: DuelContext) -> None:
    """A tail holds only while both fly at the same Speed and Height, neither out nor falling."""
    st = duel.state.dragons
    for n, s in st.items():
        t = s.tailing
        if t is None:
            continue
        ts = st[t]
        if s.out or ts.out or s.falling or ts.falling:
            lose_tail(duel, n, t, "dragons.tail.lost_out" if (s.out or ts.out)
                      else "dragons.tail.lost_falling")
        elif (s.speed, s.height) != (ts.speed, ts.height):
            lose_tail(duel, n, t, "dragons.tail.lost_apart")


def piloting_contest(duel: DuelContext, name: str, other: str, amods: list[dict[str, Any]],
                     dmods: list[dict[str, Any]],
                     purpose: str) -> tuple[Any, tuple[Any, Any], dict[str, Any]]:
    """Opposed Piloting (C-3) of ``name`` against ``other``, each side's modifier the sum of its
    parts (``{"n": ...}`` with their sources, :mod:`.common`); the result, its two rolls and the
    parameters every tail message shares (each total with what changed it). A critical failure
    on either side is noted in the round book: the fall it may start (D-9) is settled once the
    action is told."""
    res = bennies.opposed(duel, name, other, sum(p["n"] for p in amods),
                          sum(p["n"] for p in dmods), purpose)
    params: dict[str, Any] = {"name": name, "target": other, "roll": res.attacker.total,
                              "against": res.defender.total}
    if duel.mode.events:
        params["mods"] = modifiers(*amods)
        params["against_mods"] = modifiers(*dmods)
    for who, r in ((name, res.attacker), (other, res.defender)):
        if r.critical_failure:  # a manoeuvre botched: it may start a fall (D-9), settled after
            duel.book.crits.append(who)
    return res, (res.attacker.roll, res.defender.roll), params


def tail_attempt(duel: DuelContext, name: str, a: TailAttempt, pen: int) -> None:
    """Opposed Piloting at the same Speed and Height; if both tried, the winner ends up behind
    the other; if the winner did not try, it simply evades."""
    book = duel.book
    if name in book.settled:
        duel.emit("tail_settled", name, "dragons.tail.settled", {"name": name, "target": a.target})
        return
    s = duel.state.dragons[name]
    t = duel.state.dragons.get(a.target)
    if t is None or t.out:
        return cannot(duel, name, "word.tail", "target_out", "D-12",
                      f"{a.target} is out of the fight", target=a.target)
    if s.tailing is not None:
        return cannot(duel, name, "word.tail", "already_tailing", "D-12",
                      f"already on {s.tailing}'s tail", target=s.tailing)
    if t.tailed_by is not None:
        return cannot(duel, name, "word.tail", "has_pursuer", "D-12",
                      f"{a.target} already has {t.tailed_by} on its tail",
                      target=a.target, pursuer=t.tailed_by)
    if s.falling or t.falling:
        return cannot(duel, name, "word.tail", "falling", "D-9",
                      "a falling dragon cannot get on a tail or be followed")
    prob = R.tail_problem((s.speed, s.height), (t.speed, t.height))
    if prob:
        return cannot(duel, name, "word.tail", "apart", "D-12", prob, target=a.target,
                      speed=s.speed, height=s.height, tspeed=t.speed, theight=t.height)
    spec, tspec = duel.dragons[name], duel.dragons[a.target]
    their = book.orders.get(a.target)
    mutual = (a.target not in book.acted and their is not None and not t.shaken
              and any(isinstance(x, TailAttempt) and x.target == name for x in their.actions))
    dmods = [wounds_mod(R.wound_penalty(t.wounds, tspec.wild_card, mutual), t.wounds)]
    if mutual and their is not None:
        dmods.append(actions_mod(multi_action_penalty(len(own_actions(their.actions)))))
        book.settled.add(a.target)
    amods = [actions_mod(pen), wounds_mod(R.wound_penalty(s.wounds, spec.wild_card, True), s.wounds)]
    res, rolls, params = piloting_contest(duel, name, a.target, amods, dmods, "Piloting: tail")
    if res.attacker_wins:
        set_tail(duel, name, a.target)
        duel.emit("tail", name, "dragons.roll.tail.gained", params, rolls=rolls,
                  data={"pursuer": name, "target": a.target})
    elif mutual and res.defender.success:
        set_tail(duel, a.target, name)
        duel.emit("tail", a.target, "dragons.roll.tail.reversed", params, rolls=rolls,
                  data={"pursuer": a.target, "target": name})
    else:
        duel.emit("tail_failed", name, "dragons.roll.tail.evaded", params, rolls=rolls)


def force(duel: DuelContext, name: str, a: Force, pen: int) -> None:
    """The pursuer (ordered first) wins opposed Piloting at -2: it sets the target's Speed
    rising or falling, or with a raise its Height."""
    s = duel.state.dragons[name]
    t = s.tailing
    book = duel.book
    if t is None:
        return cannot(duel, name, "word.force", "no_tail", "D-12", "it is on nobody's tail")
    prob = R.forcing_problem(book.rank[name], book.rank[t] if t in book.orders else None)
    if prob:
        return cannot(duel, name, "word.force", "later", "D-12", prob, target=t)
    if t in book.acted:
        return cannot(duel, name, "word.force", "already_moved", "D-12",
                      f"{t} has already moved this round", target=t)
    spec, tspec = duel.dragons[name], duel.dragons[t]
    ts = duel.state.dragons[t]
    res, rolls, params = piloting_contest(
        duel, name, t, [rule_mod("dragons.mod.force", -2), actions_mod(pen),
                        wounds_mod(R.wound_penalty(s.wounds, spec.wild_card), s.wounds)],
        [wounds_mod(R.wound_penalty(ts.wounds, tspec.wild_card, False), ts.wounds)],
        "Piloting: force")
    if not res.attacker_wins:
        duel.emit("force", name, "dragons.roll.force.fails", params, rolls=rolls,
                  data={"won": False})
        return
    if res.raises >= 1 and a.height is not None:
        want = ("height", a.height)
    else:
        want = ("speed", a.speed)
    book.forced[t] = want
    params["want"] = {"key": f"dragons.word.{want[0]}_{want[1]}"}
    duel.emit("force", name, "dragons.roll.force.wins", params, rolls=rolls,
              data={"won": True, "axis": want[0], "direction": want[1], "raises": res.raises})


def shake_off(duel: DuelContext, name: str, a: ShakeOff, pen: int) -> None:
    """Opposed Piloting at -2 to the target; a win ends the tail."""
    s = duel.state.dragons[name]
    p = s.tailed_by
    if p is None:
        return cannot(duel, name, "word.shake_off", "no_pursuer", "D-12", "nobody is on its tail")
    spec, pspec = duel.dragons[name], duel.dragons[p]
    ps = duel.state.dragons[p]
    res, rolls, params = piloting_contest(
        duel, name, p, [rule_mod("dragons.mod.shake", -2), actions_mod(pen),
                        wounds_mod(R.wound_penalty(s.wounds, spec.wild_card), s.wounds)],
        [wounds_mod(R.wound_penalty(ps.wounds, pspec.wild_card, False), ps.wounds)],
        "Piloting: shake off")
    if res.attacker_wins:
        duel.emit("shake_off", name, "dragons.roll.shake.wins", params, rolls=rolls)
        lose_tail(duel, p, name, "dragons.tail.shaken_off")
    else:
        duel.emit("shake_off", name, "dragons.roll.shake.fails", params, rolls=rolls)
