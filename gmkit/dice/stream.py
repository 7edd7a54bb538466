"""The seeded stream and its replay tape (C-1, C-2): every face comes through
:meth:`Stream._die`, so the random stream is one seeded generator whose state is just
``(seed, draws)``, every face lands on the tape that the journal stores and replay feeds back, and
faces typed in by hand are checked against the die and marked. Plain rolls live here (an
expression, one die, the d18, a pick from a table); :class:`gmkit.dice.Dice` adds the Savage
Worlds rolls."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import DiceError
from .notation import MAX_ACES, MAX_SIDES, Expression, parse_table, parse_with_text
from .results import DieRoll, PickResult, Roll, _new, _num

_X6_FACE = {0: 1, 6: 2, 12: 3}
"""C-5: the d18's three-valued die as the table prints it (0, 6, 12), to its face 1..3."""

# The dice of a d18 and of one plain die of up to 20 sides, made once for every face and shared by
# the rolls that show it (they are immutable); each roll still puts them in a tuple of its own,
# by which the draw numbers tell one roll from another (gmkit.draws).
_D18_SIX = [DieRoll(6, (f,)) if f else None for f in range(7)]
_D18_THREE = [DieRoll(3, (f,), True, "x6") if f else None for f in range(4)]
_SMALL_DIE = 20
_PLAIN_DICE = [(f"d{n}", [DieRoll(n, (f,)) if f else None for f in range(n + 1)])
               for n in range(_SMALL_DIE + 1)]


class Stream:
    """One encounter's seeded stream of faces and its tape: every face drawn, logged and open to
    faces typed in by hand (C-1, C-2); :class:`gmkit.dice.Dice` adds the Savage Worlds rolls."""

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
        return self._aced(sides, face)

    def _aced(self, sides: int, face: int) -> tuple[int, ...]:
        """An acing chain from its first face, an ace (``face == sides``), to its last."""
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
        if isinstance(expr, str):
            e, text = parse_with_text(expr)
        elif isinstance(expr, Expression):
            e, text = expr, str(expr)
        else:
            raise DiceError(f"a dice expression must be text, got {type(expr).__name__}")
        if faces is not None:
            return self._roll_by_hand(e, faces, purpose, actor)
        return self._roll(e, text, purpose, actor)

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
        return self._log(_new(Roll, ("d18", total, (_D18_SIX[six], _D18_THREE[three]), purpose,
                                     actor, self._take_manual())))

    def d(self, sides: int, purpose: str = "", actor: str = "") -> Roll:
        """One plain die: the d10s of S, the d6 roll-offs of F."""
        if not isinstance(sides, int) or isinstance(sides, bool) or not 1 <= sides <= MAX_SIDES:
            raise DiceError(f"a die needs a whole number of sides from 1 to {MAX_SIDES}, "
                            f"got {sides!r}")
        self._manual_in_roll = False
        f = self._die(sides)
        if sides <= _SMALL_DIE:
            text, dice = _PLAIN_DICE[sides]
            return self._log(_new(Roll, (text, f, (dice[f],), purpose, actor, self._take_manual())))
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


_END_OF_FEED: tuple[None, bool] = (None, False)
"""The bottom of an exact feed: popping it means the replay asked for one die too many."""
