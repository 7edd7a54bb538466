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


def test_an_outside_rule_set_registers_through_the_entry_point_and_plays_a_round(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy race, found through the entry-point group as an installed package's rule set would
    be, keeps the contract (checked as it registers) and plays a round through the registry."""
    _plugin(tmp_path, "", target="tests.toy.system:SYSTEM")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = _Registry()
    assert "race" in registry.names() and "dragons" in registry.names()
    race = registry.get("race")
    assert race.package == "tests.toy"
    from tests.toy import SCENARIO

    fight = race.engine_class(SCENARIO, seed=3)
    events = fight.resolve_round(autopilot=True)
    assert fight.resolutions == 1 and events
    assert {e.actor for e in events} == {"Ash", "Bo"}
    assert all(e.rolls for e in events)  # every racer's dice recorded


def test_an_entry_point_that_breaks_the_contract_is_refused_with_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Registration checks the parts: a rule set with no engine is told at once, naming the part,
    and gmkit goes on with the others (before the contract it registered, and failed in a report)."""
    _plugin(tmp_path, """
        from gmkit.systems import System
        SYSTEM = System(name="fake", package="fake_rules")
    """)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = _Registry()
    told = r"'fake' rule set's part 'engine' \(engine:Engine\) cannot be loaded"
    with pytest.warns(UserWarning, match=told):
        found = registry.names()
    assert "fake" not in found and "dragons" in found


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


def test_one_engine_lookup_for_the_simulation_the_reports_and_the_desks() -> None:
    from gmkit.encounter import Encounter
    from gmkit.engines import engine_for
    from gmkit.report.rundata import engine_class
    from gmkit.simulation import engine_for as simulation_engine_for

    assert engine_class is engine_for and simulation_engine_for is engine_for
    for name in names():
        cls = engine_for(name)
        assert cls is get(name).engine_class and issubclass(cls, Encounter) and cls.system == name
    with pytest.raises(GmkitError, match="no rule set named 'chess'; the rule sets are: "):
        engine_for("chess")
