"""gmkit batch: 3 templates x 2 seeds and one broken scenario, 2 worker processes, then Dask
(``--dask local``, on the session's cluster)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from gmkit.batch import BatchError, load_spec
from gmkit.cli import main
from gmkit.report.rundata import find_file

from .conftest import SEEDS, batch_spec

pytestmark = pytest.mark.xdist_group("dask")  # the session's batch run and Dask cluster


@pytest.fixture
def local(batch_local):
    return batch_local


def test_six_finish_and_the_broken_one_fails(local):
    folder, _spec, rc = local
    assert rc == 1  # something failed: the exit status says so
    table = pd.read_csv(folder / "local" / "summary.csv")
    assert len(table) == 3 * len(SEEDS) + 1
    done = table[table["status"] == "done"]
    assert len(done) == 3 * len(SEEDS), table[["run_id", "status", "attempts", "error"]].to_string()
    assert set(done["seed"]) == set(SEEDS)
    assert set(done["template"]) == {"dragon_duel", "space_battle", "fantasy_skirmish"}
    assert done["winner"].notna().all() and (done["rounds"] > 0).all()
    failed = table[table["status"] == "failed"].iloc[0]
    assert failed["attempts"] == 2  # retried once
    assert "ScenarioError" in failed["error"] and "morale_table" in failed["error"]
    assert "broken_wolves.yaml" in failed["error"]
    for run_id in done["run_id"]:
        run = folder / "local" / run_id
        # the GM's view (the default): the notebook and summary are the GM's files (issue 29)
        assert (run / f"{run_id}.gm.ipynb").exists() and (run / f"{run_id}.bbcode.txt").exists()
        assert (run / f"{run_id}.gm.summary.json").exists() and not (run / f"{run_id}.ipynb").exists()


def test_parquet_matches_csv(local):
    folder, _, _ = local
    pq = pd.read_parquet(folder / "local" / "summary.parquet")
    csv = pd.read_csv(folder / "local" / "summary.csv")
    assert list(pq["run_id"]) == list(csv["run_id"])
    assert list(pq["status"]) == list(csv["status"])
    assert str(pq["seed"].dtype) == "Int64"


def test_rerun_does_no_work(local, capsys):
    folder, spec, _ = local
    before = {p: p.stat().st_mtime_ns for p in (folder / "local").glob("*/result.json")}
    assert len(before) == 7
    rc = main(["batch", str(spec), "--workers", "2", "--no-progress"])
    assert rc == 1
    assert "7 runs, 0 run now, 7 skipped as finished before; 6 done, 1 failed" in capsys.readouterr().out
    after = {p: p.stat().st_mtime_ns for p in (folder / "local").glob("*/result.json")}
    assert after == before
    table = pd.read_csv(folder / "local" / "summary.csv")
    assert table["cached"].all() and len(table) == 7


def test_dask_local_starts_a_local_cluster_and_gives_identical_outcomes(local, dask_cluster,
                                                                        monkeypatch):
    """``--dask local``: gmkit starts a LocalCluster of --workers processes and runs there. The
    cluster it gets is the session's (one Dask cluster per test session); the spec's first run
    and the broken one give the rows the local pool gave."""
    import distributed  # the dask extra is installed by make test: never skip

    asked: list[dict] = []

    class SessionCluster:
        def __init__(self, **kw):
            asked.append(kw)
            self.scheduler_address = dask_cluster.address

        def close(self):
            pass

    real_client = distributed.Client
    monkeypatch.setattr(distributed, "LocalCluster", SessionCluster)
    monkeypatch.setattr(distributed, "Client", lambda c, **kw: real_client(
        c.scheduler_address if isinstance(c, SessionCluster) else c, **kw))
    folder, _, _ = local
    broken = str(folder / "broken_wolves.yaml")
    spec = batch_spec(folder, "dask", seeds=[1], runs=[
        {"template": "dragon_duel"},
        {"template": "fantasy_skirmish", "scenarios": [broken], "seeds": [1]}])
    rc = main(["batch", str(spec), "--workers", "2", "--dask", "local", "--no-progress"])
    assert rc == 1
    assert [{k: kw[k] for k in ("n_workers", "threads_per_worker", "processes")} for kw in asked] == [
        {"n_workers": 2, "threads_per_worker": 1, "processes": True}]
    cols = ["run_id", "status", "winner", "rounds", "reason", "survivors"]
    b = pd.read_csv(folder / "dask" / "summary.csv")[cols].sort_values("run_id", ignore_index=True)
    a = pd.read_csv(folder / "local" / "summary.csv")[cols]
    a = a[a["run_id"].isin(b["run_id"])].sort_values("run_id", ignore_index=True)
    assert len(a) == len(b) == 2
    pd.testing.assert_frame_equal(a, b)


@pytest.mark.parametrize("text, fragment", [
    ("runs: [{template: nowhere}]", "runs[0].template: no template 'nowhere'"),
    ("runs: [{template: dragon_duel, scenarios: [missing.yaml]}]", "runs[0].scenarios[0]: no such file"),
    ("colour: red\nruns: [{template: dragon_duel}]", "unknown field(s) colour"),
    ("seeds: 3\nruns: [{template: dragon_duel}]", "seeds: a list is expected"),
    ("reports: [pdf]\nruns: [{template: dragon_duel}]", "unknown kind(s) ['pdf']"),
    ("name: x", "at least one entry"),
])
def test_bad_spec_is_a_clean_error(tmp_path, capsys, text, fragment):
    spec = tmp_path / "spec.yaml"
    spec.write_text(text)
    with pytest.raises(BatchError) as e:
        load_spec(spec)
    assert fragment in str(e.value) and "spec.yaml" in str(e.value)
    assert main(["batch", str(spec)]) == 2
    assert fragment in capsys.readouterr().err


def test_example_spec_expands_to_a_matrix():
    spec = load_spec(Path(__file__).parents[2] / "templates" / "batch_example.yaml")
    assert len(spec.jobs) == 3 * 2 * 2  # templates x scenarios x seeds
    assert len({j.run_id for j in spec.jobs}) == len(spec.jobs)
    fantasy = [j for j in spec.jobs if "fantasy" in j.run_id]
    assert all(j.parameters["max_rounds"] == 20 for j in fantasy)
    assert json.loads(json.dumps([j.key for j in spec.jobs]))


def test_the_shipped_spec_by_name_writes_here(tmp_path, monkeypatch):
    """``gmkit batch batch_example``: the spec gmkit ships, its scenarios found beside it, its runs
    written under the current folder (never into the package), or where --out says."""
    monkeypatch.chdir(tmp_path)
    spec = load_spec("batch_example")
    assert spec.out == tmp_path / "batch-output"
    assert all(find_file(j.scenario).is_file() for j in spec.jobs)
    assert load_spec("batch_example", out="elsewhere").out == tmp_path / "elsewhere"
    with pytest.raises(BatchError, match="one gmkit ships: batch_example"):
        load_spec("no_such_spec")


def test_the_summary_is_csv_without_pyarrow(tmp_path, monkeypatch):
    """pyarrow is the ``parquet`` extra: without it the summary is the CSV alone."""
    import gmkit.batch as batch

    frame = batch.summary_frame([])
    monkeypatch.setattr(batch, "parquet_engine", lambda: None)
    assert batch.write_summary(frame, tmp_path) == [tmp_path / "summary.csv"]
    assert not (tmp_path / "summary.parquet").exists()
    monkeypatch.undo()
    if batch.parquet_engine() is not None:  # make test installs the extra
        assert batch.write_summary(frame, tmp_path)[1].exists()
