"""``gmkit odds``: exact chances before a roll, and "how deadly is this fight?" by simulation.

    gmkit odds trait d8 --mod 1 --tn 4          # C-3
    gmkit odds attack d8 2d8 --toughness 8       # D-5 with C-4 damage
    gmkit odds d18 --ac 5 --mod 1                # F-2
    gmkit odds table 25% --ac 5 --target-hp 12   # F-2, F-3: a percentage of current hit points
    gmkit odds space --defence 7 --range2        # S-3, S-7
    gmkit odds simulate templates/scenarios/fantasy_wolves.yaml -n 2000 --workers 2
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..odds import rule_set_odds


def add_parser(sub: Any) -> None:
    p = sub.add_parser("odds", help="exact odds of a roll, or simulate a scenario many times")
    p.add_argument("--json", action="store_true", help="print JSON (fractions as strings)")
    kinds = p.add_subparsers(dest="kind", metavar="KIND", required=True)

    def savage(q: argparse.ArgumentParser) -> None:
        q.add_argument("--mod", type=int, default=0, help="modifier to the roll")
        q.add_argument("--extra", action="store_true", help="an Extra (no Wild Die)")
        q.add_argument("--actions", type=int, default=1, help="actions this turn (C-4 penalty)")

    q = kinds.add_parser("trait", help="Savage Worlds trait roll (C-3)")
    q.add_argument("die", help='trait die: "d8", "d12+1", "unskilled"')
    q.add_argument("--tn", type=int, default=4)
    savage(q)
    q = kinds.add_parser("opposed", help="opposed roll, ties to the defender (C-3)")
    q.add_argument("attacker")
    q.add_argument("defender")
    q.add_argument("--mod", type=int, default=0, help="attacker's modifier")
    q.add_argument("--defender-mod", type=int, default=0)
    q.add_argument("--extra", action="store_true", help="the attacker is an Extra")
    q.add_argument("--defender-extra", action="store_true")
    q = kinds.add_parser("damage", help="damage against Toughness (C-4)")
    q.add_argument("damage", help='"2d8+1"')
    q.add_argument("--toughness", type=int, required=True)
    q.add_argument("--raise", dest="raise_bonus", action="store_true", help="+1d6 for a raise")
    q.add_argument("--shaken", action="store_true", help="the target is already Shaken")
    for mod in rule_set_odds():  # each rule set adds its own kinds (D attack, F d18, S space...)
        add = getattr(mod, "add_commands", None)
        if add is not None:
            add(kinds, savage)
    q = kinds.add_parser("simulate", help="play a scenario many times: win rates, rounds, survival")
    q.add_argument("scenario", help="scenario YAML file")
    q.add_argument("-n", type=int, default=1000, help="fights to play (default 1000)")
    q.add_argument("--seed", type=int, default=None)
    q.add_argument("--workers", type=int, default=1)
    q.add_argument("--max-rounds", type=int, default=200)
    q.add_argument("--progress", action="store_true")
    q.add_argument("--csv", default=None, help="also write one row per fight to this CSV file")
    p.set_defaults(func=run)


def _odds(args: argparse.Namespace) -> Any:
    from .. import odds

    answer = getattr(args, "answer", None)
    if answer is not None:  # a rule set's own kind
        return answer(args)
    k = args.kind
    if k == "trait":
        die = None if args.die == "unskilled" else args.die
        return odds.trait(die, args.mod, not args.extra, args.tn, actions=args.actions)
    if k == "opposed":
        return odds.opposed(args.attacker, args.defender, attacker_mod=args.mod,
                            defender_mod=args.defender_mod, attacker_wild=not args.extra,
                            defender_wild=not args.defender_extra)
    if k == "damage":
        return odds.damage(args.damage, args.toughness, args.raise_bonus, already_shaken=args.shaken)
    raise AssertionError(k)


def run(args: argparse.Namespace) -> int:
    if args.kind == "simulate":
        return _simulate(args)
    o = _odds(args)
    if args.json:
        print(json.dumps(o.to_json(), ensure_ascii=False, indent=1))
    else:
        print(o)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from ..simulation import simulate

    sim = simulate(args.scenario, n=args.n, seed=args.seed, workers=args.workers,
                   progress=args.progress, max_rounds=args.max_rounds)
    if args.csv:
        sim.runs.to_csv(args.csv, index=False)
    s = sim.summary()
    if args.json:
        print(json.dumps(s.to_dict(), ensure_ascii=False, indent=1, default=str))
    else:
        print(s)
        from ..i18n import format_message, format_number, get_language

        lang = get_language()
        print(format_message("cli.odds.rate", lang, n=sim.n,
                             seconds=format_number(round(sim.elapsed, 1), lang),
                             rate=format_number(round(sim.rate), lang)))
    return 0
