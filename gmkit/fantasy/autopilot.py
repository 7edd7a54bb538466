"""The autopilot: a plain policy a GM would accept for monsters and for unattended runs.

It never rolls: a choice that the rules leave to a die (a monster's target, F-6) is left to the
resolution, which rolls it on the record. Monsters strike a target picked by die, cast their
damaging spells at foes they cannot otherwise hurt, and try to flee when beaten (F-9); party
members shoot and strike the weakest foe they can hit, drink a healing potion when low, use
magic against what weapons cannot touch (F-2), and try to flee when nothing they have can hurt any
foe (F-10; where no foe lists escape numbers the autopilot, standing in for the GM, lets them go).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules
from .orders import Cast, Flee, Pass, Shoot, Strike, UseItem

if TYPE_CHECKING:
    from ..orders import Order
    from .skirmish import Skirmish

__all__ = ["choose", "wants_to_flee"]


def wants_to_flee(sk: "Skirmish", name: str) -> bool:
    """F-9: a monster with morale tries to flee when down to a third of its hit points or when its
    side has lost at least half of the combatants it started with."""
    c = sk.combatants[name]
    if c.kind != "monster" or c.morale is None:
        return False
    st = sk.state["c"][name]
    if float(st["hp"]) * 3 <= float(st["max_hp"]):
        return True
    side = sk._side(c.side)
    left = sum(1 for m in side.members if sk._fighter(m))
    return left * 2 <= sk.state["start"][c.side]


def _weakest(sk: "Skirmish", targets: list[str]) -> str | None:
    if not targets:
        return None
    return min(targets, key=lambda n: (float(sk.state["c"][n]["hp"]), sk.combatants[n].index))


def choose(sk: "Skirmish", name: str) -> "Order | None":
    """A legal order for ``name`` now, or None when it has nothing to do."""
    if sk.is_over or name not in sk.combatants:
        return None
    c = sk.combatants[name]
    if not sk._can_act(name):
        return None
    st = sk.state["c"][name]
    enemies = sk._enemies(name)
    if not enemies:
        return Pass()
    monster = c.kind == "monster"
    melee = sk.phase == "melee"
    order: Order | None = None
    if melee and c.morale is not None and monster and wants_to_flee(sk, name):
        order = _if_legal(sk, name, Flee())
    if order is None and c.items and float(st["hp"]) * 3 <= float(st["max_hp"]):
        for item in c.items:
            if item.effect.heal and st["items"].get(item.name, 0) > 0 and item.target != "enemy":
                order = UseItem(item.name)
                break
    if order is None and c.spells:
        order = _heal_an_ally(sk, name)
    table = sk._melee_hits if melee else sk._ranged_hits
    weapon_targets = [e for e in enemies if table[name, e]]
    if order is None and c.spells:
        spells = [s for s in c.spells if s.effect.harmful and s.target == "enemy"
                  and (s.uses is None or st["uses"].get(s.name, 0) > 0)]
        unhittable = [e for e in enemies if e not in weapon_targets]
        weaponless = not melee and c.ranged is None
        if spells and (unhittable or weaponless or not weapon_targets):
            spell = spells[0]
            pool = unhittable if unhittable else enemies
            if spell.to_hit:
                pool = [e for e in pool if rules.can_be_hit(sk.combatants[e].ac,
                                                            sk.combatants[e].easier_to_hit)]
            if pool:
                order = Cast(spell.name, None if monster else _weakest(sk, pool))
    if order is None and weapon_targets:
        target = None if monster else _weakest(sk, weapon_targets)
        if melee:
            order = Strike(target)
        elif c.ranged is not None:
            order = Shoot(target)
    if order is None and melee:
        flight = _helpless_flight(sk, name)
        order = _if_legal(sk, name, flight) if flight is not None else None
    return order if order is not None else Pass()


def _heal_an_ally(sk: "Skirmish", name: str) -> "Order | None":
    """A healer mends the most hurt ally (itself included) down to a third of its hit points."""
    c = sk.combatants[name]
    uses = sk.state["c"][name]["uses"]
    spells = [s for s in c.spells if s.effect.heal and not s.effect.harmful
              and (s.uses is None or uses.get(s.name, 0) > 0)]
    if not spells:
        return None
    hurt = [n for n in sk.combatants if sk.side_of(n) == c.side and sk._present(n)
            and float(sk.state["c"][n]["hp"]) * 3 <= float(sk.state["c"][n]["max_hp"])]
    if not hurt:
        return None
    target = _weakest(sk, hurt)
    spell = spells[0]
    if spell.target == "self" and target != name:
        return None
    return _if_legal(sk, name, Cast(spell.name, None if spell.target == "self" else target))


def _if_legal(sk: "Skirmish", name: str, order: "Order") -> "Order | None":
    try:
        sk.validate_order(name, order)
    except ValueError:
        return None
    return order


def _helpless_flight(sk: "Skirmish", name: str) -> "Order | None":
    """F-9/F-10: with no way left to hurt any enemy, try to get away (one at a time per side)."""
    c = sk.combatants[name]
    if c.follower:
        return None
    if c.flees_by_morale:
        return Flee() if c.morale is not None else None
    if not sk.options["flight"]:
        return None
    for other, o in sk._pending.items():
        if isinstance(o, Flee) and sk.side_of(other) == c.side:
            return None
    return Flee() if sk.hardest_escape(name) is not None else Flee(gm_allows=True)


class Autopilot:
    """The policy as an object (:class:`gmkit.encounter.Policy`)."""

    def __init__(self, sk: "Skirmish") -> None:
        pass

    def order(self, sk: "Skirmish", actor: str) -> "Order | None":
        return choose(sk, actor)
