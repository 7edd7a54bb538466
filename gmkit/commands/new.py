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


def add_parser(sub: Any) -> None:
    p = sub.add_parser("new", help="write a commented starter scenario for a rule set",
                       description="Write a starter scenario for a rule set, commented in the "
                                   "chosen language; it loads and plays as it is.")
    p.add_argument("system", help="the rule set: dragons, space, fantasy")
    p.add_argument("file", nargs="?", default=None, metavar="NAME.yaml",
                   help="the file to write (default: standard output)")
    p.add_argument("--lang", choices=["en", "ru"], default=argparse.SUPPRESS,
                   help="the comments' and the fight's language (default: gmkit's, en unless --lang ru)")
    p.add_argument("--force", action="store_true", help="replace NAME.yaml if it exists")
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


def schema_name(text: str) -> str | None:
    """The schema file a scenario's ``# yaml-language-server: $schema=...`` line names."""
    first = text.splitlines()[0] if text else ""
    mark = "# yaml-language-server: $schema="
    return first[len(mark):].strip() if first.startswith(mark) else None


def run(args: argparse.Namespace) -> int:
    from ..errors import GmkitError
    from ..i18n import get_language
    from ..schema import schema_text
    from ..systems import get

    lang = getattr(args, "lang", None) or get_language()
    system = get(args.system).name
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
