"""Dice speed: gmkit's Wild Card d8 trait roll against the d20 library rolling the same thing.

Prints rolls per second for `Dice.trait` (full logging on), for d20's `(1d8e8,1d6e6)kh1`, for the
vectorised `Dice.trait_many`, and the ratios. Targets: trait >= 2x d20; trait_many >= 100x d20.
Also prints the time `import gmkit` takes in a fresh interpreter (target < 0.2 s).
"""

from __future__ import annotations

import subprocess
import sys
import time


def rate(fn, n: int) -> float:  # type: ignore[no-untyped-def]
    best = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        fn(n)
        dt = time.perf_counter() - t0
        best = max(best, n / dt)
    return best


def main() -> None:
    import d20

    from gmkit.dice import Dice

    def gm(n: int) -> None:
        d = Dice(seed=1)
        trait = d.trait
        for _ in range(n):
            trait(8, purpose="Piloting", actor="Ash")

    def d20_roll(n: int) -> None:
        roll = d20.roll
        for _ in range(n):
            roll("(1d8e8,1d6e6)kh1")

    def many(n: int) -> None:
        Dice(seed=1).trait_many(n, 8)

    r_gm = rate(gm, 100_000)
    r_d20 = rate(d20_roll, 20_000)
    r_many = rate(many, 2_000_000)
    print("Wild Card d8 trait rolls per second (best of 3)")
    print(f"  gmkit Dice.trait (logging on) : {r_gm:12,.0f}/s")
    print(f"  d20 (1d8e8,1d6e6)kh1          : {r_d20:12,.0f}/s")
    print(f"  gmkit Dice.trait_many (numpy) : {r_many:12,.0f}/s")
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
