"""gmkit on a real Dask cluster (issue 18): ``gmkit batch --dask tcp://...`` and
``gmkit.simulate(..., dask=client)`` against a ``dask scheduler`` and two ``dask worker`` processes
on 127.0.0.1 (the session's ``dask_cluster``), each giving the same rows as a local run."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from gmkit.cli import main
from gmkit.report.rundata import find_file
from gmkit.simulation import simulate
from tests.dask_cluster import Cluster

from .conftest import batch_spec

pytestmark = pytest.mark.xdist_group("dask")

COLUMNS = ["run_id", "status", "winner", "rounds", "reason", "survivors"]


def test_batch_on_the_cluster_gives_the_local_rows(dask_cluster: Cluster, batch_local: tuple[Path, Path, int],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The spec the local pool ran (``batch_local``: 3 templates x 2 seeds, one broken scenario
    retried once) on the cluster: every row the same, the failure included."""
    folder, _, rc = batch_local
    assert rc == 1
    spec = batch_spec(folder, "cluster")
    assert main(["batch", str(spec), "--dask", dask_cluster.address, "--no-progress"]) == 1
    assert "7 runs, 7 run now, 0 skipped as finished before; 6 done, 1 failed" in capsys.readouterr().out
    local = pd.read_csv(folder / "local" / "summary.csv")[COLUMNS]
    cluster = pd.read_csv(folder / "cluster" / "summary.csv")[COLUMNS]
    assert (local["status"] == "done").sum() == 6
    pd.testing.assert_frame_equal(local.sort_values("run_id", ignore_index=True),
                                  cluster.sort_values("run_id", ignore_index=True))
    for run_id in cluster[cluster["status"] == "done"]["run_id"]:
        assert (folder / "cluster" / run_id / f"{run_id}.bbcode.txt").stat().st_size > 0


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
