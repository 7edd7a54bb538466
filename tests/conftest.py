"""Fixtures shared across the test folders, and the settings every test runs under.

* Every test starts and ends in gmkit's default language (English), whatever the one before it
  chose with ``set_language`` (a CLI test with ``--lang ru``, a desk in Russian).
* Every test leaves Ctrl-C's handler as it found it: a kernel app started in process ignores
  SIGINT, and an ignored signal is inherited by every child process a later test starts.
* Hypothesis: the ``ci`` profile draws the same examples on every run (``derandomize=True``) and
  keeps no example database, so a CI failure is a failure of the code, not of the draw. It is
  loaded under ``HYPOTHESIS_PROFILE=ci`` or whenever ``CI`` is set; ``HYPOTHESIS_PROFILE=dev``
  (the default elsewhere) draws afresh and remembers failing examples.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest
from hypothesis import settings

from gmkit.i18n import set_language
from tests.dask_cluster import Cluster, start

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

DEFAULT_LANGUAGE = "en"


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """The process-wide language back to gmkit's default before and after every test."""
    set_language(DEFAULT_LANGUAGE)
    yield
    set_language(DEFAULT_LANGUAGE)


@pytest.fixture(autouse=True)
def sigint_kept() -> Iterator[None]:
    before = signal.getsignal(signal.SIGINT)
    yield
    if signal.getsignal(signal.SIGINT) is not before:
        signal.signal(signal.SIGINT, before)


@pytest.fixture(scope="session")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A real ``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1, shared by every
    test that asks for it, and stopped at the end of the session (the test fails if any of their
    processes is left)."""
    cluster = start(tmp_path_factory.mktemp("dask"))
    try:
        yield cluster
    finally:
        cluster.stop()
        left = cluster.alive()
        assert not left, f"Dask processes left running: process groups {left}"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``make test``: ``-n auto --dist loadgroup``) the browser tests share one
    worker, so one JupyterLab and one Chromium serve them all, as in a serial run."""
    for item in items:
        if item.get_closest_marker("browser") is not None and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group("browser"))
