"""Dice arguments of any type or size: a DiceError, never a bare exception, and the dice untouched."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmkit.dice import MAX_SIDES, Dice, parse, parse_table, parse_trait
from gmkit.errors import DiceError


def state(d: Dice) -> tuple[Any, ...]:
    return (d.getstate(), list(d.tape), list(d.manual_marks), [r.to_json() for r in d.log],
            d.pending_hand)


PROBES: list[tuple[str, Callable[[Dice], Any]]] = [
    ("d superscript-2", lambda d: d.roll("d²")),
    ("2 superscript-2 d6", lambda d: d.roll("2²d6")),
    ("400 digits", lambda d: d.roll("9" * 400)),
    ("400-digit sides", lambda d: d.roll("d" + "9" * 400)),
    ("5000 digits", lambda d: d.roll("1" * 5000)),
    ("huge sides", lambda d: d.roll(f"d{MAX_SIDES + 1}")),
    ("None", lambda d: d.roll(None)),  # type: ignore[arg-type]
    ("int", lambda d: d.roll(6)),  # type: ignore[arg-type]
    ("list", lambda d: d.roll(["2d6"])),  # type: ignore[arg-type]
    ("faces not a list", lambda d: d.roll("d6", faces=5)),  # type: ignore[arg-type]
    ("faces of text", lambda d: d.roll("d6", faces=["5"])),  # type: ignore[list-item]
    ("tn='x'", lambda d: d.trait(8, tn="x")),  # type: ignore[arg-type]
    ("modifier=1.5", lambda d: d.trait(8, modifier=1.5)),  # type: ignore[arg-type]
    ("modifier=True", lambda d: d.trait("d8", modifier=True)),
    ("modifier=None", lambda d: d.trait(8, modifier=None)),  # type: ignore[arg-type]
    ("die=True", lambda d: d.trait(True)),
    ("die=8.0", lambda d: d.trait(8.0)),  # type: ignore[arg-type]
    ("die=[8]", lambda d: d.trait([8])),  # type: ignore[arg-type]
    ("die=d7", lambda d: d.trait("d7")),
    ("opposed tn", lambda d: d.opposed(8, 8, attacker_mod="1")),  # type: ignore[arg-type]
    ("damage None", lambda d: d.damage(None)),  # type: ignore[arg-type]
    ("damage list", lambda d: d.damage(["2d6"])),  # type: ignore[arg-type]
    ("raise_bonus list", lambda d: d.damage("2d6", raise_bonus=[])),  # type: ignore[arg-type]
    ("damage d superscript-2", lambda d: d.damage("d²")),
    ("damage too long", lambda d: d.damage("1+" * 2000 + "1")),
    ("pick None", lambda d: d.pick(None)),  # type: ignore[arg-type]
    ("pick [None]", lambda d: d.pick([None])),  # type: ignore[list-item]
    ("pick ['x']", lambda d: d.pick(["x"])),  # type: ignore[list-item]
    ("pick nan", lambda d: d.pick([float("nan")])),
    ("pick 10**400", lambda d: d.pick([1, 10**400])),
    ("pick inf text", lambda d: d.pick("1-inf")),
    ("pick 1e400", lambda d: d.pick("1e400")),
    ("pick int", lambda d: d.pick(3)),  # type: ignore[arg-type]
    ("d(True)", lambda d: d.d(True)),
    ("d(10**400)", lambda d: d.d(10**400)),
    ("d('6')", lambda d: d.d("6")),  # type: ignore[arg-type]
    ("enter '6'", lambda d: d.enter("6")),  # type: ignore[arg-type]
    ("enter 10**400", lambda d: d.enter(10**400)),
    ("trait_many n=-1", lambda d: d.trait_many(-1)),
    ("trait_many tn", lambda d: d.trait_many(10, tn=None)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("label, call", PROBES, ids=[p[0] for p in PROBES])
def test_every_probe_is_a_dice_error_and_changes_nothing(label: str, call: Callable[[Dice], Any]) -> None:
    d = Dice(seed=5)
    d.roll("2d6")
    before = state(d)
    with pytest.raises(DiceError):
        call(d)
    assert state(d) == before


ANY = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from([10**400, -(10**30), 0, 4, 6, 8, 12]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.text(alphabet="0123456789dDkhl!+- ²³¹⁰٣", max_size=14),
    st.sampled_from(["d8", "2d6+1", "d12+1", "4d6kh3", "0.5-1-1.5", "1000001d6", "d0", "unskilled"]),
    st.lists(st.one_of(st.integers(-3, 20), st.integers(), st.sampled_from([10**400]), st.floats(),
                       st.none(), st.text(max_size=2)), max_size=4),
    st.tuples(st.integers(0, 9)), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)

CALLS: dict[str, Callable[..., Any]] = {
    "roll": lambda d, a, b, c: d.roll(a),
    "roll faces": lambda d, a, b, c: d.roll(a, faces=b),
    "trait": lambda d, a, b, c: d.trait(a, b, True, c),
    "trait extra": lambda d, a, b, c: d.trait(a, modifier=b, wild=False),
    "opposed": lambda d, a, b, c: d.opposed(a, b, attacker_mod=c),
    "damage": lambda d, a, b, c: d.damage(a, raise_bonus=b),
    "pick": lambda d, a, b, c: d.pick(a),
    "d": lambda d, a, b, c: d.d(a),
    "enter": lambda d, a, b, c: d.enter(a, b),
    "parse": lambda d, a, b, c: parse(a),
    "parse_table": lambda d, a, b, c: parse_table(a),
    "parse_trait": lambda d, a, b, c: parse_trait(a),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_any_argument_gives_a_result_or_a_dice_error(name: str) -> None:
    call = CALLS[name]

    @settings(max_examples=300, derandomize=True, database=None, deadline=None)
    @given(ANY, ANY, ANY)
    def run(a: Any, b: Any, c: Any) -> None:
        d = Dice(seed=9)
        before = state(d)
        try:
            call(d, a, b, c)
        except DiceError:
            assert state(d) == before or name == "opposed"  # the attacker may have rolled
        # anything else propagates and fails the test

    run()


def test_exact_feed_finds_a_changed_seed_and_an_extra_die() -> None:
    d = Dice(seed=1)
    faces = list(d.roll("3d6").faces)
    again = Dice(seed=1)
    again.feed(faces, exact=True)
    assert list(again.roll("3d6").faces) == faces and not again.feeding
    with pytest.raises(DiceError, match="more than the journal recorded"):
        again.roll("d6")
    other = Dice(seed=2)
    other.feed(faces, exact=True)
    wrong = other.roll
    if [int(x) for x in Dice(seed=2).roll("3d6").faces] != faces:
        with pytest.raises(DiceError, match="the seed or the faces were changed"):
            wrong("3d6")
    typed = Dice(seed=2)
    typed.feed([6, 6], manual=[0, 1], exact=True)  # faces typed in by hand are not the seed's
    assert typed.roll("2d6").total == 12
