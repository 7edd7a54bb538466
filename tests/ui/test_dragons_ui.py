"""The dragons' order form and desk against the real DragonDuel (D-1, D-3, D-4, D-5)."""

from __future__ import annotations

import json
from pathlib import Path

from gmkit.dragons.engine import DragonDuel
from gmkit.dragons.orders import Attack, DragonOrder, Move
from gmkit.dragons.ui import DragonOrderForm, DragonSession
from gmkit.ui.sessions import session

from .scenarios import EVIL, duel


def test_moves_are_exactly_the_engines_legal_moves_D4() -> None:
    d = DragonDuel.from_scenario(duel(2))
    f = DragonOrderForm(d)
    assert f.actor.value == "Ash"
    assert [v for _, v in f.move.options] == d.legal_moves("Ash")
    assert f.move.value == Move.level(0)


def test_illegal_order_refused_inline_nothing_changes_D5() -> None:
    d = DragonDuel.from_scenario(duel(2))
    f = DragonOrderForm(d)
    before = (d.orders_received, len(d.history), d.board())
    f.choose("Bane", actions=[Attack("Flame", "Ash")])  # range 60, Long range 40: D-5
    assert f.submit() is False
    assert f.error.startswith("D-5:") and "range 60" in f.error and "40" in f.error
    assert "D-5" in f.status.value and "gm-refused" in f.status.value
    assert (d.orders_received, len(d.history), d.board()) == before
    assert f.actions == [Attack("Flame", "Ash")]  # the GM's entry is kept to fix


def test_legal_order_received_content_hidden_and_reorderable_D1_D3() -> None:
    d = DragonDuel.from_scenario(duel(3))
    f = DragonOrderForm(d)
    f.choose("Ash", move=Move.level(1))
    assert f.submit() and f.error == "" and f.actions == []
    f.choose("Bane")
    assert f.submit()
    assert f.received() == [{"position": 1, "actor": "Ash", "status": "received"},
                            {"position": 2, "actor": "Bane", "status": "received"}]
    shown = " ".join(c.children[0].value for c in f.received_box.children)
    assert "level" not in shown and "Move" not in shown and "received" in shown
    f.move_order("Bane", -1)
    assert d.orders_received == ["Bane", "Ash"]
    assert d.pending_order("Ash") == DragonOrder(Move.level(1), ())
    f.withdraw("Ash")
    assert d.orders_received == ["Bane"]


def test_multi_action_penalty_shown_C4() -> None:
    d = DragonDuel.from_scenario(duel(2))
    f = DragonOrderForm(d)
    f.add_action(Attack("Flame", "Bane"))
    assert "penalty" not in f.actions_view.value
    f.add_action(Attack("Claws", "Bane"))
    assert "-2 to each action roll" in f.actions_view.value


def test_range_and_odds_shown_for_a_legal_attack_D5() -> None:
    sc = duel(2)
    sc["dragons"][0].update(speed=5, height=12)  # Ash above Bane: ranged attack legal
    sc["dragons"][0]["weapons"][0]["ranges"] = [30, 60, 120]
    d = DragonDuel.from_scenario(sc)
    f = DragonOrderForm(d)
    labels = [lab for lab, _ in f.action.options]
    flame = next(lab for lab in labels if lab.startswith("Flame → Bane"))
    assert "range 50, medium range" in flame and "hit " in flame and "wound " in flame
    assert "Bane at range 50" in f.ranges.value
    opt = next(o for o in d.attack_options("Ash") if o["weapon"] == "Flame")
    hit, wound = d.attack_odds("Ash", opt)
    hit2, _ = d.attack_odds("Ash", opt, actions=2)
    assert 0 < wound < hit < 1 and hit2 < hit


def test_form_escapes_names() -> None:
    d = DragonDuel.from_scenario(duel(2, names=[EVIL, "Bane"]))
    f = DragonOrderForm(d)
    f.choose("Bane", actions=[Attack("Flame", EVIL)])
    assert not f.submit()
    assert "<img" not in f.status.value and "&lt;img" in f.status.value
    assert "<img" not in f.ranges.value + f.actions_view.value


def test_session_resolve_moves_the_chart(tmp_path: Path) -> None:
    desk = DragonSession(duel(2), journal=tmp_path / "j.jsonl")
    desk.form.choose("Ash", move=Move.level(2))
    assert desk.form.submit()
    desk.form.choose("Bane", move=Move.dive(1))
    assert desk.form.submit()
    assert desk.chart.positions() == {"Ash": (4, 10), "Bane": (5, 11)}
    assert desk.resolve()
    assert desk.chart.positions() == {"Ash": (6, 10), "Bane": (7, 10)}
    red = next(t for t in desk.chart.widget.data if t.name == "red")
    assert red.x == (6,)
    assert "Round 1" in desk.log_view.value or "Round" in desk.log_view.value
    assert repr(desk) == ("<DragonSession 'UI test duel' round 2, "
                          f"{len(desk.encounter.record)} events, orders received: 0, GM view>")


def test_session_undo_and_resume_bring_the_desk_back(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    desk = DragonSession(duel(2), journal=j)
    desk.form.choose("Ash", move=Move.level(2))
    desk.form.submit()
    desk.form.choose("Bane")
    desk.form.submit()
    desk.resolve()
    board = desk.encounter.board()
    again = DragonSession(duel(2), journal=j)  # the same cell run after a kernel restart
    assert again.encounter.board() == board
    assert DragonSession.resume(j).encounter.board() == board
    assert desk.undo() and desk.encounter.orders_received == ["Ash", "Bane"]
    assert desk.chart.positions() == {"Ash": (4, 10), "Bane": (5, 11)}
    assert DragonSession.resume(j).encounter.orders_received == ["Ash", "Bane"]


def test_session_save_language_and_errors(tmp_path: Path) -> None:
    desk = DragonSession(duel(2), save_path=tmp_path / "s.jsonl")
    assert "give journal=" in desk.header.value
    desk.set_language("ru")
    assert desk.resolve_button.description == "Разыграть раунд"
    assert desk.form.submit_button.description == "Отдать приказ"
    assert desk.dice.labels["roll"] == "Бросить"
    assert desk.language.value == "ru"
    p = desk.save()
    assert p.exists() and p.name == "s.gm.jsonl" and "s.gm.jsonl" in desk.status.value
    assert desk.undo() is False and "nothing to undo" in desk.status.value


def test_session_dice_roller_bound_to_the_duel() -> None:
    desk = DragonSession(duel(2))
    v = desk.dice.roll("d12")
    assert desk.encounter.dice.log[-1].describe() == v["text"]
    assert "Dice roller" in desk.log_view.value


def test_session_factory_and_escape() -> None:
    desk = session(duel(2, names=[EVIL, "Bane"]))
    assert isinstance(desk, DragonSession)
    assert "<img" not in desk.header.value + desk.log_view.value
    text = json.dumps([t.to_plotly_json() for t in desk.chart.widget.data], default=str)
    assert "<img" not in text


def test_session_autopilot_box_and_log_frame() -> None:
    desk = DragonSession(duel(2))
    assert desk.autopilot.description == "Autopilot for missing orders"
    desk.autopilot.value = True
    desk.resolve_button.click()  # orders missing: the desk asks first
    assert desk.prompting and desk.encounter.round == 1
    desk.confirm_button.click()
    assert desk.encounter.round == 2
    frame = desk.log_table()
    assert list(frame.columns) == ["round", "actor", "kind", "text", "dice"]
    assert len(frame) == len(desk.encounter.record) and (frame["round"] == 1).all()


def test_form_and_brief_odds_weigh_armour_piercing_against_armour_D7() -> None:
    """The odds the form and a brief show are the engine's, with AP against Armour: Armour is part
    of Toughness, so Armour 4 alone changes nothing, and a weapon of AP 4 ignores it (a better
    chance to wound); the chance to hit stays."""
    def odds(armour: int, ap: int) -> tuple[float, float]:
        sc = duel(2)
        sc["dragons"][0].update(speed=5, height=12)
        sc["dragons"][0]["weapons"][0].update(ranges=[30, 60, 120], ap=ap)
        sc["dragons"][1]["armour"] = armour
        d = DragonDuel.from_scenario(sc)
        opt = next(o for o in d.attack_options("Ash") if o["weapon"] == "Flame")
        got = d.attack_odds("Ash", opt)
        assert got is not None
        return got

    bare, armoured, pierced = odds(0, 0), odds(4, 0), odds(4, 4)
    assert armoured == bare and pierced[1] > armoured[1] and pierced[0] == armoured[0]
