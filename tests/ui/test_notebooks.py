"""The live-session notebooks and the tutorial run clean under nbval, outputs compared (strict).

They run on a copy beside a copy of templates/, so a GM's own journals in notebooks/ are neither
used nor touched.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_notebooks_pass_nbval(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks",
                    ignore=shutil.ignore_patterns("*.jsonl", ".ipynb_checkpoints"))
    shutil.copytree(ROOT / "templates" / "scenarios", tmp_path / "templates" / "scenarios")
    names = sorted(p.name for p in (tmp_path / "notebooks").glob("*.ipynb"))
    assert {"dragon_session.ipynb", "space_session.ipynb", "skirmish_session.ipynb",
            "tutorial.ipynb", "tutorial.ru.ipynb"} <= set(names)
    r = subprocess.run([sys.executable, "-m", "pytest", "--nbval", "-p", "no:cacheprovider", "-q",
                        "--rootdir", str(tmp_path), *names],
                       cwd=tmp_path / "notebooks", capture_output=True, text=True, timeout=600,
                       env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout
