"""What one play of a forum round did, as the GM reads it: who acted, where it stopped and why
(the desk's status line and ``gmkit orders play`` print the same sentence)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import said
from ..i18n import format_message

if TYPE_CHECKING:
    from ..rounds import RoundPlay

__all__ = ["play_text"]


def play_text(got: RoundPlay, encounter: Any, lang: str) -> str:
    """The play ``got`` of ``encounter`` in one line: the round played (who acted, the GM's
    defaults, the autopilot's orders, the outcome), or why it stopped."""
    from ..i18n import grammar

    with grammar.cast(encounter.cast):  # the fight's names, declined as its scenario says
        return _text(got, encounter, lang)


def _text(got: RoundPlay, encounter: Any, lang: str) -> str:
    from .document import named

    def t(key: str, **params: Any) -> str:
        return format_message(key, lang, **params)

    dropped = [t("ui.round.dropped", names=got.dropped)] if got.dropped else []
    if got.stopped == "waiting":
        return ". ".join([t("ui.round.waiting", names=got.waiting), *dropped])
    if got.stopped == "unfit":
        reason = said(got.refusal, lang).rstrip(". ") if got.refusal is not None else ""
        return ". ".join([t("ui.round.unfit", actor=got.actor, reason=reason), *dropped])
    parts = [t("ui.round.played", names=got.played) if got.played else t("ui.round.played_none")]
    parts += dropped
    if got.defaults:
        parts.append(t("ui.round.defaults", names=got.defaults))
    if got.autopilot:
        parts.append(t("ui.round.autopilot", names=list(dict.fromkeys(got.autopilot))))
    out = encounter.outcome()
    if got.stopped == "over" and out is not None:
        winner = out.get("winner")
        res = (format_message(named("core.winner", winner), lang, side=winner) if winner
               else format_message("core.draw", lang))
        parts.append(t("ui.session.over", outcome=res))
    return ". ".join(parts)
