"""What a reader sees of a roll: the journal's English record and the Russian and English texts.

Every expected text below is written out by hand from the catalogue's dice words (``dice.word.*``:
wild = «дикий», check = «проверочный», x6 = «×6», dropped = «(не в счёт)», by hand = «(вручную)»)
and the dice rules: C-2 (typed-in faces are marked), C-3 (a Wild Card keeps the higher of the trait
die and the Wild Die; raises; critical failure; an Extra's check die), C-5 (the d18's ×6 die), C-6 (a
table of values, decimal comma in Russian).
"""

from __future__ import annotations

import pytest

from gmkit.dice import _TRAIT_EXPR, Dice, DieRoll, Roll

# (roll, English record = describe(), describe("en"), describe("ru"))
ROLLS: list[tuple[str, Roll, str, str, str]] = [
    ("trait die aces and is kept, the Wild Die is dropped, typed in",
     Roll("d8! wild", 11, (DieRoll(8, (8, 3)), DieRoll(6, (6, 2), False, "wild")), manual=True),
     "d8! wild: d8[8+3] wild d6[6+2] (dropped) = 11 (by hand)",
     "d8! wild: d8[8+3] wild d6[6+2] (dropped) = 11 (by hand)",
     "d8! дикий: d8[8+3] дикий d6[6+2] (не в счёт) = 11 (вручную)"),
    ("the Wild Die aces and wins, with a modifier",
     Roll("d6!+1 wild", 8, (DieRoll(6, (2,), False), DieRoll(6, (6, 1), True, "wild"))),
     "d6!+1 wild: d6[2] (dropped) wild d6[6+1] = 8",
     "d6!+1 wild: d6[2] (dropped) wild d6[6+1] = 8",
     "d6!+1 дикий: d6[2] (не в счёт) дикий d6[6+1] = 8"),
    ("an Extra's natural 1 and its check die",
     Roll("d8!", 1, (DieRoll(8, (1,)), DieRoll(6, (3,), False, "check"))),
     "d8!: d8[1] check d6[3] (dropped) = 1",
     "d8!: d8[1] check d6[3] (dropped) = 1",
     "d8!: d8[1] проверочный d6[3] (не в счёт) = 1"),
    ("the d18: a d6 and the x6 die",
     Roll("d18", 11, (DieRoll(6, (5,)), DieRoll(3, (2,), True, "x6"))),
     "d18: d6[5] x6 d3[2] = 11",
     "d18: d6[5] x6 d3[2] = 11",
     "d18: d6[5] ×6 d3[2] = 11"),
    ("keep the highest three of four, a fixed modifier",
     Roll("4d6kh3+2", 16, (DieRoll(6, (1,), False), DieRoll(6, (5,)), DieRoll(6, (3,)),
                           DieRoll(6, (6,)))),
     "4d6kh3+2: d6[1] (dropped) d6[5] d6[3] d6[6] = 16",
     "4d6kh3+2: d6[1] (dropped) d6[5] d6[3] d6[6] = 16",
     "4d6kh3+2: d6[1] (не в счёт) d6[5] d6[3] d6[6] = 16"),
    ("a table of fractional values picked with a d6, typed in",
     Roll("0.5-1-1.5-2-2.5-3 (d6)", 2.5, (DieRoll(6, (5,)),), manual=True),
     "0.5-1-1.5-2-2.5-3 (d6): d6[5] = 2.5 (by hand)",
     "0.5-1-1.5-2-2.5-3 (d6): d6[5] = 2.5 (by hand)",
     "0,5-1-1,5-2-2,5-3 (d6): d6[5] = 2,5 (вручную)"),
    ("a table value that is whole prints without a decimal part",
     Roll("1-2-3 (d3)", 2.0, (DieRoll(3, (2,)),)),
     "1-2-3 (d3): d3[2] = 2",
     "1-2-3 (d3): d3[2] = 2",
     "1-2-3 (d3): d3[2] = 2"),
    ("a negative total (Russian: the minus sign; the expression keeps what was typed)",
     Roll("d4-2", -1, (DieRoll(4, (1,)),)),
     "d4-2: d4[1] = -1",
     "d4-2: d4[1] = -1",
     "d4-2: d4[1] = \u22121"),
    ("a whole total of four digits stays as the die shows it",
     Roll("d1000", 1000, (DieRoll(1000, (1000,)),)),
     "d1000: d1000[1000] = 1000",
     "d1000: d1000[1000] = 1000",
     "d1000: d1000[1000] = 1000"),
    ("a label the catalogue does not know is printed as it is",
     Roll("d6+bonus", 4, (DieRoll(6, (4,), True, "bonus"),)),
     "d6+bonus: bonus d6[4] = 4",
     "d6+bonus: bonus d6[4] = 4",
     "d6+bonus: bonus d6[4] = 4"),
]


@pytest.mark.parametrize("what, roll, record, en, ru", ROLLS, ids=[r[0] for r in ROLLS])
def test_a_roll_reads_the_same_in_the_record_and_in_each_language(what: str, roll: Roll, record: str,
                                                                  en: str, ru: str) -> None:
    assert roll.describe() == record
    assert str(roll) == record
    assert roll.describe("en") == en
    assert roll.describe("ru") == ru


def _trait(faces: tuple[int, ...], die: int | str | None = 8, **kw: object) -> object:
    d = Dice(seed=1)
    d.enter(*faces)
    return d.trait(die, **kw)  # type: ignore[arg-type]


# (faces typed in, trait arguments, (total, success, raises, critical failure), str() = English
# record, describe("en"), describe("ru"))
TRAITS: list[tuple[tuple[int, ...], dict[str, object], tuple[int, bool, int, bool], str, str, str]] = [
    ((6, 2), {"die": 6, "wild": False},  # an Extra's d6 aces: 8, one raise, no check die
     (8, True, 1, False),
     "d6!: d6[6+2] = 8 (by hand) vs TN 4: success, 1 raise(s)",
     "d6!: d6[6+2] = 8 (by hand) vs TN 4: success, 1 raise",
     "d6!: d6[6+2] = 8 (вручную) против сложности 4: успех, 1 подъём"),
    # the Wild Die 6+3, -1: 8 against TN 3: one raise (not 5/4)
    ((2, 6, 3), {"die": 10, "modifier": -1, "tn": 3},
     (8, True, 1, False),
     "d10!-1 wild: d10[2] (dropped) wild d6[6+3] = 8 (by hand) vs TN 3: success, 1 raise(s)",
     "d10!-1 wild: d10[2] (dropped) wild d6[6+3] = 8 (by hand) vs TN 3: success, 1 raise",
     "d10!-1 дикий: d10[2] (не в счёт) дикий d6[6+3] = 8 (вручную) против сложности 3: успех, 1 подъём"),
    ((8, 3, 6, 2), {},  # 8+3 = 11 against the Wild Die's 6+2 = 8: 7 over TN 4, one raise
     (11, True, 1, False),
     "d8! wild: d8[8+3] wild d6[6+2] (dropped) = 11 (by hand) vs TN 4: success, 1 raise(s)",
     "d8! wild: d8[8+3] wild d6[6+2] (dropped) = 11 (by hand) vs TN 4: success, 1 raise",
     "d8! дикий: d8[8+3] дикий d6[6+2] (не в счёт) = 11 (вручную) против сложности 4: успех, 1 подъём"),
    ((8, 4, 3), {},  # 12: 8 over TN 4, two raises
     (12, True, 2, False),
     "d8! wild: d8[8+4] wild d6[3] (dropped) = 12 (by hand) vs TN 4: success, 2 raise(s)",
     "d8! wild: d8[8+4] wild d6[3] (dropped) = 12 (by hand) vs TN 4: success, 2 raises",
     "d8! дикий: d8[8+4] дикий d6[3] (не в счёт) = 12 (вручную) против сложности 4: успех, 2 подъёма"),
    ((12, 12, 1, 2), {"die": "d12"},  # 25: 21 over TN 4, five raises
     (25, True, 5, False),
     "d12! wild: d12[12+12+1] wild d6[2] (dropped) = 25 (by hand) vs TN 4: success, 5 raise(s)",
     "d12! wild: d12[12+12+1] wild d6[2] (dropped) = 25 (by hand) vs TN 4: success, 5 raises",
     "d12! дикий: d12[12+12+1] дикий d6[2] (не в счёт) = 25 (вручную) против сложности 4: "
     "успех, 5 подъёмов"),
    ((12,) * 7 + (4, 1), {"die": 12},  # 88: 84 over TN 4, twenty-one raises (Russian: «21 подъём»)
     (88, True, 21, False),
     "d12! wild: d12[12+12+12+12+12+12+12+4] wild d6[1] (dropped) = 88 (by hand) vs TN 4: "
     "success, 21 raise(s)",
     "d12! wild: d12[12+12+12+12+12+12+12+4] wild d6[1] (dropped) = 88 (by hand) vs TN 4: "
     "success, 21 raises",
     "d12! дикий: d12[12+12+12+12+12+12+12+4] дикий d6[1] (не в счёт) = 88 (вручную) "
     "против сложности 4: успех, 21 подъём"),
    ((1, 1), {"modifier": 2},  # snake eyes: a critical failure whatever the bonus
     (3, False, 0, True),
     "d8!+2 wild: d8[1] wild d6[1] (dropped) = 3 (by hand) vs TN 4: critical failure",
     "d8!+2 wild: d8[1] wild d6[1] (dropped) = 3 (by hand) vs TN 4: critical failure",
     "d8!+2 дикий: d8[1] дикий d6[1] (не в счёт) = 3 (вручную) против сложности 4: критический провал"),
    ((3, 5), {"tn": 6},  # the Wild Die's 5 is kept, short of TN 6
     (5, False, 0, False),
     "d8! wild: d8[3] (dropped) wild d6[5] = 5 (by hand) vs TN 6: failure",
     "d8! wild: d8[3] (dropped) wild d6[5] = 5 (by hand) vs TN 6: failure",
     "d8! дикий: d8[3] (не в счёт) дикий d6[5] = 5 (вручную) против сложности 6: провал"),
    ((1, 3), {"wild": False},  # an Extra's 1, the check die shows 3: a plain failure
     (1, False, 0, False),
     "d8!: d8[1] check d6[3] (dropped) = 1 (by hand) vs TN 4: failure",
     "d8!: d8[1] check d6[3] (dropped) = 1 (by hand) vs TN 4: failure",
     "d8!: d8[1] проверочный d6[3] (не в счёт) = 1 (вручную) против сложности 4: провал"),
    ((1, 1), {"wild": False},  # an Extra's 1 and a check die's 1: a critical failure
     (1, False, 0, True),
     "d8!: d8[1] check d6[1] (dropped) = 1 (by hand) vs TN 4: critical failure",
     "d8!: d8[1] check d6[1] (dropped) = 1 (by hand) vs TN 4: critical failure",
     "d8!: d8[1] проверочный d6[1] (не в счёт) = 1 (вручную) против сложности 4: критический провал"),
    ((4, 1, 2), {"die": None, "modifier": 1},  # unskilled d4-2, aced, +1: 4+1-2+1 = 4
     (4, True, 0, False),  # a success without a raise reads «успех», not «успех, 0 подъёмов»
     "d4!-1 wild: d4[4+1] wild d6[2] (dropped) = 4 (by hand) vs TN 4: success",
     "d4!-1 wild: d4[4+1] wild d6[2] (dropped) = 4 (by hand) vs TN 4: success",
     "d4!-1 дикий: d4[4+1] дикий d6[2] (не в счёт) = 4 (вручную) против сложности 4: успех"),
]


@pytest.fixture(autouse=True)
def build_the_trait_expressions_here() -> None:
    """A trait roll's expression text is memoised per (die, modifier, Wild Card): start each test
    with none, so the text below is built by the rule, not remembered from an earlier test."""
    _TRAIT_EXPR.clear()


@pytest.mark.parametrize("faces, kw, numbers, record, en, ru", TRAITS,
                         ids=[r[3].split(": ")[-1] + " " + str(i) for i, r in enumerate(TRAITS)])
def test_a_trait_result_reads_roll_target_and_verdict(faces: tuple[int, ...], kw: dict[str, object],
                                                       numbers: tuple[int, bool, int, bool],
                                                       record: str, en: str, ru: str) -> None:
    kw = dict(kw)
    t = _trait(faces, kw.pop("die", 8), **kw)
    assert (t.total, t.success, t.raises, t.critical_failure) == numbers  # type: ignore[attr-defined]
    assert str(t) == record
    assert t.describe("en") == en  # type: ignore[attr-defined]
    assert t.describe("ru") == ru  # type: ignore[attr-defined]
