"""Dice speed: gmkit's Wild Card d8 trait roll against the d20 library rolling the same thing.

Prints rolls per CPU-second for `Dice.trait` (full logging on), for d20's `(1d8e8,1d6e6)kh1`, for
the vectorised `Dice.trait_many`, and the ratios. Targets: trait >= 10x d20 (issue 30);
trait_many >= 100x d20. CPU time, and gmkit's and d20's runs taken in turn, best of 5: a shared
host's load moved the wall-clock ratio between 4x and 9.5x. Both are measured with the cycle
collector on, and again paused as a fight rolls (it keeps every roll in its log, and the
collector's passes over a growing log are about a quarter of a logged roll's cost).
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
import gc, time, d20
roll = d20.roll
if {paused}:
    gc.disable()
t0 = time.process_time()
for _ in range({n}):
    roll("(1d8e8,1d6e6)kh1")
print({n} / (time.process_time() - t0))
"""
ROUNDS = 5


def gm_rate(n: int, paused: bool) -> float:
    """gmkit's logged Wild Card d8 trait rolls per CPU-second, one run of ``n`` on a fresh Dice;
    ``paused``: with the cycle collector paused, as every fight rolls them
    (:func:`gmkit.modes.cycle_collector_paused`)."""
    import gc

    from gmkit.dice import Dice

    trait = Dice(seed=1).trait
    was = gc.isenabled()
    if paused:
        gc.disable()
    try:
        t0 = time.process_time()
        for _ in range(n):
            trait(8, purpose="Piloting", actor="Ash")
        return n / (time.process_time() - t0)
    finally:
        if was:
            gc.enable()


def d20_rate(n: int, paused: bool) -> float | None:
    """d20's rolls per CPU-second, one run of ``n`` in .venv-d20's interpreter; None when it is
    not made."""
    if not D20_PYTHON.exists():
        return None
    out = subprocess.run([str(D20_PYTHON), "-c", D20_LOOP.format(n=n, paused=paused)],
                         capture_output=True, text=True, check=True)
    return float(out.stdout)


def interleaved(paused: bool) -> tuple[float, float | None]:
    """Best of ROUNDS rounds, each gmkit then d20, so both meet the same load on a shared host."""
    gm: list[float] = []
    d20: list[float] = []
    for _ in range(ROUNDS):
        gm.append(gm_rate(100_000, paused))
        r = d20_rate(10_000, paused)
        if r is not None:
            d20.append(r)
    return max(gm), (max(d20) if d20 else None)


def main() -> None:
    from gmkit.dice import Dice

    def many(n: int) -> None:
        Dice(seed=1).trait_many(n, 8)

    r_gm, r_d20 = interleaved(paused=False)
    p_gm, p_d20 = interleaved(paused=True)
    best = 0.0
    for _ in range(3):
        t0 = time.process_time()
        many(2_000_000)
        best = max(best, 2_000_000 / (time.process_time() - t0))
    r_many = best
    print(f"Wild Card d8 trait rolls per CPU-second (best of {ROUNDS}, gmkit and d20 interleaved)")
    print(f"  gmkit Dice.trait (logging on) : {r_gm:12,.0f}/s")
    if r_d20 is not None:
        print(f"  d20 (1d8e8,1d6e6)kh1          : {r_d20:12,.0f}/s")
    print(f"  gmkit Dice.trait_many (numpy) : {r_many:12,.0f}/s")
    if r_d20 is None or p_d20 is None:
        print("  d20 is not installed: `make bench` puts it in .venv-d20; no ratios printed")
    else:
        print(f"  ratio trait / d20             : {r_gm / r_d20:8.1f}x  (target >= 10x)")
        print(f"  ratio trait_many / d20        : {r_many / r_d20:8.1f}x  (target >= 100x)")
        print(f"  collector paused, as in a fight: gmkit {p_gm:,.0f}/s, d20 {p_d20:,.0f}/s, "
              f"ratio {p_gm / p_d20:.1f}x")
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
