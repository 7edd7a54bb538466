"""The board of a space battle: plain mutable records the engine owns (undo rebuilds them by
replay).

Every mutable thing lives here, so ``Board.copy()`` is the whole board and ``==`` compares two
boards. The static data (the map, the ships' sheets, the options) is in :mod:`.sheets` and never
changes.

Each ``copy()`` rebuilds its record from all its fields (read by one reader made from the
dataclass's own field list, so a field added later is copied too) and then copies the fields that
are themselves mutable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from .rules import Cell, Cells, ship_cells

__all__ = ["ShipState", "Departure", "Decision", "Board", "opening_board"]


@dataclass(slots=True)
class ShipState:
    """One ship as it stands now."""

    cells: Cells
    orientation: str
    hull: int
    shields: int
    """S-6: shield points left."""
    shields_up: bool
    systems: dict[str, int] = field(default_factory=dict)
    """S-8: hits taken per system (1 damaged, 2 or more disabled)."""
    skip_turns: int = 0
    """S-8 (5, 9): turns the ship still owes (evacuating the crew, repairing life support)."""
    cloaked: bool = False
    revealed_at: Cell | None = None
    """S-10: the cell it was last seen firing from (public), until its next turn."""
    revealed_for: str | None = None
    """S-10: the ship it fired at then: its shift must keep touching that ship."""
    revealed_cells: Cells = ()
    """S-10: all its cells as seen firing then (a ship of several cells shows every one), public
    until its next turn."""
    held_by: str | None = None
    """S-13: the ship whose tractor beam holds it."""
    holding: str | None = None
    """S-13: the ship its own tractor beam holds."""
    fleeing: bool = False
    """S-11/S-12: on its way out of the fight."""
    flee_locked_until: int = 0
    """S-11: no new escape before this round."""
    escaped: bool = False
    destroyed: bool = False
    cargo: str | None = None
    """S-8 (10): the cargo still aboard."""
    shots: int = 0
    hits: int = 0
    damage_dealt: int = 0

    def copy(self) -> ShipState:
        new = ShipState(*_SHIP_FIELDS(self))
        new.systems = dict(self.systems)
        return new

    @property
    def in_play(self) -> bool:
        """Still on the map: neither destroyed nor escaped."""
        return not (self.destroyed or self.escaped)

    def disabled(self, system: str) -> bool:
        """S-8: hit a second time."""
        return self.systems.get(system, 0) >= 2


@dataclass(slots=True)
class Departure:
    """S-12: the ship leaving the station, its head start and the GM's real-time window."""

    ship: str
    headstart: int
    """Cells of the head start (a d4, a 1 counting as 2)."""
    used: bool = False
    """The head start has been flown (the ship's first flight)."""
    pursued: bool = False
    """An enemy gave an order before the window closed."""
    minutes: float = 0
    """Real minutes since the departure, as the GM last said."""
    closed: bool = False
    """The window is over: pursued, or the ship is gone."""

    def copy(self) -> Departure:
        return Departure(*_DEPARTURE_FIELDS(self))


@dataclass(frozen=True, slots=True)
class Decision:
    """S-8/S-10: what the attacker still chooses once its shot is known; its turn waits for it.

    Frozen: a new choice is a new record, so a board's copy may share it.
    """

    ship: str
    """The attacker (the ship on turn)."""
    target: str
    aimed: Cells
    """The cells it fired at (the target's, or the cell it named, S-10): a shift keeps them in
    range."""
    range: int
    """S-3: 1 touching, 2 across one cell (the damage is halved)."""
    aim: bool
    """S-8: the shot hit and "hull" or "systems" is still to choose."""
    shift: bool
    """S-10: the cloaked attacker's place before it cloaks again is still to choose."""
    then: Cell | None = None
    """S-10: its place, when its order gave it and only the aim is still open."""

    def asks(self) -> tuple[str, ...]:
        """What is still to choose: ``("aim",)``, ``("shift",)`` or both."""
        if self.aim:
            return ("aim", "shift") if self.shift else ("aim",)
        return ("shift",) if self.shift else ()


@dataclass(slots=True)
class Board:
    """The whole board."""

    round: int
    """Full rounds: 1 until every ship has had its first turn."""
    turn: int
    """Index into ``order`` of the ship whose turn it is (-1 once the fight is over)."""
    order: list[str]
    """S-4: the initiative order, lowest first (before the roll: the approach order)."""
    ships: dict[str, ShipState]
    departure: Departure | None = None
    """S-12: the departing ship and its window (None when no ship left the station)."""
    locks: dict[tuple[str, str], int] = field(default_factory=dict)
    """S-13: a pair of ships (names sorted) -> the round from which they may hold each other again."""
    ended: str | None = None
    """Why the GM's limits ended the fight (``rounds``, ``disarmed``), else None."""
    engaged: bool = False
    """S-4: the initiative is settled (given by the GM, or rolled once ships came within range)."""
    decision: Decision | None = None
    """S-8/S-10: the choice the ship on turn still owes once its shot is known (None: none)."""

    def copy(self) -> Board:
        new = Board(*_BOARD_FIELDS(self))
        new.order = list(self.order)
        new.ships = {n: s.copy() for n, s in self.ships.items()}
        new.departure = None if self.departure is None else self.departure.copy()
        new.locks = dict(self.locks)
        return new


def _reader(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving a record's fields in order, made from the dataclass's own field list (a
    field added later is read too). Plain attribute reads, as dataclasses write their own methods:
    several times cheaper than an ``attrgetter`` over slots, and a side's view copies every ship it
    sees otherwise than truly (cloaked, carrying cargo) each time the autopilot asks."""
    body = "".join(f"r.{f.name}, " for f in fields(cls))
    return eval(f"lambda r: ({body})")  # our own field names


_SHIP_FIELDS = _reader(ShipState)
_DEPARTURE_FIELDS = _reader(Departure)
_BOARD_FIELDS = _reader(Board)


def opening_board(scenario: Mapping[str, Any]) -> Board:
    """The board at the start, before initiative: every ship where the scenario puts it (S-2), its
    shields up or down (S-6) and the systems it starts with damaged or disabled (S-8)."""
    default_up = scenario["location"] == "space"
    ships: dict[str, ShipState] = {}
    for s in scenario["ships"]:
        up = s["shields_up"] if s["shields_up"] is not None else default_up
        cells = ship_cells((s["cell"][0], s["cell"][1]), s["size"], s["orientation"])
        systems = {k: 1 for k in s["damaged"]}
        systems.update({k: 2 for k in s["disabled"]})
        if "shields" in s["disabled"]:
            up = False
        ships[s["name"]] = ShipState(cells, s["orientation"], s["hull"], s["shields"],
                                     bool(up and s["shields"] > 0), systems, cloaked=s["cloaked"],
                                     cargo=None if "cargo" in s["disabled"] else s["cargo"])
    return Board(1, 0, [], ships)
