"""Journal speed: resuming a fight from its journal, every line checked (format 2: sequence,
chained checksum, schema, seed), for fights of 100, 1,000 and 5,000 steps.

Prints milliseconds per resume (best of 5). Target: a fight of a hundred steps resumes in a
few milliseconds more than the replay alone; a GM never waits a second for a resume.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def best(fn: Callable[[], object], n: int = 5) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times) * 1e3


def main() -> None:
    from tests.toy import SCENARIO, Race

    with tempfile.TemporaryDirectory() as folder:
        for steps in (100, 1_000, 5_000):
            path = Path(folder) / f"race-{steps}.jsonl"
            r = Race(SCENARIO, journal=path)
            for i in range(steps):
                r.note(f"note {i}")
            r.close()
            ms = best(lambda p=path: Race.resume(p, autosave=False).close())
            print(f"resume, toy race of {steps:>5,} steps: {ms:8.1f} ms")


if __name__ == "__main__":
    main()
