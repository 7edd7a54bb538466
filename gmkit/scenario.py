"""Scenario files: YAML, validated by pydantic, with errors a GM can act on.

A scenario names its ``system``; the rule set of that name (found through :mod:`gmkit.systems`)
gives the pydantic model of its own section. Whatever goes wrong (a missing file, bad YAML, a
wrong field) comes out as one :class:`~gmkit.errors.ScenarioError` naming the file, the field path
(``dragons[1].pilot.piloting``) and what was expected, never a traceback from deep inside.

Every file is read defensively, before any rule set sees it (:func:`read_yaml`, in
:mod:`gmkit.safe_yaml`: size, encoding, depth, alias expansion, keys given twice; then every
one-line text normalised by :func:`normalise_text`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sized
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from . import i18n as _i18n  # noqa: F401  (loaded, the catalogue words a ScenarioError)
from .errors import FieldProblem, Problem, ScenarioError, quoted
from .i18n.grammar import Cast, CastRow
from .safe_yaml import MAX_BYTES, MAX_DEPTH, MAX_NODES, normalise_data, normalise_text, read_yaml
from .schema import field

__all__ = ["Grammatical", "player_field", "ActorRow", "SideName", "ScenarioModel", "cast_of", "actors_of",
           "model_for", "load_scenario", "validate_scenario", "validate_part", "read_yaml", "normalise_text",
           "normalise_data", "MAX_BYTES", "MAX_DEPTH", "MAX_NODES"]


Gender = Literal["m", "f", "n", "pl"]
Case = Literal["gen", "dat", "acc", "ins", "pre"]


class Grammatical(BaseModel):
    """The grammar of a name for the Russian posts, for names the dictionary gets wrong
    (nicknames, foreign names, «Волк 2»): a spec that has a ``name`` inherits these two fields.
    Left out of the dumped scenario when not given, so older scenarios keep their hashes."""

    gender: Gender | None = field(
        "The name's grammatical gender for Russian sentences: m, f, n, or pl for a plural name "
        "(left out: the dictionary decides).",
        "Род имени для русских фраз: m, f, n или pl для имени во множественном числе (если не "
        "указан, решает словарь).", default=None, exclude_if=lambda v: v is None)
    forms: dict[Case, str] | None = field(
        "The name's Russian forms where the dictionary gets them wrong: gen, dat, acc, ins, pre "
        "(genitive, dative, accusative, instrumental, prepositional).",
        "Формы имени по падежам, если словарь ошибается: gen, dat, acc, ins, pre (родительный, "
        "дательный, винительный, творительный, предложный).", default=None,
        exclude_if=lambda v: not v)

    @field_validator("forms")
    @classmethod
    def _forms(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        for case, form in (v or {}).items():
            if not form.strip():
                raise FieldProblem("scenario.grammar.empty_form", field=case)
        return v


def player_field() -> Any:
    """The ``player:`` field every actor of every rule set has: the player's forum nickname, so
    the GM's inbox gives each private message to its actor by who sent it. Left out of the
    dumped scenario when not given, so older scenarios keep their hashes."""
    return field(
        "The forum nickname of the player who plays it: a pasted message from that nickname is "
        "this actor's (left out: run by the GM when the scenario names the players of others).",
        "Ник игрока на форуме: вставленное сообщение от этого ника — заявка этого участника (если "
        "не указан и у других участников игроки указаны, участником управляет мастер).",
        default=None, min_length=1, exclude_if=lambda v: v is None)


ActorRow = tuple[str, str | None, bool, tuple[str, ...]]
"""One actor of a fight as the inbox sees it: ``(name, player, gm, other_names)`` — its player's
forum nickname (None: not given), whether the rule set has the GM run it (a dragon's ``gm:``, a
fantasy monster), and other names a message may sign with (a dragon's rider)."""


class SideName(Grammatical):
    """How a side is called in posts and reports: a group («отряд», «Налётчики»)."""

    model_config = ConfigDict(extra="forbid")
    name: str = field("The side's name in sentences (отряд, Налётчики, the Wing).",
                      "Как сторону называют в текстах (отряд, Налётчики, Крыло).", min_length=1)


class ScenarioModel(BaseModel):
    """Fields every scenario has; engines subclass it with their own section."""

    model_config = ConfigDict(extra="forbid", frozen=False)

    system: str = field("The rule set the scenario is for: dragons, space or fantasy.",
                        "Свод правил сценария: dragons, space или fantasy.")
    name: str = field("The fight's title, shown on the desk, in reports and posts.",
                      "Название боя: его видно на столе мастера, в отчётах и постах.")
    description: str = field("A few lines setting the scene for the GM and the players.",
                             "Несколько строк о завязке боя для мастера и игроков.", default="")
    seed: int | None = field("The dice seed: the same seed plays the same fight (left out: random).",
                             "Зерно кубов: с тем же зерном бой повторяется (если не указано — "
                             "случайное).", "C-1", default=None)
    language: Literal["en", "ru"] = field("The language of the fight's log, reports and posts.",
                                          "Язык журнала боя, отчётов и постов.", default="en")
    aliases: dict[str, list[str]] = field(
        "Other names players may use in their messages: Bane: [Бейн, Бейна].",
        "Другие имена, которыми игроки называют участника, оружие или предмет в сообщениях: "
        "Bane: [Бейн, Бейна].", default={}, exclude_if=lambda v: not v)
    """Other names players may use (``Bane: [Бейн]``): a participant's, weapon's, spell's or
    item's name to the names a message may give it (read by :mod:`gmkit.language`). Left out of
    the dumped scenario when empty, so scenarios without it keep their journals and hashes."""
    side_names: dict[str, SideName] = field(
        "How each side is called in posts and reports, as a group: party: {name: отряд}; "
        "raiders: {name: Налётчики, gender: pl}. A side not listed is called by its id.",
        "Как называть каждую сторону в постах и отчётах (как группу): party: {name: отряд}; "
        "raiders: {name: Налётчики, gender: pl}. Сторона не из списка называется как есть.",
        default={}, exclude_if=lambda v: not v)

    campaign: str | None = field(
        "The campaign this fight was built from (gmkit campaign fight writes it): its journal is "
        "applied to that campaign only.",
        "Кампания, из которой собран этот бой (её пишет gmkit campaign fight): журнал боя "
        "применяется только к ней.", default=None, exclude_if=lambda v: v is None)
    """The id of the campaign (:mod:`gmkit.campaign`) that built this fight; left out of the
    dumped scenario when not set, so other scenarios keep their journals and hashes."""

    @staticmethod
    def cast_rows(scenario: Mapping[str, Any]) -> Iterable[CastRow]:
        """``(name, kind, gender, forms)`` of every name a scenario of this rule set gives (kinds:
        :data:`gmkit.i18n.grammar.KINDS`): the rule set lists its dragons, ships, weapons..."""
        return ()

    @staticmethod
    def actor_rows(scenario: Mapping[str, Any]) -> Iterable[ActorRow]:
        """``(name, player, gm, other_names)`` of every actor (:data:`ActorRow`): the rule set
        lists its dragons, ships, combatants."""
        return ()

    @model_validator(mode="before")
    @classmethod
    def _normalise(cls, data: Any) -> Any:
        """Texts normalised for a model validated directly (``validate_scenario`` did it first)."""
        try:
            return normalise_data(data)
        except ScenarioError:
            return data  # the limits are checked (and reported with the file) by validate_scenario


def cast_of(scenario: Mapping[str, Any]) -> Cast:
    """The names of a (validated) scenario with their grammar — its rule set's names, then its
    sides as groups — for declining them in its sentences (``with grammar.cast(...)``)."""
    rows = list(model_for(str(scenario["system"])).cast_rows(scenario))
    sides = {}
    for side, entry in (scenario.get("side_names") or {}).items():
        rows.append((entry["name"], "side", entry.get("gender"), entry.get("forms")))
        sides[str(side)] = str(entry["name"])
    return Cast.of(rows, sides)


def actors_of(scenario: Mapping[str, Any]) -> list[ActorRow]:
    """The actors of a (validated) scenario, who plays each and whether the GM runs it: the rule
    set's word (``gm``), and an actor with no ``player:`` in a scenario that names the players of
    others is the GM's too."""
    rows = list(model_for(str(scenario["system"])).actor_rows(scenario))
    named = any(player for _, player, _, _ in rows)
    return [(name, player, (gm or named) and not player, others)
            for name, player, gm, others in rows]


def model_for(system: str) -> type[ScenarioModel]:
    """The scenario model of the rule set named ``system``."""
    from .systems import get

    return get(system).scenario_model



def _said(value: Any) -> Any:
    """A value of the file as a message parameter: a text quoted in the reader's way."""
    return quoted(value) if isinstance(value, str) else repr(value)


def _field_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if part == "[key]":  # a key of a mapping refused: the path names the key itself
            continue
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


_KEYS = {
    "missing": "missing", "extra_forbidden": "extra_forbidden",
    "less_than_equal": "less_than_equal", "greater_than_equal": "greater_than_equal",
    "less_than": "less_than", "greater_than": "greater_than",
    "int_parsing": "int", "int_type": "int", "int_from_float": "int_from_float",
    "float_parsing": "float", "float_type": "float", "finite_number": "finite_number",
    "string_type": "string", "bool_parsing": "bool", "bool_type": "bool",
    "literal_error": "choice", "enum": "choice", "list_type": "list", "tuple_type": "list",
    "set_type": "list", "dict_type": "mapping", "model_type": "mapping",
    "model_attributes_type": "mapping", "too_short": "too_short", "too_long": "too_long",
    "string_too_short": "string_too_short", "string_too_long": "string_too_long",
}
"""pydantic's error types to the catalogue's ``scenario.value.*`` words; any other type is
``scenario.value.other`` (and a rule set's own refusal, a :class:`~gmkit.errors.FieldProblem`,
brings its own key)."""

_BOUNDS = {"le", "ge", "lt", "gt"}


def _choices(expected: str) -> Any:
    """pydantic's ``'melee' or 'ranged'`` as a parameter worded in each language."""
    items: list[Any] = []
    for m in re.finditer(r"'((?:[^'\\]|\\.)*)'|(-?\d+(?:\.\d+)?)", expected):
        items.append(quoted(m[1]) if m[1] is not None else m[2])
    if not items:
        return expected
    if len(items) == 1:
        return items[0]
    return {"key": "scenario.choice", "items": items}


def _problem(field_path: str, e: Mapping[str, Any]) -> Problem:
    """One pydantic error as a :class:`Problem`: its English text as before (pydantic's words,
    ours for a missing or unknown field) with the catalogue key and parameters of its meaning."""
    kind = e["type"]
    ctx = dict(e.get("ctx") or {})
    msg = e["msg"]
    if kind == "missing":
        return Problem(field_path, "required field is missing", key="scenario.value.missing")
    if kind == "extra_forbidden":
        return Problem(field_path, "unknown field (misspelt?)", key="scenario.value.extra_forbidden")
    if "input" in e:
        text = repr(e["input"])
        if len(text) > 60:
            text = text[:57] + "..."
        msg = f"{msg}; got {text}"
    got = e.get("input")
    scalar = isinstance(got, (str, int, float)) or got is None
    error = ctx.get("error")
    if kind == "value_error" and isinstance(error, FieldProblem):
        params = dict(error.params)
        if scalar and "got" not in params:
            return Problem(field_path, msg, key=error.key, input_value=got, **params)
        return Problem(field_path, msg, key=error.key, **params)
    if kind == "value_error":
        key, params = "scenario.value.not_checked", {"text": str(error) if error else msg}
    elif kind in _KEYS:
        key = f"scenario.value.{_KEYS[kind]}"
        params = {k: v for k, v in ctx.items() if k in _BOUNDS or k.endswith("_length")}
        if kind in ("literal_error", "enum"):
            params = {"expected": _choices(str(ctx.get("expected", "")))}
        elif kind in ("bool_parsing", "bool_type"):
            params = {"yes": "true", "no": "false"}
        elif kind == "string_too_short" and ctx.get("min_length") == 1:
            return Problem(field_path, msg, key="scenario.value.empty")
        if kind in ("too_short", "too_long"):
            params.setdefault("actual_length", len(got) if isinstance(got, Sized) else "?")
            return Problem(field_path, msg, key=key, **params)
    else:
        key, params = "scenario.value.other", {}
    if scalar and "input" in e:
        return Problem(field_path, msg, key=key, input_value=got, **params)
    return Problem(field_path, msg, key=key, **params)


def _problems(err: ValidationError) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    for e in err.errors(include_url=False):
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        problems.append(_problem(_field_path(loc), e))
    return problems


def validate_scenario(data: Any, source: str = "<scenario>",
                      system: str | None = None) -> ScenarioModel:
    """Validate plain data against its system's model (or ``system`` when it must be that one)."""
    if not isinstance(data, Mapping):
        name = type(data).__name__
        kind = name if name in ("list", "str", "int", "float", "bool", "NoneType") else "other"
        raise ScenarioError(source, [Problem(
            "(top level)", f"a mapping of fields, got {name}", key="scenario.top.not_mapping",
            type={"key": f"scenario.type.{kind}", "name": name})])
    try:
        data = normalise_data(data)
    except ScenarioError as e:
        raise ScenarioError(source, e.problems) from None
    from .systems import names

    declared = data.get("system")
    if declared is None:
        raise ScenarioError(source, [Problem("system", key="scenario.system.missing",
                                             systems=", ".join(names()))])
    if system is not None and declared != system:
        raise ScenarioError(source, [Problem(
            "system", f"this engine runs {system!r} scenarios; got {declared!r}",
            key="scenario.system.other_engine", system=quoted(system), declared=_said(declared))])
    if not isinstance(declared, str) or declared not in names():
        raise ScenarioError(source, [Problem(
            "system", f"one of {', '.join(names())}; got {declared!r}",
            key="scenario.system.unknown", systems=", ".join(names()), declared=_said(declared))])
    model = model_for(declared)
    try:
        return model.model_validate(dict(data))
    except ValidationError as e:
        raise ScenarioError(source, _problems(e)) from None
    except (TypeError, KeyError, IndexError, AttributeError, ArithmeticError, RecursionError) as e:
        # a rule set's validator that did not expect this input: still the file's fault
        raise ScenarioError(source, [Problem("(model)", key="scenario.model.crash",
                                             error=f"{type(e).__name__}: {e}")]) from None


def validate_part(model: type[BaseModel], data: Any, source: str, where: str = "") -> BaseModel:
    """Validate one part of a scenario (a campaign's roster entry) by its model: texts normalised
    and faults named as for a whole scenario, each field path after ``where`` (``roster[2]``)."""
    try:
        data = normalise_data(data)
        return model.model_validate(data)
    except ScenarioError as e:
        raise ScenarioError(source, e.problems) from None
    except ValidationError as e:
        problems: list[tuple[str, str]] = [
            Problem(_under(where, p[0]), p[1], key=p.key, input_value=p.got, **p.params)
            for p in map(_as_problem, _problems(e))]
        raise ScenarioError(source, problems) from None
    except (TypeError, KeyError, IndexError, AttributeError, ArithmeticError, RecursionError) as e:
        raise ScenarioError(source, [Problem(where or "(model)", key="scenario.model.crash",
                                             error=f"{type(e).__name__}: {e}")]) from None


def _under(where: str, path: str) -> str:
    if not where:
        return path
    return where if path == "(top level)" else f"{where}.{path}"


def _as_problem(p: tuple[str, str]) -> Problem:
    return p if isinstance(p, Problem) else Problem(p[0], p[1])


def load_scenario(source: str | Path | Mapping[str, Any], system: str | None = None) -> ScenarioModel:
    """Load and validate a scenario from a YAML file or from plain data."""
    if isinstance(source, Mapping):
        return validate_scenario(source, "<scenario>", system)
    data = read_yaml(source)
    return validate_scenario(data, str(source), system)
