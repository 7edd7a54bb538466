"""``make demo`` (and ``python -m gmkit.demo``): every template gmkit ships, on its default scenario,
with reports to share.

Runs each template (``dragon_duel``, ``space_battle``, ``fantasy_skirmish``: found in the installed
package, so a wheel runs it as a source checkout does) through papermill and writes, per template,
the executed notebook, the GM and player HTML and the BBCode post into ``--out`` (``reports/`` by
default), then prints where they are. A template that fails is reported with its error, the others
still run, and the demo exits with status 1: a demo that shows nothing never passes for one that
worked.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .dice import Dice
from .i18n import format_message, format_number, get_language, set_language

TEMPLATES = ("dragon_duel", "space_battle", "fantasy_skirmish")
"""The templates the demo runs first, in this order; any other template gmkit ships runs after."""


def examples() -> list[tuple[str, str, str]]:
    """Every example fight gmkit ships: ``(template, scenario, language)`` for each scenario in
    the templates' ``scenarios/`` folder, played by the template whose default scenario is of the
    same rule set, in the scenario's own language."""
    from .paths import find_file, templates_dir
    from .runner import template_names, template_parameters
    from .scenario import read_yaml

    by_system: dict[str, str] = {}
    for template in template_names():
        default = str(template_parameters(template)["scenario"]["default"]).strip("\"'")
        by_system.setdefault(str(read_yaml(find_file(default))["system"]), template)
    out: list[tuple[str, str, str]] = []
    for path in sorted((templates_dir() / "scenarios").glob("*.yaml")):
        data = read_yaml(path)
        player = by_system.get(str(data["system"]))
        if player is not None:
            out.append((player, f"scenarios/{path.name}", str(data.get("language") or "en")))
    return out


def dice_demo(out: Path) -> bool:
    """Rolls the three rule sets use, saved and restored: the next roll is the same (C-1)."""
    print(format_message("core.demo.title"))
    dice = Dice(seed=2026)
    lang = get_language()
    lines = [
        dice.trait("d8", wild=True, purpose="Piloting", actor="Ash").describe(lang),
        dice.trait("d6", wild=False, purpose="Fighting", actor="Raider").describe(lang),
        dice.damage("2d6", raise_bonus=True, purpose="damage", actor="Ash").describe(lang),
        dice.d18(purpose="to hit", actor="Wolf").describe(lang),
        dice.pick("0.5-1-1.5-2-2.5-3", purpose="damage", actor="Wolf").roll.describe(lang),
    ]
    for line in lines:
        print(" ", line)
    log_path = out / "rolls.json"
    log_path.write_text(json.dumps({"state": dice.getstate(), "log": [r.to_json() for r in dice.log]},
                                   ensure_ascii=False, indent=1), encoding="utf-8")
    saved = json.loads(log_path.read_text(encoding="utf-8"))
    again = Dice(seed=saved["state"]["seed"])
    again.setstate(saved["state"])
    same = again.roll("3d6").faces == dice.roll("3d6").faces
    print(format_message("core.demo.resumed", n=len(saved["log"]),
                         same={"key": "report.yes" if same else "report.no"}))
    print(format_message("core.demo.output", path=str(log_path)))
    return same


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gmkit.demo")
    ap.add_argument("--out", default="reports", help="folder for the reports (default: reports)")
    ap.add_argument("--lang", choices=["en", "ru"], default="en")
    ap.add_argument("--seed", type=int, default=None,
                    help="seed for every template (default: the scenario's)")
    args = ap.parse_args(argv)
    set_language(args.lang)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from .errors import GmkitError
    from .lightimports import light_imports
    from .runner import run_template

    light_imports()

    from .runner import template_names

    names = [t for t in TEMPLATES if t in template_names()]
    names += [t for t in template_names() if t not in names]
    done, failed = [], []
    if not names:
        failed.append(("templates", format_message("cli.demo.no_templates")))
    for template in names:
        print(format_message("cli.demo.running", template=template), flush=True)
        try:
            result = run_template(template, out, seed=args.seed, name=template,
                                  parameters={"language": args.lang})
        except GmkitError as e:
            failed.append((template, str(e).splitlines()[0]))
            print(format_message("cli.demo.failed", error=e.message().splitlines()[0]), flush=True)
            continue
        done.append(result)
        s = result.summary
        winner = s.get("winner")
        print(format_message("cli.demo.done", scenario=s.get("scenario"),
                             winner=result.side_names.get(winner, winner) if winner else "—",
                             rounds=int(s.get("rounds") or 0),
                             seconds=format_number(round(result.seconds, 1), args.lang)))
    print()
    print(format_message("cli.demo.written", path=out.resolve()))
    for result in done:
        for kind in ("notebook", "gm_html", "player_html", "bbcode"):
            if kind in result.files:
                print(f"  {kind:12} {result.files[kind]}")
    for template, why in failed:
        print(format_message("cli.demo.failed_row", template=template, error=why))
    if failed:
        print(format_message("cli.demo.count", n=len(failed), total=len(names)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
