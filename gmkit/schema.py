"""The JSON Schema of each rule set's scenario files, made from its pydantic model.

Every field of a scenario model is declared with :func:`field`, which gives it a description in
English (the schema's ``description``), one in Russian (``x-description-ru``) and the rule id it
serves (``x-rule``). From those, :func:`json_schema` gives the schema an editor validates and
completes with as the GM types (``# yaml-language-server: $schema=...``), in either language,
and :mod:`gmkit.reference` writes the scenario reference. Nothing here is typed twice, so the
schema and the reference cannot drift from the models.

>>> s = json_schema("dragons")
>>> s["properties"]["battlefield"]["enum"]
['blue', 'firmament']
>>> json_schema("dragons", "ru")["properties"]["battlefield"]["description"][:14]
'Где идёт бой (D'
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

__all__ = ["field", "one_or_many", "or_text", "json_schema", "schema_text", "undocumented", "RULE_ID",
           "SCHEMA_DIALECT"]

RULE_ID = re.compile(r"^(?:[CDSF]-\d+(?:/[CDSF]?-?\d+)*)(?:, (?:[CDSF]-\d+(?:/[CDSF]?-?\d+)*))*$")
"""The form of a field's ``rule``: ``D-4``, ``D-8/D-13`` or ``S-6, S-7`` (ids of RULES.md)."""

SCHEMA_DIALECT = "http://json-schema.org/draft-07/schema#"
"""The dialect written: draft 7, the one the YAML language server (and so VS Code's YAML
extension) validates with. Pydantic writes 2020-12; :func:`_draft7` turns it into draft 7."""

RU = "x-description-ru"
RULE = "x-rule"


def field(en: str, ru: str, rule: str | None = None, *,
          schema: Callable[[dict[str, Any]], None] | None = None, **kwargs: Any) -> Any:
    """A pydantic ``Field`` with the GM's description in English and Russian and its rule id.

    ``kwargs`` go to ``Field`` unchanged (``default``, ``ge``, ``le``...), so behaviour is the same
    as a bare ``Field``; ``schema`` may adjust the field's JSON Schema further (a field whose
    validator takes a shorthand the type does not show).
    """
    from pydantic import Field

    extra: dict[str, Any] = {RU: ru}
    if rule is not None:
        extra[RULE] = rule

    def add(s: dict[str, Any]) -> None:
        if schema is not None:
            schema(s)
        s.update(extra)

    return Field(description=en, json_schema_extra=add, **kwargs)


def one_or_many(s: dict[str, Any]) -> None:
    """For ``schema=``: a list that may also be written as its one item, each item as an object
    or as the string shorthand its model reads (``melee: {name: bite, damage: 1-2}``,
    ``melee: 1-2``, ``special: яд16ПБ6``)."""
    items = s.pop("items", {})
    s.pop("type", None)
    item = items if items.get("type") == "string" else {"anyOf": [items, {"type": "string"}]}
    s["anyOf"] = [{"type": "array", "items": item}, item]


def or_text(s: dict[str, Any]) -> None:
    """For ``schema=``: a model that may also be written as a string (``ranged: 1-2-3``)."""
    if "anyOf" in s:
        s["anyOf"].insert(1, {"type": "string"})
    else:
        ref = {k: s.pop(k) for k in list(s) if k in ("$ref", "type", "properties")}
        s["anyOf"] = [ref, {"type": "string"}]


def _model(system: str) -> Any:
    from .systems import get

    return get(system).scenario_model


def _translate(node: Any, lang: str) -> Any:
    """Descriptions in ``lang``: the Russian ones replace the English where a field has one;
    a model's own description (its docstring, for programmers) is left out in Russian."""
    if isinstance(node, dict):
        out = {k: _translate(v, lang) for k, v in node.items()}
        if lang == "ru":
            if RU in out:
                out["description"] = out[RU]
            elif "description" in out and "properties" in out:
                del out["description"]
        return out
    if isinstance(node, list):
        return [_translate(v, lang) for v in node]
    return node


def _draft7(node: Any) -> Any:
    """Pydantic's 2020-12 schema as draft 7: ``$defs`` become ``definitions`` and a tuple's
    ``prefixItems`` the list form of ``items``."""
    if isinstance(node, list):
        return [_draft7(v) for v in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for k, v in node.items():
        if k == "$defs":
            out["definitions"] = _draft7(v)
        elif k == "prefixItems":
            out["items"] = _draft7(v)
            out.setdefault("additionalItems", False)
        elif k == "$ref" and isinstance(v, str):
            out[k] = v.replace("#/$defs/", "#/definitions/")
        else:
            out[k] = _draft7(v)
    return out


def json_schema(system: str, lang: str = "en") -> dict[str, Any]:
    """The JSON Schema of ``system``'s scenario files with descriptions in ``lang`` (en/ru)."""
    if lang not in ("en", "ru"):
        raise ValueError(f"lang is 'en' or 'ru', got {lang!r}")
    schema = copy.deepcopy(_model(system).model_json_schema(mode="validation"))
    schema = _draft7(_translate(schema, lang))
    head = {"$schema": SCHEMA_DIALECT,
            "$comment": ("generated by `gmkit schema "
                         f"{system}{' --lang ru' if lang == 'ru' else ''}` from gmkit's scenario "
                         "model; do not edit")}
    return {**head, **schema}


def schema_text(system: str, lang: str = "en") -> str:
    """The schema as the text of a ``.schema.json`` file (sorted keys stay as pydantic wrote)."""
    return json.dumps(json_schema(system, lang), ensure_ascii=False, indent=2) + "\n"


def undocumented(model: type) -> list[str]:
    """Fields of ``model`` and of the models inside it that lack an English or Russian
    description, or whose rule id is malformed: ``["DragonSpec.vigor: no Russian description"]``."""
    from pydantic import BaseModel

    problems: list[str] = []
    seen: set[type] = set()

    def inner(annotation: Any) -> list[type]:
        found: list[type] = []
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            return [annotation]
        for arg in getattr(annotation, "__args__", ()) or ():
            found.extend(inner(arg))
        return found

    def walk(m: type) -> None:
        if m in seen:
            return
        seen.add(m)
        for name, info in m.model_fields.items():  # type: ignore[attr-defined]
            where = f"{m.__name__}.{name}"
            probe: dict[str, Any] = {}
            extra = info.json_schema_extra
            if callable(extra):
                extra(probe)
            elif isinstance(extra, dict):
                probe.update(extra)
            if not (info.description or "").strip():
                problems.append(f"{where}: no description")
            if not str(probe.get(RU, "")).strip():
                problems.append(f"{where}: no Russian description")
            rule = probe.get(RULE)
            if rule is not None and not RULE_ID.match(str(rule)):
                problems.append(f"{where}: rule {rule!r} is not a rule id like D-4")
            for sub in inner(info.annotation):
                walk(sub)

    walk(model)
    return problems
