"""The reading of a message, the same for every rule set; a rule set fills in the blanks.

A rule set's ``language.py`` subclasses :class:`OrderLanguage` with its vocabulary, grammar rules,
name kinds and four methods: ``names`` (what may be named now), ``build`` (clauses to orders),
``options`` (the legal orders to offer) and ``render`` (an order as text a player could write,
which reads back to the same order). Everything else — the marked part, words, forms, names,
tokens, the parse, the engine's check, the reply — happens here once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..errors import GmkitError, IllegalOrder
from .grammar import CORE_VOCABULARY, Clause, Grammar, Lexicon, NameRef, Scanner, Token
from .morph import is_cyrillic
from .names import NameIndex
from .reading import Note, Problem, Question, Reading
from .text import compile_patterns, decode, marked_part, normalise, script_of, words

__all__ = ["LanguageError", "Context", "Draft", "OrderLanguage"]


class LanguageError(GmkitError, ValueError):
    """A reading asked for what cannot be: an actor the encounter does not know."""


@dataclass
class Context:
    """One reading's situation: the encounter, the actor, what the actor's side sees."""

    encounter: Any
    actor: str
    side: str | None
    board: dict[str, Any]
    scenario: Mapping[str, Any]
    names: NameIndex
    lang: str = "en"
    aliases: Mapping[str, Sequence[str]] = field(default_factory=dict)

    def shown(self, name: str, lang: str | None = None) -> str:
        """A name as the reply writes it: its first alias in the reply's script, else itself."""
        lang = lang or self.lang
        for alias in self.aliases.get(name, ()):
            if (lang == "ru") == is_cyrillic(alias.lower()):
                return alias
        return name

    def check(self, order: Any) -> IllegalOrder | None:
        """The engine's refusal of ``order`` for the actor now, or None when it is legal."""
        try:
            self.encounter.check_order(self.actor, order)
        except IllegalOrder as e:
            return e
        return None


@dataclass
class Draft:
    """What a rule set's ``build`` made of the clauses."""

    orders: list[Any] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)

    def ask(self, ref: NameRef, what: str = "target") -> None:
        self.questions.append(Question(ref.said, ref.names, what))

    def problem(self, key: str, rule: str | None = None, **params: Any) -> None:
        self.problems.append(Problem(rule, note=Note(key, params)))

    def note(self, key: str, **params: Any) -> None:
        self.notes.append(Note(key, params))


class OrderLanguage:
    """Read players' messages into one rule set's orders (subclass per rule set)."""

    vocabulary: ClassVar[Mapping[str, Mapping[str, Sequence[str]]]] = {}
    """Concept -> language -> phrases in dictionary form (see :class:`~.grammar.Lexicon`)."""
    rules: ClassVar[str] = "start: _item*\n_item: stray\nstray: NUM"
    """The grammar's rules (lark); terminals are declared from :attr:`terminals` and the vocabulary."""
    terminals: ClassVar[Mapping[str, str]] = {"participant": "NAME"}
    """Name kind -> grammar terminal, the first kinds winning a tie."""
    patterns: ClassVar[Sequence[tuple[str, str]]] = ()
    """Extra word patterns (``("cell", regex)``): each a terminal of its own, upper case."""
    captures: ClassVar[frozenset[str]] = frozenset()
    """Concepts followed by a free name (see :class:`~.grammar.Scanner`)."""

    def __init__(self) -> None:
        self.lexicon = Lexicon(CORE_VOCABULARY, self.vocabulary)
        extra = {"NUM", "SIGNED", "ORD", "QUOTE", *self.lexicon.concepts, *self.terminals.values(),
                 *(name.upper() for name, _ in self.patterns)}
        self.grammar = Grammar(self.rules, extra)
        self._pattern = compile_patterns(self.patterns) if self.patterns else None
        self._indexes: dict[tuple[int, str], tuple[Mapping[str, Any], NameIndex]] = {}
        """(id of a scenario, actor) -> (that scenario, its names): the entry holds the scenario so
        its id cannot be reused by another while cached, and a hit is checked by identity."""

    # --- what a rule set fills in -------------------------------------------------------------

    def names(self, encounter: Any, actor: str) -> Iterable[tuple[str, str]]:
        """Every (name, kind) a message for ``actor`` may name."""
        return [(p, "participant") for p in encounter.participants()]

    def build(self, ctx: Context, clauses: list[Clause]) -> Draft:
        """Clauses to orders (not yet checked by the engine)."""
        raise NotImplementedError

    def options(self, ctx: Context) -> list[Any]:
        """The legal orders to offer when something is wrong (a short, useful list)."""
        return []

    def render(self, order: Any, lang: str, ctx: Context | None = None) -> str:
        """``order`` as a player could write it in ``lang``; reads back to the same order."""
        raise NotImplementedError

    def example(self, ctx: Context) -> str:
        """An order the player could copy, when nothing was read."""
        opts = self.options(ctx)
        return self.render(opts[0], ctx.lang, ctx) if opts else ""

    # --- the reading --------------------------------------------------------------------------

    def context(self, encounter: Any, actor: str, lang: str = "en") -> Context:
        if actor not in encounter.participants():
            raise LanguageError(f"no participant named {actor!r}; the participants are "
                                f"{', '.join(encounter.participants())}")
        scenario = encounter.scenario
        aliases = dict(scenario.get("aliases") or {})
        key = (id(scenario), actor)
        held = self._indexes.get(key)
        if held is not None and held[0] is scenario:
            index = held[1]
        else:
            index = NameIndex(self.names(encounter, actor), aliases)
            if len(self._indexes) > 64:
                self._indexes.clear()
            self._indexes[key] = (scenario, index)
        side = encounter.side_of(actor)
        return Context(encounter, actor, side, encounter.board(side), scenario, index, lang, aliases)

    def tokens(self, ctx: Context, text: str) -> list[Token]:
        """The tokens of a normalised order text (for tests and tools)."""
        scanner = Scanner(self.lexicon, ctx.names, self.terminals, captures=self.captures)
        return scanner.scan(words(text, self._pattern))

    def read(self, encounter: Any, actor: str, text: str | bytes, lang: str | None = None) -> Reading:
        """Read ``text`` (a player's whole message) into ``actor``'s orders, with a reply."""
        if lang is not None and lang not in ("en", "ru"):
            raise LanguageError(f"lang must be 'en' or 'ru', got {lang!r}")
        ctx = self.context(encounter, actor)
        try:
            return self._read(ctx, decode(text), lang)
        except GmkitError:
            raise
        except Exception as e:  # a reader's bug must not cost the GM the message: say so, plainly
            ctx.lang = lang or ctx.lang
            return Reading(encounter.system, actor, ctx.lang,
                           problems=(Problem(None, note=Note("language.reply.failed",
                                                             {"error": type(e).__name__})),),
                           shown=ctx.shown)

    def _read(self, ctx: Context, text: str, lang: str | None) -> Reading:
        marked = marked_part(text)
        norm = normalise(marked.text)
        tokens = self.tokens(ctx, norm)
        ctx.lang = lang or _detect(tokens, norm, ctx.scenario.get("language"))
        clauses = self.grammar.clauses(tokens)
        draft = self.build(ctx, clauses)
        if draft.orders and not draft.problems and not draft.questions:
            for order in draft.orders:
                refusal = ctx.check(order)
                if refusal is not None:
                    draft.problems.append(Problem(refusal.rule, str(refusal), refusal=refusal))
        reading = Reading(ctx.encounter.system, ctx.actor, ctx.lang, tuple(draft.orders),
                          tuple(self.render(o, ctx.lang, ctx) for o in draft.orders),
                          tuple(draft.notes), tuple(draft.problems), tuple(draft.questions),
                          cut=len(marked.text) if marked.cut else None, marked=marked.how,
                          shown=ctx.shown, renderer=lambda o, lg: self.render(o, lg, ctx))
        if not reading.ok:
            opts = self.options(ctx)
            reading.options = tuple(self.render(o, ctx.lang, ctx) for o in opts[:12])
            reading.option_orders = tuple(opts[:12])
            if not draft.orders and not draft.questions and opts:
                reading.example = self.render(opts[0], ctx.lang, ctx)
        return reading


def _detect(tokens: Sequence[Token], text: str, default: Any) -> str:
    ru = sum(1 for t in tokens if t.lang == "ru")
    en = sum(1 for t in tokens if t.lang == "en")
    if ru != en:
        return "ru" if ru > en else "en"
    return script_of(text) or (default if default in ("en", "ru") else "en")
