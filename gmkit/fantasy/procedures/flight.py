"""F-9 an enemy's flight by morale, F-10 a player's escape on the hardest enemy's numbers.

The GM may rule instead of the roll (``Flee(gm_allows=...)``); a pet or mount leaves with its
fleeing owner or rider.
"""

from __future__ import annotations

from .. import rules
from ..board import FLED
from ..context import Context
from ..orders import Flee
from .harm import followers_leave

__all__ = ["flee"]


def flee(ctx: Context, actor: str, order: Flee) -> None:
    """Try to leave the fight: the GM's ruling, the morale d18 (F-9) or the escape d6 (F-10)."""
    c = ctx.sheets.combatants[actor]
    board = ctx.state
    if order.gm_allows is not None:
        ok = bool(order.gm_allows)
        ctx.emit("flee", actor, "fantasy.flee.gm",
                 {"actor": actor, "ok": {"key": "fantasy.flee.allowed" if ok else "fantasy.flee.refused"}},
                 data={"fled": ok, "rule": "F-9" if c.flees_by_morale else "F-10"})
    elif c.flees_by_morale:
        r = ctx.dice.d18(purpose=f"F-9 morale {c.morale}", actor=actor)
        ok = rules.morale_flees(int(r.total), c.morale)
        ctx.emit("flee", actor, "fantasy.flee.morale.ok" if ok else "fantasy.flee.morale.fail",
                 {"actor": actor, "roll": r.total, "morale": c.morale}, data={"fled": ok, "rule": "F-9"},
                 rolls=(r,))
    else:
        hard = board.hardest_escape(actor)
        if hard is None:
            ctx.emit("flee", actor, "fantasy.flee.gm_needed", {"actor": actor}, data={"fled": False})
            return
        enemy, numbers = hard
        r = ctx.dice.d(6, purpose=f"F-10 escape from {enemy}", actor=actor)
        ok = rules.escape_succeeds(int(r.total), numbers)
        ctx.emit("flee", actor, "fantasy.flee.escape.ok" if ok else "fantasy.flee.escape.fail",
                 {"actor": actor, "roll": r.total, "enemy": enemy,
                  "numbers": "-".join(str(n) for n in numbers) or "—"},
                 data={"fled": ok, "rule": "F-10", "enemy": enemy, "numbers": list(numbers)}, rolls=(r,))
    if ok:
        board.leave(actor, FLED)
        followers_leave(ctx, actor, FLED)
