"""Which draw of a fight's stream each face came from: the numbers a post shows (``#57``).

The dice number their draws as they go (:attr:`gmkit.dice.Dice.draws`); a face typed in by hand
(C-2) takes no number. Around one step of a fight (the setup, a resolution) the tape says which
faces were drawn and which were typed in, and the roll log says which roll took them, in order;
:func:`numbered` puts the two together, and :func:`annotate` writes each event's numbers beside
its rolls (``"draws": [[57, 58], [59]]``, ``None`` for a face typed in). Draws no event shows (a
roll the rules made and kept to themselves) are kept apart, so that a post can still show their
numbers: the numbers of a fight run without a gap through its posts.

>>> from gmkit.dice import Dice
>>> d = Dice(seed=1)
>>> at = mark(d)
>>> r = d.roll("2d6")
>>> numbered(d, at).claim(r)
((1, 2), False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .dice import Dice, Roll

__all__ = ["Mark", "Numbers", "mark", "numbered", "annotate", "DrawNumbers"]

DrawNumbers = tuple[int | None, ...]
"""One roll's draw numbers, face by face; None for a face typed in by hand."""


@dataclass(frozen=True)
class Mark:
    """Where the dice stood before a step."""

    draws: int
    log: int
    tape: int
    marks: int


def mark(dice: Dice) -> Mark:
    """The dice's place now, for :func:`numbered` after the step."""
    return Mark(dice.draws, len(dice.log), len(dice.tape), len(dice.manual_marks))


@dataclass
class Numbers:
    """The draw numbers of one step: each roll's, and those no roll of the log holds."""

    rolls: list[tuple[Roll, DrawNumbers]] = field(default_factory=list)
    """Each roll of the step's log with its numbers, in the order rolled."""
    loose: list[DrawNumbers] = field(default_factory=list)
    """Faces of the tape no logged roll accounts for, in runs."""
    _used: set[int] = field(default_factory=set)

    def claim(self, roll: Roll) -> tuple[DrawNumbers, bool] | None:
        """``roll``'s numbers, and whether it was claimed before in this step (a rule set may
        show one roll in two events: the second shows it again, it draws nothing new). A roll
        is found as itself, else as one sharing its dice (written again under another label),
        else as the first unclaimed one equal to it; None when the step did not roll it."""
        for i, (r, nums) in enumerate(self.rolls):
            if r is roll or r.dice is roll.dice:
                again = i in self._used
                self._used.add(i)
                return nums, again
        for i, (r, nums) in enumerate(self.rolls):
            if i not in self._used and r.dice == roll.dice:
                self._used.add(i)
                return nums, False
        for r, nums in self.rolls:
            if r.dice == roll.dice:
                return nums, True
        return None

    def unshown(self) -> list[DrawNumbers]:
        """The numbers no claimed roll shows: logged rolls no event holds, and loose faces."""
        out = [nums for i, (_, nums) in enumerate(self.rolls)
               if i not in self._used and any(n is not None for n in nums)]
        return out + [nums for nums in self.loose if any(n is not None for n in nums)]


def numbered(dice: Dice, since: Mark) -> Numbers:
    """The numbers of every face the dice took since ``since``, roll by roll."""
    tape = dice.tape[since.tape:]
    manual = {m - since.tape for m in dice.manual_marks[since.marks:]}
    nums: list[int | None] = []
    n = since.draws
    for i in range(len(tape)):
        if i in manual:
            nums.append(None)
        else:
            n += 1
            nums.append(n)
    out = Numbers()
    at = 0
    for roll in dice.log[since.log:]:
        faces = roll.faces
        k = len(faces)
        if k and tuple(tape[at:at + k]) == faces:
            out.rolls.append((roll, tuple(nums[at:at + k])))
            at += k
        elif k:  # a roll that took no face of this tape (a free roll logged by a widget)
            continue
    if at < len(tape):
        out.loose.append(tuple(nums[at:]))
    return out


def annotate(events: Iterable[Any], numbers: Numbers) -> list[dict[str, Any]]:
    """The events as JSON, each with the draw numbers of its rolls when it has rolls: ``draws``,
    one entry per roll, a list of numbers (``None`` for a face typed in by hand), or
    ``{"again": [...]}`` for a roll shown before in the step, or None for a roll the step did
    not make."""
    out = []
    for ev in events:
        data = ev.to_json()
        if ev.rolls:
            data["draws"] = [_entry(numbers.claim(r)) for r in ev.rolls]
        out.append(data)
    return out


def _entry(found: tuple[DrawNumbers, bool] | None) -> Any:
    if found is None:
        return None
    nums, again = found
    return {"again": list(nums)} if again else list(nums)
