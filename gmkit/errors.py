"""One error family, so a GM-facing caller can catch every gmkit refusal at once.

Each error's message is complete on its own: it names the rule id or the field and the numbers,
because it is shown to a GM as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any


class GmkitError(Exception):
    """Base of every error gmkit raises on purpose.

    ``str(error)`` is English (logs, tests, a traceback); :meth:`message` gives the same words in a
    reader's language where the error carries a message key (``key`` and ``params``).
    """

    key: str | None = None
    """The catalogue key of the message, or None when the error has English words only."""
    params: Mapping[str, Any] = MappingProxyType({})
    """The message's parameters (the rule's numbers and names)."""

    def message(self, lang: str | None = None) -> str:
        """The error as a reader of ``lang`` (default: the current language) reads it."""
        return str(self)


class DiceError(GmkitError, ValueError):
    """A dice expression or a typed-in face that cannot be rolled.

    ``position`` is the 0-based offset in the expression where the fault is, or None.
    """

    def __init__(self, message: str, expression: str | None = None, position: int | None = None):
        self.expression = expression
        self.position = position
        if expression is not None and position is not None:
            message = (f"{message} at position {position} in {expression!r}"
                       f"\n  {expression}\n  {' ' * position}^")
        super().__init__(message)


class IllegalOrder(GmkitError, ValueError):
    """An order the rules do not allow. ``rule`` is the rule id (``D-4``) the refusal rests on.

    A refusal is a message key with its parameters (the numbers and names the rule weighs), so a
    desk or a reply shows it in the player's language; ``str()`` stays the English text::

        >>> e = IllegalOrder("D-5", key="core.refusal.example", actor="Ash")
        >>> str(e)
        'D-5: Ash cannot do that'
        >>> e.message("ru")
        'D-5: Ash не может этого сделать'

    Given as ``IllegalOrder(rule, text)`` alone, the refusal has English words only.
    """

    def __init__(self, rule: str, message: str = "", /, *, key: str | None = None, **params: Any):
        self.rule = rule
        self.key = key
        self.params = params
        if key is not None and not message:
            message = _text(key, "en", params)
        super().__init__(f"{rule}: {message}")

    def message(self, lang: str | None = None) -> str:
        if self.key is None:
            return str(self)
        try:
            return f"{self.rule}: {_text(self.key, lang, self.params)}"
        except (KeyError, ValueError, IndexError, TypeError):  # a refusal is shown, never a crash:
            return str(self)  # the English words it was raised with

    def __reduce__(self) -> Any:  # a refusal crosses process boundaries (batch workers) whole
        text = str(self)[len(self.rule) + 2:]
        return (_rebuild_refusal, (type(self), self.rule, text, self.key, self.params))


def _rebuild_refusal(cls: type[IllegalOrder], rule: str, text: str, key: str | None,
                     params: Mapping[str, Any]) -> Any:
    err = cls.__new__(cls)
    IllegalOrder.__init__(err, rule, text, key=key, **params)
    return err


WORDING: Callable[..., str] | None = None
"""The catalogue's ``format_message``: :mod:`gmkit.i18n` sets it when it loads (this module imports
nothing of gmkit, so every module may import it)."""


def _text(key: str, lang: str | None, params: Mapping[str, Any]) -> str:
    if WORDING is None:  # the catalogue is not loaded: the key and its numbers, still complete
        return f"{key} " + ", ".join(f"{k}={v!r}" for k, v in params.items())
    return WORDING(key, lang, **params)


class ScenarioError(GmkitError, ValueError):
    """A scenario file that does not validate: names the file, the field path and what was expected."""

    def __init__(self, source: str, problems: list[tuple[str, str]]):
        self.source = source
        self.problems = problems
        lines = [f"{source}: scenario is not valid"]
        lines += [f"  - {field}: {expected}" for field, expected in problems]
        super().__init__("\n".join(lines))


class JournalError(GmkitError):
    """A journal that cannot be resumed or written: wrong system, wrong scenario, not a gmkit
    journal, a damaged line, a line that does not replay, or a journal another writer holds.

    When the fault is in one line, ``line`` is its 1-based number (the header is line 1) and
    ``field`` the entry's field path (``order.amount``, ``events[2].params``), or None.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 field: str | None = None):
        self.path = path
        self.line = line
        self.field = field
        super().__init__(message)

    @classmethod
    def at(cls, path: object, line: int, problem: str, field: str | None = None) -> JournalError:
        """The error for one line: ``journal j.jsonl: line 7, field 'actor': <problem>``, or
        ``journal j.jsonl: line 7 is damaged: <problem>`` when no field is to blame."""
        if field:
            text = f"journal {path}: line {line}, field {field!r}: {problem}"
        else:
            text = f"journal {path}: line {line} is damaged: {problem}"
        return cls(text, path=str(path), line=line, field=field)


class EncounterOver(GmkitError):
    """An order or a resolution asked of an encounter that has already ended."""


def said(error: BaseException, lang: str | None = None) -> str:
    """An error as a reader of ``lang`` reads it: a gmkit error in its catalogue words, anything
    else (a plain ``ValueError`` from a widget's value) as Python words it."""
    return error.message(lang) if isinstance(error, GmkitError) else str(error)
