"""SpaceBattle: rule set S on the Encounter core, one ship's turn per resolution.

The ship whose turn it is (S-4 order) ``submit``s its order and ``resolve_round()`` plays that one
turn (``push(ship, order)`` does both). The other ships may give theirs ahead (a forum round takes
every captain's order up front): an order given ahead is checked on the board as it stands, waits
for its ship's turn, and is checked again then; :func:`gmkit.rounds.play_round` plays the turns in
order and stops where one no longer fits. The start-of-turn checks of the next ship (a disabled
reactor's 50%, turns owed to the crew or life support) happen at the end of the same resolution, so
``awaiting()`` always names a ship that can act.

A shot whose aim (S-8: the whole ship or its systems) or, for a cloaked attacker, whose place
afterwards (S-10) the order left open pauses the turn once the hit is known: the board holds the
pending :class:`~.board.Decision`, :meth:`SpaceBattle.decision` says what is asked (to each side
what it may know), ``awaiting()`` still names the attacker, and its ``Choose`` order, submitted and
resolved as steps of their own, plays the rest of the shot. The autopilot answers it for GM ships.

Hidden information: a cloaked ship's cells and moves are in events visible to its own side only
(the GM sees all); ``board(side)`` leaves its cells out. Attacks, moves and flights aimed into a
cell that only a cloaked enemy holds are accepted (the player cannot know) and meet it at resolution.

The engine composes the parts: :mod:`.legal` says what may be ordered, the :mod:`.procedures`
play an order out, :mod:`.odds` gives the chances; the autopilot (:mod:`.policy`) is found through
the rule set's registry record, never imported here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..encounter import Encounter
from ..errors import IllegalOrder
from ..modes import cycle_collector_paused
from ..orders import Order
from . import legal
from .board import Board, ShipState, opening_board
from .context import hidden_from
from .odds import AttackOdds, attack_odds
from .offers import SpaceLegalOrders, generate
from .orders import (
    GM_ORDERS,
    SHIP_ORDERS,
    Attack,
    BreakFree,
    Choose,
    Cloak,
    Clock,
    DefaultChoice,
    Flee,
    Launch,
    Move,
    Pass,
    Pursue,
    RaiseShields,
    Release,
    Tractor,
)
from .procedures import chases, cloaking, departure, fire, movement, tractor, turns
from .rules import Cell, Cells
from .sheets import Sheet

__all__ = ["SpaceBattle"]

_PLAY: dict[type, Callable[[Any, str, ShipState, Any], None]] = {
    Move: movement.move, Attack: fire.attack, RaiseShields: fire.raise_shields,
    Cloak: cloaking.cloak, Flee: chases.flee, Pursue: chases.pursue, Launch: departure.launch,
    Tractor: tractor.hold,
    BreakFree: tractor.break_free, Release: tractor.let_go, Pass: turns.pass_turn,
}
"""The procedure that plays each ship order, found by the order's type."""


class SpaceBattle(Encounter):
    """A space battle around a station (rule set S)."""

    system = "space"
    order_types = SHIP_ORDERS + GM_ORDERS
    state: Board
    """The board: every ship as it stands, the turn, the departure window, the tractor locks."""
    sheet: Sheet
    """The static data: the map, each ship's sheet, the GM's options."""

    # --- setup --------------------------------------------------------------------------------

    def _setup(self) -> None:
        self.sheet = Sheet.from_scenario(self.scenario)
        self.state = opening_board(self.scenario)
        turns.settle_initiative(self)
        for name in self.sheet.departing:
            departure.depart(self, name)
        self.state.turn = -1
        turns.advance(self)

    @property
    def width(self) -> int:
        return self.sheet.width

    @property
    def height(self) -> int:
        return self.sheet.height

    @property
    def station(self) -> list[Cell]:
        """S-1: the station's cells."""
        return list(self.sheet.station)

    # --- who, when ----------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self.state.round

    def participants(self) -> list[str]:
        return list(self.sheet.ships)

    def side_of(self, actor: str) -> str | None:
        s = self.sheet.ships.get(actor)
        return s.side if s else None

    @property
    def current_ship(self) -> str | None:
        """S-4: the ship whose turn it is (None once the fight is over)."""
        st = self.state  # legal.on_turn, written out: read several times a resolution
        return None if st.turn < 0 else st.order[st.turn]

    def awaiting(self) -> list[str]:
        """S-4: the ship whose turn it is (its order, once submitted, waits for ``resolve_round``)."""
        cur = self.current_ship
        return [] if cur is None else [cur]

    def expected(self) -> list[str]:
        """S-4: every ship in play: the ship on turn, and the others, who give their orders
        ahead for their turns later in the round."""
        if self.current_ship is None:
            return []
        return [n for n, s in self.state.ships.items() if s.in_play]

    def _later(self) -> set[str]:
        """S-4: the orders given ahead by ships whose turn has not come yet."""
        st = self.state
        cur = None if st.turn < 0 else st.order[st.turn]  # current_ship: read twice a resolution
        later = set()
        for a in self._pending:  # mostly one order, the ship on turn's: a plain loop
            if a != cur and a != "GM":
                later.add(a)
        return later

    def default_order(self, actor: str) -> Order | None:
        """S-8/S-10: the GM's default for the choice ``actor``'s shot left open (the scenario's
        ``options.default_aim``; stay where it is), or None when it owes none."""
        d = self.state.decision
        if d is None or d.ship != actor:
            return None
        to = legal.choice_shifts(self, actor)[0] if d.shift else None
        return DefaultChoice(self.sheet.options.default_aim if d.aim else None, to)

    @property
    def is_over(self) -> bool:
        return turns.over(self)

    def outcome(self) -> dict[str, Any] | None:
        """Once over: the side left on the map wins (an escape leaves the field to the other side,
        reason ``escaped``); ``rounds``/``disarmed`` endings have no winner."""
        if not self.is_over:
            return None
        st = self.state
        specs = self.sheet.ships
        left = {specs[n].side for n, s in st.ships.items() if s.in_play}
        winner = next(iter(left)) if len(left) == 1 and st.ended is None else None
        if st.ended is not None:
            reason = st.ended
        elif not left:
            reason = "destroyed"
        else:
            losers = [s for n, s in st.ships.items() if specs[n].side not in left]
            reason = "escaped" if any(s.escaped for s in losers) else "destroyed"
        return {"winner": winner, "reason": reason, "rounds": st.round,
                "survivors": [n for n, s in st.ships.items() if not s.destroyed]}

    # --- what may be ordered ------------------------------------------------------------------

    def hidden_from(self, ship: str, side: str | None) -> bool:
        """S-1/S-10: whether a player of ``side`` cannot see ``ship`` (None: the GM sees all)."""
        return hidden_from(self, ship, side)

    def validate_order(self, actor: str, order: Order) -> None:
        legal.check(self, actor, order)

    def _legal(self, actor: str) -> Iterator[Order]:
        return generate(self, actor)

    def legal_orders(self, actor: str) -> SpaceLegalOrders:
        """What ``actor`` may order now: ``order in``, ``why_not(order)`` and iteration over the
        canonical set of :mod:`gmkit.space.offers` (one shortest path per reachable end of a
        flight or a chase). Empty when it is not its turn. Uses only what its side knows."""
        return SpaceLegalOrders(self, actor)

    def shift_cells(self, actor: str, target_cells: Cells) -> list[Cells]:
        """S-10: where the cloaked ``actor`` may be after firing at ``target_cells`` (stay first)."""
        return legal.shift_cells(self, actor, target_cells)

    def flee_allowance(self, actor: str) -> int:
        """S-11/S-12: the most cells a flight of ``actor`` may cover now (the dice decide the rest)."""
        return legal.flee_allowance(self, actor)

    def attack_odds(self, ship: str, order: Order) -> AttackOdds | None:
        """The exact odds of ``ship``'s ``Attack`` or ``Tractor`` order on the board as it stands
        (None for other orders and orders it could not give now); see :func:`.odds.attack_odds`."""
        return attack_odds(self, ship, order)

    # --- resolution ---------------------------------------------------------------------------

    def push(self, ship: str, order: Order) -> list[Any]:
        """Submit ``ship``'s order and play its turn at once. Returns the new events."""
        self.submit(ship, order)
        return self.resolve_round()

    def resolve_turn(self, *, autopilot: bool = False) -> list[Any]:
        """The same as :meth:`resolve_round`: S plays one ship's turn per resolution."""
        return self.resolve_round(autopilot=autopilot)

    def clock(self, minutes: float) -> list[Any]:
        """S-12: the GM reports the real minutes since the departure (journaled). At the window's
        end with no pursuit ordered the departing ship is gone. An order already submitted by the
        ship on turn is played in the same resolution, after the clock."""
        self.submit("GM", Clock(minutes))
        return self.resolve_round()

    def window_expired(self) -> list[Any]:
        """S-12: the GM says the real-time window has run out."""
        return self.clock(float(self.sheet.options.departure_window_minutes))

    def departure_window(self) -> dict[str, Any] | None:
        """S-12: what a GM timer shows: the departing ship, the window, and whether it is closed."""
        d = self.state.departure
        if d is None:
            return None
        return {"ship": d.ship, "window_minutes": self.sheet.options.departure_window_minutes,
                "minutes": d.minutes, "pursued": d.pursued, "closed": d.closed,
                "headstart": d.headstart}

    def _resolve(self, orders: list[tuple[str, Order]]) -> None:
        ship_orders = []
        gm = False
        for actor, order in orders:
            if actor == "GM":
                gm = True
                departure.clock(self, order)  # type: ignore[arg-type]  # checked: the GM's only order
            else:
                ship_orders.append((actor, order))
        st = self.state
        if not ship_orders and not gm:
            d = st.decision
            if d is not None:
                raise IllegalOrder("S-8" if d.aim else "S-10", key="space.refusal.engine.x.1", ship=d.ship,
                                   p=legal.asked(d))
            raise IllegalOrder("S-4", key="space.refusal.engine.s4.1", current_ship=self.current_ship)
        # every caller asked is_over before (resolve_round, run, a journal's replay): only the
        # GM's word, played just above, can have ended the fight since
        if (gm and self.is_over) or not st.ships[st.order[st.turn]].in_play:
            st.decision = None
            turns.advance(self)  # the GM's word ended the fight or took away the ship on turn
            return
        if not ship_orders:
            return
        actor, order = ship_orders[-1]
        ship = st.ships[actor]
        if isinstance(order, Choose):
            fire.choose(self, actor, ship, order)  # the rest of the shot the turn waited for
        else:
            ship.revealed_at = ship.revealed_for = None
            ship.revealed_cells = ()
            if not isinstance(order, (Flee, Pass)):
                ship.fleeing = False
            departure.note_order(self, actor, order)
            _PLAY[type(order)](self, actor, ship, order)
        if st.decision is None:
            if turns.engage(self):  # S-4: the fight begins; its next round goes by the d10s
                st.turn = len(st.order) - 1
            turns.advance(self)

    def run(self, max_rounds: int = 100) -> dict[str, Any] | None:
        """Play to the end with the autopilot; ``max_rounds`` counts full rounds here."""
        stop = self.round + max_rounds
        with cycle_collector_paused():
            while not turns.over(self) and self.state.round < stop:  # is_over, round
                self._resolve_round(True)  # not over: checked just above
        return self.outcome()

    # --- views --------------------------------------------------------------------------------

    def board(self, side: str | None = None) -> dict[str, Any]:
        """The board as plain JSON, as a player of ``side`` sees it (None: the GM's view)."""
        st = self.state
        sheet = self.sheet
        ships = []
        for name, s in st.ships.items():
            spec = sheet.ships[name]
            hidden = hidden_from(self, name, side)
            entry: dict[str, Any] = {
                "name": name, "side": spec.side, "class": spec.kind, "size": spec.size,
                "cells": [] if hidden or not s.in_play else [list(x) for x in s.cells],
                "orientation": None if hidden else s.orientation,
                "hull": s.hull, "max_hull": spec.hull, "shields": s.shields,
                "max_shields": spec.shields, "shields_up": s.shields_up,
                "damaged": [k for k, v in s.systems.items() if v == 1],
                "disabled": [k for k, v in s.systems.items() if v >= 2],
                "cloaked": s.cloaked, "hidden": hidden,
                "held_by": None if hidden else s.held_by, "holding": None if hidden else s.holding,
                "fleeing": s.fleeing, "escaped": s.escaped, "destroyed": s.destroyed,
                "skip_turns": s.skip_turns,
            }
            if s.revealed_at is not None:
                entry["revealed_at"] = list(s.revealed_at)
                entry["revealed_cells"] = [list(x) for x in s.revealed_cells]
            if side is None:
                entry["cargo"] = s.cargo
                entry["flee_locked_until"] = s.flee_locked_until
            ships.append(entry)
        out = super().board(side)
        out.update({"width": sheet.width, "height": sheet.height,
                    "station": [list(x) for x in sheet.station], "turn": self.current_ship,
                    "initiative": list(st.order), "location": sheet.location, "ships": ships})
        if self.scenario.get("side_names"):  # what the views call each side (public: names only)
            out["side_names"] = {s: self.side_name(s) for s in self.sides()}
        if st.departure is not None:
            out["departure"] = self.departure_window()
        decision = self.decision(side)
        if decision is not None:
            out["decision"] = decision
        return out

    def decision(self, side: str | None = None) -> dict[str, Any] | None:
        """S-8/S-10: the choice the turn waits for, as a player of ``side`` may know it (None: the
        GM), or None. ``asks`` names what is open ("aim": the whole ship or its systems; "shift":
        where a cloaked attacker cloaks again); the attacker's side and the GM also get the
        choices (``aims``, and ``shift_to``: the first cells it may go to, staying first), which
        no other side sees."""
        d = self.state.decision
        if d is None:
            return None
        out: dict[str, Any] = {"ship": d.ship, "target": d.target, "asks": list(d.asks())}
        if side is None or self.sheet.ships[d.ship].side == side:
            out["aims"] = ["hull", "systems"] if d.aim else []
            out["shift_to"] = [list(c) for c in legal.choice_shifts(self, d.ship)]
        return out

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["outcome"] = self.outcome()
        specs = self.sheet.ships
        out["participants"] = [
            {"name": n, "side": specs[n].side, "hull": s.hull, "max_hull": specs[n].hull,
             "shields": s.shields, "destroyed": s.destroyed, "escaped": s.escaped, "shots": s.shots,
             "hits": s.hits, "damage_dealt": s.damage_dealt,
             "disabled": [k for k, v in s.systems.items() if v >= 2]}
            for n, s in self.state.ships.items()]
        return out

    def _repr_svg_(self) -> str:
        """The grid map (GM view), so a notebook shows the board with no widget."""
        from .views import grid_svg

        return grid_svg(self.board())
