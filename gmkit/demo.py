"""``make demo``: a short scripted run of gmkit's core on built-in data.

Rolls dice the three rule sets use, keeps the roll log, saves the dice state, restores it in a fresh
object and shows the next roll is the same. (Until the encounter templates land this is the demo.)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Sequence

from .dice import Dice
from .i18n import format_message, set_language


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gmkit.demo")
    ap.add_argument("--out", default="demo-output", help="folder for the demo's files")
    ap.add_argument("--lang", choices=["en", "ru"], default="en")
    args = ap.parse_args(argv)
    set_language(args.lang)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    print(format_message("core.demo.title"))
    dice = Dice(seed=2026)
    lines = [
        str(dice.trait("d8", wild=True, purpose="Piloting", actor="Ash")),
        str(dice.trait("d6", wild=False, purpose="Fighting", actor="Raider")),
        dice.damage("2d6", raise_bonus=True, purpose="damage", actor="Ash").describe(),
        dice.d18(purpose="to hit", actor="Wolf").describe(),
        dice.pick("0.5-1-1.5-2-2.5-3", purpose="damage", actor="Wolf").roll.describe(),
        dice.roll("d8!", faces=[8, 2], purpose="typed in", actor="GM").describe(),
    ]
    for line in lines:
        print(" ", line)
    log_path = out / "rolls.json"
    log_path.write_text(json.dumps({"state": dice.getstate(),
                                    "log": [r.to_json() for r in dice.log]},
                                   ensure_ascii=False, indent=1), encoding="utf-8")
    saved = json.loads(log_path.read_text(encoding="utf-8"))
    again = Dice(seed=saved["state"]["seed"])
    again.setstate(saved["state"])
    same = again.roll("3d6").faces == dice.roll("3d6").faces
    print(format_message("core.demo.resumed", n=len(saved["log"]), same=same))
    print(format_message("core.demo.output", path=str(log_path)))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
