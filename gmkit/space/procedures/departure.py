"""S-12: a ship leaving the station: its d4 head start, the GM's real-time window, and what closes
the window: a pursuit ordered or the «вылетаю» ("launching") declaration of an enemy."""

from __future__ import annotations

from ...events import GM
from .. import rules as R
from ..board import Departure, ShipState
from ..context import Battle
from ..orders import Attack, Clock, Launch, Order, Pursue, Tractor
from .effects import escape

__all__ = ["depart", "clock", "note_order", "launch", "use_headstart"]


def depart(b: Battle, name: str) -> None:
    """A ship leaving the station: a d4 head start (a 1 counts as 2), and the window opens."""
    r = b.dice.d(4, purpose="head start", actor=name)
    cells = R.headstart(int(r.total))
    b.state.ships[name].fleeing = True
    b.state.departure = Departure(name, cells)
    b.emit("departure", name, "space.departure.start",
           {"ship": name, "cells": cells, "minutes": b.sheet.options.departure_window_minutes},
           data={"headstart": cells}, rolls=(r,))


def clock(b: Battle, order: Clock) -> None:
    """The GM's word on the real minutes since the departure: at the window's end with no
    pursuit ordered the departing ship is gone."""
    d = b.state.departure
    assert d is not None
    d.minutes = order.minutes
    name = d.ship
    window = b.sheet.options.departure_window_minutes
    if d.closed:
        b.emit("clock", "GM", "space.departure.closed", {"ship": name, "minutes": order.minutes},
               visibility=GM)
    elif order.minutes >= window:
        d.closed = True
        if b.state.ships[name].in_play:
            escape(b, name, "space.departure.gone", {"ship": name, "minutes": window})
    else:
        b.emit("clock", "GM", "space.departure.clock", {"ship": name, "minutes": order.minutes,
                                                       "window": window}, visibility=GM)


def note_order(b: Battle, actor: str, order: Order) -> None:
    """While the window is open, an enemy's pursuit of the departing ship closes it and S-11
    applies: a Pursue order after it, or a shot or a tractor beam at it (the enemy is already
    after it). Nothing else counts: shields, cloaking, moves, shots at other ships (S-12).
    The «вылетаю» declaration closes it too (:func:`launch`)."""
    d = b.state.departure
    if d is None or d.closed or b.sheet.ships[actor].side == b.sheet.ships[d.ship].side:
        return
    if isinstance(order, Pursue):
        target = order.target
        if target is None:  # the one fleeing enemy (the check made sure there is one)
            side = b.sheet.ships[actor].side
            target = next((n for n, s in b.state.ships.items()
                           if s.in_play and s.fleeing and b.sheet.ships[n].side != side), None)
        chasing = target == d.ship
    else:
        chasing = isinstance(order, (Attack, Tractor)) and order.target == d.ship
    if chasing:
        _close(b, actor, "space.departure.pursued")


def launch(b: Battle, actor: str, ship: ShipState, order: Launch) -> None:
    """The «вылетаю» declaration: the window closes, the chase runs by S-11 (takes the turn)."""
    _close(b, actor, "space.departure.launch")


def _close(b: Battle, actor: str, key: str) -> None:
    d = b.state.departure
    assert d is not None
    d.pursued = True
    d.closed = True
    b.emit("departure", actor, key, {"ship": actor, "target": d.ship})


def use_headstart(b: Battle, actor: str) -> int | None:
    """The departing ship's first flight flies its head start (no dice); None for any other."""
    d = b.state.departure
    if d is None or d.ship != actor or d.used:
        return None
    d.used = True
    allowance = int(d.headstart)
    b.emit("flee", actor, "space.flee.headstart", {"ship": actor, "cells": allowance},
           data={"allowance": allowance})
    return allowance
