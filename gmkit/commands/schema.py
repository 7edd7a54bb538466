"""``gmkit schema``: a rule set's JSON Schema for editors, or the scenario reference.

    gmkit schema dragons                      # the JSON Schema, descriptions in English
    gmkit schema space --lang ru -o space.ru.schema.json
    gmkit schema --reference --lang ru        # every field of every rule set, as Markdown

Both are written from the scenario models (:mod:`gmkit.schema`, :mod:`gmkit.reference`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("schema", help="a rule set's scenario JSON Schema, or the scenario reference",
                       description="Print the JSON Schema of a rule set's scenario files (for "
                                   "editors: # yaml-language-server: $schema=FILE), or with "
                                   "--reference every field of every rule set as Markdown.")
    p.add_argument("system", nargs="?", default=None, help="the rule set: dragons, space, fantasy")
    p.add_argument("--lang", choices=["en", "ru"], default=argparse.SUPPRESS,
                   help="the descriptions' language (default: gmkit's, en unless --lang ru)")
    p.add_argument("--reference", action="store_true",
                   help="the scenario reference (Markdown) instead of a schema")
    p.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import GmkitError
    from ..i18n import get_language
    from ..systems import get

    lang = getattr(args, "lang", None) or get_language()
    if args.reference:
        from ..reference import reference

        text = reference(lang, [get(args.system).name] if args.system else None)
    else:
        if not args.system:
            from ..systems import names

            raise GmkitError(f"name a rule set: {', '.join(names())} (or --reference)")
        from ..schema import schema_text

        text = schema_text(get(args.system).name, lang)
    if args.output == "-":
        print(text, end="")
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0
