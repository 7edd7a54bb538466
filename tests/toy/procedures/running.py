"""R-1, R-2: a racer's run — roll the dice ordered, move, and win at the goal."""

from __future__ import annotations

from ..context import RaceContext
from ..orders import Run
from ..rules import reached


def run(race: RaceContext, actor: str, order: Run) -> None:
    r = race.dice.roll(f"{order.dice}d6", purpose="run", actor=actor)
    if r.total == 6 * order.dice and order.dice == 3:
        raise RuntimeError("boom")  # lets a test check all-or-nothing resolution
    race.state.pos[actor] += r.total
    race.emit("move", actor, "core.roll", {"actor": actor, "roll": r.describe()}, rolls=(r,),
              data={"pos": race.state.pos[actor]})
    if reached(race.state.pos[actor], race.sheets.goal) and race.state.winner is None:
        race.state.winner = actor
