"""The ``dragons`` section of a scenario file, validated by pydantic.

```yaml
system: dragons
name: Duel over the Firmament
battlefield: firmament        # or blue (D-13)
options: {max_rounds: 40}     # rule options, see DragonOptions
dragons:
  - name: Ash
    side: red
    wild_card: true
    max_speed: 10
    toughness: 9
    speed: 6                  # starting Speed
    height: 12                # starting Height (normalised: the lowest becomes 10, D-2)
    pilot: {name: Kira, fighting: d8, piloting: d10, spirit: d8, shooting: d8}
    weapons:
      - {name: Flame, kind: ranged, damage: 2d8, ranges: [60, 120, 180]}
      - {name: Claws, kind: melee, damage: 2d6}
```
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..dice import parse, parse_trait
from ..errors import DiceError
from ..scenario import ScenarioModel

__all__ = ["WeaponSpec", "PilotSpec", "DragonSpec", "DragonOptions", "DragonScenario", "EXAMPLE"]


def _trait(v: object) -> object:
    if v is None:
        return v
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise ValueError(f"a trait die like 'd8' or 'd12+1', got {v!r}")
    try:
        sides, mod = parse_trait(v)
    except DiceError as e:
        raise ValueError(str(e)) from None
    return f"d{sides}{mod:+d}" if mod else f"d{sides}"


class WeaponSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    kind: Literal["melee", "ranged"]
    damage: str
    ranges: tuple[int, int, int] | None = None
    """Short/Medium/Long for ranged weapons (D-5 [decision])."""

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str) -> str:
        try:
            parse(v)
        except DiceError as e:
            raise ValueError(f"damage dice like '2d8': {e}") from None
        return v

    @model_validator(mode="after")
    def _ranges(self) -> "WeaponSpec":
        if self.kind == "ranged":
            if self.ranges is None:
                raise ValueError("a ranged weapon needs ranges: [short, medium, long]")
            s, m, long_ = self.ranges
            if not 0 < s <= m <= long_:
                raise ValueError(f"ranges must grow: 0 < short <= medium <= long, got {list(self.ranges)}")
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
    max_speed: int = Field(ge=1)
    toughness: int = Field(ge=1)
    speed: int = Field(ge=1)
    height: int = 10
    pilot: PilotSpec = Field(default_factory=PilotSpec)
    weapons: list[WeaponSpec] = []

    @model_validator(mode="after")
    def _check(self) -> "DragonSpec":
        if self.speed > self.max_speed:
            raise ValueError(f"starting speed {self.speed} is above max_speed {self.max_speed}")
        names = [w.name for w in self.weapons]
        if len(set(names)) != len(names):
            raise ValueError(f"weapon names must differ within a dragon: {names}")
        return self


class DragonOptions(BaseModel):
    """Rule options: the RULES.md [decision]s a GM may switch."""

    model_config = ConfigDict(extra="forbid")
    level_min: int = Field(default=-1, le=0)
    """D-4 [decision]: the lowest level Speed change (the rules: -1)."""
    level_max: int = Field(default=2, ge=0)
    """D-4 [decision]: the highest level Speed change (the rules: +2)."""
    max_dive: int = Field(default=5, ge=1)
    """D-4 [decision]: the deepest dive in one move, in levels."""
    initiative: Literal["round_start", "each_turn"] = "round_start"
    """D-3 [decision]: initiative from the positions at the start of the round, or re-sorted
    from current positions before each turn."""
    range_penalties: tuple[int, int, int] = (0, -2, -4)
    """D-5 [decision]: Short/Medium/Long penalties."""
    extra_crash_survival: int = Field(default=6, ge=1, le=7)
    """D-8/D-13: over the Firmament a downed Extra lives on a d6 of at least this (7: never)."""
    wild_crash_survival: int = Field(default=4, ge=1, le=7)
    """D-8/D-13: over the Firmament a downed Wild Card lives on a d6 of at least this."""
    copied_manoeuvre: Literal["fall", "lose_tail"] = "fall"
    """D-11/D-12: a pursuer failing to copy an aerobatic manoeuvre falls (D-11) or only loses
    the tail."""
    max_rounds: int | None = Field(default=60, ge=1)
    """The fight ends undecided after this many rounds (None: no limit)."""


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
