"""View-models every rule set shares: plain dicts in (a ``Roll``, the record), plain dicts out.

A rule set's own views (its chart or map) are in its ``views.py``; these are the dice and the log.
No rule is computed here: these functions only choose what to show and how.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..dice import Roll, TraitResult
from ..events import Event

__all__ = ["roll_view", "log_rows", "roll_text"]

# --- dice ---------------------------------------------------------------------------------------


def roll_view(roll: Roll | TraitResult, *, mode: str = "roll") -> dict[str, Any]:
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
                            "manual": bool(r.manual), "text": r.describe(), "aced": aced,
                            "verdict": None, "raises": 0, "tn": None}
    if trait is not None:
        view["tn"] = trait.tn
        view["raises"] = trait.raises
        view["verdict"] = ("critical_failure" if trait.critical_failure
                           else "success" if trait.success else "failure")
    return view


# --- the round log ---------------------------------------------------------------------------------


def roll_text(roll: Roll, lang: str | None = None) -> str:
    """A roll as the log shows it, its words in ``lang``: ``d8! wild: d8[7] wild d6[2] (dropped) = 7``
    in English, ``d8! дикая: d8[7] дикая d6[2] (отброшена) = 7`` in Russian (faces and dice
    expressions are the same in both)."""
    if not lang or lang == "en":
        return roll.describe()
    from ..i18n import MessageError, format_message

    def label(word: str) -> str:
        try:
            return format_message(f"ui.dice.label.{word}", lang)
        except MessageError:
            return word

    parts = []
    for d in roll.dice:
        chain = "+".join(str(f) for f in d.faces)
        head = f"{label(d.label)} " if d.label else ""
        mark = "" if d.kept else " " + format_message("ui.dice.dropped", lang)
        parts.append(f"{head}d{d.sides}[{chain}]{mark}")
    expr = " ".join(label(w) if w.isalpha() else w for w in str(roll.expr).split(" "))
    hand = " " + format_message("ui.dice.by_hand_mark", lang) if roll.manual else ""
    total = roll.total
    if isinstance(total, float) and total.is_integer():
        total = int(total)
    if isinstance(total, float):
        from ..i18n import format_number

        return f"{expr}: {' '.join(parts)} = {format_number(total, lang)}{hand}"
    return f"{expr}: {' '.join(parts)} = {total}{hand}"


def log_rows(events: Sequence[Event], lang: str | None = None) -> list[dict[str, Any]]:
    """The record as table rows (round, who, what, dice), text in the chosen language."""
    rows = []
    for e in events:
        rows.append({"round": e.round, "actor": e.actor, "kind": e.kind, "text": e.text(lang),
                     "dice": "; ".join(roll_text(r, lang) for r in e.rolls)})
    return rows


