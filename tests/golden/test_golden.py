"""The golden check: recorded fights and simulation tables are byte-identical to the recorded digests.

A change that is meant to alter fights (a rule correction) rewrites ``digests.json`` with
``python -m tests.golden.fights`` and names the fights it changes in its commit message.
"""

from __future__ import annotations

import json

from tests.golden.fights import DIGESTS, SCENARIOS, _sha, fights, simulations


def _want() -> dict[str, dict[str, str]]:
    return json.loads(DIGESTS.read_text(encoding="utf-8"))


def test_at_least_300_fights_over_every_example_scenario() -> None:
    want = _want()["journals"]
    assert len(want) >= 300
    assert {k.split("/")[0] for k in want} == {f.stem for f in SCENARIOS}


def test_recorded_journals_are_byte_identical() -> None:
    want = _want()["journals"]
    got = {label: _sha(data) for label, data in fights()}
    changed = sorted(k for k in want if got.get(k) != want[k])
    assert set(got) == set(want)
    assert not changed, f"{len(changed)} journals differ, first: {changed[:5]}"


def test_simulation_tables_are_byte_identical() -> None:
    want = _want()["simulations"]
    got = {label: _sha(data) for label, data in simulations()}
    assert got == want
