"""S-1/S-10: cloaked ships, the player's view and the named cell."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gmkit.space import Attack, Choose, Cloak, Flee, Move, Pass, Pursue, SpaceBattle

from .helpers import battle, cell_forms, heavy, player_json, ship
from .test_battle import refused


def cloak_board(start: tuple[int, int] = (7, 6)) -> SpaceBattle:
    # Shade starts cloaked at (7, 6); the patrol cutter sits at (3, 3)
    return battle(ship("Shade", "smugglers", start, cloak=True, cloaked=True),
                  ship("Cutter", "patrol", (3, 3)), order=["Shade", "Cutter"], width=12, height=12)


def leaks(b: SpaceBattle, side: str, cells: list[tuple[int, int]]) -> list[str]:
    text = player_json(b, side)
    return [f for cell in cells for f in cell_forms(cell) if f in text]


def test_s1_s10_cloaked_position_never_in_the_player_view() -> None:
    """S-1: the players' view does not show a cloaked ship; S-10: its attack shows only the cell
    it fired from; its shift after firing stays hidden."""
    b = cloak_board()
    hidden = [(7, 6)]
    b.push("Shade", Move((6, 5)))
    hidden.append((6, 5))
    b.push("Cutter", Pass())
    b.push("Shade", Move((5, 4)))
    hidden.append((5, 4))
    b.push("Cutter", Pass())
    assert leaks(b, "patrol", hidden) == []
    b.push("Shade", Move((4, 4)))
    hidden.append((4, 4))
    b.push("Cutter", Pass())
    assert leaks(b, "patrol", hidden) == []
    # it fires from (4, 4): that cell becomes public; once the shot is known (a miss) it chooses
    # where it cloaks again (S-10): it stays or shifts one cell still touching the Cutter
    b.enter_faces(2)
    b.push("Shade", Attack("Cutter"))
    assert [o.to for o in b.legal_orders("Shade")] == [(4, 4), (3, 4), (4, 3)]
    assert "shift_to" not in b.board("patrol")["decision"]
    b.push("Shade", Choose(to=(4, 3)))
    hidden = [c for c in hidden if c != (4, 4)] + [(4, 3)]
    assert leaks(b, "patrol", hidden) == []
    view = next(s for s in b.board("patrol")["ships"] if s["name"] == "Shade")
    assert view["cells"] == [] and view["hidden"] is True and view["revealed_at"] == [4, 4]
    assert view["orientation"] is None and view["held_by"] is None
    assert "[4, 4]" in player_json(b, "patrol")
    # the GM and Shade's own side see everything
    gm = next(s for s in b.board()["ships"] if s["name"] == "Shade")
    own = next(s for s in b.board("smugglers")["ships"] if s["name"] == "Shade")
    assert gm["cells"] == own["cells"] == [[4, 3]] and own["hidden"] is False
    assert "(4, 3)" in " ".join(b.story("en", "smugglers")) and "(4, 3)" in " ".join(b.story("en"))
    # the answering ship names a cell; the candidates come from what it saw
    guesses = {o.cell for o in b.legal_orders("Cutter") if isinstance(o, Attack)}
    assert guesses == {(4, 4), (3, 4), (4, 3)}
    b.enter_faces(10)  # a wrong cell misses whatever the die
    b.push("Cutter", Attack("Shade", cell=(3, 4)))
    assert b.state.ships["Shade"].hull == 20
    assert leaks(b, "patrol", hidden) == []
    last_public = b.events_for("patrol")[-1]
    assert last_public.key == "space.attack.blind_miss"
    assert b.record[-1].key == "space.attack.empty_gm" and b.record[-1].visibility == "gm"


def test_s10_right_guess_can_hit_and_public_miss_lines_look_alike() -> None:
    b = cloak_board((5, 5))
    b.push("Shade", Move((4, 4)))
    b.push("Cutter", Pass())
    b.enter_faces(1)
    b.push("Shade", Attack("Cutter", then=(4, 4)))  # it stays: said in the order
    b.enter_faces(3)  # right cell, roll too low: the public line is the same as an empty cell's
    b.push("Cutter", Attack("Shade", cell=(4, 4)))
    assert b.events_for("patrol")[-1].key == "space.attack.blind_miss"
    assert b.record[-1].key == "space.attack.blind_miss_gm"
    b.push("Shade", Pass())
    b.enter_faces(9, 3, 3)
    b.push("Cutter", Attack("Shade", "hull", cell=(4, 4)))
    assert b.state.ships["Shade"].hull == 14


def test_s10_cloaked_target_needs_a_named_cell_in_fire_range() -> None:
    b = cloak_board()
    b.push("Shade", Pass())
    refused(b, "Cutter", Attack("Shade"), "S-10", "name the cell")
    refused(b, "Cutter", Attack("Shade", cell=(9, 9)), "S-3", "(9, 9)")
    refused(b, "Cutter", Attack("Shade", cell=(30, 3)), "S-10", "off the 12×12 map")
    # naming an empty cell in range is legal: the player cannot know
    b.enter_faces(10)
    b.push("Cutter", Attack("Shade", cell=(4, 4)))


def test_s10_shift_must_keep_touching_the_target() -> None:
    b = cloak_board((5, 5))
    b.push("Shade", Move((4, 4)))
    b.push("Cutter", Pass())
    refused(b, "Shade", Attack("Cutter", then=(5, 4)), "S-10", "(4, 4)", "(5, 4)")
    c = battle(ship("A", "red", (0, 0)), ship("B", "blue", (1, 0)))
    refused(c, "A", Attack("B", then=(0, 1)), "S-10", "not cloaked")


def test_s10_move_into_an_unseen_ship_is_accepted_then_blocked() -> None:
    """S-2 with S-10 (item 8 of issue 13): a player cannot know the cell is taken; the move meets
    the cloaked ship, which stops it, and the line everyone reads says it struck something unseen
    (the cell and the ship are the GM's)."""
    b = battle(ship("Shade", "smugglers", (5, 5), cloak=True, cloaked=True),
               ship("Cutter", "patrol", (4, 4)), order=["Cutter", "Shade"])
    assert Move((5, 5)) in b.legal_orders("Cutter")
    new = b.push("Cutter", Move((5, 5)))
    assert b.state.ships["Cutter"].cells == ((4, 4),)
    seen = b.events_for("patrol")[-1]
    assert seen.key == "space.move.blocked" and seen.visibility == "all"
    assert seen.text("en") == "Cutter strikes something unseen in its way and stops"
    assert "невидим" in seen.text("ru")
    assert leaks(b, "patrol", [(5, 5)]) == [] and seen.params == {"ship": "Cutter"}
    gm = [e for e in new if e.key == "space.move.blocked_gm"]
    assert len(gm) == 1 and gm[0].visibility == "gm" and gm[0].data == {"cell": [5, 5], "by": "Shade"}


def _blind_alley(blocked: bool) -> SpaceBattle:
    """Ghost (red, cloaked) at (5, 5) on turn; Wraith (blue, cloaked) right in its way at (6, 5),
    or out of it at (6, 8); Watcher (green) far off sees neither."""
    return battle(ship("Ghost", "red", (5, 5), cloak=True, cloaked=True),
                  ship("Wraith", "blue", (6, 5) if blocked else (6, 8), cloak=True, cloaked=True),
                  ship("Watcher", "green", (0, 9)), order=["Ghost", "Wraith", "Watcher"],
                  width=12, height=12)


def _seen(b: SpaceBattle, side: str, start: int) -> list[dict[str, object]]:
    return [e.to_json() for e in b.record[start:] if e.visible_to(side)]


def test_s10_a_cloaked_move_blocked_by_a_cloaked_ship_tells_the_others_nothing() -> None:
    """S-10 (item 8 of issue 13): when a cloaked ship's move is blocked by another cloaked ship,
    every other side sees exactly what an unblocked unseen move shows: the same lines, the same
    board; only the mover's side and the GM learn it struck something."""
    for order, faces in ((Move((6, 5)), ()), (Flee(((6, 5), (7, 5), (8, 5))), (2, 2))):
        views = {}
        for blocked in (True, False):
            b = _blind_alley(blocked)
            b.enter_faces(*faces)
            start = len(b.record)
            b.push("Ghost", order)
            assert (b.state.ships["Ghost"].cells == ((5, 5),)) is blocked
            ghost_for_blue = next(s for s in b.board("blue")["ships"] if s["name"] == "Ghost")
            views[blocked] = (player_json(b, "green"), _seen(b, "green", start),
                              _seen(b, "blue", start), ghost_for_blue)
            own = [e.key for e in b.record[start:] if e.visible_to("red")]
            assert ("space.move.blocked" in own) is blocked
        assert views[True] == views[False], order
        assert [e["key"] for e in views[True][1]][-1] == "space.move.unseen"


def test_s10_cloak_order_and_hidden_flight() -> None:
    b = battle(ship("Shade", "smugglers", (5, 5), cloak=True), ship("Cutter", "patrol", (1, 1)))
    assert Cloak() in b.legal_orders("Shade")
    b.push("Shade", Cloak())
    refused(b, "Cutter", Attack("Shade"), "S-10", "name the cell")
    b.push("Cutter", Pass())
    refused(b, "Shade", Cloak(), "S-10", "already cloaked")
    b.enter_faces(1, 1)
    b.push("Shade", Flee(((6, 6), (7, 7))))
    assert leaks(b, "patrol", [(6, 6), (7, 7)]) == []
    # S-10 (item 8 of issue 13): one public line per flight, however far it went
    assert [e.key for e in b.events_for("patrol")[-2:]] == ["space.flee.roll", "space.move.unseen"]


def test_two_cloaked_ships_both_hidden_from_each_other() -> None:
    """S-10: two cloaked ships can both do this."""
    b = battle(ship("A", "red", (2, 2), cloak=True, cloaked=True),
               ship("B", "blue", (3, 3), cloak=True, cloaked=True))
    assert b.board("red")["ships"][1]["cells"] == [] and b.board("blue")["ships"][0]["cells"] == []
    b.enter_faces(9, 1, 1)
    b.push("A", Attack("B", "hull", cell=(3, 3), then=(2, 2)))
    assert b.state.ships["B"].hull == 18
    assert b.board("blue")["ships"][0]["revealed_at"] == [2, 2]


def test_heavy_cloaked_ship_shows_all_its_cells_while_it_fires() -> None:
    """S-10 (item 9 of issue 13): a cloaked ship of several cells that fires shows all of them for
    that moment (before, only the cell it fired from); its shift afterwards stays hidden, and the
    answering ship may name any cell of the places it may have shifted to."""
    b = battle(heavy("Big", "red", (2, 2), cloak=True, cloaked=True), ship("T", "blue", (5, 2)),
               width=10, height=10)
    b.enter_faces(1)
    new = b.push("Big", Attack("T", then=(2, 3)))
    reveal = next(e for e in new if e.kind == "reveal")
    assert reveal.visibility == "all" and reveal.data == {"cell": [4, 2],
                                                         "cells": [[2, 2], [3, 2], [4, 2]]}
    assert "(2, 2) (3, 2) (4, 2)" in reveal.text("en") and "(2, 2) (3, 2) (4, 2)" in reveal.text("ru")
    big = next(s for s in b.board("blue")["ships"] if s["name"] == "Big")
    assert big["cells"] == [] and big["revealed_at"] == [4, 2]
    assert big["revealed_cells"] == [[2, 2], [3, 2], [4, 2]]
    assert leaks(b, "blue", [(2, 3), (3, 3), (4, 3)]) == []  # where it shifted to
    guesses = {o.cell for o in b.legal_orders("T") if isinstance(o, Attack)}
    assert {(4, 2), (4, 3), (4, 1)} <= guesses and (3, 2) in guesses
    b.enter_faces(9, 1, 1)
    b.push("T", Attack("Big", "hull", cell=(4, 3)))  # its real third cell now: a hit
    assert b.state.ships["Big"].hull == 18


def test_s1_player_orders_do_not_depend_on_where_the_cloaked_ship_is() -> None:
    """S-1: legal_orders (what the map lights up) must not betray the hidden cell: the cutter's
    orders are the same whether the cloaked ship sits far away or right beside it."""
    def cutter_orders(shade_at: tuple[int, int]) -> list[object]:
        b = battle(ship("Cutter", "patrol", (3, 3)),
                   ship("Shade", "smugglers", shade_at, cloak=True, cloaked=True), width=12, height=12)
        return list(b.legal_orders("Cutter"))
    far = cutter_orders((10, 10))
    for near in [(4, 4), (3, 4), (2, 2), (5, 3)]:
        assert cutter_orders(near) == far


POSITION_KEYS = {"space.move", "space.cloak.shift", "space.move.blocked_gm"}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 10_000), min_size=5, max_size=40))
def test_s10_no_event_a_player_sees_carries_a_cloaked_ships_cells(seed: int, picks: list[int]) -> None:
    """S-1/S-10 under random play: while a ship stays cloaked, no event the other side can see
    carries its cells (moves, shifts); only the reveal of the cell it fired from."""
    b = battle(ship("Shade", "smugglers", (6, 6), cloak=True, cloaked=True, hull=30),
               ship("Mule", "smugglers", (1, 8)),
               ship("Cutter", "patrol", (3, 3), hull=30), heavy("Tug", "patrol", (8, 2), size=2,
                                                              tractor=True), width=10, height=10,
               seed=seed)
    for pick in picks:
        if b.is_over:
            break
        actor = b.current_ship
        assert actor is not None
        was = b.state.ships["Shade"].cloaked
        start = len(b.record)
        legal = list(b.legal_orders(actor))
        b.push(actor, legal[pick % len(legal)])
        if not (was and b.state.ships["Shade"].cloaked):
            continue
        for e in b.record[start:]:
            if e.visible_to("patrol") and e.actor == "Shade":
                assert e.key not in POSITION_KEYS, e
                assert "cells" not in e.data, e
                if "cell" in e.data:
                    assert e.key in ("space.cloak.reveal", "space.attack.blind_miss",
                                     "space.attack.blind_hit"), e
        shade = next(s for s in b.board("patrol")["ships"] if s["name"] == "Shade")
        assert shade["cells"] == [] and shade["hidden"] and shade["orientation"] is None
        pending = b.board("patrol").get("decision") or {}  # S-8/S-10: never the other side's
        if pending.get("ship") in ("Shade", "Mule"):           # choices
            assert "shift_to" not in pending and "aims" not in pending


def test_s10_a_captain_may_switch_the_cloak_off() -> None:
    """S-10 [decision]: switching the device off takes the turn and shows the ship to everyone."""
    b = battle(ship("Shade", "smugglers", (5, 5), cloak=True, cloaked=True), ship("Cutter", "patrol", (1, 1)))
    assert Cloak(False) in b.legal_orders("Shade")
    b.push("Shade", Cloak(False))
    assert b.board("patrol")["ships"][0]["cells"] == [[5, 5]]
    b.push("Cutter", Pass())
    refused(b, "Shade", Cloak(False), "S-10", "not cloaked")
    b.push("Shade", Cloak())
    assert b.board("patrol")["ships"][0]["hidden"]


def test_s12_a_cloaked_runner_is_chased_blind_naming_the_cell() -> None:
    """S-12 [decision]: a cloaked ship can be chased blind; the pursuer names the cell, as in S-10."""
    b = battle(ship("Shade", "smugglers", (4, 4), cloak=True, cloaked=True), ship("Cutter", "patrol", (3, 4)),
               width=16, height=16)
    b.enter_faces(2, 2)
    b.push("Shade", Flee(((5, 4), (6, 4), (7, 4), (8, 4))))
    assert b.state.ships["Shade"].cells == ((8, 4),)
    assert Pursue((), "Shade") in b.legal_orders("Cutter")
    # d4 = 3 cells to (6, 4); the named cell (8, 4) is across one cell: 10 hits, 9 confirms,
    # 2d6 = 2 halved to 1
    b.enter_faces(3, 10, 9, 1, 1)
    b.push("Cutter", Pursue(((4, 4), (5, 4), (6, 4)), "Shade", "hull", cell=(8, 4)))
    s = b.state.ships["Shade"]
    assert s.hull == 19 and not s.fleeing and s.flee_locked_until == 7


def test_cloaked_moves_are_events_for_its_own_side_only() -> None:
    """Contract: a cloaked ship's moves carry visibility sides_only(its side); the GM sees all."""
    from gmkit.events import sides_only

    b = cloak_board()
    b.push("Shade", Move((6, 5)))
    move = [e for e in b.record if e.key == "space.move"][-1]
    assert move.visibility == sides_only("smugglers") and move.data["cells"] == [[6, 5]]
    assert move in b.events_for(None) and move in b.events_for("smugglers")
    assert move not in b.events_for("patrol")


def test_s1_a_players_list_of_orders_received_leaves_out_a_cloaked_ship() -> None:
    """S-1: the order form's list of orders received (who has sent one, never what) does not name
    a cloaked ship to the other side; its own side and the GM see it."""
    from gmkit.ui.order_form import ListOrderForm

    b = cloak_board()
    b.submit("Shade", Move((6, 5)))
    assert b.orders_received == ["Shade"]
    listed = {side: [r["actor"] for r in ListOrderForm(b, side=side).received()]
              for side in ("patrol", "smugglers", None)}
    assert listed == {"patrol": [], "smugglers": ["Shade"], None: ["Shade"]}
    b.resolve_round()
    b.submit("Cutter", Pass())
    assert [r["actor"] for r in ListOrderForm(b, side="smugglers").received()] == ["Cutter"]
