"""D-5 Attack, D-6 Defence in melee, D-7 Damage: one attack roll, then damage by C-4 on a hit
(SWADE: AP against Armour, and a Benny may soak the Wounds)."""

from __future__ import annotations

from typing import Any

from ...savage import damage_outcome
from .. import rules as R
from ..context import DuelContext
from ..orders import Attack
from . import bennies
from .common import ATTACK_KEYS, actions_mod, band_mod, cannot, modifiers, purpose, wounds_mod
from .tails import check_tails
from .wounds import wound_effects

__all__ = ["attack", "damage"]


def attack(duel: DuelContext, name: str, a: Attack, pen: int) -> None:
    """The attack as the position stands at the dragon's turn: lost with the reason when the
    rules no longer allow it; else the roll (range band and wound penalties, TN 4 or the
    target's Parry) and, on a hit, damage (+1d6 on a raise)."""
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    found = duel.sheets.weapon_at[name].get(a.weapon)  # spec.weapon(a.weapon), indexed once
    if found is None:
        return cannot(duel, name, a.weapon, "no_weapon", "D-5", f"no weapon {a.weapon!r}")
    i, w = found
    if s.weapons_out[i]:
        return cannot(duel, name, w.name, "weapon_out", "D-8", f"{w.name} is out of the fight")
    t = duel.state.dragons.get(a.target)
    if t is None or t.out:
        return cannot(duel, name, w.name, "target_out", "D-5",
                      f"{a.target} is out of the fight", target=a.target)
    on_tail = s.tailing == a.target
    rng = R.range_between(s.speed, s.height, t.speed, t.height, on_tail)
    pursuer = s.tailed_by == a.target
    prob = None if R.attack_allowed(w.kind, s.height, t.height, on_tail, pursuer, rng, w.ranges) \
        else R.attack_problem(w.kind, s.height, t.height, on_tail=on_tail,
                              target_is_pursuer=pursuer, rng=rng, ranges=w.ranges)
    events = duel.mode.events
    if prob:
        if events:  # the commonest lost action: skip building its text unkept
            cannot(duel, name, w.name, prob.code, prob.rule, f"{prob.text} (range {rng})",
                   target=a.target, range=rng, height=s.height, theirs=t.height,
                   long=(w.ranges or (0, 0, 0))[-1])
        return
    tspec = duel.dragons[a.target]
    band = None
    rpen = 0
    if w.kind == "ranged" and w.ranges:
        b = R.range_band(rng, w.ranges, duel.options.get("range_penalties", R.RANGE_PENALTIES))
        assert b is not None
        band, rpen = b
        tn, d = 4, spec.pilot.ranged_die
    else:
        tn, d = tspec.pilot.parry, spec.pilot.fighting
    wp = R.wound_penalty(s.wounds, spec.wild_card, True)
    mod = pen + rpen + wp
    s.attacks += 1
    r = bennies.trait(duel, name, d, mod, spec.wild_card, tn, purpose("attack", w.name))
    if events:
        if r.critical_failure:
            key = "dragons.roll.attack.crit"
        else:
            key = ATTACK_KEYS[bool(band), r.success, r.raises > 0]
        # modifiers(...) of the parts that changed the roll, each built only when it did
        parts = []
        if pen:
            parts.append(actions_mod(pen))
        if band and rpen:
            parts.append(band_mod(band, rpen))
        if wp:
            parts.append(wounds_mod(wp, s.wounds))
        mods = modifiers(*parts) if parts else ""
        duel.emit("attack", name, key,
                  {"name": name, "weapon": w.name, "target": a.target, "range": rng,
                   "mods": mods, "roll": r.total, "tn": tn, "raises": r.raises},
                  rolls=(r.roll,),
                  data={"weapon": w.name, "target": a.target, "range": rng, "band": band,
                        "modifier": mod, "tn": tn, "hit": r.success, "raises": r.raises})
    if not r.success:
        return
    s.hits += 1
    dmg = duel.dice.damage(w.damage, raise_bonus=r.raises > 0,
                           purpose=purpose("damage", w.name), actor=name)
    total = int(dmg.total)
    s.damage_dealt += total
    damage(duel, a.target, total, name, dmg, w.ap)


def damage(duel: DuelContext, target: str, total: int, by: str, roll: Any, ap: int = 0) -> None:
    """D-7/C-4: Shaken or Wounds against Toughness (less the Armour the weapon's AP ignores),
    then the D-8 wound table."""
    t = duel.state.dragons[target]
    tspec = duel.dragons[target]
    tough = R.effective_toughness(tspec.toughness, tspec.armour, ap)
    res = damage_outcome(total, tough, t.shaken)
    if duel.mode.events:
        if not res.shaken:
            key = "dragons.damage.none"
        elif res.wounds:
            key = "dragons.damage.wounds"
        else:
            key = "dragons.damage.shaken"
        shown: Any = tough
        data: dict[str, Any] = {"damage": total, "shaken": res.shaken, "wounds": res.wounds}
        if tough != tspec.toughness:  # AP against Armour: told only where it counts
            shown = {"key": "dragons.word.toughness_ap", "t": tough, "ap": ap,
                     "armour": tspec.armour, "full": tspec.toughness}
            data["toughness"] = tough
        duel.emit("damage", by, key,
                  {"name": by, "target": target, "damage": total, "toughness": shown,
                   "n": res.wounds}, rolls=(roll,), data=data)
    if not res.shaken:
        return
    attacker = duel.state.dragons[by]
    wounds = res.wounds
    if wounds:
        wounds = bennies.soak(duel, target, wounds)  # D-7: decided once the damage is rolled
        if wounds == 0:  # every Wound soaked: not Shaken either (SWADE)
            t.shaken = False
            return
    t.shaken = True
    if wounds == 0:
        attacker.shaken_dealt += 1
        return
    attacker.wounds_dealt += wounds
    before = t.wounds
    t.wounds += wounds
    wound_effects(duel, target, before, t.wounds)
    check_tails(duel)
