"""``make demo``: the three templates on their default scenarios, with reports to share.

Runs ``templates/dragon_duel.ipynb``, ``space_battle.ipynb`` and ``fantasy_skirmish.ipynb`` through
papermill and writes, per template, the executed notebook, the GM and player HTML and the BBCode
post into ``--out`` (``reports/`` by default), then prints where they are. A template whose engine is
missing (or that fails) is reported and skipped; if none can run, the core dice demo still runs, so
``make demo`` always shows something and says what is missing.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Sequence

from .dice import Dice
from .i18n import format_message, set_language

TEMPLATES = ("dragon_duel", "space_battle", "fantasy_skirmish")


def dice_demo(out: Path) -> bool:
    """Rolls the three rule sets use, saved and restored: the next roll is the same (C-1)."""
    print(format_message("core.demo.title"))
    dice = Dice(seed=2026)
    lines = [
        str(dice.trait("d8", wild=True, purpose="Piloting", actor="Ash")),
        str(dice.trait("d6", wild=False, purpose="Fighting", actor="Raider")),
        dice.damage("2d6", raise_bonus=True, purpose="damage", actor="Ash").describe(),
        dice.d18(purpose="to hit", actor="Wolf").describe(),
        dice.pick("0.5-1-1.5-2-2.5-3", purpose="damage", actor="Wolf").roll.describe(),
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
    print(format_message("core.demo.resumed", n=len(saved["log"]), same=same))
    print(format_message("core.demo.output", path=str(log_path)))
    return same


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gmkit.demo")
    ap.add_argument("--out", default="reports", help="folder for the reports (default: reports)")
    ap.add_argument("--lang", choices=["en", "ru"], default="en")
    ap.add_argument("--seed", type=int, default=None, help="seed for every template (default: the scenario's)")
    args = ap.parse_args(argv)
    set_language(args.lang)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from .errors import GmkitError
    from .lightimports import light_imports
    from .runner import run_template

    light_imports()

    done, missing = [], []
    for template in TEMPLATES:
        print(f"running {template} ...", flush=True)
        try:
            result = run_template(template, out, seed=args.seed, name=template,
                                  parameters={"language": args.lang})
        except GmkitError as e:
            missing.append((template, str(e).splitlines()[0]))
            print(f"  skipped: {str(e).splitlines()[0]}")
            continue
        done.append(result)
        s = result.summary
        print(f"  {s.get('scenario')}: winner {s.get('winner') or '-'} after {s.get('rounds')} rounds "
              f"({result.seconds:.1f} s)")
    ok = True
    if not done:
        ok = dice_demo(out)
    print()
    print(f"Reports written to {out.resolve()}:")
    for result in done:
        for kind in ("notebook", "gm_html", "player_html", "bbcode"):
            if kind in result.files:
                print(f"  {kind:12} {result.files[kind]}")
    for template, why in missing:
        print(f"  (not run: {template}: {why})")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
