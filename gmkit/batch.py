"""Run templates over many scenarios and seeds: a local process pool or a Dask cluster.

A spec (YAML) names a matrix::

    name: campaign
    out: batch-output            # relative to the spec file
    seeds: [1, 2, 3, 4]
    parameters: {max_rounds: 30, odds_trials: 0}
    reports: [gm_html, player_html, bbcode]
    timeout: 600                 # seconds a run may take; left out: no limit
    retries: 1                   # tries after a failed one (0 or more)
    runs:
      - template: dragon_duel
        scenarios: [scenarios/dragon_duel.yaml]
      - template: space_battle   # no scenarios: the template's default
        seeds: [7]               # an entry may have its own seeds, parameters and timeout

Each run writes its notebook and reports into ``out/<run id>/`` and, last, a ``result.json``; a
finished run (same template, scenario text, seed and parameters) is skipped when the spec runs
again, so a crash or a bad scenario never costs finished work.

A batch always finishes, with one row per run and its ``cause``:

* ``error``: the run raised (a template cell, a bad scenario, a kernel that died); it is tried
  ``retries`` more times (kernel start races happen), then recorded as failed;
* ``timeout``: the run took longer than its timeout; its worker and kernel are killed and it is
  recorded as failed (not tried again: it would only wait as long once more);
* ``worker died``: the process running it died (killed, out of memory); tried again like an
  error, in a fresh worker;
* ``interrupted``: Ctrl-C stopped the batch while the run was in flight or still queued; the
  runs in flight are killed, the summary so far is written, and the run is not recorded as
  finished (the next run of the spec does it).

Runs go to worker processes (each in its own session, so Ctrl-C reaches only the batch); a worker
runs one run at a time and a dead or killed one is replaced by a fresh one, so the queued runs go
on. The summary of every run goes to ``out/summary.csv``, and to ``out/summary.parquet`` too
where pyarrow is installed (``pip install 'gmkit[parquet]'``).

The spec is read by :mod:`gmkit.batch_spec`; the worker processes are supervised by
:mod:`gmkit.batch_workers`; this module runs a batch through them (or Dask) and writes its summary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .batch_spec import BatchError, BatchSpec, Job, check_timeout, expand, find_spec, load_spec
from .batch_workers import (
    CAUSES,
    COLUMNS,
    _local,
    _no_interrupts,
    _record,
    _row,
    finished,
    run_job,
    worker_main,
)
from .errors import GmkitError

__all__ = ["Job", "BatchSpec", "find_spec", "load_spec", "write_summary", "parquet_engine", "expand",
           "run_job", "run_batch", "summary_frame",
           "BatchError", "BatchInterrupted", "COLUMNS", "CAUSES", "worker_main"]


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a batch: the runs in flight were killed and the summary so far (``frame``,
    one row per run: done, failed or interrupted) was written."""

    def __init__(self, frame: Any):
        self.frame = frame
        super().__init__("batch interrupted: the summary so far is written")


def summary_frame(rows: Sequence[Mapping[str, Any]]) -> Any:
    import pandas as pd

    frame = pd.DataFrame(list(rows), columns=COLUMNS)
    frame["seed"] = frame["seed"].astype("Int64")
    frame["rounds"] = frame["rounds"].astype("Int64")
    frame["attempts"] = frame["attempts"].astype("Int64")
    frame["seconds"] = frame["seconds"].astype("float64")
    for col in ("over", "cached"):
        frame[col] = frame[col].astype("boolean")
    for col in ("run_id", "template", "scenario", "status", "cause", "winner", "reason", "survivors",
                "error", "notebook"):
        frame[col] = frame[col].astype("string")
    return frame


def _progress(total: int, desc: str, show: bool) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="run", disable=not show)


def _dask(jobs: list[dict[str, Any]], workers: int, address: str,
          tick: Callable[[dict[str, Any]], None]) -> None:
    """Each job a Dask task (:func:`run_job`: its own worker process, so the timeout holds there
    too); a task lost with its Dask worker is a ``worker died`` row, not the end of the batch."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise GmkitError("--dask needs dask.distributed: pip install 'gmkit[dask]'") from None
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                               dashboard_address=":0")  # a free port: 8787 may be taken
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout="10s")
        except (OSError, TimeoutError) as e:
            raise GmkitError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    pending = {job["run_id"]: job for job in jobs}
    try:
        futures = client.map(run_job, jobs, pure=False)
        by_key = {f.key: job for f, job in zip(futures, jobs, strict=False)}
        for fut in as_completed(futures):
            job = by_key[fut.key]
            try:
                row = fut.result()
            except Exception as e:  # KilledWorker, a lost connection: the run has no result
                died = type(e).__name__ in ("KilledWorker", "CommClosedError")
                row = _record(job, _row(job, status="failed", cause="worker died" if died else "error",
                                        attempts=1, error=f"{type(e).__name__}: {e}"))
            pending.pop(job["run_id"], None)
            tick(row)
    except BaseException:
        with _no_interrupts():
            for job in pending.values():
                tick(_row(job, status="interrupted", cause="interrupted", attempts=0,
                          error="the batch was interrupted before this run finished"))
        raise
    finally:
        with _no_interrupts():
            client.close()
            if cluster is not None:
                cluster.close()


def parquet_engine() -> str | None:
    """The installed parquet writer (``pip install 'gmkit[parquet]'``), None without one."""
    import importlib.util

    return "pyarrow" if importlib.util.find_spec("pyarrow") is not None else None


def write_summary(frame: Any, out: Path) -> list[Path]:
    """The summary as ``summary.csv`` (always) and ``summary.parquet`` (with the ``parquet``
    extra); returns the files written."""
    written = [out / "summary.csv"]
    frame.to_csv(written[0], index=False)
    if parquet_engine() is not None:
        written.append(out / "summary.parquet")
        frame.to_parquet(written[1], index=False)
    return written


def run_batch(spec: BatchSpec | str | Path, workers: int = 2, dask: str | None = None,
              progress: bool = True, retry_failed: bool = False,
              timeout: float | None = None) -> Any:
    """Run every job not finished yet; write and return the summary (a pandas DataFrame), one row
    per run with its ``cause``. ``timeout`` (seconds) overrides the spec's for every run.

    Ctrl-C kills the runs in flight, writes the summary so far and raises
    :class:`BatchInterrupted` (a ``KeyboardInterrupt``) carrying it.
    """
    if not isinstance(spec, BatchSpec):
        spec = load_spec(spec)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise BatchError(f"--workers must be a whole number, at least 1, got {workers!r}")
    timeout = check_timeout(timeout, "gmkit batch", "--timeout")
    spec.out.mkdir(parents=True, exist_ok=True)
    jobs = expand(spec)
    if timeout is not None:
        for job in jobs:
            job["timeout"] = timeout
    rows: dict[str, dict[str, Any]] = {}
    todo = []
    for job in jobs:
        prev = finished(job)
        if prev is not None and (prev.get("status") == "done" or not retry_failed):
            rows[job["run_id"]] = {**prev, "cached": True}
        else:
            todo.append(job)
    bar = _progress(len(jobs), spec.name, progress)
    bar.update(len(jobs) - len(todo))

    def tick(row: dict[str, Any]) -> None:
        rows[row["run_id"]] = row
        bar.update(1)
        if row["status"] == "failed":
            bar.write(f"failed ({row.get('cause')}): {row['run_id']}: "
                      f"{(str(row['error']).splitlines() or [''])[0]}")

    interrupted = False
    try:
        if todo:
            if dask:
                _dask(todo, workers, dask, tick)
            else:
                _local(todo, workers, tick, spec.out / "logs")
    except KeyboardInterrupt:
        interrupted = True
    finally:
        with _no_interrupts():
            bar.close()
            frame = summary_frame([rows[j["run_id"]] for j in jobs if j["run_id"] in rows])
            write_summary(frame, spec.out)
    if interrupted:
        raise BatchInterrupted(frame)
    return frame


def iter_failed(frame: Any) -> Iterable[tuple[str, str]]:
    for _, r in frame[frame["status"] == "failed"].iterrows():
        yield str(r["run_id"]), str(r["error"])
