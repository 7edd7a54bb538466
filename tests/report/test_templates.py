"""The three templates through papermill (one kernel each, shared by the tests of this module)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from gmkit.cli import main
from gmkit.encounter import Encounter
from gmkit.report.html import read_notebook, run_data_of
from gmkit.report.rundata import engine_class, find_file
from gmkit.runner import TemplateError, run_template, template_parameters

SEED = 5
TEMPLATES = {"dragon_duel": "dragons", "space_battle": "space", "fantasy_skirmish": "fantasy"}
PARAMS = {"scenario", "seed", "language", "view", "side", "orders", "max_rounds", "output_folder",
          "run_name", "odds_trials"}


def _default_scenario(template: str) -> str:
    return str(template_parameters(template)["scenario"]["default"]).strip("\"'")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Every template run once with a fixed seed; space_battle through the ``gmkit run`` command."""
    out = tmp_path_factory.mktemp("runs")
    got = {}
    for template in TEMPLATES:
        if template == "space_battle":
            rc = main(["run", template, "--seed", str(SEED), "--out", str(out), "--name", template,
                       "-p", "odds_trials", "20"])
            assert rc == 0
            got[template] = read_notebook(out / f"{template}.gm.ipynb")  # the GM's view (issue 29)
        else:
            res = run_template(template, out, seed=SEED, name=template, parameters={"odds_trials": 20})
            got[template] = read_notebook(res.notebook)
    return out, got


@pytest.mark.parametrize("template", TEMPLATES)
def test_parameters_cell_is_typed_and_commented(template):
    params = template_parameters(template)
    assert set(params) == PARAMS
    assert all(p["help"] for p in params.values())
    assert params["seed"]["inferred_type_name"] == "Optional[int]"
    assert params["max_rounds"]["inferred_type_name"] == "int"


@pytest.mark.parametrize("template", TEMPLATES)
def test_template_outcome_matches_in_process_engine(runs, template):
    """Same scenario + same seed = same fight (C-1), in a kernel or here."""
    _out, nbs = runs
    meta = run_data_of(nbs[template])
    scenario = find_file(_default_scenario(template))
    engine = engine_class(TEMPLATES[template]).from_scenario(scenario, seed=SEED)
    engine.run(1000)
    assert engine.is_over
    assert meta["summary"]["outcome"] == json.loads(json.dumps(engine.outcome()))
    assert meta["summary"]["winner"] == engine.summary()["winner"]
    assert meta["summary"]["participants"] == json.loads(json.dumps(engine.summary()["participants"]))
    assert meta["run"]["system"] == TEMPLATES[template]


@pytest.mark.parametrize("template", TEMPLATES)
def test_journal_and_summary_in_metadata_and_beside(runs, template):
    out, nbs = runs
    meta = run_data_of(nbs[template])
    assert Path(meta["python"]).resolve() == Path(sys.executable).resolve()  # the venv's kernel
    summary = json.loads((out / f"{template}.gm.summary.json").read_text())
    assert summary == meta["summary"] and {"winner", "rounds", "survivors", "participants"} <= set(summary)
    journal = out / f"{template}.gm-journal.jsonl"  # the GM's file (was .journal.jsonl)
    engine_class(TEMPLATES[template])  # the engine is loaded
    resumed = Encounter.resume(journal, autosave=False)
    assert json.loads(json.dumps(resumed.outcome())) == meta["summary"]["outcome"]
    assert meta["run"]["journal"][0]["seed"] == SEED
    # nothing of the run data is left as a visible output
    outputs = [o for c in nbs[template].cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not any("application/vnd.gmkit.run+json" in o.get("data", {}) for o in outputs)
    assert not any(o.get("output_type") == "error" for o in outputs)


@pytest.mark.parametrize("template", TEMPLATES)
def test_reports_written_without_inputs(runs, template):
    out, _ = runs
    for suffix in ("gm.ipynb", "gm.html", "player.html", "bbcode.txt"):
        assert (out / f"{template}.{suffix}").stat().st_size > 0
    gm = (out / f"{template}.gm.html").read_text()
    assert "nb.run_encounter" not in gm and "odds_trials" not in gm
    assert "gmkit template" not in gm  # the template's own notes are left out
    post = (out / f"{template}.bbcode.txt").read_text()
    assert "[b]Round 1[/b]" in post and "[list]" in post


def test_dragon_chart_is_static_and_offline(runs):
    """The Speed/Height chart (D-2) is kept without a kernel and opens offline: an inline SVG in the
    notebook and in both reports, no widget, no plotly.js and no script at all in the page."""
    out, nbs = runs
    outputs = [o for c in nbs["dragon_duel"].cells if c.cell_type == "code" for o in c.get("outputs", [])]
    charts = [o for o in outputs if '<svg class="gmkit-chart"' in o.get("data", {}).get("text/html", "")]
    assert len(charts) >= 2  # before the fight and after every round
    assert not any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
    assert not any("application/vnd.plotly.v1+json" in o.get("data", {}) for o in outputs)
    for name in ("dragon_duel.gm.html", "dragon_duel.player.html"):
        page = (out / name).read_text()
        assert page.count('<svg class="gmkit-chart"') == len(charts)
        assert "<script" not in page and "://" not in page and "Plotly" not in page


def _ship_cells(html: str, ship: str) -> set[tuple[int, int]]:
    """The cells the SVG maps in ``html`` draw for ``ship`` (attribute order may vary)."""
    cells = set()
    for rect in re.findall(r"<rect\b[^>]*>", html):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', rect))
        if attrs.get("data-ship") == ship and "data-cell" in attrs:
            x, y = attrs["data-cell"].split(",")
            cells.add((int(x), int(y)))
    return cells


def test_player_html_has_no_cloaked_ship_positions(runs):
    """S-10: the cloaked Shade's cells are in the GM's file and absent from the players' file, except
    where every side saw them (the moment it fired)."""
    out, nbs = runs
    data = run_data_of(nbs["space_battle"])["run"]
    gm = (out / "space_battle.gm.html").read_text()
    player = (out / "space_battle.player.html").read_text()
    from gmkit.report.rundata import events_for

    public_text = " ".join(e.text("en") for r in data["rounds"]
                           for e in events_for(r["events"], "player"))
    hidden: set[tuple[int, int]] = set()
    shown: set[tuple[int, int]] = set()
    for r in data["rounds"]:
        gm_ship = next(s for s in r["views"]["gm"]["ships"] if s["name"] == "Shade")
        pub_ship = next(s for s in r["views"]["public"]["ships"] if s["name"] == "Shade")
        if not pub_ship["cells"] and gm_ship["cells"]:
            hidden |= {tuple(c) for c in gm_ship["cells"]}
        shown |= {tuple(c) for c in pub_ship["cells"]}
        for other in r["views"]["public"]["ships"]:
            public_text += " " + " ".join(f"({x},{y}) ({x}, {y})" for x, y in other["cells"])
    assert hidden, "the scenario should keep Shade cloaked for a while"
    checked = 0
    gm_cells, player_cells = _ship_cells(gm, "Shade"), _ship_cells(player, "Shade")
    for x, y in hidden:
        assert (x, y) in gm_cells
        if (x, y) not in shown:
            assert (x, y) not in player_cells
        for f in (f"({x},{y})", f"({x}, {y})"):
            if f not in public_text:
                checked += 1
                assert f not in player, f"cloaked Shade's cell {f} leaks into the player report"
    assert checked
    hidden_events = [e for r in data["rounds"] for e in r["events"] if e.get("visibility")]
    assert hidden_events
    for e in hidden_events:
        from gmkit.events import Event

        text = Event.from_json(e).text("en")
        if text not in public_text:
            assert text not in player


def test_report_command_views_and_formats(runs, capsys):
    out, _ = runs
    nb = str(out / "space_battle.gm.ipynb")
    assert main(["report", nb, "--to", "markdown", "--view", "player", "-o", "-"]) == 0
    md = capsys.readouterr().out
    assert md.startswith("# ") and "## Round 1" in md
    assert main(["report", nb, "--to", "bbcode", "--view", "gm", "--language", "ru", "-o", "-"]) == 0
    assert "Раунд 1" in capsys.readouterr().out
    assert main(["report", nb, "--to", "html", "--view", "player", "--side", "smugglers"]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert path.name == "space_battle.player-smugglers.html" and _ship_cells(path.read_text(), "Shade")
    assert main(["report", nb, "--view", "player", "--side", "pirates"]) == 2
    assert "no side 'pirates'" in capsys.readouterr().err


def test_bad_scenario_stops_at_the_start(tmp_path):
    bad = tmp_path / "broken.yaml"
    text = find_file(_default_scenario("fantasy_skirmish")).read_text()
    bad.write_text(text.replace("system: fantasy", "system: fantasy\nbogus_field: 1"))
    with pytest.raises(TemplateError) as e:
        run_template("fantasy_skirmish", tmp_path / "out", scenario=bad, seed=1)
    msg = str(e.value)
    assert e.value.ename == "ScenarioError" and "broken.yaml" in msg and "bogus_field" in msg
    assert "unknown field" in msg
    assert not (tmp_path / "out" / "broken.gm.html").exists()


def test_illegal_order_in_orders_file_stops_the_run(tmp_path):
    """D-4: a climb the dragon cannot afford, written in advance, stops the run naming round and
    dragon. In process: the template's cell is ``run_encounter`` with the template's own default
    scenario (how a kernel's error becomes a TemplateError is the test above)."""
    from gmkit.report.notebook import run_encounter
    from gmkit.report.rundata import OrdersError

    orders = tmp_path / "orders.yaml"
    orders.write_text("1:\n  Ash: {type: DragonOrder, move: {type: Move, kind: climb, amount: 5}}\n")
    with pytest.raises(OrdersError) as e:
        run_encounter(find_file(_default_scenario("dragon_duel")), 1, orders=str(orders),
                      system="dragons")
    assert "orders.yaml: round 1, Ash: D-4" in str(e.value)


def test_run_command_errors_are_clean(tmp_path, capsys):
    assert main(["run", "no_such_template", "--out", str(tmp_path)]) == 2
    assert "no template 'no_such_template'" in capsys.readouterr().err
    assert main(["run", "dragon_duel", "--out", str(tmp_path), "-p", "colour", "red"]) == 2
    assert "no parameter 'colour'" in capsys.readouterr().err
    assert main(["run", "dragon_duel", "--out", str(tmp_path), "-p", "max_rounds", "many"]) == 2
    assert "not a number" in capsys.readouterr().err
