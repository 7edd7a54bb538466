"""F-3 damage taken, F-1 death at 0 hit points, F-7 rewards for a kill, and followers leaving.

A monster's remaining hit points are its own side's (and the GM's) to know: the damage event says
how much it took, a second event only its side sees says what is left.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...dice import Roll
from ...events import sides_only
from .. import rules
from ..board import ACTIVE, DEAD, FLED
from ..context import Context
from ..notation import DamageSpec, plain_number, table_text

__all__ = ["roll_damage", "pick", "damage", "kill", "followers_leave"]


_new = tuple.__new__


@lru_cache(maxsize=256)
def _label(table: tuple[float, ...]) -> str:
    return table_text(table)


def pick(ctx: Context, table: tuple[float, ...], purpose: str, actor: str) -> tuple[float, Roll | None]:
    """C-6 like :meth:`~gmkit.dice.Dice.pick`, for a table parsed once (the hot path of every hit);
    the roll's record is built only when someone keeps it."""
    dice = ctx.dice
    r = dice.d(len(table), purpose, actor)
    value = table[int(r.total) - 1]
    if not (dice.record or ctx.keeps_events):
        return value, None
    # built as gmkit.dice builds its hottest records (tuple.__new__, no Python-level __new__)
    rec: Roll = _new(Roll, (f"{_label(table)} (d{len(table)})", value, r.dice, purpose, actor, r.manual))
    if dice.record:
        dice.log[-1] = rec
    return value, rec


def roll_damage(ctx: Context, actor: str, spec: DamageSpec, target: str) -> tuple[float, Roll | None]:
    """F-3: a table rolled (C-6), or a percentage of the target's hit points now (no roll)."""
    if spec.percent is not None:
        hp = float(ctx.state.combatants[target].hp)
        return rules.percent_damage(hp, spec.percent), None
    assert spec.table is not None
    return pick(ctx, spec.table, "F-3 damage", actor)


def damage(ctx: Context, source: str, target: str, amount: float, roll: Roll | None, what: Any,
           bonus: Any = None) -> None:
    """``target`` takes ``amount`` (never below 0 hit points); at 0 it dies (F-1). ``bonus`` says
    where the figure comes from when a modifier changed the rolled value (F-3)."""
    states = ctx.state.combatants
    st = states[target]
    amount = float(amount)
    before = float(st.hp)
    hp = max(0.0, before - amount)
    # plain_number() written out for the three figures every hit changes (the hot path)
    st.hp = left = int(hp) if hp.is_integer() else round(hp, 4)
    src = states[source]
    dealt = float(src.dealt) + (before - hp)
    src.dealt = int(dealt) if dealt.is_integer() else round(dealt, 4)
    seen = float(st.seen_taken) + amount  # the amount every side reads
    st.seen_taken = int(seen) if seen.is_integer() else round(seen, 4)
    if ctx.keeps_events:
        rolls = (roll,) if roll is not None else ()
        tc = ctx.sheets.combatants[target]
        taken = plain_number(amount)
        params = {"actor": source, "target": target, "amount": taken, "what": what}
        if bonus is not None:
            params["bonus"] = bonus
        if tc.kind == "monster" and hp > 0:
            ctx.emit("damage", source, "fantasy.damage.hidden", params,
                     data={"target": target, "amount": taken}, rolls=rolls)
            ctx.emit("hp", target, "fantasy.hp", {"actor": target, "hp": left},
                     data={"hp": left}, visibility=sides_only(tc.side))
        else:
            ctx.emit("damage", source, "fantasy.damage", {**params, "hp": left},
                     data={"target": target, "amount": taken, "hp": left}, rolls=rolls)
    if hp <= 0:
        kill(ctx, source, target)


def kill(ctx: Context, source: str, target: str) -> None:
    """F-1: ``target`` is dead; F-7: a player who killed an enemy gets its reward points."""
    board = ctx.state
    board.leave(target, DEAD)
    ctx.emit("kill", source, "fantasy.kill", {"actor": source, "target": target}, data={"target": target})
    src = ctx.sheets.combatants[source]
    tgt = ctx.sheets.combatants[target]
    if src.side != tgt.side:
        sst = board.combatants[source]
        sst.kills += (target,)
        gain = rules.reward_for_kill(src.kind, tgt.reward)
        if gain:
            before = sst.points
            sst.points += gain
            sst.gained += gain
            new = rules.levels_gained(before, sst.points, src.levels)
            ctx.emit("reward", source, "fantasy.reward",
                     {"actor": source, "points": gain, "total": sst.points, "target": target},
                     data={"points": gain})
            if new:
                sst.pending += new
                ctx.emit("level", source, "fantasy.level.pending", {"actor": source, "n": new},
                         data={"levels": new})
        elif tgt.reward and src.kind != "player":
            ctx.emit("reward", source, "fantasy.reward.none",
                     {"actor": source, "kind": {"key": f"fantasy.kind.{src.kind}"}, "target": target},
                     data={"points": 0})
    followers_leave(ctx, target, DEAD)


def followers_leave(ctx: Context, leader: str, why: str) -> None:
    """F-6: a mount bolts when its rider dies (unless it may attack alone); a pet or mount leaves
    with a fleeing owner or rider."""
    board = ctx.state
    for f in ctx.sheets.followers.get(leader, ()):
        c = ctx.sheets.combatants[f]
        if board.combatants[f].status != ACTIVE:
            continue
        if c.kind == "mount" and not c.attacks_alone and why == DEAD:
            board.leave(f, FLED)
            ctx.emit("flee", f, "fantasy.mount.bolts", {"actor": f, "rider": leader})
        elif why == FLED:
            board.leave(f, FLED)
            ctx.emit("flee", f, "fantasy.flee.with", {"actor": f, "leader": leader})
