"""Whole-encounter simulation on the toy race engine: same seed, same rows, whatever the split."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmkit.errors import GmkitError
from gmkit.simulation import derive_seed, engine_for, run_one, simulate, wilson
from tests.dask_cluster import Cluster
from tests.toy import SCENARIO, Race, Run

RACE = dict(SCENARIO, racers=[{"name": "Ash", "side": "red", "max_dice": 2},
                              {"name": "Bo", "side": "blue", "max_dice": 2}])
"""Two dice each: the toy's deliberate "boom" (three sixes on three dice) never fires."""


def one_die(enc: Any, actor: str) -> Run:
    """A policy: Bo dawdles with one die, Ash runs with two."""
    return Run(1 if actor == "Bo" else 2)


def test_seeds_are_derived_per_encounter() -> None:
    """C-1: encounter i's seed depends only on (seed, i)."""
    seeds = [derive_seed(5, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert seeds == [derive_seed(5, i) for i in range(100)]
    assert all(0 <= s < 2**62 for s in seeds)


def test_rows_match_single_encounters_played_by_hand() -> None:
    sim = simulate(RACE, n=20, seed=9)
    for i in (0, 7, 19):
        enc = Race(RACE, derive_seed(9, i))
        out = enc.run(200)
        assert out is not None
        row = sim.runs.iloc[i]
        assert row["winner"] == out["winner"] and row["rounds"] == out["rounds"]
        assert row["seed"] == derive_seed(9, i)


def test_any_chunking_gives_identical_rows() -> None:
    a = simulate(RACE, n=97, seed=1)
    b = simulate(RACE, n=97, seed=1, chunk_size=10)
    c = simulate(RACE, n=97, seed=1, chunk_size=1)
    pd.testing.assert_frame_equal(a.runs, b.runs)
    pd.testing.assert_frame_equal(a.runs, c.runs)
    assert not a.runs.equals(simulate(RACE, n=97, seed=2).runs)


def test_workers_1_and_2_give_identical_rows() -> None:
    a = simulate(RACE, n=200, seed=4, workers=1)
    b = simulate(RACE, n=200, seed=4, workers=2)
    pd.testing.assert_frame_equal(a.runs, b.runs)


@pytest.mark.slow
@pytest.mark.xdist_group("dask")
def test_dask_cluster_gives_identical_rows(dask_cluster: Cluster) -> None:
    """The session's Dask cluster (2 worker processes; see ``tests/conftest.py``): the toy race
    and the dragon duel, the same rows as in this process."""
    import distributed  # the dask extra is installed by make test: never skip

    from gmkit.dragons import EXAMPLE

    cases: list[tuple[Any, int]] = [(RACE, 40), (EXAMPLE, 16)]
    alone = [simulate(sc, n=n, seed=4) for sc, n in cases]
    with distributed.Client(dask_cluster.address, timeout="10s") as client:
        spread = [simulate(sc, n=n, seed=4, dask=client, chunk_size=7) for sc, n in cases]
    for a, b in zip(alone, spread, strict=False):
        pd.testing.assert_frame_equal(a.runs, b.runs)


def test_summary_win_rates_and_wilson_interval() -> None:
    sim = simulate(RACE, n=400, seed=2)
    s = sim.summary()
    wins = s.wins.set_index("side")
    assert wins["wins"].sum() == 400
    red = int((sim.runs["winner"] == "red").sum())
    assert wins.loc["red", "wins"] == red
    lo, hi = wilson(red, 400)
    assert wins.loc["red", "low"] == lo and wins.loc["red", "high"] == hi
    assert lo < red / 400 < hi
    assert math.isclose(s.rounds["share"].sum(), 1.0)
    assert s.rounds_stats["median"] == sim.runs["rounds"].median()
    assert "red" in str(s) and "95%" in str(s)
    assert s.to_dict()["n"] == 400


def test_wilson_known_values() -> None:
    """Wilson 95% for 0 of 10 is [0, 0.2775]; for 10 of 10 it is [0.7225, 1]."""
    lo, hi = wilson(0, 10)
    assert lo == 0 and abs(hi - 0.27753) < 1e-4
    lo, hi = wilson(10, 10)
    assert abs(lo - 0.72247) < 1e-4 and hi == 1


def test_policy_function_changes_the_odds() -> None:
    """Bo with one die loses far more often than with the autopilot's two."""
    auto = simulate(RACE, n=300, seed=3).summary().wins.set_index("side")
    slow = simulate(RACE, n=300, seed=3, policy=one_die).summary().wins.set_index("side")
    assert slow.loc["blue", "rate"] < auto.loc["blue", "rate"] - 0.1


def test_unfinished_fights_are_counted() -> None:
    sim = simulate(RACE, n=30, seed=3, max_rounds=1)
    assert (~sim.runs["finished"]).sum() == sim.summary().unfinished > 0
    assert set(sim.runs.loc[~sim.runs["finished"], "reason"]) == {"unfinished"}


def test_figure_and_progress() -> None:
    sim = simulate(RACE, n=50, seed=3, progress=True)
    fig = sim.figure()
    assert isinstance(fig, go.Figure)
    assert len(fig.data) >= 2
    assert "<ul>" in sim._repr_html_()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        simulate(RACE, n=0)
    with pytest.raises(ValueError, match="workers"):
        simulate(RACE, n=5, workers=0)
    with pytest.raises(ValueError, match="policy"):
        simulate(RACE, n=5, policy="smart")


def test_engine_is_found_by_system() -> None:
    assert engine_for("race") is Race
    with pytest.raises(GmkitError, match="no rule set named 'chess'"):
        engine_for("chess")


def test_a_crashing_encounter_says_how_to_replay_it() -> None:
    boom = dict(SCENARIO, racers=[{"name": "Ash", "side": "red", "max_dice": 3}], goal=10**6)
    with pytest.raises(RuntimeError) as info:
        simulate(boom, n=50, seed=1)
    assert any("seed" in note for note in getattr(info.value, "__notes__", []))


def test_run_one_row_columns() -> None:
    row = run_one(Race, RACE, 11)
    assert {"encounter", "seed", "winner", "reason", "rounds", "finished"} <= set(row)


def test_policy_function_runs_in_worker_processes_too() -> None:
    a = simulate(RACE, n=40, seed=6, policy=one_die)
    b = simulate(RACE, n=40, seed=6, policy=one_die, workers=2, chunk_size=9)
    pd.testing.assert_frame_equal(a.runs, b.runs)
    assert a.policy == "one_die"


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 30), st.integers(1, 40))
def test_any_chunk_size_gives_the_same_rows(n: int, size: int) -> None:
    """C-1: encounter i depends on (seed, i) only, never on how the work is cut up."""
    pd.testing.assert_frame_equal(simulate(RACE, n=n, seed=3).runs,
                                  simulate(RACE, n=n, seed=3, chunk_size=size).runs)


def test_compare_variants_with_the_same_seeds() -> None:
    """A slower racer loses more: the comparison shows it, one row per variant and side."""
    from gmkit.simulation import compare

    slow = dict(RACE, racers=[{"name": "Ash", "side": "red", "max_dice": 2},
                              {"name": "Bo", "side": "blue", "max_dice": 1}])
    table = compare({"even": RACE, "Bo slow": slow}, n=200, seed=1)
    assert list(table["variant"].unique()) == ["even", "Bo slow"]
    blue = table[table["side"] == "blue"].set_index("variant")["rate"]
    assert blue["Bo slow"] < blue["even"]
    assert (table["low"] <= table["rate"]).all() and (table["rate"] <= table["high"]).all()


def test_gmkit_simulate_is_the_function_the_issue_names() -> None:
    """``gmkit.simulate(scenario, n=..., seed=..., policy="autopilot")`` as a GM types it."""
    import gmkit
    import gmkit.simulation

    assert gmkit.simulate is gmkit.simulation.simulate
    assert gmkit.compare is gmkit.simulation.compare
    assert gmkit.Simulation is gmkit.simulation.Simulation
    assert {"simulate", "compare", "Simulation"} <= set(gmkit.__all__)
    sim = gmkit.simulate(RACE, n=60, seed=6, policy="autopilot")
    assert isinstance(sim, gmkit.Simulation) and len(sim.runs) == 60
    pd.testing.assert_frame_equal(sim.runs, gmkit.simulation.simulate(RACE, n=60, seed=6).runs)
    assert list(sim.runs["seed"]) == [derive_seed(6, i) for i in range(60)]


LIGHT_IMPORT = """
import sys
import gmkit
before = sorted(m for m in ("pandas", "gmkit.simulation") if m in sys.modules)
gmkit.simulate
after = sorted(m for m in ("pandas", "gmkit.simulation") if m in sys.modules)
print(before, after)
"""


def test_import_gmkit_loads_neither_pandas_nor_the_simulation() -> None:
    """``import gmkit`` stays light; ``gmkit.simulate`` loads its module, still without pandas."""
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-c", LIGHT_IMPORT], cwd=root, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[0] == "[] ['gmkit.simulation']"
