"""The words procedures put into events: statuses, special kinds and notations as message terms."""

from __future__ import annotations

from typing import Any

from ..notation import SPECIAL_KINDS, SpecialAttack

__all__ = ["KNOWN_STATUSES", "status_term", "kind_term", "notation_term", "modifiers_term", "bonus_term"]

KNOWN_STATUSES = ("poisoned", "petrified", "paralysed", "asleep", "stunned", "blinded", "burning",
                  "held")
"""Statuses with a message of their own; any other status the GM names is shown as written."""

_NAMED_KINDS = frozenset(SPECIAL_KINDS.values())
"""F-4: the special kinds the original names (each has a message of its own)."""


def status_term(status: str) -> Any:
    if status in KNOWN_STATUSES:
        return {"key": f"fantasy.status.{status}"}
    return status


def kind_term(kind: str) -> Any:
    if kind in _NAMED_KINDS:
        return {"key": f"fantasy.special.{kind}"}
    return kind.replace("_", " ")


def notation_term(sp: SpecialAttack) -> dict[str, Any]:
    """F-4: a special attack's notation as each language writes it (яд16ПБ6 / poison16PR6)."""
    kind = {"key": f"fantasy.special.{sp.kind}.short"} if sp.kind in _NAMED_KINDS else sp.kind
    if sp.protection is None:
        return {"key": "fantasy.notation", "kind": kind, "trigger": sp.trigger}
    return {"key": "fantasy.notation.pr", "kind": kind, "trigger": sp.trigger, "pr": sp.protection}


def modifiers_term(attack: str, to_hit: int, target: str, easier: int) -> dict[str, Any] | None:
    """F-2: where the face needed comes from when a modifier moved it (``+1 за меч``, ``−1 к
    попаданию по Вожаку``); None when nothing did."""
    parts: list[dict[str, Any]] = []
    if to_hit:
        parts.append({"key": "fantasy.mod.attack", "n": to_hit, "attack": attack})
    if easier:
        parts.append({"key": "fantasy.mod.target", "n": easier, "target": target})
    return {"key": "fantasy.mods", "parts": parts} if parts else None


def bonus_term(rolled: float, modifier: int, ranged: bool) -> dict[str, Any] | None:
    """F-3: where a damage figure comes from when Strength (melee) or Constitution (ranged)
    changed the table's value (``1,5 +1 за силу``); None when neither did."""
    if not modifier:
        return None
    key = "fantasy.bonus.constitution" if ranged else "fantasy.bonus.strength"
    return {"key": key, "rolled": rolled, "n": modifier}
