"""Reports drawn from run data, in process (toy race engine): views, escaping, forum posts."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.toy
from gmkit.errors import GmkitError, ScenarioError
from gmkit.report.bbcode import escape_bbcode, to_bbcode
from gmkit.report.html import notebook_to_html, rebuild_notebook
from gmkit.report.markdown import escape_markdown, to_markdown
from gmkit.report.rundata import OrdersError, play
from gmkit.space.views import space_map

HERE = Path(__file__).parent
RACE = HERE / "race.yaml"


@pytest.fixture(scope="module")
def race():
    return play(RACE, 3)


def test_play_matches_engine_run(race):
    """The run data's outcome is the engine's own outcome for the same seed (C-1)."""
    _enc, data = race
    again = tests.toy.Race.from_scenario(RACE, seed=3)
    assert again.run(30) == data["outcome"]
    assert data["summary"]["winner"] == data["outcome"]["winner"]
    assert len(data["rounds"]) == data["outcome"]["rounds"]


def test_gm_notes_only_in_gm_view(tmp_path):
    orders = tmp_path / "orders.yaml"
    orders.write_text("rounds:\n  1:\n    Ash: {type: Run, dice: 1}\nnotes:\n  1: [the secret ambush]\n")
    _, data = play(RACE, 3, orders=orders)
    assert "the secret ambush" in to_bbcode(data, "gm")
    assert "the secret ambush" not in to_bbcode(data, "player")
    assert "the secret ambush" not in to_markdown(data, "player", "red")
    first = data["rounds"][0]["events"]
    assert any(e.get("data", {}).get("pos") is not None and e["actor"] == "Ash" for e in first)


def test_orders_file_order_is_used(tmp_path):
    orders = tmp_path / "orders.yaml"
    orders.write_text("1:\n  Ash: {type: Run, dice: 1}\n")
    _, data = play(RACE, 3, orders=orders)
    ash = next(e for e in data["rounds"][0]["events"] if e["actor"] == "Ash")
    assert len(ash["rolls"][0]["dice"]) == 1


@pytest.mark.parametrize("text, fragment", [
    ("2:\n  Nobody: {type: Run, dice: 1}\n", "'Nobody': no such participant"),
    ("1:\n  Ash: {dice: 1}\n", "needs a 'type'"),
    ("1:\n  Ash: {type: Fly, dice: 1}\n", "unknown order type 'Fly'"),
    ("1:\n  Ash: {type: Run, dice: 9}\n", "R-1"),
    ("x:\n  Ash: {type: Run, dice: 1}\n", "round 'x'"),
])
def test_bad_orders_file_names_round_and_participant(tmp_path, text, fragment):
    orders = tmp_path / "orders.yaml"
    orders.write_text(text)
    with pytest.raises(OrdersError) as e:
        play(RACE, 3, orders=orders)
    assert fragment in str(e.value) and str(orders) in str(e.value)


def test_bad_scenario_names_file_and_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: race\nname: x\nracers:\n  - {name: Ash, side: red, max_dice: many}\n")
    with pytest.raises(ScenarioError) as e:
        play(bad, 1)
    assert "bad.yaml" in str(e.value) and "racers[0].max_dice" in str(e.value)


def test_template_system_is_checked():
    said = "this template plays “Dragon duel” scenarios; this one is “race”$"
    with pytest.raises(ScenarioError, match=said):
        play(RACE, 1, expect_system="dragons")


def test_bbcode_escapes_tags_but_keeps_dice(race):
    _, data = race
    post = to_bbcode(data)
    assert "[b]co[/b]" not in post and "[\u200bb]co" in post
    assert "d6[" in post
    assert post.count("[list]") == post.count("[/list]") == len(data["rounds"])
    assert "red wins" in post.replace("Side red wins", "red wins")
    assert escape_bbcode("[url=x]y[/url] d8[5]") == "[\u200burl=x]y[\u200b/url] d8[5]"


def test_markdown_escapes(race):
    _, data = race
    md = to_markdown(data, lang="ru")
    assert md.startswith("# Race \\<b\\>") and "Раунд 1" in md
    assert escape_markdown("*a* [b]") == "\\*a\\* \\[b\\]"


def test_rebuilt_html_has_no_inputs_and_escapes_names(race):
    _, data = race
    html = notebook_to_html(rebuild_notebook(data, "player"))
    assert "Race &lt;b&gt;&amp;amp;" in html and "<b>&amp;</b>" not in html
    assert "Bo &lt;i&gt;" in html and "Bo <i>" not in html
    assert "jp-InputArea jp-Cell-inputArea" not in html and "require.min.js" not in html


def test_svg_map_escapes_and_drops_hidden_ships():
    board = {"width": 4, "height": 3, "station": [[0, 0]], "ships": [
        {"name": "<Ghost&>", "side": "a", "cells": [[1, 1], [2, 1]]},
        {"name": "Hidden", "side": "b", "cells": [], "hidden": True}]}
    svg = space_map(board, ["a", "b"])
    assert 'data-ship="&lt;Ghost&amp;&gt;" data-cell="1,1"' in svg and "<Ghost" not in svg
    assert "Hidden" not in svg
    import xml.dom.minidom

    xml.dom.minidom.parseString(svg)  # well-formed


def test_unknown_engine_is_a_clean_error():
    with pytest.raises(GmkitError):
        from gmkit.report.rundata import engine_class

        engine_class("chess")


def test_chance_agrees_with_gmkit_simulate(race):
    """The template's odds are gmkit.simulate's rows for the same scenario and seed."""
    from gmkit.report.notebook import chance
    from gmkit.simulation import simulate

    _, data = race
    odds = chance(data, 40)
    sim = simulate(data["scenario"], n=40, seed=data["seed"])
    k = sum(1 for w in sim.runs["winner"].tolist() if w == data["outcome"]["winner"])
    assert (odds["n"], odds["k"]) == (40, k)
    assert 0 <= odds["low"] <= odds["p"] <= odds["high"] <= 1
    assert chance(data, 0) == {"why": "report.odds.skipped"}


def test_dragon_orders_file_and_gm_note():
    """D-4: Ash's climb from the orders file is what round 1 resolves; the GM note stays GM-only."""
    from gmkit.report.rundata import find_file

    scen = find_file("scenarios/dragon_duel_firmament.yaml")
    _, data = play(scen, 5, orders=HERE / "dragon_orders.yaml", max_rounds=3)
    ash0 = next(d for d in data["initial"]["gm"]["dragons"] if d["name"] == "Ash")
    ash1 = next(d for d in data["rounds"][0]["views"]["gm"]["dragons"] if d["name"] == "Ash")
    assert (ash1["speed"], ash1["height"]) == (ash0["speed"] - 3, ash0["height"] + 1)
    assert "Vel has been paid" in to_markdown(data, "gm")
    assert "Vel has been paid" not in to_markdown(data, "player")
    assert "Vel has been paid" not in to_bbcode(data, "player", "red")
    assert len(data["rounds"]) <= 3


def test_unresolved_orders_only_in_gm_reports(race):
    """D-1: orders stay secret until resolved; a report never shows a player the ones left over."""
    _, data = race
    data = {**data, "unresolved": [{"actor": "Ash", "order": {"type": "Run", "dice": 2}}]}
    assert '"dice": 2' in to_bbcode(data, "gm") or "'dice': 2" in to_bbcode(data, "gm")
    assert "Orders not resolved" in to_markdown(data, "gm")
    for view, side in (("player", ""), ("player", "red")):
        assert "Orders not resolved" not in to_markdown(data, view, side)
        assert "dice" not in to_bbcode(data, view, side).split("[b]Outcome")[1]
        html = notebook_to_html(rebuild_notebook(data, view, side))
        assert "Orders not resolved" not in html
    assert "Orders not resolved" in notebook_to_html(rebuild_notebook(data, "gm"))
