"""Whether a replayed fight's events are the ones its journal recorded, and where they differ.

A journal written by an older gmkit replays under a newer one: the dice and what they decided
must be the same, while the words (a message key, an added parameter) may have moved on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["as_recorded", "first_difference"]


def _canon(events: Any) -> str:
    return json.dumps(events, sort_keys=True, ensure_ascii=False)


_WORDS = ("key", "params")
"""What of an event is its sentence; the rest (round, actor, kind, data, rolls, visibility) is
what happened."""


def as_recorded(got: list[dict[str, Any]], want: list[dict[str, Any]],
                 reworded: Mapping[str, frozenset[str]]) -> bool:
    """The replayed events ``got`` are the recorded ``want``: the same, or told as a newer gmkit
    tells them — an event with more parameters than recorded (those recorded the same), or under
    a key its rule set lists as a rewording of the recorded one
    (:attr:`~gmkit.encounter.Encounter.reworded`) — with what happened the same in every event."""
    if _canon(got) == _canon(want):
        return True
    if len(got) != len(want):
        return False
    for g, w in zip(got, want, strict=True):
        if _canon(g) == _canon(w):
            continue
        if _canon({k: v for k, v in g.items() if k not in _WORDS}) != \
                _canon({k: v for k, v in w.items() if k not in _WORDS}):
            return False
        if g.get("key") == w.get("key"):
            mine, theirs = g.get("params", {}), w.get("params", {})
            if any(k not in mine or _canon(mine[k]) != _canon(v) for k, v in theirs.items()):
                return False
        elif g.get("key") not in reworded.get(str(w.get("key")), ()):
            return False
    return True


def first_difference(got: Any, want: Any, depth: int = 0,
                     reworded: Mapping[str, Any] | None = None) -> str:
    """Where two JSON values first differ, as a field path (``[2].params.damage``), past the
    events a newer gmkit only tells anew (given ``reworded``: see :func:`as_recorded`)."""
    if depth > 30:
        return ""
    if isinstance(got, list) and isinstance(want, list):
        for i, (a, b) in enumerate(zip(got, want, strict=False)):
            if _canon(a) != _canon(b) and (reworded is None or not as_recorded([a], [b], reworded)):
                return f"[{i}]" + first_difference(a, b, depth + 1)
        return f"[{min(len(got), len(want))}]" if len(got) != len(want) else ""
    if isinstance(got, dict) and isinstance(want, dict):
        for k in sorted(set(got) | set(want), key=str):
            if k not in got or k not in want or _canon(got[k]) != _canon(want[k]):
                return f".{k}" + (first_difference(got[k], want[k], depth + 1)
                                  if k in got and k in want else "")
    return ""
