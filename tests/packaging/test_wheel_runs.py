"""The wheel runs what the README runs (issue 18): built from this checkout and installed into a
fresh venv (see :mod:`tests.wheel`), it plays ``gmkit run dragon_duel``, ``gmkit batch`` on the
example spec it ships and ``python -m gmkit.demo``, with the templates and example scenarios found
inside the installed package, and its help names no file it does not ship."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.wheel import ROOT, Venv, build_wheel, fresh_venv


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venv]:
    tmp = tmp_path_factory.mktemp("wheel")
    v = fresh_venv(tmp, build_wheel(tmp))
    print(f"wheel {v.wheel.name}: {v.wheel.stat().st_size / 1000:.0f} kB, installed in "
          f"{v.install_seconds:.1f} s")
    yield v


def test_the_wheel_holds_the_templates_and_scenarios(venv: Venv) -> None:
    import zipfile

    names = set(zipfile.ZipFile(venv.wheel).namelist())
    for path in (ROOT / "templates").rglob("*"):
        if path.is_file() and path.suffix in (".ipynb", ".yaml"):
            assert f"gmkit/templates/{path.relative_to(ROOT / 'templates')}" in names
    assert {"gmkit/report/report.css", "gmkit/report/nbconvert/gmkit/index.html.j2",
            "gmkit/i18n/messages/fields.json", "gmkit/py.typed"} <= names
    assert any(n.endswith("licenses/LICENSE") for n in names)
    meta = zipfile.ZipFile(venv.wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "License-Expression: MIT" in meta
    for classifier in ("Framework :: Jupyter", "Typing :: Typed", "Natural Language :: Russian"):
        assert f"Classifier: {classifier}" in meta
    import gmkit

    assert f"Version: {gmkit.__version__}" in meta  # one version: gmkit/__init__.py
    core = [line.split()[1] for line in meta.splitlines()
            if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert not [r for r in core if r.startswith(("pyarrow", "jupyterlab"))]  # extras only
    assert re.search(r"^Requires-Dist: pyarrow.*extra == \"parquet\"", meta, re.MULTILINE)
    assert re.search(r"^Requires-Dist: jupyterlab.*extra == \"lab\"", meta, re.MULTILINE)


def test_gmkit_run_from_the_wheel(venv: Venv, tmp_path: Path) -> None:
    r = venv.run("gmkit", "run", "dragon_duel", "--out", "out", "-p", "odds_trials", "5",
                 cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    out = tmp_path / "out"
    for name in ("dragon_duel_firmament.gm.ipynb", "dragon_duel_firmament.gm.html",
                 "dragon_duel_firmament.player.html", "dragon_duel_firmament.bbcode.txt"):
        assert (out / name).stat().st_size > 0, name
    meta = json.loads((out / "dragon_duel_firmament.gm.ipynb").read_text())["metadata"]["gmkit"]
    assert Path(meta["python"]).parent == venv.root / "bin"  # the kernel is the venv's
    assert meta["run"]["scenario_file"] == "scenarios/dragon_duel_firmament.yaml"
    where = venv.run("python", "-c", "import gmkit.runner as r; print(r.template_path('dragon_duel'))",
                     cwd=tmp_path)
    assert where.stdout.strip().startswith(str(venv.root)), where.stdout + where.stderr


def test_gmkit_batch_on_the_shipped_example(venv: Venv, tmp_path: Path) -> None:
    r = venv.run("gmkit", "batch", "batch_example", "--out", "batch", "--workers", "2",
                 "--no-progress", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    with open(tmp_path / "batch" / "summary.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 12 and all(row["status"] == "done" for row in rows), rows
    assert {row["template"] for row in rows} == {"dragon_duel", "space_battle", "fantasy_skirmish"}
    shown = venv.run("gmkit", "batch", "batch_example", "--show", cwd=tmp_path)
    assert shown.returncode == 0 and "runs:" in shown.stdout
    assert not list(venv.root.rglob("batch-output"))  # nothing written into the installed package


def test_the_demo_from_the_wheel(venv: Venv, tmp_path: Path) -> None:
    r = venv.run("python", "-m", "gmkit.demo", "--out", "reports", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "FAILED" not in r.stdout
    for template in ("dragon_duel", "space_battle", "fantasy_skirmish"):
        for suffix in ("gm.ipynb", "gm.html", "player.html", "bbcode.txt"):
            assert (tmp_path / "reports" / f"{template}.{suffix}").stat().st_size > 0


def test_help_names_no_file_the_wheel_does_not_ship(venv: Venv, tmp_path: Path) -> None:
    """Every path a help text names (``templates/...``, ``scenarios/...``) is found from the wheel."""
    texts = []
    for args in (["--help"], ["run", "--help"], ["batch", "--help"], ["report", "--help"],
                 ["odds", "--help"], ["odds", "simulate", "--help"]):
        r = venv.run("gmkit", *args, cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        texts.append(r.stdout)
    text = " ".join(" ".join(texts).split())
    assert "templates/batch_example.yaml" not in text
    for path in set(re.findall(r"\b(?:templates|scenarios)/[\w./-]+\.(?:yaml|ipynb)", text)):
        probe = venv.run("python", "-c", f"from gmkit.report.rundata import find_file; "
                                         f"print(find_file({path!r}).exists())", cwd=tmp_path)
        assert probe.stdout.strip() == "True", path


def test_gmkit_new_and_schema_from_the_wheel(venv: Venv, tmp_path: Path) -> None:
    """The starters are package data (issue 20): ``gmkit new`` writes one from an installed
    wheel, with its schema beside it, and the scenario plays."""
    r = venv.run("gmkit", "new", "fantasy", "--lang", "ru", "бой.yaml", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "fantasy.ru.schema.json").stat().st_size > 0
    r = venv.run("gmkit", "odds", "simulate", "бой.yaml", "-n", "20", "--seed", "1", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    r = venv.run("gmkit", "schema", "space", cwd=tmp_path)
    assert r.returncode == 0 and '"ships"' in r.stdout, r.stdout + r.stderr
