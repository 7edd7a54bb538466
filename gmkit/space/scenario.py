"""The space scenario: the map around the station, the ships, and the GM's rule options.

A scenario names ``system: space``; :func:`gmkit.scenario.load_scenario` validates it with
:class:`SpaceScenario` and every mistake comes out naming the field (``ships[1].cell``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..dice import parse
from ..errors import DiceError, FieldProblem, quoted
from ..i18n.grammar import CastRow
from ..roster import check_roster
from ..scenario import ActorRow, Grammatical, ScenarioModel, player_field
from ..schema import field
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


def _russian(text: str) -> bool:
    return any("а" <= ch <= "я" or ch == "ё" for ch in text.lower())


class GridSpec(_Strict):
    """S-1: the square-grid map around the station."""

    width: int = field("The map's width in cells.", "Ширина карты в клетках.", "S-1",
                       ge=3, le=MAX_GRID)
    height: int = field("The map's height in cells.", "Высота карты в клетках.", "S-1",
                        ge=3, le=MAX_GRID)
    station: list[tuple[Coord, Coord]] = field(
        "The station's cells as [column, row] pairs, counted from 0: no ship may enter them.",
        "Клетки станции парами [столбец, строка], считая с 0: туда не войти ни одному кораблю.",
        "S-1", default=[], max_length=MAX_GRID * MAX_GRID)
    """The station's cells: no ship may enter them."""


class ShipSpec(_Strict, Grammatical):
    """One ship as the scenario lists it (S-2, S-6, S-7, S-8, S-10, S-13)."""

    name: str = field("The ship's name (unique; not GM).", "Имя корабля (у каждого своё; не GM).",
                      min_length=1)
    side: str = field("Its side: ships of one side fight together.",
                      "Сторона: корабли одной стороны воюют вместе.", min_length=1)
    player: str | None = player_field()
    kind: Literal["light", "heavy"] = field(
        "light: one cell, moves diagonally too; heavy: 1 to 3 cells, moves straight.",
        "light — лёгкий (одна клетка, ходит и по диагонали); heavy — тяжёлый (1–3 клетки, ходит прямо).",
        "S-2", default="light")
    """S-2: light (one cell, moves diagonally too) or heavy (1-3 cells, moves straight)."""
    size: int = field("Cells the ship takes: 1 for a light ship, 1 to 3 for a heavy one.",
                      "Сколько клеток занимает корабль: лёгкий — 1, тяжёлый — от 1 до 3.", "S-2",
                      default=1, ge=1, le=3)
    cell: tuple[Coord, Coord] = field(
        "The ship's first cell [column, row], counted from 0 (its top or left end).",
        "Первая клетка корабля [столбец, строка], считая с 0 (верхний или левый конец).", "S-2")
    """The ship's first cell (its top or left end)."""
    orientation: Literal["h", "v"] = field(
        "How a heavy ship lies: h (along a row) or v (along a column).",
        "Как лежит тяжёлый корабль: h — вдоль строки, v — вдоль столбца.", "S-2", default="h")
    hull: int = field("Hull points; at 0 the ship is destroyed.",
                      "Очки корпуса; при 0 корабль уничтожен.", "S-6", ge=1, le=MAX_POINTS)
    """S-6: hull points; 0 destroys the ship."""
    defence: int = field("The d10 an attack needs against the hull (11: cannot be hit).",
                         "Сколько нужно выбросить на d10, чтобы попасть по корпусу (11 — "
                         "неуязвим).", "S-7", ge=1, le=11)
    """S-7: the d10 an attack needs against the hull (11: cannot be hit)."""
    shields: int = field("Shield points (0: no shields).", "Очки щитов (0 — щитов нет).", "S-6",
                         default=0, ge=0, le=MAX_POINTS)
    """S-6: shield points."""
    shield_defence: int | None = field(
        "The d10 an attack needs against the shields while they are up (left out: as the hull's).",
        "Сколько нужно на d10, чтобы попасть по поднятым щитам (если не указано — как по корпусу).",
        "S-7", default=None, ge=1, le=11)
    """S-7: the shields' own defence while up (default: the hull's)."""
    shields_up: bool | None = field(
        "Shields up at the start? Left out: down in dock or orbit, up in open space.",
        "Щиты подняты в начале боя? Если не указано: в доке и на орбите опущены, в открытом "
        "космосе подняты.", "S-6", default=None)
    """S-6: up at the start? Default: down in dock or orbit, up in open space."""
    damage: str | list[int] = field(
        "The ship's damage: dice (2d6+1) or a list of values picked evenly ([2, 4, 6]).",
        "Урон корабля: кубы (2d6+1) или список равновероятных значений ([2, 4, 6]).", "S-8, C-6")
    """S-8: the ship's own damage: a dice expression (``2d6+1``) or faces picked evenly (``[2, 4, 6]``)."""
    cloak: bool = field("Has a cloaking device.", "Есть маскировочное устройство.", "S-10",
                        default=False)
    """S-10: has a cloaking device."""
    cloaked: bool = field("Cloaked at the start: rolls no initiative and acts first.",
                          "Замаскирован в начале боя: не бросает инициативу и ходит первым.",
                          "S-10, S-4", default=False)
    """S-10: cloaked at the start (then it does not roll initiative and acts first, S-4)."""
    tractor: bool = field("Has a tractor beam.", "Есть гравитационный захват.", "S-13",
                          default=False)
    """S-13: has a tractor beam."""
    cargo: str | None = field("Cargo carried, lost when the cargo hold is disabled.",
                              "Груз на борту; теряется, если выведен из строя трюм.", "S-8",
                              default=None)
    """S-8 (10): cargo, lost when the cargo hold is disabled."""
    departing: bool = field(
        "Leaving the station at the start: a d4 head start (1 counts as 2) and the GM's timer.",
        "Отходит от станции в начале боя: фора d4 клетки (1 считается за 2) и таймер мастера.",
        "S-12", default=False)
    """S-12: leaving the station at the start: a d4 head start (1 counts as 2) and the GM's timer."""
    damaged: list[SystemName] = field(
        "Systems already hit once when the battle starts (the next hit disables them).",
        "Системы, уже получившие одно попадание к началу боя (следующее выведет их из строя).",
        "S-8", default=[])
    """S-8: systems already hit once when the battle starts (the next hit disables them)."""
    disabled: list[SystemName] = field(
        "Systems already out of action when the battle starts.",
        "Системы, уже выведенные из строя к началу боя.", "S-8", default=[])
    """S-8: systems already out of action when the battle starts (their effect holds from the
    start; turns owed for crew quarters or life support are taken as already spent)."""

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str | list[int]) -> str | list[int]:
        if isinstance(v, str):
            try:
                e = parse(v)
            except DiceError as err:
                raise FieldProblem("space.scenario.damage_parse",
                                   english=f"S-8: not a dice expression: {err}",
                                   got=quoted(v)) from None
            if any(t.sign < 0 for t in e.dice):
                raise FieldProblem("space.scenario.damage_minus")
            count = sum(t.count for t in e.dice)
            if count > MAX_DAMAGE_DICE:
                raise FieldProblem("space.scenario.damage_count", max=MAX_DAMAGE_DICE,
                                   dice=quoted(v), got=count)
            big = max((t.sides for t in e.dice), default=0)
            if big > MAX_DAMAGE_SIDES:
                raise FieldProblem("space.scenario.damage_sides", max=MAX_DAMAGE_SIDES,
                                   dice=quoted(v), got=big)
            if abs(e.modifier) > MAX_DAMAGE_BONUS:
                raise FieldProblem("space.scenario.damage_bonus", max=MAX_DAMAGE_BONUS,
                                   dice=quoted(v), got=e.modifier)
        elif not v or len(v) > MAX_DAMAGE_FACES:
            raise FieldProblem("space.scenario.faces_count", max=MAX_DAMAGE_FACES, got=len(v))
        elif any(not 0 <= f <= MAX_DAMAGE_BONUS for f in v):
            raise FieldProblem("space.scenario.faces_range", max=MAX_DAMAGE_BONUS)
        return v

    @model_validator(mode="after")
    def _shape(self) -> ShipSpec:
        if self.kind == "light" and self.size != 1:
            raise FieldProblem("space.scenario.light_size", ship=self.name, got=self.size)
        if self.cloaked and not self.cloak:
            raise FieldProblem("space.scenario.cloaked_no_device", ship=self.name,
                               field="cloak: true")
        both = sorted(set(self.damaged) & set(self.disabled))
        if both:
            raise FieldProblem("space.scenario.damaged_disabled",
                               english=f"S-8: {self.name} lists {', '.join(both)} as both damaged "
                                       f"and disabled",
                               ship=self.name, systems=[{"key": f"space.system.{s}"} for s in both])
        if self.cloaked and "cloak" in self.disabled:
            raise FieldProblem("space.scenario.cloaked_disabled", ship=self.name)
        return self

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return ship_cells(self.cell, self.size, self.orientation)


class SpaceOptions(_Strict):
    """The GM's switches: rule options and [decision] points of RULES.md section S."""

    long_shot_confirm: bool = field(
        "A hit across one cell must be confirmed by a d10 (rule option).",
        "Попадание через клетку нужно подтвердить броском d10 (вариант правил).", "S-3",
        default=True)
    """S-3 rule option: a hit across one cell must be confirmed by a d10."""
    long_shot_confirm_min: int = field("The confirming d10 needs this or more.",
                                       "Сколько нужно выбросить на подтверждающем d10.", "S-3",
                                       default=6, ge=1, le=10)
    """S-3: the confirming d10 needs this or more."""
    cloak_shift_keeps_fire_range: bool = field(
        "After firing, a cloaked ship may shift to any cell still in fire range (off: only to cells "
        "still touching the target).",
        "После выстрела замаскированный корабль может сместиться в любую клетку в пределах "
        "дальности огня (выключено — только в клетки рядом с целью).", "S-10", default=False)
    """S-10: after firing, a cloaked ship may shift to any cell still in fire range (default: only
    to cells still touching the target, up to three cells in all)."""
    escape_lockout_rounds: int = field(
        "Rounds before a failed escape may be tried again, or a recaptured ship may flee again.",
        "Сколько раундов нельзя снова пытаться уйти после неудачи или после поимки.", "S-11",
        default=6, ge=0, le=MAX_ROUNDS)
    """S-11: rounds before a failed escape may be tried again / a recaptured ship may flee again."""
    tractor_relock_rounds: int = field(
        "Rounds after a release before either ship may try a new hold.",
        "Сколько раундов после освобождения ни один из кораблей не может снова захватить.", "S-13",
        default=2, ge=0, le=MAX_ROUNDS)
    """S-13: rounds after a release before either ship may try a new hold."""
    departure_window_minutes: float = field(
        "Real minutes the GM waits for a pursuit order before a departing ship is gone.",
        "Сколько настоящих минут мастер ждёт приказа о погоне, прежде чем отходящий корабль уйдёт.",
        "S-12", default=10, gt=0, le=24 * 60)
    """S-12: real minutes the GM waits for a pursuit order before a departing ship is gone."""
    max_rounds: int = field("The fight is a draw after this many rounds (0: no limit).",
                            "Через столько раундов бой кончается вничью (0 — без предела).",
                            default=0, ge=0, le=MAX_ROUNDS)
    """The GM calls the fight a draw after this many rounds (0: no limit)."""
    default_aim: Literal["hull", "systems"] = field(
        "The GM's default when a captain's order did not say where a hit goes (the whole ship or "
        "its systems): taken at once, and the post says so; a cloaked attacker's default place "
        "is to stay.",
        "Выбор мастера по умолчанию, если в приказе капитана не сказано, куда бить при попадании "
        "(по кораблю в целом или по системам): применяется сразу, и пост об этом говорит; "
        "замаскированный стрелок по умолчанию остаётся на месте.", "S-8, S-10", default="hull",
        exclude_if=lambda v: v == "hull")
    """S-8/S-10: the aim a hit takes when the captain's order left it open and the round is
    played without asking again (the place: stay). Left out of the dumped scenario when
    ``hull``, so older scenarios keep their hashes."""
    initiative_at: Literal["in_range", "setup"] = field(
        "When initiative is rolled: once enemy ships first come within fighting range (in_range, "
        "as the original says) or at setup.",
        "Когда бросается инициатива: когда враги впервые сходятся на дистанцию боя (in_range, как "
        "в оригинале) или сразу (setup).", "S-4", default="in_range")
    """S-4: when the d10s for initiative are rolled: once two enemy ships first come within
    fighting range, as the original says (until then the ships take turns in the approach order:
    a departing ship and the cloaked ones first, then the scenario's order), or at setup."""


class SpaceScenario(ScenarioModel):
    """A space battle (rule set S)."""

    @staticmethod
    def cast_rows(scenario: Mapping[str, Any]) -> Iterator[CastRow]:
        """Ships, with the scenario's grammar of each name (a ship is something, not someone),
        then the first Russian alias of each (the name a Russian reply shows it by), a ship too
        and of the ship's gender when it gives one."""
        ships = list(scenario.get("ships", ()))
        for s in ships:
            yield s["name"], "ship", s.get("gender"), s.get("forms")
        aliases = scenario.get("aliases") or {}
        for s in ships:
            russian = [a for a in aliases.get(s["name"], ()) if _russian(a)]
            if russian:
                yield russian[0], "ship", s.get("gender"), None

    @staticmethod
    def actor_rows(scenario: Mapping[str, Any]) -> Iterator[ActorRow]:
        """Each ship and its captain's player (no ship is the GM's by the rules themselves)."""
        for s in scenario.get("ships", ()):
            yield s["name"], s.get("player"), False, ()

    system: Literal["space"] = field("The rule set: space (a space battle).",
                                     "Свод правил: space (космический бой).", default="space")
    grid: GridSpec = field("The square-grid map around the station.",
                           "Карта в клетках вокруг станции.", "S-1")
    location: Literal["space", "orbit", "dock"] = field(
        "Where the battle is: open space, orbit or dock (in orbit or dock shields start down).",
        "Где идёт бой: открытый космос, орбита или док (на орбите и в доке щиты опущены).", "S-6",
        default="space")
    """S-6: in orbit or in dock, shields start down unless a ship says otherwise."""
    ships: list[ShipSpec] = field("The ships, two or more, of at least two sides.",
                                  "Корабли: два или больше, хотя бы двух сторон.",
                                  min_length=2, max_length=MAX_SHIPS)
    initiative: list[str] | None = field(
        "The order of play when it is obvious, every ship once (left out: each ship rolls a d10).",
        "Порядок ходов, когда он очевиден, — все корабли по разу (если не указан, каждый бросает d10).",
        "S-4", default=None)
    """S-4: the order when it is obvious (the GM's word); otherwise each ship rolls a d10 (when,
    says ``options.initiative_at``)."""
    options: SpaceOptions = field("Rule options the GM may switch.",
                                  "Настройки правил, которые может менять мастер.",
                                  default=SpaceOptions())

    @model_validator(mode="after")
    def _board(self) -> SpaceScenario:
        g = self.grid
        names = [s.name for s in self.ships]
        check_roster(names, (s.side for s in self.ships), unique="space.scenario.ship_names",
                     gm="space.scenario.gm_name", two_sides="space.scenario.two_sides")
        taken: dict[tuple[int, int], str] = {}
        for c in g.station:
            if not on_map([c], g.width, g.height):
                raise FieldProblem("space.scenario.station_off", cell=str(tuple(c)), width=g.width,
                                   height=g.height)
            taken[c] = "station"
        for s in self.ships:
            cells = s.cells
            if not on_map(cells, g.width, g.height):
                raise FieldProblem("space.scenario.ship_off", ship=s.name, cells=str(list(cells)),
                                   width=g.width, height=g.height)
            for c in cells:
                if c in taken:
                    other: Any = taken[c]
                    if other == "station":
                        other = {"key": "space.scenario.station"}
                    raise FieldProblem("space.scenario.cell_taken", ship=s.name, other=other,
                                       cell=str(c))
                taken[c] = s.name
        leaving = [s.name for s in self.ships if s.departing]
        if len(leaving) > 1:
            raise FieldProblem("space.scenario.one_departing", names=leaving)
        if self.initiative is not None and sorted(self.initiative) != sorted(names):
            raise FieldProblem("space.scenario.initiative", names=names)
        return self
