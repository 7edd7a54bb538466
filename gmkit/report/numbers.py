"""The draw numbers in run data and posts: ``#57–#59`` beside each roll's faces.

Run data keeps each event's numbers beside its rolls (``draws``, see :mod:`gmkit.draws`). A
roll its viewer may see shows its numbers and faces; a roll hidden from the viewer (a cloaked
ship's) shows its numbers only, as a "hidden roll" line of its own, so that the numbers of a
fight run without a gap through its posts; a face typed in by hand (C-2) is marked as the GM's
and takes no number. Each round's post ends with a line the checker reads (:mod:`gmkit.checker`):
the round, its numbers, the recount it is, and the seal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..draws import Mark, annotate, numbered
from ..events import GM, Event
from ..i18n import format_message

__all__ = ["numbered_events", "opening_events", "draws_label", "story_item", "hidden_stub",
           "round_span", "footer", "recount_notice", "HIDDEN_KIND"]

HIDDEN_KIND = "hidden_roll"
"""The kind of the line that stands for a roll hidden from its viewer."""
UNSHOWN_KIND = "unshown_roll"
"""The kind of the line that stands for draws no event shows (the GM's eyes only)."""


def numbered_events(dice: Any, since: Mark, events: Sequence[Event], rnd: int) -> list[dict[str, Any]]:
    """``events`` (a step's, made since ``since``) as JSON with their draw numbers, and one
    GM-only line for the draws no event shows."""
    nums = numbered(dice, since)
    out = annotate(events, nums)
    unshown = nums.unshown()
    if unshown:
        out.append({"round": rnd, "actor": "", "kind": UNSHOWN_KIND, "key": "seal.post.unshown",
                    "params": {"n": len(unshown)}, "visibility": GM,
                    "draws": [list(u) for u in unshown]})
    return out


def opening_events(fight: Any) -> list[dict[str, Any]]:
    """The setup's events (life dice, a first roll-off) with their draw numbers: the head of
    the first round's post."""
    head = fight.record[:getattr(fight, "setup_events", 0)]
    rnd = head[0].round if head else fight.round
    return numbered_events(fight.dice, Mark(0, 0, 0, 0), head, rnd)


def _numbers(entry: Any) -> list[int | None]:
    if isinstance(entry, Mapping):
        return list(entry.get("again") or [])
    return list(entry or [])


def draws_label(entry: Any, lang: str) -> str:
    """A roll's numbers as a post writes them: ``#57–#59``; ``ГМ`` / ``GM`` for a face typed in
    by hand; ``тот же бросок #57`` / ``same roll #57`` for a roll shown again; "" for none."""
    nums = _numbers(entry)
    if not nums:
        return ""
    gm = format_message("seal.draws.gm", lang)
    if all(n is None for n in nums):
        label = gm
    else:
        parts: list[str] = []
        run: list[int] = []
        for n in [*nums, -1]:
            if isinstance(n, int) and n >= 0 and run and n == run[-1] + 1:
                run.append(n)
                continue
            if run:
                parts.append(f"#{run[0]}" if len(run) == 1 else f"#{run[0]}–#{run[-1]}")
                run = []
            if n is None:
                parts.append(gm)
            elif n >= 0:
                run = [n]
        label = ", ".join(parts)
    if isinstance(entry, Mapping):
        return format_message("seal.draws.again", lang, draws=label)
    return label


def _labelled(label: str, text: str, lang: str) -> str:
    return format_message("seal.roll", lang, draws=label, roll=text) if label else text


def hidden_stub(event: Mapping[str, Any]) -> dict[str, Any] | None:
    """What a viewer who may not see ``event`` is shown of it: its rolls' numbers as a hidden
    roll (no actor, no text, no face), or None when it rolled nothing."""
    draws = [_numbers(d) for d in event.get("draws") or () if not isinstance(d, Mapping)]
    draws = [d for d in draws if any(n is not None for n in d)]
    if not draws:
        return None
    return {"round": event.get("round", 0), "actor": "", "kind": HIDDEN_KIND,
            "key": "seal.post.hidden", "params": {"n": len(draws)}, "draws": draws}


def story_item(event: Mapping[str, Any], who: str | None, lang: str) -> tuple[str, list[str]] | None:
    """One event as a story line for viewer ``who`` (None: the GM): its text and each roll with
    its numbers; an event hidden from the viewer becomes its hidden-roll line (or nothing)."""
    ev = Event.from_json(dict(event))
    if not ev.visible_to(who):
        stub = hidden_stub(event)
        return None if stub is None else story_item(stub, who, lang)
    draws = list(event.get("draws") or ())
    rolls = []
    for i, roll in enumerate(ev.rolls):
        rolls.append(_labelled(draws_label(draws[i], lang) if i < len(draws) else "",
                               roll.describe(lang), lang))
    if not ev.rolls:
        rolls = [label for label in (draws_label(d, lang) for d in draws) if label]
    return ev.text(lang), rolls


def round_span(events: Sequence[Mapping[str, Any]]) -> tuple[int, int] | None:
    """The lowest and highest draw number of a round's events (hidden ones too), or None."""
    nums = [n for e in events for d in e.get("draws") or () if not isinstance(d, Mapping)
            for n in _numbers(d) if n is not None]
    return (min(nums), max(nums)) if nums else None


def footer(data: Mapping[str, Any], entry: Mapping[str, Any], lang: str) -> str:
    """The post's last line, the one the checker reads: ``Кости раунда 3: #57–#70; печать …``;
    a round played in several turns names how many it holds (``раунда 3, ход 2``), so that a
    later post of the round shows it grew and was not played again."""
    span = round_span(entry["events"])
    draws: Any = ({"key": "seal.draws.none"} if span is None
                  else f"#{span[0]}" if span[0] == span[1] else f"#{span[0]}–#{span[1]}")
    count = int(entry.get("recounts") or 0)
    steps = int(entry.get("steps") or 1)
    seal = (data.get("seal") or {}).get("commitment")
    return format_message(
        "seal.post.footer", lang, round=str(entry["round"]), draws=draws,
        turn={"key": "seal.post.turn_mark", "turn": str(steps)} if steps > 1 else "",
        recount={"key": "seal.post.recount_mark", "count": str(count)} if count else "",
        seal={"key": "seal.post.seal_mark", "seal": str(seal)[:16]} if seal else "")


def recount_notice(entry: Mapping[str, Any], visible: Sequence[str], participants: Sequence[str],
                   lang: str) -> str | None:
    """``Раунд 3 пересчитан: изменена заявка Шквала.`` for a round resolved again after an undo
    with something changed. A participant its viewer may not see (a cloaked ship) is told as "a
    hidden order"; an order of no participant's is the GM's ruling."""
    why = entry.get("recount")
    if not why:
        return None
    orders = list(why.get("orders", ()))
    seen = [n for n in orders if n in visible]
    what: list[Any] = []
    if seen:
        what.append({"key": "seal.recount.orders", "names": seen})
    if any(n in participants and n not in visible for n in orders):
        what.append({"key": "seal.recount.hidden"})
    if any(n not in participants for n in orders):
        what.append({"key": "seal.recount.gm"})
    if why.get("arrival"):
        what.append({"key": "seal.recount.arrival"})
    if why.get("hand"):
        what.append({"key": "seal.recount.hand"})
    said: Any = what[0] if what else ""
    for more in what[1:]:
        said = {"key": "seal.recount.and", "a": said, "b": more}
    return format_message("seal.post.recount", lang, round=str(entry["round"]), what=said)
