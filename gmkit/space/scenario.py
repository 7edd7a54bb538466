"""The space scenario: the map around the station, the ships, and the GM's rule options.

A scenario names ``system: space``; :func:`gmkit.scenario.load_scenario` validates it with
:class:`SpaceScenario` and every mistake comes out naming the field (``ships[1].cell``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..dice import parse
from ..errors import DiceError
from ..scenario import ScenarioModel
from .rules import on_map, ship_cells

__all__ = ["GridSpec", "ShipSpec", "SpaceOptions", "SpaceScenario", "SystemName", "MAX_GRID",
           "MAX_POINTS", "MAX_DAMAGE_DICE", "MAX_DAMAGE_SIDES", "MAX_DAMAGE_BONUS",
           "MAX_DAMAGE_FACES", "MAX_SHIPS", "MAX_ROUNDS"]

MAX_GRID = 200
"""S-1: the widest and tallest map, in cells (a forum map is tens of cells)."""
MAX_POINTS = 10_000
"""S-6: the most hull or shield points a ship may list (the original's ships have tens)."""
MAX_DAMAGE_DICE = 20
"""S-8: the most dice in a ship's damage (the original's examples roll one or two)."""
MAX_DAMAGE_SIDES = 100
"""S-8: the most sides of a damage die."""
MAX_DAMAGE_BONUS = 1_000
"""S-8: the largest number added to (or listed as) a ship's damage."""
MAX_DAMAGE_FACES = 100
"""S-8, C-6: the most values in a ship's list of equally likely damage values."""
MAX_SHIPS = 50
"""The most ships in one battle."""
MAX_ROUNDS = 10_000
"""The most rounds any round count of the options may name."""

Coord = Annotated[int, Field(ge=0, lt=MAX_GRID)]
"""A map coordinate: 0 up to the largest map's last cell (S-1)."""

SystemName = Literal["shields", "weapons", "reactor", "plating", "crew", "cloak", "engines",
                     "targeting", "life_support", "cargo"]
"""S-8: the ten systems of the d10 table."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GridSpec(_Strict):
    """S-1: the square-grid map around the station."""

    width: int = Field(ge=3, le=MAX_GRID)
    height: int = Field(ge=3, le=MAX_GRID)
    station: list[tuple[Coord, Coord]] = Field(default=[], max_length=MAX_GRID * MAX_GRID)
    """The station's cells: no ship may enter them."""


class ShipSpec(_Strict):
    """One ship as the scenario lists it (S-2, S-6, S-7, S-8, S-10, S-13)."""

    name: str = Field(min_length=1)
    side: str = Field(min_length=1)
    kind: Literal["light", "heavy"] = "light"
    """S-2: light (one cell, moves diagonally too) or heavy (1-3 cells, moves straight)."""
    size: int = Field(default=1, ge=1, le=3)
    cell: tuple[Coord, Coord]
    """The ship's first cell (its top or left end)."""
    orientation: Literal["h", "v"] = "h"
    hull: int = Field(ge=1, le=MAX_POINTS)
    """S-6: hull points; 0 destroys the ship."""
    defence: int = Field(ge=1, le=11)
    """S-7: the d10 an attack needs against the hull (11: cannot be hit)."""
    shields: int = Field(default=0, ge=0, le=MAX_POINTS)
    """S-6: shield points."""
    shield_defence: int | None = Field(default=None, ge=1, le=11)
    """S-7: the shields' own defence while up (default: the hull's)."""
    shields_up: bool | None = None
    """S-6: up at the start? Default: down in dock or orbit, up in open space."""
    damage: str | list[int]
    """S-8: the ship's own damage: a dice expression (``2d6+1``) or faces picked evenly (``[2, 4, 6]``)."""
    cloak: bool = False
    """S-10: has a cloaking device."""
    cloaked: bool = False
    """S-10: cloaked at the start (then it does not roll initiative and acts first, S-4)."""
    tractor: bool = False
    """S-13: has a tractor beam."""
    cargo: str | None = None
    """S-8 (10): cargo, lost when the cargo hold is disabled."""
    departing: bool = False
    """S-12: leaving the station at the start: a d4 head start (1 counts as 2) and the GM's timer."""
    damaged: list[SystemName] = []
    """S-8: systems already hit once when the battle starts (the next hit disables them)."""
    disabled: list[SystemName] = []
    """S-8: systems already out of action when the battle starts (their effect holds from the
    start; turns owed for crew quarters or life support are taken as already spent)."""

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str | list[int]) -> str | list[int]:
        if isinstance(v, str):
            try:
                e = parse(v)
            except DiceError as err:
                raise ValueError(f"S-8: not a dice expression: {err}") from None
            if any(t.sign < 0 for t in e.dice):
                raise ValueError("S-8: damage dice cannot be subtracted")
            count = sum(t.count for t in e.dice)
            if count > MAX_DAMAGE_DICE:
                raise ValueError(f"S-8: a ship's damage rolls at most {MAX_DAMAGE_DICE} dice, "
                                 f"{v!r} rolls {count}")
            big = max((t.sides for t in e.dice), default=0)
            if big > MAX_DAMAGE_SIDES:
                raise ValueError(f"S-8: a damage die has at most {MAX_DAMAGE_SIDES} sides, "
                                 f"{v!r} has a d{big}")
            if abs(e.modifier) > MAX_DAMAGE_BONUS:
                raise ValueError(f"S-8: the number added to a ship's damage is at most "
                                 f"{MAX_DAMAGE_BONUS} either way, {v!r} adds {e.modifier}")
        elif not v or len(v) > MAX_DAMAGE_FACES:
            raise ValueError(f"S-8: a face list holds 1 to {MAX_DAMAGE_FACES} values, not {len(v)}")
        elif any(not 0 <= f <= MAX_DAMAGE_BONUS for f in v):
            raise ValueError(f"S-8: each face of the list is 0 to {MAX_DAMAGE_BONUS}")
        return v

    @model_validator(mode="after")
    def _shape(self) -> "ShipSpec":
        if self.kind == "light" and self.size != 1:
            raise ValueError(f"S-2: a light ship takes one cell, {self.name} has size {self.size}")
        if self.cloaked and not self.cloak:
            raise ValueError(f"S-10: {self.name} starts cloaked but has no cloaking device (cloak: true)")
        both = sorted(set(self.damaged) & set(self.disabled))
        if both:
            raise ValueError(f"S-8: {self.name} lists {', '.join(both)} as both damaged and disabled")
        if self.cloaked and "cloak" in self.disabled:
            raise ValueError(f"S-8: {self.name} cannot start cloaked with its cloaking device disabled")
        return self

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return ship_cells(self.cell, self.size, self.orientation)


class SpaceOptions(_Strict):
    """The GM's switches: rule options and [decision] points of RULES.md section S."""

    long_shot_confirm: bool = True
    """S-3 rule option: a hit across one cell must be confirmed by a d10."""
    long_shot_confirm_min: int = Field(default=6, ge=1, le=10)
    """S-3: the confirming d10 needs this or more."""
    cloak_shift_keeps_fire_range: bool = False
    """S-10: after firing, a cloaked ship may shift to any cell still in fire range (default: only
    to cells still touching the target, up to three cells in all)."""
    escape_lockout_rounds: int = Field(default=6, ge=0, le=MAX_ROUNDS)
    """S-11: rounds before a failed escape may be tried again / a recaptured ship may flee again."""
    tractor_relock_rounds: int = Field(default=2, ge=0, le=MAX_ROUNDS)
    """S-13: rounds after a release before either ship may try a new hold."""
    departure_window_minutes: float = Field(default=10, gt=0, le=24 * 60)
    """S-12: real minutes the GM waits for a pursuit order before a departing ship is gone."""
    max_rounds: int = Field(default=0, ge=0, le=MAX_ROUNDS)
    """The GM calls the fight a draw after this many rounds (0: no limit)."""
    initiative_at: Literal["in_range", "setup"] = "in_range"
    """S-4: when the d10s for initiative are rolled: once two enemy ships first come within
    fighting range, as the original says (until then the ships take turns in the approach order:
    a departing ship and the cloaked ones first, then the scenario's order), or at setup."""


class SpaceScenario(ScenarioModel):
    """A space battle (rule set S)."""

    system: Literal["space"] = "space"
    grid: GridSpec
    location: Literal["space", "orbit", "dock"] = "space"
    """S-6: in orbit or in dock, shields start down unless a ship says otherwise."""
    ships: list[ShipSpec] = Field(min_length=2, max_length=MAX_SHIPS)
    initiative: list[str] | None = None
    """S-4: the order when it is obvious (the GM's word); otherwise each ship rolls a d10 (when,
    says ``options.initiative_at``)."""
    options: SpaceOptions = SpaceOptions()

    @model_validator(mode="after")
    def _board(self) -> "SpaceScenario":
        g = self.grid
        names = [s.name for s in self.ships]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"ship names must be unique: {', '.join(dup)}")
        if "GM" in names:
            raise ValueError("'GM' is reserved for the game master's orders; rename that ship")
        if len({s.side for s in self.ships}) < 2:
            raise ValueError("a battle needs ships of at least two sides")
        taken: dict[tuple[int, int], str] = {}
        for c in g.station:
            if not on_map([c], g.width, g.height):
                raise ValueError(f"S-1: station cell {tuple(c)} is off the {g.width}x{g.height} map")
            taken[c] = "station"
        for s in self.ships:
            cells = s.cells
            if not on_map(cells, g.width, g.height):
                raise ValueError(f"S-2: {s.name} on cells {list(cells)} does not fit the "
                                 f"{g.width}x{g.height} map")
            for c in cells:
                if c in taken:
                    raise ValueError(f"S-2: {s.name} and {taken[c]} both take cell {c}")
                taken[c] = s.name
        leaving = [s.name for s in self.ships if s.departing]
        if len(leaving) > 1:
            raise ValueError(f"S-12: one ship leaves the station at a time; departing: {', '.join(leaving)}")
        if self.initiative is not None and sorted(self.initiative) != sorted(names):
            raise ValueError(f"S-4: initiative must list every ship once: {', '.join(names)}")
        return self
