"""The ``fantasy`` scenario section: who fights, with what, and the GM's options.

A scenario file lists combatants the way a GM copies them from a forum sheet: hit points as a number
or life dice (``2ЖК+3``), AC, damage tables (``0.5-1-1.5``), special attacks (``яд16ПБ6``), morale
and escape numbers. Every notation is parsed here, so a typo is a :class:`~gmkit.errors.ScenarioError`
naming the field and the character, before any die is rolled.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..errors import DiceError
from ..scenario import ScenarioModel
from . import rules
from .notation import MAX_HP, MAX_PROTECTION, SPECIAL_KINDS, parse_damage, parse_life, parse_special

__all__ = ["EffectSpec", "AttackSpec", "RangedSpec", "SpellSpec", "ItemSpec", "CombatantSpec",
           "Options", "FantasyScenario", "DEFAULT_EFFECTS", "KINDS", "AC_BEST", "AC_MAX",
           "MAX_HP", "MAX_MODIFIER", "MAX_DAMAGE_MODIFIER", "MAX_POINTS", "MAX_LEVEL", "MAX_COUNT",
           "MAX_PROTECTION"]

KINDS = ("player", "companion", "pet", "mount", "monster")

# Every number of a sheet is bounded (issue 14): by the rules where they set a range, otherwise
# [gmkit bound] far past anything a forum sheet gives, so that a typo (an AC of 10^30) is refused.
AC_BEST = -5
"""F-2: "armour class takes values from -5 (the best AC) to 15 (and, in theory, higher)"."""
AC_MAX = 100
"""[gmkit bound] AC 16 and above all mean "always hit" (F-2); 100 is far past any sheet."""
MAX_MODIFIER = 18
"""A modifier of a d18 roll (to hit, "easier to hit", Wisdom, Dexterity's share of AC): at most
the d18's own 18 either way; past 17 the roll is decided anyway."""
MAX_DAMAGE_MODIFIER = 100
"""[gmkit bound] Strength or Constitution added to a damage table's value (F-3)."""
MAX_POINTS = 10**9
"""[gmkit bound] reward points (F-7), given or needed for a level."""
MAX_LEVEL = 1000
"""[gmkit bound] a player's level (F-7)."""
MAX_COUNT = 1000
"""[gmkit bound] turns, uses, out-of-turn strikes and strikers a sheet or option counts: a
fight is tens of turns."""


def _modifier(limit: int) -> Any:
    return Field(default=0, ge=-limit, le=limit)


def _check_damage(v: str | None) -> str | None:
    if v is None:
        return v
    try:
        parse_damage(v)
    except DiceError as e:
        raise ValueError(str(e)) from None
    return v


def _check_table(v: str | None) -> str | None:
    if v is None:
        return v
    try:
        spec = parse_damage(v)
    except DiceError as e:
        raise ValueError(str(e)) from None
    if spec.percent is not None:
        raise ValueError(f"C-6: a table of values like '1-2-3' is needed here, got {v!r}")
    return v


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

    damage: str | None = None
    heal: str | None = None
    status: str | None = None
    turns: int | None = Field(default=None, ge=1, le=MAX_COUNT)
    disables: bool = False
    ongoing: str | None = None
    cure: list[str] = Field(default_factory=list)
    initiative: int = Field(default=0, ge=0, le=MAX_COUNT)

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str | None) -> str | None:
        return _check_damage(v)

    @field_validator("heal", "ongoing")
    @classmethod
    def _tables(cls, v: str | None) -> str | None:
        return _check_table(v)


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


class _Weapon(_Strict):
    """What melee attacks and ranged weapons share: a damage table (F-3, C-6), which may be
    written alone as a string (``claws: 1-2-3``)."""

    damage: str

    @model_validator(mode="before")
    @classmethod
    def _short(cls, v: Any) -> Any:
        if isinstance(v, str):
            return {"damage": v}
        return v

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str) -> str:
        _check_damage(v)
        return v


class AttackSpec(_Weapon):
    """One kind of melee attack (F-3, F-6): its damage, to-hit bonus and special attacks (F-4)."""

    name: str = "attack"
    damage: str = "0-1-2"
    to_hit: int = _modifier(MAX_MODIFIER)
    special: list[str] = Field(default_factory=list)

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
                        raise ValueError(str(e)) from None
        return v


class RangedSpec(_Weapon):
    """A ranged weapon (F-6 ranged phase); Constitution modifies its damage (F-3)."""

    name: str = "bow"
    damage: str
    to_hit: int = _modifier(MAX_MODIFIER)


class SpellSpec(EffectSpec):
    """A spell the GM describes: its effect as data, whom it targets, how often it can be cast."""

    name: str
    target: Literal["enemy", "ally", "self"] = "enemy"
    uses: int | None = Field(default=None, ge=0, le=MAX_COUNT)
    to_hit: bool = False
    protection: int | None = Field(default=None, ge=1, le=MAX_PROTECTION)


class ItemSpec(EffectSpec):
    """An item or potion (F-8): its effect as data, whom it targets, how many uses."""

    name: str
    target: Literal["enemy", "ally", "self"] = "self"
    uses: int = Field(default=1, ge=0, le=MAX_COUNT)
    protection: int | None = Field(default=None, ge=1, le=MAX_PROTECTION)


class CombatantSpec(_Strict):
    """One combatant as a GM copies it from a sheet (F-1)."""

    name: str = Field(min_length=1)
    side: str = Field(min_length=1)
    kind: Literal["player", "companion", "pet", "mount", "monster"] = "monster"
    owner: str | None = None
    """A pet's or companion's owner (F-6, F-7)."""
    rider: str | None = None
    """A mount's rider (F-6): it attacks only with its rider."""
    hp: int | float | str
    """Hit points, or life dice like ``2ЖК+3`` rolled at the start (F-1)."""
    ac: int | None = Field(default=None, ge=AC_BEST, le=AC_MAX)
    """Armour class; left out: 8 plus Dexterity (F-2)."""
    strength: int = _modifier(MAX_DAMAGE_MODIFIER)
    dexterity: int = _modifier(MAX_MODIFIER)
    constitution: int = _modifier(MAX_DAMAGE_MODIFIER)
    wisdom: int = _modifier(MAX_MODIFIER)
    easier_to_hit: int = _modifier(MAX_MODIFIER)
    """F-2: "easier to hit by N" (negative: harder) for anyone striking this combatant."""
    melee: list[AttackSpec] = Field(default_factory=lambda: [AttackSpec()])
    ranged: RangedSpec | None = None
    spells: list[SpellSpec] = Field(default_factory=list)
    items: list[ItemSpec] = Field(default_factory=list)
    morale: int | None = Field(default=None, ge=1)
    escape: list[int] | None = None
    """F-10: the d6 faces on which a player escapes this enemy; [] means no escape from it."""
    reward: int = Field(default=0, ge=0, le=MAX_POINTS)
    """F-7: reward points a player gets for killing it."""
    points: int = Field(default=0, ge=0, le=MAX_POINTS)
    """F-7: a player's reward points before the fight."""
    level: int = Field(default=1, ge=1, le=MAX_LEVEL)
    levels: list[Annotated[int, Field(ge=1, le=MAX_POINTS)]] = Field(default_factory=list,
                                                                     max_length=MAX_LEVEL)
    """F-7: reward points needed for each next level (each once)."""
    strikes: int = Field(default=1, ge=1, le=4)
    """F-6: strikes per turn (2: a double strike)."""
    initiative: int = Field(default=0, ge=0, le=MAX_COUNT)
    """F-6: out-of-turn strikes it may make ("Initiative" spell)."""
    skip_turns: int = Field(default=0, ge=0, le=MAX_COUNT)
    """F-6: turns it must skip from the start."""
    attacks_alone: bool = False
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
                raise ValueError(str(e)) from None
        elif not 0 < v <= MAX_HP:  # NaN fails this too
            raise ValueError(f"F-1: hit points above 0 (0 is dead) and at most {MAX_HP}, got {v}")
        return v

    @field_validator("levels")
    @classmethod
    def _levels(cls, v: list[int]) -> list[int]:
        if len(set(v)) != len(v):
            twice = next(n for n in v if v.count(n) > 1)
            raise ValueError(f"F-7: each level's reward points are given once; {twice} is given twice")
        return v

    @model_validator(mode="after")
    def _unarmoured(self) -> "CombatantSpec":
        if self.ac is None and rules.unarmoured_ac(self.dexterity) < AC_BEST:
            raise ValueError(f"dexterity: F-2: with no ac given, AC is 8 plus Dexterity = "
                             f"{rules.unarmoured_ac(self.dexterity)}, better than the best, {AC_BEST}")
        return self

    @field_validator("escape")
    @classmethod
    def _escape(cls, v: list[int] | None) -> list[int] | None:
        if v is not None:
            for n in v:
                if not 1 <= n <= 6:
                    raise ValueError(f"F-10: escape numbers are d6 faces 1..6, got {n}")
        return v

    @field_validator("morale")
    @classmethod
    def _morale(cls, v: int | None) -> int | None:
        if v is not None and v > 18:
            raise ValueError(f"F-9: morale is rolled on d18, so 1..18; got {v} (leave it out for "
                             f"an enemy that never flees)")
        return v


class Options(_Strict):
    """The GM's choices for this fight (F-6)."""

    variant: Literal[1, 2] = 1
    """F-6: 1 = all of a side strike on its turn (recommended); 2 = one striker per turn."""
    cap: Literal["none", "twice_opponents"] | int = "none"
    """F-6 Variant 1: at most this many strikers per turn ('twice_opponents': twice the opponents)."""
    ranged_phase: bool = True
    first: str | None = None
    """F-6: the side that strikes first in melee, when the GM decides instead of the d6 roll-off."""
    ranged_first: str | None = None
    """F-6: the side that shoots first in the ranged phase, when the GM sets it (or typed the roll-off)."""
    flight: bool = True
    """F-10: False when the GM forbids fleeing in this fight."""

    @field_validator("cap")
    @classmethod
    def _cap(cls, v: Any) -> Any:
        if isinstance(v, int) and not 1 <= v <= MAX_COUNT:
            raise ValueError(f"F-6: a cap of strikers per turn is 1..{MAX_COUNT}, got {v}")
        return v


class FantasyScenario(ScenarioModel):
    """A fantasy skirmish (rule set F): two or more sides, each fighting for itself."""

    system: Literal["fantasy"] = "fantasy"
    combatants: list[CombatantSpec] = Field(min_length=2)
    sides: list[str] = Field(default_factory=list)
    """Side order as listed (optional); every combatant's side must be among them when given."""
    effects: dict[str, EffectSpec] = Field(default_factory=dict)
    """F-4: what each kind of special attack does (overrides :data:`DEFAULT_EFFECTS`)."""
    options: Options = Field(default_factory=Options)

    @field_validator("effects")
    @classmethod
    def _effect_kinds(cls, v: dict[str, EffectSpec]) -> dict[str, EffectSpec]:
        """F-4: effects may be keyed in either spelling (яд, poison); stored under the Latin code."""
        out: dict[str, EffectSpec] = {}
        for key, spec in v.items():
            code = SPECIAL_KINDS.get(key.lower().replace(" ", "").replace("ё", "е"), key)
            if code in out:
                raise ValueError(f"F-4: the effect of {code!r} is given twice (as {key!r} too)")
            out[code] = spec
        return out

    @model_validator(mode="after")
    def _links(self) -> "FantasyScenario":
        names: dict[str, CombatantSpec] = {}
        for c in self.combatants:
            if c.name in names:
                raise ValueError(f"combatant names must be unique: {c.name!r} appears twice")
            names[c.name] = c
        sides = list(dict.fromkeys(c.side for c in self.combatants))
        if self.sides:
            unknown = [s for s in sides if s not in self.sides]
            if unknown:
                raise ValueError(f"sides: {unknown[0]!r} is not listed in sides {self.sides}")
        if len(sides) < 2:
            raise ValueError(f"F-6: a fight needs at least two sides, got {sides}")
        for field_name in ("first", "ranged_first"):
            value = getattr(self.options, field_name)
            if value is not None and value not in sides:
                raise ValueError(f"options.{field_name}: no side named {value!r}; sides are {sides}")
        for c in self.combatants:
            if c.kind == "pet" and c.owner is None:
                raise ValueError(f"{c.name}: a pet needs an owner (F-6)")
            if c.owner is not None:
                o = names.get(c.owner)
                if o is None:
                    raise ValueError(f"{c.name}.owner: no combatant named {c.owner!r}")
                if o.side != c.side:
                    raise ValueError(f"{c.name}.owner: {c.owner} fights for {o.side!r}, "
                                     f"not {c.side!r}")
            if c.kind == "mount":
                if c.rider is None:
                    raise ValueError(f"{c.name}: a mount needs a rider (F-6)")
            if c.rider is not None:
                if c.kind != "mount":
                    raise ValueError(f"{c.name}.rider: only a mount has a rider")
                r = names.get(c.rider)
                if r is None:
                    raise ValueError(f"{c.name}.rider: no combatant named {c.rider!r}")
                if r.side != c.side:
                    raise ValueError(f"{c.name}.rider: {c.rider} fights for {r.side!r}")
                if r.kind in ("mount", "pet"):
                    raise ValueError(f"{c.name}.rider: a {r.kind} cannot ride")
                others = [m.name for m in self.combatants if m.rider == c.rider and m is not c]
                if others:
                    raise ValueError(f"{c.name}.rider: {c.rider} already rides {others[0]}")
            for a in c.melee:
                for text in a.special:
                    kind = parse_special(text).kind
                    if kind not in SPECIAL_KINDS.values() and kind not in self.effects:
                        raise ValueError(f"{c.name}.melee.{a.name}: special attack {text!r} of an "
                                         f"unknown kind {kind!r}: set its effect under effects.{kind} (F-4)")
            names_seen: set[str] = set()
            for a in c.melee:
                if a.name in names_seen:
                    raise ValueError(f"{c.name}.melee: two attacks named {a.name!r}")
                names_seen.add(a.name)
        return self


