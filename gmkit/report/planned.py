"""What a run plays from a file: orders written in advance (YAML/JSON) or a folder of players'
messages, read and given on each actor's turn.

A file that cannot be used stops the run before its first round, naming the file, the round, the
participant and why (:class:`OrdersError`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import GmkitError, ScenarioError

__all__ = ["OrdersError", "load_orders", "load_messages", "read_message", "give"]


class OrdersError(GmkitError, ValueError):
    """An orders file that cannot be used: names the file, the round, the participant and why.

    ``unreadable``, when set, is the :class:`ScenarioError` of a file that could not be read as
    YAML at all: the orders error says it in the reader's language (:meth:`message`)."""

    def __init__(self, message: str, *, unreadable: ScenarioError | None = None):
        super().__init__(message)
        self.unreadable = unreadable

    def message(self, lang: str | None = None) -> str:
        if self.unreadable is None:
            return str(self)
        from ..i18n import format_message

        lines = self.unreadable.message(lang).split("\n")
        lines[0] = format_message("scenario.invalid_orders", lang, source=self.unreadable.source)
        return "\n".join(lines)


def load_orders(path: str | Path, registry: Mapping[str, type],
                participants: list[str]) -> dict[str, Any]:
    """Read an orders file: ``{round: {participant: order}}`` plus optional GM ``notes``.

    The file is YAML or JSON::

        rounds:
          1:
            Ash: {type: Maneuver, speed: 1}
        notes:
          1: ["the storm is coming"]

    Every order is rebuilt at once, so a bad file stops the run before anything is played.

    ``path`` may also be a folder of players' messages (see :func:`load_messages`): they are read
    by the order language as each round comes.
    """
    from ..orders import order_from_json
    from ..scenario import read_yaml

    p = Path(path)
    if p.is_dir():
        return load_messages(p, participants)
    try:
        data = read_yaml(p)
    except ScenarioError as e:
        raise OrdersError(str(e).replace("scenario is not valid", "orders file is not valid"),
                          unreadable=e) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise OrdersError(f"{p}: an orders file is a mapping of rounds, got {type(data).__name__}")
    rounds_raw = data.get("rounds", {k: v for k, v in data.items() if k != "notes"})
    notes_raw = data.get("notes", {}) or {}
    rounds: dict[int, dict[str, Any]] = {}
    for rkey, per in (rounds_raw or {}).items():
        try:
            rnd = int(rkey)
        except (TypeError, ValueError):
            raise OrdersError(f"{p}: round {rkey!r}: a round number is expected") from None
        if not isinstance(per, dict):
            raise OrdersError(f"{p}: round {rnd}: a mapping of participant -> order is expected")
        for actor, order in per.items():
            if actor not in participants:
                raise OrdersError(f"{p}: round {rnd}, {actor!r}: no such participant "
                                  f"(one of {', '.join(participants)})")
            if not isinstance(order, dict) or "type" not in order:
                raise OrdersError(f"{p}: round {rnd}, {actor}: an order needs a 'type' "
                                  f"(one of {', '.join(sorted(registry))})")
            try:
                built = order_from_json(order, registry)
            except (GmkitError, TypeError) as e:
                raise OrdersError(f"{p}: round {rnd}, {actor}: {e}") from None
            rounds.setdefault(rnd, {})[str(actor)] = built
    notes: dict[int, list[str]] = {}
    for rkey, texts in notes_raw.items():
        try:
            rnd = int(rkey)
        except (TypeError, ValueError):
            raise OrdersError(f"{p}: notes: round {rkey!r}: a round number is expected") from None
        notes[rnd] = [str(t) for t in (texts if isinstance(texts, list) else [texts])]
    return {"rounds": rounds, "notes": notes}


MESSAGE_SUFFIX = ".txt"
ROUND_FOLDER = re.compile(r"round-(\d+)")


def load_messages(folder: Path, participants: list[str],
                  aliases: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A folder of players' messages, one text file per participant, as a forum GM saves them::

        orders/
          Bane.txt            Bane's message for every round that has none of its own
          round-2/Ash.txt     Ash's message for round 2

    A file is named after the participant (or one of its aliases in the scenario). The messages
    are kept as text: :func:`play` reads each with the order language when its round comes, so
    the engine checks it against the fight as it stands then. A file or folder that fits nothing
    stops the run before anything is played, naming the file.
    """
    names = {p: p for p in participants}
    for name, said in (aliases or {}).items():
        for alias in ([said] if isinstance(said, str) else list(said or [])):
            names.setdefault(str(alias), str(name))
    by_fold = {n.casefold(): real for n, real in names.items()}

    def actor_of(file: Path) -> str:
        if file.suffix != MESSAGE_SUFFIX:
            raise OrdersError(f"{file}: a message file is NAME{MESSAGE_SUFFIX} (one per participant)")
        actor = by_fold.get(file.stem.casefold())
        if actor is None:
            raise OrdersError(f"{file}: no participant named {file.stem!r} "
                              f"(one of {', '.join(participants)})")
        return actor

    def text_of(file: Path) -> str:
        try:
            return file.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise OrdersError(f"{file}: not UTF-8 text ({e.reason} at byte {e.start})") from None
        except OSError as e:
            raise OrdersError(f"{file}: cannot be read ({e.strerror})") from None

    standing: dict[str, tuple[str, str]] = {}
    per_round: dict[int, dict[str, tuple[str, str]]] = {}
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            m = ROUND_FOLDER.fullmatch(entry.name)
            if m is None:
                raise OrdersError(f"{entry}: a folder of messages is named round-N (round-2)")
            for file in sorted(entry.iterdir()):
                if not file.name.startswith("."):
                    per_round.setdefault(int(m.group(1)), {})[actor_of(file)] = (str(file), text_of(file))
        else:
            standing[actor_of(entry)] = (str(entry), text_of(entry))
    return {"rounds": {}, "notes": {}, "messages": per_round, "standing": standing}


def read_message(enc: Any, actor: str, where: str, text: str, rnd: int) -> list[Any]:
    """The orders a player's message gives, read by the rule set's order language; a message that
    cannot be used stops the run with the file, the round and the reply the player would get."""
    from ..i18n import grammar
    from ..language import read

    with grammar.cast(enc.cast):  # the reply declines the fight's names
        reading = read(enc, actor, text)
    if not reading.ok:
        raise OrdersError(f"{where}: round {rnd}, {actor}: the message cannot be used as it is; "
                          f"the reply to the player:\n{reading.reply()}")
    return list(reading.orders)


def give(enc: Any, plan: Mapping[str, Any], rnd: int, used: set[tuple[int, str]], orders: str) -> None:
    """Submit round ``rnd``'s planned messages, then orders (in the file's order: it is the
    orders' arrival), of those awaited, and of those not yet awaited whose order waits for a
    later part of the round (F-6: a melee strike sent with the ranged exchange), each once."""
    waiting = enc.awaiting()
    said = {**plan.get("standing", {}), **plan.get("messages", {}).get(rnd, {})}
    for actor in waiting + [a for a in enc.expected() if a not in waiting]:
        if actor in said and (rnd, actor) not in used and actor not in enc.orders_received:
            where, text = said[actor]
            got = (read_message(enc, actor, where, text, rnd) if actor in waiting
                   else _read_quietly(enc, actor, text))
            _submit(enc, actor, got, where, rnd, used, actor in waiting)
    waiting = enc.awaiting()
    for actor, order in plan["rounds"].get(rnd, {}).items():
        if (rnd, actor) not in used and (actor in waiting or actor not in enc.orders_received):
            _submit(enc, actor, [order], orders, rnd, used, actor in waiting)


def _submit(enc: Any, actor: str, got: list[Any], where: str, rnd: int, used: set[tuple[int, str]],
            due: bool) -> None:
    if not got or not (due or all(enc.for_later_part(actor, o) for o in got)):
        return  # its turn has not come: given then
    used.add((rnd, actor))
    for order in got:
        try:
            enc.submit(actor, order)
        except GmkitError as e:
            raise OrdersError(f"{where}: round {rnd}, {actor}: {e}") from None


def _read_quietly(enc: Any, actor: str, text: str) -> list[Any]:
    """A message read ahead of its actor's turn: its orders, or none when it must wait."""
    from ..i18n import grammar
    from ..language import read

    with grammar.cast(enc.cast):
        reading = read(enc, actor, text)
    return list(reading.orders) if reading.ok else []
