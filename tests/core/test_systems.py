"""The rule-set registry: gmkit's own rule sets by their folder, others by entry point or register()."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmkit.errors import GmkitError
from gmkit.systems import System, _Registry, get, names


@pytest.fixture(autouse=True)
def _forget_fake_modules() -> Iterator[None]:
    yield
    for name in [m for m in sys.modules if m.split(".")[0] == "fake_rules"]:
        del sys.modules[name]


def _plugin(tmp_path: Path, body: str, target: str = "fake_rules.system:SYSTEM") -> None:
    pkg = tmp_path / "fake_rules"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "system.py").write_text(textwrap.dedent(body))
    info = tmp_path / "fake_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-rules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[gmkit.systems]\nfake = {target}\n")


def test_own_rule_sets_are_found_by_their_folder() -> None:
    assert {"dragons", "fantasy", "space"} <= set(names())
    assert get("space").engine_class.system == "space"
    assert get("dragons").scenario_model.model_fields["system"].default in (None, "dragons")


def test_an_outside_rule_set_registers_through_the_entry_point(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _plugin(tmp_path, """
        from gmkit.systems import System
        SYSTEM = System(name="fake", package="fake_rules")
    """)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = _Registry()
    assert "fake" in registry.names() and "dragons" in registry.names()
    assert registry.get("fake").package == "fake_rules"


def test_a_broken_plugin_warns_and_gmkit_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _plugin(tmp_path, "raise ImportError('half installed')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = _Registry()
    with pytest.warns(UserWarning, match="did not load: half installed"):
        found = registry.names()
    assert "fake" not in found and "space" in found


def test_a_name_taken_twice_and_a_wrong_record_are_refused() -> None:
    registry = _Registry()
    with pytest.raises(GmkitError, match="registered already"):
        registry.register(System(name="space", package="elsewhere"))
    with pytest.raises(GmkitError, match=r"must be a gmkit\.systems\.System"):
        registry._add(object(), "test")


def test_unknown_rule_set_and_part_are_clear_errors() -> None:
    with pytest.raises(GmkitError, match=r"no rule set named 'chess'; the rule sets are: .*dragons"):
        get("chess")
    with pytest.raises(GmkitError, match="has no part 'nope'"):
        get("space").load("nope")
