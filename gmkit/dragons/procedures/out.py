"""Leaving the fight (D-8, D-9, D-13): withdrawn, downed, unconscious, killed or fallen away."""

from __future__ import annotations

from typing import Any

from .. import rules as R
from ..context import DuelContext
from .tails import check_tails

__all__ = ["put_out", "downed"]


def put_out(duel: DuelContext, name: str, reason: str, cause: str = "") -> None:
    """``name`` leaves the fight for ``reason``; its tails end and the parties may change."""
    s = duel.state.dragons[name]
    if s.out:
        return
    s.out = True
    s.out_reason = reason
    duel.book.decided = None
    params: dict[str, Any] = {"name": name}
    if cause:
        params["cause"] = {"key": cause}
    duel.emit("out", name, f"dragons.out.{reason}", params, data={"reason": reason})
    check_tails(duel)


def downed(duel: DuelContext, name: str) -> None:
    """D-8/D-13: an Extra at 2 wounds or a Wild Card at 4+: dead in the Blue; over the
    Firmament a d6 survival roll (scenario option) decides whether it lives."""
    spec = duel.dragons[name]
    if R.downed_fate(duel.battlefield, spec.wild_card) == "dead":
        put_out(duel, name, "killed", cause="dragons.cause.blue")
        return
    need = duel.options.get("wild_crash_survival" if spec.wild_card else "extra_crash_survival",
                            4 if spec.wild_card else 6)
    r = duel.dice.d(6, purpose="survive the fall to the Firmament", actor=name)
    alive = int(r.total) >= need
    duel.emit("survival", name, "dragons.survival.lives" if alive else "dragons.survival.dies",
              {"name": name, "roll": r.total, "need": need}, rolls=(r,), data={"alive": alive})
    put_out(duel, name, "downed" if alive else "killed", cause="dragons.cause.crash")
