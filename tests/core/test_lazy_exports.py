"""A rule set's package gives its public names lazily (gmkit.lightimports.lazy_exports): finding
the rule set imports none of its parts, and ``from <package> import Name`` still works."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from gmkit.systems import all_systems

OWN = sorted(s.package for s in all_systems() if s.package.startswith("gmkit."))

FIND = """
import sys
from gmkit.systems import all_systems, get
for s in all_systems():
    get(s.name).has("language")
heavy = ("engine", "scenario", "orders", "sheets", "language", "rules", "board")
print(sorted(m for m in sys.modules if m.startswith("gmkit.") and m.rsplit(".", 1)[-1] in heavy
             and m.count(".") == 2 and m.split(".")[1] in {s.package.split(".")[1] for s in all_systems()}))
"""


def test_finding_a_rule_set_imports_none_of_its_parts() -> None:
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-c", FIND], cwd=root, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


@pytest.mark.parametrize("package", OWN)
def test_every_public_name_is_its_modules_own(package: str) -> None:
    pkg = importlib.import_module(package)
    table = pkg._LAZY
    assert set(pkg.__all__) <= set(table), "a public name the package cannot give"
    for name, module in table.items():
        mod = importlib.import_module(f"{package}.{module}")
        got = getattr(pkg, name)
        assert got is (mod if name == module else getattr(mod, name))
        assert vars(pkg)[name] is got  # kept: the next use is a plain attribute
    with pytest.raises(AttributeError, match=rf"module '{package}' has no attribute 'Nothing'"):
        pkg.Nothing  # noqa: B018


def test_a_name_is_imported_on_first_use_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "lazyfake"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from gmkit.lightimports import lazy_exports\n"
                                     "__getattr__ = lazy_exports(__name__, {'Heavy': 'heavy', "
                                     "'heavy': 'heavy'})\n")
    (pkg / "heavy.py").write_text("class Heavy:\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        fake = importlib.import_module("lazyfake")
        assert "lazyfake.heavy" not in sys.modules
        from lazyfake import Heavy  # type: ignore[import-not-found]

        assert "lazyfake.heavy" in sys.modules and Heavy.__module__ == "lazyfake.heavy"
        assert fake.heavy is sys.modules["lazyfake.heavy"]
        with pytest.raises(AttributeError, match="module 'lazyfake' has no attribute 'light'"):
            fake.light  # noqa: B018
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == "lazyfake"]:
            del sys.modules[name]
