"""The worker supervisor of a batch: one try of a run in this process (:func:`attempt`), the worker
processes that take tries one at a time (:func:`worker_main`), and the loop that hands them out,
kills a run past its deadline with its kernel, replaces a dead worker, tries a failed run again
and records each final row (:func:`run_job`, what a Dask task runs)."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .errors import GmkitError

COLUMNS = ["run_id", "template", "scenario", "seed", "status", "cause", "attempts", "seconds",
           "winner", "rounds", "reason", "survivors", "over", "error", "notebook", "cached"]
CAUSES = ("error", "timeout", "worker died", "interrupted")
"""Why a run has no result (the ``cause`` column; empty for a run done)."""
RETRIED = ("error", "worker died")
"""Causes a run is tried again for (``retries`` times)."""

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
