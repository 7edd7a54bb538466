"""Undo without fishing: a round undone and resolved again with the same orders rolls the same
dice; resolved with other orders it is marked as a recount (whose order changed), in the journal,
which keeps both resolutions, and after a resume between the undo and the new resolution too."""

from __future__ import annotations

import json
from pathlib import Path

from gmkit.encounter import Encounter

from .fights import sealed


def _resolves(path: Path) -> list[dict]:
    lines = [json.loads(t) for t in path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line.get("op") == "resolve"]


def test_the_same_orders_after_an_undo_roll_the_same_dice(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 2)
    try:
        first = [e.to_json() for e in enc.record]
        tape = list(enc.dice.tape)
        enc.undo()
        enc.resolve_round()
        assert [e.to_json() for e in enc.record] == first and enc.dice.tape == tape
        last = _resolves(tmp_path / "dragon_duel_firmament.jsonl")[-1]
        assert "recount" not in last
        assert len(_resolves(tmp_path / "dragon_duel_firmament.jsonl")) == 3  # the journal keeps both
    finally:
        enc.close()


def _other_order(enc: Encounter, actor: str) -> object:
    mine = enc.pending_order(actor)
    return next(o for o in enc.legal_orders(actor) if o != mine)


def test_another_order_after_an_undo_is_a_recount_naming_whose(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 2)
    try:
        enc.undo()
        actor = enc.orders_received[-1]
        first = enc.pending_order(actor)
        enc.submit(actor, _other_order(enc, actor))
        enc.resolve_round()
        resolves = _resolves(tmp_path / "dragon_duel_firmament.jsonl")
        assert resolves[-1]["recount"] == {"orders": [actor], "arrival": False, "hand": False}
        assert len(resolves) == 3 and resolves[1]["events"] != resolves[2]["events"]
        enc.undo()  # the recount taken again as it was: the same dice, nothing new to say
        enc.resolve_round()
        assert "recount" not in _resolves(tmp_path / "dragon_duel_firmament.jsonl")[-1]
        enc.undo()  # the first order back: a recount of the recount
        enc.submit(actor, first)
        enc.resolve_round()
        last = _resolves(tmp_path / "dragon_duel_firmament.jsonl")[-1]
        assert last["recount"]["orders"] == [actor] and last["events"] == resolves[1]["events"]
    finally:
        enc.close()


def test_a_resume_between_the_undo_and_the_new_resolution_keeps_the_recount(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 3)
    enc.undo()
    actor = enc.orders_received[-1]
    other = _other_order(enc, actor)
    enc.close()
    back = Encounter.resume(tmp_path / "dragon_duel_firmament.jsonl")
    try:
        back.submit(actor, other)
        back.resolve_round()
        assert _resolves(tmp_path / "dragon_duel_firmament.jsonl")[-1]["recount"]["orders"] == [actor]
        back.resolve_round(autopilot=True)  # the next round is no recount
        assert "recount" not in _resolves(tmp_path / "dragon_duel_firmament.jsonl")[-1]
    finally:
        back.close()


def test_a_changed_arrival_is_a_recount_too(tmp_path: Path) -> None:
    enc = sealed("dragon_duel_firmament", tmp_path, 1)
    try:
        for actor in enc.awaiting():
            enc.submit(actor, enc.autopilot(actor))
        enc.resolve_round()
        enc.undo()
        enc.reorder(list(reversed(enc.orders_received)))
        enc.resolve_round()
        got = _resolves(tmp_path / "dragon_duel_firmament.jsonl")[-1]["recount"]
        assert got == {"orders": [], "arrival": True, "hand": False}
    finally:
        enc.close()
