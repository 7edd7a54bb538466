"""The reading of a message, the same for every rule set; a rule set fills in the blanks.

A rule set's ``language.py`` subclasses :class:`OrderLanguage` with its vocabulary, grammar rules,
name kinds and four methods: ``names`` (what may be named now), ``build`` (clauses to orders),
``options`` (the legal orders to offer) and ``render`` (an order as text a player could write,
which reads back to the same order). Everything else — the marked part, words, forms, names,
tokens, the parse, the engine's check, the reply — happens here once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from ..errors import GmkitError
from .context import Context, Draft, LanguageError
from .grammar import CORE_VOCABULARY, Clause, Grammar, Lexicon, NameRef, Scanner, Token
from .names import NameIndex, grammar_fields
from .prose import Selection, correct, name_genders, select
from .reading import Note, Problem, Reading
from .selection import said_back
from .text import Word, cited, clean, compile_patterns, decode, marked_part, normalise, script_of, words

__all__ = ["LanguageError", "Context", "Draft", "OrderLanguage"]


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
    turn_rule: ClassVar[str] = ""
    """The rule that says how orders are given (``D-1``: secret and simultaneous): cited when a
    message makes an order hang on what others do (``если Гроза пикирует, то …``)."""
    conditional_ok: ClassVar[frozenset[str]] = frozenset()
    """Concepts that may stand under a condition (a Benny spent "if I miss")."""
    negative_ok: ClassVar[frozenset[str]] = frozenset({"NOTHING", "PASS"})
    """Concepts that stand under a negative pronoun (``ничего не делаю``)."""
    part_markers: ClassVar[frozenset[str]] = frozenset()
    """Concepts naming a part of the round (``в ближнем бою``): under ``если`` no condition."""
    noun_kinds: ClassVar[Mapping[str, str]] = {"participant": "character"}
    """Name kind -> what it is to the catalogue's grammar (:data:`gmkit.i18n.grammar.KINDS`:
    a dragon is someone, a ship something)."""

    format_key: ClassVar[str] = ""
    """The catalogue key of how to write an order, with examples (a brief's "how to answer");
    "" when the rule set has none."""

    max_options: ClassVar[int] = 12
    """The most legal orders a reply lists."""
    stray_before: ClassVar[frozenset[str]] = frozenset()
    """Rules that read a number standing just before them (``2 фишки на переброс``)."""

    def unused(self, clauses: Sequence[Clause]) -> list[Token]:
        """Numbers, cells and names in an object's case of the player's own that no order took
        (``пикирую на 1, а потом ещё на 1``, ``дышит огнём на Мглу``): never dropped in silence,
        they make the reading ask. A name next to an order that names none is that order's."""
        from .prose import object_form

        out = []
        for k, c in enumerate(clauses):
            if c.rule != "stray":
                continue
            nxt = next((d for d in clauses[k + 1:] if d.rule != "sep"), None)
            if nxt is not None and nxt.rule in self.stray_before:
                continue
            out += [t for t in c.tokens if t.kind in ("NUM", "SIGNED", "CELL")]
            prev = next((d for d in clauses[k - 1::-1] if d.rule != "sep"), None) if k else None
            near = [d for d in (prev, nxt) if d is not None and d.rule != "stray"
                    and not d.all("NAME")]
            if not near:  # a name as an order's object that no order took ("дышит огнём на Мглу")
                out += [t for t in c.tokens if t.kind == "NAME" and object_form(t.text)]
        return out

    def slot(self, rule: str) -> str:
        """What an order clause fills (a correction replaces the last one in the same slot):
        here one order a turn, every clause the same slot."""
        return "order"

    def keeps(self, ctx: Context, old: Clause, new: Clause) -> bool:
        """A correction of arguments alone (``… Actually no, magic bolt``) keeps the rest of the
        order it corrects (its target): here always; a rule set says when it does not fit."""
        return True

    def __init__(self) -> None:
        self.lexicon = Lexicon(CORE_VOCABULARY, self.vocabulary)
        extra = {"NUM", "SIGNED", "ORD", "QUOTE", *self.lexicon.concepts, *self.terminals.values(),
                 *(name.upper() for name, _ in self.patterns)}
        self.grammar = Grammar(self.rules, extra)
        self._pattern = compile_patterns(self.patterns) if self.patterns else None
        self._held_options: dict[tuple[Any, ...], tuple[Any, list[Any]]] = {}
        self._indexes: dict[tuple[int, str], tuple[Mapping[str, Any], NameIndex]] = {}
        """(id of a scenario, actor) -> (that scenario, its names): the entry holds the scenario so
        its id cannot be reused by another while cached, and a hit is checked by identity."""

    # --- what a rule set fills in -------------------------------------------------------------

    def names(self, encounter: Any, actor: str) -> Iterable[tuple[str, str]]:
        """Every (name, kind) a message for ``actor`` may name."""
        return [(p, "participant") for p in encounter.participants()]

    def prepare(self, ctx: Context, clauses: list[Clause]) -> list[Clause]:
        """The clauses as the rule set reads them (names that are no order's taken out...)."""
        return clauses

    def build(self, ctx: Context, clauses: list[Clause]) -> Draft:
        """Clauses to orders (not yet checked by the engine)."""
        raise NotImplementedError

    def options(self, ctx: Context) -> list[Any]:
        """The legal orders to offer when something is wrong (a short, useful list)."""
        return []

    def render(self, order: Any, lang: str, ctx: Context | None = None) -> str:
        """``order`` as a player could write it in ``lang``; reads back to the same order."""
        raise NotImplementedError

    def understand(self, order: Any, lang: str, ctx: Context) -> str:
        """What the reply says was understood (by default the order as :meth:`render` writes it)."""
        return self.render(order, lang, ctx)

    def example(self, ctx: Context) -> str:
        """An order the player could copy, when nothing was read."""
        opts = self.options(ctx)
        return self.render(opts[0], ctx.lang, ctx) if opts else ""

    def examples(self, ctx: Context, n: int = 2) -> list[Any]:
        """Up to ``n`` legal orders to show as examples (a brief's "how to answer", a reminder):
        those naming someone of the fight first (an attack on a real foe with the actor's own
        weapon reads better than a bare move), each kind of order once."""
        unseen = _hidden_names(ctx.board)  # an example never points at what the side cannot see
        opts = [o for o in self._options(ctx) if not _named_in(o) & unseen]
        people = set(ctx.encounter.participants())
        named = [o for o in opts if _named_in(o) & people]
        out: list[Any] = []
        for o in named + [o for o in opts if o not in named]:
            if len(out) < n and all(type(o) is not type(x) or _named_in(o) == _named_in(x)
                                    for x in out) and o not in out:
                out.append(o)
        return out

    # --- what the core gives every rule set ----------------------------------------------------

    def render_order(self, order: Any, lang: str = "en", encounter: Any = None,
                     actor: str | None = None) -> str:
        """``order`` as a player could write it; ``encounter`` and ``actor`` give the names'
        aliases (without them, the names as the scenario writes them)."""
        ctx = self.context(encounter, actor, lang) if encounter is not None and actor else None
        return self.render(order, lang, ctx)

    def order_format(self, lang: str = "en", encounter: Any = None, actor: str | None = None) -> str:
        """How to write an order (:attr:`format_key`, for a player's brief); with ``encounter``
        and ``actor``, examples of the reader's own fight follow (never a foe not in it)."""
        from ..i18n import format_message

        text = format_message(self.format_key, lang) if self.format_key else ""
        if encounter is None or not actor:
            return text
        ctx = self.context(encounter, actor, lang)
        said = [format_message("inbox.answer.example", lang, order=self.render(o, lang, ctx))
                for o in self.examples(ctx)]
        if not said:
            return text
        return " ".join(filter(None, (text, format_message("inbox.answer.examples", lang,
                                                           examples=", ".join(said)))))

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
        genders, names_cast = self._grammar(scenario, index)
        # the reply declines names as the fight's scenario says; the reader's own rows add the
        # spellings it knows them by (aliases)
        names_cast = encounter.cast | names_cast
        return Context(encounter, actor, side, encounter.board(side), scenario, index, lang, aliases,
                       genders, names_cast)

    def _grammar(self, scenario: Mapping[str, Any], index: NameIndex) -> tuple[dict[str, Any], Any]:
        """The participants' genders and the fight's cast, from the scenario's ``gender:`` and
        ``forms:`` where it gives them (cached with the names)."""
        held = getattr(index, "_grammar", None)
        if held is not None:
            return held
        from ..i18n.grammar import Cast, cast

        given = dict(grammar_fields(scenario))
        rows = []
        for entry in index.entries:
            kind = self.noun_kinds.get(entry.kind, entry.kind)
            gender, forms = given.get(entry.name, (None, None))
            rows.append((entry.name, kind, gender, forms))
        names_cast = Cast.of(rows)
        with cast(names_cast):
            who = self.noun_kinds.get("participant")
            genders = name_genders((n, who) for n in index.names("participant"))
        for name, (gender, _) in given.items():
            if name in genders and gender:
                genders[name] = gender
        index._grammar = (genders, names_cast)  # type: ignore[attr-defined]
        return genders, names_cast

    def tokens(self, ctx: Context, text: str) -> list[Token]:
        """The tokens of a message's order part (for tests and tools)."""
        scanner = Scanner(self.lexicon, ctx.names, self.terminals, captures=self.captures)
        return scanner.scan(self.words_of(text)[0])

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
                           shown=ctx.shown, text=decode(text))

    def words_of(self, text: str) -> tuple[list[Word], Any, list[Word], list[tuple[int, int]]]:
        """The words of a message's order part (each at its offset in ``text``), how the part
        was found, the words of what the message quotes (for the names mentioned there) and
        where the quotes are."""
        marked = marked_part(text)
        quotes = cited(text)
        out: list[Word] = []
        last = 0
        for a, b in marked.ranges:
            if out:  # the parts are lines of their own
                out.append(Word("\n", "mark", last, end=last))
            own = text[a:b]
            for qa, qb in quotes:  # someone else's words, written over in place
                lo, hi = max(qa, a), min(qb, b)
                if lo < hi:
                    own = own[:lo - a] + _spaces(own[lo - a:hi - a]) + own[hi - a:]
            out += words(normalise(clean(own)), self._pattern, offset=a)
            last = b
        quoted: list[Word] = []
        for a, b in quotes[:8]:
            b = min(b, a + MAX_QUOTE)
            quoted += words(normalise(text[a:b]), self._pattern, offset=a)
        return out, marked, quoted, quotes

    def _read(self, ctx: Context, text: str, lang: str | None) -> Reading:
        if not text.strip():
            default = ctx.scenario.get("language")
            ctx.lang = lang or (default if default in ("ru", "en") else "en")
            return Reading(ctx.encounter.system, ctx.actor, ctx.lang,
                           problems=(Problem(None, note=Note("reading.empty")),), shown=ctx.shown,
                           cast=ctx.cast)
        ws, marked, quoted, quotes = self.words_of(text)
        scanner = Scanner(self.lexicon, ctx.names, self.terminals, captures=self.captures)
        tokens = scanner.scan(ws)
        ctx.lang = lang or _detect(tokens, marked.text, ctx.scenario.get("language"))
        context = [t.value.one for t in scanner.scan(quoted)
                   if t.kind == "NAME" and isinstance(t.value, NameRef) and t.value.one]
        sel = select(ws, tokens, (ctx.actor,), lambda n: ctx.genders.get(n), self.conditional_ok,
                     self.negative_ok, context, self.part_markers)
        ctx.mentioned = sel.mentioned
        ctx.loose = sel.loose
        ctx.asked = sel.asked
        ctx.text = text
        clauses = self.prepare(ctx, correct(self.grammar.clauses(sel.tokens), self.slot,
                                            lambda old, new: self.keeps(ctx, old, new)))
        ctx.clauses = clauses
        if sel.again:
            draft = self._again(ctx, clauses, sel.withheld)
        else:
            draft = self.build(ctx, clauses)
        unused = self.unused(clauses)
        if unused and draft.orders and not draft.problems and not draft.questions:
            named = set().union(*(_named_in(o) for o in draft.orders))
            numbers = [t for t in unused if t.kind != "NAME"]
            names = [t.value.one for t in unused if t.kind == "NAME" and isinstance(t.value, NameRef)
                     and not set(t.value.names) & named and t.value.one]
            if numbers:
                draft.problem("reading.unused", None, words=", ".join(t.text for t in numbers))
            elif names:
                draft.problem("reading.unused_name", None,
                              names=[ctx.shown(n) for n in dict.fromkeys(names)])
        alternatives = [a for a in sel.asked if a.alternative]
        if alternatives:  # «Ровно +1… или +2?»: the player has not chosen
            draft.problem("reading.asked", None, words=alternatives[0].said(text))
        elif sel.either and draft.orders and not draft.problems:  # «рублю вожака или крыс»
            draft.problem("reading.either", None, words=said_back(text, *sel.either[0]))
        if sel.unsettled:  # «…Хотя нет, не атакую»: what is taken back, said again whole
            draft.problem("reading.unsettled", None, words=said_back(text, *sel.unsettled[0]))
        if sel.later:  # «в следующем раунде пикирую»: said back, not kept for that round
            draft.notes.append(Note("reading.later", {"words": said_back(text, *sel.later[0])}))
        if sel.repeated and draft.orders:
            draft.problem("reading.repeated", None,
                          words=", ".join(dict.fromkeys(sel.repeated)))
        if sel.conditional and self.turn_rule:
            draft.problem("reading.conditional", self.turn_rule,
                          words=", ".join(dict.fromkeys(t.text for t in sel.conditional)))
        if draft.orders and not draft.problems and not draft.questions:
            for order in draft.orders:
                refusal = ctx.check(order)
                if refusal is not None:
                    draft.problems.append(Problem(refusal.rule, str(refusal), refusal=refusal))
        used = _spans(clauses)
        reading = Reading(ctx.encounter.system, ctx.actor, ctx.lang, tuple(draft.orders),
                          tuple(self.understand(o, ctx.lang, ctx) for o in draft.orders),
                          _once(draft.notes), tuple(draft.problems), tuple(draft.questions),
                          cut=len(marked.text) if marked.cut else None, marked=marked.how,
                          shown=ctx.shown, renderer=lambda o, lg: self.understand(o, lg, ctx),
                          text=text, spans=used, skipped=_skipped(sel, quotes),
                          unread=_unread(ws, used, sel), confidence=_confidence(clauses, sel, draft),
                          cast=ctx.cast)
        if not reading.ok:
            opts = self._options(ctx)
            reading.options = tuple(self.render(o, ctx.lang, ctx) for o in opts[:self.max_options])
            reading.option_orders = tuple(opts[:self.max_options])
            if not draft.orders and not draft.questions and opts:
                reading.example = self.render(opts[0], ctx.lang, ctx)
        return reading

    def _options(self, ctx: Context) -> list[Any]:
        """:meth:`options`, kept while the fight stands where it was (a GM reads several
        messages against one position; the legal orders are the costly part of a reply)."""
        enc = ctx.encounter
        key = (id(enc), ctx.actor, len(getattr(enc, "history", None) or ()),
               getattr(enc, "round", None), tuple(getattr(enc, "orders_received", ()) or ()))
        held = self._held_options.get(key)
        if held is not None and held[0] is enc:
            return held[1]
        got = self.options(ctx)
        if len(self._held_options) > 64:
            self._held_options.clear()
        self._held_options[key] = (enc, got)
        return got

    def _again(self, ctx: Context, clauses: list[Clause], withheld: bool = False) -> Draft:
        """``как в прошлый раз``: the actor's last order the fight resolved, from the record;
        a question when there is none (round 1) or when the message also orders something, or
        takes something out of it (``то же самое, но без атаки``)."""
        d = Draft()
        previous = _previous(ctx.encounter, ctx.actor)
        if withheld or any(c.rule != "sep" for c in clauses):
            said = None if withheld or previous is None else self.build(ctx, clauses)
            if said is None or said.problems or said.questions or said.orders != [previous]:
                d.problem("reading.again_and_more")  # «без изменений: ровно +1, …» said whole is
                return d                              # the same order, and taken
        if previous is None:
            d.problem("reading.again_none")
            return d
        d.orders.append(previous)
        d.note("reading.again")
        return d


def _named_in(value: Any, depth: int = 0) -> set[str]:
    """Every text an order holds (its target, weapon...), to tell a name it used."""
    if isinstance(value, str):
        return {value}
    if depth > 4:
        return set()
    if isinstance(value, tuple | list):
        return set().union(*(_named_in(v, depth + 1) for v in value)) if value else set()
    fields = getattr(value, "__dataclass_fields__", None)
    if fields:
        return set().union(*(_named_in(getattr(value, f), depth + 1) for f in fields)) if fields else set()
    return set()


def _hidden_names(value: Any, depth: int = 0) -> set[str]:
    """The names a side's board marks hidden (a cloaked ship), wherever they stand in it."""
    if depth > 6:
        return set()
    if isinstance(value, dict):
        out = {str(value["name"])} if value.get("hidden") and "name" in value else set()
        for v in value.values():
            if isinstance(v, dict | list):
                out |= _hidden_names(v, depth + 1)
        return out
    if isinstance(value, list):
        return set().union(*(_hidden_names(v, depth + 1) for v in value)) if value else set()
    return set()


def _spaces(text: str) -> str:
    return "".join(ch if ch == "\n" else " " for ch in text)


MAX_QUOTE = 4000
"""The most characters of a quote read for the names it mentions."""


def _previous(encounter: Any, actor: str) -> Any:
    """The actor's last order that a resolution followed, from the record (None: none yet)."""
    from ..orders import Order, order_from_json

    entries = list(getattr(encounter, "history", None) or ())
    last: Any = None
    pending: Any = None
    for e in entries:
        if e.get("op") == "submit" and e.get("actor") == actor:
            pending = e.get("order")
        elif e.get("op") == "withdraw" and e.get("actor") == actor:
            pending = None
        elif e.get("op") == "resolve" and pending is not None:
            last, pending = pending, None
    if last is not None and not isinstance(last, Order):
        try:
            last = order_from_json(last, encounter._registry)
        except Exception:  # a record the reader cannot rebuild: ask rather than guess
            return None
    return last


def _spans(clauses: Sequence[Clause]) -> tuple[tuple[int, int], ...]:
    out = sorted({(t.start, t.end) for c in clauses for t in c.tokens
                  if t.kind != "SEP" and t.start >= 0 and t.end > t.start})
    return tuple(out)


def _skipped(sel: Selection, quotes: Sequence[tuple[int, int]]) -> tuple[tuple[int, int, str], ...]:
    out = list(sel.skipped)
    out += [(a, b, "quote") for a, b in quotes]
    return tuple(sorted(out))


def _unread(ws: Sequence[Word], used: Sequence[tuple[int, int]], sel: Selection
            ) -> tuple[tuple[int, int], ...]:
    """Words of the player's own clauses that no order used (shown to the GM as left unread)."""
    skipped = [(a, b) for a, b, _ in sel.skipped]
    out = []
    for w in ws:
        if w.kind == "mark" or w.end <= w.start:
            continue
        if any(a <= w.start < b for a, b in used) or any(a <= w.start < b for a, b in skipped):
            continue
        out.append((w.start, w.end))
    return tuple(out)


def _confidence(clauses: Sequence[Clause], sel: Selection, draft: Draft) -> float:
    """How sure the reading is, 0..1: lowered by every misspelt word read, pronoun bound and
    correction applied; 0 when nothing was read."""
    if not draft.orders:
        return 0.0
    score = 1.0
    for c in clauses:
        for t in c.tokens:
            if not t.exact:
                score -= 0.1
            if t.kind == "NAME" and isinstance(t.value, NameRef) and t.value.pronoun:
                score -= 0.05
    if any(t.kind == "SEP" and t.value == "CORR" for t in sel.tokens):
        score -= 0.05
    return round(max(0.1, score), 2)


def _detect(tokens: Sequence[Token], text: str, default: Any) -> str:
    ru = sum(1 for t in tokens if t.lang == "ru")
    en = sum(1 for t in tokens if t.lang == "en")
    if ru != en:
        return "ru" if ru > en else "en"
    return script_of(text) or (default if default in ("en", "ru") else "en")


def _once(notes: Sequence[Note]) -> tuple[Note, ...]:
    """The notes, each said once (two attacks on the one foe in reach note it twice)."""
    out: list[Note] = []
    for n in notes:
        if n not in out:
            out.append(n)
    return tuple(out)
