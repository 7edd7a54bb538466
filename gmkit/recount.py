"""Undo without fishing: what a resolution took in, and what changed when an undone one is taken
again.

The dice of a fight are one stream, so a round undone and resolved again with the same orders
rolls the same dice. Only other orders (or their arrival, or faces typed in by hand) can give
another outcome; :func:`changes` names them, the resolution's journal line keeps them as its
``recount``, and the round's post says so (``Раунд 3 пересчитан: изменена заявка Шквала``).
What a resolution takes in besides the board is read from the journal's steps since the last
resolution (:func:`stance_of`), so it is the same for a live fight and a resumed one
(:func:`undone_stances`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .journal import STANDING, dumps
from .orders import Order, order_to_json

__all__ = ["stance_of", "undone_stances", "changes"]


def _order_text(order: Any) -> str:
    """An order as one canonical JSON text (a live :class:`Order` or its journal JSON alike)."""
    data = order_to_json(order) if isinstance(order, Order) else order
    return json.dumps(json.loads(dumps(data, str)), sort_keys=True, ensure_ascii=False)


def stance_of(entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What the next resolution after ``entries`` takes in besides the board: each actor's
    order (as canonical JSON), the order they arrived in, the faces in hand (C-2)."""
    start = 0
    hand: list[int] = []
    for i in range(len(entries) - 1, -1, -1):
        if entries[i].get("op") == "resolve":
            start, hand = i + 1, list(entries[i].get("hand", ()))
            break
    orders: dict[str, str] = {}
    arrival: list[str] = []
    for e in entries[start:]:
        op = e.get("op")
        if op == "submit":
            orders[e["actor"]] = _order_text(e["order"])
            if e["actor"] in arrival:
                arrival.remove(e["actor"])
            arrival.append(e["actor"])
        elif op == "withdraw":
            orders.pop(e["actor"], None)
            if e["actor"] in arrival:
                arrival.remove(e["actor"])
        elif op == "reorder":
            arrival = list(e["order"])
        elif op == "enter":
            hand += list(e["faces"])
    return {"orders": orders, "arrival": arrival, "hand": hand}


def undone_stances(entries: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """The resolutions a journal undid and did not take again, by index (0 for the first), with
    what each took in: what :meth:`gmkit.encounter.Encounter.undo` keeps for a live fight."""
    stack: list[Mapping[str, Any]] = []
    redo: dict[int, dict[str, Any]] = {}
    for entry in entries:
        op = entry.get("op")
        if op == "undo":
            steps = [i for i, e in enumerate(stack) if e.get("op") not in STANDING]
            if not steps:
                continue
            i = steps[-1]
            undone = stack.pop(i)
            if undone.get("op") == "resolve":
                before = stack[:i]
                redo[sum(1 for e in before if e.get("op") == "resolve")] = stance_of(before)
        else:
            if op == "resolve":
                redo.pop(sum(1 for e in stack if e.get("op") == "resolve"), None)
            stack.append(entry)
    return redo


def changes(before: Mapping[str, Any], now: Mapping[str, Any],
            participants: Sequence[str]) -> dict[str, Any] | None:
    """What differs between two stances: whose orders (participants in their order, then any
    other actor, the GM's rulings), whether only their arrival, whether the faces in hand; None
    when nothing does."""
    known = list(participants)
    actors = [a for a in known if a in before["orders"] or a in now["orders"]]
    actors += sorted((set(before["orders"]) | set(now["orders"])) - set(known))
    changed = [a for a in actors if before["orders"].get(a) != now["orders"].get(a)]
    arrival = not changed and before["arrival"] != now["arrival"]
    hand = before["hand"] != now["hand"]
    if not (changed or arrival or hand):
        return None
    return {"orders": changed, "arrival": arrival, "hand": hand}
