"""D-4 Movement: a won forcing obeyed, the move made; a fast dive is dangerous (D-11), Speed 0
stalls into a fall (D-9), and a pursuer copies its target's move or loses the tail (D-12); one
movement per dragon per round (D-1)."""

from __future__ import annotations

from .. import rules as R
from ..context import DuelContext
from ..orders import Move
from .common import move_key, move_words, moving_words, position
from .falling import start_fall
from .manoeuvres import dangerous
from .tails import lose_tail

__all__ = ["obey_forcing", "do_move"]


def obey_forcing(duel: DuelContext, name: str, move: Move) -> Move:
    """The move ``name`` makes when a pursuer won a forcing on it this round (D-12)."""
    forced = duel.book.forced.pop(name, None)
    if forced is None:
        return move
    s = duel.state.dragons[name]
    axis, direction = forced
    new = R.forced_move(move, axis, direction, s.speed, duel.dragons[name].max_speed, s.shaken,
                        **duel.sheets.move_kw)
    duel.emit("forced_move", name, "dragons.force.obeys",
              {"name": name, "move": move_words(new),
               "want": {"key": f"dragons.word.{axis}_{direction}"}},
              data={"ordered": str(move), "made": str(new)})
    return new


def do_move(duel: DuelContext, name: str, move: Move, copied_from: str | None = None) -> None:
    """Apply a move; D-11 dangerous dive; D-9 stall at Speed 0; D-12 the pursuer copies."""
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    s0, h0 = s.speed, s.height
    s.speed, s.height = s0 + move.speed_change, h0 + move.height_change  # R.move_result
    if duel.mode.events:
        where = position(s0, h0, s.speed, s.height)
        data = {"kind": move.kind, "amount": move.amount, "from": [s0, h0],
                "to": [s.speed, s.height]}
        if copied_from is None:
            duel.emit("move", name, move_key(move),
                      {"name": name, "n": abs(move.amount), "where": where}, data=data)
        else:
            duel.emit("move", name, "dragons.move.follows",
                      {"name": name, "target": copied_from, "moving": moving_words(move),
                       "where": where}, data=data)
    if R.dangerous_dive(move, s.speed, spec.max_speed):
        dangerous(duel, name, "dragons.word.dive_fast", 0)
    if s.speed <= 0 and not s.falling and not s.out:
        s.speed = 0
        start_fall(duel, name, "dragons.fall.stall")
    duel.book.moved.add(name)
    p = s.tailed_by
    if p is not None and not s.falling and not s.out:
        _pursuer_follows(duel, p, name, move)


def _pursuer_follows(duel: DuelContext, p: str, name: str, move: Move) -> None:
    """D-1/D-12: the pursuer ``p`` copies ``name``'s move as its one movement of the round; one
    that has already made its movement, or has ordered a move of its own (breaking off, made
    at its turn), does not copy: whatever the order of turns, it flies one movement."""
    book = duel.book
    ps, s = duel.state.dragons[p], duel.state.dragons[name]
    if p in book.moved:
        if (ps.speed, ps.height) != (s.speed, s.height):
            lose_tail(duel, p, name, "dragons.tail.already_moved",
                      why="it has made its movement this round (D-1)")
        return
    if p not in book.acted and p in book.tailing_at_start:
        own = book.orders.get(p)
        if own is not None and own.move is not None:
            lose_tail(duel, p, name, "dragons.tail.breaks_off")
            return
    prob = R.copy_problem(move, ps.speed, duel.dragons[p].max_speed, ps.shaken, ps.falling)
    if prob:
        lose_tail(duel, p, name, "dragons.tail.cannot_copy", why=prob)
    else:
        do_move(duel, p, move, copied_from=name)
