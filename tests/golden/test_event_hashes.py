"""Whole autopilot fights decide exactly what they decided before (issue 30's speed guard).

Each seed's fight is played again and reduced to the hash of its events' kinds, data and rolls,
its dice tape and outcome (:mod:`tests.golden.event_hashes`); a speed change that moves a single
die, event or outcome fails here, naming the scenario and the first seed that differs. The first
200 seeds of each scenario run always; all 2,000 under the ``slow`` marker.
"""

from __future__ import annotations

import json

import pytest

from tests.golden.event_hashes import FIXTURE, hashes

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))
NAMES = sorted(RECORDED)


def _check(name: str, n: int) -> None:
    rec = RECORDED[name]
    want = rec["per_seed"].split()
    assert len(want) == rec["seeds"]
    got = [h[:16] for h in hashes(rec["scenario"]["system"], rec["scenario"], range(n))]
    for seed, (g, w) in enumerate(zip(got, want[:n], strict=True)):
        assert g == w, f"{name}: seed {seed}'s fight decides differently than recorded"


def test_fixture_covers_every_rule_set() -> None:
    assert {rec["scenario"]["system"] for rec in RECORDED.values()} == {"dragons", "space", "fantasy"}


@pytest.mark.parametrize("name", NAMES)
def test_first_seeds_replay_identically(name: str) -> None:
    _check(name, 200)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_every_seed_replays_identically(name: str) -> None:
    _check(name, RECORDED[name]["seeds"])
