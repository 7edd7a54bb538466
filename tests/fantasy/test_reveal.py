"""What players see of monsters is one policy (issue 34, part 5): the scenario's ``reveal`` list.

By default a player sees neither another side's monster's hit points, nor its AC, nor the notation
of its special attacks (told in words: «Яд не срабатывает»); ``reveal: [hp]`` shows the hit
points; the GM sees everything. Checked on every output a player reads: the board of a side, the
desk's player view, a thread post, a brief and the reports (Markdown, BBCode, HTML), on the Russian
goblin ambush of the issue (``ambush_ru.yaml``) and the shipped crypt.
"""

from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.errors import GmkitError
from gmkit.fantasy import Skirmish
from gmkit.fantasy.reveal import Reveal
from gmkit.fantasy.ui import SkirmishSession
from gmkit.report.chronicle import Chronicle
from gmkit.report.forum import FORMATS, brief_text, post_text
from gmkit.scenario import load_scenario, validate_scenario

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
AMBUSH = HERE / "ambush_ru.yaml"
PARTY, GOBLINS = "party", "goblins"
MONSTER_AC = {"Гоблин 1": 8, "Гоблин 2": 8, "Гоблин 3": 8, "Варг": 7, "Вождь гоблинов": 6}
NOTATION = re.compile(r"яд\d+ПБ\d+|паралич\d+ПБ\d+|poison\d+PR\d+")


def ambush(**changes: Any) -> dict[str, Any]:
    data = yaml.safe_load(AMBUSH.read_text(encoding="utf-8"))
    data.update(changes)
    return load_scenario(data).model_dump(mode="json")


def sure_poison(**changes: Any) -> dict[str, Any]:
    """The ambush with the chief's poison on any hit (``яд1ПБ7``): it fires and is resisted or not."""
    data = ambush(**changes)
    chief = next(c for c in data["combatants"] if c["name"] == "Вождь гоблинов")
    chief["melee"][0]["special"] = ["яд1ПБ7"]
    return data


def played(data: dict[str, Any], resolutions: int, seed: int = 11) -> Skirmish:
    sk = Skirmish(copy.deepcopy(data), seed)
    for _ in range(resolutions):
        if sk.is_over:
            break
        sk.resolve_round(autopilot=True)
    return sk


def until(data: dict[str, Any], key: str, seed: int = 11, actor: str = "") -> Skirmish:
    """The fight played, one resolution at a time, until an event with ``key`` (and ``actor``) is
    in the record."""
    sk = Skirmish(copy.deepcopy(data), seed)
    while not any(e.key == key and actor in ("", e.actor) for e in sk.record):
        assert not sk.is_over, f"the fight ended without {key}"
        sk.resolve_round(autopilot=True)
    return sk


def run_data(sk: Skirmish) -> dict[str, Any]:
    chron = Chronicle(sk, "ru")
    data = chron.update()
    data["briefs"] = chron.briefs()
    return data


@cache
def default_fight() -> tuple[Skirmish, dict[str, Any]]:
    """The shipped ambush, played until the chief's poison spear misses its chance (яд17ПБ7)."""
    sk = until(ambush(), "fantasy.special.not")
    return sk, run_data(sk)


def monster_ac_shown(text: str) -> list[str]:
    """Every «против КД N» / «(КД N)» naming a monster's AC in a text (a hit on a goblin)."""
    out = []
    for line in text.splitlines():
        for name, ac in MONSTER_AC.items():
            for form in (name, _dative(name)):
                if f"по {form} " in line and re.search(rf"КД {ac}\b", line):
                    out.append(line)
    return out


def _dative(name: str) -> str:
    return {"Гоблин 1": "Гоблину 1", "Гоблин 2": "Гоблину 2", "Гоблин 3": "Гоблину 3",
            "Варг": "Варгу", "Вождь гоблинов": "Вождю гоблинов"}[name]


# --- the policy ---------------------------------------------------------------------------------------

def test_the_policy_answers_per_viewer_combatant_and_quantity() -> None:
    policy = Reveal.of(ambush())
    for q in ("hp", "ac", "specials"):
        assert policy.may_see(None, "Вождь гоблинов", q)  # the GM
        assert policy.may_see(GOBLINS, "Вождь гоблинов", q)  # its own side
        assert not policy.may_see(PARTY, "Вождь гоблинов", q)  # another side, by default
        assert policy.may_see(GOBLINS, "Борин", q)  # a player character is known to all
    shown = Reveal.of(ambush(reveal=["hp"]))
    assert shown.may_see(PARTY, "Варг", "hp") and not shown.may_see(PARTY, "Варг", "ac")
    with pytest.raises(ValueError, match="quantity"):
        policy.may_see(PARTY, "Варг", "morale")


def test_pets_and_mounts_count_as_their_owner_or_rider() -> None:
    data = ambush()
    data["combatants"] += [
        {"name": "Волчок", "side": PARTY, "kind": "pet", "owner": "Борин", "hp": 5, "ac": 8,
         "melee": [{"name": "зубы", "damage": "0.5-1"}]},
        {"name": "Волк", "side": GOBLINS, "kind": "mount", "rider": "Вождь гоблинов", "hp": 5, "ac": 7,
         "melee": [{"name": "зубы", "damage": "0.5-1"}]}]
    policy = Reveal.of(load_scenario(data).model_dump(mode="json"))
    assert policy.may_see(GOBLINS, "Волчок", "hp")  # Борин's pet: known as Борин is
    assert not policy.may_see(PARTY, "Волк", "hp")  # the chief's mount: hidden as the chief is


@pytest.mark.parametrize("bad", [["hp", "кд"], ["armour"]])
def test_an_unknown_word_is_refused_naming_the_field_and_the_words(bad: list[str]) -> None:
    data = yaml.safe_load(AMBUSH.read_text(encoding="utf-8"))
    data["reveal"] = bad
    with pytest.raises(GmkitError) as err:
        validate_scenario(data)
    for lang in ("en", "ru"):
        text = err.value.message(lang)  # type: ignore[attr-defined]
        assert "reveal[" in text and all(f"'{w}'" in text or f"«{w}»" in text
                                        for w in ("hp", "ac", "specials"))


def test_the_field_is_left_out_of_scenarios_that_do_not_set_it() -> None:
    """Journals of scenarios without ``reveal`` stay byte-identical (the field is not dumped)."""
    assert "reveal" not in ambush() and ambush(reveal=["ac"])["reveal"] == ["ac"]


# --- the board of a side --------------------------------------------------------------------------------

def test_board_of_a_side_hides_monster_hp_and_ac_by_default() -> None:
    sk = played(ambush(), 1)
    for row in sk.board(PARTY)["combatants"]:
        if row["side"] == GOBLINS:
            assert row["hp"] is None and row["max_hp"] is None and row["ac"] is None
        else:
            assert row["hp"] is not None and row["ac"] is not None
    assert all(r["hp"] is not None and r["ac"] is not None for r in sk.board(GOBLINS)["combatants"])
    assert all(r["hp"] is not None and r["ac"] is not None for r in sk.board()["combatants"])


@pytest.mark.parametrize("reveal, hp, ac", [(["hp"], True, False), (["ac"], False, True),
                                            (["hp", "ac", "specials"], True, True)])
def test_board_shows_what_the_scenario_reveals(reveal: list[str], hp: bool, ac: bool) -> None:
    sk = played(ambush(reveal=reveal), 1)
    gm = {r["name"]: r for r in sk.board()["combatants"]}
    for row in sk.board(PARTY)["combatants"]:
        if row["side"] == GOBLINS:
            assert (row["hp"] == gm[row["name"]]["hp"]) if hp else row["hp"] is None
            assert (row["ac"] == MONSTER_AC[row["name"]]) if ac else row["ac"] is None


# --- what the story tells a player ------------------------------------------------------------------------

def test_the_story_of_a_side_hides_monster_ac_and_notation_the_gms_keeps_them() -> None:
    sk, _ = default_fight()
    before = [e.to_json() for e in sk.record]
    party = "\n".join(sk.story("ru", PARTY))
    gm = "\n".join(sk.story("ru"))
    assert not monster_ac_shown(party) and monster_ac_shown(gm)
    assert "против КД 5" in party  # a goblin's blow at Борин: a player character's AC is known
    # a special attack is told in words to everyone, the GM too (issue 34 part 4: every outcome
    # told); what the GM keeps is the armour class and the protection numbers
    assert not NOTATION.search(party) and not NOTATION.search(gm)
    assert "Яд не срабатывает" in party
    assert [e.to_json() for e in sk.record] == before  # the record keeps every number


def test_a_special_that_fires_is_told_in_words_and_its_protection_number_hidden() -> None:
    sk = until(sure_poison(), "fantasy.special.fired")
    victim = next(e.params["target"] for e in reversed(sk.record) if e.key == "fantasy.hit")
    assert any(e.kind == "protection" and e.actor == victim for e in sk.record)
    party = sk.story("ru", PARTY)
    fired = [t for t in party if t.startswith("Особая атака Вождя гоблинов срабатывает")]
    assert fired and all(t.endswith(": копьё отравлено") for t in fired)
    protect = [t for t in party if "бросок защиты от яда" in t]
    assert protect and not any("ПБ" in t for t in protect)
    assert any("против ПБ 7" in t for t in sk.story("ru"))
    assert any("против ПБ 7" in t for t in sk.story("ru", GOBLINS))  # the chief's own side


def test_reveal_hp_tells_the_hit_points_left_reveal_specials_the_notation() -> None:
    sk = until(sure_poison(reveal=["hp", "specials"]), "fantasy.hp")
    party = sk.story("ru", PARTY)
    hp_lines = [e for e in sk.record if e.key == "fantasy.hp"]
    assert all(e.text("ru") in party for e in hp_lines if e.actor in MONSTER_AC)
    assert not monster_ac_shown("\n".join(party))
    hidden = until(sure_poison(), "fantasy.hp")
    assert not any(e.text("ru") in hidden.story("ru", PARTY) for e in hidden.record
                   if e.key == "fantasy.hp" and e.actor in MONSTER_AC)
    specials = until(sure_poison(reveal=["specials"]), "fantasy.special.fired")
    assert any("против ПБ 7" in t for t in specials.story("ru", PARTY))  # its protection number


def test_a_player_view_told_twice_is_the_same_objects() -> None:
    """The desk's log formats only new events: a told copy is found again, not made anew."""
    sk, _ = default_fight()
    first, again = sk.events_for(PARTY), sk.events_for(PARTY)
    assert len(first) == len(again) and all(a is b for a, b in zip(first, again, strict=True))


# --- the desk's player view ----------------------------------------------------------------------------

def test_desk_player_view_shows_question_marks_and_no_monster_numbers() -> None:
    sk, _ = default_fight()
    desk = SkirmishSession(sk, lang="ru")
    desk.set_view(PARTY)
    html = desk.table.value
    for name in MONSTER_AC:
        row = html[html.index(f"<td>{name}</td>") if f"<td>{name}</td>" in html
                   else html.index(f">{name}</td>"):]
        row = row[:row.index("</tr>")]
        assert row.count("<td>?</td>") == 2, row  # hit points and AC
    log = "\n".join(desk.log_table()["text"])
    assert not monster_ac_shown(log) and not NOTATION.search(log) and "Яд не срабатывает" in log
    assert all("класс доспеха" not in " ".join(r["items"]) for r in desk.status_rows()
               if r["name"] in MONSTER_AC)
    desk.set_view(None)
    gm_log = "\n".join(desk.log_table()["text"])
    assert monster_ac_shown(gm_log) and "<td>6</td>" in desk.table.value


# --- posts, briefs, reports -------------------------------------------------------------------------------

def _player_texts(data: dict[str, Any]) -> dict[str, str]:
    out = {}
    for fmt in FORMATS:
        for side in ("", PARTY):
            out[f"post {fmt} {side or 'public'}"] = post_text(data, None, side, fmt, "ru")
        out[f"brief {fmt}"] = brief_text(data, "Борин", fmt, "ru")
    return out


def test_posts_and_briefs_hide_monster_ac_hp_and_notation() -> None:
    _, data = default_fight()
    for label, text in _player_texts(data).items():
        assert not NOTATION.search(text), label
        assert not monster_ac_shown(text), label
        assert "Яд не срабатывает" in text, label
    post = post_text(data, None, PARTY, "markdown", "ru")
    for name in MONSTER_AC:  # the state table: «?» for the hit points and the AC
        row = next(line for line in post.splitlines() if line.lstrip("| ").startswith(name))
        assert row.count("?") == 2, row


def test_a_post_with_reveal_hp_shows_the_monsters_hit_points() -> None:
    sk = played(ambush(reveal=["hp"]), 3)
    post = post_text(run_data(sk), None, PARTY, "markdown", "ru")
    gm = {r["name"]: r for r in sk.board()["combatants"]}
    for name in MONSTER_AC:
        row = next(line for line in post.splitlines() if line.lstrip("| ").startswith(name))
        assert f"{gm[name]['hp']}/{gm[name]['max_hp']}".replace(".", ",") in row and "?" in row


def test_reports_hide_them_from_players_and_keep_them_for_the_gm() -> None:
    from gmkit.report.bbcode import to_bbcode
    from gmkit.report.markdown import to_markdown

    _, data = default_fight()
    for write in (to_markdown, to_bbcode):
        for side in ("", PARTY):
            text = write(data, "player", side, "ru")
            assert not NOTATION.search(text) and not monster_ac_shown(text)
            assert "Яд не срабатывает" in text
        gm = write(data, "gm", "", "ru")
        assert monster_ac_shown(gm)


def test_the_html_report_of_a_player_hides_them() -> None:
    from gmkit.report.html import notebook_to_html, rebuild_notebook

    _, data = default_fight()
    html = notebook_to_html(rebuild_notebook(data, "player", PARTY, "ru"), "r")
    assert not NOTATION.search(html) and "Яд не срабатывает" in html
    assert not re.search(r"Гоблину \d \([^)]*\): выпало \d+, нужно \d+ против КД", html)


@pytest.mark.parametrize("name", ["fantasy_crypt_ru", "fantasy_venom_and_ghost"])
def test_shipped_scenarios_keep_their_specials_notation_from_players(name: str) -> None:
    data = load_scenario(ROOT / "templates" / "scenarios" / f"{name}.yaml").model_dump(mode="json")
    sk = Skirmish(data, 3)
    while not sk.is_over and sk.round < 12:
        sk.resolve_round(autopilot=True)
    lang = "ru" if name.endswith("_ru") else "en"
    players = {c["side"] for c in data["combatants"] if c.get("kind") == "player"}
    for side in players:
        told = "\n".join(sk.story(lang, side))
        assert not NOTATION.search(told)
    gm = "\n".join(sk.story(lang))
    if any(e.kind == "protection" for e in sk.record):  # the GM keeps the protection numbers
        assert re.search(r"(?:ПБ|PR) ?\d+", gm)
