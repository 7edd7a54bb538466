"""F-6 spells and F-8 items: what the sheet lists, or what the GM describes in the order.

A spell may roll to hit like a weapon (F-2) and let its target avoid it with a protection roll
(F-5), told as a roll against the spell (never an attack); an item or potion is its user's action
for the turn (F-8).
"""

from __future__ import annotations

from .. import rules
from ..context import Context
from ..orders import Cast, UseItem
from ..sheets import cast_effect, item_effect
from .attacks import pick_target, roll_to_hit
from .effects import apply_effect, protected
from .terms import against_item, against_spell, modifiers_term

__all__ = ["cast", "use_item"]


def cast(ctx: Context, actor: str, order: Cast) -> None:
    """F-6: cast a spell; one with limited uses spends one."""
    c = ctx.sheets.combatants[actor]
    board = ctx.state
    effect, spell = cast_effect(c, order)
    if spell is not None and spell.uses is not None:
        board.spend(actor, spell=spell.name)
    aim = spell.target if spell is not None else ("enemy" if effect.harmful else "ally")
    ctx.emit("cast", actor, "fantasy.cast", {"actor": actor, "spell": order.spell},
             data={"spell": order.spell})
    if aim == "self":
        target: str | None = actor
    elif aim == "ally":
        target = order.target if order.target is not None and board.present(order.target) else actor
    else:
        target = pick_target(ctx, actor, order.target, ())
    if target is None:
        return
    to_hit = order.to_hit if order.to_hit is not None else (spell.to_hit if spell else False)
    if to_hit and not _spell_hits(ctx, actor, order.spell, target):
        return
    pr_need = order.protection if order.protection is not None else (spell.protection if spell else None)
    if pr_need is not None and target != actor and protected(ctx, target, pr_need, order.spell,
                                                             against_spell(order.spell), effect):
        return
    apply_effect(ctx, actor, target, effect, order.spell)


def _spell_hits(ctx: Context, actor: str, spell: str, target: str) -> bool:
    """F-2: a spell that rolls to hit, against the target's AC like a weapon with no bonus."""
    t = ctx.sheets.combatants[target]
    need = rules.hit_threshold(t.ac, t.easier_to_hit)
    if need is None:
        ctx.emit("miss", actor, "fantasy.cannot_hit", {"actor": actor, "target": target,
                                                       "attack": spell, "ac": t.ac})
        return False
    hit, rolls = roll_to_hit(ctx, actor, t.ac, need, f"F-2 spell to hit {target}")
    params = {"actor": actor, "target": target, "attack": spell, "ac": t.ac, "roll": rolls[0].total,
              "need": need, "second": 0}
    mods = modifiers_term(spell, 0, target, t.easier_to_hit)
    if mods is not None:
        params["mods"] = mods
    ctx.emit("hit" if hit else "miss", actor, "fantasy.hit" if hit else "fantasy.miss", params,
             data={"target": target, "hit": hit}, rolls=rolls)
    return hit


def use_item(ctx: Context, actor: str, order: UseItem) -> None:
    """F-8: use an item or drink a potion (one use of it)."""
    c = ctx.sheets.combatants[actor]
    board = ctx.state
    effect, item = item_effect(c, order)
    if item is not None:
        board.spend(actor, item=item.name)
    ctx.emit("item", actor, "fantasy.item", {"actor": actor, "item": order.item}, data={"item": order.item})
    aim = item.target if item is not None else ("enemy" if effect.harmful else "self")
    found = pick_target(ctx, actor, order.target, ()) if aim == "enemy" else (order.target or actor)
    if found is None or not board.present(found):
        return
    if (item is not None and item.protection is not None and found != actor
            and protected(ctx, found, item.protection, order.item, against_item(order.item), effect)):
        return
    apply_effect(ctx, actor, found, effect, order.item)
