"""DiceRoller: roll at the table from the notebook, or type in the faces rolled elsewhere (C-2).

Bound to an encounter, every roll lands in that encounter's roll log (``encounter.dice.log``) and a
GM note in its journal, so it survives a kernel restart. The free rolls come from a generator of
their own, derived from the encounter's seed, so they never shift the encounter's stream and a
replayed journal still gives the same next roll.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets as t

from ..dice import Dice, Roll, TraitResult
from ..errors import DiceError, said
from ..i18n import format_message
from ._assets import asset
from .viewmodels import roll_view

if TYPE_CHECKING:
    from ..encounter import Encounter

__all__ = ["DiceRoller", "MODES"]

MODES = ("roll", "trait", "damage")
"""``roll``: a plain expression; ``trait``: a Savage Worlds trait roll (C-3); ``damage``: all dice
ace (C-4)."""

HISTORY = 50
"""How many rolls the history keeps in the browser."""


def parse_faces(text: str) -> list[int]:
    """``"8 3, 5"`` -> ``[8, 3, 5]``; anything but whole numbers is refused with the culprit named."""
    faces = []
    for tok in re.split(r"[\s,;]+", text.strip()):
        if not tok:
            continue
        if not tok.isdigit():
            raise DiceError(f"C-2: a typed-in face is a whole number from 1, got {tok!r}")
        faces.append(int(tok))
    if not faces:
        raise DiceError("C-2: type the faces rolled, separated by spaces")
    return faces


class DiceRoller(anywidget.AnyWidget):
    """An expression box, a Roll button, the faces with aces and the Wild Die marked, a history.

    >>> r = DiceRoller(seed=1)
    >>> r.roll("2d6+1")["total"] > 2
    True
    """

    _esm = asset("dice_roller.js")
    _css = asset("dice_roller.css")

    expression = t.Unicode("d8").tag(sync=True)
    """What to roll: ``2d6+1``, ``d8!``, ``4d6kh3``; in trait mode a trait die, ``d8`` or ``d12+1``."""
    mode = t.Unicode("roll").tag(sync=True)
    wild = t.Bool(True).tag(sync=True)
    """Trait mode: the roller is a Wild Card and rolls a Wild Die (C-3)."""
    tn = t.Int(4).tag(sync=True)
    by_hand = t.Bool(False).tag(sync=True)
    """Take the faces typed in ``faces`` instead of rolling (C-2)."""
    faces = t.Unicode("").tag(sync=True)
    actor = t.Unicode("").tag(sync=True)
    last = t.Dict().tag(sync=True)
    """The last roll's view-model (:func:`~gmkit.ui.viewmodels.roll_view`)."""
    history: t.List[dict[str, Any]] = t.List().tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    lang = t.Unicode("en").tag(sync=True)
    labels = t.Dict().tag(sync=True)
    """The interface texts in ``lang``, so the JS holds no words of its own."""

    def __init__(self, encounter: Encounter | None = None, *, seed: int | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.encounter = encounter
        if encounter is not None and seed is None:
            seed = (encounter.seed * 7919 + 17) % (2**31)
        self._dice = Dice(seed)
        self.on_msg(self._on_msg)
        self.labels = self._labels()
        self.observe(lambda _c: setattr(self, "labels", self._labels()), names="lang")

    def _labels(self) -> dict[str, str]:
        keys = ("roll", "expression", "mode", "mode.roll", "mode.trait", "mode.damage", "wild", "tn",
                "by_hand", "faces", "history", "ace", "wild_die", "dropped", "raises",
                "success", "failure", "critical_failure", "manual", "total")
        return {k: format_message(f"ui.dice.{k}", self.lang) for k in keys}

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "roll":
            self.roll()

    def roll(self, expression: str | None = None, *, faces: str | list[int] | None = None,
             mode: str | None = None) -> dict[str, Any]:
        """Roll (or take typed-in faces), update ``last``/``history``; on a refusal set ``error``.

        A refusal changes nothing but ``error``: not the history, not the dice, not the encounter.
        Returns the roll's view-model, or ``{}`` when refused.
        """
        if expression is not None:
            self.expression = expression
        if mode is not None:
            self.mode = mode
        if faces is not None:
            self.by_hand = True
            self.faces = faces if isinstance(faces, str) else " ".join(map(str, faces))
        try:
            result = self._roll()
        except DiceError as e:
            self.error = said(e, self.lang).splitlines()[0]
            return {}
        view = roll_view(result, mode=self.mode, lang=self.lang)
        view["actor"] = self.actor
        self.error = ""
        self.last = view
        self.history = ([view, *list(self.history)])[:HISTORY]
        if self.encounter is not None:
            r = result.roll if isinstance(result, TraitResult) else result
            self.encounter.dice.log.append(r)
            self.encounter.note(format_message("ui.dice.note", "en", roll=r.describe()))
        return view

    def _roll(self) -> Roll | TraitResult:
        if self.mode not in MODES:
            raise DiceError(f"mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        typed = parse_faces(self.faces) if self.by_hand else None
        d = self._dice
        purpose = f"dice roller ({self.mode})"
        if self.mode == "roll":
            return d.roll(self.expression, purpose, self.actor, faces=typed)
        snap = d.snapshot()
        try:
            if typed is not None:
                d.clear_hand()
                d.enter(*typed)
            if self.mode == "trait":
                result: Roll | TraitResult = d.trait(self.expression.strip() or None, wild=self.wild,
                                                     tn=self.tn, purpose=purpose, actor=self.actor)
                used = len(result.roll.faces) if isinstance(result, TraitResult) else 0
            else:
                result = d.damage(self.expression, purpose=purpose, actor=self.actor)
                used = len(result.faces) if isinstance(result, Roll) else 0
            if typed is not None:
                left = len(d.pending_hand)
                if left:
                    raise DiceError(f"C-2: this roll takes {len(typed) - left} faces here, "
                                    f"{len(typed)} were typed in")
                if used > len(typed):
                    raise DiceError(f"C-2: this roll needs more faces than the {len(typed)} typed in")
        except DiceError:
            d.restore(snap)
            raise
        return result

    def clear(self) -> None:
        """Empty the history (the encounter's log keeps its rolls)."""
        self.history = []
        self.last = {}
        self.error = ""

    def __repr__(self) -> str:
        bound = f" bound to {type(self.encounter).__name__}" if self.encounter is not None else ""
        return (f"<DiceRoller {self.mode} {self.expression!r}{bound}, "
                f"{len(self.history)} {'roll' if len(self.history) == 1 else 'rolls'}>")
