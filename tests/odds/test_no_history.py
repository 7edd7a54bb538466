"""Simulations play in the SIMULATION mode (no history): the same fight, only nothing kept.

The speed of :func:`gmkit.simulate` comes from not building what nobody reads (events,
journal entries, snapshots). These tests hold it to "the same rules, the same dice": for every
example scenario and many seeds, a fight played with its full history and one played without end
the same way, after the same number of random draws. The fight with history checks every
autopilot order with ``validate_order``, so this also holds the orders a simulation trusts
unchecked to the rules; and each of them is put to the field check here, which the table asks
only of orders from outside the rule set's code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmkit.dragons import DragonDuel, DragonOrder, Move
from gmkit.dragons.engine import EXAMPLE
from gmkit.encounter import SIMULATION, TABLE
from gmkit.errors import GmkitError, IllegalOrder, JournalError
from gmkit.orders import check_order_fields
from gmkit.scenario import load_scenario
from gmkit.simulation import engine_for

SCENARIOS = sorted((Path(__file__).parents[2] / "templates" / "scenarios").glob("*.yaml"))


def _play(cls: type, data: dict[str, Any], seed: int, keep: bool) -> Any:
    enc = cls.from_valid(data, seed, mode=TABLE if keep else SIMULATION)
    enc.run(80)
    return enc


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_a_fight_without_history_plays_exactly_as_with_it(path: Path) -> None:
    data = load_scenario(path).model_dump(mode="json")
    cls = engine_for(data["system"])
    seeds = range(40 if data["system"] == "dragons" else 12)
    for seed in seeds:
        full, lean = _play(cls, data, seed, True), _play(cls, data, seed, False)
        assert lean.summary() == full.summary(), (path.stem, seed)
        assert lean.outcome() == full.outcome(), (path.stem, seed)
        assert lean.dice.draws == full.dice.draws, (path.stem, seed)
        assert full.record and full.history
        assert lean.history == [] and lean.dice.log == [] and lean.dice.tape == []
        assert lean.record == []
        ordered = [e["order"] for e in full.history if e["op"] == "submit"]
        assert ordered, (path.stem, seed)
        for order in ordered:  # the autopilot's typed code gave every field its declared type
            check_order_fields(order)


def test_no_engine_reads_its_record_so_a_simulation_keeps_none() -> None:
    """The fantasy engine once keyed its memos on the length of its own record, so a simulation
    had to keep every event; its rules now read only the board: a simulation keeps no record and
    plays the very fight a GM's table plays, board for board."""
    path = next(p for p in SCENARIOS if p.stem.startswith("fantasy"))
    data = load_scenario(path).model_dump(mode="json")
    cls = engine_for("fantasy")
    assert not getattr(cls, "reads_record", False)
    for seed in range(3, 9):
        lean, full = _play(cls, data, seed, False), _play(cls, data, seed, True)
        assert lean.record == [] and full.record
        assert lean.state == full.state and lean.summary() == full.summary(), seed
        assert lean.dice.draws == full.dice.draws, seed


def test_orders_are_still_checked_without_history() -> None:
    duel = DragonDuel(EXAMPLE, 1, mode=SIMULATION)
    before = duel.state.copy()
    with pytest.raises(IllegalOrder, match="D-4"):
        duel.submit("Ash", DragonOrder(move=Move.climb(3)))
    assert duel.state == before and duel.orders_received == []


def test_no_history_means_no_undo_save_or_journal(tmp_path: Path) -> None:
    duel = DragonDuel(EXAMPLE, 1, mode=SIMULATION)
    duel.resolve_round(autopilot=True)
    for call in (duel.undo, lambda: duel.save(tmp_path / "j.jsonl"), duel.journal_lines,
                 lambda: duel.autosave(tmp_path / "k.jsonl")):
        with pytest.raises(GmkitError, match=r"keeps no history|without history"):
            call()
    assert not (tmp_path / "j.jsonl").exists() and not (tmp_path / "k.jsonl").exists()
    with pytest.raises(JournalError, match=r"keeps no history|without history"):
        DragonDuel(EXAMPLE, 1, mode=SIMULATION, journal=tmp_path / "x.jsonl")
    assert not (tmp_path / "x.jsonl").exists()


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_fights_leave_no_reference_cycles(path: Path) -> None:
    """simulate() pauses the cycle collector over a chunk of fights: that is free only while a
    fight forms no reference cycles, which this checks engine by engine."""
    import gc

    data = load_scenario(path).model_dump(mode="json")
    cls = engine_for(data["system"])
    gc.collect()
    gc.disable()
    try:
        for seed in range(5):
            enc = cls.from_valid(data, seed, mode=SIMULATION)
            enc.run(80)
            enc.summary()
        del enc
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_the_cycle_collector_is_restored_after_a_simulation() -> None:
    import gc

    import gmkit

    assert gc.isenabled()
    gmkit.simulate(EXAMPLE, n=3, seed=1)
    assert gc.isenabled()
    gc.disable()
    try:
        gmkit.simulate(EXAMPLE, n=3, seed=1)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("keep", [True, False], ids=["history", "no-history"])
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_fresh_starts_the_same_fight_a_new_encounter_would(path: Path, keep: bool) -> None:
    """simulate() starts each fight with template.fresh(seed): it must be the very fight
    cls(scenario, seed) plays, and a played fight must leave nothing behind for the next."""
    data = load_scenario(path).model_dump(mode="json")
    cls = engine_for(data["system"])
    template = cls.from_valid(data, 99, mode=TABLE if keep else SIMULATION)
    start = template.state.copy() if hasattr(template.state, "copy") else None
    for seed in (1, 2, 1, 3):
        a = template.fresh(seed)
        a.run(80)
        b = _play(cls, data, seed, keep)
        assert a.summary() == b.summary() and a.dice.draws == b.dice.draws, (path.stem, seed)
        assert [e.to_json() for e in a.record] == [e.to_json() for e in b.record]
        assert len(a.history) == len(b.history) and a.journal_path is None
    if start is not None:
        assert template.state == start and template.resolutions == 0


def test_a_fresh_duel_shares_the_static_data_but_not_the_board(tmp_path: Path) -> None:
    duel = DragonDuel(EXAMPLE, 1, journal=tmp_path / "j.jsonl")
    duel.resolve_round(autopilot=True)
    before = (duel.state.copy(), len(duel.history), len(duel.record), duel.dice.draws)
    new = duel.fresh(5)
    assert new.dragons is duel.dragons and new.arms is duel.arms
    assert new.state is not duel.state and new.state == DragonDuel(EXAMPLE, 5).state
    assert new.resolutions == 0 and new.record == [] and new.history == []
    assert new.journal_path is None and new.seed == 5
    new.resolve_round(autopilot=True)
    assert (duel.state, len(duel.history), len(duel.record), duel.dice.draws) == before
    assert duel.resolutions == 1 and (tmp_path / "j.jsonl").read_text().count("\n") == 4
