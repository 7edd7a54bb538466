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
NUMBER: Callable[[float, str], str] | None = None
"""The catalogue's ``format_number`` (a number in a language's format), set the same way."""
LANGUAGE: Callable[[], str] | None = None
"""The catalogue's ``get_language`` (the current language), set the same way."""


def _text(key: str, lang: str | None, params: Mapping[str, Any]) -> str:
    if WORDING is None:  # the catalogue is not loaded: the key and its numbers, still complete
        return f"{key} " + ", ".join(f"{k}={v!r}" for k, v in params.items())
    return WORDING(key, lang, **params)


_NOTHING: Any = object()


def shown(value: Any, lang: str | None) -> str:
    """A value a scenario gave, as a reader of ``lang`` is shown it: a text in quotes (``'mele'``,
    «mele» in Russian), a number in the language's format, anything else as Python writes it;
    cut to about 60 characters."""
    if isinstance(value, str):
        text = value if len(value) <= 57 else value[:54] + "..."
        return f"«{text}»" if lang == "ru" else repr(text)
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, (int, float)) and NUMBER is not None and lang:
        try:
            return NUMBER(value, lang)
        except (ValueError, TypeError, ArithmeticError):
            pass
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Problem(tuple):
    """One fault of a scenario: the pair ``(field, English text)`` (it compares and unpacks as that
    pair), with the catalogue key and parameters of the text when it has them, so the fault is
    shown in a reader's language::

        >>> p = Problem("dragons", key="scenario.value.too_short", min_length=2, actual_length=1)
        >>> p.text("ru")
        'нужно не меньше 2 элементов, а указано 1'

    ``input_value``, when given, is the value the file held (kept as ``got``); it is added to the
    text in the reader's words ("; got 150", ", а указано 150"). The English text, when given, is
    kept (pydantic's own wording) instead of the catalogue's.
    """

    key: str | None
    params: Mapping[str, Any]
    got: Any

    def __new__(cls, field: str, english: str = "", /, *, key: str | None = None,
                input_value: Any = _NOTHING, **params: Any) -> Problem:
        if not english:
            english = _text(key, "en", params) if key is not None else ""
            if input_value is not _NOTHING:
                english = _text("scenario.got", "en", {"text": english,
                                                       "got": shown(input_value, "en")})
        self = super().__new__(cls, (field, english))
        self.key = key
        self.params = MappingProxyType(dict(params))
        self.got = input_value
        return self

    def __reduce__(self) -> Any:
        return (_rebuild_problem, (self[0], self[1], self.key, self.got, dict(self.params)))

    @property
    def field(self) -> str:
        return str(self[0])

    def text(self, lang: str | None = None) -> str:
        """The fault in ``lang``: the English text given, or the catalogue's words for its key."""
        lang = lang or _current_language()
        if self.key is None or lang == "en":
            return str(self[1])
        try:
            text = _text(self.key, lang, self.params)
            if self.got is not _NOTHING:
                text = _text("scenario.got", lang, {"text": text, "got": shown(self.got, lang)})
            return text
        except (KeyError, ValueError, IndexError, TypeError):  # shown, never a crash
            return str(self[1])


_WHERE = {"(file)": "scenario.where.file", "(top level)": "scenario.where.top",
          "(yaml)": "scenario.where.yaml", "(model)": "scenario.where.model"}


def _where_said(field: str, lang: str | None) -> str:
    """A problem's place in the reader's words: a field path stays as the file spells it; the
    labels for the file as a whole and a YAML line and column are translated."""
    import re

    try:
        if field in _WHERE:
            return _text(_WHERE[field], lang, {})
        m = re.fullmatch(r"line (\d+), column (\d+)", field)
        if m:
            return _text("scenario.where.line", lang, {"line": int(m[1]), "column": int(m[2])})
    except (KeyError, ValueError, IndexError, TypeError):
        pass
    return field


def _rebuild_problem(field: str, english: str, key: str | None, got: Any,
                     params: dict[str, Any]) -> Problem:
    return Problem(field, english, key=key, input_value=got, **params)


def _current_language() -> str:
    return LANGUAGE() if LANGUAGE is not None else "en"


class FieldProblem(ValueError):
    """What a rule set's scenario validator raises for a value the rules refuse: a message key
    and its parameters (the rule's numbers and the names involved). pydantic keeps the exception
    (``ctx['error']`` of a ``value_error``), so :class:`ScenarioError` shows it in the reader's
    language; ``str()`` is the English text (``english``, when given, is kept as it is: a dice
    parser's own words, say, which the catalogue's text only summarises)."""

    def __init__(self, key: str, /, *, english: str | None = None, **params: Any):
        self.key = key
        self.params = params
        super().__init__(english if english is not None else _text(key, "en", params))


def rule_of(text: str) -> str:
    """The rule id a message starts with, as a prefix for another message (``"C-6: "``), or ``""``:
    a parser's English words are summarised in the catalogue, its rule id kept as it cited it."""
    import re

    m = re.match(r"[A-Z]-\d+: ", text)
    return m[0] if m else ""


def given(value: Any) -> Any:
    """A value of the file as a message parameter: a text quoted in the reader's way, a number
    as it is (written in the reader's format), anything else as Python writes it."""
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return repr(value)


def quoted(text: Any) -> dict[str, Any]:
    """A name or a text of the file as a message parameter: ``'Ash'`` in English, «Ash» in Russian."""
    return {"key": "scenario.quoted", "text": str(text)}


class ScenarioError(GmkitError, ValueError):
    """A scenario file that does not validate: names the file, the field path and what was expected.

    ``problems`` is a list of ``(field, English text)`` pairs; each may be a :class:`Problem`
    carrying its message key, and :meth:`message` gives the header and every problem in the
    reader's language (``str()`` stays English).
    """

    key = "scenario.invalid"

    def __init__(self, source: str, problems: list[tuple[str, str]]):
        self.source = source
        self.problems = problems
        self.params = MappingProxyType({"source": source})
        lines = [f"{source}: scenario is not valid"]
        lines += [f"  - {field}: {expected}" for field, expected in problems]
        super().__init__("\n".join(lines))

    def message(self, lang: str | None = None) -> str:
        if lang == "en" or (lang is None and _current_language() == "en"):
            return str(self)
        try:
            lines = [_text("scenario.invalid", lang, {"source": self.source})]
        except (KeyError, ValueError, IndexError, TypeError):
            return str(self)
        for problem in self.problems:
            text = problem.text(lang) if isinstance(problem, Problem) else problem[1]
            lines.append(f"  - {_where_said(str(problem[0]), lang)}: {text}")
        return "\n".join(lines)

    def __reduce__(self) -> Any:  # crosses process boundaries (batch workers) whole
        return (type(self), (self.source, list(self.problems)))


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


class SealError(GmkitError, ValueError):
    """A seal, a salt, a reveal or a thread to verify that cannot be used (:mod:`gmkit.seal`):
    one line in the reader's words (``key`` and ``params``); ``str()`` is the English line.

    Found in a journal's line, it names the file and the line (:meth:`at`); ``field`` names the
    entry's field to blame, as a :class:`JournalError`'s does.
    """

    def __init__(self, key: str, /, *, field: str | None = None, **params: Any):
        self.key: str = key
        self.params = MappingProxyType(dict(params))
        self.field = field
        self.path: str | None = None
        self.line: int | None = None
        super().__init__(_text(key, "en", params))

    def at(self, path: object, line: int) -> SealError:
        """The same error, found in line ``line`` of the journal ``path``."""
        located = SealError(self.key, field=self.field, **self.params)
        located.path, located.line = str(path), line
        located.args = (located.message("en"),)
        return located

    def message(self, lang: str | None = None) -> str:
        try:
            text = _text(self.key, lang, self.params)
            if self.line is not None:
                text = _text("seal.error.at", lang, {"path": self.path, "line": self.line,
                                                      "problem": text})
            return text
        except (KeyError, ValueError, IndexError, TypeError):  # shown, never a crash
            return str(self)

    def __reduce__(self) -> Any:
        return (_rebuild_seal_error, (self.key, self.field, dict(self.params), self.path, self.line))


def _rebuild_seal_error(key: str, field: str | None, params: dict[str, Any], path: str | None,
                        line: int | None) -> SealError:
    err = SealError(key, field=field, **params)
    return err.at(path, line) if line is not None else err


class EncounterOver(GmkitError):
    """An order or a resolution asked of an encounter that has already ended."""


def said(error: BaseException, lang: str | None = None) -> str:
    """An error as a reader of ``lang`` reads it: a gmkit error in its catalogue words, anything
    else (a plain ``ValueError`` from a widget's value) as Python words it."""
    return error.message(lang) if isinstance(error, GmkitError) else str(error)


def noted(error: BaseException, lang: str | None) -> BaseException:
    """Add ``error`` in a reader's words as a note, so a traceback in a notebook shows them under
    the English message (``str()`` stays English); nothing when they are the same words."""
    if isinstance(error, GmkitError):
        text = error.message(lang)
        if text != str(error) and text not in getattr(error, "__notes__", ()):
            error.add_note(text)
    return error
