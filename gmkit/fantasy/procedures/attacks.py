"""F-2 to hit and F-3 damage: strikes with every attack, ranged shots, targets picked by die (F-6).

A target that falls mid-turn is replaced by one picked by die; a monster with no target named
picks by die too (logged). A combatant with several attacks uses them all in its strike, twice
for a double strike.
"""

from __future__ import annotations

from ...dice import Roll
from .. import rules
from ..context import Context
from ..notation import SpecialAttack, plain_number
from ..orders import Shoot, Strike
from ..sheets import Attack
from .effects import special
from .harm import damage, pick, roll_damage
from .terms import bonus_term, fired_term, modifiers_term, notation_term, unfired_term

__all__ = ["pick_target", "strike", "shoot", "attack", "roll_to_hit"]


def pick_target(ctx: Context, actor: str, wanted: str | None, attacks: tuple[Attack, ...]) -> str | None:
    """The target: the one named if still in the fight, else one picked by die (F-6) among the
    enemies these attacks can hit (all enemies when none can)."""
    board = ctx.state
    if wanted is not None and not board.out_for_good(wanted):
        return wanted
    enemies = board.enemies(actor)
    sheets = ctx.sheets
    if attacks is sheets.combatants[actor].melee:
        targets = sheets.melee_targets[actor]
        hittable = [e for e in enemies if e in targets]
    else:
        combatants = sheets.combatants
        hittable = [e for e in enemies
                    if any(rules.can_be_hit(combatants[e].ac, x.to_hit + combatants[e].easier_to_hit)
                           for x in attacks)]
    pool = hittable or enemies
    if not pool:
        ctx.emit("no_target", actor, "fantasy.no_target", {"actor": actor})
        return None
    if len(pool) == 1:
        pick = pool[0]
        if wanted is not None:
            ctx.emit("target", actor, "fantasy.retarget", {"actor": actor, "target": pick, "was": wanted})
        return pick
    r = ctx.dice.d(len(pool), purpose="F-6 target by die", actor=actor)
    pick = pool[int(r.total) - 1]
    key = "fantasy.retarget" if wanted is not None else "fantasy.target"
    ctx.emit("target", actor, key,
             {"actor": actor, "target": pick, "was": wanted or "", "roll": f"d{len(pool)}: {r.total}"},
             data={"target": pick}, rolls=(r,))
    return pick


def strike(ctx: Context, actor: str, order: Strike) -> None:
    """F-6: a melee strike with every attack (or the one named), ``strikes`` times over."""
    c = ctx.sheets.combatants[actor]
    board = ctx.state
    attacks = c.melee if order.attack is None else c.attacks(order.attack)
    wanted = order.target
    for k in range(c.strikes):
        if k:
            ctx.emit("double", actor, "fantasy.double", {"actor": actor})
        for att in attacks:
            if not board.can_act(actor):
                return
            # pick_target's first answer inlined (the named target still in the fight): every
            # attack after the first asks it
            if wanted is None or board.out_for_good(wanted):
                picked = pick_target(ctx, actor, wanted, attacks)
                if picked is None:
                    return
                wanted = picked
            attack(ctx, actor, att, wanted)
            if board.over:
                return


def shoot(ctx: Context, actor: str, order: Shoot) -> None:
    """F-6: the one ranged attack of the ranged phase."""
    ranged = ctx.sheets.combatants[actor].ranged
    assert ranged is not None
    target = pick_target(ctx, actor, order.target, (ranged,))
    if target is not None:
        attack(ctx, actor, ranged, target)


def roll_to_hit(ctx: Context, actor: str, ac: int, need: int, purpose: str) -> tuple[bool, tuple[Roll, ...]]:
    """F-2: the d18 against the face needed, and at AC -2 the d6 that must show 6 after it."""
    dice = ctx.dice
    r = dice.d18(purpose=purpose, actor=actor)
    if r.total < need or not rules.needs_second_roll(ac):
        return r.total >= need, (r,)
    r2 = dice.d(6, purpose="F-2 second roll at AC -2", actor=actor)
    return r2.total == rules.SECOND_ROLL_FACE, (r, r2)


def attack(ctx: Context, actor: str, att: Attack, target: str) -> None:
    """F-2 to hit, then F-4 special (told as what it does instead of the damage; one that does
    not trigger in a few words) or F-3 damage."""
    combatants = ctx.sheets.combatants
    t = combatants[target]
    ac = t.ac
    mod = att.to_hit + t.easier_to_hit
    need = rules.hit_threshold(ac, mod)
    if need is None:
        ctx.emit("miss", actor, "fantasy.cannot_hit",
                 {"actor": actor, "target": target, "attack": att.name, "ac": ac},
                 data={"target": target, "hit": False})
        return
    # roll_to_hit() written out (every attack asks it): the d18, and at AC -2 the d6 after a hit
    dice = ctx.dice
    r = dice.d18(f"F-2 to hit {target}", actor)
    hit = r.total >= need
    if hit and ac == rules.AC_SECOND_ROLL:
        r2 = dice.d(6, "F-2 second roll at AC -2", actor)
        hit = r2.total == rules.SECOND_ROLL_FACE
        rolls: tuple[Roll, ...] = (r, r2)
    else:
        rolls = (r,)
    keeps_events = ctx.keeps_events
    if keeps_events:
        # the d6 after an 18 comes only at AC -2 (F-2): two rolls say the hit needed it
        key = ("fantasy.hit.second" if hit else "fantasy.miss.second") if len(rolls) > 1 else (
            "fantasy.hit" if hit else "fantasy.miss")
        params = {"actor": actor, "target": target, "attack": att.name, "ac": ac, "roll": rolls[0].total,
                  "need": need, "second": rolls[1].total if len(rolls) > 1 else 0}
        if mod:
            mods = modifiers_term(att.name, att.to_hit, target, t.easier_to_hit)
            if mods is not None:
                params["mods"] = mods
        ctx.emit("hit" if hit else "miss", actor, key, params,
                 data={"target": target, "hit": hit, "need": need, "modifier": mod}, rolls=rolls)
    if not hit:
        return
    if att.specials:
        tr = ctx.dice.d18(purpose="F-4 special attack trigger", actor=actor)
        fired: SpecialAttack | None = None
        for sp in att.specials:
            if rules.special_triggers(int(tr.total), sp.trigger):
                fired = sp
                break
        if keeps_events:
            ctx.emit("trigger", actor, "fantasy.special.fired" if fired else "fantasy.special.not",
                     {"actor": actor, "roll": tr.total,
                      "special": notation_term(fired) if fired else [notation_term(x) for x in att.specials],
                      "told": (fired_term(actor, att.name, fired.kind, tr.total) if fired
                               else unfired_term([x.kind for x in att.specials], tr.total))},
                     data={"fired": fired.kind if fired else None}, rolls=(tr,))
        if fired is not None:
            special(ctx, actor, target, fired, att.name)
            return
    spec = att.damage
    if spec.percent is not None:
        value, roll = roll_damage(ctx, actor, spec, target)
        damage(ctx, actor, target, value, roll, att.name)
        return
    assert spec.table is not None
    value, roll = pick(ctx, spec.table, "F-3 damage", actor)  # roll_damage's table case, one call less
    c = combatants[actor]
    modifier = c.constitution if att.ranged else c.strength
    amount = rules.damage_amount(value, modifier)
    bonus = bonus_term(plain_number(value), modifier, att.ranged) if keeps_events and modifier else None
    damage(ctx, actor, target, amount, roll, att.name, bonus)
