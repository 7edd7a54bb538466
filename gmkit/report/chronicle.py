"""Run data from a fight's journal: the record a desk, a resumed desk and the CLI all read alike.

:func:`gmkit.report.rundata.play` makes run data by playing a template to its end. A fight played
at a desk has a journal instead; :class:`Chronicle` turns its steps (an encounter's effective
history, the same lines the journal file holds) into the same run data: after every step it takes
the round's new events, and after every resolution the board as the GM, each side and the public
see it. It replays the steps on a fight of its own, so a round's post is the same text whether it
is taken at the live desk, after ``resume`` or from ``gmkit post JOURNAL.jsonl`` (all three feed it
the same steps), and its own fight is never the desk's.

>>> from gmkit.report.chronicle import run_data_of_journal   # doctest: +SKIP
>>> data = run_data_of_journal("duel.jsonl")                  # doctest: +SKIP
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..draws import mark
from ..errors import GmkitError, JournalError
from .numbers import numbered_events, opening_events
from .rundata import RUN_FORMAT, grammar_data, views_of

if TYPE_CHECKING:
    from ..encounter import Encounter

__all__ = ["Chronicle", "run_data", "run_data_of_journal", "open_journal"]


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def open_journal(path: str | Path) -> Encounter:
    """A journaled fight, read-only (no lock, nothing written: a desk may hold it meanwhile);
    a missing or unreadable file is an error naming it."""
    from ..encounter import Encounter

    p = Path(path)
    if not p.is_file():
        raise GmkitError(f"{p}: no such journal file")
    try:
        return Encounter.resume(p, autosave=False)
    except JournalError:
        raise
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise GmkitError(f"{p}: not a readable gmkit journal ({type(e).__name__}: {e})") from None


class Chronicle:
    """Run data of a fight, kept up to date step by step (a desk asks after every step).

    :meth:`update` replays only the steps it has not seen; when the fight's history no longer
    starts with what it saw (an undo), it starts again from the scenario.
    """

    def __init__(self, encounter: Encounter, language: str = "en"):
        self.encounter = encounter
        self.language = language
        self._start()

    def _start(self) -> None:
        enc = self.encounter
        self._seen: list[dict[str, Any]] = []
        self._fight = type(enc).from_valid(enc.scenario, enc.seed, opening_faces=enc.opening_faces)
        self._rounds: dict[int, dict[str, Any]] = {}
        self._opened()
        self._resolved_at = 0
        """How many steps were taken at the last resolution (what a brief is drawn from)."""
        self._briefs: dict[str, dict[str, Any]] = {}
        self._play_from: int | None = None

    def mark_play(self) -> None:
        """A forum round is about to be played (the desk's «Play the round»): its post and the
        briefs after it tell every round it reaches, from the one it starts in."""
        self._play_from = self.encounter.round

    def _opened(self) -> None:
        """The board before the first round and the setup's events (with their draw numbers):
        again once the salt seals the dice, which sets the fight up again."""
        fight = self._fight
        self._initial = _json(views_of(fight))
        self._opening = _json(opening_events(fight))
        self._opening_round = self._opening[0]["round"] if self._opening else fight.round

    def _step(self, entry: dict[str, Any]) -> None:
        fight = self._fight
        rnd = fight.round
        before = len(fight.record)
        at = mark(fight.dice)
        fight._replay(entry)  # the encounter's own replay: the same checks as resume
        self._seen.append(entry)
        if entry.get("op") == "salt":
            self._opened()
            return
        new = numbered_events(fight.dice, at, fight.record[before:], rnd)
        room = self._rounds.setdefault(rnd, {"round": rnd, "events": []})
        room["events"] += _json(new)
        if entry.get("recount"):
            room["recounts"] = int(room.get("recounts", 0)) + 1
            why = room.setdefault("recount", {"orders": [], "arrival": False, "hand": False})
            why["orders"] += [a for a in entry["recount"].get("orders", ()) if a not in why["orders"]]
            why["arrival"] = why["arrival"] or bool(entry["recount"].get("arrival"))
            why["hand"] = why["hand"] or bool(entry["recount"].get("hand"))
        if entry.get("op") == "resolve":
            room["steps"] = int(room.get("steps", 0)) + 1
            room["views"] = _json(views_of(fight))
            room["awaiting"] = list(fight.awaiting())
            self._resolved_at = len(self._seen)
            self._briefs = {}

    def update(self) -> dict[str, Any]:
        """The run data of the fight as it stands now."""
        steps = self.encounter.history
        n = len(self._seen)
        if n > len(steps) or any(a is not b for a, b in zip(self._seen, steps, strict=False)):
            self._start()
            n = 0
        for entry in steps[n:]:
            self._step(entry)
        return self.data()

    def data(self) -> dict[str, Any]:
        from ..orders import order_to_json

        fight = self._fight
        out = fight.outcome()
        data: dict[str, Any] = {
            "format": RUN_FORMAT, "system": fight.system, "scenario_file": "",
            "scenario": fight.scenario, "seed": fight.seed, "language": self.language,
            "sides": list(fight.sides()), "participants": list(fight.participants()),
            "grammar": _json(grammar_data(fight.cast)),
            "max_rounds": fight.scenario.get("options", {}).get("max_rounds")
            if isinstance(fight.scenario.get("options"), dict) else None,
            "initial": self._initial,
            "rounds": [self._with_opening(self._rounds[r]) for r in sorted(self._rounds)
                       if "views" in self._rounds[r]],
            "over": bool(fight.is_over), "outcome": _json(out) if out is not None else None,
            "now": {"round": fight.round, "awaiting": list(fight.awaiting())}}
        summary = _json(fight.summary())
        summary["outcome"] = data["outcome"]
        summary.setdefault("survivors", (out or {}).get("survivors", []))
        summary["reason"] = (out or {}).get("reason", "") if out is not None else "in play"
        data["summary"] = summary
        data["unresolved"] = [{"actor": a, "order": order_to_json(fight.pending_order(a))}
                              for a in fight.orders_received]
        data["odds"] = {"why": "report.odds.live"}
        if self._play_from is not None:
            data["play_from"] = self._play_from
        if fight.sealed is not None and fight.salt is not None:
            data["seal"] = {"commitment": fight.sealed["commitment"]}
        return data

    def _with_opening(self, room: dict[str, Any]) -> dict[str, Any]:
        """A round's run data; the first round's begins with the setup's events."""
        if room["round"] != self._opening_round or not self._opening:
            return room
        return {**room, "events": self._opening + room["events"]}

    def briefs(self, actors: list[str] | None = None) -> dict[str, dict[str, Any]]:
        """The brief facts (:func:`~.posts.brief_facts`) of ``actors`` (default: everyone), as the
        fight stood after its last resolution; kept until the next one."""
        from .posts import brief_facts, side_of_actor

        wanted = list(self._fight.participants()) if actors is None else list(actors)
        missing = [a for a in wanted if a not in self._briefs]
        if missing:
            for a in missing:  # an unknown name is refused with every name there is
                side_of_actor({"initial": self._initial, "language": self.language,
                               "participants": self._fight.participants()}, a)
            fight = self.brief_fight()
            for a in missing:
                self._briefs[a] = _json(brief_facts(fight, a))
        return {a: self._briefs[a] for a in wanted}

    def brief_fight(self) -> Encounter:
        """The fight as it stood right after its last resolution (before any order of the next
        round arrived): what a brief is drawn from, so no brief depends on an order not resolved."""
        enc = self.encounter
        fight = type(enc).from_valid(enc.scenario, enc.seed, opening_faces=enc.opening_faces)
        for entry in self._seen[:self._resolved_at]:
            fight._replay(entry)
        return fight


def run_data(encounter: Encounter, language: str = "en") -> dict[str, Any]:
    """The run data of ``encounter`` as it stands (see :class:`Chronicle`)."""
    return Chronicle(encounter, language).update()


def run_data_of_journal(path: str | Path, language: str | None = None) -> dict[str, Any]:
    """The run data of a journal file (read-only: a desk may hold the journal meanwhile)."""
    enc = open_journal(path)
    return run_data(enc, language or str(enc.scenario.get("language", "en")))
