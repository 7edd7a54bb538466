"""A real Dask cluster on 127.0.0.1 for the tests that need one: ``dask scheduler`` and two
``dask worker`` processes, started as a GM would start them, and stopped (every process of theirs)
at the end of the session. Used through the ``dask_cluster`` fixture of ``tests/conftest.py``."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKERS = 2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    """The scheduler's address and the processes started for it (each the head of its own
    process group: a worker's nanny and the worker it starts are one group)."""

    address: str
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    logs: Path | None = None

    def alive(self) -> list[int]:
        """The process groups of the cluster that still have a process."""
        out = []
        for p in self.procs:
            try:
                os.killpg(p.pid, 0)
            except ProcessLookupError:
                continue
            except PermissionError:
                pass
            out.append(p.pid)
        return out

    def stop(self, grace: float = 15.0) -> None:
        """Workers first, then the scheduler: SIGTERM, then SIGKILL for whatever is left."""
        for p in [*self.procs[1:], *self.procs[:1]]:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while self.alive() and time.monotonic() < deadline:
            for p in self.procs:
                p.poll()
            time.sleep(0.2)
        for pid in self.alive():
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for p in self.procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass


def _env() -> dict[str, str]:
    """This checkout first on the path of every process of the cluster (as for batch workers)."""
    env = dict(os.environ)
    parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *[p for p in parts if p != str(ROOT)]])
    return env


def start(folder: Path) -> Cluster:
    """A scheduler and :data:`WORKERS` workers (one process, one thread each), all on 127.0.0.1,
    no dashboards; returns once every worker has joined."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    cluster = Cluster(address, logs=folder)
    dask = [sys.executable, "-m", "dask"]

    def launch(name: str, *args: str) -> None:
        log = open(folder / f"{name}.log", "wb")
        cluster.procs.append(subprocess.Popen([*dask, *args], stdout=log, stderr=subprocess.STDOUT,
                                              stdin=subprocess.DEVNULL, cwd=folder, env=_env(),
                                              start_new_session=True))
        log.close()

    try:
        launch("scheduler", "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")
        for i in range(WORKERS):
            launch(f"worker-{i}", "worker", address, "--host", "127.0.0.1", "--nworkers", "1",
                   "--nthreads", "1", "--no-dashboard", "--name", f"gmkit-test-{i}",
                   "--local-directory", str(folder / f"worker-{i}"))
        from distributed import Client

        deadline = time.monotonic() + 90
        while True:
            try:
                with Client(address, timeout="5s") as client:
                    client.wait_for_workers(WORKERS, timeout=60)
                break
            except OSError:
                if time.monotonic() > deadline or any(p.poll() is not None for p in cluster.procs):
                    raise
                time.sleep(0.5)
    except BaseException:
        cluster.stop()
        raise
    return cluster
