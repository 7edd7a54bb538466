"""D-11 Dangerous manoeuvres: Piloting after a fast dive or aerobatics, failure starts a fall; a
pursuer must copy its target's aerobatics (D-12)."""

from __future__ import annotations

from .. import rules as R
from ..context import DuelContext
from ..orders import Manoeuvre
from . import bennies
from .common import actions_mod, cannot, modifiers, wounds_mod
from .falling import crit_on_manoeuvre, start_fall
from .tails import lose_tail

__all__ = ["dangerous", "manoeuvre"]


def dangerous(duel: DuelContext, name: str, what: str, pen: int, copied: bool = False,
              action: bool = False) -> bool:
    """Piloting after a dangerous manoeuvre; failure starts a fall. True on success.

    ``action``: an ordered aerobatic manoeuvre (wound and multi-action penalties apply).
    ``copied``: a pursuer copying it; the option ``copied_manoeuvre: lose_tail`` makes its
    failure only lose the tail.
    """
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    wp = R.wound_penalty(s.wounds, spec.wild_card, action)
    r = bennies.trait(duel, name, spec.pilot.piloting, pen + wp, spec.wild_card,
                      purpose="Piloting: dangerous manoeuvre")
    if duel.mode.events:
        key = "dragons.roll.danger.ok" if r.success else (
            "dragons.danger.crit" if r.critical_failure else "dragons.roll.danger.fail")
        duel.emit("danger", name, key,
                  {"name": name, "what": {"key": what}, "roll": r.total, "mod": pen + wp,
                   "mods": modifiers(actions_mod(pen), wounds_mod(wp, s.wounds))},
                  rolls=(r.roll,), data={"success": r.success})
    if not r.success:
        if copied and duel.options.get("copied_manoeuvre") == "lose_tail":
            if s.tailing is not None:
                lose_tail(duel, name, s.tailing, "dragons.tail.cannot_copy", why="failed Piloting")
            if r.critical_failure:  # only losing the tail, but a botch may still fall (D-9)
                crit_on_manoeuvre(duel, name)
        else:
            start_fall(duel, name, "dragons.fall.manoeuvre")
    return r.success


def manoeuvre(duel: DuelContext, name: str, a: Manoeuvre, pen: int) -> None:
    """Aerobatics: Piloting or fall; a pursuer must copy it (a dangerous manoeuvre too)."""
    s = duel.state.dragons[name]
    if s.falling:
        return cannot(duel, name, a.name, "falling", "D-9", "it is falling")
    if a.name == "aerobatics":  # no figure named: the order says aerobatics in general
        duel.emit("manoeuvre", name, "dragons.figure.any", {"name": name})
    else:
        duel.emit("manoeuvre", name, "dragons.figure.named", {"name": name, "what": a.name})
    ok = dangerous(duel, name, "dragons.word.aerobatics", pen, action=True)
    p = s.tailed_by
    if ok and p is not None:
        duel.emit("manoeuvre", p, "dragons.manoeuvre.copy", {"name": p, "target": name})
        dangerous(duel, p, "dragons.word.aerobatics", 0, copied=True)
