"""The space and fantasy forms and desks against the real engines (S-1, S-4, S-5, S-10, F-6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmkit.errors import GmkitError
from gmkit.fantasy.ui import SkirmishSession
from gmkit.space import Pass
from gmkit.space.ui import SpaceSession, highlights
from gmkit.ui.sessions import session

ROOT = Path(__file__).resolve().parents[2]
CLOAK = ROOT / "templates" / "scenarios" / "space_cloak_2v2.yaml"
WOLVES = ROOT / "templates" / "scenarios" / "fantasy_wolves.yaml"


def _attack_first(desk: SpaceSession) -> None:
    """Shade (cloaked, first, S-4) fires at the Tug and stays where it is: once the shot is known
    the form offers that choice (S-8: the hull, if it hit; S-10: its place), made as a step."""
    f = desk.form
    shot = next(o for o in f.orders() if type(o).__name__ == "Attack" and o.then is None)
    f.select(shot)
    assert f.submit(), f.error
    assert desk.resolve()
    if desk.encounter.decision() is not None:
        stay = next(o for o in f.orders() if type(o).__name__ == "Choose" and o.aim in (None, "hull")
                and o.to == (5, 11))
        f.select(stay)
        assert f.submit(), f.error
        assert desk.resolve()


def test_space_form_offers_exactly_the_engines_orders_S5() -> None:
    desk = SpaceSession(CLOAK)
    enc = desk.encounter
    assert desk.form.actor.value == enc.current_ship == "Shade"
    assert desk.form.orders() == enc.legal_orders("Shade")
    assert "Turn of Shade" in desk.form.info.value


def test_map_click_ship_then_cell_fills_the_form_S2() -> None:
    desk = SpaceSession(CLOAK)
    m = desk.map
    m._on_msg(m, {"type": "ship", "name": "Shade"}, [])
    assert m.selected == "Shade" and [6, 11] in m.model["moves"]
    m._on_msg(m, {"type": "cell", "x": 6, "y": 11}, [])
    actor, order = desk.form.build()
    assert (actor, type(order).__name__, order.to) == ("Shade", "Move", (6, 11))
    m._on_msg(m, {"type": "ship", "name": "Tug"}, [])  # a highlighted target
    actor, order = desk.form.build()
    assert type(order).__name__ == "Attack" and order.target == "Tug"


def test_guessed_cell_against_a_cloaked_ship_S10() -> None:
    desk = SpaceSession(CLOAK)
    _attack_first(desk)
    enc = desk.encounter
    while enc.current_ship != "Tug":  # S-4: the approach order until the d10s are rolled
        enc.push(enc.current_ship, Pass())
    assert enc.current_ship == "Tug"
    hl = highlights(enc, "Tug", "patrol")
    assert hl["guesses"] and "Shade" not in hl["targets"]
    desk.set_view("patrol")
    m = desk.map
    m._on_msg(m, {"type": "ship", "name": "Tug"}, [])
    x, y = m.model["guesses"][0]
    m._on_msg(m, {"type": "cell", "x": x, "y": y}, [])
    _actor, order = desk.form.build()
    assert type(order).__name__ == "Attack" and order.cell == (x, y) and order.target == "Shade"
    assert "Shade" not in desk.form.choice.options[desk.form.choice.index][0]


def test_player_view_sends_no_trace_of_the_cloaked_ship_S1() -> None:
    desk = SpaceSession(CLOAK, side="patrol")
    state = json.dumps([desk.map.get_state(), desk.form.info.value, desk.log_view.value,
                        [o for o, _ in desk.form.choice.options], desk.header.value])
    assert "Shade" not in state
    assert "[5, 11]" not in json.dumps(desk.map.model)
    assert desk.form.actors() == []  # Shade's turn: nothing for the patrol to order
    desk.set_view(None)
    assert "Shade" in json.dumps(desk.map.get_state())


def test_space_repr_and_static_svg() -> None:
    desk = SpaceSession(CLOAK)
    assert repr(desk) == ("<SpaceSession 'Cloak and beam, two against two' round 1, 1 events, "
                          "orders received: 0, GM view>")
    assert desk.map.svg().startswith("<svg")


def test_skirmish_form_and_desk_F6(tmp_path: Path) -> None:
    desk = SkirmishSession(WOLVES, journal=tmp_path / "w.jsonl")
    enc = desk.encounter
    f = desk.form
    assert f.actors() == enc.awaiting()
    assert f.orders() == list(enc.legal_orders(f.actor.value))
    assert enc.acting_side in desk.table.value
    f.select(f.orders()[0])
    assert f.submit(), f.error
    assert f.received()[0]["status"] == "received"
    before = enc.round
    assert desk.resolve()
    again = SkirmishSession.resume(tmp_path / "w.jsonl")
    assert again.encounter.board() == enc.board()
    assert enc.round >= before


def test_skirmish_refusal_inline_nothing_changes() -> None:
    desk = SkirmishSession(WOLVES)
    enc = desk.encounter
    f = desk.form
    wrong = next(n for n in enc.participants() if enc.side_of(n) != enc.acting_side)
    f._orders = list(f.orders())
    f.actor.options = [*list(f.actor.options), (wrong, wrong)]
    f.select(f.orders()[0])  # an order is chosen (the form refuses a Submit with none chosen)
    f._busy = True
    f.actor.value = wrong
    f._busy = False
    before = (enc.orders_received, enc.board())
    assert f.submit() is False and f.error.startswith("F-")
    assert (enc.orders_received, enc.board()) == before


def test_session_factory_picks_the_desk() -> None:
    assert isinstance(session(CLOAK), SpaceSession)
    assert isinstance(session(WOLVES), SkirmishSession)
    with pytest.raises(GmkitError, match="no rule set named 'chess'"):
        session({"system": "chess"})


def test_skirmish_player_view_hides_monster_hit_points() -> None:
    desk = SkirmishSession(WOLVES)
    enc = desk.encounter
    monsters = [c for c in enc.board()["combatants"] if c["kind"] == "monster"]
    player_side = next(c["side"] for c in enc.board()["combatants"] if c["kind"] == "player")
    desk.set_view(player_side)
    assert all(c["hp"] is None for c in enc.board(player_side)["combatants"] if c["kind"] == "monster")
    assert "?" in desk.table.value and monsters
    assert all(enc.side_of(a) == player_side for a in desk.form.actors())
