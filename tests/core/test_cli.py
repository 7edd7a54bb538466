"""The gmkit command."""

from __future__ import annotations

import subprocess
import sys

import gmkit
from gmkit.cli import main


def test_version(capsys) -> None:  # type: ignore[no-untyped-def]
    try:
        main(["--version"])
    except SystemExit as e:
        assert e.code == 0
    assert capsys.readouterr().out.strip() == f"gmkit {gmkit.__version__}"


def test_seeded_roll_repeats(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["roll", "d8!", "--seed", "3", "--times", "4"]) == 0
    first = capsys.readouterr().out
    assert main(["roll", "d8!", "--seed", "3", "--times", "4"]) == 0
    assert capsys.readouterr().out == first
    assert len(first.splitlines()) == 4 and first.startswith("d8!: d8[")


def test_trait_roll(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["roll", "d8", "--trait", "--seed", "1"]) == 0
    assert "vs TN 4" in capsys.readouterr().out


def test_bad_expression_is_a_clean_error(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["roll", "2d6+", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "position 4" in err and "Traceback" not in err


def test_console_entry_point_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "gmkit", "roll", "2d6+1", "--seed", "5"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("2d6+1: ")
