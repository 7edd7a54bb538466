"""The round's table: one row per actor, built from the messages of a paste and the fight.

Each message goes to its actor by who the paste says sent it (a nickname, an actor's or rider's
name: :mod:`.who`); a message that does not say is read for every player's actor that may order
now, and goes to the one actor whose order it reads as, else the GM is asked ("whose is this?").
Each message is read (:func:`gmkit.language.read`) for its actor: its row is ``ready``,
``question`` or ``refused``, with the reply to send the player. An actor with no message gets a
reminder; the GM's own actors (``npcs``) fill their rows with the autopilot's order, or leave it to
their turn where the rules play actors in turn. Nothing here changes the fight:
:func:`gmkit.inbox.accept_all` does, for the ready rows only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import format_message, grammar
from ..language import Reading, examples, offers, read, render
from ..scenario import actors_of
from .paste import MAX_MESSAGES, MAX_PASTE, Message, split, when
from .who import Identities, plain

__all__ = ["Row", "Inbox", "STATES", "build", "read_paste"]

STATES = ("ready", "question", "refused", "missing", "whose", "out", "received", "later")
"""A row's state: its orders can be taken; a question is open; refused; no message yet; nobody
can tell whose message it is; its actor does not act now; an order is already received; the
autopilot orders on the actor's turn."""


@dataclass
class Row:
    """One line of the round's table."""

    state: str
    """One of :data:`STATES`."""
    actor: str | None
    """Whose row (None: a message nobody can tell the actor of)."""
    player: str | None = None
    """The actor's player (forum nickname), when the scenario names one."""
    message: Message | None = None
    """The message read (the later one, when several came)."""
    reading: Reading | None = None
    orders: tuple[Any, ...] = ()
    """What ``accept_all`` submits: the reading's orders, or the autopilot's."""
    by: str = "player"
    """``player`` (from a message), ``autopilot`` (the GM's actor, decided now) or ``later``
    (the GM's actor, decided on its turn)."""
    understood: str = ""
    """The orders as words, in the table's language (the autopilot's too)."""
    reply: str = ""
    """What to send the player: the reading's reply in the player's language, or a reminder."""
    replaced: tuple[Message, ...] = ()
    """Earlier messages for the same actor: the later one is read."""
    choices: tuple[str, ...] = ()
    """A ``whose`` row: the actors the message may be for."""
    notes: tuple[str, ...] = ()
    """Lines for the GM (in the table's language): several messages, not in this fight..."""

    def to_json(self) -> dict[str, Any]:
        from ..orders import order_to_json

        m = self.message
        return {"actor": self.actor, "player": self.player, "state": self.state, "by": self.by,
                "message": None if m is None else _message_json(m),
                "reading": None if self.reading is None else self.reading.to_json(),
                "orders": [order_to_json(o) for o in self.orders], "understood": self.understood,
                "reply": self.reply, "replaced": [_message_json(x) for x in self.replaced],
                "choices": list(self.choices), "notes": list(self.notes)}


def _message_json(m: Message) -> dict[str, Any]:
    return {"text": m.text, "start": m.start, "end": m.end, "author": m.author, "how": m.how,
            "sent": m.sent, "source": m.source, "pinned": m.actor}


@dataclass
class Inbox:
    """The round's table: rows, and the lines about the paste itself."""

    rows: list[Row]
    lines: list[str] = field(default_factory=list)
    """Lines for the GM about the paste as a whole (too long, nothing in it...)."""
    messages: list[Message] = field(default_factory=list)
    """The messages cut from the paste (what :func:`build` may be given again, edited)."""
    lang: str = "en"
    """The language of the notes and lines (the GM's)."""
    round: int = 0
    step: int = 0
    """How many steps the fight's history held when read: a later change makes it stale."""

    def row(self, actor: str) -> Row | None:
        return next((r for r in self.rows if r.actor == actor), None)

    def by_state(self, *states: str) -> list[Row]:
        return [r for r in self.rows if r.state in states]

    @property
    def ready(self) -> list[Row]:
        """The rows ``accept_all`` takes: ready, with orders to submit."""
        return [r for r in self.rows if r.state == "ready" and r.orders]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "lang": self.lang, "lines": list(self.lines),
                "rows": [r.to_json() for r in self.rows],
                "messages": [_message_json(m) for m in self.messages]}


def read_paste(encounter: Any, paste: str | bytes, *, lang: str | None = None,
               npcs: Iterable[str] | None = None, gm: str | None = None,
               source: str = "") -> Inbox:
    """The round's table for everything pasted at once (see :func:`build`). A paste over
    :data:`~.paste.MAX_PASTE` characters is refused whole: a line says so, nothing is read."""
    from ..language.text import decode

    text = decode(paste)
    lang = _lang(encounter, lang)
    if len(text) > MAX_PASTE:
        inbox = build(encounter, [], lang=lang, npcs=npcs)
        inbox.lines.insert(0, format_message("inbox.line.too_long", lang, n=len(text), max=MAX_PASTE))
        return inbox
    who = Identities(actors_of(encounter.scenario), encounter.scenario.get("aliases") or {})
    messages = split(text, who.names)
    if source:
        messages = [_from_file(m, source, who) for m in messages]
    return build(encounter, messages, lang=lang, npcs=npcs, gm=gm, cut=len(messages) >= MAX_MESSAGES)


def _from_file(m: Message, source: str, who: Identities) -> Message:
    """A message read from a file: the file's name says whose it is when the text does not."""
    from dataclasses import replace
    from pathlib import PurePath

    stem = PurePath(source).stem
    if m.author is None and who.names(stem):
        return replace(m, author=stem, how="file", source=source)
    return replace(m, source=source)


def steps(encounter: Any) -> int:
    """How many steps the fight's history holds (what tells a table read earlier is stale)."""
    return len(encounter.history) if encounter.mode.history else encounter.resolutions


def _lang(encounter: Any, lang: str | None) -> str:
    if lang in ("ru", "en"):
        return lang
    scenario_lang = encounter.scenario.get("language")
    return str(scenario_lang) if scenario_lang in ("ru", "en") else "en"


def build(encounter: Any, messages: Sequence[Message], *, lang: str | None = None,
          npcs: Iterable[str] | None = None, gm: str | None = None, cut: bool = False) -> Inbox:
    """The round's table for ``messages`` (those :func:`read_paste` cut, edited or given to an
    actor by the GM: :meth:`~.paste.Message.pinned`).

    ``npcs``: the actors the GM runs (default: those the scenario gives the GM, see
    :func:`gmkit.scenario.actors_of`); ``gm``: the GM's own forum nickname, whose messages in a
    copied page are skipped. ``lang``: the language of the notes (default: the scenario's).
    """
    lang = _lang(encounter, lang)
    with grammar.cast(encounter.cast):
        return _Builder(encounter, list(messages), lang, npcs, gm).build(cut)


class _Builder:
    def __init__(self, encounter: Any, messages: list[Message], lang: str,
                 npcs: Iterable[str] | None, gm: str | None) -> None:
        self.enc = encounter
        self.messages = messages
        self.lang = lang
        rows = actors_of(encounter.scenario)
        self.who = Identities(rows, encounter.scenario.get("aliases") or {})
        self.gm_run = {n for n, _, g, _ in rows if g} if npcs is None else set(npcs)
        self.expected = list(encounter.expected())
        self.expected += [a for a in encounter.orders_received if a not in self.expected]
        self.expected += [a for a in encounter.participants()
                          if a not in self.expected and a not in self.gm_run and offers(encounter, a)]
        """Who may send an order now: those the fight expects, those whose order is in (a new
        message replaces it), and players who may give one ahead for a later part of the round
        (a melee blow during the ranged exchange, F-6)."""
        self.gm = plain(gm) if gm else ""
        self.lines: list[str] = []
        self.extra: list[Row] = []
        self.by_actor: dict[str, list[Message]] = {}
        self._index: dict[int, int] = {}
        """id of a message given to an actor -> its place among the messages."""
        self._readings: dict[tuple[str, int], Reading] = {}

    def t(self, key: str, **params: Any) -> str:
        return format_message(key, self.lang, **params)

    def reading(self, actor: str, m: Message, k: int) -> Reading:
        got = self._readings.get((actor, k))
        if got is None:
            got = self._readings[(actor, k)] = read(self.enc, actor, m.text)
        return got

    def build(self, cut: bool) -> Inbox:
        enc = self.enc
        mine = 0
        for k, m in enumerate(self.messages):
            if self.gm and m.actor is None and m.author and plain(m.author) == self.gm:
                mine += 1
                continue
            self.place(m, k)
        if mine:
            self.lines.append(self.t("inbox.line.mine", n=mine))
        if cut:
            self.lines.append(self.t("inbox.line.too_many", n=MAX_MESSAGES))
        if not self.messages:
            self.lines.append(self.t("inbox.line.empty"))
        rows = [row for a in enc.participants() if (row := self.actor_row(a)) is not None]
        return Inbox(rows + self.extra, self.lines, self.messages, self.lang, enc.round, steps(enc))

    # --- whose is each message --------------------------------------------------------------

    def place(self, m: Message, k: int) -> None:
        if m.actor is not None:
            self.give(m.actor, m, k)
            return
        if m.author is not None:
            found = self.who.of(m.author)
            if not found:
                self.extra.append(Row("whose", None, message=m, choices=tuple(self.players()),
                                      notes=(self.t("inbox.note.stranger", author=m.author),)))
                return
            if len(found) == 1:
                self.give(found[0], m, k)
                return
            self.guess(m, k, found)
            return
        self.guess(m, k, self.players())

    def players(self) -> list[str]:
        """The actors a player may write for now (the GM's own last, when there is no other)."""
        mine = [a for a in self.expected if a not in self.gm_run]
        return mine or list(self.expected)

    def guess(self, m: Message, k: int, candidates: Sequence[str]) -> None:
        """A message that does not say whose it is: the one candidate it reads as an order of,
        else the GM is asked; nobody's at all, a line says so."""
        fits = []
        for actor in candidates:
            if actor not in self.expected:
                continue
            r = self.reading(actor, m, k)
            if r.orders or r.questions:
                fits.append(actor)
        if len(fits) == 1:
            self.give(fits[0], m, k)
            return
        if not fits and not any(self.reading(a, m, k).confidence > 0 for a in candidates
                                if a in self.expected):
            start = " ".join(m.text.split())[:40]
            self.lines.append(self.t("inbox.line.no_order", n=k + 1, start=start))
            return
        choices = tuple(fits or candidates)
        note = (self.t("inbox.note.whose", names=list(choices))
                if len(choices) > 1 else self.t("inbox.note.whose_any"))
        self.extra.append(Row("whose", None, message=m, choices=choices, notes=(note,)))

    def give(self, actor: str, m: Message, k: int) -> None:
        if actor not in self.enc.participants():
            self.extra.append(Row("whose", None, message=m, choices=tuple(self.players()),
                                  notes=(self.t("inbox.note.stranger", author=actor),)))
            return
        if actor not in self.expected:
            reply = format_message("inbox.reply.out", self._player_lang(m), actor=actor)
            self.extra.append(Row("out", actor, self.who.player.get(actor), message=m, reply=reply,
                                  notes=(self.t("inbox.note.out", actor=actor),)))
            return
        self.by_actor.setdefault(actor, []).append(m)
        self._index[id(m)] = k

    def _player_lang(self, m: Message) -> str:
        from ..language.morph import is_cyrillic

        letters = [c for c in m.text if c.isalpha()]
        if not letters:
            return self.lang
        cyr = sum(1 for c in letters if is_cyrillic(c.lower()))
        return "ru" if cyr * 2 >= len(letters) else "en"

    # --- one row per actor ------------------------------------------------------------------

    def actor_row(self, actor: str) -> Row | None:
        enc = self.enc
        player = self.who.player.get(actor)
        got = self.by_actor.get(actor)
        if got:
            m, replaced = self.latest(got)
            r = self.reading(actor, m, self._index[id(m)])
            state = "ready" if r.ok else "question" if r.questions and not r.problems else "refused"
            notes = (self.t("inbox.note.replaced", actor=actor, n=len(got)),) if replaced else ()
            understood = "; ".join(r.understood_in(self.lang))
            return Row(state, actor, player, m, r, tuple(r.orders) if r.ok else (), "player",
                       understood, r.reply(), tuple(replaced), notes=notes)
        pending = enc.pending_order(actor)
        if actor not in self.expected:
            return None
        if pending is not None:
            words = render(enc, actor, pending, self.lang)
            return Row("received", actor, player, understood=words,
                       notes=(self.t("inbox.note.received", order=words),))
        if actor in self.gm_run:
            if actor not in enc.awaiting():
                return Row("later", actor, player, by="later", notes=(self.t("inbox.by.later"),))
            order = enc.autopilot(actor)
            words = render(enc, actor, order, self.lang) if order is not None else ""
            return Row("ready", actor, player, orders=(order,) if order is not None else (),
                       by="autopilot", understood=words,
                       notes=(self.t("inbox.by.autopilot", order=words),) if words else ())
        return Row("missing", actor, player, reply=self.reminder(actor, player))

    def latest(self, got: list[Message]) -> tuple[Message, list[Message]]:
        """The message that stands (the latest sent, by the forum's dates when every one has
        one, else the last in the paste) and those it replaces."""
        dated = [when(m.sent) for m in got]
        if all(d is not None for d in dated) and len(set(dated)) == len(dated):
            order = sorted(range(len(got)), key=lambda i: dated[i])  # type: ignore[arg-type,return-value]
        else:
            order = list(range(len(got)))
        last = got[order[-1]]
        return last, [got[i] for i in order[:-1]]

    def reminder(self, actor: str, player: str | None) -> str:
        lang = self.lang
        shown = examples(self.enc, actor, lang)
        said = ", ".join(format_message("inbox.answer.example", lang, order=e) for e in shown)
        if player:
            return format_message("inbox.reminder", lang, who=player, actor=actor,
                                  round=self.enc.round, examples=said)
        return format_message("inbox.reminder.nobody", lang, actor=actor, round=self.enc.round,
                              examples=said)
