"""Numbered rolls in the posts: every roll shows its draw numbers beside its faces, a roll
hidden from the post's viewer shows its numbers and no face, a face typed in by hand is the
GM's and takes no number, and the numbers run without a gap through a whole fight's posts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gmkit.events import Event, sides_only
from gmkit.report.chronicle import Chronicle
from gmkit.report.document import Story
from gmkit.report.forum import FORMATS, brief_text, post_text
from gmkit.report.numbers import draws_label, story_item
from gmkit.report.posts import post_blocks, rounds_of
from gmkit.report.rundata import PUBLIC, view_data

from .fights import new_fight, sealed

LABEL = re.compile(r"^((?:#\d+(?:–#\d+)?|ГМ|GM)(?:, (?:#\d+(?:–#\d+)?|ГМ|GM))*)(?: |$)")


def _numbers(label: str) -> list[int | None]:
    out: list[int | None] = []
    for part in label.split(", "):
        if part in ("ГМ", "GM"):
            out.append(None)
            continue
        a, _, b = part.partition("–")
        out += list(range(int(a[1:]), int((b or a)[1:]) + 1))
    return out


def post_rolls(data: dict[str, Any], rnd: int, side: str, lang: str) -> list[tuple[list[int | None], str]]:
    """Each roll of a round's post as (its numbers, what follows them), rolls shown again left out."""
    out = []
    for block in post_blocks(data, rnd, side, lang):
        if isinstance(block, Story):
            for _text, rolls in block.items:
                for roll in rolls:
                    if roll.startswith(("тот же бросок", "same roll")):
                        continue
                    m = LABEL.match(roll)
                    assert m, f"a roll without its numbers: {roll!r}"
                    out.append((_numbers(m.group(1)), roll[m.end():]))
    return out


def _all_numbers(data: dict[str, Any], side: str, lang: str) -> list[int]:
    return [n for rnd in rounds_of(data) for nums, _ in post_rolls(data, rnd, side, lang)
            for n in nums if n is not None]


@pytest.mark.parametrize("name, rounds", [("dragon_duel_firmament", 40), ("fantasy_wolves", 40),
                                          ("space_cloak_2v2", 16), ("space_station_departure", 12),
                                          ("dragon_blue_2v3", 40)])
def test_numbers_run_without_a_gap_through_a_whole_fights_posts(tmp_path: Path, name: str,
                                                                 rounds: int) -> None:
    enc = sealed(name, tmp_path, rounds)
    try:
        data = Chronicle(enc, "ru").update()
        for side in ["", *data["sides"]]:
            for lang in ("ru", "en"):
                got = _all_numbers(data, side, lang)  # in the order the events tell them
                assert sorted(got) == list(range(1, enc.dice.draws + 1)), (side, lang)
                assert len(got) == len(set(got)), (side, lang)
    finally:
        enc.close()


def test_an_unsealed_fight_numbers_its_rolls_as_well(tmp_path: Path) -> None:
    enc = new_fight("fantasy_wolves", tmp_path)
    try:
        for _ in range(5):
            enc.resolve_round(autopilot=True)
        data = Chronicle(enc, "en").update()
        assert sorted(_all_numbers(data, "", "en")) == list(range(1, enc.dice.draws + 1))
        assert "seal" not in post_text(data, 1, "", "plain", "en").splitlines()[-1]
    finally:
        enc.close()


def test_a_roll_shown_beside_its_faces_shows_the_faces_the_draws_gave(tmp_path: Path) -> None:
    """Faces in a post's roll detail, in order, are the faces of the draws named beside them."""
    enc = sealed("fantasy_wolves", tmp_path, 4)
    try:
        data = Chronicle(enc, "en").update()
        tape = enc.dice.tape  # nothing typed in: draw n is tape[n - 1]
        for rnd in rounds_of(data):
            for nums, rest in post_rolls(data, rnd, "", "en"):
                faces = [int(f) for chain in re.findall(r"d\d+\[([\d+]+)\]", rest) for f in chain.split("+")]
                if faces:
                    assert faces == [tape[n - 1] for n in nums if n is not None]
    finally:
        enc.close()


def test_the_gms_hidden_life_dice_show_their_numbers_and_no_face(tmp_path: Path) -> None:
    enc = sealed("fantasy_wolves", tmp_path, 1)
    try:
        data = Chronicle(enc, "ru").update()
        hidden = [e for e in data["rounds"][0]["events"] if e.get("visibility") == "gm" and e.get("draws")]
        assert hidden, "the wolves' life dice are the GM's"
        for fmt in FORMATS:
            text = post_text(data, 1, "", fmt, "ru")
            for e in hidden:
                ev = Event.from_json(e)
                assert ev.text("ru") not in text
                assert draws_label(e["draws"][0], "ru") in text
            assert "Скрытый бросок" in text
        player = view_data(data, "player", "")
        assert not any(e.get("visibility") == "gm" or (e.get("rolls") and e.get("kind") == "hidden_roll")
                       for r in player["rounds"] for e in r["events"])
    finally:
        enc.close()


def test_a_cloaked_ships_roll_is_its_numbers_to_everyone_but_its_own_side() -> None:
    roll = {"expr": "d4", "total": 3, "dice": [[4, [3], True, ""]], "purpose": "flight",
            "actor": "Shade", "manual": False}
    event = {"round": 2, "actor": "Shade", "kind": "flee", "key": "space.flee.roll",
             "params": {"ship": "Shade", "cells": 3}, "rolls": [roll], "draws": [[41]],
             "visibility": sides_only("smugglers")}
    own = story_item(event, "smugglers", "en")
    public = story_item(event, PUBLIC, "en")
    patrol = story_item(event, "patrol", "ru")
    assert own is not None and own[1] == ["#41 d4: d4[3] = 3"]
    assert public == ("A hidden roll", ["#41"])
    assert patrol == ("Скрытый бросок", ["#41"])


def test_a_face_typed_in_by_hand_is_the_gms_and_takes_no_number(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 1)
    try:
        drawn = enc.dice.draws
        enc.enter_faces(5)
        enc.resolve_round(autopilot=True)
        data = Chronicle(enc, "ru").update()
        rolls = post_rolls(data, 2, "", "ru")
        first_nums, first_rest = rolls[0]
        assert first_nums[0] is None and "(вручную)" in first_rest
        after = sorted(n for nums, _ in rolls for n in nums if n is not None)
        assert after == list(range(drawn + 1, enc.dice.draws + 1))
        assert sorted(_all_numbers(data, "", "ru")) == list(range(1, enc.dice.draws + 1))
        assert draws_label([None, 8, 9], "ru") == "ГМ, #8–#9" and draws_label([None], "en") == "GM"
    finally:
        enc.close()


def test_each_post_ends_with_its_dice_line_and_the_seal(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 3)
    try:
        data = Chronicle(enc, "ru").update()
        fp = enc.sealed["commitment"][:16] if enc.sealed else ""
        for rnd in rounds_of(data):
            nums = [n for ns, _ in post_rolls(data, rnd, "", "ru") for n in ns if n is not None]
            want_ru = f"Кости раунда {rnd}: #{min(nums)}–#{max(nums)}; печать {fp}."
            want_en = f"Round {rnd} dice: #{min(nums)}–#{max(nums)}; seal {fp}."
            assert post_text(data, rnd, "", "plain", "ru").rstrip().splitlines()[-1] == want_ru
            assert post_text(data, rnd, "", "plain", "en").rstrip().splitlines()[-1] == want_en
    finally:
        enc.close()


def test_a_recounted_round_says_so_in_its_post(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 3)
    try:
        enc.undo()
        rnd = enc.round
        actor = enc.orders_received[-1]
        mine = enc.pending_order(actor)
        enc.submit(actor, next(o for o in enc.legal_orders(actor) if o != mine))
        enc.resolve_round()
        data = Chronicle(enc, "ru").update()
        text = post_text(data, rnd, "", "plain", "ru")
        genitive = {"Шквал": "Шквала", "Гроза": "Грозы"}.get(actor, actor)
        assert f"Раунд {rnd} пересчитан: изменена заявка {genitive}." in text
        assert text.rstrip().splitlines()[-1].startswith(f"Кости раунда {rnd}, пересчёт 1: ")
        english = post_text(data, rnd, "", "plain", "en")
        assert f"Round {rnd} was resolved again: the order of {actor} changed." in english
        assert "пересчитан" not in post_text(data, rnd - 1, "", "plain", "ru")
    finally:
        enc.close()


def test_the_secret_is_in_no_player_view(tmp_path: Path) -> None:
    from gmkit.report.html import rebuild_notebook

    enc = sealed("fantasy_wolves", tmp_path, 4)
    try:
        secret = enc.sealed["secret"] if enc.sealed else "?"
        chron = Chronicle(enc, "ru")
        data = chron.update()
        data["briefs"] = chron.briefs()
        for side in ["", *data["sides"]]:
            assert secret not in repr(view_data(data, "player", side))
            assert secret not in repr(rebuild_notebook(data, "player", side, "ru"))
            for rnd in rounds_of(data):
                for fmt in FORMATS:
                    assert secret not in post_text(data, rnd, side, fmt, "ru")
        for actor in data["participants"]:
            assert secret not in brief_text(data, actor, "plain", "ru")
        assert secret not in repr(data)  # the GM's run data neither: the journal keeps it
    finally:
        enc.close()


def test_the_recount_notice_declines_the_names_and_keeps_a_hidden_one_hidden() -> None:
    from gmkit.report.numbers import recount_notice

    who = ["Шквал", "Гроза", "Тень"]
    one = {"round": 3, "recount": {"orders": ["Шквал"], "arrival": False, "hand": False}}
    assert recount_notice(one, who, who, "ru") == "Раунд 3 пересчитан: изменена заявка Шквала."
    two = {"round": 4, "recount": {"orders": ["Шквал", "Гроза"], "arrival": False, "hand": True}}
    assert recount_notice(two, who, who, "ru") == (
        "Раунд 4 пересчитан: изменены заявки Шквала и Грозы; изменены кости, брошенные за столом.")
    cloaked = {"round": 5, "recount": {"orders": ["Тень", "GM"], "arrival": False, "hand": False}}
    assert recount_notice(cloaked, ["Шквал", "Гроза"], who, "ru") == (
        "Раунд 5 пересчитан: изменена скрытая заявка; изменено решение мастера.")
    assert recount_notice(cloaked, who, who, "en") == (
        "Round 5 was resolved again: the order of Тень changed; the GM's ruling changed.")
    assert recount_notice({"round": 2}, who, who, "ru") is None


@pytest.mark.parametrize("kind", ["d5", "d18", "wild_card_d8", "extra_d8"])
def test_two_rolls_showing_the_same_faces_are_two_rolls_each_with_its_numbers(kind: str) -> None:
    """A roll shown again in a step is told by its dice tuple (a pick written under another
    label keeps the die's), so two rolls that show the same faces must never share one: the
    second is a roll of its own, with its own numbers, not «тот же бросок» of the first."""
    from gmkit.dice import Dice
    from gmkit.draws import mark, numbered

    def roll(d: Dice, who: str) -> Any:
        if kind == "d5":
            return d.d(5, "target", who)
        if kind == "d18":
            return d.d18("attack", who)
        return d.trait(8, wild=kind == "wild_card_d8", purpose="Fighting", actor=who).roll

    for seed in range(2000):  # the first seed whose two rolls show the same faces, no ace
        d = Dice(seed=seed)
        since = mark(d)
        first, second = roll(d, "A"), roll(d, "B")
        if first.faces == second.faces and all(len(die.faces) == 1 for die in first.dice):
            break
    else:
        pytest.fail(f"no seed below 2000 rolls the same {kind} twice")
    numbers = numbered(d, since)
    got_first, got_second = numbers.claim(first), numbers.claim(second)
    assert got_first is not None and got_second is not None
    assert got_first[1] is False and got_second[1] is False, (kind, seed)
    assert got_first[0] != got_second[0]
    assert numbers.unshown() == []
