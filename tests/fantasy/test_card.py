"""The fantasy skirmish's picture (issue 34, item 6): a status card of every side, drawn from the
board as its viewer sees it, in a post (a PNG beside the journal) and in a report."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from gmkit.fantasy.card import card_svg
from gmkit.fantasy.engine import Skirmish
from gmkit.fantasy.posts import picture_svg
from gmkit.fantasy.views import picture
from gmkit.report.chronicle import Chronicle
from gmkit.report.document import Picture, Svg, build
from gmkit.report.forum import svg_to_png, write_pictures
from gmkit.report.posts import post_blocks
from tests.posts.fights import journaled

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "templates" / "scenarios" / "fantasy_ford_ambush_ru.yaml"
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def fight() -> Any:
    """The ford ambush a few turns in: some wounds, the goblins' hit points hidden from the party."""
    f = Skirmish.from_scenario(FORD, seed=4)
    for _ in range(5):
        f.resolve_round(autopilot=True)
    assert not f.is_over
    return f


def _groups(svg: str) -> dict[str, str]:
    """Each combatant's text on the card, by its name."""
    root = ET.fromstring(svg)
    return {g.get("data-combatant"): " ".join("".join(t.itertext()) for t in g.iter(f"{NS}text"))
            for g in root.iter(f"{NS}g") if g.get("data-combatant") is not None}


def _side_headings(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return ["".join(g.find(f"{NS}text").itertext()) for g in root.iter(f"{NS}g")  # type: ignore[union-attr]
            if g.get("data-side") is not None]


def test_the_card_shows_each_side_and_each_combatant(fight: Any) -> None:
    board = fight.board("party")
    svg = picture_svg(board, fight.sides(), "ru", "Положение после раунда 3")
    assert svg is not None and "Положение после раунда 3" in svg
    assert _side_headings(svg) == ["отряд", "гоблины"]
    groups = _groups(svg)
    assert list(groups) == [c["name"] for c in board["combatants"]]


def test_the_card_hides_hit_points_its_viewer_may_not_see(fight: Any) -> None:
    party, gm = fight.board("party"), fight.board()
    hidden = [c["name"] for c in party["combatants"] if c["hp"] is None]
    assert hidden and all(c["side"] == "goblins" for c in party["combatants"] if c["name"] in hidden)
    seen = _groups(card_svg(party, fight.sides(), "ru", "t") or "")
    full = _groups(card_svg(gm, fight.sides(), "ru", "t") or "")
    numbers = re.compile(r"\d+(,\d+)?/\d+")
    for c in gm["combatants"]:
        if c["name"] in hidden:
            assert not numbers.search(seen[c["name"]]), seen[c["name"]]
            assert c["status"] != "active" or numbers.search(full[c["name"]])  # the GM sees them
        elif c["status"] == "active":
            want = f"{c['hp']}/{c['max_hp']}".replace(".", ",")
            assert want in seen[c["name"]], (want, seen[c["name"]])


def test_the_card_shows_effects_and_states_in_words() -> None:
    board = {"side_names": {"a": "отряд"}, "combatants": [
        {"name": "Мира", "side": "a", "kind": "player", "hp": 0, "max_hp": 5, "status": "dead",
         "effects": []},
        {"name": "Пёс", "side": "a", "kind": "pet", "hp": 3, "max_hp": 5, "status": "asleep",
         "effects": [{"status": "poisoned", "turns": 2}]},
        {"name": "Варг", "side": "b", "kind": "monster", "hp": None, "max_hp": None, "status": "active",
         "effects": []}]}
    groups = _groups(card_svg(board, ["a", "b"], "ru", "t") or "")
    assert "мертва" in groups["Мира"] or "мёртв" in groups["Мира"]
    assert "сон" in groups["Пёс"] and "отравление, ещё 2 хода" in groups["Пёс"] and "питомец" in groups["Пёс"]
    assert groups["Варг"].endswith("в бою")
    assert "in the fight" in _groups(card_svg(board, ["a", "b"], "en", "t") or "")["Варг"]


def test_a_hostile_name_is_escaped() -> None:
    evil = '<script>alert("x")</script>'
    board = {"side_names": {"a": "<b>отряд</b>"}, "combatants": [
        {"name": evil, "side": "a", "hp": 2, "max_hp": 4, "status": "active",
         "effects": [{"status": "<img src=x onerror=alert(1)>", "turns": 1}]},
        {"name": "Гоблин", "side": "b", "hp": None, "status": "active", "effects": []}]}
    svg = card_svg(board, ["a", "b"], "ru", "<i>раунд</i>") or ""
    assert "<script" not in svg and "<img" not in svg and "<b>" not in svg and "<i>" not in svg
    assert "&lt;script&gt;" in svg
    assert evil in _groups(svg)  # the name is still there, as text
    assert _side_headings(svg)[0] == "<b>отряд</b>"


def test_no_combatants_no_card() -> None:
    assert card_svg({"combatants": []}, ["a"], "ru", "t") is None


def test_a_post_carries_the_card_as_a_png_with_its_words(tmp_path: Path) -> None:
    enc = journaled("fantasy_ford_ambush_ru", tmp_path, 4, seed=4)
    try:
        data = Chronicle(enc, "ru").update()
        blocks = post_blocks(data, None, "party", "ru")
        pics = [b for b in blocks if isinstance(b, Picture)]
        assert len(pics) == 1 and "Борин" in pics[0].svg and "гоблины" in pics[0].svg
        paths = write_pictures(blocks, tmp_path / "pics")
        assert [p.name for p in paths] == [pics[0].name]
        assert paths[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        report = build(data, "player", "party", "ru")
        assert any(isinstance(b, Svg) and "data-combatant" in b.svg for b in report)
    finally:
        enc.close()


def test_the_report_picture_is_the_card(fight: Any) -> None:
    pic = picture(fight.board("party"), fight.sides(), "ru", "t")
    assert isinstance(pic, Svg) and pic.svg == card_svg(fight.board("party"), fight.sides(), "ru", "t")


def test_a_picture_draws_its_words() -> None:
    """resvg maps ``sans-serif`` to one family; where the machine lacks it, a picture's words were
    not drawn at all. Text in ``sans-serif`` must put ink on the PNG."""
    def png(text: str) -> bytes:
        return svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="30" '
                          f'font-family="sans-serif"><text x="4" y="20">{text}</text></svg>')

    assert png("Борин") != png("")
