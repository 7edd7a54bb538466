"""What the template notebooks call: play the encounter, show it section by section, write files.

A template stays a handful of short cells::

    run = nb.run_encounter(scenario, seed, orders=orders, max_rounds=max_rounds, language=language,
                           view=view, side=side, system="dragons")
    nb.show_scenario(run)
    nb.show_rounds(run)
    ...
    nb.finish(run, output_folder, run_name)

The run data of the run's view goes into the notebook as one output of type :data:`MIME_RUN`; the
runner lifts it into the notebook's metadata (``metadata.gmkit``) so reports can be rebuilt without
a kernel. A player-view run's notebook holds that player's data only; the full run data and the
journal are the GM's files (:data:`GM_FILES`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import document as doc
from .rundata import play

__all__ = ["Run", "setup", "run_encounter", "show", "show_title", "show_scenario", "show_rounds",
           "show_outcome", "show_odds", "show_unresolved", "finish", "chance", "write_files",
           "MIME_RUN", "VIEWS", "GM_FILES"]

MIME_RUN = "application/vnd.gmkit.run+json"
"""The mime type of the output holding the run data (lifted into metadata by the runner)."""
VIEWS = ("gm", "player")


@dataclass
class Run:
    """A played encounter and how to show it."""

    engine: Any
    data: dict[str, Any]
    view: str = "gm"
    side: str = ""
    language: str = "en"

    @property
    def summary(self) -> dict[str, Any]:
        return dict(self.data["summary"])

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self.data["outcome"]


def setup(language: str = "en") -> None:
    """Messages in ``language``. Plotly loads only when a figure is first shown (see :func:`show`)."""
    from ..i18n import set_language

    set_language(language)


def _plotly_renderer() -> None:
    """Static figures that survive into HTML: ``plotly_mimetype+notebook`` as the default renderer,
    so plotly.js goes into the notebook once, inline (works offline), whatever the figure count."""
    from ..lightimports import light_imports

    light_imports()  # plotly imports nbformat: spare the kernel jsonschema's slow IRI grammar
    import plotly.io as pio

    from .figures import RENDERER

    if pio.renderers.default != RENDERER:
        pio.renderers.default = RENDERER


def _check_view(view: str, side: str, sides: list[str]) -> None:
    from ..errors import GmkitError

    if view not in VIEWS:
        raise GmkitError(f"view must be one of {', '.join(VIEWS)}, got {view!r}")
    if side and side not in sides:
        raise GmkitError(f"side must be one of {', '.join(sides)} (or empty for all sides), got {side!r}")


def run_encounter(scenario: str | Path | Mapping[str, Any], seed: int | None = None, *,
                  orders: str | Path | None = None, max_rounds: int = 30, language: str = "en",
                  view: str = "gm", side: str = "", system: str | None = None,
                  odds_trials: int = 0) -> Run:
    """Validate the scenario (stopping here on a bad one), play it to the end, estimate the odds."""
    if view not in VIEWS:
        _check_view(view, side, [])
    engine, data = play(scenario, seed, orders=orders or None, max_rounds=max_rounds,
                        language=language, expect_system=system)
    _check_view(view, side, data["sides"])
    data["odds"] = chance(data, odds_trials)
    data["summary"]["odds"] = data["odds"]
    return Run(engine, data, view, side, language)


def chance(data: Mapping[str, Any], trials: int) -> dict[str, Any]:
    """How often the same outcome comes from the same start, by :mod:`gmkit.simulation` if present."""
    if trials <= 0:
        return {"why": "report.odds.skipped"}
    try:
        from .. import simulation
    except ImportError:
        return {"why": "report.odds.no_module"}
    try:
        # the rows simulate(scenario, n=trials, seed=seed) gives, played here without loading pandas
        engine = simulation.engine_for(data["system"])
        winners = [simulation.run_one(engine, data["scenario"],
                                      simulation.derive_seed(int(data["seed"]), i), index=i)["winner"]
                   for i in range(trials)]
    except Exception as e:  # the odds are an extra: a failure is reported, not fatal
        return {"why": "report.odds.failed", "error": f"{type(e).__name__}: {e}"}
    want = (data.get("outcome") or {}).get("winner")
    n = len(winners)
    k = sum(1 for w in winners if w == want)
    low, high = simulation.wilson(k, n)
    return {"n": n, "k": k, "winner": want, "p": (k / n) if n else None, "low": low, "high": high}


def show(blocks: Iterable[doc.Block]) -> None:
    """Display blocks in the running notebook (figures through the static renderer)."""
    from IPython.display import display

    for block in blocks:
        if isinstance(block, doc.Figure):
            _plotly_renderer()
            import plotly.io as pio

            pio.show(block.figure, validate=False)  # built by gmkit.report.figures: valid already
        else:
            display(doc.to_bundle(block), raw=True)


def _blocks(run: Run, part: Any) -> list[doc.Block]:
    from ..i18n import grammar
    from .rundata import cast_of_run

    with grammar.cast(cast_of_run(run.data)):
        return list(part(run.data, run.view, run.side, run.language))


def show_title(run: Run) -> None:
    show(_blocks(run, doc.title_blocks))


def show_scenario(run: Run) -> None:
    show(_blocks(run, doc.scenario_blocks))


def show_rounds(run: Run) -> None:
    show(_blocks(run, doc.round_blocks))


def show_outcome(run: Run) -> None:
    show(_blocks(run, doc.outcome_blocks))


def show_odds(run: Run) -> None:
    show(_blocks(run, doc.odds_blocks))


def show_unresolved(run: Run) -> None:
    show(_blocks(run, doc.unresolved_blocks))


GM_FILES = {"gm_run": "{name}.gm.json", "gm_journal": "{name}.gm-journal.jsonl"}
"""The GM's files of a run, whatever its view: the full run data and the journal. Named ``.gm.``
so nobody hands them to a player; never embedded in a player's notebook or report."""


def write_files(data: Mapping[str, Any], folder: str | Path, name: str, *, view: str = "gm",
                side: str = "", engine: Any = None) -> dict[str, str]:
    """The GM's files (full run data, journal) and the summary in the run's view, beside the
    notebook. With ``engine`` the journal is the engine's own (:meth:`~gmkit.encounter.Encounter.save`)."""
    from .rundata import view_data

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    journal = out / GM_FILES["gm_journal"].format(name=name)
    if engine is not None and hasattr(engine, "save"):
        engine.save(journal)
    else:
        with open(journal, "w", encoding="utf-8") as f:
            for line in data["journal"]:
                f.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
    run = out / GM_FILES["gm_run"].format(name=name)
    run.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    summary = out / (f"{name}.summary.json" if view == "player" else f"{name}.gm.summary.json")
    shown = view_data(data, view, side)["summary"]
    summary.write_text(json.dumps(shown, ensure_ascii=False, indent=1, sort_keys=True),
                       encoding="utf-8")
    return {"gm_journal": str(journal), "gm_run": str(run), "summary": str(summary)}


def finish(run: Run, output_folder: str = "", run_name: str = "") -> dict[str, str]:
    """Write the GM's files and the summary beside the notebook (when a folder is given) and hand
    the run data of the run's view to the notebook (an output the runner moves into
    ``metadata.gmkit``): a player-view notebook never holds more than that player may see."""
    from IPython.display import display

    from .rundata import view_data

    files: dict[str, str] = {}
    if output_folder:
        name = run_name or Path(str(run.data["scenario_file"])).stem or "encounter"
        files = write_files(run.data, output_folder, name, view=run.view, side=run.side,
                            engine=run.engine)
    import sys

    shown = view_data(run.data, run.view, run.side)
    payload = {"summary": shown["summary"], "run": shown, "view": run.view, "side": run.side,
               "files": files, "python": sys.executable}
    display({MIME_RUN: payload,
             "text/plain": f"gmkit run data: {shown['system']} seed {shown['seed']}, "
                           f"winner {shown['summary'].get('winner')}"}, raw=True)
    return files
