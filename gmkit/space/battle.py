"""SpaceBattle: rule set S on the Encounter core, one ship's turn per resolution.

The ship whose turn it is (S-4 order) ``submit``s its order and ``resolve_round()`` plays that one
turn (``push(ship, order)`` does both). The start-of-turn checks of the next ship (a disabled
reactor's 50%, turns owed to the crew or life support) happen at the end of the same resolution, so
``awaiting()`` always names a ship that can act.

Hidden information: a cloaked ship's cells and moves are in events visible to its own side only
(the GM sees all); ``board(side)`` leaves its cells out. Attacks, moves and flights aimed into a
cell that only a cloaked enemy holds are accepted (the player cannot know) and meet it at resolution.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from ..encounter import Encounter
from ..errors import DiceError, IllegalOrder
from ..events import ALL, GM, sides_only
from ..odds import Odds
from .odds import d10_ge, space_attack, space_hit
from ..orders import Order
from . import rules as R
from .orders import (GM_ORDERS, SHIP_ORDERS, Attack, BreakFree, Clock, Cloak, Flee, Move, Pass,
                     Pursue, RaiseShields, Release, Tractor)
from .rules import Cell, Cells
from .state import ShipState, SpaceState

__all__ = ["SpaceBattle", "AttackOdds", "c"]

MAX_FLEE = 8
"""S-11: the most cells 2d4 can give."""
MAX_PURSUE = 4
"""S-11: the most cells a pursuer's d4 can give."""


def c(cell: Cell | None) -> str:
    """A cell as message text: ``(3, 4)``."""
    return "-" if cell is None else f"({cell[0]}, {cell[1]})"


def _cells(cells: Cells) -> str:
    return " ".join(c(x) for x in cells)


def _sys(name: str) -> dict[str, str]:
    return {"key": f"space.system.{name}"}


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of one Attack or Tractor order, from the engine's own numbers.

    ``odds`` holds ``miss`` and then each damage value dealt (a hull shot, S-8, before the shields
    take their share, S-6) or ``hit`` (a systems shot, a tractor beam: a hit holds, S-13).
    ``conditional`` (S-10): the target is cloaked from the attacker's side, so ``chance`` holds only
    if the named cell is the right one; nothing here depends on where the hidden ship really is.
    """

    odds: Odds
    chance: Fraction
    """Hit (or hold) chance."""
    defence: int
    """S-7: the number the d10 must reach (the shields' own while up and holding points)."""
    range: int
    """S-3: 1 touching, 2 across one cell."""
    halvings: int
    """S-3, S-8, S-13: how many times the damage is halved."""
    conditional: bool = False
    note: str | None = None
    mean_damage: Fraction | None = None
    """The average damage dealt given a hit (hull shots only)."""

    def __float__(self) -> float:
        return float(self.chance)

    def to_json(self) -> dict[str, Any]:
        return {"chance": str(self.chance), "chance_float": float(self.chance), "defence": self.defence,
                "range": self.range, "halvings": self.halvings, "conditional": self.conditional,
                "note": self.note, "mean_damage": None if self.mean_damage is None else str(self.mean_damage),
                "odds": self.odds.to_json()}


CONDITIONAL_NOTE = "S-10: only if the named cell is the cloaked ship's"


class _Spec:
    """A ship's fixed data from the scenario."""

    __slots__ = ("name", "side", "kind", "size", "hull", "defence", "shields", "shield_defence",
                 "damage", "cloak", "tractor")

    def __init__(self, d: Mapping[str, Any]):
        self.name: str = d["name"]
        self.side: str = d["side"]
        self.kind: str = d["kind"]
        self.size: int = d["size"]
        self.hull: int = d["hull"]
        self.defence: int = d["defence"]
        self.shields: int = d["shields"]
        sd = d.get("shield_defence")
        self.shield_defence: int = self.defence if sd is None else sd
        self.damage: str | list[int] = d["damage"]
        self.cloak: bool = d["cloak"]
        self.tractor: bool = d["tractor"]


class SpaceBattle(Encounter):
    """A space battle around a station (rule set S)."""

    system = "space"
    order_types = SHIP_ORDERS + GM_ORDERS
    state: SpaceState

    # --- setup --------------------------------------------------------------------------------

    def _setup(self) -> None:
        sc = self.scenario
        g = sc["grid"]
        self.width: int = g["width"]
        self.height: int = g["height"]
        self.station: list[Cell] = [(x, y) for x, y in g["station"]]
        self._station_occ: dict[Cell, str] = {cell: "station" for cell in self.station}
        self.options: dict[str, Any] = dict(sc["options"])
        self.specs: dict[str, _Spec] = {s["name"]: _Spec(s) for s in sc["ships"]}
        default_up = sc["location"] == "space"
        ships: dict[str, ShipState] = {}
        for s in sc["ships"]:
            up = s["shields_up"] if s["shields_up"] is not None else default_up
            cells = R.ship_cells((s["cell"][0], s["cell"][1]), s["size"], s["orientation"])
            systems = {k: 1 for k in s["damaged"]}
            systems.update({k: 2 for k in s["disabled"]})
            if "shields" in s["disabled"]:
                up = False
            ships[s["name"]] = ShipState(cells, s["orientation"], s["hull"], s["shields"],
                                         bool(up and s["shields"] > 0), systems, cloaked=s["cloaked"],
                                         cargo=None if "cargo" in s["disabled"] else s["cargo"])
        self.state = SpaceState(1, 0, [], ships)
        self._checked: tuple[Any, ...] | None = None
        self._roll_initiative()
        for s in sc["ships"]:
            if s["departing"]:
                self._depart(s["name"])
        self.state.turn = -1
        self._advance()

    def _roll_initiative(self) -> None:
        """S-4: the GM's order when obvious; else cloaked (and departing) ships first, then d10s."""
        sc = self.scenario
        if sc["initiative"] is not None:
            self.state.order = list(sc["initiative"])
            self.emit("initiative", "GM", "space.initiative.given",
                      {"order": ", ".join(self.state.order)}, data={"order": list(self.state.order)})
            return
        first = [s["name"] for s in sc["ships"] if s["departing"]]
        first += [s["name"] for s in sc["ships"] if s["cloaked"] and s["name"] not in first]
        rolls: dict[str, list[int]] = {}
        all_rolls = []
        for s in sc["ships"]:
            if s["name"] in first:
                continue
            r = self.dice.d(10, purpose="initiative", actor=s["name"])
            rolls[s["name"]] = [int(r.total)]
            all_rolls.append(r)
        ties = R.initiative_ties(rolls)
        while ties:
            for group in ties:
                for n in group:
                    r = self.dice.d(10, purpose="initiative reroll", actor=n)
                    rolls[n].append(int(r.total))
                    all_rolls.append(r)
            ties = R.initiative_ties(rolls)
        self.state.order = R.rank_initiative(first, rolls)
        self.emit("initiative", "GM", "space.initiative.rolled",
                  {"order": ", ".join(self.state.order),
                   "rolls": ", ".join(f"{n} {'/'.join(map(str, f))}" for n, f in rolls.items()),
                   "first": ", ".join(first) or "-"},
                  data={"order": list(self.state.order), "rolls": rolls, "first": first},
                  rolls=tuple(all_rolls))

    def _depart(self, name: str) -> None:
        """S-12: a ship leaving the station: a d4 head start (a 1 counts as 2), and the window opens."""
        r = self.dice.d(4, purpose="head start", actor=name)
        cells = R.headstart(int(r.total))
        self.state.ships[name].fleeing = True
        self.state.departure = {"ship": name, "headstart": cells, "used": False, "pursued": False,
                                "minutes": 0, "closed": False}
        self.emit("departure", name, "space.departure.start",
                  {"ship": name, "cells": cells, "minutes": self.options["departure_window_minutes"]},
                  data={"headstart": cells}, rolls=(r,))

    # --- who, when ----------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self.state.round

    def participants(self) -> list[str]:
        return list(self.specs)

    def side_of(self, actor: str) -> str | None:
        s = self.specs.get(actor)
        return s.side if s else None

    @property
    def current_ship(self) -> str | None:
        """S-4: the ship whose turn it is (None once the fight is over)."""
        st = self.state
        return None if st.turn < 0 else st.order[st.turn]  # _advance sets -1 once it is over

    def awaiting(self) -> list[str]:
        """S-4: the ship whose turn it is (its order, once submitted, waits for ``resolve_round``)."""
        cur = self.current_ship
        return [] if cur is None else [cur]

    def _sides_in_play(self) -> set[str]:
        return {self.specs[n].side for n, s in self.state.ships.items() if s.in_play}

    @property
    def is_over(self) -> bool:
        st = self.state
        if st.ended is not None:
            return True
        first = None
        specs = self.specs
        for n, s in st.ships.items():
            if not (s.destroyed or s.escaped):
                side = specs[n].side
                if first is None:
                    first = side
                elif side != first:
                    return False
        return True

    def outcome(self) -> dict[str, Any] | None:
        """Once over: the side left on the map wins (an escape leaves the field to the other side,
        reason ``escaped``); ``rounds``/``disarmed`` endings have no winner."""
        if not self.is_over:
            return None
        st = self.state
        left = self._sides_in_play()
        winner = next(iter(left)) if len(left) == 1 and st.ended is None else None
        if st.ended is not None:
            reason = st.ended
        elif not left:
            reason = "destroyed"
        else:
            losers = [s for n, s in st.ships.items() if self.specs[n].side not in left]
            reason = "escaped" if any(s.escaped for s in losers) else "destroyed"
        return {"winner": winner, "reason": reason, "rounds": st.round,
                "survivors": [n for n, s in st.ships.items() if not s.destroyed]}

    def _advance(self) -> None:
        """Pass the turn on (S-4), running the next ship's start-of-turn checks (S-8)."""
        st = self.state
        n = len(st.order)
        while True:
            if self.is_over:
                st.turn = -1
                return
            st.turn, new_round = R.next_turn(st.turn, n)
            if new_round:
                st.round += 1
                mx = self.options["max_rounds"]
                if mx and st.round > mx:
                    st.round = mx
                    st.ended = "rounds"
                    self.emit("over", "GM", "space.over.rounds", {"rounds": mx})
                    st.turn = -1
                    return
            name = st.order[st.turn]
            ship = st.ships[name]
            if not ship.in_play:
                continue
            if ship.disabled("reactor"):
                r = self.dice.d(2, purpose="reactor", actor=name)
                if R.reactor_explodes(int(r.total)):
                    self.emit("reactor", name, "space.reactor.explodes", {"ship": name}, rolls=(r,))
                    self._destroy(name)
                    continue
                self.emit("reactor", name, "space.reactor.holds", {"ship": name}, rolls=(r,))
            if ship.skip_turns > 0:
                ship.skip_turns -= 1
                self.emit("skip", name, "space.turn.skipped", {"ship": name, "left": ship.skip_turns},
                          data={"left": ship.skip_turns})
                continue
            if not any(self.state.ships[m].in_play and not self.state.ships[m].disabled("weapons")
                       for m in st.order):
                st.ended = "disarmed"
                self.emit("over", "GM", "space.over.disarmed", {})
                st.turn = -1
                return
            return

    # --- knowledge ----------------------------------------------------------------------------

    def hidden_from(self, ship: str, side: str | None) -> bool:
        """S-1/S-10: whether a player of ``side`` cannot see ``ship`` (None: the GM sees all)."""
        return R.hidden(self.state.ships[ship].cloaked, self.specs[ship].side, side)

    def _occupied(self, side: str | None = None, skip: str | None = None) -> dict[Cell, str]:
        """Cells taken by the station and by ships in play, as ``side`` knows them (None: truly)."""
        occ: dict[Cell, str] = dict(self._station_occ)
        specs = self.specs
        for n, s in self.state.ships.items():
            if n == skip or s.destroyed or s.escaped:
                continue
            if side is not None and s.cloaked and specs[n].side != side:
                continue
            for cell in s.cells:
                occ[cell] = n
        return occ

    def _vis(self, name: str) -> str:
        """Visibility of events that show ``name``'s cells: its own side only while cloaked."""
        return sides_only(self.specs[name].side) if self.state.ships[name].cloaked else ALL

    # --- validation ---------------------------------------------------------------------------

    def validate_order(self, actor: str, order: Order) -> None:
        if actor == "GM":
            if not isinstance(order, GM_ORDERS):
                raise IllegalOrder("S-4", f"the GM gives only {', '.join(t.__name__ for t in GM_ORDERS)}; "
                                          f"{type(order).__name__} is a ship's order")
            self._check_clock(order)
            return
        if actor not in self.specs:
            raise IllegalOrder("S-1", f"no ship named {actor!r}; ships: {', '.join(self.specs)}")
        if isinstance(order, GM_ORDERS):
            raise IllegalOrder("S-12", f"{type(order).__name__} is the GM's order (actor 'GM'), "
                                       f"not {actor}'s")
        cur = self.current_ship
        if cur != actor:
            raise IllegalOrder("S-4", f"it is {cur}'s turn, not {actor}'s" if cur else "the fight is over")
        seen = self._checked
        if seen is not None and seen[0] is self.state and seen[1] == self.resolutions \
                and seen[2] == actor and seen[3] == order:
            return  # the autopilot just checked this very order on this very board
        ship = self.state.ships[actor]
        getattr(self, _CHECK.get(type(order)) or f"_check_{type(order).__name__.lower()}")(
            actor, ship, order)

    def _checked_ok(self, actor: str, order: Order) -> None:
        """Remember that ``order`` passed validation on the board as it stands (the board object
        itself is kept, so a restored or rebuilt board never matches)."""
        self._checked = (self.state, self.resolutions, actor, order)

    def _step(self, actor: str, ship: ShipState, cells: Cells, to: Any, rule_ctx: str,
              allow_off: bool = False) -> Cells:
        """S-2: the cells after one step of ``ship`` from ``cells`` to first cell ``to``."""
        if not (isinstance(to, tuple) and len(to) == 2 and all(type(v) is int for v in to)):
            raise IllegalOrder("S-2", f"{rule_ctx}: {to!r} is not a cell (x, y)")
        delta = (to[0] - cells[0][0], to[1] - cells[0][1])
        why = R.step_error(self.specs[actor].kind, delta)
        if why:
            raise IllegalOrder("S-2", f"{rule_ctx}: {actor} ({self.specs[actor].kind}) from {c(cells[0])} "
                                      f"to {c(to)}: {why}")
        new = R.shifted(cells, delta)
        if not R.on_map(new, self.width, self.height) and not allow_off:
            raise IllegalOrder("S-2", f"{rule_ctx}: {actor} to {_cells(new)} leaves the "
                                      f"{self.width}x{self.height} map; only a flight (S-11) may")
        return new

    def _check_free(self, actor: str, old: Cells, new: Cells, ctx: str) -> None:
        occ = self._occupied(self.specs[actor].side, skip=actor)
        hit = R.blocked_by([x for x in new if x not in old], occ)
        if hit:
            raise IllegalOrder("S-2", f"{ctx}: cell {c(hit[0])} is taken by {hit[1]}; no two ships "
                                      f"share a cell")

    def _check_engines(self, actor: str, ship: ShipState, what: str) -> None:
        if ship.disabled("engines"):
            raise IllegalOrder("S-8", f"{actor}'s engines are disabled: it cannot {what}")
        if ship.held_by is not None:
            raise IllegalOrder("S-13", f"{actor} is held by {ship.held_by}'s tractor beam: it cannot "
                                       f"{what} (break free first)")

    def _check_move(self, actor: str, ship: ShipState, order: Move) -> None:
        self._check_engines(actor, ship, "move")
        new = self._step(actor, ship, ship.cells, order.to, "move")
        self._check_free(actor, ship.cells, new, f"move to {_cells(new)}")

    def _target(self, actor: str, target: Any, rule: str) -> ShipState:
        if target not in self.specs:
            raise IllegalOrder(rule, f"no ship named {target!r}")
        if target == actor:
            raise IllegalOrder(rule, f"{actor} cannot target itself")
        t = self.state.ships[target]
        if not t.in_play:
            raise IllegalOrder(rule, f"{target} is {'destroyed' if t.destroyed else 'gone'}")
        return t

    def _aim_cells(self, actor: str, ship: ShipState, target: str, cell: Any, rule: str) -> Cells:
        """The cells ``actor`` fires at: the target's, or the named cell of a cloaked one (S-10)."""
        if self.hidden_from(target, self.specs[actor].side):
            if cell is None:
                raise IllegalOrder("S-10", f"{target} is cloaked: name the cell you fire at (cell=(x, y))")
            if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
                raise IllegalOrder("S-10", f"{cell!r} is not a cell (x, y)")
            if not R.on_map([cell], self.width, self.height):
                raise IllegalOrder("S-10", f"cell {c(cell)} is off the {self.width}x{self.height} map")
            return (cell,)
        return self.state.ships[target].cells

    def _check_attack(self, actor: str, ship: ShipState, order: Attack) -> None:
        if ship.disabled("weapons"):
            raise IllegalOrder("S-8", f"{actor}'s weapons are disabled: it cannot attack")
        self._target(actor, order.target, "S-7")
        if order.aim not in ("hull", "systems"):
            raise IllegalOrder("S-8", f"aim at 'hull' or 'systems', not {order.aim!r}")
        aimed = self._aim_cells(actor, ship, order.target, order.cell, "S-7")
        if not R.fire_range(ship.cells, aimed):
            raise IllegalOrder("S-3", f"{order.target} at {_cells(aimed)} is out of {actor}'s fire "
                                      f"from {_cells(ship.cells)}: fire needs touching cells or one "
                                      f"cell between in a straight line (never diagonally across)")
        if order.then is not None:
            if not ship.cloaked:
                raise IllegalOrder("S-10", f"only a cloaked ship moves after firing; {actor} is not cloaked")
            self._check_engines(actor, ship, "move after firing")
            then, first = order.then, ship.cells[0]
            ok = (isinstance(then, tuple) and len(then) == 2 and all(type(v) is int for v in then)
                  and R.cloak_shift_ok(ship.cells, (then[0] - first[0], then[1] - first[1]), aimed,
                                       self._occupied(self.specs[actor].side, skip=actor),
                                       self.width, self.height,
                                       self.options["cloak_shift_keeps_fire_range"]))
            if not ok:
                options = self.shift_cells(actor, aimed)
                raise IllegalOrder("S-10", f"after firing {actor} may stay at {c(ship.cells[0])} or move "
                                           f"one cell sideways or up/down still touching its target: "
                                           f"{', '.join(c(o[0]) for o in options)}; not {c(order.then)}")

    def shift_cells(self, actor: str, target_cells: Cells) -> list[Cells]:
        """S-10: where the cloaked ``actor`` may be after firing at ``target_cells`` (stay first)."""
        ship = self.state.ships[actor]
        occ = self._occupied(self.specs[actor].side, skip=actor)
        return R.cloak_shift_cells(ship.cells, target_cells, occ, self.width, self.height,
                                   self.options["cloak_shift_keeps_fire_range"])

    def _check_raiseshields(self, actor: str, ship: ShipState, order: RaiseShields) -> None:
        if ship.disabled("shields"):
            raise IllegalOrder("S-8", f"{actor}'s shields are disabled")
        if ship.shields_up:
            raise IllegalOrder("S-6", f"{actor}'s shields are already up")
        if ship.shields <= 0:
            raise IllegalOrder("S-6", f"{actor} has no shield points left to raise")

    def _check_cloak(self, actor: str, ship: ShipState, order: Cloak) -> None:
        if order.on is not True:
            if order.on is not False:
                raise IllegalOrder("S-10", f"Cloak(on=...) takes True or False, not {order.on!r}")
            if not ship.cloaked:
                raise IllegalOrder("S-10", f"{actor} is not cloaked")
            return
        if not self.specs[actor].cloak:
            raise IllegalOrder("S-10", f"{actor} has no cloaking device")
        if ship.disabled("cloak"):
            raise IllegalOrder("S-8", f"{actor}'s cloaking device is disabled")
        if ship.cloaked:
            raise IllegalOrder("S-10", f"{actor} is already cloaked")
        if ship.held_by or ship.holding:
            raise IllegalOrder("S-13", f"{actor} cannot cloak while a tractor beam links it to "
                                       f"{ship.held_by or ship.holding} [decision]")

    def flee_allowance(self, actor: str) -> int:
        """S-11/S-12: the most cells a flight of ``actor`` may cover now (the dice decide the rest)."""
        d = self.state.departure
        if d is not None and d["ship"] == actor and not d["used"]:
            return int(d["headstart"])
        return MAX_FLEE

    def _walk(self, actor: str, ship: ShipState, path: Any, limit: int, ctx: str, allow_off: bool) -> None:
        if not isinstance(path, tuple) or not path:
            raise IllegalOrder("S-11", f"{ctx}: give the path as cells, one step each")
        if len(path) > limit:
            raise IllegalOrder("S-11", f"{ctx}: {len(path)} steps, at most {limit} may be rolled")
        cells = ship.cells
        for i, to in enumerate(path):
            new = self._step(actor, ship, cells, to, f"{ctx}, step {i + 1}", allow_off)
            if not R.on_map(new, self.width, self.height):
                if i != len(path) - 1:
                    raise IllegalOrder("S-11", f"{ctx}: step {i + 1} to {c(to)} leaves the map, so it "
                                               f"must be the last")
                return
            self._check_free(actor, cells, new, f"{ctx}, step {i + 1}")
            cells = new

    def _check_flee(self, actor: str, ship: ShipState, order: Flee) -> None:
        self._check_engines(actor, ship, "flee")
        if R.flee_locked(self.round, ship.flee_locked_until):
            raise IllegalOrder("S-11", f"{actor}'s escape failed: no new escape before round "
                                       f"{ship.flee_locked_until} (now round {self.round})")
        self._walk(actor, ship, order.path, self.flee_allowance(actor), "flight", True)

    def _check_pursue(self, actor: str, ship: ShipState, order: Pursue) -> None:
        self._check_engines(actor, ship, "pursue")
        side = self.specs[actor].side
        fleeing = [n for n, s in self.state.ships.items()
                   if s.in_play and s.fleeing and self.specs[n].side != side]
        target = order.target
        if target is None:
            if len(fleeing) != 1:
                raise IllegalOrder("S-11", f"name the ship to pursue: fleeing enemies: "
                                           f"{', '.join(fleeing) or 'none'}")
            target = fleeing[0]
        t = self._target(actor, target, "S-11")
        if not t.fleeing or self.specs[target].side == side:
            raise IllegalOrder("S-11", f"{target} is not a fleeing enemy; fleeing: "
                                       f"{', '.join(fleeing) or 'none'}")
        if not self.hidden_from(target, side) and R.fire_range(ship.cells, t.cells):
            raise IllegalOrder("S-11", f"{target} at {_cells(t.cells)} is still in range of {actor}: "
                                       f"attack it instead of pursuing")
        if order.aim not in ("hull", "systems"):
            raise IllegalOrder("S-8", f"aim at 'hull' or 'systems', not {order.aim!r}")
        if self.hidden_from(target, side) and order.cell is not None:
            self._aim_cells(actor, ship, target, order.cell, "S-12")
        if order.path:
            self._walk(actor, ship, order.path, MAX_PURSUE, "pursuit", False)

    def _check_tractor(self, actor: str, ship: ShipState, order: Tractor) -> None:
        if not self.specs[actor].tractor:
            raise IllegalOrder("S-13", f"{actor} has no tractor beam")
        t = self._target(actor, order.target, "S-13")
        if ship.holding:
            raise IllegalOrder("S-13", f"{actor} already holds {ship.holding}")
        if ship.held_by:
            raise IllegalOrder("S-13", f"{actor} is itself held by {ship.held_by}")
        if ship.cloaked or self.hidden_from(order.target, self.specs[actor].side) or t.cloaked:
            raise IllegalOrder("S-13", f"a tractor beam needs both ships uncloaked [decision]")
        if t.held_by:
            raise IllegalOrder("S-13", f"{order.target} is already held by {t.held_by}")
        why = R.may_tractor(self.specs[actor].size, self.specs[order.target].size,
                            R.touching(ship.cells, t.cells))
        if why:
            raise IllegalOrder("S-13", f"{actor} ({_cells(ship.cells)}) on {order.target} "
                                       f"({_cells(t.cells)}): {why}")
        until = self.state.locks.get(_pair(actor, order.target), 0)
        if self.round < until:
            raise IllegalOrder("S-13", f"{actor} and {order.target} may hold each other again from "
                                       f"round {until} (now round {self.round})")

    def _check_breakfree(self, actor: str, ship: ShipState, order: BreakFree) -> None:
        if ship.held_by is None:
            raise IllegalOrder("S-13", f"{actor} is not held by a tractor beam")
        if order.to is not None:
            if ship.disabled("engines"):
                raise IllegalOrder("S-8", f"{actor}'s engines are disabled: it cannot move once free")
            new = self._step(actor, ship, ship.cells, order.to, "move after breaking free")
            self._check_free(actor, ship.cells, new, f"move to {_cells(new)}")

    def _check_release(self, actor: str, ship: ShipState, order: Release) -> None:
        if ship.holding is None:
            raise IllegalOrder("S-13", f"{actor} holds no ship")

    def _check_pass(self, actor: str, ship: ShipState, order: Pass) -> None:
        return None

    def _check_clock(self, order: Any) -> None:
        d = self.state.departure
        if d is None:
            raise IllegalOrder("S-12", "no ship is leaving the station: there is no window to time")
        if not isinstance(order.minutes, (int, float)) or order.minutes < 0:
            raise IllegalOrder("S-12", f"minutes since the departure must be 0 or more, "
                                       f"got {order.minutes!r}")

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
        return self.clock(float(self.options["departure_window_minutes"]))

    def departure_window(self) -> dict[str, Any] | None:
        """S-12: what a GM timer shows: the departing ship, the window, and whether it is closed."""
        d = self.state.departure
        if d is None:
            return None
        return {"ship": d["ship"], "window_minutes": self.options["departure_window_minutes"],
                "minutes": d["minutes"], "pursued": d["pursued"], "closed": d["closed"],
                "headstart": d["headstart"]}

    def _resolve(self, orders: list[tuple[str, Order]]) -> None:
        ship_orders = []
        gm = False
        for actor, order in orders:
            if actor == "GM":
                gm = True
                self._do_clock(order)
            else:
                ship_orders.append((actor, order))
        if not ship_orders and not gm:
            raise IllegalOrder("S-4", f"waiting for {self.current_ship}'s order")
        st = self.state
        if self.is_over or not st.ships[st.order[st.turn]].in_play:
            self._advance()  # the GM's word ended the fight or took away the ship on turn
            return
        if not ship_orders:
            return
        actor, order = ship_orders[-1]
        ship = self.state.ships[actor]
        ship.revealed_at = ship.revealed_for = None
        if not isinstance(order, (Flee, Pass)):
            ship.fleeing = False
        d = self.state.departure
        if (d is not None and not d["closed"] and self.specs[actor].side != self.specs[d["ship"]].side
                and not isinstance(order, Pass)):
            d["pursued"] = True
            d["closed"] = True
            self.emit("departure", actor, "space.departure.pursued", {"ship": actor, "target": d["ship"]})
        getattr(self, _DO.get(type(order)) or f"_do_{type(order).__name__.lower()}")(actor, ship, order)
        self._advance()

    def _do_clock(self, order: Any) -> None:
        d = self.state.departure
        assert d is not None
        d["minutes"] = order.minutes
        name = d["ship"]
        window = self.options["departure_window_minutes"]
        if d["closed"]:
            self.emit("clock", "GM", "space.departure.closed", {"ship": name, "minutes": order.minutes},
                      visibility=GM)
        elif order.minutes >= window:
            d["closed"] = True
            ship = self.state.ships[name]
            if ship.in_play:
                self._release_all(name)
                ship.escaped = True
                ship.fleeing = False
                self.emit("escaped", name, "space.departure.gone", {"ship": name, "minutes": window})
        else:
            self.emit("clock", "GM", "space.departure.clock", {"ship": name, "minutes": order.minutes,
                                                               "window": window}, visibility=GM)

    def _place(self, actor: str, ship: ShipState, new: Cells, key: str = "space.move",
               announce: bool = True) -> bool:
        """Move ``actor`` to ``new`` unless a ship it could not see is there. Returns whether it moved.

        A cloaked ship's move shows its cells to its own side only; ``announce`` adds a public line
        that it moved unseen (not for the S-10 shift after firing, which the target must guess).
        """
        occ = self._occupied(None, skip=actor)
        hit = R.blocked_by([x for x in new if x not in ship.cells], occ)
        if hit:
            self.emit("blocked", actor, "space.move.blocked", {"ship": actor}, visibility=self._vis(actor))
            self.emit("blocked", actor, "space.move.blocked_gm",
                      {"ship": actor, "cell": c(hit[0]), "by": hit[1]},
                      data={"cell": list(hit[0]), "by": hit[1]}, visibility=GM)
            return False
        old = ship.cells
        ship.cells = new
        if ship.holding:
            self._release(actor, ship.holding, "moved")
        vis = self._vis(actor)
        self.emit("move", actor, key, {"ship": actor, "from": c(old[0]), "to": c(new[0])},
                  data={"cells": [list(x) for x in new]}, visibility=vis)
        if vis != ALL and announce:
            self.emit("move", actor, "space.move.unseen", {"ship": actor})
        return True

    def _do_move(self, actor: str, ship: ShipState, order: Move) -> None:
        delta = (order.to[0] - ship.cells[0][0], order.to[1] - ship.cells[0][1])
        self._place(actor, ship, R.shifted(ship.cells, delta))

    def _do_pass(self, actor: str, ship: ShipState, order: Pass) -> None:
        self.emit("pass", actor, "space.pass", {"ship": actor})

    def _do_raiseshields(self, actor: str, ship: ShipState, order: RaiseShields) -> None:
        ship.shields_up = True
        self.emit("shields", actor, "space.shields.up", {"ship": actor, "points": ship.shields},
                  data={"shields": ship.shields})

    def _do_cloak(self, actor: str, ship: ShipState, order: Cloak) -> None:
        if order.on:
            ship.cloaked = True
            self.emit("cloak", actor, "space.cloak.on", {"ship": actor})
            return
        ship.cloaked = False
        self.emit("cloak", actor, "space.cloak.off", {"ship": actor, "cells": _cells(ship.cells)},
                  data={"cells": [list(x) for x in ship.cells]})

    def _do_release(self, actor: str, ship: ShipState, order: Release) -> None:
        assert ship.holding is not None
        self._release(actor, ship.holding, "let go")

    def _do_attack(self, actor: str, ship: ShipState, order: Attack) -> None:
        side = self.specs[actor].side
        aimed = self._aim_cells(actor, ship, order.target, order.cell, "S-7")
        self._fire(actor, ship, order.target, order.aim, aimed,
                   self.hidden_from(order.target, side), order.then)

    def _fire(self, actor: str, ship: ShipState, target: str, aim: str, aimed: Cells, blind: bool,
              then: Cell | None = None) -> bool:
        """S-7, S-3, S-8, S-6: one shot, with a cloaked attacker's brief reveal (S-10). Returns hit."""
        t = self.state.ships[target]
        ts = self.specs[target]
        fr = R.fire_range(ship.cells, aimed)
        cloaked = ship.cloaked
        if cloaked:
            fired_from = min((x for x in ship.cells if R.fire_range((x,), aimed)),
                             key=lambda x: R.fire_range((x,), aimed))
            ship.revealed_at = fired_from
            ship.revealed_for = target
            self.emit("reveal", actor, "space.cloak.reveal", {"ship": actor, "cell": c(fired_from)},
                      data={"cell": list(fired_from)})
        ship.shots += 1
        right = not blind or aimed[0] in t.cells
        defence = R.attack_defence(ts.defence, ts.shield_defence, t.shields_up, t.shields,
                                   t.disabled("shields"))
        r = self.dice.d(10, purpose="attack", actor=actor)
        face = int(r.total)
        hit = right and R.hits(face, defence)
        params: dict[str, Any] = {"ship": actor, "target": target, "face": face}
        data: dict[str, Any] = {"face": face, "range": fr, "aim": aim}
        if blind:
            params["cell"] = c(aimed[0])
            data["cell"] = list(aimed[0])
            if not hit:
                # the same public line whether the cell was empty or the roll too low: a miss
                # must not tell the players they named the right cell
                self.emit("attack", actor, "space.attack.blind_miss", params, data=data, rolls=(r,))
                self.emit("attack", actor, "space.attack.blind_miss_gm" if right else "space.attack.empty_gm",
                          {"ship": actor, "target": target, "cell": c(aimed[0]), "defence": defence},
                          visibility=GM)
                return self._after_fire(actor, ship, then, False)
            params["defence"] = defence
            key = "space.attack.blind_hit"
        else:
            params["defence"] = defence
            key = "space.attack.hit" if hit else "space.attack.miss"
        data["defence"] = defence
        self.emit("attack", actor, key, params, data=data, rolls=(r,))
        if hit and fr == 2 and self.options["long_shot_confirm"]:
            need = self.options["long_shot_confirm_min"]
            r2 = self.dice.d(10, purpose="confirm long shot", actor=actor)
            ok = R.long_shot_confirmed(int(r2.total), need)
            self.emit("attack", actor, "space.attack.confirmed" if ok else "space.attack.not_confirmed",
                      {"ship": actor, "face": int(r2.total), "need": need}, rolls=(r2,))
            hit = ok
        if hit:
            ship.hits += 1
            self._fail_escape(target, actor)
            if aim == "systems":
                self._system_hit(actor, target)
            else:
                self._damage(actor, ship, target, fr)
        return self._after_fire(actor, ship, then, hit)

    def _after_fire(self, actor: str, ship: ShipState, then: Cell | None, hit: bool) -> bool:
        if ship.cloaked and ship.in_play:
            if then is not None and then != ship.cells[0]:
                delta = (then[0] - ship.cells[0][0], then[1] - ship.cells[0][1])
                self._place(actor, ship, R.shifted(ship.cells, delta), "space.cloak.shift", announce=False)
            self.emit("cloak", actor, "space.cloak.again", {"ship": actor})
        return hit

    def _fail_escape(self, target: str, by: str) -> None:
        """S-11: a hit on a fleeing ship: the escape failed, no new one for 6 rounds."""
        t = self.state.ships[target]
        if t.fleeing:
            t.fleeing = False
            t.flee_locked_until = self.round + self.options["escape_lockout_rounds"]
            self.emit("flee", target, "space.flee.failed", {"ship": target, "by": by,
                      "until": t.flee_locked_until}, data={"until": t.flee_locked_until})

    def _damage(self, actor: str, ship: ShipState, target: str, fr: int) -> None:
        """S-8 whole-ship damage, halved (S-3, S-8, S-13), plated (S-8), shields first (S-6)."""
        spec = self.specs[actor]
        t = self.state.ships[target]
        if isinstance(spec.damage, str):
            r = self.dice.roll(spec.damage, purpose="damage", actor=actor)
            rolled = int(r.total)
        else:
            p = self.dice.pick(spec.damage, purpose="damage", actor=actor)
            r = p.roll
            rolled = int(p.value)
        k = R.damage_halvings(fr, ship.disabled("targeting"), ship.held_by is not None)
        dealt = R.halve(rolled, k) + R.plating_bonus(t.disabled("plating"))
        work = t.shields_up and not t.disabled("shields")
        to_shields, to_hull = R.absorb(dealt, t.shields, work)
        t.shields -= to_shields
        t.hull = max(0, t.hull - to_hull)
        ship.damage_dealt += to_shields + to_hull
        why = []
        if fr == 2:
            why.append("range")
        if ship.disabled("targeting"):
            why.append("targeting")
        if ship.held_by is not None:
            why.append("held")
        if t.disabled("plating"):
            why.append("plating")
        self.emit("damage", actor, "space.damage", {"ship": actor, "target": target, "rolled": rolled,
                  "dealt": dealt, "shields": to_shields, "hull": to_hull, "left": t.hull,
                  "notes": [{"key": f"space.damage.note.{w}"} for w in why] or "-"},
                  data={"rolled": rolled, "dealt": dealt, "shields": to_shields, "hull": to_hull,
                        "hull_left": t.hull, "shields_left": t.shields, "modifiers": why}, rolls=(r,))
        if t.shields <= 0 and to_shields:
            self.emit("shields", target, "space.shields.gone", {"ship": target})
        if t.hull <= 0:
            self._destroy(target)

    def _system_hit(self, actor: str, target: str) -> None:
        """S-8: the d10 system table; a second hit disables the system with its effect."""
        t = self.state.ships[target]
        r = self.dice.d(10, purpose="system", actor=actor)
        system = R.system_for(int(r.total))
        result = R.system_hit_result(t.systems.get(system, 0))
        t.systems[system] = t.systems.get(system, 0) + 1
        self.emit("system", actor, f"space.hit_system.{result}", {"ship": actor, "target": target,
                  "system": _sys(system)}, data={"system": system, "result": result}, rolls=(r,))
        if result == "disabled":
            self._disable(target, system)

    def _disable(self, name: str, system: str) -> None:
        """S-8: the effects of a disabled system."""
        t = self.state.ships[name]
        has = True
        if system == "shields":
            t.shields_up = False
        elif system == "crew":
            t.skip_turns += 1
        elif system == "life_support":
            t.skip_turns += 2
        elif system == "cloak":
            has = self.specs[name].cloak
            if t.cloaked:
                t.cloaked = False
                self.emit("cloak", name, "space.cloak.lost", {"ship": name, "cells": _cells(t.cells)},
                          data={"cells": [list(x) for x in t.cells]})
        elif system == "cargo":
            has = t.cargo is not None
            t.cargo = None
        elif system == "engines":
            t.fleeing = False
        self.emit("system", name, f"space.effect.{system}" + ("" if has else ".none"), {"ship": name},
                  data={"system": system})

    def _destroy(self, name: str) -> None:
        """S-6: hull 0 (or the reactor, S-8): the ship is destroyed."""
        t = self.state.ships[name]
        t.destroyed = True
        t.fleeing = False
        self._release_all(name)
        self.emit("destroyed", name, "space.destroyed", {"ship": name})

    def _release_all(self, name: str) -> None:
        t = self.state.ships[name]
        if t.holding:
            self._release(name, t.holding, "gone")
        if t.held_by:
            self._release(t.held_by, name, "gone")

    def _release(self, holder: str, held: str, why: str) -> None:
        """S-13: the beam lets go; a new hold between the two waits 2 rounds."""
        self.state.ships[holder].holding = None
        self.state.ships[held].held_by = None
        until = R.tractor_relock_until(self.round, self.options["tractor_relock_rounds"])
        self.state.locks[_pair(holder, held)] = until
        self.emit("tractor", holder, "space.tractor.released", {"ship": holder, "target": held,
                  "until": until}, data={"why": why, "until": until})

    def _do_flee(self, actor: str, ship: ShipState, order: Flee) -> None:
        """S-11 (S-12 on a departure's first flight): roll, then fly the path as far as it allows."""
        d = self.state.departure
        if d is not None and d["ship"] == actor and not d["used"]:
            d["used"] = True
            allowance = int(d["headstart"])
            self.emit("flee", actor, "space.flee.headstart", {"ship": actor, "cells": allowance},
                      data={"allowance": allowance})
        else:
            r = self.dice.roll(R.flee_dice(False), purpose="flee", actor=actor)
            allowance = int(r.total)
            self.emit("flee", actor, "space.flee.roll", {"ship": actor, "cells": allowance},
                      data={"allowance": allowance}, rolls=(r,))
        ship.fleeing = True
        if ship.holding:
            self._release(actor, ship.holding, "fled")
        self._fly(actor, ship, order.path[:allowance], escape=True)

    def _fly(self, actor: str, ship: ShipState, path: tuple[Cell, ...], escape: bool) -> None:
        for to in path:
            delta = (to[0] - ship.cells[0][0], to[1] - ship.cells[0][1])
            new = R.shifted(ship.cells, delta)
            if escape and not R.on_map(new, self.width, self.height):
                self._release_all(actor)
                ship.escaped = True
                ship.fleeing = False
                self.emit("escaped", actor, "space.flee.escaped", {"ship": actor})
                return
            if not self._place(actor, ship, new):
                return

    def _do_pursue(self, actor: str, ship: ShipState, order: Pursue) -> None:
        """S-11: a d4 of cells along the path, then fire if the fleeing ship is in range."""
        side = self.specs[actor].side
        target = order.target
        if target is None:
            target = next(n for n, s in self.state.ships.items()
                          if s.in_play and s.fleeing and self.specs[n].side != side)
        r = self.dice.roll(R.flee_dice(True), purpose="pursuit", actor=actor)
        n = int(r.total)
        self.emit("pursue", actor, "space.pursue.roll", {"ship": actor, "target": target, "cells": n},
                  data={"allowance": n}, rolls=(r,))
        self._fly(actor, ship, order.path[:n], escape=False)
        blind = self.hidden_from(target, side)
        if blind:
            if order.cell is None:
                return
            aimed: Cells = (order.cell,)
        else:
            aimed = self.state.ships[target].cells
        if not R.fire_range(ship.cells, aimed):
            self.emit("pursue", actor, "space.pursue.out_of_range", {"ship": actor, "target": target})
            return
        if ship.disabled("weapons"):
            self.emit("pursue", actor, "space.pursue.no_weapons", {"ship": actor, "target": target})
            return
        self._fire(actor, ship, target, order.aim, aimed, blind)

    def _do_tractor(self, actor: str, ship: ShipState, order: Tractor) -> None:
        """S-13: rolled as an attack; a hit holds the target."""
        t = self.state.ships[order.target]
        ts = self.specs[order.target]
        defence = R.attack_defence(ts.defence, ts.shield_defence, t.shields_up, t.shields,
                                   t.disabled("shields"))
        r = self.dice.d(10, purpose="tractor beam", actor=actor)
        hit = R.hits(int(r.total), defence)
        self.emit("tractor", actor, "space.tractor.hold" if hit else "space.tractor.miss",
                  {"ship": actor, "target": order.target, "face": int(r.total), "defence": defence},
                  data={"face": int(r.total), "defence": defence}, rolls=(r,))
        if hit:
            ship.holding = order.target
            t.held_by = actor
            self._fail_escape(order.target, actor)

    def _do_breakfree(self, actor: str, ship: ShipState, order: BreakFree) -> None:
        """S-13: holder's d10 against the held ship's d6, ties rerolled; freed, it may move."""
        holder = ship.held_by
        assert holder is not None
        while True:
            a = self.dice.d(10, purpose="hold", actor=holder)
            b = self.dice.d(6, purpose="break free", actor=actor)
            res = R.break_free(int(a.total), int(b.total))
            key = {"free": "space.tractor.freed", "held": "space.tractor.still_held",
                   None: "space.tractor.tie"}[res]
            self.emit("tractor", actor, key, {"ship": actor, "holder": holder, "held_face": int(b.total),
                      "holder_face": int(a.total)}, rolls=(a, b))
            if res is not None:
                break
        if res == "free":
            self._release(holder, actor, "broke free")
            if order.to is not None:
                delta = (order.to[0] - ship.cells[0][0], order.to[1] - ship.cells[0][1])
                self._place(actor, ship, R.shifted(ship.cells, delta))

    def run(self, max_rounds: int = 100) -> dict[str, Any] | None:
        """Play to the end with the autopilot; ``max_rounds`` counts full rounds here."""
        stop = self.round + max_rounds
        while not self.is_over and self.round < stop:
            self.resolve_round(autopilot=True)
        return self.outcome()

    def _legal(self, actor: str) -> list[Order]:
        return self.legal_orders(actor)

    def _snapshot(self) -> Any:
        return self.state.copy()

    def _restore(self, snap: Any) -> None:
        self.state = snap

    # --- views --------------------------------------------------------------------------------

    def legal_orders(self, ship: str) -> list[Order]:  # type: ignore[override]
        """Every order ``ship`` may give now (one representative path for Flee and Pursue; any
        valid path is accepted). Empty when it is not its turn. Uses only what its side knows."""
        from .autopilot import candidates

        if ship != self.current_ship:
            return []
        out = []
        for order in candidates(self, ship):
            try:
                self.validate_order(ship, order)
            except IllegalOrder:
                continue
            out.append(order)
        return out

    def attack_odds(self, ship: str, order: Order) -> AttackOdds | None:
        """The exact odds of ``ship``'s ``Attack`` or ``Tractor`` order on the board as it stands.

        None when the order is of another kind or ``ship`` could not give it now. Built from the
        engine's own view: the target's defence (S-7), fire range and the long-shot confirmation
        (S-3), damage halvings (S-3, S-8, S-13) and disabled plating (S-8). Against a cloaked target
        (S-10) it is worked out from the named cell only and flagged ``conditional``.
        """
        if not isinstance(order, (Attack, Tractor)):
            return None
        try:
            self.validate_order(ship, order)
        except IllegalOrder:
            return None
        s = self.state.ships[ship]
        t = self.state.ships[order.target]
        ts = self.specs[order.target]
        defence = R.attack_defence(ts.defence, ts.shield_defence, t.shields_up, t.shields,
                                   t.disabled("shields"))
        if isinstance(order, Tractor):
            o = space_hit(defence)
            return AttackOdds(o, o.chance, defence, 1, 0)
        blind = self.hidden_from(order.target, self.specs[ship].side)
        aimed = self._aim_cells(ship, s, order.target, order.cell, "S-7")
        fr = R.fire_range(s.cells, aimed)
        far = fr == 2
        k = R.damage_halvings(fr, s.disabled("targeting"), s.held_by is not None)
        confirm = bool(self.options["long_shot_confirm"])
        need = int(self.options["long_shot_confirm_min"])
        scale = d10_ge(need) if far and confirm and need != 6 else Fraction(1)
        std = confirm and need == 6  # gmkit.odds confirms on 6+; another number is scaled here
        mean: Fraction | None = None
        if order.aim == "systems":
            o = space_hit(defence, far, std)
        else:
            damage = self.specs[ship].damage
            try:
                o = space_attack(defence, damage if isinstance(damage, str) else tuple(damage), far,
                                 std, halvings=k - int(far), plating=t.disabled("plating"))
            except DiceError:  # a damage expression the exact odds cannot spread: the hit alone
                o = space_hit(defence, far, std)
        if scale != 1:
            outs = tuple((key, p * scale) for key, p in o.outcomes if key != "miss")
            hit = o.chance * scale
            o = Odds(o.kind, o.question, (("miss", 1 - hit),) + outs, hit, o.error, o.labels)
        if o.kind == "space" and "hit" not in o.keys() and o.chance:
            mean = sum((int(key) * p for key, p in o.outcomes if key != "miss"), Fraction(0)) / o.chance
        return AttackOdds(o, o.chance, defence, fr, k, blind, CONDITIONAL_NOTE if blind else None, mean)

    def board(self, side: str | None = None) -> dict[str, Any]:
        """The board as plain JSON, as a player of ``side`` sees it (None: the GM's view)."""
        st = self.state
        ships = []
        for name, s in st.ships.items():
            spec = self.specs[name]
            hidden = self.hidden_from(name, side)
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
            if side is None:
                entry["cargo"] = s.cargo
                entry["flee_locked_until"] = s.flee_locked_until
            ships.append(entry)
        out = super().board(side)
        out.update({"width": self.width, "height": self.height,
                    "station": [list(x) for x in self.station], "turn": self.current_ship,
                    "initiative": list(st.order), "location": self.scenario["location"],
                    "ships": ships})
        if st.departure is not None:
            out["departure"] = self.departure_window()
        return out

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["outcome"] = self.outcome()
        out["participants"] = [
            {"name": n, "side": self.specs[n].side, "hull": s.hull, "max_hull": self.specs[n].hull,
             "shields": s.shields, "destroyed": s.destroyed, "escaped": s.escaped, "shots": s.shots,
             "hits": s.hits, "damage_dealt": s.damage_dealt,
             "disabled": [k for k, v in s.systems.items() if v >= 2]}
            for n, s in self.state.ships.items()]
        return out

    def _repr_svg_(self) -> str:
        """The grid map (GM view), so a notebook shows the board with no widget."""
        from .views import grid_svg

        return grid_svg(self.board())


_CHECK: dict[type, str] = {t: f"_check_{t.__name__.lower()}" for t in SHIP_ORDERS}
_DO: dict[type, str] = {t: f"_do_{t.__name__.lower()}" for t in SHIP_ORDERS}


def _pair(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


