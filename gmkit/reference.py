"""The scenario reference: every field of every rule set, written from the scenario models.

Each rule set's JSON Schema (:func:`gmkit.schema.json_schema`) holds, for every field, its type,
default, bounds, its rule id and its description in English and Russian; this module writes that
as Markdown tables, one section per part of a scenario (``dragons[]``, ``dragons[].pilot``...).
The files in ``docs/`` are written by ``python -m gmkit.reference`` and a test compares them with
what the models give now, so the reference cannot drift from the code::

    python -m gmkit.reference --write docs     # after changing a scenario model
    python -m gmkit.reference --check docs     # exit status 1 when docs/ is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .schema import RULE, json_schema, schema_text

__all__ = ["reference", "generated_files", "own_systems", "main"]


def own_systems() -> list[str]:
    """The rule sets gmkit itself ships (not those registered by other packages or tests)."""
    from .systems import all_systems

    return [s.name for s in all_systems() if s.package.startswith(f"{__package__}.")]

_WORDS = {
    "en": {"title": "Scenario reference", "field": "Field", "type": "Type", "default": "Default",
           "bounds": "Bounds", "rule": "Rule", "what": "What it is", "required": "**required**",
           "optional": "optional", "top": "The file itself", "also": "also at",
           "integer": "integer", "number": "number", "string": "text", "boolean": "true/false",
           "null": "null", "object": "mapping", "one of": "one of", "list": "list of",
           "map": "mapping: name →", "or": "or", "each": "each", "not empty": "not empty",
           "items": "items", "or list": "(or a list of them)", "schema": "JSON Schema for editors",
           "lang": "Русская версия", "other": "scenarios-ru.md"},
    "ru": {"title": "Справочник по сценариям", "field": "Поле", "type": "Тип",
           "default": "По умолчанию", "bounds": "Пределы", "rule": "Правило", "what": "Что это",
           "required": "**обязательно**", "optional": "необязательно", "top": "Сам файл",
           "also": "также в", "integer": "целое число", "number": "число", "string": "текст",
           "boolean": "true/false", "null": "null", "object": "словарь", "one of": "одно из",
           "list": "список:", "map": "словарь: имя →", "or": "или", "each": "каждый",
           "not empty": "не пусто", "items": "элементов", "or list": "(или список таких)",
           "schema": "JSON Schema для редакторов", "lang": "English version", "other": "scenarios-en.md"},
}

_INTRO = {
    "en": """Every field a scenario file may hold, for each rule set: its type, its default, the
bounds gmkit checks, the rule it serves (ids of the rules digest) and what it means. This file is
written from gmkit's scenario models by `python -m gmkit.reference --write docs`, and a test fails
when it differs from what the models say, so it is always the code's own account.

A scenario's first line may name the rule set's JSON Schema, so an editor with the YAML language
server (VS Code's YAML extension, for one) checks and completes the file as you type:

```text
# yaml-language-server: $schema=dragons.schema.json
```

`gmkit schema dragons > dragons.schema.json` writes that schema (`--lang ru`: with Russian
descriptions); `gmkit new dragons duel.yaml` writes a starter scenario with the schema beside it.""",
    "ru": """Все поля файла сценария для каждого свода правил: тип, значение по умолчанию, пределы,
которые проверяет gmkit, правило (номер по сводке правил) и смысл поля. Этот файл написан по
моделям сценариев gmkit командой `python -m gmkit.reference --write docs`, и тест падает, если он
расходится с моделями, — так что он всегда говорит то же, что код.

Первая строка сценария может указать JSON Schema свода правил, и тогда редактор с YAML language
server (например, расширение YAML для VS Code) проверяет файл и подсказывает поля прямо при наборе:

```text
# yaml-language-server: $schema=dragons.ru.schema.json
```

`gmkit schema dragons --lang ru > dragons.ru.schema.json` пишет эту схему с русскими описаниями;
`gmkit new dragons --lang ru бой.yaml` пишет заготовку сценария и схему рядом с ней.""",
}


def _anchor(system: str, name: str) -> str:
    return f"{system}-{name}".lower()


def _ref_name(s: dict[str, Any]) -> str | None:
    ref = s.get("$ref")
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None


def _value(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False)
    return "`" + (text.replace('"', "") if text != '""' else text) + "`"


class _Writer:
    def __init__(self, system: str, lang: str) -> None:
        self.system = system
        self.lang = lang
        self.w = _WORDS[lang]
        self.schema = json_schema(system, lang)
        self.defs: dict[str, Any] = self.schema.get("definitions", {})

    # --- types and bounds ---------------------------------------------------------------------

    def type_of(self, s: dict[str, Any]) -> str:
        w = self.w
        name = _ref_name(s)
        if name is not None:
            return f"[{name}](#{_anchor(self.system, name)})"
        if "anyOf" in s:
            branches = [b for b in s["anyOf"] if b.get("type") != "null"]
            for b in branches:  # one item, or a list of such items
                if b.get("type") == "array" and b.get("items") in branches:
                    return self.type_of(b["items"]) + f" {w['or list']}"
            parts = [self.type_of(b) for b in branches]
            return f" {w['or']} ".join(dict.fromkeys(parts))
        if "const" in s:
            return _value(s["const"])
        if "enum" in s:
            return f"{w['one of']} " + ", ".join(_value(v) for v in s["enum"])
        t = s.get("type")
        if t == "array":
            if isinstance(s.get("items"), list):
                return "[" + ", ".join(self.type_of(i) for i in s["items"]) + "]"
            return f"{w['list']} {self.type_of(s.get('items', {}))}"
        if t == "object":
            extra = s.get("additionalProperties")
            if isinstance(extra, dict):
                return f"{w['map']} {self.type_of(extra)}"
            return w["object"]
        if isinstance(t, str):
            return str(w.get(t, t))
        return "—"

    def bounds_of(self, s: dict[str, Any]) -> list[str]:
        w = self.w
        out: list[str] = []
        out.extend(self.range_of(s))
        if s.get("minLength") == 1:
            out.append(w["not empty"])
        if ("minItems" in s or "maxItems" in s) and not isinstance(s.get("items"), list):
            if "maxItems" in s:
                out.append(f"{s.get('minItems', 0)}..{s['maxItems']} {w['items']}")
            else:
                out.append(f"≥ {s['minItems']} {w['items']}")
        for branch in s.get("anyOf", []):
            if _ref_name(branch) is None:
                out.extend(self.bounds_of(branch))
        inner = s.get("items")
        if isinstance(inner, list):
            inner = inner[0] if inner else None
        if inner is not None and _ref_name(inner) is None:
            sub = self.bounds_of(inner)
            if sub:
                out.append(f"{w['each']} " + ", ".join(sub))
        return list(dict.fromkeys(out))

    def number(self, v: Any) -> str:
        text = str(v)
        return text.replace(".", ",") if self.lang == "ru" else text

    def range_of(self, s: dict[str, Any]) -> list[str]:
        """``1..100``, ``≥ 1``, ``> 0, ≤ 1440``: an integer's bounds inclusive, a number's as given."""
        lo, hi = s.get("minimum"), s.get("maximum")
        xlo, xhi = s.get("exclusiveMinimum"), s.get("exclusiveMaximum")
        if s.get("type") == "integer":
            lo = xlo + 1 if xlo is not None else lo
            hi = xhi - 1 if xhi is not None else hi
            xlo = xhi = None
        if lo is None and hi is None and xlo is None and xhi is None:
            return []
        if xlo is None and xhi is None and lo is not None and hi is not None:
            return [f"{self.number(lo)}..{self.number(hi)}"]
        parts = []
        if xlo is not None:
            parts.append(f"> {self.number(xlo)}")
        elif lo is not None:
            parts.append(f"≥ {self.number(lo)}")
        if xhi is not None:
            parts.append(f"< {self.number(xhi)}")
        elif hi is not None:
            parts.append(f"≤ {self.number(hi)}")
        return [", ".join(parts)]

    def refs_in(self, s: Any) -> list[str]:
        found: list[str] = []
        if isinstance(s, dict):
            name = _ref_name(s)
            if name is not None:
                found.append(name)
            for k, v in s.items():
                if k != "definitions":
                    found.extend(self.refs_in(v))
        elif isinstance(s, list):
            for v in s:
                found.extend(self.refs_in(v))
        return found

    # --- sections -----------------------------------------------------------------------------

    def table(self, s: dict[str, Any]) -> list[str]:
        w = self.w
        lines = [f"| {w['field']} | {w['type']} | {w['default']} | {w['bounds']} | {w['rule']} "
                 f"| {w['what']} |", "|---|---|---|---|---|---|"]
        required = set(s.get("required", []))
        for name, p in s.get("properties", {}).items():
            if name in required:
                default = w["required"]
            elif "default" in p and not (isinstance(p["default"], dict) and p["default"]):
                default = _value(p["default"])
            else:
                default = w["optional"]
            what = str(p.get("description", "")).replace("|", "\\|").replace("\n", " ")
            cells = [f"`{name}`", self.type_of(p), default, ", ".join(self.bounds_of(p)),
                     str(p.get(RULE, "")), what]
            lines.append("| " + " | ".join(c.replace("|", "\\|") if i < 5 else c
                                           for i, c in enumerate(cells)) + " |")
        return lines

    def paths(self) -> dict[str, list[str]]:
        """Each model's paths in a scenario (``dragons[].pilot``), found from the top."""
        found: dict[str, list[str]] = {}
        queue: list[tuple[str, dict[str, Any]]] = [("", self.schema)]
        while queue:
            where, s = queue.pop(0)
            for name, p in s.get("properties", {}).items():
                path = f"{where}.{name}" if where else name
                for ref in dict.fromkeys(self.refs_in(p)):
                    suffix = ""
                    if p.get("type") == "array" or any(b.get("type") == "array"
                                                       for b in p.get("anyOf", [])):
                        suffix = "[]"
                    elif p.get("type") == "object":
                        suffix = ".NAME"
                    full = path + suffix
                    first = ref not in found
                    found.setdefault(ref, []).append(full)
                    if first:
                        queue.append((full, self.defs[ref]))
        return found

    def section(self) -> list[str]:
        from .i18n import format_message

        w = self.w
        title = format_message(f"report.system.{self.system}", self.lang)
        suffix = ".ru" if self.lang == "ru" else ""
        out = [f"## {title[:1].upper()}{title[1:]} (`system: {self.system}`)", "",
               f"{w['schema']}: [`schema/{self.system}{suffix}.schema.json`]"
               f"(schema/{self.system}{suffix}.schema.json)", "",
               f"### {w['top']}", ""]
        out += self.table(self.schema)
        for name, where in self.paths().items():
            paths = ", ".join(f"`{p}`" for p in where)
            out += ["", f'<a id="{_anchor(self.system, name)}"></a>', "",
                    f"### {paths} — {name}", ""]
            out += self.table(self.defs[name])
        return out


def reference(lang: str = "en", systems: list[str] | None = None) -> str:
    """The scenario reference as Markdown in ``lang`` (en/ru): gmkit's rule sets, or ``systems``."""
    w = _WORDS[lang]
    out = [f"# {w['title']}", "",
           "<!-- generated by `python -m gmkit.reference --write docs` from the scenario models; "
           "do not edit -->", "", f"[{w['lang']}]({w['other']})", "", _INTRO[lang], ""]
    for system in systems or own_systems():
        out += [*_Writer(system, lang).section(), ""]
    return "\n".join(out).rstrip("\n") + "\n"


def generated_files() -> dict[str, str]:
    """Every file ``--write`` makes, by its path under ``docs/``."""
    files = {"scenarios-en.md": reference("en"), "scenarios-ru.md": reference("ru")}
    for system in own_systems():
        files[f"schema/{system}.schema.json"] = schema_text(system, "en")
        files[f"schema/{system}.ru.schema.json"] = schema_text(system, "ru")
    return files


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m gmkit.reference",
                                description="write or check the scenario reference and schemas")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", metavar="DOCS", help="write the files into this docs folder")
    g.add_argument("--check", metavar="DOCS", help="exit 1 when a file there is out of date")
    args = p.parse_args(argv)
    root = Path(args.write or args.check)
    stale = []
    for rel, text in generated_files().items():
        path = root / rel
        if args.write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        elif not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(rel)
    for rel in stale:
        print(f"out of date: {root / rel} (run python -m gmkit.reference --write {root})",
              file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
