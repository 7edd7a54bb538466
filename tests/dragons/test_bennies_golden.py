"""D-7 Bennies change every recorded dragon fight (the autopilot spends them); with the pools
empty, the fights are those recorded before Bennies came, byte for byte.

``golden_without_bennies.json`` keeps the 90 dragon digests of ``tests/golden/digests.json`` as
they stood just before the autopilot began to spend Bennies (issue 13, item 6), for the two
dragon scenarios there were then. This test plays the same fights the golden check plays (with
:func:`tests.golden.fights.play`: every seed, a GM's note and two undos on every fifth) from
those scenarios with ``bennies: 0`` and ``gm_bennies: 0``, and compares the journals with the
header's scenario taken back to the file's (those two options removed, the hash computed
again): every byte must be the same.

Issue 27 retold the dragons' events (the story lines' keys and parameters, see
:data:`gmkit.dragons.procedures.common.REWORDED`), so the digests were recorded again then, in
the new words: the 90 journals that gmkit wrote just before, whose digests were these, replay
strictly with the new words (:func:`gmkit.encounter._as_recorded`: the same dice, data and
events, only reworded), so the fights themselves are still those recorded before Bennies.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from gmkit.dragons import DragonDuel
from gmkit.encounter import canonical_hash
from gmkit.journal import dumps
from gmkit.scenario import load_scenario
from tests.golden.fights import SCENARIOS, SEEDS, _sha, play

FROZEN = Path(__file__).with_name("golden_without_bennies.json")
EMPTY = {"bennies": 0, "gm_bennies": 0}


def _without_pools(data: bytes) -> bytes:
    """The journal with its header's scenario as the file gives it (the empty pools taken out)."""
    lines = data.decode("utf-8").splitlines()
    head = json.loads(lines[0])
    opts = head["scenario"]["options"]
    for k in EMPTY:
        del opts[k]
    head["scenario_hash"] = canonical_hash(head["scenario"])
    return (dumps(head) + "\n" + "".join(line + "\n" for line in lines[1:])).encode("utf-8")


def _recorded() -> set[str]:
    """The scenarios the frozen digests were recorded from."""
    return {label.split("/")[0] for label in json.loads(FROZEN.read_text(encoding="utf-8"))["journals"]}


def _fights(tmp: Path) -> Iterator[tuple[str, bytes]]:
    """The golden check's dragon fights, played with the pools empty (as ``fights()`` plays)."""
    recorded = _recorded()
    for f in SCENARIOS:
        if f.stem not in recorded:
            continue
        data = load_scenario(f).model_dump(mode="json")
        data["options"].update(EMPTY)
        for seed in SEEDS:
            journal = play(DragonDuel, data, seed, tmp / f"{f.stem}-{seed}.jsonl")
            yield f"{f.stem}/seed={seed}", _without_pools(journal)


def test_d7_with_the_pools_empty_every_dragon_fight_is_the_one_recorded_before_bennies(
        tmp_path: Path) -> None:
    """Issue 13 item 6, D-7: no Benny to spend, nothing changes: the 90 dragon journals of the
    golden check are byte-identical to those recorded before Bennies (header aside: the two
    options that empty the pools)."""
    want = json.loads(FROZEN.read_text(encoding="utf-8"))["journals"]
    got = {label: _sha(data) for label, data in _fights(tmp_path)}
    assert set(got) == set(want) and len(got) == 90
    changed = sorted(k for k in want if got[k] != want[k])
    assert not changed, f"{len(changed)} fights differ, first: {changed[:5]}"
