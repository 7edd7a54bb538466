"""The start of a skirmish: F-1 life dice rolled and logged, then F-6's first phase.

The ranged phase comes first when any side has a ranged weapon or a spell (and the GM keeps it):
its sides act in d6 order, or with the GM's first side; otherwise melee begins at once.
"""

from __future__ import annotations

from ...events import ALL, GM
from ..board import CombatantState
from ..context import Context
from ..notation import LifeDice, plain_number
from .turns import begin_turn, roll_off, start_melee

__all__ = ["open_fight"]


def open_fight(ctx: Context) -> None:
    """Every combatant's hit points (life dice rolled, F-1), then the first turn (F-6)."""
    board = ctx.state
    for n, c in ctx.sheets.combatants.items():
        hp = c.hp
        if isinstance(hp, LifeDice):
            expr = hp.expr
            r = ctx.dice.roll(expr, purpose="F-1 life dice", actor=n)
            value: float = max(1, r.total)
            board.combatants[n] = CombatantState.fresh(c, value)
            ctx.emit("life", n, "fantasy.life", {"actor": n, "dice": expr, "hp": plain_number(value),
                                                  "roll": r.describe()},
                     data={"hp": plain_number(value)}, rolls=(r,),
                     visibility=GM if c.kind == "monster" else ALL)
        else:
            board.combatants[n] = CombatantState.fresh(c, float(hp))
    sheets = ctx.sheets
    shooters = [s.name for s in sheets.sides if any(sheets.combatants[m].is_shooter for m in s.members)]
    if not (sheets.options.ranged_phase and shooters):
        start_melee(ctx, first_round=True)
        return
    board.set_phase("ranged")
    first = sheets.options.ranged_first
    if first in shooters:
        order = [first, *roll_off(ctx, [s for s in shooters if s != first], "ranged")]
    else:
        order = roll_off(ctx, shooters, "ranged")
    board.order = tuple(order)
    ctx.emit("phase", "GM", "fantasy.phase.ranged", {"order": [sheets.called(s) for s in order]},
             data={"phase": "ranged", "order": list(order)})
    begin_turn(ctx)
