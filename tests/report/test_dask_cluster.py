"""gmkit on a real Dask cluster (issue 18): ``gmkit batch --dask tcp://...`` and
``gmkit.simulate(..., dask=client)`` against a ``dask scheduler`` and two ``dask worker`` processes
on 127.0.0.1 (the session's ``dask_cluster``), each giving the same rows as a local run."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
import yaml

from gmkit.cli import main
from gmkit.report.rundata import find_file
from gmkit.simulation import simulate
from tests.dask_cluster import Cluster

COLUMNS = ["run_id", "status", "winner", "rounds", "reason", "survivors"]


def _spec(folder: Path, out: str) -> Path:
    spec = {"name": "cluster", "out": out, "seeds": [1, 2], "retries": 0,
            "parameters": {"odds_trials": 0, "max_rounds": 60}, "reports": ["bbcode"],
            "runs": [{"template": "dragon_duel"}, {"template": "space_battle"},
                     {"template": "fantasy_skirmish"}]}
    path = folder / f"{out}.yaml"
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    return path


def test_batch_on_the_cluster_gives_the_local_rows(dask_cluster: Cluster, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", str(_spec(tmp_path, "local")), "--workers", "2", "--no-progress"]) == 0
    assert main(["batch", str(_spec(tmp_path, "cluster")), "--dask", dask_cluster.address,
                 "--no-progress"]) == 0
    assert "6 runs, 6 run now, 0 skipped as finished before; 6 done, 0 failed" in capsys.readouterr().out
    local = pd.read_csv(tmp_path / "local" / "summary.csv")[COLUMNS]
    cluster = pd.read_csv(tmp_path / "cluster" / "summary.csv")[COLUMNS]
    assert (local["status"] == "done").all()
    pd.testing.assert_frame_equal(local.sort_values("run_id", ignore_index=True),
                                  cluster.sort_values("run_id", ignore_index=True))
    for run_id in cluster["run_id"]:
        assert (tmp_path / "cluster" / run_id / f"{run_id}.bbcode.txt").stat().st_size > 0


@pytest.mark.parametrize("scenario", ["scenarios/dragon_duel_firmament.yaml",
                                      "scenarios/space_cloak_2v2.yaml"])
def test_simulate_on_the_cluster_gives_the_local_rows(dask_cluster: Cluster, scenario: str) -> None:
    from distributed import Client

    path = find_file(scenario)
    here = simulate(path, n=90, seed=4)
    with Client(dask_cluster.address, timeout="10s") as client:
        there = simulate(path, n=90, seed=4, dask=client, chunk_size=7)
        workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    pd.testing.assert_frame_equal(here.runs, there.runs)
    assert here.summary().wins.equals(there.summary().wins)
