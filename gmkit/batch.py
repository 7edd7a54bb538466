"""Run templates over many scenarios and seeds: a local process pool or a Dask cluster.

A spec (YAML) names a matrix::

    name: campaign
    out: batch-output            # relative to the spec file
    seeds: [1, 2, 3, 4]
    parameters: {max_rounds: 30, odds_trials: 0}
    reports: [gm_html, player_html, bbcode]
    runs:
      - template: dragon_duel
        scenarios: [scenarios/dragon_duel.yaml]
      - template: space_battle   # no scenarios: the template's default
        seeds: [7]               # an entry may have its own seeds and parameters

Each run writes its notebook and reports into ``out/<run id>/`` and, last, a ``result.json``; a
finished run (same template, scenario text, seed and parameters) is skipped when the spec runs
again, so a crash or a bad scenario never costs finished work. A failing run is tried once more
(kernel start races happen) and then recorded as failed with its error while the others go on.
The summary of every run goes to ``out/summary.csv`` and ``out/summary.parquet``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from .errors import GmkitError

__all__ = ["Job", "BatchSpec", "load_spec", "expand", "run_job", "run_batch", "summary_frame",
           "BatchError", "COLUMNS"]

COLUMNS = ["run_id", "template", "scenario", "seed", "status", "attempts", "seconds", "winner",
           "rounds", "reason", "survivors", "over", "error", "notebook", "cached"]


class BatchError(GmkitError):
    """A batch spec that cannot be run: names the spec file and the field."""


@dataclass
class Job:
    """One run of the matrix: a template on a scenario with a seed."""

    run_id: str
    template: str
    scenario: str | None
    seed: int | None
    parameters: dict[str, Any] = field(default_factory=dict)
    reports: list[str] = field(default_factory=list)
    out: str = ""
    key: str = ""
    retries: int = 1


@dataclass
class BatchSpec:
    name: str
    out: Path
    jobs: list[Job]
    source: Path


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "x"


def _file_hash(path: str | None) -> str:
    if not path:
        return ""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "missing:" + str(path)


def _job_key(job: Job) -> str:
    """What a finished run depends on: template and scenario texts, seed, parameters, reports."""
    from .report.rundata import find_file
    from .runner import template_path

    try:
        tpath = str(template_path(job.template))
    except GmkitError:
        tpath = job.template
    scen = str(find_file(job.scenario)) if job.scenario else None
    blob = json.dumps({"template": _file_hash(tpath), "scenario": _file_hash(scen),
                       "scenario_path": job.scenario, "seed": job.seed,
                       "parameters": job.parameters, "reports": sorted(job.reports)},
                      sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def _listed(value: Any, where: str, source: Path) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BatchError(f"{source}: {where}: a list is expected, got {type(value).__name__}")
    return value


def load_spec(path: str | Path) -> BatchSpec:
    """Read and check a batch spec; relative paths are taken from the spec's folder."""
    from .runner import REPORTS, template_path
    from .scenario import read_yaml

    src = Path(path)
    try:
        data = read_yaml(src)
    except GmkitError as e:
        raise BatchError(str(e).replace("scenario is not valid", "batch spec is not valid")) from None
    if not isinstance(data, dict):
        raise BatchError(f"{src}: a batch spec is a mapping (name, out, seeds, runs), got "
                         f"{type(data).__name__}")
    allowed = {"name", "out", "seeds", "parameters", "reports", "runs", "templates", "retries"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise BatchError(f"{src}: unknown field(s) {', '.join(extra)} (allowed: {', '.join(sorted(allowed))})")
    base = src.resolve().parent
    name = str(data.get("name") or src.stem)
    out = Path(str(data.get("out") or f"{src.stem}-output"))
    out = out if out.is_absolute() else (base / out).resolve()
    seeds = _listed(data.get("seeds", [None]), "seeds", src) or [None]
    params = data.get("parameters") or {}
    if not isinstance(params, dict):
        raise BatchError(f"{src}: parameters: a mapping of name -> value is expected")
    reports = _listed(data.get("reports", list(REPORTS)), "reports", src)
    bad = sorted(set(reports) - {"gm_html", "player_html", "bbcode", "markdown"})
    if bad:
        raise BatchError(f"{src}: reports: unknown kind(s) {bad}; use gm_html, player_html, bbcode, markdown")
    entries = _listed(data.get("runs"), "runs", src)
    entries += [{"template": t} for t in _listed(data.get("templates"), "templates", src)]
    if not entries:
        raise BatchError(f"{src}: runs: at least one entry with a template is expected")
    retries = int(data.get("retries", 1))

    def resolve(p: str) -> str:
        q = Path(p)
        return str(base / q) if not q.is_absolute() and (base / q).exists() else p

    jobs: list[Job] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or "template" not in entry:
            raise BatchError(f"{src}: runs[{i}]: a mapping with a 'template' is expected")
        extra = sorted(set(entry) - {"template", "scenarios", "seeds", "parameters"})
        if extra:
            raise BatchError(f"{src}: runs[{i}]: unknown field(s) {', '.join(extra)}")
        template = resolve(str(entry["template"]))
        try:
            tpath = template_path(template)
        except GmkitError as e:
            raise BatchError(f"{src}: runs[{i}].template: {e}") from None
        from .report.rundata import find_file

        named = [resolve(str(s)) for s in _listed(entry.get("scenarios"), f"runs[{i}].scenarios", src)]
        for j, s in enumerate(named):
            if not find_file(s).exists():
                raise BatchError(f"{src}: runs[{i}].scenarios[{j}]: no such file {s!r}")
        scenarios: list[str | None] = list(named) or [None]
        eseeds = _listed(entry.get("seeds"), f"runs[{i}].seeds", src) or seeds
        eparams = {**params, **(entry.get("parameters") or {})}
        for scen in scenarios:
            for seed in eseeds:
                if seed is not None and not isinstance(seed, int):
                    raise BatchError(f"{src}: seeds: whole numbers are expected, got {seed!r}")
                sid = Path(scen).stem if scen else "default"
                run_id = _slug(f"{tpath.stem}__{sid}__seed{seed if seed is not None else 'scenario'}")
                job = Job(run_id, str(tpath), scen, seed, dict(eparams), list(reports),
                          str(out / run_id), retries=retries)
                job.key = _job_key(job)
                jobs.append(job)
    ids = [j.run_id for j in jobs]
    dupes = sorted({r for r in ids if ids.count(r) > 1})
    if dupes:
        raise BatchError(f"{src}: runs repeat: {', '.join(dupes)}")
    return BatchSpec(name, out, jobs, src)


def expand(spec: BatchSpec) -> list[dict[str, Any]]:
    return [asdict(j) for j in spec.jobs]


def _row(job: Mapping[str, Any], **kw: Any) -> dict[str, Any]:
    row: dict[str, Any] = {c: None for c in COLUMNS}
    row.update(run_id=job["run_id"], template=Path(job["template"]).stem,
               scenario=job["scenario"] or "", seed=job["seed"], cached=False)
    row.update(kw)
    return row


def _done_file(job: Mapping[str, Any]) -> Path:
    return Path(job["out"]) / "result.json"


def finished(job: Mapping[str, Any]) -> dict[str, Any] | None:
    """The recorded result of a run already done with the same inputs, else None."""
    p = _done_file(job)
    try:
        rec = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return rec["row"] if rec.get("key") == job["key"] else None


def run_job(job: Mapping[str, Any]) -> dict[str, Any]:
    """Run one job (tried ``1 + retries`` times); never raises: a failure is a row with its error.

    Runs in a worker process (pool or Dask), so it takes and returns plain data.
    """
    from .runner import run_template

    start = time.perf_counter()
    attempts = 0
    error = ""
    tries = 1 + int(job.get("retries", 1))
    while attempts < tries:
        attempts += 1
        try:
            result = run_template(job["template"], job["out"], scenario=job["scenario"],
                                  seed=job["seed"], parameters=job["parameters"], name=job["run_id"],
                                  reports=job["reports"])
        except Exception as e:  # a run's failure is data for the summary, not the end of the batch
            error = f"{type(e).__name__}: {e}" if isinstance(e, GmkitError) else \
                f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=3)}"
            continue
        s = result.summary
        out = s.get("outcome") or {}
        row = _row(job, status="done", attempts=attempts, seconds=round(time.perf_counter() - start, 3),
                   winner=s.get("winner"), rounds=s.get("rounds"), reason=s.get("reason", ""),
                   survivors=";".join(map(str, out.get("survivors", s.get("survivors", [])) or [])),
                   over=bool(s.get("over")), error="", notebook=str(result.notebook))
        break
    else:
        row = _row(job, status="failed", attempts=attempts,
                   seconds=round(time.perf_counter() - start, 3), error=error.strip())
    Path(job["out"]).mkdir(parents=True, exist_ok=True)
    tmp = _done_file(job).with_suffix(".tmp")
    tmp.write_text(json.dumps({"key": job["key"], "row": row}, ensure_ascii=False, default=str),
                   encoding="utf-8")
    os.replace(tmp, _done_file(job))
    return row


def summary_frame(rows: Sequence[Mapping[str, Any]]) -> Any:
    import pandas as pd

    frame = pd.DataFrame(list(rows), columns=COLUMNS)
    frame["seed"] = frame["seed"].astype("Int64")
    frame["rounds"] = frame["rounds"].astype("Int64")
    frame["attempts"] = frame["attempts"].astype("Int64")
    frame["seconds"] = frame["seconds"].astype("float64")
    for col in ("over", "cached"):
        frame[col] = frame[col].astype("boolean")
    for col in ("run_id", "template", "scenario", "status", "winner", "reason", "survivors", "error",
                "notebook"):
        frame[col] = frame[col].astype("string")
    return frame


def _progress(total: int, desc: str, show: bool) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="run", disable=not show)


def _worker_init() -> None:
    from .lightimports import light_imports

    light_imports()


def _local(jobs: list[dict[str, Any]], workers: int, tick: Callable[[dict[str, Any]], None]) -> None:
    if workers <= 1:
        for job in jobs:
            tick(run_job(job))
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    ctx = multiprocessing.get_context("spawn")  # fresh interpreters: no forked kernel or thread state
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init) as pool:
            futures = [pool.submit(run_job, job) for job in jobs]
            for fut in as_completed(futures):
                tick(fut.result())
    except BrokenProcessPool:
        raise GmkitError("a batch worker process died (finished runs are kept; run the spec again to "
                         "go on). From a script, call run_batch under if __name__ == '__main__':") from None


def _dask(jobs: list[dict[str, Any]], workers: int, address: str,
          tick: Callable[[dict[str, Any]], None]) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise GmkitError("--dask needs dask.distributed: pip install 'gmkit[dask]'") from None
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout="10s")
        except (OSError, TimeoutError) as e:
            raise GmkitError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    try:
        futures = client.map(run_job, jobs, pure=False)
        for fut in as_completed(futures):
            tick(fut.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run_batch(spec: BatchSpec | str | Path, workers: int = 2, dask: str | None = None,
              progress: bool = True, retry_failed: bool = False) -> Any:
    """Run every job not finished yet; write and return the summary (a pandas DataFrame)."""
    if not isinstance(spec, BatchSpec):
        spec = load_spec(spec)
    if workers < 1:
        raise BatchError("--workers must be at least 1")
    spec.out.mkdir(parents=True, exist_ok=True)
    jobs = expand(spec)
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
            bar.write(f"failed: {row['run_id']}: {str(row['error']).splitlines()[0]}")

    try:
        if todo:
            if dask:
                _dask(todo, workers, dask, tick)
            else:
                _local(todo, workers, tick)
    finally:
        bar.close()
        frame = summary_frame([rows[j["run_id"]] for j in jobs if j["run_id"] in rows])
        frame.to_csv(spec.out / "summary.csv", index=False)
        frame.to_parquet(spec.out / "summary.parquet", index=False)
    return frame


def iter_failed(frame: Any) -> Iterable[tuple[str, str]]:
    for _, r in frame[frame["status"] == "failed"].iterrows():
        yield str(r["run_id"]), str(r["error"])
