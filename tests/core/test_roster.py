"""The roster checks scenarios share (gmkit.roster): each actor named once, none named as the GM,
at least two sides, each refusal under the rule set's own message key."""

from __future__ import annotations

import pytest

from gmkit.errors import FieldProblem, quoted
from gmkit.roster import GM_NAME, check_roster, repeated

KEYS = {"unique": "dragons.scenario.dragon_names", "gm": "dragons.scenario.gm_name",
        "two_sides": "dragons.scenario.two_sides"}


def test_repeated_names_each_once_sorted() -> None:
    assert repeated([]) == []
    assert repeated(["b", "a", "c"]) == []
    assert repeated(["b", "a", "b", "a", "b"]) == ["a", "b"]


@pytest.mark.parametrize(("names", "sides", "key", "params"), [
    (["Ash", "Bane", "Ash"], ["red", "blue", "red"], KEYS["unique"], {"names": ["Ash"]}),
    (["Ash", GM_NAME], ["red", "blue"], KEYS["gm"], {"gm": quoted("GM")}),
    (["Ash", "Bane"], ["red", "red"], KEYS["two_sides"], {}),
    (["GM", "GM"], ["red", "red"], KEYS["unique"], {"names": ["GM"]}),  # the first problem wins
])
def test_a_roster_is_refused_under_the_rule_sets_key(names: list[str], sides: list[str], key: str,
                                                      params: dict[str, object]) -> None:
    with pytest.raises(FieldProblem) as e:
        check_roster(names, sides, **KEYS)
    assert e.value.key == key and e.value.params == params
    assert "dragons.scenario" not in str(e.value)  # the English words, never the key


def test_a_good_roster_passes() -> None:
    check_roster(["Ash", "Bane", "Vel"], iter(["red", "blue", "red"]), **KEYS)
