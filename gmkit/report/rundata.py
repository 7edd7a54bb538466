"""A played encounter as plain JSON data: the one thing every report is drawn from.

:func:`play` runs an encounter to its end (orders written in advance first, the autopilot for the
rest) and keeps, after every round, the board as the GM sees it, as each side sees it and as every
side at once may see it ("public"). Reports never touch the engine again: a player report is
rebuilt from this data in the player's view, so what a player may not see is never in the file.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..engines import engine_for as engine_class
from ..errors import GmkitError, Problem, ScenarioError
from ..errors import noted as noted_in
from ..i18n.grammar import Cast
from ..paths import find_file, templates_dir
from .planned import OrdersError, give, load_messages, load_orders, read_message

__all__ = ["play", "load_orders", "find_file", "templates_dir", "public_board", "views_of", "board_for",
           "events_for", "entities", "RUN_FORMAT", "OrdersError", "engine_class", "view_data",
           "require_view", "held_view", "view_tag", "grammar_data", "cast_of_run", "side_label",
           "load_messages", "read_message"]

RUN_FORMAT = 1
PUBLIC = "\x00public"
"""A side name nobody has: only events every side may see are visible to it."""


def entities(board: Mapping[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """The board's list of participants (``dragons``, ``ships``, ``combatants``...) and its key."""
    for key, value in board.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) and "name" in v
                                                     for v in value):
            return key, value
    return "", []


def public_board(enc: Any) -> dict[str, Any]:
    """What every side may see at once: each participant as its enemies see it."""
    sides = list(enc.sides())
    if not sides:
        return dict(enc.board(None))
    boards = {s: enc.board(s) for s in sides}
    out = copy.deepcopy(boards[sides[0]])
    key, ents = entities(out)
    if not key:
        return out
    merged = []
    for ent in ents:
        viewers = [s for s in sides if s != ent.get("side")] or sides
        seen = None
        for s in viewers:
            _, theirs = entities(boards[s])
            seen = next((e for e in theirs if e.get("name") == ent.get("name")), None)
            break
        if seen is not None:
            merged.append(copy.deepcopy(seen))
    out[key] = merged
    return out


def views_of(enc: Any) -> dict[str, Any]:
    """The board as the GM, every side and the public see it now."""
    return {"gm": enc.board(None), "public": public_board(enc),
            "sides": {s: enc.board(s) for s in enc.sides()}}


def board_for(views: Mapping[str, Any], view: str, side: str = "") -> dict[str, Any]:
    if view == "gm":
        return dict(views["gm"])
    if side:
        try:
            return dict(views["sides"][side])
        except KeyError:
            raise GmkitError(f"no side {side!r} (sides: {', '.join(views['sides'])})") from None
    return dict(views["public"])


def events_for(events: list[dict[str, Any]], view: str, side: str = "") -> list[Any]:
    """Events (as :class:`~gmkit.events.Event`) the chosen view may show."""
    from ..events import Event

    who = None if view == "gm" else (side or PUBLIC)
    out = []
    for e in events:
        ev = Event.from_json(e)
        if ev.visible_to(who):
            out.append(ev)
    return out


def grammar_data(cast: Cast) -> dict[str, Any]:
    """A fight's cast as run data keeps it: every name with its kind, gender and forms, and each
    named side's id with its name (so a report drawn later declines them as the fight did)."""
    return {"names": [list(row) for row in cast.rows()], "sides": cast.sides}


def cast_of_run(data: Mapping[str, Any]) -> Cast:
    """The cast of run data: its ``grammar`` (what :func:`play` and the chronicle write); for run
    data written before it, the GM's scenario (a player's older data declines by the dictionary)."""
    kept = data.get("grammar")
    if isinstance(kept, Mapping):
        return Cast.of([(str(r[0]), r[1], r[2], r[3]) for r in kept.get("names") or ()],
                       kept.get("sides") or {})
    if held_view(data)[0] == "gm" and isinstance(data.get("scenario"), Mapping):
        from ..scenario import cast_of

        try:
            return cast_of(data["scenario"])
        except (GmkitError, KeyError, TypeError, ValueError, AttributeError):
            pass  # a scenario of no known rule set: names stay as the dictionary reads them
    return Cast()


def side_label(data: Mapping[str, Any], side: str) -> str:
    """``side`` as a reader calls it: its ``side_names`` entry (kept in the run data), else its id."""
    kept = data.get("grammar")
    if isinstance(kept, Mapping):
        return str((kept.get("sides") or {}).get(side, side))
    entry = ((data.get("scenario") or {}).get("side_names") or {}).get(side)
    return str(entry["name"]) if isinstance(entry, Mapping) and "name" in entry else side


def _strings(value: Any, out: set[str]) -> None:
    """Every text in ``value`` (an event's parameters) into ``out``."""
    if type(value) is str:
        out.add(value)
    elif type(value) is dict:
        for v in value.values():
            if type(v) is str:
                out.add(v)
            elif v is not None and not isinstance(v, int | float):
                _strings(v, out)
    elif isinstance(value, list | tuple | Mapping):
        for v in value.values() if isinstance(value, Mapping) else value:
            _strings(v, out)


PLAYER_SCENARIO = ("system", "name", "description", "language")
"""What of the scenario file a player's run data keeps: the rest (starting cells of a cloaked ship,
hidden stats) is the GM's."""
PLAYER_SUMMARY = ("system", "scenario", "seed", "over", "rounds", "winner", "outcome", "survivors",
                  "reason", "odds")
"""What of the summary a player's run data keeps (the per-participant table is the GM's)."""


def held_view(data: Mapping[str, Any]) -> tuple[str, str]:
    """The view run data holds: ``("gm", "")`` for the full data, else ``("player", side)``."""
    if data.get("view", "gm") == "gm":
        return "gm", ""
    return "player", str(data.get("side") or "")


def _view_name(view: str, side: str) -> str:
    if view == "gm":
        return "the GM's view"
    return f"side {side!r}'s player view" if side else "the public player view"


def require_view(data: Mapping[str, Any], view: str, side: str = "") -> None:
    """Refuse to draw ``view`` from run data that holds less (a player's data has no GM view, and
    one side's data is not another side's, nor the public view)."""
    held, held_side = held_view(data)
    if held == "gm":
        return
    if view != "player" or side != held_side:
        raise GmkitError(f"this run data holds {_view_name(held, held_side)} only, not "
                         f"{_view_name(view, side)}: the GM's reports are drawn from the GM file "
                         f"(NAME.gm.json beside the notebook, e.g. gmkit report NAME.gm.json)")


def view_data(data: Mapping[str, Any], view: str = "player", side: str = "") -> dict[str, Any]:
    """The run data of one view only: what a player's notebook and files may hold.

    The GM view is the data itself. A player's view keeps that player's boards (one side's, or the
    public one), the events that view may see, the outcome and the odds; it drops the scenario file
    (beyond its name and description), the GM's boards, every hidden event (GM notes, a cloaked
    ship's moves), the orders not resolved, the per-participant summary and the journal.
    """
    require_view(data, view, side)
    if view == "gm":
        return dict(data)
    if side and side not in data["sides"]:
        raise GmkitError(f"no side {side!r} (sides: {', '.join(data['sides'])})")
    from ..events import Event, told

    who = side or PUBLIC

    def boards(views: Mapping[str, Any]) -> dict[str, Any]:
        if side:
            return {"sides": {side: copy.deepcopy(views["sides"][side])}}
        return {"public": copy.deepcopy(views["public"])}

    scen = data["scenario"]
    summary = data.get("summary") or {}
    from .numbers import hidden_stub

    def seen(e: dict[str, Any]) -> dict[str, Any] | None:  # a hidden roll keeps its numbers only
        return copy.deepcopy(e) if Event.from_json(e).visible_to(who) else hidden_stub(e)

    rounds = [{"round": r["round"],  # told: what the scenario hides from players out of the text
               "events": [e for e in map(seen, told(r["events"], who, data["system"], scen)) if e],
               "views": boards(r["views"]),
               **{k: copy.deepcopy(r[k]) for k in ("recount", "recounts", "steps") if k in r}}
              for r in data["rounds"]]
    for r, given in zip(rounds, data["rounds"], strict=True):
        if "awaiting" in given:  # who gives orders next (a post leaves out whom its viewer cannot see)
            r["awaiting"] = list(given["awaiting"])
    cast = cast_of_run(data)
    said = set(map(str, data.get("participants", []))) | set(cast.sides.values())
    if any(name not in said for name in cast.names()):  # a weapon, a spell: kept if an event names it
        for r in rounds:
            for e in r["events"]:
                _strings(e.get("params"), said)
    out: dict[str, Any] = {
        "format": data.get("format", RUN_FORMAT), "view": "player", "side": side,
        "system": data["system"], "scenario_file": data.get("scenario_file", ""),
        "scenario": {k: copy.deepcopy(scen[k]) for k in PLAYER_SCENARIO if k in scen},
        "seed": data["seed"], "language": data.get("language", "en"),
        "sides": list(data["sides"]), "participants": list(data.get("participants", [])),
        "max_rounds": data.get("max_rounds"), "initial": boards(data["initial"]), "rounds": rounds,
        "over": data.get("over"), "outcome": copy.deepcopy(data.get("outcome")),
        "summary": {k: copy.deepcopy(summary[k]) for k in PLAYER_SUMMARY if k in summary},
        "unresolved": [],
        # the grammar of the names this view shows (a name it never shows stays the GM's)
        "grammar": {"names": [list(row) for row in cast.rows() if row[0] in said], "sides": cast.sides}}
    if "odds" in data:
        out["odds"] = copy.deepcopy(data["odds"])
    if data.get("seal"):  # the commitment only: the thread has it
        out["seal"] = {"commitment": str(data["seal"]["commitment"])}
    if data.get("now") is not None:  # a fight still in play: the round to come, nobody's orders
        out["now"] = {"round": data["now"]["round"]}
    if data.get("play_from") is not None:  # where the desk's last forum round began
        out["play_from"] = int(data["play_from"])
    return out


def view_tag(view: str, side: str = "") -> str:
    """The part of a report's file name that says whose eyes it is for: ``gm``, ``player`` (what
    every side may see) or ``player-<side>`` (one side's: never the same file as the public one)."""
    if view == "gm":
        return "gm"
    if not side:
        return "player"
    slug = re.sub(r"[^\w.-]+", "-", side, flags=re.UNICODE).strip("-.") or "side"
    if slug != side:  # two sides must never share a file: keep a trace of the exact name
        slug += "-" + hashlib.sha256(side.encode("utf-8")).hexdigest()[:6]
    return f"player-{slug}"


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def _system_words(system: str) -> Any:
    """A rule set as a reader calls it (``report.system.<name>``), else its name."""
    from ..i18n import catalogue

    key = f"report.system.{system}"
    return {"key": key} if key in catalogue() else system


def play(scenario: str | Path | Mapping[str, Any], seed: int | None = None, *,
         orders: str | Path | None = None, max_rounds: int = 30, language: str = "en",
         expect_system: str | None = None, journal: str | Path | None = None) -> tuple[Any, dict[str, Any]]:
    """Play an encounter to its end or the round limit; returns the engine and the run data.

    A bad scenario or orders file raises before the first round (:class:`ScenarioError`,
    :class:`OrdersError`) naming the file, the field and what was expected.
    """
    from ..orders import order_registry, order_to_json
    from ..scenario import load_scenario

    source: str | Path | Mapping[str, Any] = scenario
    label = "<scenario>"
    if not isinstance(scenario, Mapping):
        source = find_file(scenario)
        label = str(scenario)
    try:  # a bad file is told in the run's language too (a note under the English message)
        model = load_scenario(source)
        if expect_system and model.system != expect_system:
            raise ScenarioError(label, [Problem("system", key="report.error.template_system",
                                                want=_system_words(expect_system),
                                                got=_system_words(model.system))])
        cls = engine_class(model.system)
        enc = cls(model.model_dump(mode="json"), seed)
        plan: dict[str, Any] = {"rounds": {}, "notes": {}}
        if orders:
            source_orders = find_file(orders)
            if source_orders.is_dir():
                plan = load_messages(source_orders, list(enc.participants()), enc.scenario.get("aliases"))
            else:
                plan = load_orders(source_orders, order_registry(cls.order_types), enc.participants())
    except GmkitError as e:
        noted_in(e, language)
        raise
    used: set[tuple[int, str]] = set()
    noted: set[int] = set()
    data: dict[str, Any] = {
        "format": RUN_FORMAT, "system": enc.system, "scenario_file": label,
        "scenario": enc.scenario, "seed": enc.seed, "language": language,
        "sides": list(enc.sides()), "participants": list(enc.participants()),
        "max_rounds": max_rounds, "orders_file": str(orders or ""),
        "grammar": _json(grammar_data(enc.cast)), "initial": _json(views_of(enc)), "rounds": []}
    from ..draws import mark
    from .numbers import numbered_events, opening_events

    opening = _json(opening_events(enc))  # the setup's rolls open the first round's story
    rounds: dict[int, dict[str, Any]] = {}
    if opening:
        rounds[opening[0]["round"]] = {"round": opening[0]["round"], "events": opening}
    cap = max(1, max_rounds) * 64
    while not enc.is_over and enc.round <= max_rounds and enc.resolutions < cap:
        rnd = enc.round
        if rnd in plan["notes"] and rnd not in noted:
            noted.add(rnd)
            start = len(enc.record)
            for text in plan["notes"][rnd]:
                enc.note(text)
            rounds.setdefault(rnd, {"round": rnd, "events": []})["events"] += [
                e.to_json() for e in enc.record[start:]]
        give(enc, plan, rnd, used, str(orders or ""))
        at = mark(enc.dice)
        new = enc.resolve_round(autopilot=True)
        entry = rounds.setdefault(rnd, {"round": rnd, "events": []})
        entry["events"] += _json(numbered_events(enc.dice, at, new, rnd))
        entry["steps"] = int(entry.get("steps", 0)) + 1
        entry["views"] = _json(views_of(enc))
    data["rounds"] = [rounds[r] for r in sorted(rounds) if "views" in rounds[r]]
    out = enc.outcome()
    data["over"] = bool(enc.is_over)
    data["outcome"] = _json(out) if out is not None else None
    summary = _json(enc.summary())
    summary["outcome"] = data["outcome"]
    summary.setdefault("survivors", (out or {}).get("survivors", []))
    summary["reason"] = (out or {}).get("reason", "") if out is not None else "round limit"
    data["summary"] = summary
    data["unresolved"] = [{"actor": a, "order": order_to_json(enc.pending_order(a))}
                          for a in enc.orders_received]
    data["journal"] = enc.journal_lines()
    if journal is not None:
        enc.save(journal)
    return enc, data
