"""What the prose reader hands on: the clauses it cut, the tokens of the player's own order, and
what it set aside (a question, a condition, a repeat) for the reader to ask about."""

from __future__ import annotations

from dataclasses import dataclass, field

from .grammar import Token


@dataclass(frozen=True)
class Asked:
    """A question of the player's own about the order (``Ровно +1? …``, ``… или +2?``)."""

    start: int
    end: int
    tokens: tuple[Token, ...]
    alternative: bool
    """It weighs one choice against another (``или``/``or``): no order can be taken from it."""

    def said(self, text: str) -> str:
        return said_back(text, self.start, self.end)


def said_back(text: str, start: int, end: int) -> str:
    """The player's words as a reply quotes them back (one line, cut short: they are theirs)."""
    got = " ".join(text[start:end].split())
    return got if len(got) <= 60 else got[:59] + "…"


@dataclass
class Selection:
    """The tokens of a message's own order, and what the rest of it was."""

    tokens: list[Token]
    """What the grammar reads: the own clauses' tokens, ``SEP`` between clauses; a ``SEP`` whose
    value is ``"CORR"`` marks a self-correction."""
    mentioned: list[str] = field(default_factory=list)
    """Names the message mentions (quotes included), in order: what a pronoun may stand for."""
    conditional: list[Token] = field(default_factory=list)
    """Order words under a condition (``если …, то атакую``)."""
    skipped: list[tuple[int, int, str]] = field(default_factory=list)
    """(start, end, why) of the words not read as the order: ``other`` (another's action),
    ``aside`` (a subordinate clause), ``negated``, ``question``, ``condition``."""
    withheld: bool = False
    """A negation took order words out of the player's own clauses (``без атаки``, ``не
    стреляю``): ``как в прошлый раз`` with it is not the last order whole."""
    again: bool = False
    """The player asks for their previous order again (``как в прошлый раз``)."""
    repeated: list[str] = field(default_factory=list)
    """Words in the player's own clauses that ask for an action again (``дважды``, ``ещё раз``,
    ``twice``): an order holds each action once, so the reader asks rather than drop them."""
    asked: list[Asked] = field(default_factory=list)
    """The player's own clauses put as a question with order words in them (``Ровно +1 или
    +2?``), no correction after them: what the reader must not settle alone."""
    either: list[tuple[int, int]] = field(default_factory=list)
    """(start, end) of the player's own clauses that leave a choice open (``рублю вожака или
    крыс``): the reader asks which, never takes the first."""
    unsettled: list[tuple[int, int]] = field(default_factory=list)
    """(start, end) of clauses that take something back the reader cannot tell (``Пламя по
    Шквалу. Хотя нет, не атакую``: an attack with no attack word): asked, never guessed."""
    later: list[tuple[int, int]] = field(default_factory=list)
    """(start, end) of clauses that order for a later round (``в следующем раунде …``): not read,
    and the reply says so (an order is given in its round)."""
    loose: list[tuple[int, int]] = field(default_factory=list)
    """(start, end) of content words in the player's own clauses that nothing matched (a name
    misspelt past recognising, a word the rules do not know): a reader must not fill in for
    them."""


@dataclass
class ProseClause:
    """A clause of the message: its words, its tokens, and whose it is."""

    words: list[int]
    sentence: int
    tokens: list[int] = field(default_factory=list)
    status: str = "own"
    subject: int | None = None
    """The index of the token that is the clause's subject (``Борин`` in ``Борин рубит``): a
    name that acts, never an order's target."""
    correction: bool = False
    """The clause says again what the player meant (``ой, нет — Мглу``, ``*в Волка 1``)."""
