"""F-6 order of battle: d6 roll-offs, the ranged phase and melee, whose turn, the end of the fight.

The fight opens with a ranged phase (the sides with ranged weapons or spells, in d6 order), then
melee with the sides alternating from a d6 roll-off. ``round`` counts full rounds: the ranged
phase is round 1 when there is one, each melee cycle through the sides is the next. A side whose
members cannot act passes its turn on. F-7: levels reached in the fight are taken at its end.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import rules
from ..board import ACTIVE, DEAD
from ..context import Context
from .effects import tick

__all__ = ["roll_off", "start_melee", "next_turn", "begin_turn", "check_over", "finish"]


def roll_off(ctx: Context, sides: Sequence[str], phase: str) -> list[str]:
    """F-6 [decision]: each side rolls d6, highest first, ties roll again among themselves."""
    if len(sides) <= 1:
        return list(sides)
    out: list[str] = []
    groups = [list(sides)]
    guard = 0
    while groups:
        group = groups.pop(0)
        if len(group) == 1:
            out.append(group[0])
            continue
        guard += 1
        faces: dict[str, int] = {}
        rolls = []
        for s in group:
            r = ctx.dice.d(6, purpose=f"F-6 {phase} order", actor=s)
            faces[s] = int(r.total)
            rolls.append(r)
        ctx.emit("rolloff", "GM", "fantasy.rolloff",
                 {"phase": {"key": f"fantasy.phase.{phase}.name"},
                  "rolls": ", ".join(f"{ctx.sheets.called(s)} {faces[s]}" for s in group)},
                 data={"phase": phase, "rolls": faces}, rolls=tuple(rolls))
        ranked = rules.roll_off_order(faces)
        if guard > 50:  # pathological typed-in ties: keep the listed order
            ranked = [[s] for g in ranked for s in g]
        groups = ranked + groups
    return out


def start_melee(ctx: Context, first_round: bool = False) -> None:
    """F-6: melee begins (a new round unless it is the first): a d6 roll-off or the GM's first side."""
    board = ctx.state
    board.set_phase("melee")
    if not first_round:
        board.round += 1
    fighting = board.fighting_sides()
    first = ctx.sheets.options.first
    if first in fighting:
        order = [first, *roll_off(ctx, [s for s in fighting if s != first], "melee")]
    else:
        order = roll_off(ctx, fighting, "melee")
    board.order = tuple(order)
    board.turn = 0
    ctx.emit("phase", "GM", "fantasy.phase.melee", {"order": [ctx.sheets.called(s) for s in order]},
             data={"phase": "melee", "order": list(order)})
    begin_turn(ctx)


def next_turn(ctx: Context) -> None:
    """The turn passes to the next side (F-6)."""
    ctx.state.turn += 1
    if not _wrap_turn(ctx):
        begin_turn(ctx)


def _wrap_turn(ctx: Context) -> bool:
    """Past the last side (F-6): the ranged phase gives way to melee (True: melee has begun
    and taken the turn on), or a new round starts with the sides still fighting."""
    board = ctx.state
    if board.turn < len(board.order):
        return False
    if board.phase == "ranged":
        start_melee(ctx)
        return True
    board.round += 1
    fighting = board.fighting_sides()
    board.order = tuple(s for s in board.order if s in fighting)
    board.turn = 0
    return False


def begin_turn(ctx: Context) -> None:
    """A side's turn starts: its conditions tick; if nobody can act the turn passes on (F-6)."""
    board = ctx.state
    for _ in range(50 * len(ctx.sheets.sides)):
        if check_over(ctx):
            return
        side = board.order[board.turn]
        if side in board.fighting_sides():
            mark = board.version
            tick(ctx, side)
            if board.version != mark and check_over(ctx):
                return
            principals = board.principals(side)
            if principals:
                board.chosen = _choose(ctx, side, principals) if ctx.sheets.options.variant == 2 else None
                ctx.emit("turn", "GM", "fantasy.turn",
                         {"side": ctx.sheets.called(side), "round": board.round,
                          "phase": {"key": f"fantasy.phase.{board.phase}.name"}},
                         data={"side": side, "phase": board.phase, "chosen": board.chosen})
                return
            ctx.emit("turn", "GM", "fantasy.turn.none", {"side": ctx.sheets.called(side)},
                     data={"side": side, "phase": board.phase, "skipped": True})
        board.turn += 1
        if _wrap_turn(ctx):
            return
    finish(ctx, None, "stalemate")


def _choose(ctx: Context, side: str, principals: Sequence[str]) -> str | None:
    """F-6 Variant 2: the one striker: players in rotation, monsters picked by die."""
    board = ctx.state
    if ctx.sheets.options.variant != 2 or board.phase != "melee":
        return None
    if ctx.sheets.sides_by_name[side].has_players or len(principals) == 1:
        combatants = ctx.sheets.combatants
        return min(principals, key=lambda n: (board.combatants[n].acted, combatants[n].index))
    r = ctx.dice.d(len(principals), purpose="F-6 Variant 2 striker", actor=side)
    pick = principals[int(r.total) - 1]
    ctx.emit("target", "GM", "fantasy.chosen",
             {"side": ctx.sheets.called(side), "actor": pick, "roll": r.describe()},
             data={"chosen": pick}, rolls=(r,))
    return pick


def check_over(ctx: Context) -> bool:
    """Whether the fight is over; ends it when one side (or none) is left fighting."""
    board = ctx.state
    if board.over:
        return True
    fighting = board.fighting_sides()
    if len(fighting) > 1:
        return False
    winner = fighting[0] if fighting else None
    finish(ctx, winner, "last_side_standing" if winner else "no_side_standing")
    return True


def finish(ctx: Context, winner: str | None, reason: str) -> None:
    """The fight ends: F-7 levels reached in it are taken now; the outcome is recorded."""
    board = ctx.state
    board.over = True
    board.version += 1
    for n, c in ctx.sheets.combatants.items():
        cs = board.combatants[n]
        if c.kind == "player" and cs.pending and cs.status != DEAD:
            cs.level += cs.pending
            ctx.emit("level", n, "fantasy.level.applied", {"actor": n, "level": cs.level},
                     data={"level": cs.level, "gained": cs.pending})
            cs.pending = 0
    survivors = [n for n in ctx.sheets.combatants if board.combatants[n].status == ACTIVE]
    board.result = {"winner": winner, "reason": reason, "rounds": board.round, "survivors": survivors}
    if winner:
        ctx.emit("outcome", "GM", "fantasy.outcome.win",
                 {"side": ctx.sheets.called(winner), "round": board.round}, data=dict(board.result))
    else:
        ctx.emit("outcome", "GM", "fantasy.outcome.none", {"round": board.round}, data=dict(board.result))
