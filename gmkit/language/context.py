"""What one reading works with and what a rule set's ``build`` hands back: the situation
(:class:`Context`) and the draft (:class:`Draft`), apart from the reading itself
(:mod:`gmkit.language.base`), so that a rule set's clauses can be built against them alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import GmkitError, IllegalOrder
from .grammar import Clause, NameRef
from .morph import is_cyrillic
from .names import NameIndex
from .reading import Note, Problem, Question

__all__ = ["LanguageError", "Context", "Draft", "name_before"]


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
    genders: Mapping[str, str | None] = field(default_factory=dict)
    """A participant's gender or number (``m f n pl``; None when not known), for pronouns."""
    cast: Any = None
    """The fight's names with their grammar (:class:`gmkit.i18n.grammar.Cast`), for replies."""
    mentioned: Sequence[str] = ()
    """Names the message mentions, in order (quotes included): what a pronoun may mean."""
    loose: Sequence[tuple[int, int]] = ()
    """(start, end) of the player's own content words that nothing matched: a target must not
    be left to the die when one was written there."""
    asked: Sequence[Any] = ()
    """The player's own questions about the order (:class:`gmkit.language.prose.Asked`): what a
    rule set must not fill in with its default (``Ровно +1? Пламя по Шквалу`` gives no move)."""
    text: str = ""
    """The message (what the offsets point into)."""
    clauses: Sequence[Clause] = ()
    """The clauses being built (for a rule set that looks past the one in hand)."""

    def loose_in(self, clauses: Sequence[Clause], k: int) -> list[str]:
        """The words nothing matched after clause ``k``'s first word, up to the next clause."""
        return [self.text[a:b] for a, b in self._loose_spans(clauses, k)]

    def _loose_spans(self, clauses: Sequence[Clause], k: int) -> list[tuple[int, int]]:
        c = clauses[k]
        if not c.tokens:
            return []
        start = c.tokens[0].end
        end = next((d.tokens[0].start for d in clauses[k + 1:] if d.tokens and
                    d.tokens[0].start > start), 1 << 30)
        return [(a, b) for a, b in self.loose if start <= a < end]

    def unknown_name(self, clauses: Sequence[Clause], k: int) -> str | None:
        """A name written in clause ``k`` that is none of the board's (``атакую Дракулу``): a
        word nothing matched written with a capital letter or unknown to the dictionary."""
        from .morph import analyser

        morph = analyser()
        for w in self.loose_in(clauses, k):
            if w[:1].isupper() or (morph is not None and is_cyrillic(w.lower()) and
                                   not morph.word_is_known(w.lower())):
                return w
        return None

    def unknown_instrument(self, clauses: Sequence[Clause], k: int) -> str | None:
        """A thing clause ``k`` strikes with that nothing matched (``бью вожака щитом``, ``hit
        him with my shield``): a noun in the instrumental case with no preposition, or a word after
        "with"; the reader must not swap in a weapon the player did not name."""
        from .morph import analyser

        morph = analyser()
        for a, b in self._loose_spans(clauses, k):
            w = self.text[a:b].lower()
            before = self.text[max(0, a - 40):a].lower().split()[-2:]
            if before and before[-1] in ("my", "his", "her", "the", "a", "its"):
                before = before[:-1]
            if not is_cyrillic(w):
                if before and before[-1] == "with":
                    return self.text[a:b]
                continue
            parses = morph.parse(w) if morph is not None else []
            if parses and parses[0].tag.POS == "NOUN" and parses[0].tag.case == "ablt" \
                    and not any(p.tag.POS == "ADVB" for p in parses) and \
                    not (before and before[-1] in ("с", "со", "под", "над", "за", "перед", "между")):
                return self.text[a:b]
        return None

    def shown(self, name: str, lang: str | None = None) -> str:
        """A name as the reply writes it: its first alias in the reply's script, else itself."""
        lang = lang or self.lang
        for alias in self.aliases.get(name, ()):
            if (lang == "ru") == is_cyrillic(alias.lower()):
                return alias
        return name

    def narrow(self, ref: NameRef, plausible: Sequence[str]) -> NameRef:
        """A pronoun (``его``, ``на неё``) bound to a name: the last one mentioned before it that
        fits it and that the order can mean (``plausible``: the foes of an attack, the friends
        of a heal), else every plausible one that fits (one is read, several are asked about).
        A name that is not a pronoun comes back as it is."""
        if not ref.pronoun or ref.names:
            return ref
        want = ref.everyone[0] if ref.everyone else ""
        for name in ref.everyone[1:]:
            if name in plausible:
                return NameRef((name,), ref.said, kind="participant", pronoun=True)
        fits = [n for n in plausible if _agrees(self.genders.get(n), want)]
        return NameRef(tuple(fits or plausible), ref.said, kind="participant", pronoun=True)

    def check(self, order: Any) -> IllegalOrder | None:
        """The engine's refusal of ``order`` for the actor now, or None when it is legal."""
        return self.encounter.legal_orders(self.actor).why_not(order)


@dataclass
class Draft:
    """What a rule set's ``build`` made of the clauses."""

    orders: list[Any] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)

    def ask(self, ref: NameRef, what: str = "target", verb: str = "", **params: Any) -> None:
        """Ask which of ``ref.names`` the player means (``verb``: the order asked about, so the
        question names the choices in the case it needs: «Кого атакуете — Шквала или Мглу?»)."""
        self.questions.append(Question(ref.said, ref.names, what, verb, params))

    def pick(self, ref: NameRef, what: str = "target", verb: str = "", **params: Any) -> str | None:
        """The one name ``ref`` means; else None, with a problem when it means none of the
        board's («нет такого») or a question when it may mean several (see :meth:`ask`)."""
        if ref.one is not None:
            return ref.one
        if not ref.names:
            self.problem("language.no_such", None, said=ref.said, names=", ".join(ref.everyone))
        else:
            self.ask(ref, what, verb, **params)
        return None

    def problem(self, key: str, rule: str | None = None, **params: Any) -> None:
        self.problems.append(Problem(rule, note=Note(key, params)))

    def note(self, key: str, **params: Any) -> None:
        self.notes.append(Note(key, params))


def name_before(clauses: Sequence[Clause], k: int) -> NameRef | None:
    """A name standing alone just before clause ``k`` (``Бейна атакую пламенем``): that
    order's object when it names none itself."""
    if k > 0 and clauses[k - 1].rule == "stray":
        t = clauses[k - 1].tokens[0]
        if t.kind == "NAME":
            return t.value
    return None


def _agrees(gender: str | None, pronoun: str) -> bool:
    """A name of ``gender`` (None: not known) may be meant by a pronoun of ``pronoun``'s form."""
    if gender is None:
        return pronoun != "pl"
    if pronoun in ("m", "n"):
        return gender in ("m", "n")
    return gender == pronoun
