"""S-12: a ship leaving the station: its d4 head start, the GM's real-time window, and the
enemy order that closes the window as a pursuit."""

from __future__ import annotations

from ...events import GM
from .. import rules as R
from ..board import Departure
from ..context import Battle
from ..orders import Clock, Order, Pass
from .effects import escape

__all__ = ["depart", "clock", "note_order", "use_headstart"]


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
    """Any order but Pass from an enemy of the departing ship while the window is open is a
    pursuit ("launching"): the window closes and S-11 applies."""
    d = b.state.departure
    specs = b.sheet.ships
    if (d is not None and not d.closed and specs[actor].side != specs[d.ship].side
            and not isinstance(order, Pass)):
        d.pursued = True
        d.closed = True
        b.emit("departure", actor, "space.departure.pursued", {"ship": actor, "target": d.ship})


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
