"""``python -m gmkit.demo``: every shipped template, and a failure is an exit status, not a shrug."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import gmkit.runner
from gmkit.demo import examples, main
from gmkit.errors import GmkitError
from gmkit.report.rundata import templates_dir
from gmkit.runner import RunResult, template_names


def _fake_run(fail: set[str]) -> Any:
    def run(template: str, out: Any, **kw: Any) -> RunResult:
        if template in fail:
            raise GmkitError(f"{template}.ipynb stopped with ValueError: broken")
        nb = Path(out) / f"{template}.gm.ipynb"
        return RunResult(template, nb, {"scenario": template, "winner": "a", "rounds": 1},
                         {"notebook": str(nb)}, 0.1)
    return run


def test_the_demo_runs_every_shipped_template(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(gmkit.runner, "run_template", _fake_run(set()))
    assert main(["--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert [line.split()[1].rstrip("…") for line in out.splitlines() if line.startswith("Running ")] == \
        ["dragon_duel", "space_battle", "fantasy_skirmish"]
    assert set(template_names()) == {"dragon_duel", "space_battle", "fantasy_skirmish"}


def test_a_failed_template_fails_the_demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(gmkit.runner, "run_template", _fake_run({"space_battle"}))
    assert main(["--out", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "FAILED space_battle: space_battle.ipynb stopped with ValueError: broken" in captured.out
    assert "1 of 3 templates failed" in captured.err


def test_examples_pair_every_scenario_with_its_rule_set() -> None:
    found = examples()
    shipped = sorted((templates_dir() / "scenarios").glob("*.yaml"))
    assert [s for _, s, _ in found] == [f"scenarios/{p.name}" for p in shipped]
    assert {(s.split("/")[1].split("_")[0], lang) for _, s, lang in found} >= {
        (kind, "ru") for kind in ("dragon", "space", "fantasy")}  # Russian first: one of each at least
    for template, scenario, _ in found:
        assert scenario.split("/")[1].split("_")[0] in template  # dragon_*, space_*, fantasy_*
