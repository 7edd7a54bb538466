"""Helpers the procedures share: dice as the roller takes them, roll purposes, move phrases, what
changed a roll (each modifier with its source), and the event for an ordered action the position
no longer allows."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...dice import parse_trait
from ..context import DuelContext
from ..orders import Move

__all__ = ["die", "purpose", "move_words", "moving_words", "position", "move_key", "cannot",
           "ATTACK_KEYS", "ROLL_KEYS", "REWORDED", "modifiers", "actions_mod", "wounds_mod",
           "band_mod", "fall_mod", "rule_mod"]


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
    """A move as a noun phrase (``набор высоты на 2 уровня``) for a line that says what was
    ordered or forced."""
    return {"key": f"dragons.word.{move.kind}", "n": move.amount}


def moving_words(move: Move) -> dict[str, Any]:
    """A move made as a noun phrase that says level flight plainly (``ровный полёт``, ``ровный
    полёт с разгоном на 1``): for a pursuer's line that follows its target."""
    if move.kind == "level":
        kind = "level" if move.amount == 0 else "faster" if move.amount > 0 else "slower"
        return {"key": f"dragons.moving.{kind}", "n": abs(move.amount)}
    return {"key": f"dragons.moving.{move.kind}", "n": move.amount}


def move_key(move: Move) -> str:
    """The story line of a dragon's own move: level flight at the same Speed, speeding up or
    slowing down, a climb or a dive (each its own verb)."""
    if move.kind == "level":
        return ("dragons.move.level" if move.amount == 0 else
                "dragons.move.faster" if move.amount > 0 else "dragons.move.slower")
    return _MOVE_KEYS.get(move.kind) or f"dragons.move.{move.kind}"


_MOVE_KEYS = {"climb": "dragons.move.climb", "dive": "dragons.move.dive"}
""":func:`move_key` of a climb and a dive, formatted once."""


def position(s0: int, h0: int, s1: int, h1: int) -> dict[str, Any]:
    """Speed and Height after a move, each with the value it came from when the move changed it
    (``Скорость 7 → 1, Высота 10 → 12``)."""
    key = (("dragons.at.both" if h0 != h1 else "dragons.at.speed") if s0 != s1 else
           ("dragons.at.height" if h0 != h1 else "dragons.at.same"))
    return {"key": key, "speed": s1, "height": h1, "from_speed": s0, "from_height": h0}


# --- what changed a roll --------------------------------------------------------------------------

def modifiers(*parts: dict[str, Any] | None) -> dict[str, Any] | str:
    """The modifiers of a roll, each with its source (`` (−2 за 2 действия, −1 за 1 рану)``), for
    a story line to put after the roll's total; nothing (``""``) when none changed it (a part of
    0 is left out)."""
    kept = [p for p in parts if p is not None and p["n"]]
    return {"key": "dragons.mods.some", "parts": kept} if kept else ""


def actions_mod(penalty: int) -> dict[str, Any]:
    """C-4: the multi-action penalty, with the number of actions that caused it."""
    return {"key": "dragons.mod.actions", "n": penalty, "count": 1 - penalty // 2}


def wounds_mod(penalty: int, wounds: int) -> dict[str, Any]:
    """D-8: the wound penalty, with the Wounds that caused it."""
    return {"key": "dragons.mod.wounds", "n": penalty, "wounds": wounds}


def band_mod(band: str, penalty: int) -> dict[str, Any]:
    """D-5: the range band's penalty."""
    return {"key": f"dragons.mod.{band}", "n": penalty}


def fall_mod(penalty: int, turns: int) -> dict[str, Any]:
    """D-9: the recovery penalty, with the turns spent falling."""
    return {"key": "dragons.mod.fall", "n": penalty, "turns": turns}


def rule_mod(key: str, penalty: int) -> dict[str, Any]:
    """A fixed penalty a rule gives (D-12: -2 to force or to shake off)."""
    return {"key": key, "n": penalty}


# --- message keys ---------------------------------------------------------------------------------

ATTACK_KEYS = {(ranged, hit, raised): f"dragons.roll.{'attack' if ranged else 'melee'}."
               f"{('hit_raise' if raised else 'hit') if hit else 'miss'}"
               for ranged in (False, True) for hit in (False, True) for raised in (False, True)}
"""(ranged band?, hit?, raise?) -> the attack's message key."""

ROLL_KEYS = ("attack.hit", "attack.hit_raise", "attack.miss", "attack.crit", "melee.hit", "melee.hit_raise",
             "melee.miss", "shaken.recovers", "shaken.stays", "tail.gained", "tail.reversed",
             "tail.evaded", "force.wins", "force.fails", "shake.wins", "shake.fails",
             "fall.recovers", "fall.still", "danger.ok", "danger.fail", "turn.resists",
             "turn.consumed", "power.ok", "power.fail", "benny.soak", "benny.soak_all")
"""The story lines of a roll that tell its modifiers with their sources: ``dragons.roll.<k>``,
each the rewording of ``dragons.<k>`` (which told the total modifier only, or none)."""

REWORDED: Mapping[str, frozenset[str]] = {
    **{f"dragons.{k}": frozenset({f"dragons.roll.{k}"}) for k in ROLL_KEYS},
    "dragons.move.done": frozenset(f"dragons.move.{k}" for k in
                                   ("level", "faster", "slower", "climb", "dive")),
    "dragons.move.copied": frozenset({"dragons.move.follows"}),
    "dragons.manoeuvre": frozenset({"dragons.figure.named", "dragons.figure.any"}),
    "dragons.over.last_side": frozenset({"dragons.over.won"}),
}
"""The message keys the story had before issue 27 (still in the catalogue, so that runs saved
then render), each to the keys that tell the same event now with more to say: a journal written
before replays (see :attr:`gmkit.encounter.Encounter.reworded`)."""


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
