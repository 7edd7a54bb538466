"""What a message was read as, and the reply a GM can paste back.

A :class:`Reading` holds the orders understood (the engine's own order objects), the words they
were read from, the problems (a rule id and the engine's own words, or a reader's message), the
questions (a name that fits several: "which wolf?"), the legal options when something is wrong,
and renders :meth:`Reading.reply` in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import catalogue as _catalogue
from ..i18n import format_message, grammar

__all__ = ["Problem", "Question", "Note", "Reading"]


@dataclass(frozen=True)
class Note:
    """A sentence of the reply: a message key with its parameters."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return format_message(self.key, lang, **self.params)


@dataclass(frozen=True)
class Problem:
    """Why an order cannot be taken: a rule id and the engine's words, or a reader's note."""

    rule: str | None
    text: str | None = None
    """The engine's own words (:class:`~gmkit.errors.IllegalOrder`), when the engine refused."""
    note: Note | None = None
    """The reader's words, when the message itself is at fault."""
    refusal: Any = None
    """The engine's refusal itself (:class:`~gmkit.errors.IllegalOrder`): worded in the reply's
    language through its message key, where :attr:`text` is its English."""

    def render(self, lang: str, system: str = "") -> str:
        if self.note is not None:
            body = self.note.text(lang)
        elif self.refusal is not None:
            body = self.refusal.message(lang)
        else:
            body = self.text or ""
        if self.rule and body.startswith(f"{self.rule}: "):
            body = body[len(self.rule) + 2:]
        if not self.rule:
            return body
        key = f"language.{system}.rule.{self.rule}"
        name = format_message(key, lang) if key in _catalogue() else ""
        head = f"{self.rule} ({name})" if name else self.rule
        return format_message("language.reply.rule", lang, rule=head, text=body)


@dataclass(frozen=True)
class Question:
    """A name that fits several things: the reader asks instead of guessing."""

    said: str
    """The words the player wrote."""
    choices: tuple[str, ...]
    """Every name they may mean."""
    what: str = "target"
    """``"target"``, ``"weapon"``... (a message key part)."""
    verb: str = ""
    """The order asked about (``"attack"``, ``"tail"``, ``"shoot"``...): the question names the
    choices in the case that order needs (``reading.ask.<what>.<verb>``)."""
    params: dict[str, Any] = field(default_factory=dict)
    """What else the question names (``weapon``, ``spell``, ``target``), as names."""

    def render(self, lang: str, shown: Callable[[str], str] = str) -> str:
        if not self.choices:  # nothing of that kind to name: say so rather than ask with no choice
            return format_message("language.question.empty", lang, said=self.said,
                                  what={"key": "language.what." + self.what})
        names = [shown(c) for c in self.choices]
        params = {k: shown(v) if isinstance(v, str) else v for k, v in self.params.items()}
        keys = ((f"reading.ask.{self.what}.{self.verb}",) if self.verb else ()) + (
            f"reading.ask.{self.what}",)
        for key in keys:
            if key in _catalogue():
                if len(names) == 1:
                    return format_message("reading.ask.one", lang, said=self.said, name=names[0])
                try:
                    return format_message(key, lang, said=self.said, rest=names[:-1],
                                          last=names[-1], **params)
                except KeyError:  # the order's own words not known: ask the plain way
                    continue
        return format_message("language.question." + self.what, lang, said=self.said,
                              choices=_either(names, lang))


def _either(items: Sequence[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    word = " или " if lang == "ru" else " or "
    return ", ".join(items[:-1]) + word + items[-1]


@dataclass
class Reading:
    """A player's message read into orders for one actor.

    ``orders`` are what the message says, as the engine's order objects; :attr:`ok` tells whether
    the GM may submit them as they are (the engine accepted them and nothing was left unclear).
    """

    system: str
    actor: str
    lang: str
    """The player's language: given, or detected from the message."""
    orders: tuple[Any, ...] = ()
    understood: tuple[str, ...] = ()
    """Each order in the player's language, as the reader understood it."""
    notes: tuple[Note, ...] = ()
    """What the reader filled in or left to the rules (shown in the reply)."""
    problems: tuple[Problem, ...] = ()
    questions: tuple[Question, ...] = ()
    options: tuple[str, ...] = ()
    """The legal options, in the player's language (only when something is wrong)."""
    example: str = ""
    """An order the player could copy (only when nothing was understood)."""
    cut: int | None = None
    """The message was cut to this many characters."""
    marked: str = "whole"
    """How the order part was found: ``"block"``, ``"line"`` or ``"whole"``."""
    shown: Callable[[str], str] = str
    """How a name is written in the reply (the player's spelling of a scenario name)."""
    renderer: Callable[[Any, str], str] | None = None
    """The rule set's renderer of an order in a language (for replies in another language)."""
    option_orders: tuple[Any, ...] = ()
    """The orders :attr:`options` are written from (rendered again for a reply in another
    language)."""
    text: str = ""
    """The message as the player wrote it (what the offsets below point into)."""
    spans: tuple[tuple[int, int], ...] = ()
    """(start, end) character offsets of the words the orders were read from."""
    skipped: tuple[tuple[int, int, str], ...] = ()
    """(start, end, why) of what was not read as the player's order: ``quote`` (someone else's
    words), ``other`` (another's action), ``aside`` (a subordinate clause), ``negated``,
    ``question`` (a question to the GM), ``condition``."""
    unread: tuple[tuple[int, int], ...] = ()
    """Words of the player's own clauses that no order used."""
    confidence: float = 0.0
    """How sure the reading is, 0..1 (1: every word read exactly; 0: nothing read)."""
    cast: Any = field(default_factory=grammar.current_cast, repr=False, compare=False)
    """The fight's names (:class:`~gmkit.i18n.grammar.Cast`), declined in the reply as the scenario
    says: the cast in effect when the message was read, unless given."""

    @property
    def ok(self) -> bool:
        """The orders can be submitted as read: some, legal, no question open."""
        return bool(self.orders) and not self.problems and not self.questions

    @property
    def partial(self) -> bool:
        """Something was read for certain and a question is open about the rest."""
        return bool(self.orders) and bool(self.questions) and not self.problems

    @property
    def order(self) -> Any:
        """The one order of the reading (None when there is none or several)."""
        return self.orders[0] if len(self.orders) == 1 else None

    def understood_in(self, lang: str) -> tuple[str, ...]:
        if lang == self.lang or self.renderer is None:
            return self.understood
        return tuple(self.renderer(o, lang) for o in self.orders)

    def options_in(self, lang: str) -> tuple[str, ...]:
        """The legal options written in ``lang``."""
        if lang == self.lang or self.renderer is None or len(self.option_orders) != len(self.options):
            return self.options
        return tuple(self.renderer(o, lang) for o in self.option_orders)

    def reply(self, lang: str | None = None) -> str:
        """The text to paste back to the player, in ``lang`` (default: the player's language)."""
        with grammar.cast(self.cast):  # the fight's names declined as its scenario says
            return self._reply(lang or self.lang)

    def _reply(self, lang: str) -> str:
        t = format_message
        lines: list[str] = []

        def shown(name: str) -> str:  # a name in the reply's script (its alias there, if any)
            try:
                return self.shown(name, lang)  # type: ignore[call-arg]
            except TypeError:
                return self.shown(name)

        if self.cut is not None:
            lines.append(t("language.reply.cut", lang, n=self.cut))
        understood = self.understood_in(lang)
        if understood and self.partial:
            lines.append(t("reading.partial", lang, orders="; ".join(understood)))
        elif understood:
            lines.append(t("language.reply.read", lang, actor=shown(self.actor),
                           orders="; ".join(understood)))
        elif not self.questions and not self.problems:
            lines.append(t("language.reply.nothing", lang, actor=shown(self.actor)))
        lines += [n.text(lang) for n in self.notes]
        lines += [q.render(lang, shown) for q in self.questions]
        lines += [p.render(lang, self.system) for p in self.problems]
        if self.ok:
            lines.append(t("language.reply.ok", lang))
        elif self.options:
            lines.append(t("language.reply.options", lang, options="; ".join(self.options_in(lang))))
        if self.example and not self.ok:
            example = self.example
            if lang != self.lang and self.renderer is not None and self.option_orders:
                example = self.renderer(self.option_orders[0], lang)
            lines.append(t("language.reply.example", lang, example=example))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.reply()

    def _repr_html_(self) -> str:
        from html import escape

        return "<pre class='gmkit-reading'>" + escape(self.reply()) + "</pre>"

    def to_json(self) -> dict[str, Any]:
        """Plain data for a desk or a file: the orders in the journal's form, the reply's parts,
        and where in the message each part was read (character offsets into :attr:`text`)."""
        from ..i18n import grammar
        from ..orders import order_to_json

        with grammar.cast(self.cast):
            problems = [{"rule": p.rule, "text": p.render(self.lang, self.system)}
                        for p in self.problems]
            questions = [{"said": q.said, "choices": list(q.choices), "what": q.what,
                          "text": q.render(self.lang, self.shown)} for q in self.questions]
        return {"system": self.system, "actor": self.actor, "lang": self.lang, "ok": self.ok,
                "partial": self.partial, "orders": [order_to_json(o) for o in self.orders],
                "understood": list(self.understood), "problems": problems,
                "questions": questions, "options": list(self.options), "reply": self.reply(),
                "confidence": self.confidence,
                "spans": [{"start": a, "end": b, "text": self.text[a:b]} for a, b in self.spans],
                "unread": [{"start": a, "end": b, "text": self.text[a:b]} for a, b in self.unread],
                "skipped": [{"start": a, "end": b, "why": why} for a, b, why in self.skipped]}

    def segments(self) -> list[tuple[str, str]]:
        """The message cut into (text, kind) pieces for a view that marks it: ``used`` (an order
        was read from it), ``unread`` (the player's own words no order used), ``skipped`` (a
        quote, another's action, a negation...), ``plain`` (the rest)."""
        text = self.text
        kinds = ["plain"] * len(text)
        for a, b, _ in self.skipped:
            for i in range(max(0, a), min(b, len(text))):
                kinds[i] = "skipped"
        for a, b in self.unread:
            for i in range(max(0, a), min(b, len(text))):
                kinds[i] = "unread"
        for a, b in self.spans:
            for i in range(max(0, a), min(b, len(text))):
                kinds[i] = "used"
        out: list[tuple[str, str]] = []
        for ch, kind in zip(text, kinds, strict=True):
            if out and out[-1][1] == kind:
                out[-1] = (out[-1][0] + ch, kind)
            else:
                out.append((ch, kind))
        return out
