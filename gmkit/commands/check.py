"""``gmkit check``: is a scenario valid, and how will its names read in Russian posts?

    gmkit check duel.yaml                 # valid or not; for a Russian fight, the names' doubts
    gmkit --lang ru check бой.yaml        # the same in Russian
    gmkit check duel.yaml --grammar       # the names' doubts of an English fight too
    gmkit check бой.yaml --strict         # exit 1 when there is a warning (for a script)

A scenario that is not valid is refused as everywhere (the file, the field, what was expected:
exit 2). A valid one is then read as the Russian posts will read it: each name the grammar cannot
decline (it will stay as written in every case: give ``forms:``), each name whose gender it had to
guess (give ``gender:``), and each side with no name of its own (``side_names:``: the posts call
it «сторона «red»») is a warning. Warnings do not stop a fight; ``--strict`` makes them fail.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..encounter import Encounter


def add_parser(sub: Any) -> None:
    p = sub.add_parser("check", help="check a scenario: valid, and its names in Russian posts",
                       description="Validate a scenario file, then list as warnings the names the "
                                   "Russian grammar cannot decline (no forms:), the names whose "
                                   "gender it guessed (no gender:) and the sides with no name "
                                   "(no side_names: entry).")
    p.add_argument("scenario", help="the scenario file (YAML)")
    p.add_argument("--grammar", action="store_true",
                   help="check the names of a scenario that is not in Russian too")
    p.add_argument("--strict", action="store_true", help="exit 1 when there is a warning")
    p.set_defaults(func=run)


def warnings(scenario: Any) -> list[str]:
    """The warnings of a valid scenario (plain data) in the current language: the names the
    grammar is unsure of, then the sides with no name."""
    from ..i18n import format_message
    from ..i18n.grammar import GENDERS
    from ..scenario import cast_of
    from ..systems import get

    cast = cast_of(scenario)
    out = []
    for d in cast.doubts():
        key = "both" if d.undeclined and d.guessed else "undeclined" if d.undeclined else "guessed"
        out.append(format_message(f"cli.check.{key}", None, name=d.name,
                                  kind={"key": f"cli.check.kind.{d.kind}"}, field="forms:",
                                  gender_field="gender:", gender={"key": f"value.gender.{d.guessed or 'm'}"},
                                  genders=list(GENDERS)))
    engine: type[Encounter] = get(str(scenario["system"])).engine_class
    for side in engine.from_valid(scenario, 1).sides():
        if side not in cast.sides:
            out.append(format_message("cli.check.side", None, side=side, field="side_names:"))
    return out


def run(args: argparse.Namespace) -> int:
    from ..i18n import format_message
    from ..paths import find_file
    from ..scenario import cast_of, load_scenario

    model = load_scenario(find_file(args.scenario))
    scenario = model.model_dump(mode="json")
    print(format_message("cli.check.valid", None, file=str(args.scenario),
                         system={"key": f"report.system.{model.system}"}, n=len(cast_of(scenario))))
    if model.language != "ru" and not args.grammar:
        print(format_message("cli.check.not_russian", None))
        return 0
    found = warnings(scenario)
    if not found:
        print(format_message("cli.check.clean", None))
        return 0
    print(format_message("cli.check.warnings", None, n=len(found)))
    for w in found:
        print(f"  - {w}")
    return 1 if args.strict else 0
