"""View-models every rule set shares: plain dicts in (a ``Roll``, the record), plain dicts out.

A rule set's own views (its chart or map) are in its ``views.py``; these are the dice and the log.
No rule is computed here: these functions only choose what to show and how.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..dice import Roll, TraitResult
from ..events import Event

__all__ = ["roll_view", "log_rows", "roll_text"]

# --- dice ---------------------------------------------------------------------------------------


def roll_view(roll: Roll | TraitResult, *, mode: str = "roll", lang: str | None = None) -> dict[str, Any]:
    """One roll as the DiceRoller shows it: every die's faces, aces and the Wild Die marked (C-3).

    A face is an *ace* when it is the die's maximum and another face follows it in the chain; a
    trait roll also carries the verdict, its raises and a critical failure.
    """
    trait = roll if isinstance(roll, TraitResult) else None
    r = trait.roll if trait is not None else roll
    assert isinstance(r, Roll)
    dice: list[dict[str, Any]] = []
    aced = False
    for d in r.dice:
        faces = list(d.faces)
        aces = [i < len(faces) - 1 and f == d.sides for i, f in enumerate(faces)]
        aced = aced or any(aces)
        dice.append({"sides": d.sides, "faces": faces, "aces": aces, "kept": bool(d.kept),
                     "wild": d.label == "wild", "label": d.label, "value": sum(faces)})
    view: dict[str, Any] = {"mode": mode, "expr": r.expr, "total": r.total, "dice": dice,
                            "manual": bool(r.manual), "text": r.describe(lang), "aced": aced,
                            "verdict": None, "raises": 0, "tn": None}
    if trait is not None:
        view["tn"] = trait.tn
        view["raises"] = trait.raises
        view["verdict"] = ("critical_failure" if trait.critical_failure
                           else "success" if trait.success else "failure")
    return view


# --- the round log ---------------------------------------------------------------------------------


def roll_text(roll: Roll, lang: str | None = None) -> str:
    """A roll as the log shows it, its words in ``lang`` (the dice's own wording, so the log,
    reports and posts say a roll the same way); without ``lang`` the journal's English."""
    return roll.describe(lang or None)


def log_rows(events: Sequence[Event], lang: str | None = None) -> list[dict[str, Any]]:
    """The record as table rows (round, who, what, dice), text in the chosen language."""
    rows = []
    for e in events:
        rows.append({"round": e.round, "actor": e.actor, "kind": e.kind, "text": e.text(lang),
                     "dice": "; ".join(roll_text(r, lang) for r in e.rolls)})
    return rows


