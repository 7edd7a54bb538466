"""F-1, F-3, F-4 notations: both spellings, and errors that point at the faulty character."""

from __future__ import annotations

import pytest

from gmkit.errors import DiceError
from gmkit.fantasy.notation import LifeDice, SpecialAttack, parse_damage, parse_life, parse_special
from gmkit.fantasy.rules import parse_special as parse_special_from_rules


@pytest.mark.parametrize("text,kind,trigger,pr", [
    ("яд16ПБ6", "poison", 16, 6),
    ("poison16PR6", "poison", 16, 6),
    ("Poison16pr6", "poison", 16, 6),
    ("газ14ПБ9", "gas", 14, 9),
    ("gas14PR9", "gas", 14, 9),
    ("огонь12", "fire", 12, None),
    ("огненный дух 15 ПБ 8", "fire_spirit", 15, 8),
    ("огненныйдух15ПБ8", "fire_spirit", 15, 8),
    ("fire_spirit15PR8", "fire_spirit", 15, 8),
    ("окаменение17ПБ10", "petrification", 17, 10),
    ("petrification17PR10", "petrification", 17, 10),
    ("паралич15ПБ8", "paralysis", 15, 8),
    ("paralysis15PR8", "paralysis", 15, 8),
    ("кислота13ПБ5", "кислота", 13, 5),
])
def test_f4_both_spellings(text: str, kind: str, trigger: int, pr: int | None) -> None:
    """F-4: Russian and Latin spellings give the same kind, trigger and protection roll (F-5)."""
    sp = parse_special(text)
    assert (sp.kind, sp.trigger, sp.protection) == (kind, trigger, pr)


def test_f4_parse_special_is_in_rules() -> None:
    """F-4: the odds team calls rules.parse_special; it returns a small dataclass."""
    sp = parse_special_from_rules("яд16ПБ6")
    assert isinstance(sp, SpecialAttack)
    assert sp.notation() == "poison16PR6" and sp.notation("ru") == "яд16ПБ6"


@pytest.mark.parametrize("text,pos,fragment", [
    ("", 0, "empty"),
    ("16ПБ6", 0, "kind"),
    ("ядПБ6", 2, "trigger"),  # the letters run on: 'ядпб' is read as the kind, then no trigger
    ("яд", 2, "trigger"),
    ("яд19ПБ6", 2, "1..18"),
    ("яд0ПБ6", 2, "1..18"),
    ("яд1xПБ6", 3, "ПБ"),
    ("яд16ПБ", 6, "protection roll"),
    ("яд16ПБx", 6, "protection roll"),
    ("яд16ПБ6!", 7, "unexpected"),
    ("poison16PR", 10, "protection roll"),
    ("poison16XX6", 8, "ПБ"),
])
def test_f4_errors_point_at_the_fault(text: str, pos: int, fragment: str) -> None:
    """F-4: a malformed notation raises DiceError with the 0-based position of the fault."""
    with pytest.raises(DiceError) as info:
        parse_special(text)
    assert info.value.position == pos
    assert fragment in str(info.value)
    assert "F-4" in str(info.value) or "F-5" in str(info.value)


@pytest.mark.parametrize("text,pos,fragment", [
    ("яд ПБ 6", 3, "trigger"),      # a kind, no trigger: the ПБ stands where the trigger belongs
    ("яд пб6", 3, "trigger"),
    ("poison PR 6", 7, "trigger"),
    ("ПБ6", 0, "kind"),             # no kind at all
    ("PR6", 0, "kind"),
    ("  pr 6", 2, "kind"),
])
def test_f4_a_missing_kind_or_trigger_is_refused_where_it_is_missing(text: str, pos: int,
                                                                      fragment: str) -> None:
    """F-4 (issue 13, item 14): ``яд ПБ 6``, ``ПБ6``, ``PR6`` lack the trigger or the kind; they are
    refused with the position of the fault, never read as a custom kind ``яд_пб`` or ``пб``
    triggering on 6."""
    with pytest.raises(DiceError) as info:
        parse_special(text)
    assert info.value.position == pos
    assert fragment in str(info.value) and "F-4" in str(info.value)
    assert "protection roll" in str(info.value)


def test_f4_a_custom_kind_may_still_hold_the_letters_of_the_marker() -> None:
    """F-4: only a marker standing as a protection roll (``ПБ6``, ``ПБ 6`` after a space) ends the
    kind; ``spr 16`` is a custom kind named spr."""
    assert parse_special("spr 16") == SpecialAttack("spr", 16, None, "spr 16")
    assert parse_special("яд 16 ПБ 6").protection == 6


def test_f4_a_scenario_names_the_position_not_an_unknown_kind() -> None:
    """F-4 (item 14): in a scenario the same fault is a ScenarioError pointing at the character."""
    from gmkit.errors import ScenarioError
    from gmkit.fantasy import Skirmish

    from .helpers import beast, hero, scenario

    sc = scenario(hero(), beast(melee={"name": "fang", "damage": "1", "special": "яд ПБ 6"}))
    with pytest.raises(ScenarioError) as info:
        Skirmish.from_scenario(sc)
    assert "position 3" in str(info.value) and "unknown kind" not in str(info.value)


def test_f4_not_text() -> None:
    with pytest.raises(DiceError, match="F-4"):
        parse_special(16)  # type: ignore[arg-type]


def test_f3_damage_tables_and_percent() -> None:
    """F-3, C-6: tables parse to values, percentages to a share of current hit points."""
    assert parse_damage("0.5-1-1.5-2-2.5-3").table == (0.5, 1, 1.5, 2, 2.5, 3)
    assert parse_damage("0-1-2").table == (0, 1, 2)
    assert parse_damage("1-2").table == (1, 2)
    assert parse_damage("25%").percent == 25
    assert str(parse_damage("50 %")) == "50%"
    assert str(parse_damage("0.5-1")) == "0.5-1"


@pytest.mark.parametrize("text,pos", [("1--2", 2), ("0.5-1-x", 6), ("", 0), ("1-2-", 4), ("abc", 0)])
def test_f3_c6_malformed_tables_have_positions(text: str, pos: int) -> None:
    """F-3, C-6: a malformed table names C-6 and the position of the fault."""
    with pytest.raises(DiceError) as info:
        parse_damage(text)
    assert info.value.position == pos
    assert "C-6" in str(info.value)


@pytest.mark.parametrize("text", ["0%", "150%", "x%"])
def test_f3_bad_percentages(text: str) -> None:
    with pytest.raises(DiceError, match="F-3"):
        parse_damage(text)


@pytest.mark.parametrize("text,count,mod", [
    ("2ЖК+3", 2, 3), ("ЖК", 1, 0), ("3жк-1", 3, -1), ("2LD+3", 2, 3), (" 4 ЖК + 2 ", 4, 2)])
def test_f1_life_dice(text: str, count: int, mod: int) -> None:
    """F-1: hit points in life dice, Russian or Latin."""
    assert parse_life(text) == LifeDice(count, mod)


@pytest.mark.parametrize("text,pos", [("2ЖЖ", 1), ("2ЖК+", 4), ("2ЖК*3", 3), ("0ЖК", 0), ("2ЖК+3x", 5)])
def test_f1_life_dice_errors(text: str, pos: int) -> None:
    with pytest.raises(DiceError) as info:
        parse_life(text)
    assert info.value.position == pos
    assert "F-1" in str(info.value)


@pytest.mark.parametrize("parse, text, pos", [
    (parse_special, "яд16ПБ" + "9" * 5000, 6),
    (parse_special, "яд" + "1" * 40, 2),
    (parse_special, "яд1²", 3),
    (parse_special, "яд16ПБ37", 6),
    (parse_life, "²ЖК", 0),
    (parse_life, "9" * 5000 + "ЖК", 0),
    (parse_life, "2ЖК+1000001", 4),
])
def test_f1_f4_f5_numbers_out_of_range_are_dice_errors_at_their_position(parse, text: str,  # type: ignore[no-untyped-def]
                                                                          pos: int) -> None:
    """F-1, F-4, F-5 (issue 14): numbers of any length or script give a DiceError at their position,
    never a bare ValueError; a protection roll needs at most 36 (d18 + Wisdom 18)."""
    with pytest.raises(DiceError) as info:
        parse(text)
    assert info.value.position == pos
