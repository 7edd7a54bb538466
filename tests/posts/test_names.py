"""Every shared way of making a fight's text declines its names as its scenario says (issue 27):
posts, briefs, reports and the desk set the fight's cast themselves, so a caller that sets
nothing still gets «сводка для Грозы», «Ждём приказов от Грозы и Шквала», «для Налётчиков»;
sides are called by their ``side_names`` and declined as groups; nothing of the cast is left
set after the call; a player's run data keeps the grammar of the names it shows only; run data
written before it still reads."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.i18n import grammar
from gmkit.report.bbcode import to_bbcode
from gmkit.report.chronicle import Chronicle
from gmkit.report.forum import brief_text, post_text
from gmkit.report.markdown import to_markdown
from gmkit.report.rundata import cast_of_run, view_data
from gmkit.systems import get

ROOT = Path(__file__).resolve().parents[2]


def russian_duel() -> dict[str, Any]:
    """The duel over the Firmament with Russian names: a feminine dragon «Гроза» (the word is a
    storm: the dictionary tells her gender), a dragon «Шквал» (a squall: someone, so «Шквала»),
    the sides named as groups, one of them plural."""
    text = (ROOT / "templates" / "scenarios" / "dragon_duel_firmament.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data["language"] = "ru"
    data["name"] = "Дуэль над Твердью"
    names = {"Ash": "Гроза", "Bane": "Шквал", "Kira": "Кира", "Vel": "Вел"}
    for d in data["dragons"]:
        d["name"] = names[d["name"]]
        d["pilot"]["name"] = names[d["pilot"]["name"]]
    data["side_names"] = {"red": {"name": "Налётчики", "gender": "pl"}, "blue": {"name": "отряд"}}
    return data


@pytest.fixture(scope="module")
def fight() -> Any:
    data = russian_duel()
    enc = get("dragons").engine_class(data, 7)
    chron = Chronicle(enc, "ru")
    enc.resolve_round(autopilot=True)
    first = chron.update()
    first["briefs"] = chron.briefs()
    while not enc.is_over:
        enc.resolve_round(autopilot=True)
    last = chron.update()
    return enc, first, last


def _no_cast_left() -> None:
    assert len(grammar.current_cast()) == 0 and not grammar.current_cast().sides


def test_a_post_declines_the_names_without_being_told(fight: Any) -> None:
    _, first, _ = fight
    _no_cast_left()
    post = post_text(first, 1, "", "phpbb")
    _no_cast_left()
    assert "[size=150][b]Дуэль над Твердью\u00a0— раунд 1[/b][/size]" in post
    assert "\n\nдля всех игроков\n\n" in post
    assert "Ждём приказов от Грозы и Шквала." in post
    assert "— Раунд 1 —" not in post  # the round's marker is its heading, not an item of its list
    assert re.search(r"\nГроза +Налётчики +\d", post) and re.search(r"\nШквал +отряд +\d", post)


def test_a_sides_post_calls_the_side_by_its_name(fight: Any) -> None:
    _, first, _ = fight
    assert "\n\nдля Налётчиков\n\n" in post_text(first, 1, "red", "phpbb")
    assert "\n\nдля отряда\n\n" in post_text(first, 1, "blue", "markdown")


def test_a_brief_declines_its_actor(fight: Any) -> None:
    _, first, _ = fight
    brief = brief_text(first, "Гроза", "phpbb")
    _no_cast_left()
    assert "Дуэль над Твердью, раунд 2: сводка для Грозы (Налётчики)" in brief
    assert "сводка для Шквала (отряд)" in brief_text(first, "Шквал", "plain")


def test_reports_have_headers_in_words_and_the_winner_by_name(fight: Any) -> None:
    _, _, last = fight
    gm = to_bbcode(last, "gm")
    _no_cast_left()
    assert "[i]Дуэль драконов · зерно 7 · для ведущего[/i]" in gm
    winner = last["outcome"]["winner"]
    said = {"red": "Побеждают Налётчики после", "blue": "Побеждает отряд после"}[winner]
    assert said in gm and said in to_markdown(last, "player", "blue")
    assert "dragons" not in gm.split("[/i]")[0]  # no code id in the header
    assert not re.search(r"\[\*\]— Раунд \d+ —", gm)


def test_the_english_report_names_the_sides_too(fight: Any) -> None:
    _, _, last = fight
    md = to_markdown(last, "player", "red", lang="en")
    assert "*Dragon duel · seed 7 · for Налётчики*" in md
    winner = last["outcome"]["winner"]
    assert {"red": "Налётчики win after", "blue": "Отряд wins after"}[winner] in md


def test_a_players_data_keeps_the_grammar_of_what_it_shows(fight: Any) -> None:
    _, _, last = fight
    gm = last["grammar"]
    assert {r[0] for r in gm["names"]} >= {"Гроза", "Шквал", "Кира", "Вел", "Налётчики", "отряд"}
    assert gm["sides"] == {"red": "Налётчики", "blue": "отряд"}
    mine = view_data(last, "player", "red")
    shown = set(mine["participants"]) | set(gm["sides"].values())
    for r in mine["rounds"]:
        for e in r["events"]:
            shown |= {v for v in _strings(e.get("params"))}
    kept = {r[0] for r in mine["grammar"]["names"]}
    assert kept <= shown and {"Гроза", "Шквал", "Налётчики", "отряд"} <= kept
    assert cast_of_run(mine).sides == {"red": "Налётчики", "blue": "отряд"}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_run_data_written_before_the_grammar_still_reads(fight: Any) -> None:
    """A GM's run data without ``grammar`` declines by its scenario; a player's by the dictionary."""
    _, first, _ = fight
    old = copy.deepcopy(first)
    del old["grammar"]
    assert "Ждём приказов от Грозы и Шквала." in post_text(old, 1, "", "phpbb")
    assert "для Налётчиков" in to_bbcode(old, "player", "red")
    player = view_data(old, "player", "red")
    del player["grammar"]
    assert cast_of_run(player).names() == []
    assert "Дуэль над Твердью" in to_bbcode(player, "player", "red")


def test_the_desk_declines_and_names_the_sides(tmp_path: Path) -> None:
    from gmkit.ui.sessions import session

    path = tmp_path / "duel.yaml"
    path.write_text(yaml.safe_dump(russian_duel(), allow_unicode=True), encoding="utf-8")
    desk = session(path, journal=tmp_path / "duel.jsonl", lang="ru")
    try:
        _no_cast_left()
        assert "Ждём приказов от Грозы и Шквала" in desk.orders_state.value
        assert "Налётчики</div>" in desk.panel.value and "Отряд</div>" in desk.panel.value
        assert [label for label, _ in desk.posts.view.options] == [
            "для всех игроков", "для Налётчиков", "для отряда"]
        desk.resolve(autopilot=True)
        assert desk.log_view.value.count("— Раунд 1 —") == 1  # the separator, not the marker too
    finally:
        desk.close()


def test_a_reply_declines_in_the_cast_it_was_read_in(fight: Any) -> None:
    from gmkit.language import read

    enc, *_ = fight
    fresh = get("dragons").engine_class(russian_duel(), 7)
    with grammar.cast(fresh.cast):
        reading = read(fresh, "Гроза", "Заявка: ровно +1")
    for name in fresh.cast.names():  # every name as the fight's scenario declines it
        assert reading.cast.noun(name) == fresh.cast.noun(name)
    assert reading.cast.sides == fresh.cast.sides
    reading.reply()
    _no_cast_left()
    assert enc.cast.sides == {"red": "Налётчики", "blue": "отряд"}
