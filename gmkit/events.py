"""Events: what a resolution did, with its rolls and who may see it.

The record of an encounter is a list of events. Each one names a message key and its parameters, so
the same record tells the story in English or Russian, and each carries a visibility so that a
player's view can leave out what that player may not know (a cloaked ship's cell, a GM note).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .dice import Roll

__all__ = ["Event", "ALL", "GM", "sides_only", "told", "new_event"]

ALL = "all"
"""Everyone may see the event."""
GM = "gm"
"""Only the GM may see the event."""


def sides_only(*sides: str) -> str:
    """Visibility for the GM and the named sides only (a cloaked ship's own side, say)."""
    if not sides:
        return GM
    return "sides:" + "|".join(sides)


@dataclass(frozen=True, slots=True)
class Event:
    """One step of a resolution: a move, a roll's outcome, a wound, a ship destroyed."""

    round: int
    actor: str
    kind: str
    key: str
    """Message key in the catalogue (``dragons.attack.hit``)."""
    params: dict[str, Any] = field(default_factory=dict)
    """Parameters for the message; plain JSON values."""
    data: dict[str, Any] = field(default_factory=dict)
    """Machine-readable detail for views and summaries; plain JSON values."""
    rolls: tuple[Roll, ...] = ()
    visibility: str = ALL

    def visible_to(self, side: str | None) -> bool:
        """Whether a player of ``side`` may see this event; ``None`` is the GM, who sees all."""
        if side is None or self.visibility == ALL:
            return True
        if self.visibility == GM:
            return False
        if self.visibility.startswith("sides:"):
            return side in self.visibility[6:].split("|")
        return False

    def text(self, lang: str | None = None) -> str:
        """The event as a sentence in the catalogue's language."""
        from .i18n import format_message

        return format_message(self.key, lang, **self.params)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"round": self.round, "actor": self.actor, "kind": self.kind,
                               "key": self.key}
        if self.params:
            out["params"] = self.params
        if self.data:
            out["data"] = self.data
        if self.rolls:
            out["rolls"] = [r.to_json() for r in self.rolls]
        if self.visibility != ALL:
            out["visibility"] = self.visibility
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        return cls(
            round=d["round"], actor=d["actor"], kind=d["kind"], key=d["key"],
            params=d.get("params", {}), data=d.get("data", {}),
            rolls=tuple(Roll.from_json(r) for r in d.get("rolls", ())),
            visibility=d.get("visibility", ALL),
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)




def _maker() -> Any:
    """:func:`new_event`: the slots set one by one, as the frozen dataclass's ``__init__`` does
    through ``object.__setattr__``, at half its cost (a fight at the table makes ~130 events)."""
    new = object.__new__
    (s_round, s_actor, s_kind, s_key, s_params, s_data, s_rolls, s_vis) = (
        Event.__dict__[name].__set__ for name in ("round", "actor", "kind", "key", "params",
                                                  "data", "rolls", "visibility"))

    def new_event(round: int, actor: str, kind: str, key: str, params: dict[str, Any],
                  data: dict[str, Any], rolls: tuple[Roll, ...], visibility: str) -> Event:
        ev = new(Event)
        s_round(ev, round)
        s_actor(ev, actor)
        s_kind(ev, kind)
        s_key(ev, key)
        s_params(ev, params)
        s_data(ev, data)
        s_rolls(ev, rolls)
        s_vis(ev, visibility)
        return ev

    return new_event


new_event = _maker()
"""``Event(round, actor, kind, key, params, data, rolls, visibility)``, every field given: the
same event, equal to it, made on the record's hot path (:meth:`Encounter.emit`)."""


def told(events: Sequence[Any], viewer: str | None, system: str,
         scenario: Mapping[str, Any]) -> list[Any]:
    """The events (:class:`Event` objects or their JSON) as a player of ``viewer`` is told them:
    the rule set's ``told`` (its views part) puts out of their text the numbers its scenario hides
    from players (a monster's armour class); without one, or for the GM (None), they are as
    recorded. A changed event is a copy: the record keeps every number. Visibility is the
    caller's to apply after (a revealed number may make an event visible)."""
    if viewer is None:
        return list(events)
    from .errors import GmkitError
    from .systems import get

    try:
        fn = getattr(get(system).views_module, "told", None)
    except GmkitError:  # run data of a rule set not installed here: its events as recorded
        fn = None
    return list(events) if fn is None else list(fn(events, viewer, scenario))


def seen_by(record: Sequence[Event], side: str, system: str, scenario: Mapping[str, Any],
            memo: dict[int, tuple[Event, Event]]) -> list[Event]:
    """The record as a player of ``side`` sees it: each event as :func:`told`, those ``side`` may
    see. ``memo`` keeps each told copy while its event is, so a desk's log finds the same object
    again and formats only what is new."""
    out = []
    for e, t in zip(record, told(record, side, system, scenario), strict=True):
        if t is not e:
            kept = memo.get(id(e))
            if kept is not None and kept[0] is e and kept[1] == t:
                t = kept[1]
            else:
                memo[id(e)] = (e, t)
        if t.visible_to(side):
            out.append(t)
    return out
