"""Fixtures shared across the test folders."""

from __future__ import annotations

from typing import Iterator

import pytest

from tests.dask_cluster import Cluster, start


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
