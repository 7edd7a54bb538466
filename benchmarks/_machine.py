"""What the benchmarks print about the machine, so a figure from a busy machine can be read."""

from __future__ import annotations

import time


def calibration() -> float:
    """Microseconds for ``sum(range(1000))``: about 7-9 on an idle modern core with Python 3.11."""
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(2000):
            sum(range(1000))
        best = min(best, (time.perf_counter() - t0) / 2000)
    return best * 1e6
