"""The desk a GM can live in (issue 17): the newest resolution on top, the status panel, the
missing-order prompt, received orders shown / edited / withdrawn, words instead of code, the
language kept in the journal, the view kept across a language switch, the paste box (issue 16)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gmkit.dragons.orders import DragonOrder, Move
from gmkit.dragons.ui import DragonSession
from gmkit.dragons.views import LABEL_PLACES, chart_model, chart_svg
from gmkit.errors import GmkitError
from gmkit.fantasy.ui import SkirmishSession
from gmkit.space.ui import SpaceSession
from gmkit.space.views import last_seen_marks, map_model, remember_sightings
from gmkit.ui.sessions import log_table_html, status_panel_html

from .scenarios import duel

ROOT = Path(__file__).resolve().parents[2]
CLOAK = ROOT / "templates" / "scenarios" / "space_cloak_2v2.yaml"
WOLVES = ROOT / "templates" / "scenarios" / "fantasy_wolves.yaml"
LEVEL = DragonOrder(move=Move("level", 0))


# --- missing orders -------------------------------------------------------------------------------

def test_missing_orders_are_listed_with_their_default_and_asked_about() -> None:
    desk = DragonSession(duel(2))
    assert "Waiting for orders from Ash and Bane" in desk.orders_state.value
    desk.encounter.submit("Ash", LEVEL)
    missing = desk.missing()
    assert [m["actor"] for m in missing] == ["Bane"]
    assert "holds level flight at Speed 5" in missing[0]["default"]
    assert desk.resolve_clicked() is False and desk.prompting
    assert desk.prompt.layout.display == "flex" and "Bane" in desk.prompt_text.value
    assert desk.answer(False) is False and desk.encounter.round == 1 and not desk.prompting
    assert desk.prompt.layout.display == "none" and "cancelled" in desk.status.value
    desk.resolve_clicked()
    assert desk.answer(True) and desk.encounter.round == 2


def test_all_orders_in_resolves_at_once_and_the_autopilot_is_named() -> None:
    desk = DragonSession(duel(2))
    desk.autopilot.value = True
    [m] = [m for m in desk.missing(autopilot=True) if m["actor"] == "Ash"]
    assert m["default"].startswith("The autopilot orders: ") and "(" not in m["default"]
    for name in ("Ash", "Bane"):
        desk.encounter.submit(name, LEVEL)
    assert "All orders in" in desk.orders_state.value
    assert desk.resolve_clicked() is True and desk.encounter.round == 2 and not desk.prompting


def test_messages_are_cleared_when_they_no_longer_apply() -> None:
    desk = DragonSession(duel(2))
    f = desk.form
    f.choose("Ash", LEVEL.move)
    assert f.submit() and "Order from Ash received" in f.status.value
    desk.encounter.submit("Bane", LEVEL)
    desk.resolve()
    assert "order from Ash" not in f.status.value and "resolved" in desk.status.value
    desk.encounter.submit("Ash", LEVEL)  # the next step clears the last one's word
    assert desk.status.value == ""


# --- received orders --------------------------------------------------------------------------------

def test_a_received_order_can_be_shown_edited_replaced_and_withdrawn() -> None:
    desk = DragonSession(duel(2))
    f = desk.form
    f.choose("Ash", Move("level", 1))
    assert f.submit()
    assert "level +1" in f.show_order("Ash")
    rows = f.received_box.children
    assert "level +1" in rows[0].children[1].value  # shown under its row, in words
    f.choose("Bane")
    f.edit("Ash")
    assert f.actor.value == "Ash" and f.move.value == Move("level", 1) and "Ash" in desk.status.value
    f.choose("Ash", Move("level", 2))
    assert f.submit() and "replaced" in f.message
    assert desk.encounter.pending_order("Ash") == DragonOrder(move=Move("level", 2))
    f.withdraw("Ash")
    assert desk.encounter.orders_received == [] and "withdrawn" in f.message


def test_a_players_view_never_shows_a_received_order() -> None:
    desk = SkirmishSession(WOLVES, lang="en")
    actor = desk.form.actors()[0]
    desk.form.select(desk.form.orders()[0])
    assert desk.form.submit()
    desk.set_view(desk.encounter.side_of(actor))
    with pytest.raises(GmkitError, match="GM"):
        desk.form.show_order(actor)
    labels = [b.description for row in desk.form.received_box.children
              for b in getattr(row, "children", ())]
    assert "show" not in labels and "edit" not in labels


# --- words, not code ---------------------------------------------------------------------------------

def test_chosen_actions_and_moves_read_as_words_in_both_languages() -> None:
    from gmkit.dragons.orders import Attack

    desk = DragonSession(duel(2), lang="ru")
    f = desk.form
    f.choose("Ash", actions=[Attack("Claws", "Bane")])
    assert "Attack(" not in f.actions_view.value and "атакую Bane Claws" in f.actions_view.value
    assert all("level" not in label for label, _ in f.move.options)
    assert any(label.startswith("ровно +0") for label, _ in f.move.options)
    desk.set_language("en")
    assert "attack Bane with Claws" in f.actions_view.value


def test_space_order_does_not_default_to_pass() -> None:
    desk = SpaceSession(CLOAK)
    f = desk.form
    assert f.kind.value == "" and f.choice.value == -1  # nothing chosen
    assert f.submit() is False and "Choose an order first" in f.error
    assert desk.encounter.orders_received == []
    assert all(label == label.strip() and "(" not in label.split(" ")[0]
               for label, _ in f.kind.options)
    assert [label for label, v in f.kind.options if v == "Pass"] == ["pass the turn"]


def test_space_and_fantasy_say_whose_turn_they_played() -> None:
    desk = SpaceSession(CLOAK)
    ship = desk.encounter.current_ship
    assert f"turn of {ship}" in desk.header.value
    assert desk.resolve(autopilot=True)
    assert f"Played the turn of {ship}" in desk.status.value
    sk = SkirmishSession(WOLVES, lang="ru")
    side = sk.encounter.acting_side
    assert sk.resolve(autopilot=True) and f"Сыгран ход {side} (дальний бой)" in sk.status.value
    assert f"Раунд {sk.encounter.round}" in sk.header.value


# --- the log and the status panel --------------------------------------------------------------------

def test_the_newest_resolution_is_on_top_with_round_separators() -> None:
    desk = DragonSession(duel(2))
    desk.resolve(autopilot=True)
    desk.resolve(autopilot=True)
    html = desk.log_view.value
    assert html.index("— Round 2 —</td>") < html.index("— Round 1 —</td>")
    rows = [{"round": 1, "actor": "A", "text": "old", "dice": "", "step": 0},
            {"round": 2, "actor": "A", "text": "new", "dice": "", "step": 1}]
    out = log_table_html(rows)
    assert out.index("new") < out.index("old") and out.count('class="gm-log-round"') == 2


def test_status_panel_rows_are_grouped_by_side_and_hide_what_a_side_cannot_see() -> None:
    desk = DragonSession(duel(2), lang="ru")
    rows = desk.status_rows()
    assert [r["side"] for r in rows] == ["red", "blue"]
    assert rows[0]["items"][0] == "Скорость 4, Высота 10"
    html = status_panel_html(rows, "ru")
    assert html.count('class="gm-panel-side"') == 2 and "Сторона «red»" in html
    space = SpaceSession(CLOAK, side="patrol")
    hidden = [s["name"] for s in space.encounter.board("patrol")["ships"] if s["hidden"]]
    assert hidden and all(r["name"] not in hidden for r in space.status_rows())
    assert all(h not in space.panel.value for h in hidden)
    gm = SpaceSession(CLOAK)
    assert {r["name"] for r in gm.status_rows()} >= set(hidden)
    wolves = SkirmishSession(WOLVES, lang="en")
    party = wolves.encounter.side_of(wolves.encounter.participants()[0])
    wolves.set_view(party)
    monsters = [r for r in wolves.status_rows() if r["side"] != party]
    assert monsters and all(r["items"][0] == "hit points unknown" for r in monsters)


# --- the map and the chart ----------------------------------------------------------------------------

def _board(cells: list[list[int]] | None, hidden: bool, rnd: int) -> dict:
    return {"round": rnd, "width": 10, "height": 10, "ships": [
        {"name": "Ghost", "side": "raiders", "cells": cells or [], "hidden": hidden},
        {"name": "Mule", "side": "patrol", "cells": [[1, 1]], "hidden": False}]}


def test_last_seen_mark_is_the_sides_own_knowledge_never_the_true_cell() -> None:
    memory: dict = {}
    remember_sightings(memory, _board([[2, 3]], False, 1))  # seen at (2, 3) in round 1
    remember_sightings(memory, _board([], True, 2))  # cloaked: the side's board has no cells
    truth = [5, 5]  # where it really is now: only the GM's board knows
    marks = last_seen_marks(memory, _board([], True, 2))
    assert marks == [{"cells": [[2, 3]], "round": 1}]
    model = map_model(_board([], True, 2), "patrol", last_seen=marks)
    text = json.dumps(model)
    assert "Ghost" not in text and str(truth) not in text and model["last_seen"][0]["cells"] == [[2, 3]]
    assert map_model(_board([truth], False, 2), None, last_seen=marks)["last_seen"] == []  # GM: none
    remember_sightings(memory, {"round": 3, "ships": [{"name": "Ghost", "side": "raiders", "cells": [],
                                                       "hidden": True, "revealed_cells": [[4, 4]]}]})
    assert memory["Ghost"] == {"cells": [[4, 4]], "round": 3}  # S-10: seen firing, public


def test_map_has_a_legend_and_titles_in_the_desks_language() -> None:
    desk = SpaceSession(CLOAK, lang="ru")
    m = desk.map.model
    assert len(m["legend"]) == 10 and m["legend"][0].startswith("клетки — (столбец, строка)")
    assert all("корпус" in s["title"] for s in m["ships"])


def test_clicking_the_ship_whose_turn_it_is_fills_the_form() -> None:
    desk = SpaceSession(CLOAK)
    ship = desk.encounter.current_ship
    desk.map._on_msg(None, {"type": "ship", "name": ship}, None)
    assert desk.map.selected == ship and desk.form.actor.value == ship
    assert desk.form.kind.value == "Move" and len(desk.form.choice.options) > 1


def test_labels_of_dragons_sharing_a_point_are_placed_apart() -> None:
    board = {"round": 3, "dragons": [
        {"name": n, "side": s, "speed": 5, "height": 10} for n, s in
        (("Ash", "red"), ("Bane", "blue"), ("Cinder", "red"))]}
    model = chart_model(board)
    places = [d["label_place"] for d in model["dragons"]]
    assert places == list(LABEL_PLACES[:3])
    svg = chart_svg(model)
    ys = {d["name"]: svg.split(f">{d['label']}</text>")[0].rsplit('y="', 1)[1].split('"')[0]
          for d in model["dragons"]}
    assert len({(p, ys[d["name"]]) for p, d in zip(places, model["dragons"], strict=False)}) == 3
    assert ys["Ash"] != ys["Bane"]


def test_trails_keep_the_last_rounds_only_and_fallen_dragons_are_marked() -> None:
    trail = [[i, 10] for i in range(8)]
    board = {"round": 9, "trails": {"Ash": trail}, "dragons": [
        {"name": "Ash", "side": "red", "speed": 8, "height": 10},
        {"name": "Bane", "side": "blue", "speed": 4, "height": 2, "out": True},
        {"name": "Dusk", "side": "blue", "speed": 4, "height": 6, "falling": True}]}
    assert chart_model(board, trails=3)["dragons"][0]["trail"] == trail[-3:]
    assert chart_model(board)["dragons"][0]["trail"] == trail
    assert chart_model(board, trails=0)["dragons"][0]["trail"] == []
    model = chart_model(board, "ru", trails=3)
    assert [d["symbol"] for d in model["dragons"]] == ["circle", "x", "triangle-down"]
    assert model["states"] == ["falling", "out"]
    svg = chart_svg(model)
    assert "вне боя" in svg and "падает" in svg
    desk = DragonSession(duel(2))
    assert desk.chart.trails == 3 and DragonSession(duel(2), trails=None).chart.trails is None
    legend = [t.name for t in desk.chart.widget.data if t.showlegend]
    assert "out of the fight" not in legend


# --- the language and the view --------------------------------------------------------------------------

def test_the_language_is_kept_in_the_journal_and_survives_undo_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "duel.jsonl"
    desk = DragonSession(duel(2), journal=path)
    desk.resolve(autopilot=True)
    desk.set_language("ru")
    assert desk.undo() and desk.lang == "ru" and desk.encounter.round == 1  # the round, not the language
    desk.close()
    again = DragonSession.resume(path)
    assert again.lang == "ru" and again.language.value == "ru" and "Раунд 1" in again.header.value
    again.close()
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    assert [x["lang"] for x in lines if x.get("op") == "desk"] == ["ru"]


def test_close_releases_the_journal_lock(tmp_path: Path) -> None:
    path = tmp_path / "duel.jsonl"
    desk = DragonSession(duel(2), journal=path)
    code = ("import sys; from gmkit.dragons import DragonDuel\n"
            "try:\n DragonDuel.resume(sys.argv[1]).close(); print('opened')\n"
            "except Exception as e: print('refused')")
    env = {"PYTHONPATH": str(ROOT)}

    def other() -> str:
        return subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                              env=env, timeout=120).stdout.strip()

    assert other() == "refused"
    desk.close()
    assert other() == "opened"


def test_switching_language_keeps_a_sides_view_and_sends_no_hidden_ship() -> None:
    desk = SpaceSession(CLOAK)
    hidden = [s["name"] for s in desk.encounter.board("patrol")["ships"] if s["hidden"]]
    true_cells = [c for s in desk.encounter.board()["ships"] if s["name"] in hidden for c in s["cells"]]
    desk.set_view("patrol")
    sent: list = []
    desk.map.observe(lambda c: sent.append(c["new"]), names="model")
    desk.set_language("ru")
    desk.language.value = "en"
    desk.set_language("ru")
    assert desk.side == "patrol" and desk.view.value == "patrol" and desk.form.side == "patrol"
    state = json.dumps([desk.map.get_state(), sent, desk.panel.value, desk.log_view.value,
                        desk.orders_state.value, desk.header.value, desk.paste.actor.options,
                        [o for o in desk.form.actor.options]], default=str)
    assert hidden and all(h not in state for h in hidden)
    assert all(m["view"] == "patrol" for m in sent)
    for x, y in true_cells:
        assert [x, y] not in [c for m in sent for s in m["ships"] for c in s["cells"]]


def test_an_unknown_side_is_a_clear_error() -> None:
    desk = SpaceSession(CLOAK)
    with pytest.raises(GmkitError, match=r"no side “nobody”.*patrol"):
        desk.set_view("nobody")
    assert desk.side is None
    with pytest.raises(GmkitError, match="nobody"):
        SpaceSession(CLOAK, side="nobody")
    with pytest.raises(GmkitError, match="fr"):
        desk.set_language("fr")


# --- the paste box ------------------------------------------------------------------------------------

def test_paste_box_reads_a_russian_message_and_submits_it() -> None:
    desk = DragonSession(duel(2))
    box = desk.paste
    reading = box.read("Привет, мастер!\nЗаявка: ровно +2", "Ash")
    assert reading is not None and reading.ok
    assert "level +2" in box.result.value and not box.accept_button.disabled
    assert box.accept() and desk.encounter.pending_order("Ash") == DragonOrder(move=Move("level", 2))
    assert box.text.value == ""


def test_paste_box_loads_an_order_into_the_form_and_answers_a_wrong_one() -> None:
    desk = DragonSession(duel(2))
    box = desk.paste
    box.read("climb 1", "Bane")
    assert box.to_form() and desk.form.actor.value == "Bane" and desk.form.move.value == Move("climb", 1)
    bad = box.read("атакую Бейна хвостом и улетаю на луну", "Ash")
    assert bad is not None and not bad.ok
    assert box.accept_button.disabled and box.reply.value and box.copy.text == box.reply.value
    assert box.accept() is False and desk.encounter.orders_received == []
