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
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import math
import os
import re
import selectors
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .errors import GmkitError

__all__ = ["Job", "BatchSpec", "find_spec", "load_spec", "write_summary", "parquet_engine", "expand",
           "run_job", "run_batch", "summary_frame",
           "BatchError", "BatchInterrupted", "COLUMNS", "CAUSES", "worker_main"]

COLUMNS = ["run_id", "template", "scenario", "seed", "status", "cause", "attempts", "seconds",
           "winner", "rounds", "reason", "survivors", "over", "error", "notebook", "cached"]
CAUSES = ("error", "timeout", "worker died", "interrupted")
"""Why a run has no result (the ``cause`` column; empty for a run done)."""
RETRIED = ("error", "worker died")
"""Causes a run is tried again for (``retries`` times)."""
MAX_RETRIES = 100


class BatchError(GmkitError):
    """A batch spec that cannot be run: names the spec file and the field."""


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a batch: the runs in flight were killed and the summary so far (``frame``,
    one row per run: done, failed or interrupted) was written."""

    def __init__(self, frame: Any):
        self.frame = frame
        super().__init__("batch interrupted: the summary so far is written")


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
    timeout: float | None = None
    """Seconds the run may take, None: no limit."""


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


def check_retries(value: Any, where: str) -> int:
    """``retries``: a whole number of tries after a failed one, 0 to :data:`MAX_RETRIES`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_RETRIES:
        raise BatchError(f"{where}: retries: a whole number from 0 to {MAX_RETRIES} is expected (the "
                         f"tries after a failed one), got {value!r}")
    return value


def check_timeout(value: Any, where: str, name: str = "timeout") -> float | None:
    """``timeout``: seconds above 0 a run may take, or None (no limit)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value <= 0:
        raise BatchError(f"{where}: {name}: seconds above 0 are expected (leave it out for no "
                         f"limit), got {value!r}")
    return float(value)


def find_spec(path: str | Path) -> tuple[Path, bool]:
    """A batch spec by path, or by the name of one gmkit ships (``batch_example``); and whether
    it is a shipped one."""
    from .report.rundata import templates_dir

    src = Path(path)
    if src.exists():
        return src, False
    base = templates_dir()
    for cand in (base / src, base / f"{src}.yaml"):
        if cand.is_file():
            return cand, True
    known = ", ".join(sorted(p.stem for p in base.glob("*.yaml"))) or "none"
    raise BatchError(f"{src}: no such batch spec (a YAML file, or one gmkit ships: {known})")


def load_spec(path: str | Path, out: str | Path | None = None) -> BatchSpec:
    """Read and check a batch spec; relative paths are taken from the spec's folder. A spec gmkit
    ships (found by name) writes its ``out`` relative to the current folder instead, never into
    the installed package; ``out`` overrides the spec's."""
    from .runner import REPORTS, template_path
    from .scenario import read_yaml

    src, shipped = find_spec(path)
    try:
        data = read_yaml(src)
    except GmkitError as e:
        raise BatchError(str(e).replace("scenario is not valid", "batch spec is not valid")) from None
    if not isinstance(data, dict):
        raise BatchError(f"{src}: a batch spec is a mapping (name, out, seeds, runs), got "
                         f"{type(data).__name__}")
    allowed = {"name", "out", "seeds", "parameters", "reports", "runs", "templates", "retries",
               "timeout"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise BatchError(f"{src}: unknown field(s) {', '.join(extra)} "
                         f"(allowed: {', '.join(sorted(allowed))})")
    base = src.resolve().parent
    name = str(data.get("name") or src.stem)
    if out is not None:
        out = Path(out).expanduser().resolve()
    elif shipped:  # never into the installed package: the spec's folder name, in the current folder
        out = Path.cwd() / Path(str(data.get("out") or f"{src.stem}-output")).name
    else:
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
    retries = check_retries(data.get("retries", 1), str(src))
    timeout = check_timeout(data.get("timeout"), str(src))

    def resolve(p: str) -> str:
        q = Path(p)
        return str(base / q) if not q.is_absolute() and (base / q).exists() else p

    jobs: list[Job] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or "template" not in entry:
            raise BatchError(f"{src}: runs[{i}]: a mapping with a 'template' is expected")
        extra = sorted(set(entry) - {"template", "scenarios", "seeds", "parameters", "timeout"})
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
        etimeout = check_timeout(entry["timeout"], f"{src}: runs[{i}]") if "timeout" in entry else timeout
        for scen in scenarios:
            for seed in eseeds:
                if seed is not None and not isinstance(seed, int):
                    raise BatchError(f"{src}: seeds: whole numbers are expected, got {seed!r}")
                sid = Path(scen).stem if scen else "default"
                run_id = _slug(f"{tpath.stem}__{sid}__seed{seed if seed is not None else 'scenario'}")
                job = Job(run_id, str(tpath), scen, seed, dict(eparams), list(reports),
                          str(out / run_id), retries=retries, timeout=etimeout)
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


def _record(job: Mapping[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    """Write a run's final row as its ``result.json`` (atomically); an interrupted run has none."""
    if row.get("cause") != "interrupted":
        Path(job["out"]).mkdir(parents=True, exist_ok=True)
        tmp = _done_file(job).with_suffix(".tmp")
        tmp.write_text(json.dumps({"key": job["key"], "row": row}, ensure_ascii=False, default=str),
                       encoding="utf-8")
        os.replace(tmp, _done_file(job))
    return row


def attempt(job: Mapping[str, Any]) -> dict[str, Any]:
    """One try of a job, in this process; never raises: a failure is a row with its error."""
    from .runner import run_template

    start = time.perf_counter()
    try:
        result = run_template(job["template"], job["out"], scenario=job["scenario"], seed=job["seed"],
                              parameters=job["parameters"], name=job["run_id"], reports=job["reports"])
    except Exception as e:  # a run's failure is data for the summary, not the end of the batch
        error = f"{type(e).__name__}: {e}" if isinstance(e, GmkitError) else \
            f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=3)}"
        return _row(job, status="failed", cause="error", seconds=round(time.perf_counter() - start, 3),
                    error=error.strip())
    s = result.summary
    out = s.get("outcome") or {}
    return _row(job, status="done", cause="", seconds=round(time.perf_counter() - start, 3),
                winner=s.get("winner"), rounds=s.get("rounds"), reason=s.get("reason", ""),
                survivors=";".join(map(str, out.get("survivors", s.get("survivors", [])) or [])),
                over=bool(s.get("over")), error="", notebook=str(result.notebook))


def worker_main() -> None:
    """A batch worker process: reads jobs (JSON lines) on standard input, runs one try of each and
    answers each with its row (a JSON line) on the standard output it was started with. Whatever
    the runs print goes to standard error (the worker's log), never into the answers."""
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    parent = os.getppid()

    def orphaned() -> None:  # the batch is gone (killed): so is its worker, and the kernel after it
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=orphaned, name="gmkit-batch-parent", daemon=True).start()
    from .lightimports import light_imports

    light_imports()
    import papermill  # noqa: F401  (warm: the first run starts as fast as the others)

    from . import runner  # noqa: F401

    for line in sys.stdin:
        if not line.strip():
            continue
        row = attempt(json.loads(line))
        answers.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
        answers.flush()


def _worker_env() -> dict[str, str]:
    """The environment of a worker: this one, with this gmkit first on the path (as its kernels)."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[1])
    parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in parts and Path(root).name not in ("site-packages", "dist-packages"):
        parts.insert(0, root)
    env["PYTHONPATH"] = os.pathsep.join(parts)
    return env


def _descendants(pid: int) -> list[Any]:
    """Every process below ``pid`` (a run's kernel starts a session of its own, so the worker's
    process group does not reach it): psutil processes, or bare pids read from /proc."""
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        try:
            return list(psutil.Process(pid).children(recursive=True))
        except psutil.Error:
            return []
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    out: list[Any] = []
    todo = [pid]
    while todo:
        kids = children.get(todo.pop(), [])
        out += kids
        todo += kids
    return out


def _kill(procs: Iterable[Any]) -> None:
    for p in procs:
        with contextlib.suppress(Exception):  # gone already, or not ours any more
            p.kill() if hasattr(p, "kill") else os.kill(int(p), signal.SIGKILL)


class _Worker:
    """A worker process running one job at a time, and what the batch knows of it."""

    CODE = "from gmkit.batch import worker_main; worker_main()"

    def __init__(self, log: Path):
        log.parent.mkdir(parents=True, exist_ok=True)
        self.log = log
        with open(log, "ab") as f:
            self.proc = subprocess.Popen([sys.executable, "-c", self.CODE], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=f, env=_worker_env(),
                                         start_new_session=True)
        assert self.proc.stdout is not None and self.proc.stdin is not None
        self.fd = self.proc.stdout.fileno()
        self.buffer = b""
        self.job: dict[str, Any] | None = None
        self.tries = 0
        self.deadline: float | None = None
        self.family: list[Any] = []
        self.log_mark = 0

    def give(self, job: dict[str, Any], tries: int) -> None:
        """Hand a job over (``tries``: this is its n-th try). OSError: the worker is gone."""
        assert self.proc.stdin is not None
        self.log_mark = self.log.stat().st_size if self.log.exists() else 0
        self.proc.stdin.write((json.dumps(job, default=str) + "\n").encode("utf-8"))
        self.proc.stdin.flush()
        self.job, self.tries = job, tries
        timeout = job.get("timeout")
        self.deadline = time.monotonic() + float(timeout) if timeout else None

    def answers(self) -> list[dict[str, Any]] | None:
        """The rows it has written since (usually none or one); None once it is gone."""
        chunk = os.read(self.fd, 1 << 16)
        if not chunk:
            return None
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        return [json.loads(line) for line in lines if line.strip()]

    def watch(self) -> None:
        """Note its processes (the kernel among them), to kill them even once it has died."""
        self.family = _descendants(self.proc.pid) or self.family

    def death(self) -> str:
        """How it died, and the last lines it wrote."""
        try:
            rc = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "the worker process running it stopped answering"
        how = f"killed by {signal.Signals(-rc).name}" if rc < 0 else f"exit status {rc}"
        tail = ""
        with contextlib.suppress(OSError):
            with open(self.log, "rb") as f:
                f.seek(self.log_mark)
                lines = f.read().decode("utf-8", "replace").strip().splitlines()[-5:]
            tail = ("\n" + "\n".join(lines)) if lines else ""
        return f"the worker process running it died ({how}){tail}"

    def kill(self) -> None:
        """Kill it, its process group and every process below it (its kernel)."""
        self.watch()
        _kill(self.family)
        with contextlib.suppress(OSError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.proc.kill()
        self._reap()

    def close(self) -> None:
        """Let an idle worker end (end of input), or kill it if it does not."""
        with contextlib.suppress(OSError):
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()
        self._reap()

    def _reap(self) -> None:
        with contextlib.suppress(Exception):
            self.proc.wait(timeout=10)
        for stream in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(Exception):
                stream.close()  # type: ignore[union-attr]
        with contextlib.suppress(OSError):  # a log with nothing in it says nothing: no file
            if self.log.stat().st_size == 0:
                self.log.unlink()
                self.log.parent.rmdir()  # the folder too, once no worker has anything to say


@contextlib.contextmanager
def _no_interrupts() -> Iterator[None]:
    """Ctrl-C held back while the batch cleans up and writes its summary (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


_SPARE: list[_Worker] = []
"""Idle workers kept for the next :func:`run_job` in this process (a Dask worker runs many)."""
_SPARE_LOCK = threading.Lock()


def _close_spares() -> None:
    with _SPARE_LOCK:
        while _SPARE:
            _SPARE.pop().close()


atexit.register(_close_spares)


def _local(jobs: list[dict[str, Any]], workers: int, tick: Callable[[dict[str, Any]], None],
           logs: Path, keep: bool = False) -> None:
    """Run ``jobs`` on ``workers`` worker processes; ``tick`` gets each run's final row.

    A run's try is handed to an idle worker; a worker that answers gets the next; one that passes
    the run's deadline is killed with its kernel (``timeout``); one that dies is replaced
    (``worker died``). On Ctrl-C every run in flight is killed and, like every queued run, gets
    an ``interrupted`` row before the interrupt goes on.
    """
    queue: deque[tuple[dict[str, Any], int]] = deque((job, 1) for job in jobs)
    first: dict[str, float] = {}
    pool: list[_Worker] = []
    sel = selectors.DefaultSelector()
    counter = 0

    def start() -> _Worker:
        nonlocal counter
        w = None
        if keep:
            with _SPARE_LOCK:
                while _SPARE and w is None:
                    w = _SPARE.pop()
                    if w.proc.poll() is not None:
                        w.kill()
                        w = None
        if w is None:
            counter += 1
            w = _Worker(logs / f"worker-{os.getpid()}-{threading.get_ident()}-{counter}.log")
        sel.register(w.fd, selectors.EVENT_READ, w)
        pool.append(w)
        return w

    def drop(w: _Worker, kill: bool) -> None:
        with contextlib.suppress(KeyError, ValueError):
            sel.unregister(w.fd)
        if w in pool:
            pool.remove(w)
        w.kill() if kill else w.close()

    def settle(job: dict[str, Any], tries: int, row: dict[str, Any]) -> None:
        row.update(attempts=tries, seconds=round(time.monotonic() - first[job["run_id"]], 3))
        if row["status"] == "failed" and row.get("cause") in RETRIED and tries <= int(job["retries"]):
            queue.appendleft((job, tries + 1))
            return
        tick(_record(job, row))

    try:
        while queue or any(w.job is not None for w in pool):
            while queue:
                idle = next((w for w in pool if w.job is None), None)
                if idle is None:
                    if len(pool) >= workers:
                        break
                    idle = start()
                job, tries = queue.popleft()
                first.setdefault(job["run_id"], time.monotonic())
                try:
                    idle.give(job, tries)
                except OSError:  # it died while idle: a fresh one takes the job
                    queue.appendleft((job, tries))
                    drop(idle, kill=True)
            busy = [w for w in pool if w.job is not None]
            deadlines = [w.deadline for w in busy if w.deadline is not None]
            wait = min([0.5] + [max(0.0, d - time.monotonic()) for d in deadlines])
            for key, _ in sel.select(wait):
                w = key.data
                rows = w.answers()
                if rows is None:  # end of its output: the worker is gone
                    if w.job is not None:
                        job, tries = w.job, w.tries
                        w.job = None
                        settle(job, tries, _row(job, status="failed", cause="worker died",
                                                error=w.death()))
                    drop(w, kill=True)
                    continue
                for row in rows:
                    if w.job is not None:
                        job, tries = w.job, w.tries
                        w.job, w.deadline = None, None
                        settle(job, tries, row)
            now = time.monotonic()
            for w in list(pool):
                if w.job is None:
                    continue
                if w.deadline is not None and now >= w.deadline:
                    job, tries = w.job, w.tries
                    w.job = None
                    drop(w, kill=True)
                    settle(job, tries, _row(job, status="failed", cause="timeout",
                                            error=f"stopped after {float(job['timeout']):g} s, its "
                                                  f"timeout: the worker and its kernel were killed"))
                else:
                    w.watch()
    except BaseException:  # Ctrl-C (or a bug): nothing is left running, every run gets its row
        with _no_interrupts():
            for w in list(pool):
                flying, w.job = w.job, None
                if flying is not None:
                    drop(w, kill=True)
                    tick(_row(flying, status="interrupted", cause="interrupted", attempts=w.tries,
                              error="the batch was interrupted while this run was in flight"))
            while queue:
                job, _ = queue.popleft()
                tick(_row(job, status="interrupted", cause="interrupted", attempts=0,
                          error="the batch was interrupted before this run started"))
        raise
    finally:
        with _no_interrupts():
            for w in list(pool):
                if keep and w.job is None and w.proc.poll() is None:
                    sel.unregister(w.fd)
                    with _SPARE_LOCK:
                        _SPARE.append(w)
                else:
                    drop(w, kill=w.job is not None)
            sel.close()


def run_job(job: Mapping[str, Any]) -> dict[str, Any]:
    """Run one job to its final row (tried ``1 + retries`` times, within its timeout, in a worker
    process of its own) and record it; never raises for a failed run. What a Dask task runs."""
    rows: list[dict[str, Any]] = []
    _local([dict(job)], 1, rows.append, Path(job["out"]).parent / "logs", keep=True)
    return rows[0]


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
