"""Issue 14 (leftover), rule set D: every number of a dragon scenario is bounded by what the rules
allow, and a number out of bounds is a :class:`~gmkit.errors.ScenarioError` naming the field."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.dragons.scenario import EXAMPLE
from gmkit.errors import ScenarioError
from gmkit.scenario import load_scenario, validate_scenario

BAD: list[tuple[tuple[Any, ...], Any, str]] = [
    (("dragons", 0, "toughness"), 10**30, "dragons[0].toughness"),
    (("dragons", 0, "toughness"), 0, "dragons[0].toughness"),
    (("dragons", 0, "max_speed"), 10**9, "dragons[0].max_speed"),
    (("dragons", 0, "max_speed"), -3, "dragons[0].max_speed"),
    (("dragons", 0, "speed"), -1, "dragons[0].speed"),
    (("dragons", 0, "height"), 10**12, "dragons[0].height"),
    (("dragons", 0, "height"), -10**12, "dragons[0].height"),
    (("dragons", 0, "weapons", 0, "ranges"), [60, 120, 10**15], "dragons[0].weapons[0].ranges"),
    (("dragons", 0, "weapons", 0, "ranges"), [-5, 120, 180], "dragons[0].weapons[0].ranges"),
    (("dragons", 0, "weapons", 0, "damage"), "2d8+1000000", "dragons[0].weapons[0].damage"),
    (("dragons", 0, "weapons", 0, "damage"), "900d6", "dragons[0].weapons[0].damage"),
    (("dragons", 0, "weapons", 0, "damage"), "2d8-1d6", "dragons[0].weapons[0].damage"),
    (("dragons", 0, "weapons", 0, "damage"), "2d1", "dragons[0].weapons[0].damage"),
    (("dragons", 0, "pilot", "piloting"), "d8+40", "dragons[0].pilot.piloting"),
    (("options", "level_min"), -10**9, "options.level_min"),
    (("options", "level_max"), 10**9, "options.level_max"),
    (("options", "max_rounds"), 10**9, "options.max_rounds"),
    (("options", "max_rounds"), 0, "options.max_rounds"),
    (("options", "range_penalties"), [0, -2, 400], "options.range_penalties"),
    (("options", "range_penalties"), [0, -2, -400], "options.range_penalties"),
]


def _with(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    sc = copy.deepcopy(EXAMPLE)
    sc.setdefault("options", {})
    d: Any = sc
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    return sc


@pytest.mark.parametrize("path, value, field", BAD, ids=[f[2] + f"={f[1]!r}"[:30] for f in BAD])
def test_issue14_out_of_bounds_numbers_are_refused_naming_the_field(
        path: tuple[Any, ...], value: Any, field: str, tmp_path: Path) -> None:
    """Issue 14: numbers bounded by what the rules allow (D-2 Speed and Height, D-5 ranges and
    penalties, C-3 trait bonuses, C-4 damage dice and Toughness); the error names the field,
    whether the scenario is plain data or a file."""
    sc = _with(path, value)
    with pytest.raises(ScenarioError) as e:
        validate_scenario(sc)
    assert any(f == field for f, _ in e.value.problems), e.value.problems
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(sc), encoding="utf-8")
    with pytest.raises(ScenarioError) as e2:
        load_scenario(f)
    assert str(f) in str(e2.value) and field in str(e2.value)


def test_issue14_the_bounds_leave_every_example_scenario_valid() -> None:
    root = Path(__file__).resolve().parents[2] / "templates" / "scenarios"
    for f in sorted(root.glob("dragon_*.yaml")):
        load_scenario(f)
    validate_scenario(EXAMPLE)
