"""A sealed fight (Encounter.seal / set_salt): sealed before its first resolution, resolved
only once the players' salt is set, set up again on the sealed stream, kept in the journal and
replayed from it; every refusal leaves the journal as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmkit.encounter import Encounter, canonical_hash
from gmkit.errors import GmkitError, JournalError, SealError
from gmkit.journal import Journal, journal_id
from gmkit.seal import commitment, face, stream_key

from .fights import SALT, new_fight, sealed


def test_sealing_draws_a_secret_and_commits_to_it_and_the_fight(tmp_path: Path) -> None:
    enc = new_fight("dragon_duel_firmament", tmp_path)
    try:
        seal = enc.seal()
        header = Journal.read(tmp_path / "dragon_duel_firmament.jsonl").header
        assert seal["journal"] == journal_id(header)
        assert seal["commitment"] == commitment(seal["secret"], header["scenario_hash"], seal["journal"])
        assert enc.fight_id() == {"scenario": header["scenario_hash"], "journal": seal["journal"]}
        line = json.loads((tmp_path / "dragon_duel_firmament.jsonl").read_text().splitlines()[-1])
        assert line["op"] == "seal" and line["secret"] == seal["secret"]
    finally:
        enc.close()


def _bytes(enc: Encounter) -> bytes:
    assert enc.journal_path is not None
    return enc.journal_path.read_bytes()


def test_a_sealed_fight_refuses_to_resolve_before_its_salt(tmp_path: Path) -> None:
    enc = new_fight("dragon_duel_firmament", tmp_path)
    try:
        enc.seal()
        before = _bytes(enc)
        with pytest.raises(SealError) as e:
            enc.resolve_round(autopilot=True)
        assert e.value.key == "seal.error.no_salt"
        assert "соль" in e.value.message("ru") and "salt" in str(e.value)
        assert _bytes(enc) == before and enc.resolutions == 0 and not enc.orders_received
    finally:
        enc.close()


@pytest.mark.parametrize("salt, key", [("", "seal.error.salt_empty"), (" " * 9, "seal.error.salt_empty"),
                                       ("x" * 1025, "seal.error.salt_long"),
                                       ("a\u200bb", "seal.error.salt_char")])
def test_a_bad_salt_is_refused_and_changes_nothing(tmp_path: Path, salt: str, key: str) -> None:
    enc = new_fight("fantasy_wolves", tmp_path)
    try:
        enc.seal()
        before, tape = _bytes(enc), list(enc.dice.tape)
        with pytest.raises(SealError) as e:
            enc.set_salt(salt)
        assert e.value.key == key and "\n" not in e.value.message("ru")
        assert _bytes(enc) == before and enc.salt is None and enc.dice.tape == tape
    finally:
        enc.close()


def test_a_second_seal_a_second_salt_a_late_seal_and_a_salt_without_seal_are_refused(
        tmp_path: Path) -> None:
    enc = new_fight("dragon_duel_firmament", tmp_path)
    late = new_fight("dragon_duel_firmament", tmp_path, file="late.jsonl")
    try:
        with pytest.raises(SealError) as e:
            enc.set_salt(SALT)
        assert e.value.key == "seal.error.not_sealed"
        enc.seal()
        enc.set_salt(SALT)
        before = _bytes(enc)
        for call, key in ((enc.seal, "seal.error.sealed"),
                          (lambda: enc.set_salt("другая соль"), "seal.error.salt_set")):
            with pytest.raises(SealError) as e:
                call()
            assert e.value.key == key
        assert _bytes(enc) == before and enc.salt == SALT
        late.resolve_round(autopilot=True)
        late_bytes = _bytes(late)
        with pytest.raises(SealError) as e:
            late.seal()
        assert e.value.key == "seal.error.resolved" and _bytes(late) == late_bytes
    finally:
        enc.close()
        late.close()


def test_the_salt_sets_the_fight_up_again_on_the_sealed_stream(tmp_path: Path) -> None:
    """The wolves' life dice are rolled at setup: after the salt they are the sealed stream's
    first draws, and every fresh face of the fight after them too."""
    enc = new_fight("fantasy_wolves", tmp_path)
    try:
        seal = enc.seal()
        enc.set_salt(SALT)
        key = stream_key(seal["secret"], canonical_hash(enc.scenario), seal["journal"], SALT)
        life = [r for e in enc.record[:enc.setup_events] for r in e.rolls]
        faces = [(d.sides, f) for r in life for d in r.dice for f in d.faces]
        assert faces and [f for _, f in faces] == [face(key, n, s) for n, (s, _) in enumerate(faces, 1)]
        for _ in range(4):
            enc.resolve_round(autopilot=True)
        assert enc.dice.draws == len(enc.dice.tape) > len(faces)  # nothing typed in by hand
    finally:
        enc.close()


def test_orders_given_before_the_salt_stand_after_it(tmp_path: Path) -> None:
    enc = new_fight("dragon_duel_firmament", tmp_path)
    try:
        enc.seal()
        actor = enc.awaiting()[0]
        order = enc.autopilot(actor)
        enc.submit(actor, order)
        enc.set_salt(SALT)
        assert enc.orders_received == [actor] and enc.pending_order(actor) == order
    finally:
        enc.close()


def test_undo_never_takes_back_the_seal_or_the_salt(tmp_path: Path) -> None:
    enc = new_fight("dragon_duel_firmament", tmp_path)
    try:
        enc.seal()
        enc.set_salt(SALT)
        with pytest.raises(GmkitError, match="nothing to undo"):
            enc.undo()
        enc.resolve_round(autopilot=True)
        while enc.history and any(e["op"] not in ("seal", "salt") for e in enc.history):
            enc.undo()
        assert [e["op"] for e in enc.history] == ["seal", "salt"] and enc.salt == SALT
    finally:
        enc.close()


@pytest.mark.parametrize("name", ["dragon_duel_firmament", "fantasy_wolves", "space_cloak_2v2"])
def test_a_sealed_journal_resumes_and_replays_exactly(tmp_path: Path, name: str) -> None:
    enc = sealed(name, tmp_path, 6)
    enc.undo()
    enc.resolve_round(autopilot=True)
    state = (enc.dice.getstate(), [e.to_json() for e in enc.record], enc.salt, enc.sealed)
    enc.close()
    back = Encounter.resume(tmp_path / f"{name}.jsonl", autosave=False)
    assert (back.dice.getstate(), [e.to_json() for e in back.record], back.salt, back.sealed) == state
    assert type(back.dice._rng).__name__ == "SealedStream"


def _rewrite(path: Path, change: dict) -> None:
    """The journal written again whole with one change to its seal line, checksums made good:
    a forger's edit that the line checks cannot see."""
    lines = [{k: v for k, v in json.loads(t).items() if k not in ("seq", "sum")}
             for t in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if line.get("op") == "seal":
            line.update(change)
    Journal.write_whole(path, lines)


def test_a_tampered_commitment_is_found_on_resume_naming_the_line(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 2)
    enc.close()
    path = tmp_path / "dragon_duel_firmament.jsonl"
    _rewrite(path, {"commitment": "0" * 64})
    before = path.read_bytes()
    with pytest.raises(SealError) as e:
        Encounter.resume(path, autosave=False)
    assert e.value.key == "seal.error.tampered" and e.value.line == 2 and e.value.field == "commitment"
    assert "строка 2" in e.value.message("ru") and "line 2" in str(e.value)
    assert path.read_bytes() == before


def test_a_resolution_before_the_salt_in_a_journal_does_not_replay(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 1)
    enc.close()
    path = tmp_path / "dragon_duel_firmament.jsonl"
    lines = [{k: v for k, v in json.loads(t).items() if k not in ("seq", "sum")}
             for t in path.read_text(encoding="utf-8").splitlines()]
    ops = [line.get("op") for line in lines]
    salt = lines.pop(ops.index("salt"))
    lines.append(salt)
    Journal.write_whole(path, lines)
    with pytest.raises(JournalError, match="before its salt"):
        Encounter.resume(path, autosave=False)
