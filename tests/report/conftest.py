"""The local batch run shared by the batch tests and the Dask cluster tests (one run of the spec,
then compared wherever it is needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.cli import main
from gmkit.report.rundata import find_file

SEEDS = [1, 2]
"""Two seeds: enough to show a seed matrix (every template with every seed) and a retry."""


def batch_spec(folder: Path, out: str, **changes: Any) -> Path:
    """3 templates x :data:`SEEDS` and one broken scenario (run once, retried once)."""
    broken = folder / "broken_wolves.yaml"
    if not broken.exists():
        text = find_file("scenarios/fantasy_wolves.yaml").read_text()
        broken.write_text(text.replace("system: fantasy", "system: fantasy\nmorale_table: yes"))
    spec: dict[str, Any] = {
        "name": "test-batch", "out": out, "seeds": SEEDS,
        # rounds enough for every fight to end: since S-4 rolls initiative once ships are in
        # range (issue 13, item 11), a space fight may take 37 rounds
        "parameters": {"odds_trials": 0, "max_rounds": 60},
        "reports": ["bbcode"],
        "runs": [{"template": "dragon_duel"}, {"template": "space_battle"},
                 {"template": "fantasy_skirmish"},
                 {"template": "fantasy_skirmish", "scenarios": [str(broken)], "seeds": [1]}],
    }
    spec.update(changes)
    path = folder / f"{out}.yaml"
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def batch_local(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, int]:
    """The spec run once with 2 local worker processes: (folder, spec, exit status)."""
    folder = tmp_path_factory.mktemp("batch")
    spec = batch_spec(folder, "local")
    rc = main(["batch", str(spec), "--workers", "2", "--no-progress"])
    return folder, spec, rc
