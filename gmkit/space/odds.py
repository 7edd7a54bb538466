"""Space battle odds (S-3, S-7, S-8, S-11, S-13): the d10 against a defence, range 2 and halved
damage, breaking free, the cells of a flight; and the odds of one order on the board as it stands
(:func:`attack_odds`).

All finite, so all exact. Every chance is counted over the faces through the rules of
:mod:`gmkit.space.rules` (which face hits, which confirms, what a roll deals), so a rule is written
once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..dice import parse
from ..errors import DiceError, IllegalOrder
from ..odds.core import Dist, Odds, q
from ..orders import Order
from . import rules as R
from .context import Battle, aimed_cells, hidden_from
from .legal import check
from .orders import Attack, Tractor

__all__ = ["d10_ge", "space_hit", "space_attack", "break_free", "escape_cells", "AttackOdds",
           "attack_odds", "add_commands"]


def _d10(wins: Callable[[int], bool]) -> Fraction:
    return Fraction(sum(1 for face in range(1, 11) if wins(face)), 10)


def d10_ge(defence: int) -> Fraction:
    """S-7: the chance a d10 hits ``defence``.

    >>> d10_ge(7), d10_ge(11)
    (Fraction(2, 5), Fraction(0, 1))
    """
    return _d10(lambda face: R.hits(face, defence))


def confirm_chance(need: int = 6) -> Fraction:
    """S-3 [rule option]: the chance the confirming d10 of a long shot succeeds."""
    return _d10(lambda face: R.long_shot_confirmed(face, need))


@lru_cache(maxsize=1024)
def space_hit(defence: int, range2: bool = False, confirm: bool = True) -> Odds:
    """S-7, S-3: a d10 at or above ``defence``; across one cell (``range2``) the hit must then be
    confirmed by a d10 of 6+ (the default rule option; ``confirm=False`` turns it off).

    >>> space_hit(7).chance, space_hit(7, range2=True).chance
    (Fraction(2, 5), Fraction(1, 5))
    """
    p = d10_ge(defence)
    if range2 and confirm:
        p *= confirm_chance()
    key = ("space_hit_far" if confirm else "space_hit_far_noconfirm") if range2 else "space_hit"
    return Odds("space", q(key, defence=defence), (("hit", p), ("miss", 1 - p)), p)


Damage = int | str | tuple[int, ...]


def _damage_dist(damage: Damage) -> Dist:
    if isinstance(damage, int):
        return Dist.constant(damage)
    if isinstance(damage, tuple):  # C-6: equally likely values
        lo = min(damage)
        weights = [0] * (max(damage) - lo + 1)
        for v in damage:
            weights[v - lo] += 1
        return Dist(lo, tuple(weights), len(damage))
    e = parse(damage)
    dist = Dist.constant(e.modifier)
    for t in e.dice:
        if t.sign < 0 or t.keep or t.explode:
            raise DiceError(f"S-8: ship damage is a sum of plain dice and a number, got {damage!r}")
        for _ in range(t.count):
            dist = dist.add(Dist.die(t.sides))
    return dist


def space_attack(defence: int, damage: int | str | Sequence[int], range2: bool = False,
                 confirm: bool = True, *, halvings: int = 0, plating: bool = False) -> Odds:
    """One S attack at the whole ship: the hit (S-7, S-3), then its damage (S-8).

    Damage is the attacker's own (``"2d6"``, ``"d10+2"``, a number, or a list of equally likely
    values as C-6 has them), halved (rounded down) once
    for range 2 (S-3) and once per other ``halvings`` (disabled targeting S-8, firing while held by
    a tractor beam S-13), then +2 if the target's hull plating is disabled (S-8). Outcomes: ``miss``
    then each damage value; ``chance`` is the hit chance.
    """
    if not isinstance(damage, (int, str)):
        values = tuple(damage)
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise DiceError(f"S-8: a damage list holds whole numbers, got {damage!r}")
        damage = values
    return _space_attack(defence, damage, range2, confirm, halvings, plating)


@lru_cache(maxsize=1024)
def _space_attack(defence: int, damage: Damage, range2: bool, confirm: bool, halvings: int,
                  plating: bool) -> Odds:
    hit = space_hit(defence, range2, confirm).chance
    times = halvings + (1 if range2 else 0)
    values: dict[int, Fraction] = {}
    for v, p in _damage_dist(damage).pmf():
        dmg = R.dealt(v, times, plating)
        values[dmg] = values.get(dmg, Fraction(0)) + p
    outcomes = (("miss", 1 - hit), *tuple((str(v), hit * p) for v, p in sorted(values.items())))
    labels = tuple((str(v), str(v)) for v in sorted(values))
    shown = "-".join(map(str, damage)) if isinstance(damage, tuple) else str(damage)
    question = q("space_attack", hit=space_hit(defence, range2, confirm).question, damage=shown,
                 halved=times, plating=f"+{R.plating_bonus(True)}" if plating else "0")
    return Odds("space", question, outcomes, hit, labels=labels)


@lru_cache(maxsize=256)
def break_free(holder: int = 10, held: int = 6) -> Odds:
    """S-13: a held ship breaks free when its d``held`` beats the holder's d``holder``; ties reroll
    [decision], so ``P = P(held > holder) / (1 - P(tie))``.

    >>> break_free().chance
    Fraction(5, 18)
    """
    faces = [R.break_free(a, b) for a in range(1, holder + 1) for b in range(1, held + 1)]
    wins = faces.count("free")
    ties = faces.count(None)
    p = Fraction(wins, holder * held - ties)
    return Odds("space", q("break_free", held=held, holder=holder), (("free", p), ("held", 1 - p)), p)


@lru_cache(maxsize=64)
def escape_cells() -> Odds:
    """S-11: cells a fleeing ship may move, the sum of two d4 (it may always move fewer)."""
    dist = _damage_dist(R.flee_dice(False))
    outcomes = tuple((str(v), p) for v, p in dist.pmf())
    mean = sum((v * p for v, p in dist.pmf()), Fraction(0))
    return Odds("space", q("escape_cells", mean=f"{float(mean):g}"), outcomes, Fraction(1),
                labels=tuple((k, k) for k, _ in outcomes))


CONDITIONAL_NOTE = "S-10: only if the named cell is the cloaked ship's"


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of one Attack or Tractor order, from the battle's own numbers.

    ``odds`` holds ``miss`` and then each damage value dealt (a hull shot, S-8, before the shields
    take their share, S-6) or ``hit`` (a systems shot, a tractor beam: a hit holds, S-13).
    ``conditional`` (S-10): the target is cloaked from the attacker's side, so ``chance`` holds only
    if the named cell is the right one; nothing here depends on where the hidden ship really is.
    """

    odds: Odds
    chance: Fraction
    """Hit (or hold) chance."""
    defence: int
    """S-7: the number the d10 must reach (the shields' own while up and holding points)."""
    range: int
    """S-3: 1 touching, 2 across one cell."""
    halvings: int
    """S-3, S-8, S-13: how many times the damage is halved."""
    conditional: bool = False
    note: str | None = None
    mean_damage: Fraction | None = None
    """The average damage dealt given a hit (hull shots only)."""

    def __float__(self) -> float:
        return float(self.chance)

    def to_json(self) -> dict[str, Any]:
        return {"chance": str(self.chance), "chance_float": float(self.chance), "defence": self.defence,
                "range": self.range, "halvings": self.halvings, "conditional": self.conditional,
                "note": self.note, "mean_damage": None if self.mean_damage is None else str(self.mean_damage),
                "odds": self.odds.to_json()}


def attack_odds(b: Battle, ship: str, order: Order) -> AttackOdds | None:
    """The exact odds of ``ship``'s ``Attack`` or ``Tractor`` order on the board as it stands.

    None when the order is of another kind or ``ship`` could not give it now. Built from what the
    rules read off the board: the target's defence (S-7), fire range and the long-shot confirmation
    (S-3), damage halvings (S-3, S-8, S-13) and disabled plating (S-8). Against a cloaked target
    (S-10) it is worked out from the named cell only and flagged ``conditional``.

    An attack whose aim is still open (chosen once the hit is known, S-8) is counted as a shot at
    the whole ship: its damage is what choosing the hull would deal; the hit chance is the same
    whatever is chosen, so choosing later changes no chance.
    """
    if not isinstance(order, (Attack, Tractor)):
        return None
    try:
        check(b, ship, order)
    except IllegalOrder:
        return None
    s = b.state.ships[ship]
    t = b.state.ships[order.target]
    ts = b.sheet.ships[order.target]
    defence = R.attack_defence(ts.defence, ts.shield_defence, t.shields_up, t.shields,
                               t.disabled("shields"))
    if isinstance(order, Tractor):
        o = space_hit(defence)
        return AttackOdds(o, o.chance, defence, 1, 0)
    blind = hidden_from(b, order.target, b.sheet.ships[ship].side)
    aimed = aimed_cells(b, ship, order.target, order.cell)
    fr = R.fire_range(s.cells, aimed)
    far = fr == 2
    k = R.damage_halvings(fr, s.disabled("targeting"), s.held_by is not None)
    opts = b.sheet.options
    confirm = bool(opts.long_shot_confirm)
    need = int(opts.long_shot_confirm_min)
    std = confirm and need == 6  # space_hit confirms on 6+; another number is scaled here
    scale = confirm_chance(need) if far and confirm and not std else Fraction(1)
    mean: Fraction | None = None
    if order.aim == "systems":
        o = space_hit(defence, far, std)
    else:
        damage = b.sheet.ships[ship].damage
        try:
            o = space_attack(defence, damage, far, std, halvings=k - int(far),
                             plating=t.disabled("plating"))
        except DiceError:  # a damage expression the exact odds cannot spread: the hit alone
            o = space_hit(defence, far, std)
    if scale != 1:
        outs = tuple((key, p * scale) for key, p in o.outcomes if key != "miss")
        hit = o.chance * scale
        o = Odds(o.kind, o.question, (("miss", 1 - hit), *outs), hit, o.error, o.labels)
    if o.kind == "space" and "hit" not in o.keys() and o.chance:
        mean = sum((int(key) * p for key, p in o.outcomes if key != "miss"), Fraction(0)) / o.chance
    return AttackOdds(o, o.chance, defence, fr, k, blind, CONDITIONAL_NOTE if blind else None, mean)


def add_commands(kinds: Any, savage: Any) -> None:
    """The space kinds of ``gmkit odds``: space (S-3, S-7, S-8) and break-free (S-13)."""
    q = kinds.add_parser("space", help="d10 against a defence (S-3, S-7, S-8)")
    q.add_argument("--defence", type=int, required=True)
    q.add_argument("--range2", action="store_true", help="across one cell: confirm and half damage")
    q.add_argument("--no-confirm", action="store_true", help="rule option: no 6+ confirmation")
    q.add_argument("--damage", default=None, help='attacker damage, "2d6" or a number')
    q.add_argument("--halvings", type=int, default=0, help="other halvings (targeting, tractor)")
    q.add_argument("--plating", action="store_true", help="target's hull plating is disabled")
    q.set_defaults(answer=_space_command)
    q = kinds.add_parser("break-free", help="break a tractor hold: held d6 vs holder d10 (S-13)")
    q.add_argument("--holder", type=int, default=10)
    q.add_argument("--held", type=int, default=6)
    q.set_defaults(answer=lambda a: break_free(a.holder, a.held))


def _space_command(args: Any) -> Odds:
    if args.damage is not None:
        dmg: int | str = int(args.damage) if args.damage.isdigit() else args.damage
        return space_attack(args.defence, dmg, args.range2, not args.no_confirm,
                            halvings=args.halvings, plating=args.plating)
    return space_hit(args.defence, args.range2, not args.no_confirm)
