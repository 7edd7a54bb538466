"""The words procedures put into events: statuses, special kinds and notations as message terms,
and what an outcome did in words a reader understands (the ``told`` parameter of a protection
roll, a condition taken or ended, a special attack triggered)."""

from __future__ import annotations

from typing import Any

from ..notation import SPECIAL_KINDS, SpecialAttack

__all__ = ["KNOWN_STATUSES", "status_term", "kind_term", "notation_term", "modifiers_term", "bonus_term",
           "against_spell", "against_special", "against_item", "resisted_term", "taken_term", "ended_term",
           "fired_term", "unfired_term"]

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


# --- outcomes told (issue 34): what a protection roll was against and what it decided -------------

def against_spell(spell: str) -> dict[str, Any]:
    """F-5 against a spell (F-6): «от заклинания «Сон»» — a spell, never an attack."""
    return {"key": "fantasy.against.spell", "spell": spell}


def against_special(kind: str, attack: str | None) -> dict[str, Any]:
    """F-5 against a special attack (F-4) of a weapon: «от яда копья»."""
    if attack is None:
        return {"key": "fantasy.against.kind", "kind": kind_term(kind)}
    return {"key": "fantasy.against.special", "kind": kind_term(kind), "attack": attack}


def against_item(item: str) -> dict[str, Any]:
    """F-5 against an item or potion (F-8): «от жезла сна»."""
    return {"key": "fantasy.against.item", "item": item}


def _told(key: str, **params: Any) -> dict[str, Any]:
    """A told outcome after a dash, in the line of the roll that decided it."""
    return {"key": "fantasy.told", "said": {"key": key, **params}}


def resisted_term(target: str, status: str | None, harms: bool) -> dict[str, Any]:
    """What a protection roll that succeeds spared ``target``: the condition it shook off
    («Варг стряхивает сон»), death, or the harm («Борин остаётся невредим»)."""
    if status in KNOWN_STATUSES:
        return _told(f"fantasy.resisted.{status}", actor=target)
    if status == "dead":
        return _told("fantasy.resisted.dead", actor=target)
    if status is not None:
        return _told("fantasy.resisted.status", actor=target, status=status)
    return _told("fantasy.resisted.harm" if harms else "fantasy.resisted.any", actor=target)


def taken_term(target: str, status: str, turns: int | None) -> dict[str, Any] | None:
    """A condition taken, in words: «Варг засыпает на 2 хода», «Тихон парализован»; None for a
    status the GM named (its line says «получает состояние …» as it always did)."""
    if status not in KNOWN_STATUSES:
        return None
    span: Any = {"key": "fantasy.span", "turns": turns} if turns else ""
    return {"key": f"fantasy.taken.{status}", "actor": target, "span": span}


def ended_term(actor: str, status: str) -> dict[str, Any] | None:
    """A condition ending, in words: «Варг просыпается»; None for a status the GM named."""
    if status not in KNOWN_STATUSES:
        return None
    return {"key": f"fantasy.ended.{status}", "actor": actor}


def fired_term(actor: str, attack: str, kind: str, roll: Any) -> dict[str, Any]:
    """F-4 triggered, in words: «Вместо урона от укуса Паука — яд (16 на d18)»."""
    return {"key": "fantasy.fired", "actor": actor, "attack": attack, "kind": kind_term(kind), "roll": roll}


def unfired_term(kinds: list[str], roll: Any) -> dict[str, Any]:
    """F-4 not triggered, in few words (the normal damage follows): «Яд не срабатывает (5 на d18)»."""
    return {"key": "fantasy.unfired", "kinds": [kind_term(k) for k in kinds], "roll": roll}
