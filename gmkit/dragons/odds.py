"""The dragon duel's odds: an attack as a whole, roll then damage (D-5, D-6 with C-3, C-4)."""

from __future__ import annotations

from typing import Any

from ..odds.core import Odds
from ..odds.savage import attack

__all__ = ["attack", "add_commands"]


def add_commands(kinds: Any, savage: Any) -> None:
    """The dragon kinds of ``gmkit odds``: attack."""
    q = kinds.add_parser("attack", help="a D attack as a whole: roll, then damage (D-5, C-4)")
    q.add_argument("die", help="attack trait die")
    q.add_argument("damage")
    q.add_argument("--toughness", type=int, required=True)
    q.add_argument("--tn", type=int, default=4, help="4 ranged; the target's Parry in melee")
    q.add_argument("--shaken", action="store_true", help="the target is already Shaken")
    savage(q)
    q.set_defaults(answer=_attack_command)


def _attack_command(args: Any) -> Odds:
    die = None if args.die == "unskilled" else args.die
    return attack(die, args.damage, args.toughness, args.mod, not args.extra, args.tn,
                  actions=args.actions, wounds=args.wounds, already_shaken=args.shaken)
