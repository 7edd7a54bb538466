"""Issue 29: a forum round played in one go (gmkit.rounds.play_round).

Space first (S-4: ships act in turn): every captain's order is taken up front, one play runs the
turns in the rules' order and stops only where an order no longer fits, with the reason and the
legal choices; a choice left open after a hit (S-8, S-10) takes the GM's default and the post says
so. Then fantasy (F-6: a side's orders given ahead for its turn), dragons (one resolution), and
journals written by main before this change, which must load and replay identically.
"""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import pytest

from gmkit.encounter import Encounter
from gmkit.errors import IllegalOrder
from gmkit.events import ALL
from gmkit.i18n import grammar
from gmkit.language import read
from gmkit.rounds import play_round
from gmkit.systems import get
from tests.inbox.fights import lighthouse
from tests.language.situations import road, storm

MAIN_JOURNALS = Path(__file__).with_name("main_journals")


def space(sc: dict[str, Any], tmp: Path | None = None, seed: int = 5) -> Any:
    return get("space").engine_class(sc, seed, journal=None if tmp is None else tmp / "fight.jsonl")


def order(enc: Any, actor: str, text: str) -> Any:
    """The player's message read for ``actor``; it must be read whole and accepted."""
    r = read(enc, actor, text)
    assert r.ok, r.reply()
    return r.orders[0]


def texts(enc: Encounter, events: list[Any], side: str | None = None) -> list[str]:
    with grammar.cast(enc.cast):
        return [e.text("ru") for e in events if e.visible_to(side)]


def test_every_ships_order_up_front_and_one_play_runs_the_round_in_turn_order(tmp_path: Path) -> None:
    from gmkit.space.orders import Attack, Move

    enc = space(lighthouse(), tmp_path)
    assert enc.awaiting() == ["Тень"] and enc.expected() == ["Тень", "Страж", "Буревестник"]
    enc.submit("Буревестник", order(enc, "Буревестник", "Заявка: лечу на (3, 7)"))
    enc.submit("Страж", order(enc, "Страж", "Огонь по Тени в клетку (4, 5), по корпусу"))
    enc.submit("Тень", order(enc, "Тень", "Огонь по Стражу по системам, затем остаюсь"))
    assert enc.orders_due() == ["Тень"] and set(enc.orders_received) == {"Тень", "Страж", "Буревестник"}
    assert enc.pending_order("Тень") == Attack("Страж", "systems", then=(4, 5))
    play = play_round(enc)
    assert play.stopped == "done" and play.played == ["Тень", "Страж", "Буревестник"]
    assert play.defaults == [] and play.autopilot == []  # the aim and the place were said ahead
    assert enc.round == 2 and enc.current_ship == "Тень" and enc.orders_received == []
    assert enc.state.ships["Буревестник"].cells == ((3, 7), (4, 7))
    assert enc.pending_order("Буревестник") is None and Move((3, 7)) not in enc.legal_orders("Тень")
    # the journal holds every step: resumed, the fight is the same, event for event
    again = Encounter.resume(tmp_path / "fight.jsonl", autosave=False)
    assert [e.to_json() for e in again.record] == [e.to_json() for e in enc.record]
    assert again.board() == enc.board()
    enc.close()


def test_an_order_that_no_longer_fits_stops_the_play_with_the_reason_and_the_choices() -> None:
    """Страж is destroyed before Буревестник's turn: its shot at Страж no longer fits (S-7); the
    GM gives it a new order and plays on."""
    from gmkit.space.orders import Pass

    sc = lighthouse()
    sc["ships"][1]["hull"] = 2
    sc["ships"][2]["cell"] = [3, 7]  # Буревестник touches Страж
    sc["ships"].append({"name": "Чайка", "side": "патруль", "player": "Чайка", "cell": [10, 1],
                        "hull": 10, "defence": 5, "damage": "d6"})
    sc["initiative"].append("Чайка")
    enc = space(sc)
    enc.submit("Буревестник", order(enc, "Буревестник", "лечу на (3, 8)"))
    enc.submit("Буревестник", order(enc, "Буревестник", "огонь по Стражу"))  # the later one stands
    enc.enter_faces(10, 4, 4)  # Тень hits, 2d4+1 = 9: Страж is gone
    enc.submit("Тень", order(enc, "Тень", "огонь по Стражу, по корпусу, затем остаюсь"))
    play = play_round(enc)
    assert play.stopped == "unfit" and play.actor == "Буревестник"
    assert play.played == ["Тень"] and enc.state.ships["Страж"].destroyed
    assert play.refusal is not None and play.refusal.rule == "S-7"
    assert play.choices and Pass() in play.choices and all(
        enc.legal_orders("Буревестник").why_not(o) is None for o in play.choices)
    assert "уничтожен" in play.refusal.message("ru")
    with pytest.raises(IllegalOrder):  # the old order is still there, and still refused
        enc.resolve_round()
    enc.submit("Буревестник", Pass())
    play = play_round(enc)
    assert play.stopped == "waiting" and play.waiting == ["Чайка"] and play.played == ["Буревестник"]


def test_a_cell_taken_first_and_a_target_gone_under_cloak_stop_the_play() -> None:
    from gmkit.space.orders import Attack, Cloak, Move

    sc = lighthouse()
    sc["ships"][0]["cloaked"] = False
    sc["ships"][2]["cell"] = [2, 7]
    enc = space(sc)
    enc.submit("Страж", Move((4, 6)))  # Страж moves next to Тень...
    enc.submit("Буревестник", Move((3, 7)))
    enc.submit("Тень", Cloak())  # ...which cloaks on its turn
    enc.submit("Страж", Attack("Тень"))  # Страж's later word: fire at Тень (seen now)
    play = play_round(enc)
    assert play.stopped == "unfit" and play.actor == "Страж" and play.played == ["Тень"]
    assert play.refusal is not None and play.refusal.rule == "S-10"  # name the cell now
    assert play.choices and all(isinstance(o, Attack) and o.cell is not None
                                for o in play.choices if isinstance(o, Attack))
    enc.submit("Страж", Move((4, 7)))  # the GM's new order for Страж: it takes (4, 7)...
    play = play_round(enc)
    assert play.stopped == "unfit" and play.actor == "Буревестник"
    assert play.refusal is not None and play.refusal.rule == "S-2"  # ...where Буревестник was going


def test_an_aim_left_open_takes_the_gms_default_and_the_post_says_so() -> None:
    enc = space(lighthouse())
    enc.enter_faces(10)  # a hit: where does it go? and where does Тень cloak again?
    enc.submit("Тень", order(enc, "Тень", "огонь по Стражу"))
    enc.submit("Страж", order(enc, "Страж", "пропускаю ход"))
    enc.submit("Буревестник", order(enc, "Буревестник", "пропускаю ход"))
    play = play_round(enc)
    assert play.stopped == "done" and play.defaults == ["Тень"]
    public = texts(enc, play.events, "патруль")
    own = texts(enc, play.events, "вольные")
    said = "В приказе Тени не сказано, куда бить при попадании, — по умолчанию мастера по кораблю в целом"
    assert said in public and said in own
    stay = ("В приказе Тени не сказано, где снова надеть маскировку, — по умолчанию мастера корабль "
            "остаётся на месте")
    assert stay in own and stay not in public  # where a cloaked ship is stays its side's
    assert any(e.key == "space.damage" for e in play.events)
    assert enc.state.ships["Тень"].cells == ((4, 5),)
    default = [e for e in play.events if e.key == "space.choice.default.aim"]
    assert default[0].visibility == ALL and default[0].data == {"default": True, "aim": "hull"}


def test_the_gms_default_aim_is_a_scenario_option() -> None:
    enc = space(lighthouse(default_aim="systems"))
    assert enc.scenario["options"]["default_aim"] == "systems"
    enc.enter_faces(10, 3)  # a hit, then the system die: 3, the reactor
    enc.submit("Тень", order(enc, "Тень", "огонь по Стражу, затем остаюсь"))
    play = play_round(enc, npcs=["Страж", "Буревестник"])
    assert play.defaults == ["Тень"] and play.autopilot[:1] == ["Страж"]
    assert "по умолчанию мастера по системам" in " ".join(texts(enc, play.events))
    assert any(e.key.startswith("space.hit_system") for e in play.events)
    # left at the rules' default, the option stays out of the scenario (its hash is unchanged)
    assert "default_aim" not in space(lighthouse()).scenario["options"]


def test_gm_ships_are_played_by_the_autopilot_on_their_turn_from_what_their_side_sees() -> None:
    enc = space(lighthouse())
    enc.submit("Тень", order(enc, "Тень", "огонь по Стражу по корпусу, затем остаюсь"))
    play = play_round(enc)
    assert play.stopped == "waiting" and play.waiting == ["Страж"] and play.played == ["Тень"]
    play = play_round(enc, npcs=["Страж"])
    assert play.stopped == "waiting" and play.waiting == ["Буревестник"]
    assert play.autopilot == ["Страж"] and play.played == ["Страж"]


def test_fantasy_a_sides_orders_given_ahead_wait_for_its_turn() -> None:
    """F-6: the pack strikes first; the party's orders, given before, wait for the party's
    turn and are played then; one play runs the pack (autopilot) and the party."""
    from gmkit.fantasy.orders import Strike

    enc = get("fantasy").engine_class(road(False), 1)
    assert enc.acting_side == "стая" and "Борин" not in enc.awaiting()
    assert {"Борин", "Эльвен", "Мира"} <= set(enc.expected())
    enc.submit("Борин", order(enc, "Борин", "Бью Волка 1 топором"))
    enc.submit("Мира", order(enc, "Мира", "бью второго волка посохом"))
    enc.submit("Эльвен", order(enc, "Эльвен", "рублю вожака мечом"))
    assert enc.orders_due() == [] and enc.pending_order("Борин") == Strike("Волк 1", "Топор")
    monsters = [n for n, c in enc.sheets.combatants.items() if c.kind != "player"]
    play = play_round(enc, npcs=monsters)
    assert play.stopped == "done"
    assert play.played.index("Борин") > play.played.index("Волк 1")
    assert {"Борин", "Мира", "Эльвен"} <= set(play.played) and enc.orders_received == []
    assert enc.acting_side == "стая" and enc.round == 2


def test_fantasy_an_initiative_strike_is_still_out_of_turn() -> None:
    from gmkit.fantasy.legal import out_of_turn
    from gmkit.fantasy.orders import Pass, Strike

    sc = road(False)
    sc["combatants"][0]["initiative"] = 1
    enc = get("fantasy").engine_class(sc, 1)
    assert enc.acting_side == "стая"
    assert out_of_turn(enc.state, "Борин", Strike("Волк 1")) and not out_of_turn(enc.state, "Борин", Pass())
    enc.submit("Борин", Strike("Волк 1"))
    assert enc.orders_due() == ["Борин"]  # played now, out of turn (F-6 "Initiative")


def test_dragons_one_play_is_one_resolution() -> None:
    enc = get("dragons").engine_class(storm(), 3)
    play = play_round(enc, npcs=["Шквал", "Мгла"])
    assert play.stopped == "waiting" and play.waiting == ["Пепел", "Гроза"]
    assert enc.orders_received == ["Шквал", "Мгла"] and enc.resolutions == 0
    enc.submit("Пепел", order(enc, "Пепел", "Заявка: ровно, атакую Шквала Пламенем"))
    enc.submit("Гроза", order(enc, "Гроза", "держу скорость, Молнией по Мгле"))
    play = play_round(enc, npcs=["Шквал", "Мгла"])
    assert play.stopped == "done" and enc.resolutions == 1
    assert set(play.played) == {"Пепел", "Гроза", "Шквал", "Мгла"}


@pytest.mark.parametrize("name", sorted(p.name for p in MAIN_JOURNALS.glob("*.jsonl")))
def test_journals_written_by_main_load_and_replay_identically(name: str, tmp_path: Path) -> None:
    """Journals written before issue 29 (the old submit path: one ship's order at a time)
    replay event for event, and play on with the new round."""
    path = tmp_path / name
    shutil.copy(MAIN_JOURNALS / name, path)
    original = path.read_bytes()
    enc = Encounter.resume(path, autosave=False)  # strict: every event checked against the record
    assert enc.history and enc.orders_received  # each was left with an order pending
    lines = enc.journal_lines()
    enc2 = Encounter.resume(path, autosave=False)
    assert [e.to_json() for e in enc2.record] == [e.to_json() for e in enc.record]
    assert copy.deepcopy(lines) == enc2.journal_lines() and path.read_bytes() == original
    pending = enc.orders_received
    play = play_round(enc, npcs=enc.participants())  # the order left pending is played first
    assert play.stopped in ("done", "over") and set(pending) <= set(play.played)
