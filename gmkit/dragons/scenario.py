"""The ``dragons`` section of a scenario file, validated by pydantic.

```yaml
system: dragons
name: Duel over the Firmament
battlefield: firmament        # or blue (D-13)
options: {max_rounds: 40, bennies: 3}   # rule options, see DragonOptions
dragons:
  - name: Ash
    side: red
    wild_card: true
    max_speed: 10
    toughness: 9
    speed: 6                  # starting Speed
    height: 12                # starting Height (normalised: the lowest becomes 10, D-2)
    armour: 2                 # part of Toughness that a weapon's AP ignores (D-7; default 0)
    vigor: d8                 # soak rolls with a Benny (D-7; default d6)
    bennies: 3                # its own pool (D-7; default options.bennies, an Extra none)
    pilot: {name: Kira, fighting: d8, piloting: d10, spirit: d8, shooting: d8}
    weapons:
      - {name: Flame, kind: ranged, damage: 2d8, ranges: [60, 120, 180]}
      - {name: Claws, kind: melee, damage: 2d6, ap: 1}   # Armour Piercing (D-7; default 0)
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from ..dice import parse, parse_trait
from ..errors import DiceError, FieldProblem, given, quoted, rule_of
from ..i18n.grammar import Cast, CastRow
from ..roster import check_roster
from ..scenario import ActorRow, Grammatical, ScenarioModel, player_field
from ..schema import field

__all__ = ["WeaponSpec", "PilotSpec", "DragonSpec", "DragonOptions", "DragonScenario", "EXAMPLE",
           "MAX_SPEED", "MAX_HEIGHT", "MAX_TOUGHNESS", "MAX_RANGE", "MAX_TRAIT_BONUS",
           "MAX_DAMAGE_DICE", "MAX_DAMAGE_SIDES", "MAX_DAMAGE_BONUS", "MAX_ROUNDS", "MAX_PENALTY",
           "MAX_BENNIES"]

# --- bounds: numbers a duel by the rules can hold (issue 14: a scenario is refused, naming the
# field, rather than accepted with an armour of 10^30) ---------------------------------------------

MAX_SPEED = 100
"""D-2: the highest Speed a scenario may give (Speed 10 is about 500 km/h)."""
MAX_HEIGHT = 1000
"""D-2: Heights lie within -1000..1000 before they are normalised (one unit is about 100 m)."""
MAX_TOUGHNESS = 100
"""C-4/D-7: the highest Toughness (and so Armour) a dragon may have."""
MAX_RANGE = 100_000
"""D-5: no weapon reaches further (10 x Speed difference + 50 x Height difference stays below)."""
MAX_TRAIT_BONUS = 20
"""C-3: a trait die's bonus (``d12+2``) lies within -20..+20."""
MAX_DAMAGE_DICE = 20
"""C-4: at most this many damage dice in one weapon (``2d8`` holds two)."""
MAX_DAMAGE_SIDES = 100
"""C-4: damage dice have 2 (they must ace) to 100 sides."""
MAX_DAMAGE_BONUS = 100
"""C-4: a damage bonus (``2d6+3``) lies within -100..+100."""
MAX_ROUNDS = 10_000
"""The longest fight ``max_rounds`` may set."""
MAX_PENALTY = 20
"""D-5: a range band's penalty lies within -20..0."""
MAX_BENNIES = 99
"""D-7: the largest pool of Bennies a dragon (or the GM) may start with."""


def _trait(v: object) -> object:
    if v is None:
        return v
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise FieldProblem("dragons.scenario.trait", rule="", got=given(v))
    try:
        sides, mod = parse_trait(v)
    except DiceError as e:
        raise FieldProblem("dragons.scenario.trait", english=str(e), rule=rule_of(str(e)),
                           got=given(v)) from None
    if abs(mod) > MAX_TRAIT_BONUS:
        raise FieldProblem("dragons.scenario.trait_bonus", max=MAX_TRAIT_BONUS, got=mod)
    return f"d{sides}{mod:+d}" if mod else f"d{sides}"


def _damage_dice(v: str) -> str:
    """C-4: a sum of acing dice and a number, within the bounds above."""
    try:
        e = parse(v)
    except DiceError as err:
        raise FieldProblem("dragons.scenario.damage_dice", english=f"damage dice like '2d8': {err}",
                           rule=rule_of(str(err)), got=quoted(v)) from None
    count = 0
    for t in e.dice:
        if t.sign < 0 or t.keep:
            raise FieldProblem("dragons.scenario.damage_sum", got=quoted(v))
        if not 2 <= t.sides <= MAX_DAMAGE_SIDES:
            raise FieldProblem("dragons.scenario.damage_sides", max=MAX_DAMAGE_SIDES, got=t.sides)
        count += t.count
    if count > MAX_DAMAGE_DICE:
        raise FieldProblem("dragons.scenario.damage_count", max=MAX_DAMAGE_DICE, got=count)
    if abs(e.modifier) > MAX_DAMAGE_BONUS:
        raise FieldProblem("dragons.scenario.damage_bonus", max=MAX_DAMAGE_BONUS, got=e.modifier)
    return v


class WeaponSpec(Grammatical):
    model_config = ConfigDict(extra="forbid")
    name: str = field("The weapon's name, as orders and posts give it.",
                      "Название оружия, как его пишут в приказах и постах.", "D-5")
    kind: Literal["melee", "ranged"] = field(
        "melee (needs the same Height as the target) or ranged (needs ranges).",
        "melee — ближний бой (нужна та же Высота, что у цели), ranged — дальний (нужны ranges).",
        "D-5")
    damage: str = field(
        "Damage dice that ace, plus a number: 2d8, 2d6+1 (C-4 bounds: up to 20 dice of 2..100 sides).",
        "Кубы урона (со взрывом) и число: 2d8, 2d6+1 (до 20 кубов по 2..100 граней).", "C-4")
    ranges: tuple[int, int, int] | None = field(
        "Short, Medium and Long range of a ranged weapon, growing: [60, 120, 180]. A melee weapon has none.",
        "Ближняя, средняя и дальняя дистанции стрелкового оружия, по возрастанию: [60, 120, 180]. "
        "У оружия ближнего боя их нет.", "D-5", default=None)
    """Short/Medium/Long for ranged weapons (D-5 [decision])."""
    ap: int = field(
        "Armour Piercing: how many points of the target's armour the weapon ignores (0: none).",
        "Бронебойность: сколько единиц брони цели оружие не замечает (0 — нисколько).", "D-7",
        default=0, ge=0, le=MAX_TOUGHNESS, exclude_if=lambda v: v == 0)
    """D-7 (SWADE): Armour Piercing, the points of the target's Armour the weapon ignores.
    Left out of the dumped scenario when 0."""

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str) -> str:
        return _damage_dice(v)

    @field_validator("ranges")
    @classmethod
    def _growing(cls, v: tuple[int, int, int] | None) -> tuple[int, int, int] | None:
        if v is not None and not 0 < v[0] <= v[1] <= v[2] <= MAX_RANGE:
            raise FieldProblem("dragons.scenario.ranges_grow", max=MAX_RANGE, got=str(list(v)))
        return v

    @model_validator(mode="after")
    def _ranges(self) -> WeaponSpec:
        if self.kind == "ranged":
            if self.ranges is None:
                raise FieldProblem("dragons.scenario.ranges_needed", field="ranges")
        elif self.ranges is not None:
            raise FieldProblem("dragons.scenario.melee_ranges", field="ranges")
        return self


_TRAIT = "a trait die, d4 to d12 or d12+1 and the like"
_TRAIT_RU = "куб от d4 до d12 или d12+1 и т. п."


class PilotSpec(Grammatical):
    model_config = ConfigDict(extra="forbid")
    name: str = field("The rider's name (may be empty).", "Имя всадника (можно не указывать).",
                      default="")
    fighting: str | None = field(f"Fighting ({_TRAIT}), for melee attacks.",
                                 f"Драка ({_TRAIT_RU}), для атак в ближнем бою.", "C-3",
                                 default="d6")
    piloting: str | None = field(f"Piloting ({_TRAIT}), for manoeuvres and forcing.",
                                 f"Пилотирование ({_TRAIT_RU}), для манёвров и вынуждения.",
                                 "D-9", default="d6")
    spirit: str = field(f"Spirit ({_TRAIT}), to recover from Shaken.",
                        f"Характер ({_TRAIT_RU}), чтобы прийти в себя после шока.", "C-4",
                        default="d6")
    shooting: str | None = field(
        f"Shooting ({_TRAIT}), for ranged attacks; left out, ranged attacks roll Piloting.",
        f"Стрельба ({_TRAIT_RU}), для атак издали; если не указана, бросается Пилотирование.",
        "D-5", default=None)
    """Ranged attack die; absent: ranged attacks roll Piloting [decision]."""

    _v = field_validator("fighting", "piloting", "spirit", "shooting", mode="before")(_trait)


class DragonSpec(Grammatical):
    model_config = ConfigDict(extra="forbid")
    name: str = field("The dragon's name (unique; not GM).",
                      "Имя дракона (у каждого своё; не GM).", min_length=1)
    side: str = field("Its side: dragons of one side fight together.",
                      "Сторона: драконы одной стороны воюют вместе.", min_length=1)
    player: str | None = player_field()
    wild_card: bool = field("A Wild Card (rolls the Wild Die, takes Wounds) or an Extra.",
                            "Дикая карта (бросает дикий куб, получает раны) или статист.",
                            "C-3", default=True)
    gm: bool = field("Run by the GM: its orders count as arriving last.",
                     "Управляется мастером: его приказ считается пришедшим последним.", "D-3",
                     default=False)
    """Run by the GM: orders count as arriving last (D-3)."""
    max_speed: int = field("The highest Speed the dragon can fly.",
                           "Наибольшая Скорость, которую дракон может развить.", "D-2",
                           ge=1, le=MAX_SPEED)
    toughness: int = field("Toughness, Armour included (SWADE writes 9 (2)).",
                           "Стойкость вместе с бронёй (в SWADE пишут 9 (2)).", "C-4",
                           ge=1, le=MAX_TOUGHNESS)
    """C-4/D-7: Toughness, Armour included (SWADE writes it ``9 (2)``)."""
    armour: int = field("The part of Toughness that is Armour, which a weapon's AP ignores.",
                        "Часть Стойкости, которая приходится на броню (её снимает бронебойность).",
                        "D-7", default=0, ge=0, le=MAX_TOUGHNESS, exclude_if=lambda v: v == 0)
    """D-7 (SWADE): the part of Toughness that is Armour, which a weapon's AP ignores. Left out
    of the dumped scenario when 0."""
    speed: int = field("Speed at the start (at most max_speed).",
                       "Скорость в начале боя (не больше max_speed).", "D-2",
                       ge=1, le=MAX_SPEED)
    height: int = field("Height at the start; the lowest dragon's becomes 10.",
                        "Высота в начале боя; высота самого низкого дракона становится 10.",
                        "D-2", default=10, ge=-MAX_HEIGHT, le=MAX_HEIGHT)
    vigor: str | None = field(f"Vigor ({_TRAIT}), rolled to soak Wounds with a Benny (left out: d6).",
                              f"Выносливость ({_TRAIT_RU}), бросок на поглощение ран за фишку "
                              f"(если не указана — d6).", "D-7",
                              default=None, exclude_if=lambda v: v is None)
    """D-7 (SWADE): the dragon's Vigor, rolled to soak Wounds with a Benny; not given: d6
    [decision]. Left out of the dumped scenario when not given."""
    bennies: int | None = field("The Wild Card's own Bennies (left out: options.bennies; an Extra has none).",
                                "Собственные фишки дикой карты (если не указано — options.bennies; "
                                "у статиста их нет).", "D-7",
                                default=None, ge=0, le=MAX_BENNIES, exclude_if=lambda v: v is None)
    """D-7 (SWADE): the Wild Card's own pool of Bennies; not given: ``options.bennies``. An
    Extra has none of its own (the GM's pool serves GM characters)."""
    wounds: int = field("Wounds the Wild Card brings from an earlier fight (their D-8 penalty holds from "
                        "the start).",
                        "Раны, с которыми дикая карта приходит из прошлого боя (штраф D-8 действует "
                        "с начала боя).", "D-8", default=0, ge=0, le=3, exclude_if=lambda v: v == 0)
    """D-8: wounds carried in from an earlier fight (a campaign's); their penalty holds from the
    first roll, what they did then (Speed lost, weapons out) stays in that fight. An Extra has
    none to carry: one wound takes it out. Left out of the dumped scenario at 0."""
    pilot: PilotSpec = field("The rider and their trait dice.", "Всадник и его кубы.",
                             default_factory=PilotSpec)
    weapons: list[WeaponSpec] = field("The dragon's weapons, each named differently.",
                                      "Оружие дракона, у каждого своё название.", "D-5",
                                      default=[])

    _vigor = field_validator("vigor", mode="before")(_trait)

    @model_validator(mode="after")
    def _check(self) -> DragonSpec:
        if self.bennies and not self.wild_card:
            raise FieldProblem("dragons.scenario.extra_bennies", got=self.bennies,
                               field="options.gm_bennies")
        if self.wounds and not self.wild_card:
            raise FieldProblem("dragons.scenario.extra_wounds", got=self.wounds, field="wild_card",
                               yes="true")
        if self.armour >= self.toughness:
            raise FieldProblem("dragons.scenario.armour", armour=self.armour,
                               toughness=self.toughness)
        if self.speed > self.max_speed:
            raise FieldProblem("dragons.scenario.speed_max", speed=self.speed, field="max_speed",
                               max=self.max_speed)
        names = [w.name for w in self.weapons]
        if len(set(names)) != len(names):
            raise FieldProblem("dragons.scenario.weapon_names",
                               english=f"weapon names must differ within a dragon: {names}",
                               names=[quoted(n) for n in names])
        return self


class DragonOptions(BaseModel):
    """Rule options: the RULES.md [decision]s a GM may switch."""

    model_config = ConfigDict(extra="forbid")
    level_min: int = field("The lowest change of Speed in level flight (the rules: -1).",
                           "Наименьшее изменение Скорости в горизонтальном полёте (по правилам −1).",
                           "D-4", default=-1, ge=-MAX_SPEED, le=0)
    """D-4 [decision]: the lowest level Speed change (the rules: -1)."""
    level_max: int = field("The highest change of Speed in level flight (the rules: +2).",
                           "Наибольшее изменение Скорости в горизонтальном полёте (по правилам +2).",
                           "D-4", default=2, ge=0, le=MAX_SPEED)
    """D-4 [decision]: the highest level Speed change (the rules: +2)."""
    max_dive: int | None = field(
        "The deepest dive in one move, in levels; left out, there is no limit, as in the original.",
        "Самое глубокое пике за один ход, в уровнях; если не указано — без предела, как в оригинале.",
        "D-4", default=None, ge=1, le=2 * MAX_HEIGHT, exclude_if=lambda v: v is None)
    """D-4: the deepest dive in one move, in levels, when the scenario sets one; by default
    (None) there is none, as in the original (a dive past maximum Speed is dangerous, D-11).
    Left out of the dumped scenario when not set."""
    initiative: Literal["round_start", "each_turn"] = field(
        "Initiative from the positions at the start of the round, or sorted again before each turn.",
        "Инициатива по положению в начале раунда (round_start) или заново перед каждым ходом (each_turn).",
        "D-3", default="round_start")
    """D-3 [decision]: initiative from the positions at the start of the round, or re-sorted
    from current positions before each turn."""
    range_penalties: tuple[int, int, int] = field(
        "Penalties to hit at Short, Medium and Long range.",
        "Штрафы к попаданию на ближней, средней и дальней дистанции.", "D-5",
        default=(0, -2, -4))
    """D-5 [decision]: Short/Medium/Long penalties."""
    extra_crash_survival: int = field(
        "Over the Firmament, a downed Extra lives on a d6 of at least this (7: never).",
        "Над Твердью сбитый статист выживает, если на d6 выпало не меньше этого (7 — никогда).",
        "D-8/D-13", default=6, ge=1, le=7)
    """D-8/D-13: over the Firmament a downed Extra lives on a d6 of at least this (7: never)."""
    wild_crash_survival: int = field(
        "Over the Firmament, a downed Wild Card lives on a d6 of at least this (7: never).",
        "Над Твердью сбитая дикая карта выживает, если на d6 выпало не меньше этого (7 — никогда).",
        "D-8/D-13", default=4, ge=1, le=7)
    """D-8/D-13: over the Firmament a downed Wild Card lives on a d6 of at least this."""
    crit_manoeuvre_falls: bool = field(
        "A critical failure at a manoeuvre starts a fall when the GM makes no call for the round.",
        "Критический провал манёвра начинает падение, если мастер не решил иначе в этом раунде.",
        "D-9", default=False, exclude_if=lambda v: v is False)
    """D-9: whether a critical failure performing a manoeuvre starts a fall when the GM makes no
    call for the round (the original: it "may"; the GM's ``CritFall`` in an order decides).
    Off by default; left out of the dumped scenario when off."""
    copied_manoeuvre: Literal["fall", "lose_tail"] = field(
        "A pursuer failing to copy an aerobatic manoeuvre falls (fall) or only loses the tail (lose_tail).",
        "Преследователь, не сумевший повторить фигуру пилотажа, падает (fall) или только теряет "
        "хвост (lose_tail).", "D-11/D-12", default="fall")
    """D-11/D-12: a pursuer failing to copy an aerobatic manoeuvre falls (D-11) or only loses
    the tail."""
    bennies: int = field("Each Wild Card's Bennies at the start (a dragon's own bennies overrides it).",
                         "Фишки каждой дикой карты в начале боя (bennies дракона важнее).", "D-7",
                         default=3, ge=0, le=MAX_BENNIES, exclude_if=lambda v: v == 3)
    """D-7 (SWADE): each Wild Card's pool of Bennies at the start (a dragon's own ``bennies``
    overrides it); 0 empties the pools. Left out of the dumped scenario at 3."""
    gm_bennies: int | None = field(
        "The GM's Bennies for GM characters; left out: one per dragon run by a player.",
        "Фишки мастера для его персонажей; если не указано — по одной на каждого дракона игроков.",
        "D-7", default=None, ge=0, le=MAX_BENNIES, exclude_if=lambda v: v is None)
    """D-7 (SWADE): the GM's pool for GM characters (GM-run and turned dragons); not given: one
    per dragon run by a player, as SWADE gives the GM one per player character."""
    max_rounds: int | None = field("The fight ends undecided after this many rounds (null: no limit).",
                                   "Через столько раундов бой кончается вничью (null — без предела).",
                                   default=60, ge=1, le=MAX_ROUNDS)
    """The fight ends undecided after this many rounds (None: no limit)."""

    @field_validator("range_penalties")
    @classmethod
    def _penalties(cls, v: tuple[int, int, int]) -> tuple[int, int, int]:
        if not all(-MAX_PENALTY <= p <= 0 for p in v):
            raise FieldProblem("dragons.scenario.range_penalties", max=MAX_PENALTY, got=str(list(v)))
        return v


class DragonScenario(ScenarioModel):
    system: Literal["dragons"] = field("The rule set: dragons (a dragon duel).",
                                       "Свод правил: dragons (дуэль драконов).", default="dragons")
    battlefield: Literal["blue", "firmament"] = field(
        "Where the fight is: the open Blue (the fallen die) or over the Firmament (they may live).",
        "Где идёт бой: в открытой Синеве (упавшие гибнут) или над Твердью (могут выжить).",
        "D-13", default="blue")
    """D-13: the open Blue or over the Firmament."""

    @staticmethod
    def cast_rows(scenario: Mapping[str, Any]) -> Iterator[CastRow]:
        """Dragons, their pilots and weapons, with the scenario's grammar of each name; then
        the names players may use instead (``aliases:``), each of its name's kind and gender
        (an order written back to a player names «Эш» as the dragon Ash is named: «атакую Эша»)."""
        aliases = scenario.get("aliases") or {}
        named: list[tuple[Mapping[str, Any], str]] = []
        for d in scenario.get("dragons", ()):
            named.append((d, "dragon"))
            pilot = d.get("pilot") or {}
            if pilot.get("name"):
                named.append((pilot, "pilot"))
            named += [(w, "weapon") for w in d.get("weapons", ())]
        for spec, kind in named:
            yield spec["name"], kind, spec.get("gender"), spec.get("forms")
        for spec, kind in named:
            if spec["name"] not in aliases:
                continue
            gender = spec.get("gender")
            if gender is None:  # the name's gender as the grammar finds it, when it does
                found = Cast.of([(spec["name"], kind, None, spec.get("forms"))]).noun(spec["name"])
                gender = found.gender if found.gender_known else None
            for alias in aliases[spec["name"]]:
                yield alias, kind, gender, None

    @staticmethod
    def actor_rows(scenario: Mapping[str, Any]) -> Iterator[ActorRow]:
        """Each dragon, its player, whether the GM flies it (``gm:``), and its rider's name
        (a player may sign with it)."""
        for d in scenario.get("dragons", ()):
            rider = (d.get("pilot") or {}).get("name")
            yield d["name"], d.get("player"), bool(d.get("gm")), (rider,) if rider else ()

    options: DragonOptions = field("Rule options the GM may switch.",
                                   "Настройки правил, которые может менять мастер.",
                                   default_factory=DragonOptions)
    dragons: list[DragonSpec] = field("The dragons, two or more, of at least two sides.",
                                      "Драконы: двое или больше, хотя бы двух сторон.",
                                      min_length=2)

    @model_validator(mode="after")
    def _check(self) -> DragonScenario:
        check_roster([d.name for d in self.dragons], (d.side for d in self.dragons),
                     unique="dragons.scenario.dragon_names", gm="dragons.scenario.gm_name",
                     two_sides="dragons.scenario.two_sides")
        return self



EXAMPLE: dict[str, Any] = {
    "system": "dragons", "name": "Example duel", "battlefield": "blue",
    "dragons": [
        {"name": "Ash", "side": "red", "max_speed": 10, "toughness": 9, "speed": 6, "height": 12,
         "pilot": {"name": "Kira", "fighting": "d8", "piloting": "d10", "spirit": "d8"},
         "weapons": [{"name": "Flame", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180]},
                     {"name": "Claws", "kind": "melee", "damage": "2d6"}]},
        {"name": "Bane", "side": "blue", "max_speed": 9, "toughness": 9, "speed": 4, "height": 11,
         "pilot": {"name": "Vel", "fighting": "d10", "piloting": "d8", "spirit": "d6"},
         "weapons": [{"name": "Spines", "kind": "ranged", "damage": "2d6", "ranges": [50, 100, 150]},
                     {"name": "Jaws", "kind": "melee", "damage": "2d8"}]},
    ],
}
"""A small 1-vs-1 scenario for doctests and quick experiments (plain data, not yet validated)."""
