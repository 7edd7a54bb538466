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

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..dice import parse, parse_trait
from ..errors import DiceError
from ..scenario import ScenarioModel

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
        raise ValueError(f"a trait die like 'd8' or 'd12+1', got {v!r}")
    try:
        sides, mod = parse_trait(v)
    except DiceError as e:
        raise ValueError(str(e)) from None
    if abs(mod) > MAX_TRAIT_BONUS:
        raise ValueError(f"C-3: a trait die's bonus lies within -{MAX_TRAIT_BONUS}.."
                         f"+{MAX_TRAIT_BONUS}, got {mod:+d}")
    return f"d{sides}{mod:+d}" if mod else f"d{sides}"


def _damage_dice(v: str) -> str:
    """C-4: a sum of acing dice and a number, within the bounds above."""
    try:
        e = parse(v)
    except DiceError as err:
        raise ValueError(f"damage dice like '2d8': {err}") from None
    count = 0
    for t in e.dice:
        if t.sign < 0 or t.keep:
            raise ValueError(f"C-4: damage is a sum of dice and a number, like '2d8+1'; got {v!r}")
        if not 2 <= t.sides <= MAX_DAMAGE_SIDES:
            raise ValueError(f"C-4: damage dice have 2 to {MAX_DAMAGE_SIDES} sides (they ace), "
                             f"got d{t.sides}")
        count += t.count
    if count > MAX_DAMAGE_DICE:
        raise ValueError(f"C-4: at most {MAX_DAMAGE_DICE} damage dice, got {count}")
    if abs(e.modifier) > MAX_DAMAGE_BONUS:
        raise ValueError(f"C-4: a damage bonus lies within -{MAX_DAMAGE_BONUS}..+{MAX_DAMAGE_BONUS}, "
                         f"got {e.modifier:+d}")
    return v


class WeaponSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    kind: Literal["melee", "ranged"]
    damage: str
    ranges: tuple[int, int, int] | None = None
    """Short/Medium/Long for ranged weapons (D-5 [decision])."""
    ap: int = Field(default=0, ge=0, le=MAX_TOUGHNESS, exclude_if=lambda v: v == 0)
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
            raise ValueError(f"ranges must grow: 0 < short <= medium <= long <= {MAX_RANGE}, "
                             f"got {list(v)}")
        return v

    @model_validator(mode="after")
    def _ranges(self) -> "WeaponSpec":
        if self.kind == "ranged":
            if self.ranges is None:
                raise ValueError("a ranged weapon needs ranges: [short, medium, long]")
        elif self.ranges is not None:
            raise ValueError("a melee weapon has no ranges (melee needs the same Height, D-5)")
        return self


class PilotSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = ""
    fighting: str | None = "d6"
    piloting: str | None = "d6"
    spirit: str = "d6"
    shooting: str | None = None
    """Ranged attack die; absent: ranged attacks roll Piloting [decision]."""

    _v = field_validator("fighting", "piloting", "spirit", "shooting", mode="before")(_trait)


class DragonSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    side: str = Field(min_length=1)
    wild_card: bool = True
    gm: bool = False
    """Run by the GM: orders count as arriving last (D-3)."""
    max_speed: int = Field(ge=1, le=MAX_SPEED)
    toughness: int = Field(ge=1, le=MAX_TOUGHNESS)
    """C-4/D-7: Toughness, Armour included (SWADE writes it ``9 (2)``)."""
    armour: int = Field(default=0, ge=0, le=MAX_TOUGHNESS, exclude_if=lambda v: v == 0)
    """D-7 (SWADE): the part of Toughness that is Armour, which a weapon's AP ignores. Left out
    of the dumped scenario when 0."""
    speed: int = Field(ge=1, le=MAX_SPEED)
    height: int = Field(default=10, ge=-MAX_HEIGHT, le=MAX_HEIGHT)
    vigor: str | None = Field(default=None, exclude_if=lambda v: v is None)
    """D-7 (SWADE): the dragon's Vigor, rolled to soak Wounds with a Benny; not given: d6
    [decision]. Left out of the dumped scenario when not given."""
    bennies: int | None = Field(default=None, ge=0, le=MAX_BENNIES, exclude_if=lambda v: v is None)
    """D-7 (SWADE): the Wild Card's own pool of Bennies; not given: ``options.bennies``. An
    Extra has none of its own (the GM's pool serves GM characters)."""
    pilot: PilotSpec = Field(default_factory=PilotSpec)
    weapons: list[WeaponSpec] = []

    _vigor = field_validator("vigor", mode="before")(_trait)

    @model_validator(mode="after")
    def _check(self) -> "DragonSpec":
        if self.bennies and not self.wild_card:
            raise ValueError(f"D-7: an Extra has no Bennies of its own (SWADE), got "
                             f"{self.bennies}; the GM's pool (options.gm_bennies) serves GM "
                             f"characters")
        if self.armour >= self.toughness:
            raise ValueError(f"D-7: armour {self.armour} is part of toughness {self.toughness} "
                             f"and must be below it")
        if self.speed > self.max_speed:
            raise ValueError(f"starting speed {self.speed} is above max_speed {self.max_speed}")
        names = [w.name for w in self.weapons]
        if len(set(names)) != len(names):
            raise ValueError(f"weapon names must differ within a dragon: {names}")
        return self


class DragonOptions(BaseModel):
    """Rule options: the RULES.md [decision]s a GM may switch."""

    model_config = ConfigDict(extra="forbid")
    level_min: int = Field(default=-1, ge=-MAX_SPEED, le=0)
    """D-4 [decision]: the lowest level Speed change (the rules: -1)."""
    level_max: int = Field(default=2, ge=0, le=MAX_SPEED)
    """D-4 [decision]: the highest level Speed change (the rules: +2)."""
    max_dive: int | None = Field(default=None, ge=1, le=2 * MAX_HEIGHT,
                                 exclude_if=lambda v: v is None)
    """D-4: the deepest dive in one move, in levels, when the scenario sets one; by default
    (None) there is none, as in the original (a dive past maximum Speed is dangerous, D-11).
    Left out of the dumped scenario when not set."""
    initiative: Literal["round_start", "each_turn"] = "round_start"
    """D-3 [decision]: initiative from the positions at the start of the round, or re-sorted
    from current positions before each turn."""
    range_penalties: tuple[int, int, int] = (0, -2, -4)
    """D-5 [decision]: Short/Medium/Long penalties."""
    extra_crash_survival: int = Field(default=6, ge=1, le=7)
    """D-8/D-13: over the Firmament a downed Extra lives on a d6 of at least this (7: never)."""
    wild_crash_survival: int = Field(default=4, ge=1, le=7)
    """D-8/D-13: over the Firmament a downed Wild Card lives on a d6 of at least this."""
    crit_manoeuvre_falls: bool = Field(default=False, exclude_if=lambda v: v is False)
    """D-9: whether a critical failure performing a manoeuvre starts a fall when the GM makes no
    call for the round (the original: it "may"; the GM's ``CritFall`` in an order decides).
    Off by default; left out of the dumped scenario when off."""
    copied_manoeuvre: Literal["fall", "lose_tail"] = "fall"
    """D-11/D-12: a pursuer failing to copy an aerobatic manoeuvre falls (D-11) or only loses
    the tail."""
    bennies: int = Field(default=3, ge=0, le=MAX_BENNIES, exclude_if=lambda v: v == 3)
    """D-7 (SWADE): each Wild Card's pool of Bennies at the start (a dragon's own ``bennies``
    overrides it); 0 empties the pools. Left out of the dumped scenario at 3."""
    gm_bennies: int | None = Field(default=None, ge=0, le=MAX_BENNIES,
                                   exclude_if=lambda v: v is None)
    """D-7 (SWADE): the GM's pool for GM characters (GM-run and turned dragons); not given: one
    per dragon run by a player, as SWADE gives the GM one per player character."""
    max_rounds: int | None = Field(default=60, ge=1, le=MAX_ROUNDS)
    """The fight ends undecided after this many rounds (None: no limit)."""

    @field_validator("range_penalties")
    @classmethod
    def _penalties(cls, v: tuple[int, int, int]) -> tuple[int, int, int]:
        if not all(-MAX_PENALTY <= p <= 0 for p in v):
            raise ValueError(f"D-5: range penalties lie within -{MAX_PENALTY}..0, got {list(v)}")
        return v


class DragonScenario(ScenarioModel):
    system: Literal["dragons"] = "dragons"
    battlefield: Literal["blue", "firmament"] = "blue"
    """D-13: the open Blue or over the Firmament."""
    options: DragonOptions = Field(default_factory=DragonOptions)
    dragons: list[DragonSpec] = Field(min_length=2)

    @model_validator(mode="after")
    def _check(self) -> "DragonScenario":
        names = [d.name for d in self.dragons]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"dragon names must be unique; repeated: {', '.join(dup)}")
        if "GM" in names:
            raise ValueError("a dragon may not be named 'GM': the GM submits the round's rulings "
                             "under that name (D-3)")
        if len({d.side for d in self.dragons}) < 2:
            raise ValueError("a duel needs at least two sides")
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
