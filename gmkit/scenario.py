"""Scenario files: YAML, validated by pydantic, with errors a GM can act on.

A scenario names its ``system``; the rule set of that name (found through :mod:`gmkit.systems`)
gives the pydantic model of its own section. Whatever goes wrong (a missing file, bad YAML, a wrong field) comes out as one
:class:`~gmkit.errors.ScenarioError` naming the file, the field path (``dragons[1].pilot.piloting``)
and what was expected, never a traceback from deep inside.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ScenarioError

__all__ = ["ScenarioModel", "model_for", "load_scenario", "validate_scenario", "read_yaml"]


class ScenarioModel(BaseModel):
    """Fields every scenario has; engines subclass it with their own section."""

    model_config = ConfigDict(extra="forbid", frozen=False)

    system: str
    name: str
    description: str = ""
    seed: int | None = None
    language: Literal["en", "ru"] = "en"
    aliases: dict[str, list[str]] = Field(default={}, exclude_if=lambda v: not v)
    """Other names players may use (``Bane: [Бейн]``): a participant's, weapon's, spell's or
    item's name to the names a message may give it (read by :mod:`gmkit.language`). Left out of
    the dumped scenario when empty, so scenarios without it keep their journals and hashes."""


def model_for(system: str) -> type[ScenarioModel]:
    """The scenario model of the rule set named ``system``."""
    from .systems import get

    return get(system).scenario_model  # type: ignore[no-any-return]


def read_yaml(path: str | Path) -> Any:
    """Read a YAML file; a missing file or a syntax error is a :class:`ScenarioError`."""
    import yaml

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(str(p), [("(file)", "no such file")]) from None
    except OSError as e:
        raise ScenarioError(str(p), [("(file)", f"cannot read it: {e.strerror}")]) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "(yaml)"
        problem = getattr(e, "problem", None) or str(e)
        raise ScenarioError(str(p), [(where, f"not valid YAML: {problem}")]) from None


def _field_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _problems(err: ValidationError) -> list[tuple[str, str]]:
    problems = []
    for e in err.errors(include_url=False):
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        msg = e["msg"]
        if e["type"] == "missing":
            msg = "required field is missing"
        elif e["type"] == "extra_forbidden":
            msg = "unknown field (misspelt?)"
        elif "input" in e and e["type"] not in ("missing",):
            got = e["input"]
            text = repr(got)
            if len(text) > 60:
                text = text[:57] + "..."
            msg = f"{msg}; got {text}"
        problems.append((_field_path(loc), msg))
    return problems


def validate_scenario(data: Any, source: str = "<scenario>",
                      system: str | None = None) -> ScenarioModel:
    """Validate plain data against its system's model (or ``system`` when it must be that one)."""
    if not isinstance(data, Mapping):
        raise ScenarioError(source, [("(top level)", f"a mapping of fields, got {type(data).__name__}")])
    from .systems import names

    declared = data.get("system")
    if declared is None:
        raise ScenarioError(source, [("system", f"required field is missing; one of "
                                                f"{', '.join(names())}")])
    if system is not None and declared != system:
        raise ScenarioError(source, [("system", f"this engine runs {system!r} scenarios; got {declared!r}")])
    if not isinstance(declared, str) or declared not in names():
        raise ScenarioError(source, [("system", f"one of {', '.join(names())}; got {declared!r}")])
    model = model_for(declared)
    try:
        return model.model_validate(dict(data))
    except ValidationError as e:
        raise ScenarioError(source, _problems(e)) from None


def load_scenario(source: str | Path | Mapping[str, Any], system: str | None = None) -> ScenarioModel:
    """Load and validate a scenario from a YAML file or from plain data."""
    if isinstance(source, Mapping):
        return validate_scenario(source, "<scenario>", system)
    data = read_yaml(source)
    return validate_scenario(data, str(source), system)
