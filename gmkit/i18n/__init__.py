"""The message catalogue, in English and Russian.

Messages live in ``messages/<domain>.json``, one file per shared part of gmkit (``core``, ``odds``,
``ui``, ``report``), and in each rule set's own ``messages.json`` (found through
:mod:`gmkit.systems`), each key holding both languages side by side, so a key cannot quietly exist
in one language only (a test checks it). Parameters use ``str.format``; a
parameter given as ``{"key": "..."}`` is itself translated, and ``{n:plural:wound|wounds}`` picks a
plural form by the CLDR rules (three forms for Russian: ``{n:plural:рана|раны|ран}``; a fraction takes
the middle one, "1,5 раны"). Numbers follow the language: a float is written ``1,5`` in Russian,
and ``{n:num}`` groups thousands (``12 345``).

Names take the grammar their sentence needs (:mod:`gmkit.i18n.grammar`, the one place that
knows it): ``{target:acc}`` declines a name (cases ``nom gen dat acc ins pre``; English leaves
names as they are), ``{actor:g:потерял|потеряла|потеряло|потеряли}`` agrees with a name's gender
and number, ``{actors:g:атакует|атакуют}`` with its number only; a list parameter is declined
item by item and agrees in the plural, and is written as a reader writes a list («Пепел, Гроза и
Шквал»; ``{names:acc:or}`` joins with «или»); ``cap`` writes the first letter as a capital
(``{side:nom:cap}``). A fight's names are declined by its scenario's ``gender:``/``forms:``
inside ``with grammar.cast(encounter.cast)``; there a side's id given a case is written as the
side's name (``side_names:``): ``ход {side:gen}`` is «ход отряда».

Russian typography is the formatter's: a negative number takes the minus sign («−1», also with
``{n:+d}`` and ``{n:num}``), a fraction the decimal comma (``{x:.1f}`` too), and a ``!r`` text
is quoted «so» (a Russian message writes «{x}» itself). docs/messages.md says how to write one.

A parameter written ``{bonus?}`` may be missing and then says nothing: an event's parameters may
grow in a later gmkit (the source of a modifier), and events recorded before still render. What
follows its colon is what an event without it says in its place, written with the parameters
such an event has: ``{told?:Состояние «{status}» у {actor:gen} проходит}`` is ``told`` (as it
is, no spec) when given, else that sentence.

>>> format_message("core.roll", "ru", actor="Пепел", roll="d8!: d8[5] = 5")
'Пепел бросает d8!: d8[5] = 5'

>>> format_message("core.roll", "en", actor="Ash", roll="d8!: d8[5] = 5")
'Ash rolls d8!: d8[5] = 5'
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import re
import string
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources
from typing import Any

from . import grammar

__all__ = ["LANGUAGES", "set_language", "get_language", "language", "format_message", "catalogue",
           "format_number", "join_names", "MessageError", "MINUS", "t"]

LANGUAGES = ("en", "ru")

_current: contextvars.ContextVar[str] = contextvars.ContextVar("gmkit_language", default="en")


class MessageError(KeyError):
    """A message key that no catalogue file holds."""


def set_language(lang: str) -> None:
    """Choose the language messages are shown in by default (``"en"`` or ``"ru"``)."""
    _current.set(_check(lang))


def get_language() -> str:
    return _current.get()


@contextlib.contextmanager
def language(lang: str) -> Iterator[None]:
    """Show messages in ``lang`` inside a ``with`` block only."""
    token = _current.set(_check(lang))
    try:
        yield
    finally:
        _current.reset(token)


def _check(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, got {lang!r}")
    return lang


def catalogue() -> dict[str, dict[str, str]]:
    """Every key with its texts per language, read once from the package's JSON files (again
    when a rule set is registered later)."""
    from ..systems import names

    return _catalogue(tuple(names()))


@lru_cache(maxsize=4)
def _catalogue(systems: tuple[str, ...]) -> dict[str, dict[str, str]]:
    from ..systems import get

    merged: dict[str, dict[str, str]] = {}
    folder = resources.files(__package__) / "messages"
    files = [(entry.name, entry.read_text(encoding="utf-8"))
             for entry in sorted(folder.iterdir(), key=lambda p: p.name) if entry.name.endswith(".json")]
    for system in map(get, systems):
        text = system.messages_text()
        if text is not None:
            files.append((f"{system.package}/{system.messages}", text))
    for name, text in files:
        for key, texts in json.loads(text).items():
            if key in merged:
                raise ValueError(f"message key {key!r} is defined twice (second time in {name})")
            merged[key] = texts
    return merged


def _plural(n: Any, forms: list[str], lang: str) -> str:
    """The form for ``n`` by the language's CLDR plural rules (Babel), fractions included.

    Russian gives three forms, one|few|many (рана|раны|ран); a fraction is CLDR's "other", which
    takes the few form ("1,5 раны"). English gives singular|plural ("1.5 wounds").
    """
    category = _plural_category(n, lang)
    if lang == "ru" and len(forms) == 3:
        return {"one": forms[0], "few": forms[1], "many": forms[2]}.get(category, forms[1])
    return forms[0] if category == "one" else forms[-1]


@lru_cache(maxsize=2048)
def _plural_category(n: Any, lang: str) -> str:
    from babel import Locale

    value = _plain_number(n)
    return str(Locale(lang).plural_form(abs(value)))


def _plain_number(n: Any) -> int | float:
    """An int for whole numbers (2.0 counts as 2), else a float."""
    if isinstance(n, bool):
        return int(n)
    if isinstance(n, int):
        return n
    try:
        f = float(n)
    except (TypeError, ValueError):
        raise MessageError(f"a plural needs a number, got {n!r}") from None
    return int(f) if f.is_integer() else f


MINUS = "\u2212"
"""The minus sign a Russian text writes before a negative number («−1»), never a hyphen."""


@lru_cache(maxsize=4096)
def format_number(value: float, lang: str) -> str:
    """A number as a reader of ``lang`` writes it: ``1,5``, ``12 345`` and ``−2`` in Russian,
    ``1.5``, ``12,345`` and ``-2`` in English; whole numbers without a decimal part."""
    from babel.numbers import format_decimal

    text = str(format_decimal(_plain_number(value), locale=lang, decimal_quantization=False))
    return _minus(text) if lang == "ru" else text


def _minus(text: str) -> str:
    """A number's hyphen written as the minus sign (Russian typography)."""
    return text.replace("-", MINUS)


_NUMBER_TYPES = frozenset("bcdeEfFgGnoxX%")


def _number_spec(spec: str) -> bool:
    """Whether ``spec`` is a format spec for a number (``+d``, ``.1f``, ``02d``...)."""
    return bool(spec) and (spec[-1] in _NUMBER_TYPES or spec[-1].isdigit() or spec in ("+", "-", " "))


MODIFIERS = frozenset({"or", "comma", "cap"})
"""What may follow a case (or stand alone) in a placeholder: ``or`` joins a list with «или»
(``{names:acc:or}``), ``comma`` with commas alone (the head of a list whose last item the
message writes itself: «{rest:acc:comma} или {last:acc}»), ``cap`` writes the first letter as a
capital (``{side:nom:cap}``)."""

JOINERS = {"and": {"en": " and ", "ru": " и "}, "or": {"en": " or ", "ru": " или "},
           "comma": {"en": ", ", "ru": ", "}}
"""The word before a list's last item, as a reader writes a list («Пепел, Гроза и Шквал»)."""


def join_names(items: list[str], lang: str, joiner: str = "and") -> str:
    """``items`` as a reader writes a list: commas, and the joiner's word before the last."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + JOINERS[joiner].get(lang, JOINERS[joiner]["en"]) + items[-1]


class _Names(str):
    """A list parameter: written as a reader writes a list («Пепел, Гроза и Шквал»), declined
    and agreed item by item."""

    items: tuple[str, ...]
    lang: str

    def __new__(cls, items: list[str], lang: str = "en") -> _Names:
        self = super().__new__(cls, join_names(list(items), lang))
        self.items = tuple(items)
        self.lang = lang
        return self


_ABSENT = object()


class _Optional:
    """An optional parameter's value (``{told?:…}``): written as it is, its spec being the text
    for an event without it (:data:`_MISSING` then)."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


_MISSING = _Optional(_ABSENT)


class _Formatter(string.Formatter):
    """``str.format`` with the catalogue's specs: cases, agreement, plurals, numbers, lists; in
    Russian a negative number takes the minus sign and a fraction the decimal comma, and a
    ``!r`` text is quoted «so»."""

    def __init__(self, lang: str):
        self.lang = lang

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "r" and self.lang == "ru" and isinstance(value, str):
            return f"«{value}»"
        return super().convert_field(value, conversion)

    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        if isinstance(key, str) and key.endswith("?"):  # a parameter older events lack
            value = kwargs.get(key, kwargs.get(key[:-1], _ABSENT))
            return _MISSING if value is _ABSENT else _Optional(value)
        value = kwargs.get(key, _ABSENT)
        if value is not _ABSENT:
            return value
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, spec: str) -> str:
        if isinstance(value, _Optional):  # its spec is what an event without it says instead
            return spec if value is _MISSING else self.format_field(value.value, "")
        if spec.startswith(("g:", "plural:")) or (":" not in spec and spec not in MODIFIERS):
            return self._field(value, spec, "and")
        parts = spec.split(":")
        mods = {p for p in parts if p in MODIFIERS}
        joiner = "or" if "or" in mods else "comma" if "comma" in mods else "and"
        text = self._field(value, ":".join(p for p in parts if p not in MODIFIERS), joiner)
        return text[:1].upper() + text[1:] if "cap" in mods else text

    def _field(self, value: Any, spec: str, joiner: str) -> str:
        if spec in grammar.CASES:  # a name in the case its governing word needs
            if not isinstance(value, str):
                raise MessageError(f"a case ({spec}) is for a name, got {value!r}")
            if isinstance(value, _Names):
                items = [self._case(v, spec) for v in value.items]
                return join_names(items, self.lang, joiner)
            return self._case(value, spec)
        if isinstance(value, _Names) and not spec:
            return join_names(list(value.items), self.lang, joiner)
        if spec.startswith("g:"):  # a word agreeing with a name: m|f|n|pl or singular|plural
            forms = spec[2:].split("|")
            names = value.items if isinstance(value, _Names) else value
            if isinstance(names, int | float):  # a count: singular for 1, else plural
                names = ["x"] * (1 if names == 1 else 2)
            try:
                return grammar.agree(names, forms)
            except ValueError as e:
                raise MessageError(str(e)) from None
        if spec.startswith("plural:"):
            return _plural(value, spec[7:].split("|"), self.lang)
        if spec == "num":  # a quantity: grouped and with the language's decimal mark
            return format_number(value, self.lang)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return super().format_field(value, spec)
        if not spec:
            if isinstance(value, float) and not value.is_integer():
                return format_number(value, self.lang)
            text = str(int(value))
        else:
            text = super().format_field(value, spec)
            if self.lang == "ru" and _number_spec(spec):
                text = text.replace(".", ",")
        return _minus(text) if self.lang == "ru" else text

    def _case(self, name: str, case: str) -> str:
        if self.lang != "ru":  # English leaves names as they are (a side's id as its name)
            return grammar.shown(name)
        return grammar.decline(name, case)


def _param(value: Any, lang: str) -> Any:
    if isinstance(value, dict) and "key" in value:
        inner = {k: v for k, v in value.items() if k != "key"}
        return format_message(value["key"], lang, **inner)
    if isinstance(value, list | tuple):
        return _Names([str(_param(v, lang)) for v in value], lang)
    return value


def format_message(key: str, lang: str | None = None, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (default: the current language) with its parameters."""
    lang = _check(lang) if lang else _current.get()
    texts = catalogue().get(key)
    if texts is None:
        raise MessageError(f"no message {key!r} in the catalogue")
    template = texts.get(lang) or texts["en"]
    values = {k: _param(v, lang) for k, v in params.items()}
    formatter = _Formatter(lang)
    if lang == "ru" and _PREPOSITION_FIELD.search(template):
        return _with_prepositions(formatter, template, values)
    return formatter.format(template, **values)


_PREPOSITION_FIELD = re.compile(r"(?:^|(?<=[\s(«\"]))[свкСВК] \{")
"""A template with ``с``, ``в`` or ``к`` right before a field: the name may need ``со``."""
_TAKES_O = {"с": re.compile(r"[сзшжСЗШЖ][бвгджзйклмнпрстфхцчшщ]|[щЩ]"),
            "в": re.compile(r"[вфВФ][бвгджзйклмнпрстфхцчшщ]"), "к": re.compile(r"[мМ]н")}
"""Russian euphony: ``со Шквалом``, ``во Вспышку``, ``ко Мне`` (a word opening with these)."""


def _with_prepositions(formatter: _Formatter, template: str, values: dict[str, Any]) -> str:
    """Format field by field, writing ``с``, ``в``, ``к`` before a name as ``со``, ``во``,
    ``ко`` where its first sounds need it (``со Шквалом``, not ``с Шквалом``)."""
    out: list[str] = []
    for literal, field, spec, conversion in formatter.parse(template):
        out.append(literal)
        if field is None:
            continue
        piece = "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        text = formatter.vformat(piece, (), values)
        word = literal[-2:-1].lower()
        if literal.endswith(" ") and word in _TAKES_O and (len(literal) == 2 or not literal[-3].isalpha()) \
                and _TAKES_O[word].match(text):
            out[-1] = literal[:-1] + "о "  # the preposition ends the literal just before the field
        out.append(text)
    return "".join(out)


t = format_message


def _register() -> None:
    """Word the errors that carry a message key (:class:`~gmkit.errors.IllegalOrder`,
    :class:`~gmkit.errors.ScenarioError`)."""
    from .. import errors

    errors.WORDING = format_message
    errors.NUMBER = format_number
    errors.LANGUAGE = get_language


_register()
