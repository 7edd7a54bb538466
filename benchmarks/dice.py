"""Dice speed: gmkit's Wild Card d8 trait roll against the d20 library rolling the same thing.

Prints rolls per second for `Dice.trait` (full logging on), for d20's `(1d8e8,1d6e6)kh1`, for the
vectorised `Dice.trait_many`, and the ratios. Targets: trait >= 2x d20; trait_many >= 100x d20.
Also prints the time `import gmkit` takes in a fresh interpreter (target < 0.2 s).

d20 never shares gmkit's environment (its lark-parser and gmkit's lark own the same files):
`make bench` installs it alone in .venv-d20, and d20's rate is measured there, in one process of
its own, by the same loop. Without .venv-d20 the gmkit figures print alone.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

D20_PYTHON = Path(__file__).resolve().parents[1] / ".venv-d20" / "bin" / "python"
D20_LOOP = """
import time, d20
roll = d20.roll
best = 0.0
for _ in range(3):
    t0 = time.perf_counter()
    for _ in range({n}):
        roll("(1d8e8,1d6e6)kh1")
    best = max(best, {n} / (time.perf_counter() - t0))
print(best)
"""


def rate(fn, n: int) -> float:  # type: ignore[no-untyped-def]
    best = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        fn(n)
        dt = time.perf_counter() - t0
        best = max(best, n / dt)
    return best


def d20_rate(n: int) -> float | None:
    """d20's rolls per second, best of 3, in .venv-d20's interpreter; None when it is not made."""
    if not D20_PYTHON.exists():
        return None
    out = subprocess.run([str(D20_PYTHON), "-c", D20_LOOP.format(n=n)], capture_output=True, text=True,
                         check=True)
    return float(out.stdout)


def main() -> None:
    from gmkit.dice import Dice

    def gm(n: int) -> None:
        d = Dice(seed=1)
        trait = d.trait
        for _ in range(n):
            trait(8, purpose="Piloting", actor="Ash")

    def many(n: int) -> None:
        Dice(seed=1).trait_many(n, 8)

    r_gm = rate(gm, 100_000)
    r_d20 = d20_rate(20_000)
    r_many = rate(many, 2_000_000)
    print("Wild Card d8 trait rolls per second (best of 3)")
    print(f"  gmkit Dice.trait (logging on) : {r_gm:12,.0f}/s")
    if r_d20 is not None:
        print(f"  d20 (1d8e8,1d6e6)kh1          : {r_d20:12,.0f}/s")
    print(f"  gmkit Dice.trait_many (numpy) : {r_many:12,.0f}/s")
    if r_d20 is None:
        print("  d20 is not installed: `make bench` puts it in .venv-d20; no ratios printed")
    else:
        print(f"  ratio trait / d20             : {r_gm / r_d20:8.1f}x  (target >= 2x)")
        print(f"  ratio trait_many / d20        : {r_many / r_d20:8.1f}x  (target >= 100x)")

    code = ("import time, sys; t=time.perf_counter(); import gmkit; import gmkit.dice, gmkit.encounter;"
            "dt=time.perf_counter()-t; heavy=[m for m in ('pandas','ipywidgets','plotly','anywidget')"
            " if m in sys.modules]; print(dt, heavy)")
    times = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        dt, heavy = out.stdout.split(" ", 1)
        times.append(float(dt))
    print(f"import gmkit (+ dice, encounter) : {min(times) * 1000:8.1f} ms best of 5, "
          f"median {sorted(times)[2] * 1000:.1f} ms (target < 200 ms); heavy modules loaded: {heavy.strip()}")


if __name__ == "__main__":
    main()
