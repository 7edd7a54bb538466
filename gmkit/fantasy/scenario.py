"""The ``fantasy`` scenario section: who fights, with what, and the GM's options.

A scenario file lists combatants the way a GM copies them from a forum sheet: hit points as a number
or life dice (``2ЖК+3``), AC, damage tables (``0.5-1-1.5``), special attacks (``яд16ПБ6``), morale
and escape numbers. Every notation is parsed here, so a typo is a :class:`~gmkit.errors.ScenarioError`
naming the field and the character, before any die is rolled. A combatant's parts (attacks, spells,
items, conditions) are modelled in :mod:`gmkit.fantasy.specs` and re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from ..errors import DiceError, FieldProblem, quoted, rule_of
from ..i18n.grammar import CastRow
from ..roster import GM_NAME
from ..scenario import ActorRow, Grammatical, ScenarioModel, player_field
from ..schema import field, one_or_many, or_text
from . import rules
from .bounds import (
    AC_BEST,
    AC_MAX,
    MAX_COUNT,
    MAX_DAMAGE_MODIFIER,
    MAX_LEVEL,
    MAX_MODIFIER,
    MAX_POINTS,
    modifier_bounds,
    within,
)
from .notation import MAX_HP, MAX_PROTECTION, SPECIAL_KINDS, parse_life, parse_special
from .specs import (
    DEFAULT_EFFECTS,
    AttackSpec,
    ConditionSpec,
    EffectSpec,
    ItemSpec,
    RangedSpec,
    SpellSpec,
    _shorthand_list,
    _Strict,
)

__all__ = ["EffectSpec", "AttackSpec", "RangedSpec", "SpellSpec", "ItemSpec", "ConditionSpec",
           "CombatantSpec",
           "Options", "FantasyScenario", "DEFAULT_EFFECTS", "KINDS", "AC_BEST", "AC_MAX",
           "MAX_HP", "MAX_MODIFIER", "MAX_DAMAGE_MODIFIER", "MAX_POINTS", "MAX_LEVEL", "MAX_COUNT",
           "MAX_PROTECTION"]

KINDS = ("player", "companion", "pet", "mount", "monster")


class CombatantSpec(_Strict, Grammatical):
    """One combatant as a GM copies it from a sheet (F-1)."""

    name: str = field("The combatant's name (unique).", "Имя бойца (у каждого своё).",
                      min_length=1)
    side: str = field("Its side: combatants of one side fight together.",
                      "Сторона: бойцы одной стороны воюют вместе.", min_length=1)
    player: str | None = player_field()
    kind: Literal["player", "companion", "pet", "mount", "monster"] = field(
        "player, companion, pet (strikes on its owner's turn), mount (attacks with its rider) or monster.",
        "player — игрок, companion — спутник, pet — питомец (бьёт в ход хозяина), mount — ездовое "
        "животное (атакует вместе с всадником), monster — монстр.", "F-1, F-6", default="monster")
    owner: str | None = field("A pet's or companion's owner.", "Хозяин питомца или спутника.",
                              "F-6, F-7", default=None)
    """A pet's or companion's owner (F-6, F-7)."""
    rider: str | None = field("A mount's rider: it attacks only with its rider.",
                              "Всадник ездового животного: оно атакует только вместе с ним.", "F-6",
                              default=None)
    """A mount's rider (F-6): it attacks only with its rider."""
    hp: int | float | str = field("Hit points, or life dice like 2ЖК+3 rolled at the start.",
                                  "Хиты или кубы жизни вроде 2ЖК+3, брошенные в начале боя.", "F-1")
    """Hit points, or life dice like ``2ЖК+3`` rolled at the start (F-1)."""
    max_hp: int | float | None = field(
        "Hit points when unhurt, when hp gives fewer (a character wounded in an earlier fight); "
        "left out: hp.",
        "Хиты без ран, если hp меньше (персонаж, раненный в прошлом бою); если не указано — hp.",
        "F-1", default=None, exclude_if=lambda v: v is None)
    """F-1: the hit points healing may restore up to, when a campaign carries wounds into this
    fight (``hp`` is then the hit points now). Left out of the dumped scenario when not given."""
    conditions: list[ConditionSpec] = field(
        "States carried in from an earlier fight: [{status: poisoned, turns: 2, ongoing: 1-2}].",
        "Состояния, перенесённые из прошлого боя: [{status: poisoned, turns: 2, ongoing: 1-2}].",
        "F-4", default_factory=list, exclude_if=lambda v: not v)
    """F-4: states the combatant starts the fight with (a campaign carries them from the last
    one). Left out of the dumped scenario when empty."""
    ac: int | None = field("Armour class, -5 (best) and up; left out: 8 plus Dexterity.",
                           "Класс брони, от −5 (лучший) и выше; если не указан — 8 плюс Ловкость.",
                           "F-2", default=None, ge=AC_BEST, le=AC_MAX)
    """Armour class; left out: 8 plus Dexterity (F-2)."""
    strength: int = field("Strength: added to melee damage.", "Сила: прибавляется к урону в ближнем бою.",
                          "F-3", **modifier_bounds(MAX_DAMAGE_MODIFIER))
    dexterity: int = field("Dexterity: improves AC when ac is left out.",
                           "Ловкость: улучшает КБ, если ac не указан.", "F-2",
                           **modifier_bounds(MAX_MODIFIER))
    constitution: int = field("Constitution: added to ranged damage.",
                              "Телосложение: прибавляется к урону стрельбой.", "F-3",
                              **modifier_bounds(MAX_DAMAGE_MODIFIER))
    wisdom: int = field("Wisdom: added to protection rolls.", "Мудрость: прибавляется к броскам защиты.",
                        "F-5", **modifier_bounds(MAX_MODIFIER))
    easier_to_hit: int = field("Easier to hit by this much for anyone striking it (negative: harder).",
                               "Насколько легче по нему попасть (отрицательное — труднее).", "F-2",
                               **modifier_bounds(MAX_MODIFIER))
    """F-2: "easier to hit by N" (negative: harder) for anyone striking this combatant."""
    melee: list[AttackSpec] = field(
        "Melee attacks: one ({name: bite, damage: 1-2}) or a list; a bare table (1-2) is an attack too.",
        "Атаки ближнего боя: одна ({name: укус, damage: 1-2}) или список; просто таблица (1-2) — тоже атака.",
        "F-3, F-6", default_factory=lambda: [AttackSpec()], schema=one_or_many)
    ranged: RangedSpec | None = field("A ranged weapon for the ranged phase (or a bare damage table).",
                                      "Оружие для фазы стрельбы (или просто таблица урона).", "F-6",
                                      default=None, schema=or_text)
    spells: list[SpellSpec] = field("Spells it can cast.", "Заклинания, которые боец умеет применять.",
                                    "F-8", default_factory=list)
    items: list[ItemSpec] = field("Items and potions it carries.", "Предметы и зелья при себе.",
                                  "F-8", default_factory=list)
    morale: int | None = field("Morale on a d18: flees on a roll above it (left out: never flees).",
                               "Мораль на d18: бежит, если выпало больше (если не указана — не бежит).",
                               "F-9", default=None, ge=1, schema=within(1, 18))
    escape: list[int] | None = field(
        "The d6 faces on which a player escapes this enemy; [] means no escape.",
        "Грани d6, на которых игрок убегает от этого врага; [] — убежать нельзя.",
        "F-10", default=None, schema=within(1, 6))
    """F-10: the d6 faces on which a player escapes this enemy; [] means no escape from it."""
    reward: int = field("Reward points a player gets for killing it.",
                        "Очки награды, которые игрок получает за его убийство.", "F-7",
                        default=0, ge=0, le=MAX_POINTS)
    """F-7: reward points a player gets for killing it."""
    points: int = field("A player's reward points before the fight.",
                        "Очки награды игрока до боя.", "F-7", default=0, ge=0, le=MAX_POINTS)
    """F-7: a player's reward points before the fight."""
    level: int = field("A player's level.", "Уровень игрока.", "F-7", default=1, ge=1, le=MAX_LEVEL)
    levels: list[Annotated[int, Field(ge=1, le=MAX_POINTS)]] = field(
        "Reward points needed for each next level: [200, 400, 800].",
        "Очки награды, нужные для следующих уровней: [200, 400, 800].", "F-7",
        default_factory=list, max_length=MAX_LEVEL)
    """F-7: reward points needed for each next level (each once)."""
    strikes: int = field("Strikes per turn (2: a double strike).", "Ударов за ход (2 — двойной удар).",
                         "F-6", default=1, ge=1, le=4)
    """F-6: strikes per turn (2: a double strike)."""
    initiative: int = field("Out-of-turn strikes it may make (the Initiative spell).",
                            "Сколько внеочередных ударов он может нанести (заклинание «Инициатива»).",
                            "F-6", default=0, ge=0, le=MAX_COUNT)
    """F-6: out-of-turn strikes it may make ("Initiative" spell)."""
    skip_turns: int = field("Turns it must skip from the start.", "Сколько ходов пропускает с начала боя.",
                            "F-6", default=0, ge=0, le=MAX_COUNT)
    """F-6: turns it must skip from the start."""
    attacks_alone: bool = field("A mount that fights even without its rider.",
                                "Ездовое животное, которое сражается и без всадника.", "F-6",
                                default=False)
    """F-6: a mount that fights even without its rider."""

    @field_validator("melee", mode="before")
    @classmethod
    def _melee(cls, v: Any) -> Any:
        return _shorthand_list(v)

    @field_validator("hp")
    @classmethod
    def _hp(cls, v: Any) -> Any:
        if isinstance(v, str):
            try:
                parse_life(v)
            except DiceError as e:
                raise FieldProblem("fantasy.scenario.life", english=str(e), rule=rule_of(str(e)),
                                   got=quoted(v), example="2ЖК+3") from None
        elif not 0 < v <= MAX_HP:  # NaN fails this too
            raise FieldProblem("fantasy.scenario.hp", max=MAX_HP, got=v)
        return v

    @field_validator("max_hp")
    @classmethod
    def _max_hp(cls, v: int | float | None) -> int | float | None:
        if v is not None and not 0 < v <= MAX_HP:  # NaN fails this too
            raise FieldProblem("fantasy.scenario.hp", max=MAX_HP, got=v)
        return v

    @model_validator(mode="after")
    def _hurt(self) -> CombatantSpec:
        if self.max_hp is not None:
            if isinstance(self.hp, str):
                raise FieldProblem("fantasy.scenario.max_hp_dice", field="max_hp", hp_field="hp")
            if self.hp > self.max_hp:
                raise FieldProblem("fantasy.scenario.max_hp_below", hp=self.hp, got=self.max_hp)
        return self

    @field_validator("levels")
    @classmethod
    def _levels(cls, v: list[int]) -> list[int]:
        if len(set(v)) != len(v):
            twice = next(n for n in v if v.count(n) > 1)
            raise FieldProblem("fantasy.scenario.levels_twice", got=twice)
        return v

    @model_validator(mode="after")
    def _unarmoured(self) -> CombatantSpec:
        if self.ac is None and rules.unarmoured_ac(self.dexterity) < AC_BEST:
            raise FieldProblem("fantasy.scenario.dexterity", field="dexterity", ac_field="ac",
                               ac=rules.unarmoured_ac(self.dexterity), best=AC_BEST)
        return self

    @field_validator("escape")
    @classmethod
    def _escape(cls, v: list[int] | None) -> list[int] | None:
        if v is not None:
            for n in v:
                if not 1 <= n <= 6:
                    raise FieldProblem("fantasy.scenario.escape", got=n)
        return v

    @field_validator("morale")
    @classmethod
    def _morale(cls, v: int | None) -> int | None:
        if v is not None and v > 18:
            raise FieldProblem("fantasy.scenario.morale", got=v)
        return v


class Options(_Strict):
    """The GM's choices for this fight (F-6)."""

    variant: Literal[1, 2] = field(
        "1: all of a side strike on its turn (recommended); 2: one striker per turn.",
        "1 — на своём ходу бьют все бойцы стороны (рекомендуется); "
        "2 — один боец за ход.", "F-6", default=1)
    """F-6: 1 = all of a side strike on its turn (recommended); 2 = one striker per turn."""
    cap: Literal["none", "twice_opponents"] | int = field(
        "Variant 1: at most this many strikers per turn (twice_opponents: twice the opponents; "
        "none: no cap).",
        "Вариант 1: наибольшее число бьющих за ход (twice_opponents — вдвое больше противников; "
        "none — без предела).", "F-6", default="none")
    """F-6 Variant 1: at most this many strikers per turn ('twice_opponents': twice the opponents)."""
    ranged_phase: bool = field("A ranged phase opens the fight.", "Бой начинается с фазы стрельбы.",
                               "F-6", default=True)
    first: str | None = field(
        "The side that strikes first in melee, when the GM decides (left out: a d6 roll-off).",
        "Сторона, которая бьёт первой в ближнем бою, если решает мастер "
        "(если не указано — бросок d6).", "F-6", default=None)
    """F-6: the side that strikes first in melee, when the GM decides instead of the d6 roll-off."""
    ranged_first: str | None = field("The side that shoots first in the ranged phase, when the GM sets it.",
                                     "Сторона, которая стреляет первой, если её назначает мастер.",
                                     "F-6", default=None)
    """F-6: the side that shoots first in the ranged phase, when the GM sets it (or typed the roll-off)."""
    flight: bool = field("Fleeing is allowed in this fight (false: the GM forbids it).",
                         "В этом бою можно бежать (false — мастер запрещает).", "F-10", default=True)
    """F-10: False when the GM forbids fleeing in this fight."""

    @field_validator("cap")
    @classmethod
    def _cap(cls, v: Any) -> Any:
        if isinstance(v, int) and not 1 <= v <= MAX_COUNT:
            raise FieldProblem("fantasy.scenario.cap", max=MAX_COUNT, got=v)
        return v


class FantasyScenario(ScenarioModel):
    """A fantasy skirmish (rule set F): two or more sides, each fighting for itself."""

    @staticmethod
    def cast_rows(scenario: Mapping[str, Any]) -> Iterator[CastRow]:
        """Combatants (characters, monsters, pets, mounts), their attacks, spells and items."""
        kinds = {"player": "character", "monster": "monster", "pet": "pet", "mount": "mount"}
        for c in scenario.get("combatants", ()):
            yield c["name"], kinds.get(c.get("kind", ""), "character"), c.get("gender"), c.get("forms")
        for c in scenario.get("combatants", ()):
            for w in [*(c.get("melee") or ()), *([c["ranged"]] if c.get("ranged") else [])]:
                yield w["name"], "weapon", w.get("gender"), w.get("forms")
            for s in c.get("spells") or ():
                yield s["name"], "spell", s.get("gender"), s.get("forms")
            for i in c.get("items") or ():
                yield i["name"], "item", i.get("gender"), i.get("forms")

    @staticmethod
    def actor_rows(scenario: Mapping[str, Any]) -> Iterator[ActorRow]:
        """Each combatant and its player; everyone but the player characters (monsters,
        companions, pets, mounts) is the GM's unless the scenario names a player for it."""
        for c in scenario.get("combatants", ()):
            yield c["name"], c.get("player"), c.get("kind", "monster") != "player", ()

    system: Literal["fantasy"] = field("The rule set: fantasy (a fantasy skirmish).",
                                       "Свод правил: fantasy (фэнтезийная стычка).", default="fantasy")
    combatants: list[CombatantSpec] = field("The combatants, two or more, of at least two sides.",
                                            "Бойцы: двое или больше, хотя бы двух сторон.", "F-1",
                                            min_length=2)
    sides: list[str] = field(
        "The sides in order (optional); every combatant's side must be listed.",
        "Стороны по порядку (необязательно); сторона каждого бойца должна быть в списке.",
        default_factory=list)
    """Side order as listed (optional); every combatant's side must be among them when given."""
    effects: dict[str, EffectSpec] = field(
        "What each kind of special attack does (poison, яд, gas...), overriding gmkit's defaults.",
        "Что делает каждый вид особой атаки (poison, яд, gas...); заменяет значения gmkit по умолчанию.",
        "F-4", default_factory=dict)
    """F-4: what each kind of special attack does (overrides :data:`DEFAULT_EFFECTS`)."""
    options: Options = field("Rule options the GM chooses for this fight.",
                             "Настройки правил, которые мастер выбирает для этого боя.",
                             default_factory=Options)
    reveal: list[Literal["hp", "ac", "specials"]] | None = field(
        "What players see of the other sides' monsters (and their pets and mounts): hp (hit "
        "points), ac (armour class), specials (the notation of special attacks, like poison17PR7). "
        "Left out: none of them; the chance to hit is always shown and a special attack is told "
        "in words. Player characters and companions are known to all.",
        "Что игроки видят у противников других сторон (и у их питомцев и скакунов): hp (очки "
        "риска), ac (класс доспеха), specials (запись особых атак вроде яд17ПБ7). Если не указано — "
        "ничего из этого; шанс попасть виден всегда, особая атака описана словами. Персонажей "
        "игроков и спутников видят все.",
        default=None, exclude_if=lambda v: v is None)
    """What players see of monsters of another side (:mod:`gmkit.fantasy.reveal`); None: nothing."""

    @field_validator("effects")
    @classmethod
    def _effect_kinds(cls, v: dict[str, EffectSpec]) -> dict[str, EffectSpec]:
        """F-4: effects may be keyed in either spelling (яд, poison); stored under the Latin code."""
        out: dict[str, EffectSpec] = {}
        for key, spec in v.items():
            code = SPECIAL_KINDS.get(key.lower().replace(" ", "").replace("ё", "е"), key)
            if code in out:
                raise FieldProblem("fantasy.scenario.effect_twice", code=quoted(code),
                                   spelling=quoted(key))
            out[code] = spec
        return out

    @model_validator(mode="after")
    def _links(self) -> FantasyScenario:
        names: dict[str, CombatantSpec] = {}
        for c in self.combatants:
            if c.name in names:
                raise FieldProblem("fantasy.scenario.combatant_twice", name=quoted(c.name))
            if c.name == GM_NAME:  # the phase, turn and outcome lines of the record stand under it
                raise FieldProblem("fantasy.scenario.gm_name", gm=quoted(GM_NAME))
            names[c.name] = c
        sides = list(dict.fromkeys(c.side for c in self.combatants))
        if self.sides:
            unknown = [s for s in sides if s not in self.sides]
            if unknown:
                raise FieldProblem("fantasy.scenario.side_unlisted",
                                   english=f"sides: {unknown[0]!r} is not listed in sides {self.sides}",
                                   field="sides", side=quoted(unknown[0]),
                                   sides=[quoted(x) for x in self.sides])
        if len(sides) < 2:
            raise FieldProblem("fantasy.scenario.two_sides",
                               english=f"F-6: a fight needs at least two sides, got {sides}",
                               sides=[quoted(x) for x in sides])
        for field_name in ("first", "ranged_first"):
            value = getattr(self.options, field_name)
            if value is not None and value not in sides:
                raise FieldProblem("fantasy.scenario.no_side",
                                   english=f"options.{field_name}: no side named {value!r}; "
                                           f"sides are {sides}",
                                   path=f"options.{field_name}", side=quoted(value),
                                   sides=[quoted(x) for x in sides])
        for value in self.side_names:  # a misspelt side would leave its group name unused
            if value not in sides:
                raise FieldProblem("fantasy.scenario.no_side",
                                   english=f"side_names.{value}: no side named {value!r}; sides are {sides}",
                                   path=f"side_names.{value}", side=quoted(value),
                                   sides=[quoted(x) for x in sides])
        for c in self.combatants:
            if c.kind == "pet" and c.owner is None:
                raise FieldProblem("fantasy.scenario.pet_owner", name=c.name)
            if c.owner is not None:
                o = names.get(c.owner)
                if o is None:
                    raise FieldProblem("fantasy.scenario.no_combatant", name=c.name, field="owner",
                                       who=quoted(c.owner))
                if o.side != c.side:
                    raise FieldProblem("fantasy.scenario.owner_side", name=c.name, field="owner",
                                       owner=c.owner, side=quoted(o.side), own=quoted(c.side))
            if c.kind == "mount":
                if c.rider is None:
                    raise FieldProblem("fantasy.scenario.mount_rider", name=c.name)
            if c.rider is not None:
                if c.kind != "mount":
                    raise FieldProblem("fantasy.scenario.rider_not_mount", name=c.name, field="rider")
                r = names.get(c.rider)
                if r is None:
                    raise FieldProblem("fantasy.scenario.no_combatant", name=c.name, field="rider",
                                       who=quoted(c.rider))
                if r.side != c.side:
                    raise FieldProblem("fantasy.scenario.rider_side", name=c.name, field="rider",
                                       rider=c.rider, side=quoted(r.side))
                if r.kind in ("mount", "pet"):
                    raise FieldProblem("fantasy.scenario.rider_kind", name=c.name, field="rider",
                                       kind={"key": f"fantasy.scenario.kind.{r.kind}"})
                others = [m.name for m in self.combatants if m.rider == c.rider and m is not c]
                if others:
                    raise FieldProblem("fantasy.scenario.rides_already", name=c.name, field="rider",
                                       rider=c.rider, other=others[0])
            for a in c.melee:
                for text in a.special:
                    kind = parse_special(text).kind
                    if kind not in SPECIAL_KINDS.values() and kind not in self.effects:
                        raise FieldProblem("fantasy.scenario.special_unknown",
                                           path=f"{c.name}.melee.{a.name}", text=quoted(text),
                                           kind=quoted(kind), where=f"effects.{kind}")
            names_seen: set[str] = set()
            for a in c.melee:
                if a.name in names_seen:
                    raise FieldProblem("fantasy.scenario.attacks_twice", path=f"{c.name}.melee",
                                       attack=quoted(a.name))
                names_seen.add(a.name)
        return self
