"""The parts of a ``fantasy`` combatant as a scenario file gives them (F-3, F-4, F-8): attacks,
ranged weapons, spells, items, the effects they have and the conditions a fight starts with, each
a pydantic model that parses its notation, so a typo names the field before any die is rolled.
The combatant, the options and the whole section are :mod:`gmkit.fantasy.scenario`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from ..errors import DiceError, FieldProblem, quoted, rule_of
from ..scenario import Grammatical
from ..schema import field, one_or_many
from .bounds import (
    MAX_COUNT,
    MAX_MODIFIER,
    check_damage,
    check_table,
    modifier_bounds,
)
from .notation import MAX_PROTECTION, parse_special

__all__ = ["EffectSpec", "AttackSpec", "RangedSpec", "SpellSpec", "ItemSpec", "ConditionSpec",
           "DEFAULT_EFFECTS"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EffectSpec(_Strict):
    """What a special attack, a spell or an item does: data the GM sets (F-4, F-8).

    ``damage`` is a C-6 table or a percentage of current hit points (F-3); ``status`` marks the
    target (``poisoned``, ``petrified``...) for ``turns`` of its own turns (None: for the fight);
    ``disables`` makes the status keep it from acting; ``ongoing`` is damage taken at the start of
    each of its side's turns while the status lasts; ``cure`` lifts statuses; ``initiative`` grants
    out-of-turn strikes (F-6).
    """

    damage: str | None = field(
        "Damage done: a table of values (1-2-3) or a share of current hit points (50%).",
        "Наносимый урон: таблица значений (1-2-3) или доля текущих хитов (50%).", "F-3, C-6",
        default=None)
    heal: str | None = field("Hit points restored: a table of values (2-3-4).",
                             "Сколько хитов восстанавливает: таблица значений (2-3-4).", "F-8",
                             default=None)
    status: str | None = field("A mark left on the target: poisoned, petrified, paralysed...",
                               "Состояние цели после действия: poisoned, petrified, paralysed...",
                               "F-4", default=None)
    turns: int | None = field("How many of the target's own turns the status lasts (left out: the fight).",
                              "Сколько собственных ходов цели длится состояние (если не указано — "
                              "до конца боя).", "F-4", default=None, ge=1, le=MAX_COUNT)
    disables: bool = field("The status keeps the target from acting.",
                           "Состояние не даёт цели действовать.", "F-4", default=False)
    ongoing: str | None = field(
        "Damage taken at the start of each of its side's turns while the status lasts (1-2).",
        "Урон в начале каждого хода стороны цели, пока длится состояние (1-2).", "F-4",
        default=None)
    cure: list[str] = field("Statuses it lifts: [poisoned].", "Какие состояния снимает: [poisoned].",
                            "F-8", default_factory=list)
    initiative: int = field("Out-of-turn strikes it grants.", "Сколько внеочередных ударов даёт.",
                            "F-6", default=0, ge=0, le=MAX_COUNT)

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str | None) -> str | None:
        return check_damage(v)

    @field_validator("heal", "ongoing")
    @classmethod
    def _tables(cls, v: str | None) -> str | None:
        return check_table(v)


DEFAULT_EFFECTS: dict[str, dict[str, Any]] = {
    "poison": {"damage": "50%", "status": "poisoned", "ongoing": "1-2", "turns": 3},
    "gas": {"damage": "1-2-3-4-5-6"},
    "fire": {"damage": "2-3-4-5-6-7"},
    "fire_spirit": {"damage": "50%"},
    "petrification": {"status": "petrified", "disables": True},
    "paralysis": {"status": "paralysed", "disables": True, "turns": 2},
}
"""F-4 [gmkit default]: what each named special attack does when the scenario's ``effects`` do not say.

The original leaves every effect to the GM; these are only starting points a scenario overrides.
"""


def _shorthand_list(v: Any) -> Any:
    if isinstance(v, (str, dict)):
        return [v]
    return v


class _Weapon(_Strict, Grammatical):
    """What melee attacks and ranged weapons share: a damage table (F-3, C-6), which may be
    written alone as a string (``claws: 1-2-3``)."""

    damage: str = field("A damage table (1-2-3, 0.5-1-1.5): one value per die face, picked evenly.",
                        "Таблица урона (1-2-3, 0.5-1-1.5): значения выпадают равновероятно.",
                        "F-3, C-6")

    @model_validator(mode="before")
    @classmethod
    def _short(cls, v: Any) -> Any:
        if isinstance(v, str):
            return {"damage": v}
        return v

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str) -> str:
        check_damage(v)
        return v


class AttackSpec(_Weapon):
    """One kind of melee attack (F-3, F-6): its damage, to-hit bonus and special attacks (F-4)."""

    name: str = field("The attack's name (bite, sword...); each differs within a combatant.",
                      "Название атаки (укус, меч...); у одного бойца все разные.",
                      default="attack")
    damage: str = field("A damage table (1-2-3, 0.5-1-1.5): one value per die face, picked evenly.",
                        "Таблица урона (1-2-3, 0.5-1-1.5): значения выпадают равновероятно.",
                        "F-3, C-6", default="0-1-2")
    to_hit: int = field("Added to the d18 to hit.", "Прибавка к броску d18 на попадание.", "F-2",
                        **modifier_bounds(MAX_MODIFIER))
    special: list[str] = field(
        "Special attacks in the sheet's notation: яд16ПБ6 (poison on 16+, protection roll 6).",
        "Особые атаки в записи анкеты: яд16ПБ6 (яд на 16+, бросок защиты 6).", "F-4, F-5",
        default_factory=list, schema=one_or_many)

    @field_validator("special", mode="before")
    @classmethod
    def _specials(cls, v: Any) -> Any:
        v = _shorthand_list(v)
        if isinstance(v, list):
            for text in v:
                if isinstance(text, str):
                    try:
                        parse_special(text)
                    except DiceError as e:
                        raise FieldProblem("fantasy.scenario.special", english=str(e),
                                           rule=rule_of(str(e)), got=quoted(text),
                                           example="яд16ПБ6") from None
        return v


class RangedSpec(_Weapon):
    """A ranged weapon (F-6 ranged phase); Constitution modifies its damage (F-3)."""

    name: str = field("The weapon's name.", "Название оружия.", default="bow")
    damage: str = field("A damage table (1-2-3); Constitution adds to it.",
                        "Таблица урона (1-2-3); к ней прибавляется Телосложение.", "F-3, C-6")
    to_hit: int = field("Added to the d18 to hit.", "Прибавка к броску d18 на попадание.", "F-2",
                        **modifier_bounds(MAX_MODIFIER))


class SpellSpec(EffectSpec, Grammatical):
    """A spell the GM describes: its effect as data, whom it targets, how often it can be cast."""

    name: str = field("The spell's name.", "Название заклинания.")
    target: Literal["enemy", "ally", "self"] = field("Whom it is cast on: enemy, ally or self.",
                                                     "На кого: enemy — враг, ally — союзник, "
                                                     "self — на себя.", default="enemy")
    uses: int | None = field("How many times it can be cast (left out: without limit).",
                             "Сколько раз можно применить (если не указано — без ограничения).",
                             default=None, ge=0, le=MAX_COUNT)
    to_hit: bool = field("It must hit like a strike (a d18 against AC).",
                         "Должно попасть, как удар (d18 против КБ).", "F-2", default=False)
    protection: int | None = field("The protection roll that avoids it (left out: none).",
                                   "Бросок защиты, который позволяет избежать действия (если не "
                                   "указан — нет).", "F-5", default=None, ge=1, le=MAX_PROTECTION)


class ItemSpec(EffectSpec, Grammatical):
    """An item or potion (F-8): its effect as data, whom it targets, how many uses."""

    name: str = field("The item's name.", "Название предмета.", "F-8")
    target: Literal["enemy", "ally", "self"] = field("Whom it is used on: enemy, ally or self.",
                                                     "На кого: enemy — враг, ally — союзник, "
                                                     "self — на себя.", "F-8", default="self")
    uses: int = field("How many uses it has.", "Сколько раз можно использовать.", "F-8",
                      default=1, ge=0, le=MAX_COUNT)
    protection: int | None = field("The protection roll that avoids it (left out: none).",
                                   "Бросок защиты, который позволяет избежать действия (если не "
                                   "указан — нет).", "F-5", default=None, ge=1, le=MAX_PROTECTION)


class ConditionSpec(_Strict):
    """A state a combatant brings into the fight from an earlier one (a campaign carries it):
    poisoned for two more turns, petrified until cured (F-4)."""

    status: str = field("The state: poisoned, petrified, paralysed...",
                        "Состояние: poisoned, petrified, paralysed...", "F-4", min_length=1)
    turns: int | None = field("How many of its bearer's own turns it still lasts (left out: until cured).",
                              "Сколько собственных ходов бойца оно ещё длится (если не указано — "
                              "пока не исцелят).", "F-4", default=None, ge=1, le=MAX_COUNT)
    disables: bool = field("The state keeps its bearer from acting.",
                           "Состояние не даёт бойцу действовать.", "F-4", default=False)
    ongoing: str | None = field("Damage taken at the start of each of its side's turns while it lasts (1-2).",
                                "Урон в начале каждого хода стороны, пока оно длится (1-2).", "F-4",
                                default=None)

    @field_validator("ongoing")
    @classmethod
    def _table(cls, v: str | None) -> str | None:
        return check_table(v)
