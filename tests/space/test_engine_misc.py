"""Orders from the wrong hand, the journal with typed-in faces, the message catalogue."""

from __future__ import annotations

import re
from pathlib import Path

from gmkit.i18n import catalogue, format_message
from gmkit.space import Attack, Choose, Clock, Flee, Move, Pass, SpaceBattle
from gmkit.space import rules as R

from .helpers import battle, scenario, ship
from .test_battle import refused

SPACE = Path(__file__).resolve().parents[2] / "gmkit" / "space"


def test_orders_from_the_wrong_hand_are_refused() -> None:
    """S-4: only the ship on turn gives a ship's order; only the GM gives the clock."""
    b = battle(ship("A", "red", (0, 0), departing=True), ship("B", "blue", (5, 5)))
    refused(b, "GM", Move((1, 0)), "S-4", "ship's order")
    refused(b, "A", Clock(3), "S-12", "GM's order")
    refused(b, "Nobody", Pass(), "S-1", "no ship is named “Nobody”")
    refused(b, "A", Move("north"), "S-2", "not a cell")  # type: ignore[arg-type]
    refused(b, "A", Flee(()), "S-11", "give the path")
    refused(b, "A", Attack("A"), "S-7", "cannot target itself")
    refused(b, "A", Attack("B", aim="bridge"), "S-8", "“bridge”")


def test_the_gm_clock_takes_only_a_finite_number_of_minutes() -> None:
    """S-12 and issue 14 (every input checked at the door): minutes that are not a number of 0 or
    more, infinity and NaN included, are refused naming the rule; the window stays open."""
    b = battle(ship("A", "red", (0, 0), departing=True), ship("B", "blue", (5, 5)))
    for bad in (float("nan"), float("inf"), -1, True):
        refused(b, "GM", Clock(bad), "S-12", "0 or more")  # type: ignore[arg-type]
    assert b.departure_window()["closed"] is False  # type: ignore[index]


def test_push_lists_are_cells_too() -> None:
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (5, 5)))
    b.push("A", Move([1, 1]))  # type: ignore[arg-type]
    assert b.state.ships["A"].cells == ((1, 1),)
    assert Move([2, 2]) == Move((2, 2))  # type: ignore[arg-type]


def test_typed_in_faces_replay_from_the_journal(tmp_path: Path) -> None:
    """C-2 with S: a battle fought with faces typed in resumes to the same board."""
    path = tmp_path / "b.jsonl"
    b = SpaceBattle(scenario(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0), shields=3)), 5,
                    journal=path)
    b.enter_faces(10, 6, 6)
    b.push("A", Attack("T"))
    b.push("A", Choose("hull"))  # S-8: chosen once the hit is known, a step of its own
    b.push("T", Move((1, 1)))
    b.enter_faces(9, 4, 2)
    b.push("A", Attack("T"))
    b.push("A", Choose("hull"))
    again = SpaceBattle.resume(path)
    assert again.state == b.state and again.board() == b.board()
    assert [e.to_json() for e in again.record] == [e.to_json() for e in b.record]
    assert b.state.ships["T"].hull == 20 - 9 - 6
    again.undo()  # the choice's resolution: the hit stands, the choice is asked again
    assert again.state.ships["T"].hull == 20 - 9 and again.decision() is not None
    again.undo()  # the choice itself
    assert again.orders_received == [] and again.current_ship == "A"


def test_every_message_key_the_engine_uses_exists_in_both_languages() -> None:
    cat = catalogue()
    text = "".join(p.read_text(encoding="utf-8") for p in SPACE.glob("*.py"))
    keys = set(re.findall(r'"(space\.[a-z_.]+[a-z_])"', text))
    keys |= {f"space.system.{s}" for s in R.SYSTEMS}
    keys |= {f"space.effect.{s}" for s in R.SYSTEMS} | {"space.effect.cloak.none", "space.effect.cargo.none"}
    keys |= {f"space.hit_system.{r}" for r in ("damaged", "disabled", "already")}
    keys |= {f"space.damage.note.{w}" for w in ("range", "targeting", "held", "plating")}
    keys |= {f"space.outcome.{w}" for w in ("destroyed", "escaped", "rounds", "disarmed")}
    keys |= {f"space.{k}.{w}" for k in ("choice.asked", "form.choose") for w in ("aim", "shift", "aim_shift")}
    keys |= {"space.choice.hull", "space.choice.systems"}
    missing = sorted(k for k in keys if k not in cat)
    assert missing == []
    assert format_message("space.system.engines", "ru") == "двигатели"
    assert "тяговый луч" in format_message("space.term.tractor", "ru")


def test_story_renders_in_both_languages_for_every_side() -> None:
    b = SpaceBattle.from_scenario(Path(__file__).resolve().parents[2] / "templates" / "scenarios"
                                  / "space_cloak_2v2.yaml", seed=5)
    b.run(60)
    for lang in ("en", "ru"):
        for side in (None, "patrol", "smugglers"):
            lines = b.story(lang, side)
            assert lines and all("{" not in line for line in lines)
    assert len(b.story("en", "patrol")) < len(b.story("en"))


def test_max_rounds_ends_in_a_draw() -> None:
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (9, 9)), options={"max_rounds": 2})
    for _ in range(4):
        b.push(b.current_ship, Pass())  # type: ignore[arg-type]
    assert b.is_over and b.outcome() == {"winner": None, "reason": "rounds", "rounds": 2,
                                         "survivors": ["A", "B"]}


def test_doctest_examples_hold() -> None:
    """The ``>>>`` examples in the space modules (rules S-3, S-4, S-6, S-12, S-13; the package)."""
    import doctest

    import gmkit.space
    import gmkit.space.rules

    for mod in (gmkit.space, gmkit.space.rules):
        result = doctest.testmod(mod)
        assert result.failed == 0 and result.attempted > 0, mod.__name__
