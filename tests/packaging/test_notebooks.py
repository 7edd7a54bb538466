"""Every notebook with a parameters cell (the templates, the balance notebook) documents each
parameter for ``papermill --help-notebook``: a type and a line of help, parsed from the cell."""

from __future__ import annotations

from pathlib import Path

import nbformat
import papermill
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("templates/*.ipynb")])


def _has_parameters(path: Path) -> bool:
    nb = nbformat.read(str(path), as_version=4)
    return any("parameters" in c.get("metadata", {}).get("tags", []) for c in nb.cells)


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if _has_parameters(p)],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_parameter_has_a_type_and_help(path: Path) -> None:
    nb = nbformat.read(str(path), as_version=4)
    cell = next(c for c in nb.cells if "parameters" in c.get("metadata", {}).get("tags", []))
    assigned = [line.split(":")[0].split("=")[0].strip() for line in cell.source.splitlines()
                if line and not line.startswith(("#", " ", "from ", "import "))]
    params = papermill.inspect_notebook(str(path))
    assert list(params) == assigned  # every assignment parsed, none lost
    for name, p in params.items():
        assert p["inferred_type_name"] not in ("None", ""), f"{name}: no type"
        assert p["help"].strip(), f"{name}: no help"


def test_the_balance_notebook_is_checked() -> None:
    assert _has_parameters(ROOT / "notebooks" / "balance.ipynb")
