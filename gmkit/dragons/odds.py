"""The dragon duel's odds: a pilot's roll and an attack as a whole (D-5, D-6, D-8 with C-3, C-4).

The Savage Worlds mathematics is shared (:mod:`gmkit.odds.savage`) and takes a plain modifier;
the D-8 wound penalty is the duel's own rule (:func:`gmkit.dragons.rules.wound_penalty`) and is
added here, so an Extra (which leaves the fight at its first wound) never rolls wounded.

>>> pilot_roll(8, actions=2, wounds=1).chance == trait(8, -3).chance
True
>>> pilot_roll(8, wounds=1, wild=False).chance == trait(8, wild=False).chance
True
"""

from __future__ import annotations

from typing import Any

from ..odds.core import Odds
from ..odds.savage import Die, trait
from ..odds.savage import attack as savage_attack
from . import rules as R

__all__ = ["pilot_roll", "attack", "add_commands"]


def pilot_roll(die: Die = 8, modifier: int = 0, wild: bool = True, tn: int = 4, *,
               actions: int = 1, wounds: int = 0, action: bool = True,
               max_raises: int = 3) -> Odds:
    """A pilot's trait roll (C-3) at ``wounds`` wounds: the D-8 penalty (an ``action`` takes
    -1/-2 at 1/2 wounds, any roll -3 from 3; none for an Extra) added to ``modifier``."""
    if wounds < 0:
        raise ValueError(f"D-8: wounds cannot be negative, got {wounds}")
    return trait(die, modifier + R.wound_penalty(wounds, wild, action), wild, tn, actions=actions,
                 max_raises=max_raises)


def attack(die: Die, damage_expr: str, toughness: int, modifier: int = 0, wild: bool = True,
           tn: int = 4, *, actions: int = 1, wounds: int = 0, already_shaken: bool = False,
           max_wounds: int = 4, armour: int = 0, ap: int = 0) -> Odds:
    """A D attack as a whole (D-5, D-7, C-4) by an attacker with ``wounds`` wounds (D-8): see
    :func:`gmkit.odds.savage.attack`; ``modifier`` holds the range band's penalty (D-5). The
    weapon's ``ap`` ignores up to that much of the target's ``armour``, part of its
    ``toughness`` (D-7)."""
    if wounds < 0:
        raise ValueError(f"D-8: wounds cannot be negative, got {wounds}")
    if armour < 0 or ap < 0:
        raise ValueError(f"D-7: Armour and AP are 0 or more, got {armour} and {ap}")
    return savage_attack(die, damage_expr, R.effective_toughness(toughness, armour, ap),
                         modifier + R.wound_penalty(wounds, wild), wild, tn, actions=actions,
                         already_shaken=already_shaken, max_wounds=max_wounds)


def add_commands(kinds: Any, savage: Any) -> None:
    """The dragon kinds of ``gmkit odds``: attack."""
    q = kinds.add_parser("attack", help="a D attack as a whole: roll, then damage (D-5, C-4)")
    q.add_argument("die", help="attack trait die")
    q.add_argument("damage")
    q.add_argument("--toughness", type=int, required=True)
    q.add_argument("--tn", type=int, default=4, help="4 ranged; the target's Parry in melee")
    q.add_argument("--shaken", action="store_true", help="the target is already Shaken")
    q.add_argument("--wounds", type=int, default=0, help="the attacker's wounds (D-8 penalty)")
    q.add_argument("--armour", type=int, default=0, help="the target's Armour, part of its Toughness (D-7)")
    q.add_argument("--ap", type=int, default=0, help="the weapon's Armour Piercing (D-7)")
    savage(q)
    q.set_defaults(answer=_attack_command)


def _attack_command(args: Any) -> Odds:
    die = None if args.die == "unskilled" else args.die
    return attack(die, args.damage, args.toughness, args.mod, not args.extra, args.tn,
                  actions=args.actions, wounds=args.wounds, already_shaken=args.shaken,
                  armour=args.armour, ap=args.ap)
