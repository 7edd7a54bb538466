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


def add_parser(sub: Any) -> None:
    p = sub.add_parser("odds", help="exact odds of a roll, or simulate a scenario many times")
    p.add_argument("--json", action="store_true", help="print JSON (fractions as strings)")
    kinds = p.add_subparsers(dest="kind", metavar="KIND", required=True)

    def savage(q: argparse.ArgumentParser) -> None:
        q.add_argument("--mod", type=int, default=0, help="modifier to the roll")
        q.add_argument("--extra", action="store_true", help="an Extra (no Wild Die)")
        q.add_argument("--actions", type=int, default=1, help="actions this turn (C-4 penalty)")
        q.add_argument("--wounds", type=int, default=0, help="the roller's wounds (D-8 penalty)")

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
    q = kinds.add_parser("attack", help="a D attack as a whole: roll, then damage (D-5, C-4)")
    q.add_argument("die", help="attack trait die")
    q.add_argument("damage")
    q.add_argument("--toughness", type=int, required=True)
    q.add_argument("--tn", type=int, default=4, help="4 ranged; the target's Parry in melee")
    q.add_argument("--shaken", action="store_true", help="the target is already Shaken")
    savage(q)
    q = kinds.add_parser("d18", help="d18 against armour class (F-2)")
    q.add_argument("--ac", type=int, required=True)
    q.add_argument("--mod", type=int, default=0, help="easier (+N) or harder (-N) to hit")
    q = kinds.add_parser("special", help="special attack trigger and protection roll (F-4, F-5)")
    q.add_argument("trigger", type=int)
    q.add_argument("--pr", type=int, default=None, help="protection roll number")
    q.add_argument("--wisdom", type=int, default=0, help="target's Wisdom modifier")
    q.add_argument("--ac", type=int, default=None, help="include the hit roll against this AC")
    q.add_argument("--mod", type=int, default=0, help="hit roll modifier (with --ac)")
    q = kinds.add_parser("table", help="a damage table such as 0.5-1-1.5 (C-6)")
    q.add_argument("table")
    q.add_argument("--mod", type=float, default=0, help="Strength or Constitution bonus")
    q.add_argument("--ac", type=int, default=None, help="include the d18 hit roll against this AC")
    q.add_argument("--hit-mod", type=int, default=0)
    q.add_argument("--target-hp", type=float, default=None, metavar="N",
                   help="the target's current hit points, for a percentage such as 25%% (F-3)")
    q = kinds.add_parser("space", help="d10 against a defence (S-3, S-7, S-8)")
    q.add_argument("--defence", type=int, required=True)
    q.add_argument("--range2", action="store_true", help="across one cell: confirm and half damage")
    q.add_argument("--no-confirm", action="store_true", help="rule option: no 6+ confirmation")
    q.add_argument("--damage", default=None, help='attacker damage, "2d6" or a number')
    q.add_argument("--halvings", type=int, default=0, help="other halvings (targeting, tractor)")
    q.add_argument("--plating", action="store_true", help="target's hull plating is disabled")
    q = kinds.add_parser("flee", help="an enemy flees with d18 >= its morale (F-9)")
    q.add_argument("morale", type=int)
    q = kinds.add_parser("escape", help="a player escapes on these d6 faces (F-10)")
    q.add_argument("faces", type=int, nargs="+")
    q = kinds.add_parser("break-free", help="break a tractor hold: held d6 vs holder d10 (S-13)")
    q.add_argument("--holder", type=int, default=10)
    q.add_argument("--held", type=int, default=6)
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

    k = args.kind
    if k == "trait":
        die = None if args.die == "unskilled" else args.die
        return odds.trait(die, args.mod, not args.extra, args.tn, actions=args.actions,
                          wounds=args.wounds)
    if k == "opposed":
        return odds.opposed(args.attacker, args.defender, attacker_mod=args.mod,
                            defender_mod=args.defender_mod, attacker_wild=not args.extra,
                            defender_wild=not args.defender_extra)
    if k == "damage":
        return odds.damage(args.damage, args.toughness, args.raise_bonus, already_shaken=args.shaken)
    if k == "attack":
        die = None if args.die == "unskilled" else args.die
        return odds.attack(die, args.damage, args.toughness, args.mod, not args.extra, args.tn,
                           actions=args.actions, wounds=args.wounds, already_shaken=args.shaken)
    if k == "d18":
        return odds.d18_hit(args.ac, args.mod)
    if k == "special":
        return odds.special(args.trigger, args.pr, args.wisdom, ac=args.ac, modifier=args.mod)
    if k == "table":
        _need_target_hp(args.table, args.target_hp)
        if args.ac is not None:
            return odds.strike(args.ac, args.table, args.hit_mod, args.mod, target_hp=args.target_hp)
        return odds.table(args.table, args.mod, target_hp=args.target_hp)
    if k == "space":
        if args.damage is not None:
            dmg: int | str = int(args.damage) if args.damage.isdigit() else args.damage
            return odds.space_attack(args.defence, dmg, args.range2, not args.no_confirm,
                                     halvings=args.halvings, plating=args.plating)
        return odds.space_hit(args.defence, args.range2, not args.no_confirm)
    if k == "flee":
        return odds.flee(args.morale)
    if k == "escape":
        return odds.escape(args.faces)
    if k == "break-free":
        return odds.break_free(args.holder, args.held)
    raise AssertionError(k)


def _need_target_hp(entry: str, target_hp: float | None) -> None:
    """F-3: a percentage entry is a share of the target's current hit points, so on the command line
    it needs ``--target-hp``; a malformed percentage is refused first, as the engine refuses it."""
    if target_hp is not None or not entry.strip().endswith("%"):
        return
    from ..errors import DiceError
    from ..fantasy.notation import parse_damage
    from ..i18n import format_message

    parse_damage(entry)
    raise DiceError(format_message("odds.cli.target_hp", entry=entry.strip()))


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
        print(f"({sim.n} fights in {sim.elapsed:.1f} s, {sim.rate:.0f}/s)")
    return 0
