"""Whole-encounter simulation: "how deadly is this fight?" answered by playing it many times.

:func:`simulate` plays ``n`` encounters of one scenario in-process with the engine's autopilot (or a
policy of your own), each from its own seed derived from ``(seed, i)``, so the results are the same
whether they run in one process, in local worker processes or on a Dask cluster, and whatever the
chunking. The result holds one row per encounter (:attr:`Simulation.runs`, a pandas DataFrame), a
summary (win rate per side with a 95% Wilson interval, rounds to finish, survival per participant)
and a Plotly figure::

    import gmkit

    sim = gmkit.simulate("templates/scenarios/dragon_duel_firmament.yaml", n=10_000, seed=1, workers=2)
    sim.summary()        # win rates, rounds, survival
    sim.figure()         # the same as a Plotly figure
    sim.runs             # one row per fight

The module is ``simulation``, not ``simulate``, so that ``gmkit.simulate`` is the function itself.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .encounter import SIMULATION, Encounter
from .engines import engine_for
from .modes import cycle_collector_paused
from .orders import Order

__all__ = ["simulate", "compare", "Simulation", "SimulationSummary", "derive_seed", "engine_for",
           "wilson", "run_one", "Policy"]

Policy = str | Callable[[Encounter, str], Order | None]
"""``"autopilot"`` or a function ``(encounter, actor) -> order or None`` (None: the autopilot's).
For worker processes it must be importable (a module-level function)."""

Z95 = 1.959963984540054


def derive_seed(seed: int, i: int) -> int:
    """The seed of encounter ``i`` of a simulation seeded ``seed``: a hash, so any split agrees.

    >>> derive_seed(1, 0) == derive_seed(1, 0), derive_seed(1, 0) != derive_seed(1, 1)
    (True, True)
    """
    digest = hashlib.blake2b(f"gmkit/{seed}/{i}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2  # below 2**62: fits int64 columns


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) when n is 0.

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def _load(scenario: str | Path | Mapping[str, Any], engine: type[Encounter] | None
          ) -> tuple[dict[str, Any], type[Encounter]]:
    """Validate once, in the parent: workers get plain JSON data."""
    from .scenario import load_scenario

    if hasattr(scenario, "model_dump"):
        data = scenario.model_dump(mode="json")
    else:
        if isinstance(scenario, (str, Path)):  # a file here, or a shipped example by its name
            from .paths import find_file

            scenario = find_file(scenario)
        data = load_scenario(scenario, engine.system if engine else None).model_dump(mode="json")
    return data, engine or engine_for(str(data["system"]))


def _play(enc: Encounter, policy: Policy, max_rounds: int) -> None:
    if policy == "autopilot":
        enc.run(max_rounds)
        return
    if not callable(policy):
        raise ValueError(f"policy is 'autopilot' or a function (encounter, actor) -> order; "
                         f"got {policy!r}")
    for _ in range(max_rounds):
        if enc.is_over:
            break
        for actor in enc.awaiting():
            order = policy(enc, actor)
            if order is not None:
                enc.submit(actor, order)
        enc.resolve_round(autopilot=True)


def _side(w: Any) -> Any:
    """A winner cell: pandas may hold "no winner" as None or NaN."""
    return None if w is None or (isinstance(w, float) and math.isnan(w)) else w


def _number(v: Any) -> bool:
    return isinstance(v, (int, float, bool))


def run_one(engine: type[Encounter], scenario: Mapping[str, Any], seed: int, policy: Policy = "autopilot",
            max_rounds: int = 200, index: int = 0, validated: bool = False, *,
            template: Encounter | None = None) -> dict[str, Any]:
    """Play one encounter to the end (or ``max_rounds``) and return its row.

    Columns: ``encounter``, ``seed``, ``winner`` (side or None), ``reason``, ``rounds``, ``finished``,
    ``survivors`` (how many), ``alive:<name>`` per participant when the engine names survivors, and
    ``<name>.<stat>`` for each plain per-participant figure of the engine's ``summary()``.
    ``template``, an encounter of the same scenario without history, starts the fight with
    :meth:`~gmkit.encounter.Encounter.fresh` (the same fight, sharing what setup built).
    """
    if template is not None:
        enc = template.fresh(seed)
    else:
        enc = (engine.from_valid(scenario, seed, mode=SIMULATION) if validated
               else engine(scenario, seed, mode=SIMULATION))
    try:
        _play(enc, policy, max_rounds)
    except Exception as e:
        e.add_note(f"gmkit.simulate: encounter {index}, seed {seed}: replay it with "
                   f"{engine.__name__}(scenario, {seed}).run({max_rounds})")
        raise
    out = enc.outcome()
    summ = enc.summary()
    row: dict[str, Any] = {
        "encounter": index, "seed": seed,
        "winner": out.get("winner") if out else None,
        "reason": str(out.get("reason", "")) if out else "unfinished",
        "rounds": int(out.get("rounds", summ.get("rounds", 0)) if out else summ.get("rounds", 0)),
        "finished": bool(enc.is_over),
    }
    survivors = out.get("survivors") if out else None
    if survivors is not None:
        alive = set(survivors)
        row["survivors"] = len(alive)
        for p in enc.participants():
            row[f"alive:{p}"] = p in alive
    for p in summ.get("participants", []) or []:
        if isinstance(p, Mapping) and "name" in p:
            for k, v in p.items():
                if k != "name" and _number(v):
                    row[f"{p['name']}.{k}"] = v
    return row


def _run_chunk(engine: type[Encounter], scenario: Mapping[str, Any], seed: int, start: int, stop: int,
               policy: Policy, max_rounds: int, template: Encounter | None = None
               ) -> list[dict[str, Any]]:
    """Fights ``start..stop-1``, each started from ``template`` (built here when not given:
    one process shares one template, and with it the policy's memos, across its chunks)."""
    with cycle_collector_paused():
        if template is None:
            template = engine.from_valid(scenario, seed, mode=SIMULATION)
        return [run_one(engine, scenario, derive_seed(seed, i), policy, max_rounds, i,
                        validated=True, template=template) for i in range(start, stop)]


def _chunks(n: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(n, a + size)) for a in range(0, n, size)]


@dataclass
class SimulationSummary:
    """What a GM reads off a simulation: who wins how often, how long it takes, who survives."""

    n: int
    wins: Any
    """DataFrame: side (``None`` row = no winner), wins, rate, low, high (95% Wilson)."""
    rounds: Any
    """DataFrame: rounds -> fights, share, cumulative share."""
    rounds_stats: dict[str, float]
    """mean, median, p10, p90, max rounds of the finished fights."""
    survival: Any
    """DataFrame: participant, side, survived, of (finished fights), rate, low, high (95% Wilson)."""
    unfinished: int
    scenario: str = ""
    side_names: dict[str, str] = field(default_factory=dict)
    """Each named side's id to what the scenario calls it (``side_names:``)."""

    def side_name(self, side: Any) -> str:
        """A side as a reader calls it: its ``side_names`` entry, else its id."""
        return self.side_names.get(str(side), str(side))

    def verdict(self, lang: str | None = None) -> list[str]:
        """One sentence per side: "red wins 62% of fights (95%: 59%–65%)", and how long a fight lasts."""
        from .i18n import format_message, get_language
        from .odds import pct

        lang = lang or get_language()

        out = []
        for r in self.wins.itertuples(index=False):
            side = _side(r.side)
            key = "odds.sim.deadly" if side is not None else "odds.sim.nowinner"
            out.append(format_message(key, lang, side=self.side_name(side) if side is not None else side,
                                      rate=pct(r.rate, lang), lo=pct(r.low, lang),
                                      hi=pct(r.high, lang)))
        st = self.rounds_stats
        if st:
            out.append(format_message("odds.sim.length", lang, median=float(st["median"]),
                                      p10=float(st["p10"]), p90=float(st["p90"]),
                                      unfinished=self.unfinished, n=self.n))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "unfinished": self.unfinished, "scenario": self.scenario,
                "wins": self.wins.to_dict("records"), "rounds": self.rounds_stats,
                "survival": self.survival.to_dict("records")}

    def __str__(self) -> str:
        from .i18n import format_message

        head = format_message("odds.sim.title", None, scenario=self.scenario, n=self.n)
        lines = [head, *self.verdict()]
        if len(self.survival):
            from .odds import pct

            shown = self.survival.copy()
            for c in ("rate", "low", "high"):
                shown[c] = [pct(x) for x in shown[c]]
            lines += ["", shown.to_string(index=False)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from html import escape

        verdict = "".join(f"<li>{escape(v)}</li>" for v in self.verdict())
        return (f"<div><b>{escape(str(self.scenario))}</b>: n={self.n}<ul>{verdict}</ul>"
                f"{self.wins.to_html(index=False)}{self.survival.to_html(index=False)}</div>")


@dataclass
class Simulation:
    """``n`` encounters of one scenario: the rows, a summary and a figure."""

    scenario: dict[str, Any]
    system: str
    n: int
    seed: int
    policy: str
    runs: Any
    """pandas DataFrame, one row per encounter, in encounter order (see :func:`run_one`)."""
    participants: list[str] = field(default_factory=list)
    sides: dict[str, str | None] = field(default_factory=dict)
    """participant -> side."""
    elapsed: float = 0.0
    """Wall-clock seconds the runs took."""

    @property
    def rate(self) -> float:
        """Encounters per second."""
        return self.n / self.elapsed if self.elapsed else float("nan")

    def summary(self) -> SimulationSummary:
        import pandas as pd

        runs = self.runs
        n = len(runs)
        order = list(dict.fromkeys([s for s in self.sides.values() if s is not None]))
        winners = [_side(w) for w in runs["winner"].tolist()]
        for w in winners:
            if w is not None and w not in order:
                order.append(w)
        rows = []
        for side in [*order, None]:
            k = sum(1 for w in winners if w == side)
            if side is None and k == 0:
                continue
            lo, hi = wilson(k, n)
            rows.append({"side": side, "wins": k, "rate": k / n if n else 0.0, "low": lo, "high": hi})
        wins = pd.DataFrame(rows, columns=["side", "wins", "rate", "low", "high"])
        finished = runs[runs["finished"]]["rounds"] if n else runs["rounds"]
        counts = finished.value_counts().sort_index()
        rounds = pd.DataFrame({"rounds": counts.index.astype(int), "fights": counts.to_numpy()})
        rounds["share"] = rounds["fights"] / max(1, len(finished))
        rounds["cumulative"] = rounds["share"].cumsum()
        stats = ({"mean": float(finished.mean()), "median": float(finished.median()),
                  "p10": float(finished.quantile(0.1)), "p90": float(finished.quantile(0.9)),
                  "max": float(finished.max())} if len(finished) else {})
        surv = []
        for p in self.participants:
            col = f"alive:{p}"
            if col not in runs:
                continue
            known = runs[col].dropna().astype(bool)  # unfinished fights name no survivors
            k, m = int(known.sum()), len(known)
            lo, hi = wilson(k, m)
            surv.append({"participant": p, "side": self.sides.get(p), "survived": k, "of": m,
                         "rate": k / m if m else float("nan"), "low": lo, "high": hi})
        survival = pd.DataFrame(surv, columns=["participant", "side", "survived", "of", "rate", "low",
                                               "high"])
        names = {str(k): str(v["name"]) for k, v in (self.scenario.get("side_names") or {}).items()}
        return SimulationSummary(n, wins, rounds, stats, survival, int((~runs["finished"]).sum()),
                                 str(self.scenario.get("name", "")), names)

    def figure(self) -> Any:
        """A Plotly figure: win rate per side (95% bars), rounds to finish, survival per participant."""
        import plotly.graph_objects as go
        from plotly.subplots import make_subplots

        from .i18n import format_message

        s = self.summary()
        fig = make_subplots(rows=1, cols=3, subplot_titles=(
            format_message("odds.sim.winrate"), format_message("odds.sim.rounds"),
            format_message("odds.sim.survival")))
        labels = [s.side_name(_side(x)) if _side(x) is not None else format_message("odds.sim.draw")
                  for x in s.wins["side"]]
        fig.add_trace(go.Bar(x=labels, y=s.wins["rate"], name="win rate",
                             error_y=dict(type="data", symmetric=False,
                                          array=(s.wins["high"] - s.wins["rate"]).tolist(),
                                          arrayminus=(s.wins["rate"] - s.wins["low"]).tolist())),
                      row=1, col=1)
        fig.add_trace(go.Bar(x=s.rounds["rounds"], y=s.rounds["share"], name="rounds"), row=1, col=2)
        if len(s.survival):
            fig.add_trace(go.Bar(x=s.survival["participant"], y=s.survival["rate"], name="survival",
                                 error_y=dict(type="data", symmetric=False,
                                              array=(s.survival["high"] - s.survival["rate"]).tolist(),
                                              arrayminus=(s.survival["rate"] - s.survival["low"]).tolist())),
                          row=1, col=3)
        fig.update_yaxes(range=[0, 1], tickformat=".0%", row=1, col=1)
        fig.update_yaxes(tickformat=".0%", row=1, col=2)
        fig.update_yaxes(range=[0, 1], tickformat=".0%", row=1, col=3)
        fig.update_layout(title=format_message("odds.sim.title", None, scenario=s.scenario, n=s.n),
                          showlegend=False, height=380)
        return fig

    def __repr__(self) -> str:
        return (f"<Simulation {self.scenario.get('name', '')!r} system={self.system} n={self.n} "
                f"seed={self.seed} policy={self.policy}>")

    def _repr_html_(self) -> str:
        return self.summary()._repr_html_()


def simulate(scenario: str | Path | Mapping[str, Any], n: int = 10_000, seed: int | None = None,
             policy: Policy = "autopilot", workers: int = 1, dask: Any = None,
             progress: bool = False, *, max_rounds: int = 200, engine: type[Encounter] | None = None,
             chunk_size: int | None = None) -> Simulation:
    """Play ``n`` whole encounters of ``scenario`` and collect the outcomes.

    ``seed`` (default: the scenario's, else 0) seeds encounter ``i`` with :func:`derive_seed`, so
    ``workers=1``, ``workers=N`` (local processes) and ``dask=client`` (a ``dask.distributed``
    Client) give the same rows. ``policy`` is ``"autopilot"`` or a function
    ``(encounter, actor) -> order``. ``progress=True`` shows a tqdm bar. Encounters are played in the
    :data:`~gmkit.encounter.SIMULATION` mode (nothing kept) and never touch a journal file.
    """
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"n is the number of encounters to play, at least 1; got {n!r}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    data, cls = _load(scenario, engine)
    if seed is None:
        seed = int(data.get("seed") or 0)
    probe = cls.from_valid(data, seed, mode=SIMULATION)
    participants = probe.participants()
    sides = {p: probe.side_of(p) for p in participants}
    if chunk_size is None:
        parts = workers * 4 if dask is None else 32
        chunk_size = max(1, min(1000, math.ceil(n / max(1, parts))))
    chunks = _chunks(n, chunk_size)
    bar = _bar(n, progress, data.get("name", ""))
    t0 = time.perf_counter()
    results: dict[int, list[dict[str, Any]]] = {}
    try:
        if dask is not None:
            results = _on_dask(dask, cls, data, seed, chunks, policy, max_rounds, bar)
        elif workers == 1:
            for a, b in chunks:
                results[a] = _run_chunk(cls, data, seed, a, b, policy, max_rounds, probe)
                bar(b - a)
        else:
            results = _on_processes(workers, cls, data, seed, chunks, policy, max_rounds, bar)
    finally:
        bar(0, close=True)
    elapsed = time.perf_counter() - t0
    rows = [r for a in sorted(results) for r in results[a]]
    import pandas as pd

    runs = pd.DataFrame(rows)
    name = policy if isinstance(policy, str) else getattr(policy, "__name__", "custom")
    return Simulation(data, cls.system, n, seed, name, runs, participants, sides, elapsed)


def _bar(n: int, on: bool, desc: str) -> Callable[..., None]:
    if not on:
        return lambda k, close=False: None
    from tqdm.auto import tqdm

    t = tqdm(total=n, desc=str(desc) or "simulate", unit="fight")

    def step(k: int, close: bool = False) -> None:
        if k:
            t.update(k)
        if close:
            t.close()

    return step


def _on_processes(workers: int, cls: type[Encounter], data: dict[str, Any], seed: int,
                  chunks: Iterable[tuple[int, int]], policy: Policy, max_rounds: int,
                  bar: Callable[..., None]) -> dict[int, list[dict[str, Any]]]:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    out: dict[int, list[dict[str, Any]]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futs = {pool.submit(_run_chunk, cls, data, seed, a, b, policy, max_rounds): (a, b)
                for a, b in chunks}
        _import_pandas_meanwhile()
        for f in as_completed(futs):
            a, b = futs[f]
            out[a] = f.result()
            bar(b - a)
    return out


def _import_pandas_meanwhile() -> None:
    """Import pandas (the rows' table, ~0.6 s) in a thread while the workers play, not after
    them: the parent only waits. Started once the pool has forked its workers (the fork start
    method forks them all at the first submit), so no worker is forked from a half-done import."""
    import sys
    import threading

    if "pandas" not in sys.modules:
        threading.Thread(target=__import__, args=("pandas",), daemon=True).start()


def _on_dask(client: Any, cls: type[Encounter], data: dict[str, Any], seed: int,
             chunks: Iterable[tuple[int, int]], policy: Policy, max_rounds: int,
             bar: Callable[..., None]) -> dict[int, list[dict[str, Any]]]:
    from distributed import as_completed

    chunks = list(chunks)
    futs = [client.submit(_run_chunk, cls, data, seed, a, b, policy, max_rounds, pure=False)
            for a, b in chunks]
    where = {f.key: c for f, c in zip(futs, chunks, strict=False)}
    out: dict[int, list[dict[str, Any]]] = {}
    for f in as_completed(futs):
        a, b = where[f.key]
        out[a] = f.result()
        bar(b - a)
    return out


def compare(variants: Mapping[str, Any], n: int = 1000, seed: int | None = None, **kw: Any) -> Any:
    """Play several versions of a fight (``{"3 wolves": scenario, "5 wolves": other}``) with the
    same seeds and tabulate them: one row per variant and side with the win rate and its 95%
    interval, the median rounds and how many fights did not finish. ``kw`` goes to
    :func:`simulate` (``workers``, ``dask``, ``policy``, ``max_rounds``...).

    The same ``seed`` for every variant means common random numbers: differences between rows come
    from the change, less from luck.
    """
    import pandas as pd

    rows = []
    for label, scenario in variants.items():
        s = simulate(scenario, n=n, seed=seed, **kw).summary()
        for r in s.wins.itertuples(index=False):
            rows.append({"variant": label, "side": _side(r.side), "wins": r.wins, "rate": r.rate,
                         "low": r.low, "high": r.high,
                         "median_rounds": s.rounds_stats.get("median", float("nan")),
                         "unfinished": s.unfinished})
    return pd.DataFrame(rows, columns=["variant", "side", "wins", "rate", "low", "high",
                                       "median_rounds", "unfinished"])
