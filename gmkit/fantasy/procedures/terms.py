"""The words procedures put into events: statuses, special kinds and notations as message terms."""

from __future__ import annotations

from typing import Any

from ..notation import SPECIAL_KINDS, SpecialAttack

__all__ = ["KNOWN_STATUSES", "status_term", "kind_term", "notation_term"]

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
