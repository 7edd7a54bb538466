"""``gmkit new``: a commented starter scenario of a rule set, which loads and plays as it is.

    gmkit new dragons duel.yaml              # the starter, comments in English, and the schema
    gmkit new fantasy --lang ru бой.yaml     # comments in Russian, the Russian schema beside it
    gmkit new space                          # to standard output

With a file name, the rule set's JSON Schema is written beside it (``dragons.schema.json``,
``dragons.ru.schema.json``), which the starter's first line names, so an editor with the YAML
language server checks and completes the file as it is edited. An existing scenario is never
overwritten (``--force`` to replace it); an existing schema is brought up to date.
"""

from __future__ import annotations

import argparse
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any


class _Intermixed(argparse.ArgumentParser):
    """A parser taking its options between its positionals (``new fantasy --lang ru NAME.yaml``):
    argparse alone gives ``NAME.yaml`` no place once the first positional has been read."""

    _inside = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._inside:  # parse_known_intermixed_args calls back here
            return super().parse_known_args(args, namespace)
        self._inside = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._inside = False


FORUM_PLAYERS = 4
"""A forum table has four to six players: a forum starter names at least this many."""


def add_parser(sub: Any) -> None:
    from ..i18n import format_message as t

    p = sub.add_parser("new", help=t("cli.new.help"), description=t("cli.new.description"))
    p.add_argument("system", help=t("cli.new.help.system"))
    p.add_argument("file", nargs="?", default=None, metavar="NAME.yaml", help=t("cli.new.help.file"))
    p.add_argument("--lang", choices=["en", "ru"], default=argparse.SUPPRESS, help=t("cli.new.help.lang"))
    p.add_argument("--forum", action="store_true", help=t("cli.new.help.forum", n=FORUM_PLAYERS))
    p.add_argument("--force", action="store_true", help=t("cli.new.help.force"))
    p.set_defaults(func=run)
    p.__class__ = _Intermixed


def starter_text(system: str, lang: str) -> str:
    """The starter scenario of ``system`` in ``lang``, as its rule set ships it."""
    from ..errors import GmkitError
    from ..systems import get

    s = get(system)
    try:
        return (resources.files(s.package) / f"starter.{lang}.yaml").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        raise GmkitError(f"the {s.name!r} rule set ships no starter in {lang!r}") from None


MARK = "# yaml-language-server: $schema="
"""The first line of a scenario an editor's YAML language server reads for its schema."""


def forum_starters(system: str) -> list[tuple[Path, str, int]]:
    """The shipped example scenarios of ``system`` that seat a forum table: ``(file, language,
    players)`` for each naming :data:`FORUM_PLAYERS` or more players (``player:``), the most
    players first, then by file name."""
    from ..paths import templates_dir
    from ..scenario import actors_of, load_scenario, read_yaml

    out = []
    for path in sorted((templates_dir() / "scenarios").glob("*.yaml")):
        if read_yaml(path).get("system") != system:
            continue
        scenario = load_scenario(path)
        players = [p for _, p, _, _ in actors_of(scenario.model_dump(mode="json")) if p]
        if len(players) >= FORUM_PLAYERS:
            out.append((path, str(scenario.language), len(players)))
    return sorted(out, key=lambda row: (-row[2], row[0].name))


def forum_text(system: str, lang: str | None) -> tuple[str, str]:
    """The forum starter of ``system`` in ``lang`` (None: any language, gmkit's first) and its
    language, its first line pointing at the schema written beside it. No such starter: a clear
    refusal naming those there are."""
    from ..errors import GmkitError
    from ..i18n import format_message, get_language

    found = forum_starters(system)
    fits = [row for row in found if lang is None or row[1] == lang]
    fits.sort(key=lambda row: row[1] != (lang or get_language()))  # stable: players order kept
    if not fits:
        have = ", ".join(f"{path.name} ({language})" for path, language, _ in found)
        key = "cli.new.no_forum_lang" if found else "cli.new.no_forum"
        raise GmkitError(format_message(key, None, system=system, lang=lang or "", have=have,
                                        n=FORUM_PLAYERS))
    path, language, _ = fits[0]
    text = path.read_text(encoding="utf-8")
    # a game's dice must not be those of a seed anyone can read in gmkit's files: left as a note
    text = re.sub(r"^seed: *(\d+)[^\n]*$",
                  lambda m: f"# seed: {m.group(1)}  # {format_message('cli.new.seed_note', language)}",
                  text, count=1, flags=re.MULTILINE)
    first, _, rest = text.partition("\n")
    schema = f"{MARK}{system}{'.ru' if language == 'ru' else ''}.schema.json"
    return (f"{schema}\n{rest}" if first.startswith(MARK) else f"{schema}\n{text}"), language


def schema_name(text: str) -> str | None:
    """The schema file a scenario's ``# yaml-language-server: $schema=...`` line names."""
    first = text.splitlines()[0] if text else ""
    return first[len(MARK):].strip() if first.startswith(MARK) else None


def run(args: argparse.Namespace) -> int:
    from ..errors import GmkitError
    from ..i18n import get_language
    from ..schema import schema_text
    from ..systems import get

    asked = getattr(args, "lang", None)
    system = get(args.system).name
    if getattr(args, "forum", False):
        text, lang = forum_text(system, asked)
    else:
        lang = asked or get_language()
        text = starter_text(system, lang)
    if args.file is None:
        sys.stdout.write(text)
        return 0
    path = Path(args.file)
    if path.exists() and not args.force:
        raise GmkitError(f"{path} exists; choose another name or add --force to replace it")
    try:
        path.write_text(text, encoding="utf-8")
        schema = schema_name(text)
        if schema:
            (path.parent / schema).write_text(schema_text(system, lang), encoding="utf-8")
    except OSError as e:
        raise GmkitError(f"cannot write {path}: {e.strerror}") from None
    print(f"{path}" + (f" (and {path.parent / schema})" if schema else ""))
    return 0
