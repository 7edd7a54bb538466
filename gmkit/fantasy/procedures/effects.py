"""F-4 special attacks, F-5 protection rolls, and the conditions they leave (with F-8's items).

An effect lasting N turns covers N of its bearer's side's turns (ongoing damage at the start of
each) and ends at the start of the next; a disabling effect with no end takes its bearer out.
Every outcome is told in words (``told``): what a protection roll spared, a condition taken or
ended («Варг стряхивает сон», «Борин отравлен на 3 хода», «Варг просыпается»).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...errors import IllegalOrder
from ...events import sides_only
from .. import rules
from ..board import ACTIVE, Condition
from ..context import Context
from ..notation import SpecialAttack, plain_number
from ..sheets import Effect
from .harm import damage, kill, roll_damage
from .terms import against_special, ended_term, kind_term, resisted_term, status_term, taken_term

__all__ = ["tick", "protected", "special", "apply_effect"]


def tick(ctx: Context, side: str) -> None:
    """Start of a side's turn: ongoing damage, conditions wearing off, skipped turns (F-4, F-6).

    An effect lasting ``turns`` turns covers that many of its side's turns, then ends at the
    start of the next one; a skipped turn is one turn with no action.
    """
    board = ctx.state
    for n in ctx.sheets.sides_by_name[side].members:
        st = board.combatants[n]
        if st.skipping:
            board.set_skipping(n, False)
        if st.status != ACTIVE:
            continue
        if st.skip > 0:
            st.skip -= 1
            board.set_skipping(n, True)
            ctx.emit("skip", n, "fantasy.skip", {"actor": n}, data={"left": st.skip})
        for e in st.conditions:
            if st.status != ACTIVE:
                break
            if e.turns is not None and e.turns <= 0:
                board.set_conditions(n, tuple(x for x in st.conditions if x is not e))
                params = {"actor": n, "status": status_term(e.status)}
                told = ended_term(n, e.status)
                if told is not None:
                    params["told"] = told
                ctx.emit("effect_end", n, "fantasy.effect.ends", params, data={"status": e.status})
                continue
            if e.ongoing:
                p = ctx.dice.pick(e.ongoing, purpose=f"F-4 {e.status}", actor=n)
                damage(ctx, e.source, n, p.value, p.roll, status_term(e.status))
            if e.turns is not None and st.status == ACTIVE:
                left = replace(e, turns=e.turns - 1)
                st.conditions = tuple(left if x is e else x for x in st.conditions)


def protected(ctx: Context, target: str, need: int, special: Any, against: Any = None,
              effect: Effect | None = None) -> bool:
    """F-5: the target's protection roll (d18 + Wisdom modifier >= ``need``), recorded: what it
    was against (``against``: a spell, a weapon's special attack, an item) and, when it
    succeeds, what it spared the target of ``effect``. ``special`` is the name journals have
    always recorded (a spell's or item's name, a special attack's kind)."""
    t = ctx.sheets.combatants[target]
    pr = ctx.dice.d18(purpose=f"F-5 protection roll {need}", actor=target)
    saved = rules.protection_succeeds(int(pr.total), t.wisdom, need)
    if ctx.keeps_events:
        params = {"actor": target, "roll": pr.total, "wisdom": t.wisdom, "need": need, "special": special}
        if against is not None:
            params["against"] = against
        if saved and effect is not None:
            params["told"] = resisted_term(target, effect.status, effect.damage is not None)
        ctx.emit("protection", target, "fantasy.protect.saved" if saved else "fantasy.protect.failed",
                 params, data={"saved": saved}, rolls=(pr,))
    return saved


def special(ctx: Context, actor: str, target: str, sp: SpecialAttack, attack: str | None = None) -> None:
    """F-4, F-5: the special attack (of the weapon ``attack``) happens unless the target makes its
    protection roll."""
    effect = ctx.sheets.effects.get(sp.kind)
    if sp.protection is not None and protected(ctx, target, sp.protection, kind_term(sp.kind),
                                               against_special(sp.kind, attack), effect):
        return
    if effect is None:
        raise IllegalOrder("F-4", key="fantasy.refusal.effects.f4.1", kind=sp.kind)
    apply_effect(ctx, actor, target, effect, kind_term(sp.kind))


def apply_effect(ctx: Context, source: str, target: str, e: Effect, label: Any) -> None:
    """What a special attack, spell or item does to ``target``: cure, heal, damage, a condition,
    out-of-turn strikes (F-4, F-6, F-8)."""
    board = ctx.state
    st = board.combatants[target]
    if e.cure:
        kept = tuple(x for x in st.conditions if x.status not in e.cure)
        cured = len(kept) != len(st.conditions)
        board.set_conditions(target, kept)
        if cured:
            ctx.emit("cure", source, "fantasy.cure", {"actor": source, "target": target,
                                                      "statuses": [status_term(s) for s in e.cure]})
    if e.heal is not None and st.status == ACTIVE:
        _heal(ctx, source, target, e.heal)
    if e.damage is not None and st.status == ACTIVE:
        value, roll = roll_damage(ctx, source, e.damage, target)
        damage(ctx, source, target, value, roll, label)
    if e.status is not None and st.status == ACTIVE:
        if e.status == "dead":
            st.hp = 0
            kill(ctx, source, target)
            return
        board.set_conditions(target, (*tuple(x for x in st.conditions if x.status != e.status),
                                      Condition(e.status, e.turns, e.disables, e.ongoing or None, source)))
        params = {"actor": target, "status": status_term(e.status), "source": source, "turns": e.turns or 0}
        told = taken_term(target, e.status, e.turns)
        if told is not None:
            params["told"] = told
        ctx.emit("effect", target, "fantasy.effect", params,
                 data={"status": e.status, "turns": e.turns, "disables": e.disables})
    if e.initiative and st.status == ACTIVE:
        st.initiative += e.initiative
        ctx.emit("effect", target, "fantasy.initiative.granted", {"actor": target, "n": e.initiative},
                 data={"initiative": e.initiative})


def _heal(ctx: Context, source: str, target: str, table: tuple[float, ...]) -> None:
    """F-8: hit points back from a C-6 table, never above the maximum."""
    st = ctx.state.combatants[target]
    p = ctx.dice.pick(table, purpose="F-8 healing", actor=source)
    before = float(st.hp)
    hp = min(float(st.max_hp), before + p.value)
    st.hp = plain_number(hp)
    gained = plain_number(hp - before)
    st.seen_taken = plain_number(max(0.0, float(st.seen_taken) - float(gained)))
    tc = ctx.sheets.combatants[target]
    if tc.kind == "monster":  # its hit points stay its own side's to know
        ctx.emit("heal", source, "fantasy.heal.hidden", {"actor": source, "target": target, "amount": gained},
                 data={"target": target, "amount": gained}, rolls=(p.roll,))
        ctx.emit("hp", target, "fantasy.hp", {"actor": target, "hp": plain_number(hp)},
                 data={"hp": plain_number(hp)}, visibility=sides_only(tc.side))
    else:
        ctx.emit("heal", source, "fantasy.heal", {"actor": source, "target": target, "amount": gained,
                                                  "hp": plain_number(hp)},
                 data={"target": target, "amount": gained, "hp": plain_number(hp)}, rolls=(p.roll,))
