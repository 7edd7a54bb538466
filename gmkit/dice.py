"""Dice for all three rule sets: one seeded generator per encounter and a log of every roll (C-1).

Every face comes through :meth:`Dice._die`, so three things hold at one place: the random stream is
one seeded generator whose state is just ``(seed, draws)``; every face lands on a *tape* that the
journal stores and replay feeds back; and faces typed in by hand (C-2) are checked against the die
and marked.

>>> d = Dice(seed=3)
>>> r = d.roll("2d6+1")
>>> r.total == sum(r.faces) + 1
True
>>> d.trait(8).tn
4
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

from .errors import DiceError

__all__ = [
    "Dice",
    "DieRoll",
    "Roll",
    "TraitResult",
    "OpposedResult",
    "PickResult",
    "parse",
    "parse_table",
    "parse_trait",
    "roll",
    "multi_action_penalty",
    "MAX_DICE",
    "MAX_ACES",
    "MAX_SIDES",
    "MAX_NUMBER",
    "MAX_EXPRESSION",
]

MAX_DICE = 1000
"""Most dice one expression may roll: protects a live kernel from ``1000000d6``."""

MAX_ACES = 100
"""Most aces one die may chain; a typed-in chain longer than this is refused."""

MAX_SIDES = 2**31 - 1
"""Most sides a die may have (a face must stay exact through the generator's float)."""

MAX_NUMBER = 10**9
"""Largest number an expression, a trait or a table may hold: a 400-digit modifier is a typo."""

MAX_EXPRESSION = 1000
"""Longest dice expression or table text, in characters."""

_DIGITS = frozenset("0123456789")

_X6_FACE = {0: 1, 6: 2, 12: 3}
"""C-5: the d18's three-valued die as the table prints it (0, 6, 12), to its face 1..3."""

TRAIT_DICE = (4, 6, 8, 10, 12)
_TRAIT_EXPR: dict[tuple[int, int, bool], str] = {}


class DieRoll(NamedTuple):
    """One die as rolled: its sides, every face of its chain of aces, whether it counted."""

    sides: int
    faces: tuple[int, ...]
    kept: bool = True
    label: str = ""

    @property
    def value(self) -> int:
        return sum(self.faces)


# The results below are NamedTuples, not frozen dataclasses: just as immutable, and a third of
# the cost to build (simulations build hundreds of thousands). The hottest paths (trait and
# damage rolls) build them with _new(Class, (every field,)), which skips the Python-level
# __new__ of a NamedTuple: 190 ns against 330 ns, measured.
_new = tuple.__new__


class Roll(NamedTuple):
    """The record of one roll: what, why, who, every die and the total (C-1)."""

    expr: str
    total: int | float
    dice: tuple[DieRoll, ...]
    purpose: str = ""
    actor: str = ""
    manual: bool = False
    """True when any face was typed in by hand (C-2)."""

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(f for d in self.dice for f in d.faces)

    def describe(self, lang: str | None = None) -> str:
        """The faces as a GM reads them: ``d8! [8+3] wild d6! [2] -> 11``.

        With ``lang`` the words (``wild``, ``dropped``, ``by hand``...) and the decimal mark are
        the catalogue's for that language; without it, the English record as the journal keeps it.

        >>> Roll("d8! wild", 7, (DieRoll(8, (7,)), DieRoll(6, (2,), False, "wild"))).describe("ru")
        'd8! дикий: d8[7] дикий d6[2] (не в счёт) = 7'
        """
        if lang is not None:
            return _describe_in(self, lang)
        parts = []
        for d in self.dice:
            chain = "+".join(str(f) for f in d.faces)
            label = f"{d.label} " if d.label else ""
            mark = "" if d.kept else " (dropped)"
            parts.append(f"{label}d{d.sides}[{chain}]{mark}")
        hand = " (by hand)" if self.manual else ""
        total = _num(self.total)
        return f"{self.expr}: {' '.join(parts)} = {total}{hand}"

    def __str__(self) -> str:
        return self.describe()

    def to_json(self) -> dict[str, Any]:
        return {
            "expr": self.expr,
            "total": self.total,
            "dice": [[d.sides, list(d.faces), d.kept, d.label] for d in self.dice],
            "purpose": self.purpose,
            "actor": self.actor,
            "manual": self.manual,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Roll:
        return cls(
            expr=data["expr"],
            total=data["total"],
            dice=tuple(DieRoll(s, tuple(f), k, lab) for s, f, k, lab in data["dice"]),
            purpose=data.get("purpose", ""),
            actor=data.get("actor", ""),
            manual=data.get("manual", False),
        )


class TraitResult(NamedTuple):
    """A Savage Worlds trait roll (C-3): the kept total against TN, raises, critical failure."""

    total: int
    tn: int
    success: bool
    raises: int
    critical_failure: bool
    roll: Roll

    @property
    def trait_faces(self) -> tuple[int, ...]:
        return self.roll.dice[0].faces

    @property
    def wild_faces(self) -> tuple[int, ...] | None:
        for d in self.roll.dice[1:]:
            if d.label == "wild":
                return d.faces
        return None

    def __str__(self) -> str:
        verdict = "critical failure" if self.critical_failure else (
            (f"success, {self.raises} raise(s)" if self.raises else "success") if self.success
            else "failure")
        return f"{self.roll.describe()} vs TN {self.tn}: {verdict}"

    def describe(self, lang: str) -> str:
        """The roll, the target number and the verdict in ``lang`` (``успех, 1 подъём``; a success
        without a raise is just ``успех``, not ``успех, 0 подъёмов``)."""
        from .i18n import format_message

        if self.critical_failure:
            verdict = format_message("term.critical_failure", lang)
        elif self.success and not self.raises:
            verdict = format_message("term.success", lang)
        elif self.success:
            verdict = format_message("dice.trait.success", lang,
                                     raises={"key": "term.raises", "n": self.raises})
        else:
            verdict = format_message("term.failure", lang)
        return format_message("dice.trait.result", lang, roll=self.roll.describe(lang), tn=self.tn,
                              verdict=verdict)


class OpposedResult(NamedTuple):
    """An opposed roll (C-3): the actor wins only above the defender and at TN 4 or more."""

    attacker: TraitResult
    defender: TraitResult
    attacker_wins: bool
    raises: int
    """Full 4s by which the winner's total beats the loser's (0 when the defender holds)."""


class PickResult(NamedTuple):
    """A value picked from an equally likely list (C-6)."""

    value: float
    face: int
    table: tuple[float, ...]
    roll: Roll


def _num(x: float | int | Fraction) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def multi_action_penalty(actions: int) -> int:
    """C-4: -2 to every action roll for each action beyond the first in one turn."""
    if not isinstance(actions, int) or isinstance(actions, bool) or actions < 0:
        raise DiceError(f"C-4: a turn cannot hold {actions!r} actions")
    return -2 * max(0, actions - 1)


# --- expressions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``[count]d<sides>[!][kh|kl<keep>]`` with a sign."""

    sign: int
    count: int
    sides: int
    explode: bool = False
    keep: tuple[str, int] | None = None

    def __str__(self) -> str:
        s = f"{self.count if self.count != 1 else ''}d{self.sides}{'!' if self.explode else ''}"
        if self.keep:
            s += f"{self.keep[0]}{self.keep[1]}"
        return s


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed dice expression; ``str()`` gives its normal form."""

    dice: tuple[DiceTerm, ...]
    modifier: int

    def __str__(self) -> str:
        out = ""
        for t in self.dice:
            out += ("-" if t.sign < 0 else ("+" if out else "")) + str(t)
        if self.modifier or not out:
            out += f"{self.modifier:+d}" if out else str(self.modifier)
        return out


def parse(expr: str) -> Expression:
    """Parse ``2d6+1``, ``d8!``, ``4d6kh3``, ``d4-2`` into an :class:`Expression` (memoised: the
    same weapon's damage is parsed once per process, not once per hit).

    >>> str(parse(" 2D6 + 1"))
    '2d6+1'
    """
    if not isinstance(expr, str):
        raise DiceError(f"a dice expression must be text, got {type(expr).__name__}")
    if len(expr) > MAX_EXPRESSION:
        raise DiceError(f"a dice expression is at most {MAX_EXPRESSION} characters, got {len(expr)}")
    return _parse(expr)


@lru_cache(maxsize=1024)
def _parse(expr: str) -> Expression:
    """The parser behind :func:`parse`; a fault names its position.

    >>> parse("2d6+")
    Traceback (most recent call last):
    ...
    gmkit.errors.DiceError: expected a die or a number after '+' at position 4 in '2d6+'
      2d6+
          ^
    """
    s = expr.lower()
    n = len(s)
    i = 0
    terms: list[DiceTerm] = []
    modifier = 0
    total_dice = 0

    def skip() -> None:
        nonlocal i
        while i < n and s[i] in " \t":
            i += 1

    def number() -> int | None:
        nonlocal i
        start = i
        while i < n and s[i] in _DIGITS:  # ASCII digits only: str.isdigit() takes '²' too
            i += 1
        if i - start > len(str(MAX_NUMBER)) or (i > start and int(s[start:i]) > MAX_NUMBER):
            raise DiceError(f"a number in a dice expression is at most {MAX_NUMBER}", expr, start)
        return int(s[start:i]) if i > start else None

    skip()
    if i >= n:
        raise DiceError("empty dice expression", expr, 0)
    sign = 1
    if s[i] in "+-":
        sign = -1 if s[i] == "-" else 1
        i += 1
        skip()
    after = "start"
    while True:
        start = i
        count = number()
        if i < n and s[i] == "d":
            i += 1
            sides_at = i
            sides = number()
            if sides is None:
                raise DiceError("expected the number of sides after 'd'", expr, sides_at)
            if sides < 1:
                raise DiceError("a die needs at least 1 side", expr, sides_at)
            if sides > MAX_SIDES:
                raise DiceError(f"a die has at most {MAX_SIDES} sides", expr, sides_at)
            c = 1 if count is None else count
            if c < 1:
                raise DiceError("roll at least one die", expr, start)
            total_dice += c
            if total_dice > MAX_DICE:
                raise DiceError(f"more than {MAX_DICE} dice in one roll", expr, start)
            explode = False
            if i < n and s[i] == "!":
                if sides < 2:
                    raise DiceError("a d1 cannot ace: it would never stop", expr, i)
                explode = True
                i += 1
            keep = None
            if s.startswith(("kh", "kl"), i):
                kind = s[i : i + 2]
                i += 2
                k_at = i
                k = number()
                if k is None:
                    raise DiceError(f"expected how many dice to keep after '{kind}'", expr, k_at)
                if not 1 <= k <= c:
                    raise DiceError(f"cannot keep {k} of {c} dice", expr, k_at)
                keep = (kind, k)
            terms.append(DiceTerm(sign, c, sides, explode, keep))
        elif count is not None:
            modifier += sign * count
        else:
            got = repr(s[i]) if i < n else "the end"
            where = "at the start" if after == "start" else f"after {after!r}"
            raise DiceError(f"expected a die or a number {where}, got {got}"
                            if i < n else f"expected a die or a number {where}", expr, i)
        skip()
        if i >= n:
            break
        if s[i] not in "+-":
            raise DiceError(f"unexpected {s[i]!r}", expr, i)
        after = s[i]
        sign = -1 if s[i] == "-" else 1
        i += 1
        skip()
    return Expression(tuple(terms), modifier)


def parse_table(table: str | Sequence[float]) -> tuple[float, ...]:
    """Parse a C-6 list of equally likely values, ``0.5-1-1.5-2-2.5-3``.

    >>> parse_table("0.5-1-1.5")
    (0.5, 1.0, 1.5)
    >>> parse_table("1--2")
    Traceback (most recent call last):
    ...
    gmkit.errors.DiceError: C-6: expected a number at position 2 in '1--2'
      1--2
        ^
    """
    if not isinstance(table, str):
        return _table_values(table)
    if len(table) > MAX_EXPRESSION:
        raise DiceError(f"C-6: a table is at most {MAX_EXPRESSION} characters, got {len(table)}")
    text = table.strip()
    offset = len(table) - len(table.lstrip())
    if not text:
        raise DiceError("C-6: empty damage table", table, 0)
    values: list[float] = []
    pos = 0
    for chunk in text.split("-"):
        stripped = chunk.strip()
        at = offset + pos + (len(chunk) - len(chunk.lstrip()))
        try:
            if not stripped or stripped.startswith(("+", "-")):
                raise ValueError
            value = float(stripped.replace(",", "."))
            if not math.isfinite(value) or abs(value) > MAX_NUMBER:
                raise ValueError
        except ValueError:
            raise DiceError("C-6: expected a number", table, at) from None
        values.append(value)
        pos += len(chunk) + 1
    return tuple(values)


def _table_values(table: Any) -> tuple[float, ...]:
    """A C-6 table given as numbers: each a finite int or float, at most MAX_EXPRESSION of them."""
    if not isinstance(table, (list, tuple)):
        raise DiceError(f"C-6: a table is text like '1-2-3' or a list of numbers, got "
                        f"{type(table).__name__}")
    if not table:
        raise DiceError("C-6: a table needs at least one value")
    if len(table) > MAX_EXPRESSION:
        raise DiceError(f"C-6: a table has at most {MAX_EXPRESSION} values, got {len(table)}")
    out = []
    for v in table:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not abs(v) <= MAX_NUMBER:
            raise DiceError(f"C-6: a table's values are numbers up to {MAX_NUMBER}, got {v!r}")
        out.append(float(v))
    return tuple(out)


def parse_trait(die: int | str | None) -> tuple[int, int]:
    """A trait die as ``(sides, modifier)``: ``8``, ``"d8"``, ``"d12+1"``; None means unskilled d4-2."""
    if die is None or die == "unskilled":
        return 4, -2
    if isinstance(die, bool):
        raise DiceError(f"C-3: a trait die is d4, d6, d8, d10 or d12, got {die!r}")
    if isinstance(die, int):
        sides, mod = die, 0
    else:
        e = parse(die)
        if len(e.dice) != 1 or e.dice[0].count != 1 or e.dice[0].keep or e.dice[0].sign < 0:
            raise DiceError(f"C-3: a trait is one die with a modifier, like 'd8' or 'd12+1', got {die!r}")
        sides, mod = e.dice[0].sides, e.modifier
    if sides not in TRAIT_DICE:
        raise DiceError(f"C-3: a trait die is d4, d6, d8, d10 or d12, got d{sides}")
    return sides, mod


# --- the generator ----------------------------------------------------------------------------


class Dice:
    """One encounter's dice: seeded, logged, saveable, and open to faces typed in by hand."""

    seed: int
    """The seed the stream started from."""
    draws: int
    """How many random draws the stream has made: with ``seed``, the whole state."""
    log: list[Roll]
    """Every roll, in order."""
    tape: list[int]
    """Every face in order, as the journal keeps it; ``manual_marks`` indexes the hand-typed ones."""
    manual_marks: list[int]

    def __init__(self, seed: int | None = None, *, record: bool = True, stream: Any = None):
        """``stream``, when given, is the generator instead of ``random.Random(seed)``: an object
        with ``random()`` (the next fraction) and ``seed(x)`` (back to its first draw), as a
        sealed fight's :class:`gmkit.seal.SealedStream`."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise DiceError(f"C-1: a seed is a whole number, got {seed!r}")
        self.seed = seed
        self._rng = random.Random(seed) if stream is None else stream
        self._random = self._rng.random
        self.draws = 0
        self.record = record
        self.log = []
        self.tape = []
        self.manual_marks = []
        self._hand: list[int] = []
        self._feed: list[tuple[int | None, bool]] = []
        self._exact = False
        self._manual_in_roll = False

    # state -------------------------------------------------------------------------------

    def getstate(self) -> dict[str, int]:
        """The whole random state: a resumed encounter continues the same stream from it."""
        return {"seed": self.seed, "draws": self.draws}

    def setstate(self, state: dict[str, int]) -> None:
        seed, draws = state["seed"], state["draws"]
        if seed != self.seed or draws < self.draws:
            self._rng.seed(seed)
            self.seed = seed
            self.draws = 0
        r = self._random
        for _ in range(draws - self.draws):
            r()
        self.draws = draws

    def snapshot(self) -> tuple[Any, ...]:
        """Everything needed to put the dice back exactly, for an all-or-nothing resolution.

        Cheap to take (no copy of the generator): a restore after draws re-seeds and skips ahead,
        which only a failed resolution pays for.
        """
        return (self.draws, len(self.log), len(self.tape), len(self.manual_marks),
                tuple(self._hand), tuple(self._feed))

    def restore(self, snap: tuple[Any, ...]) -> None:
        draws, nlog, ntape, nmarks, hand, feed = snap
        if draws != self.draws:
            self._rng.seed(self.seed)
            r = self._random
            for _ in range(draws):
                r()
            self.draws = draws
        del self.log[nlog:]
        del self.tape[ntape:]
        del self.manual_marks[nmarks:]
        self._hand = list(hand)
        self._feed = list(feed)

    # hand and replay -----------------------------------------------------------------------

    def enter(self, *faces: int) -> None:
        """Queue faces rolled elsewhere (C-2): the next dice take them, in order, before the generator."""
        self.check_faces(faces)
        self._hand.extend(faces)

    @staticmethod
    def check_faces(faces: Sequence[int]) -> None:
        """Refuse typed-in faces that no die shows (:meth:`enter` takes what this lets through).

        0 is let through for the d18's three-valued die, which a GM may type as the table prints
        it (0, 6, 12: see :meth:`d18`); any other die refuses it when it comes to roll.
        """
        for f in faces:
            if not isinstance(f, int) or isinstance(f, bool) or not 0 <= f <= MAX_SIDES:
                raise DiceError(f"C-2: a typed-in face is a whole number from 0 (the d18's 0-6-12 "
                                f"die) or 1 to {MAX_SIDES}, got {f!r}")

    @property
    def pending_hand(self) -> tuple[int, ...]:
        return tuple(self._hand)

    def clear_hand(self) -> None:
        self._hand.clear()

    def feed(self, faces: Iterable[int], manual: Iterable[int] = (), *, exact: bool = False) -> None:
        """Replay: the next draws return these recorded faces; generated ones still advance the stream.

        With ``exact``, a generated face (one not marked ``manual``) must be the face the stream
        gives (a changed seed is found at its first die) and a draw past the last recorded face is
        refused: the replay must roll exactly what was recorded. ``feed(())`` stops feeding.
        """
        marks = set(manual)
        self._feed = [(f, i in marks) for i, f in enumerate(faces)]
        self._feed.reverse()
        if exact:
            self._feed.insert(0, _END_OF_FEED)
        self._exact = exact

    @property
    def feeding(self) -> bool:
        """Whether recorded faces are left to replay."""
        return len(self._feed) > (1 if self._feed and self._feed[0] is _END_OF_FEED else 0)

    # the one source of faces ------------------------------------------------------------------

    def _die(self, sides: int) -> int:
        if not (self._feed or self._hand):  # the common case: a fresh face from the stream
            self.draws += 1
            face = int(self._random() * sides) + 1
            if self.record:
                self.tape.append(face)
            return face
        if self._feed:
            fed, manual = self._feed.pop()
            if fed is None:  # the end of an exact feed
                self._feed.append(_END_OF_FEED)
                raise DiceError(f"C-1: the replay rolls a d{sides} more than the "
                                f"journal recorded: the journal does not match this encounter")
            face = fed
            if not 1 <= face <= sides:
                raise DiceError(f"C-1: replayed face {face} does not fit a d{sides}: the journal "
                                f"does not match this encounter")
            if not manual:
                self.draws += 1
                fresh = int(self._random() * sides) + 1
                if self._exact and fresh != face:
                    raise DiceError(f"C-1: the journal recorded {face} on a d{sides} where the "
                                    f"seed {self.seed} rolls {fresh} (draw {self.draws}): the seed "
                                    f"or the faces were changed")
        elif self._hand:
            face = self._hand[0]
            if not 1 <= face <= sides:
                raise DiceError(f"C-2: a d{sides} cannot show {face}")
            self._hand.pop(0)
            manual = True
        else:
            self.draws += 1
            face = int(self._random() * sides) + 1
            manual = False
        if self.record:
            if manual:
                self.manual_marks.append(len(self.tape))
                self._manual_in_roll = True
            self.tape.append(face)
        elif manual:
            self._manual_in_roll = True
        return face

    def _chain(self, sides: int, explode: bool) -> tuple[int, ...]:
        if self._feed or self._hand:
            face = self._die(sides)
        else:  # _die's common case, inlined: most rolls are one or two such faces
            self.draws += 1
            face = int(self._random() * sides) + 1
            if self.record:
                self.tape.append(face)
        if not explode or face != sides:
            return (face,)
        faces = [face]
        while face == sides:
            if len(faces) > MAX_ACES:
                raise DiceError(f"C-3: more than {MAX_ACES} aces in a row on a d{sides}")
            face = self._die(sides)
            faces.append(face)
        return tuple(faces)

    def _log(self, r: Roll) -> Roll:
        if self.record:
            self.log.append(r)
        return r

    def _take_manual(self) -> bool:
        m = self._manual_in_roll
        self._manual_in_roll = False
        return m

    # public rolls --------------------------------------------------------------------------

    def roll(self, expr: str | Expression, purpose: str = "", actor: str = "",
             faces: Sequence[int] | None = None) -> Roll:
        """Roll an expression; with ``faces``, take those typed-in faces instead (C-2), all of them.

        >>> Dice(seed=1).roll("d8!", faces=[8, 3]).total
        11
        """
        e = parse(expr) if isinstance(expr, str) else expr
        if not isinstance(e, Expression):
            raise DiceError(f"a dice expression must be text, got {type(expr).__name__}")
        if faces is not None:
            return self._roll_by_hand(e, faces, purpose, actor)
        return self._roll(e, str(e), purpose, actor)

    def _roll(self, e: Expression, text: str, purpose: str, actor: str) -> Roll:
        """:meth:`roll` with the expression's normal form already known (see :meth:`damage`)."""
        self._manual_in_roll = False
        dice: list[DieRoll] = []
        total = e.modifier
        for t in e.dice:
            group = [_new(DieRoll, (t.sides, self._chain(t.sides, t.explode), True, ""))
                     for _ in range(t.count)]
            if t.keep:
                kind, k = t.keep
                order = sorted(range(len(group)), key=lambda j: sum(group[j].faces),
                               reverse=(kind == "kh"))
                keep_idx = set(order[:k])
                group = [g if j in keep_idx else g._replace(kept=False) for j, g in enumerate(group)]
            total += t.sign * sum(g.value for g in group if g.kept)
            dice.extend(group)
        return self._log(_new(Roll, (text, total, tuple(dice), purpose, actor, self._take_manual())))

    def _roll_by_hand(self, e: Expression, faces: Sequence[int], purpose: str, actor: str) -> Roll:
        if not isinstance(faces, (list, tuple)):
            raise DiceError(f"C-2: typed-in faces are a list of whole numbers, got {faces!r}")
        faces = list(faces)
        for f in faces:
            if not isinstance(f, int) or isinstance(f, bool):
                raise DiceError(f"C-2: a typed-in face is a whole number, got {f!r}")
        # check the whole entry before touching the stream or the log
        need = 0
        it = iter(faces)
        for t in e.dice:
            for _ in range(t.count):
                while True:
                    try:
                        f = next(it)
                    except StopIteration:
                        raise DiceError(f"C-2: {str(e)!r} needs more faces than the {len(faces)} "
                                        f"typed in") from None
                    need += 1
                    if not 1 <= f <= t.sides:
                        raise DiceError(f"C-2: a d{t.sides} cannot show {f}")
                    if not (t.explode and f == t.sides):
                        break
        if need != len(faces):
            raise DiceError(f"C-2: {str(e)!r} takes {need} faces here, {len(faces)} were typed in")
        saved = self._hand
        self._hand = faces
        try:
            return self.roll(e, purpose, actor)
        finally:
            self._hand = saved

    def trait(self, die: int | str | None, modifier: int = 0, wild: bool = True, tn: int = 4,
              purpose: str = "", actor: str = "") -> TraitResult:
        """A Savage Worlds trait roll (C-3): trait die aces, a Wild Card adds a Wild Die, keep the higher.

        ``die`` is 4..12, ``"d8"``, ``"d12+1"``, or None for unskilled (d4-2).
        """
        if type(modifier) is not int or type(tn) is not int:
            _refuse_trait_numbers(modifier, tn)
        if type(die) is int and die in TRAIT_DICE:
            sides, mod = die, modifier
        else:
            sides, base = parse_trait(die)
            mod = base + modifier
        self._manual_in_roll = False
        chain = self._chain
        tf = chain(sides, True)
        tsum = sum(tf)
        dice: tuple[DieRoll, ...]
        if wild:
            wf = chain(6, True)
            wsum = sum(wf)
            best = tsum if tsum >= wsum else wsum
            dice = (_new(DieRoll, (sides, tf, tsum >= wsum, "")),
                    _new(DieRoll, (6, wf, wsum > tsum, "wild")))
            crit = tf[0] == 1 and wf[0] == 1
        elif tf[0] == 1:
            # [decision] an Extra's natural 1 is a critical failure when a further d6 also shows 1
            check = self._die(6)
            best, crit = tsum, check == 1
            dice = (DieRoll(sides, tf), DieRoll(6, (check,), False, "check"))
        else:
            best, crit = tsum, False
            dice = (_new(DieRoll, (sides, tf, True, "")),)
        total = best + mod
        success = total >= tn and not crit
        key = (sides, mod, wild)
        expr = _TRAIT_EXPR.get(key)
        if expr is None:
            expr = _TRAIT_EXPR[key] = f"d{sides}!{mod:+d}{' wild' if wild else ''}".replace("!+0", "!")
        manual = self._manual_in_roll
        self._manual_in_roll = False
        r = _new(Roll, (expr, total, dice, purpose, actor, manual))
        if self.record:
            self.log.append(r)
        return _new(TraitResult, (total, tn, success, (total - tn) // 4 if success else 0, crit, r))

    def opposed(self, attacker: int | str | None, defender: int | str | None, *,
                attacker_mod: int = 0, defender_mod: int = 0,
                attacker_wild: bool = True, defender_wild: bool = True,
                purpose: str = "", actor: str = "", target: str = "") -> OpposedResult:
        """An opposed roll (C-3): both roll; the actor needs TN 4 and a higher total; ties hold."""
        a = self.trait(attacker, attacker_mod, attacker_wild, 4, purpose, actor)
        d = self.trait(defender, defender_mod, defender_wild, 4, purpose, target)
        wins = a.success and a.total > d.total
        margin = a.total - d.total
        return OpposedResult(a, d, wins, margin // 4 if wins else 0)

    def damage(self, expr: str | Expression, raise_bonus: bool = False, purpose: str = "",
               actor: str = "") -> Roll:
        """Savage Worlds damage (C-4): every die aces; a raise on the attack adds +1d6 (acing too)."""
        if type(raise_bonus) is not bool:
            raise DiceError(f"C-4: raise_bonus is True or False, got {raise_bonus!r}")
        if isinstance(expr, str):
            if len(expr) > MAX_EXPRESSION:
                parse(expr)  # the same refusal as any roll's
            e, text = _damage_text(expr, raise_bonus)
            return self._roll(e, text, purpose, actor)
        if not isinstance(expr, Expression):
            raise DiceError(f"C-4: a damage expression must be text, got {type(expr).__name__}")
        return self.roll(_damage_expression(expr, raise_bonus), purpose, actor)

    def d18(self, purpose: str = "", actor: str = "") -> Roll:
        """The 1..18 roll (C-5): a d6 plus a three-faced die showing 0, 6 or 12.

        Typed in (C-2), the three-faced die is its face 1..3 or the value the table prints, 0, 6 or
        12; the record keeps the face 1..3 either way.

        >>> d = Dice(seed=1)
        >>> d.enter(5, 12, 5, 3)
        >>> d.d18().total, d.d18().total
        (17, 17)
        """
        self._manual_in_roll = False
        six = self._die(6)
        if self._hand and not self._feed:  # the next face comes from the hand: maybe 0/6/12
            printed = _X6_FACE.get(self._hand[0])
            if printed is not None:
                self._hand[0] = printed
        three = self._die(3)
        total = six + 6 * (three - 1)
        return self._log(Roll("d18", total, (DieRoll(6, (six,)), DieRoll(3, (three,), True, "x6")),
                              purpose, actor, self._take_manual()))

    def d(self, sides: int, purpose: str = "", actor: str = "") -> Roll:
        """One plain die: the d10s of S, the d6 roll-offs of F."""
        if not isinstance(sides, int) or isinstance(sides, bool) or not 1 <= sides <= MAX_SIDES:
            raise DiceError(f"a die needs a whole number of sides from 1 to {MAX_SIDES}, "
                            f"got {sides!r}")
        self._manual_in_roll = False
        f = self._die(sides)
        return self._log(Roll(f"d{sides}", f, (DieRoll(sides, (f,)),), purpose, actor,
                              self._take_manual()))

    def pick(self, table: str | Sequence[float], purpose: str = "", actor: str = "") -> PickResult:
        """Pick from an equally likely list (C-6) with a die of as many faces as values."""
        values = parse_table(table)
        r = self.d(len(values), purpose, actor)
        face = int(r.total)
        label = table if isinstance(table, str) else "-".join(_num(v) for v in values)
        rec = Roll(f"{label} (d{len(values)})", values[face - 1], r.dice, purpose, actor, r.manual)
        if self.record:
            self.log[-1] = rec
        return PickResult(values[face - 1], face, values, rec)

    # vectorised path ---------------------------------------------------------------------------

    def trait_many(self, n: int, die: int | str = 8, modifier: int = 0, wild: bool = True,
                   tn: int = 4) -> Any:
        """``n`` trait totals at once with numpy, for simulation: no per-roll log, own sub-stream.

        The draws come from a numpy generator seeded from this stream, so the encounter's own
        stream advances by exactly one draw whatever ``n`` is. Returns a numpy int array of totals;
        critical failures are reported as a total of ``-1000``.
        """
        import numpy as np

        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 10**8:
            raise DiceError(f"trait_many rolls 0 to 100000000 traits at once, got n={n!r}")
        if type(modifier) is not int or type(tn) is not int:
            _refuse_trait_numbers(modifier, tn)
        sides, base = parse_trait(die)
        sub = self._die(2**31 - 1)
        gen = np.random.default_rng(sub)
        trait = _explode_many(gen, sides, n)
        if wild:
            w = _explode_many(gen, 6, n)
            best = np.maximum(trait, w)
            crit = (trait == 1) & (w == 1)
        else:
            best = trait
            crit = (trait == 1) & (gen.integers(1, 7, n) == 1)
        totals = best + base + modifier
        totals[crit] = -1000
        return totals


def _refuse_trait_numbers(modifier: Any, tn: Any) -> None:
    """C-3: a trait's modifier and target number are whole numbers (not bools, not floats)."""
    for name, v in (("modifier", modifier), ("tn", tn)):
        if type(v) is not int:
            raise DiceError(f"C-3: a trait roll's {name} is a whole number, got {v!r}")


_END_OF_FEED: tuple[None, bool] = (None, False)
"""The bottom of an exact feed: popping it means the replay asked for one die too many."""


@lru_cache(maxsize=1024)
def _damage_text(expr: str, raise_bonus: bool) -> tuple[Expression, str]:
    """A weapon's damage as C-4 rolls it, and its normal form: built once per weapon, not per hit."""
    e = _damage_expression(parse(expr), raise_bonus)
    return e, str(e)


def _damage_expression(e: Expression, raise_bonus: bool) -> Expression:
    terms = tuple(DiceTerm(t.sign, t.count, t.sides, t.sides >= 2, t.keep) for t in e.dice)
    if raise_bonus:
        terms += (DiceTerm(1, 1, 6, True),)
    return Expression(terms, e.modifier)


def _explode_many(gen: Any, sides: int, n: int) -> Any:
    import numpy as np

    total = gen.integers(1, sides + 1, n)
    live = total == sides
    idx = np.nonzero(live)[0]
    while idx.size:
        more = gen.integers(1, sides + 1, idx.size)
        total[idx] += more
        idx = idx[more == sides]
    return total


def roll(expr: str, seed: int | None = None) -> Roll:
    """The short face: ``gmkit.dice.roll("2d6+3")``. Pass a seed for a repeatable roll."""
    return (Dice(seed) if seed is not None else Dice()).roll(expr)


_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def _describe_in(roll: Roll, lang: str) -> str:
    """:meth:`Roll.describe` in ``lang``: the dice words from the catalogue (``dice.word.*``)."""
    from .i18n import MINUS, format_message, format_number

    def word(label: str) -> str:
        key = f"dice.word.{label}"
        from .i18n import catalogue

        return format_message(key, lang) if key in catalogue() else label

    parts = []
    for d in roll.dice:
        chain = "+".join(str(f) for f in d.faces)
        label = f"{word(d.label)} " if d.label else ""
        mark = "" if d.kept else " " + format_message("dice.word.dropped", lang)
        parts.append(f"{label}d{d.sides}[{chain}]{mark}")
    hand = " " + format_message("dice.word.manual", lang) if roll.manual else ""
    expr = roll.expr
    if any(c == "." for c in expr):  # a table of values (0.5-1-1.5): the language's decimal mark
        from babel.numbers import get_decimal_symbol

        expr = _DECIMAL_POINT.sub(get_decimal_symbol(lang), expr)
    if expr.endswith(" wild"):
        expr = expr[:-5] + " " + word("wild")
    total = _num(roll.total) if isinstance(roll.total, int) else format_number(float(roll.total), lang)
    if lang == "ru":  # a negative total with the minus sign (Russian typography)
        total = total.replace("-", MINUS)
    return f"{expr}: {' '.join(parts)} = {total}{hand}"
