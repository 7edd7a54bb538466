"""D-7 Bennies (SWADE): what a dragon's order says it will spend this round, and the spending.

An order states its Bennies as :class:`~gmkit.dragons.orders.Benny` entries (a use and how many
at most); at the start of the round they become the round book's budgets. Each roll a Benny may
touch goes through this module: :func:`trait` and :func:`opposed` roll as the dice do and,
when the roll fails and the order allows, spend a Benny on a reroll (the better total stands;
a critical failure is never rerolled, and one on the reroll stands); :func:`soak` rolls Vigor
against a hit's Wounds; :func:`unshake` ends Shaken at once. Every Benny spent is an event with
its dice. A dragon spends its own pool first, then (a GM character) the GM's.
"""

from __future__ import annotations

from typing import Any

from ...dice import OpposedResult, TraitResult
from .. import rules as R
from ..context import DuelContext
from ..orders import Benny, DragonOrder
from .common import die, modifiers, wounds_mod

__all__ = ["plan", "drop", "can_spend", "trait", "opposed", "soak", "unshake"]


def plan(duel: DuelContext, name: str, order: DragonOrder | None) -> None:
    """The budgets ``name``'s order sets for this round (replacing any it had)."""
    drop(duel, name)
    if order is None:
        return
    for a in order.actions:
        if isinstance(a, Benny):
            duel.book.bennies[name, a.use] = a.up_to


def drop(duel: DuelContext, name: str) -> None:
    """No more Bennies from ``name``'s order this round (D-10: a consumed pilot's order)."""
    book = duel.book
    if book.bennies:
        for key in [k for k in book.bennies if k[0] == name]:
            del book.bennies[key]


def _available(duel: DuelContext, name: str) -> int:
    s = duel.state.dragons[name]
    return R.bennies_available(s.bennies, duel.state.gm_bennies, gm=duel.dragons[name].gm,
                               turned=s.turned)


def can_spend(duel: DuelContext, name: str, use: str) -> bool:
    """The order allows one more Benny on ``use`` and one is left to spend."""
    return duel.book.bennies.get((name, use), 0) > 0 and _available(duel, name) > 0


def _spend(duel: DuelContext, name: str, use: str) -> dict[str, Any]:
    """Take one Benny (own first, then the GM's) and the phrase saying whose it was."""
    duel.book.bennies[name, use] -= 1
    s = duel.state.dragons[name]
    if s.bennies > 0 and not s.turned:
        s.bennies -= 1
        return {"key": "dragons.benny.own", "left": s.bennies}
    duel.state.gm_bennies -= 1
    return {"key": "dragons.benny.gms"}


def _failed(r: TraitResult) -> bool:
    return not r.success and not r.critical_failure


def trait(duel: DuelContext, name: str, trait_die: str | None, modifier: int, wild: bool,
          tn: int = 4, purpose: str = "") -> TraitResult:
    """A trait roll of ``name``'s (C-3); a failure is rerolled when its order spends a Benny on
    it (the better total stands, :func:`~gmkit.dragons.rules.reroll_stands`)."""
    d = die(trait_die)
    r = duel.dice.trait(d, modifier, wild=wild, tn=tn, purpose=purpose, actor=name)
    if _failed(r) and can_spend(duel, name, "reroll"):
        r = _reroll(duel, name, r, lambda: duel.dice.trait(d, modifier, wild=wild, tn=tn,
                                                            purpose=purpose, actor=name))
    return r


def _reroll(duel: DuelContext, name: str, first: TraitResult, again: Any) -> TraitResult:
    whose = _spend(duel, name, "reroll")
    second: TraitResult = again()
    stands = R.reroll_stands(first.total, second.total, second.critical_failure)
    kept = second if stands else first
    key = "dragons.benny.reroll_crit" if second.critical_failure else "dragons.benny.reroll"
    duel.emit("benny", name, key, {"name": name, "first": first.total, "second": second.total,
                                   "kept": kept.total, "whose": whose},
              rolls=(first.roll, second.roll),
              data={"use": "reroll", "first": first.total, "second": second.total,
                    "kept": kept.total, "success": kept.success})
    return kept


def opposed(duel: DuelContext, name: str, other: str, amod: int, dmod: int,
            purpose: str) -> OpposedResult:
    """Opposed Piloting (C-3) of ``name`` against ``other`` as the dice roll it, then a reroll
    for the side that lost when its order spends a Benny on it (the actor first)."""
    spec, ospec = duel.dragons[name], duel.dragons[other]
    ad, dd = die(spec.pilot.piloting), die(ospec.pilot.piloting)
    a = duel.dice.trait(ad, amod, spec.wild_card, 4, purpose, name)
    d = duel.dice.trait(dd, dmod, ospec.wild_card, 4, purpose, other)
    if not (a.success and a.total > d.total) and not a.critical_failure \
            and can_spend(duel, name, "reroll"):
        a = _reroll(duel, name, a, lambda: duel.dice.trait(ad, amod, spec.wild_card, 4, purpose,
                                                            name))
    if a.success and a.total > d.total and not d.critical_failure \
            and can_spend(duel, other, "reroll"):
        d = _reroll(duel, other, d, lambda: duel.dice.trait(dd, dmod, ospec.wild_card, 4, purpose,
                                                             other))
    wins = a.success and a.total > d.total
    return OpposedResult(a, d, wins, (a.total - d.total) // 4 if wins else 0)


def soak(duel: DuelContext, name: str, wounds: int) -> int:
    """D-7: when ``name``'s order spends a Benny on soaking and the hit would Wound it: a Vigor
    roll (the D-8 penalty of the Wounds it has, not of these), each success and raise removing
    one Wound. Returns the Wounds left (``wounds`` when it does not soak)."""
    if wounds <= 0 or not can_spend(duel, name, "soak"):
        return wounds
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    whose = _spend(duel, name, "soak")
    wp = R.wound_penalty(s.wounds, spec.wild_card, False)
    r = trait(duel, name, spec.vigor, wp, spec.wild_card, purpose="Vigor: soak")
    gone = R.soaked(wounds, r.success, r.raises)
    left = wounds - gone
    if duel.mode.events:
        duel.emit("benny", name,
                  "dragons.roll.benny.soak_all" if left == 0 else "dragons.roll.benny.soak",
                  {"name": name, "roll": r.total, "n": wounds, "soaked": gone, "left": left,
                   "whose": whose, "mods": modifiers(wounds_mod(wp, s.wounds))}, rolls=(r.roll,),
                  data={"use": "soak", "wounds": wounds, "soaked": gone, "left": left})
    return left


def unshake(duel: DuelContext, name: str) -> bool:
    """D-7: Shaken ends at once when the order spends a Benny on it (True if it did)."""
    s = duel.state.dragons[name]
    if not s.shaken or not can_spend(duel, name, "unshake"):
        return False
    whose = _spend(duel, name, "unshake")
    s.shaken = False
    duel.emit("benny", name, "dragons.benny.unshake", {"name": name, "whose": whose},
              data={"use": "unshake"})
    return True
