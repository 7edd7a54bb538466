"""Hypothesis: dead combatants never act, hit points never rise without healing, replay and undo
are exact — over generated skirmishes and the two example scenarios (F-1, F-6, C-1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmkit.encounter import Encounter
from gmkit.fantasy import Skirmish

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [ROOT / "templates" / "scenarios" / "fantasy_wolves.yaml",
            ROOT / "templates" / "scenarios" / "fantasy_venom_and_ghost.yaml"]

ACTING = {"hit", "miss", "cast", "item", "flee", "out_of_turn", "trigger", "double", "target", "pass"}

TABLES = ["0.5-1-1.5", "1-2", "0-1-2", "1-2-3-4-5-6", "25%", "2"]
SPECIALS = ["яд14ПБ6", "poison16PR8", "паралич15ПБ10", "огонь17", "gas12PR5", "окаменение18ПБ12"]


@st.composite
def combatant(draw: Any, name: str, side: str, kind: str) -> dict[str, Any]:
    c: dict[str, Any] = {
        "name": name, "side": side, "kind": kind,
        "hp": draw(st.one_of(st.integers(1, 12), st.sampled_from(["1ЖК", "2ЖК+1", "ЖК+3"]))),
        "ac": draw(st.integers(-3, 16)),
        "strength": draw(st.integers(-1, 2)), "wisdom": draw(st.integers(-1, 2)),
        "melee": [{"name": f"a{i}", "damage": draw(st.sampled_from(TABLES)),
                   "special": draw(st.lists(st.sampled_from(SPECIALS), max_size=1))}
                  for i in range(draw(st.integers(1, 2)))],
        "strikes": draw(st.integers(1, 2)),
    }
    if draw(st.booleans()):
        c["ranged"] = {"damage": draw(st.sampled_from(TABLES))}
    if draw(st.booleans()):
        c["spells"] = [{"name": "bolt", "damage": "1-2", "uses": draw(st.integers(0, 2))}]
    if draw(st.booleans()):
        c["items"] = [{"name": "potion", "heal": "1-2-3"}]
    if kind == "monster":
        c["morale"] = draw(st.one_of(st.none(), st.integers(8, 18)))
        c["escape"] = draw(st.one_of(st.none(), st.lists(st.integers(1, 6), max_size=4, unique=True)))
        c["reward"] = draw(st.integers(0, 30))
    return c


@st.composite
def skirmish_scenario(draw: Any) -> dict[str, Any]:
    party = [draw(combatant(f"P{i}", "party", draw(st.sampled_from(["player", "companion"]))))
             for i in range(draw(st.integers(1, 3)))]
    party[0]["kind"] = "player"
    if draw(st.booleans()):
        pet = draw(combatant("Pet", "party", "pet"))
        pet["owner"] = "P0"
        party.append(pet)
    if draw(st.booleans()):
        mount = draw(combatant("Horse", "party", "mount"))
        mount["rider"] = "P0"
        party.append(mount)
    sides = ["monsters"] + (["trolls"] if draw(st.booleans()) else [])
    foes = [draw(combatant(f"M{i}", draw(st.sampled_from(sides)), "monster"))
            for i in range(draw(st.integers(1, 4)))]
    if not any(f["side"] == "monsters" for f in foes):
        foes[0]["side"] = "monsters"
    return {"system": "fantasy", "name": "generated", "combatants": party + foes,
            "options": {"variant": draw(st.sampled_from([1, 2])),
                        "cap": draw(st.sampled_from(["none", "twice_opponents", 2])),
                        "ranged_phase": draw(st.booleans())}}


def _play(sk: Skirmish, steps: int) -> None:
    """Resolve side turns with the autopilot, checking the invariants after each."""
    dead: set[str] = set()
    for _ in range(steps):
        if sk.is_over:
            break
        before = {n: float(sk.state.combatants[n].hp) for n in sk.combatants}
        for a in sk.awaiting():
            assert sk.state.combatants[a].status == "active", a
            legal = list(sk.legal_orders(a))
            assert legal, a  # an awaited combatant always has something to do (at least Pass)
            for o in legal:
                sk.validate_order(a, o)
        new = sk.resolve_round(autopilot=True)
        healed: dict[str, float] = {}
        for e in new:
            if e.kind in ACTING and e.actor in sk.combatants:
                assert e.actor not in dead, f"{e.actor} acted after death: {e.key}"
            if e.kind == "kill":
                dead.add(e.data["target"])
            if e.kind == "heal":
                healed[e.data["target"]] = healed.get(e.data["target"], 0) + float(e.data["amount"])
        for n in sk.combatants:
            after = float(sk.state.combatants[n].hp)
            assert after <= before[n] + healed.get(n, 0) + 1e-9, (n, before[n], after)
            if sk.state.combatants[n].status == "dead":
                assert after == 0 and n in dead
                assert list(sk.legal_orders(n)) == []
    for lang in ("en", "ru"):
        assert all(sk.story(lang))  # every event renders in both languages


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(sc=skirmish_scenario(), seed=st.integers(0, 10_000))
def test_generated_skirmishes_keep_the_invariants(sc: dict[str, Any], seed: int) -> None:
    """F-1/F-6: dead never act, hit points rise only by healing; every skirmish ends or stalls cleanly."""
    sk = Skirmish.from_scenario(sc, seed=seed)
    _play(sk, 120)


@SETTINGS
@given(which=st.sampled_from(EXAMPLES), seed=st.integers(0, 10_000))
def test_examples_keep_the_invariants(which: Path, seed: int) -> None:
    sk = Skirmish.from_scenario(which, seed=seed)
    _play(sk, 300)
    assert sk.is_over


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(sc=skirmish_scenario(), seed=st.integers(0, 10_000), steps=st.integers(1, 12),
       typed=st.lists(st.just(1), max_size=12))
def test_replay_and_undo_exact(tmp_path_factory: Any, sc: dict[str, Any], seed: int, steps: int,
                               typed: list[int]) -> None:
    """C-1, C-2: the journal rebuilds the same board and record, faces typed in by hand included;
    undo of a turn restores it exactly."""
    path = tmp_path_factory.mktemp("j") / "skirmish.jsonl"
    sk = Skirmish.from_scenario(sc, seed=seed, journal=path)
    marks = []
    for _ in range(steps):
        if sk.is_over:
            break
        marks.append((len(sk.history), sk.state.copy(), [e.to_json() for e in sk.record]))
        if typed:
            sk.enter_faces(typed.pop())  # a 1 fits every die the skirmish rolls (d1 included)
        sk.resolve_round(autopilot=True)
    back = Encounter.resume(path)
    assert back.state == sk.state
    assert [e.to_json() for e in back.record] == [e.to_json() for e in sk.record]
    if marks:
        n, state, record = marks[-1]
        while len(sk.history) > n:
            sk.undo()
        assert sk.state == state and [e.to_json() for e in sk.record] == record
        again = Encounter.resume(path)
        assert again.state == state
