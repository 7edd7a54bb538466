"""Helpers the procedures share: dice as the roller takes them, roll purposes, move phrases, and
the event for an ordered action the position no longer allows."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...dice import parse_trait
from ..context import DuelContext
from ..orders import Move

__all__ = ["die", "purpose", "move_words", "cannot", "ATTACK_KEYS"]


@lru_cache(maxsize=256)
def die(die: str | None) -> int | str | None:
    """A trait die as Dice.trait takes it fastest: ``"d8"`` -> 8; with a modifier as written."""
    if die is None:
        return None
    sides, mod = parse_trait(die)
    return sides if mod == 0 else die


@lru_cache(maxsize=1024)
def purpose(what: str, weapon: str) -> str:
    """A roll's purpose (``attack: Flame``), formatted once per weapon."""
    return f"{what}: {weapon}"


def move_words(move: Move) -> dict[str, Any]:
    """A move as a translatable phrase."""
    if move.kind == "level":
        return {"key": "dragons.word.level", "n": move.amount}
    return {"key": f"dragons.word.{move.kind}", "n": move.amount}


ATTACK_KEYS = {(ranged, hit, raised): f"dragons.{'attack' if ranged else 'melee'}."
               f"{('hit_raise' if raised else 'hit') if hit else 'miss'}"
               for ranged in (False, True) for hit in (False, True) for raised in (False, True)}
"""(ranged band?, hit?, raise?) -> the attack's message key."""


def cannot(duel: DuelContext, name: str, what: Any, code: str, rule: str, text: str,
           **params: Any) -> None:
    """An ordered action that the position no longer allows: lost, with the reason."""
    if not duel.mode.events:
        return
    if isinstance(what, str) and what.startswith("word."):
        what = {"key": f"dragons.{what}"}
    duel.emit("action_lost", name, "dragons.action.lost",
              {"name": name, "what": what, "rule": rule,
               "why": {"key": f"dragons.why.{code}", **params}},
              data={"rule": rule, "code": code, "text": text})
