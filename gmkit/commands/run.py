"""``gmkit run``: execute a template notebook with papermill and write its reports."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    r = sub.add_parser("run", help="run a template notebook (papermill) and write its reports",
                       description="Writes DIR/<name>.gm.ipynb and <name>.gm.summary.json (the "
                                   "GM's view, the default), <name>.gm.html, <name>.player.html and "
                                   "<name>.bbcode.txt (with -p side S: <name>.player-S.html and "
                                   "<name>.player-S.bbcode.txt), and the GM's files <name>.gm.json "
                                   "(full run data) and <name>.gm-journal.jsonl. With -p view player "
                                   "the notebook and summary hold the player's view only and are "
                                   "named <name>.ipynb and <name>.summary.json. Every file that holds "
                                   "anything a player may not see has .gm in its name: hand players "
                                   "the files without it.")
    r.add_argument("template", help="a template notebook, or a name from templates/ (dragon_duel, "
                                    "space_battle, fantasy_skirmish)")
    r.add_argument("--scenario", default=None, help="scenario file (YAML); default: the template's")
    r.add_argument("--seed", type=int, default=None, help="random seed (default: the scenario's)")
    r.add_argument("--out", default=".", help="folder for the notebook and reports (default: .)")
    r.add_argument("--name", default=None, help="base name of the files (default: the scenario's name)")
    r.add_argument("-p", "--parameter", nargs=2, action="append", default=[], metavar=("NAME", "VALUE"),
                   help="set a template parameter (repeatable), e.g. -p language ru -p view player")
    r.set_defaults(func=run)


def parameters_from(template: str, pairs: list[list[str]]) -> dict[str, Any]:
    from ..errors import GmkitError
    from ..i18n import format_message
    from ..runner import parse_value, template_parameters

    known = template_parameters(template)
    out: dict[str, Any] = {}
    for name, value in pairs:
        if name not in known:
            raise GmkitError(format_message("cli.run.no_parameter", None, name=name, known=", ".join(known)))
        out[name] = parse_value(value, str(known[name].get("inferred_type_name", "")))
    return out


def run(args: argparse.Namespace) -> int:
    from ..lightimports import light_imports
    from ..runner import run_template

    light_imports()
    params = parameters_from(args.template, args.parameter)
    result = run_template(args.template, args.out, scenario=args.scenario, seed=args.seed,
                          parameters=params, name=args.name)
    from ..i18n import catalogue, format_message, format_number, get_language

    winner = result.summary.get("winner")
    print(format_message("cli.run.done" if winner is not None else "cli.run.done_draw", None,
                         name=result.name, winner=result.side_names.get(winner, winner) if winner else winner,
                         rounds=int(result.summary.get("rounds") or 0),
                         seconds=format_number(round(result.seconds, 1), get_language())))
    for kind, path in result.files.items():
        label = format_message(f"cli.file.{kind}") if f"cli.file.{kind}" in catalogue() else kind
        print(f"  {label:24} {path}")
    return 0
