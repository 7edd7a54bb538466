"""Hypothesis properties over random legal order streams (D-1, D-4, D-9, C-1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmkit.dragons import (
    DragonDuel,
    DragonOrder,
    Force,
    Manoeuvre,
    Move,
    ShakeOff,
    TailAttempt,
    TurnCheck,
    UsePower,
)
from gmkit.dragons.orders import Attack
from gmkit.encounter import Encounter

from . import reference as ref
from .helpers import dragon, scenario

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _arena(kind: int) -> dict[str, Any]:
    if kind == 0:
        return scenario(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10, max_speed=8))
    if kind == 1:
        return scenario(dragon("Ash", "red", 4, 12, toughness=6), dragon("Bane", "blue", 7, 10),
                        dragon("Cy", "blue", 5, 11, wild_card=False, gm=True, toughness=5),
                        battlefield="firmament")
    return scenario(dragon("Ash", "red", 3, 10, max_speed=6, toughness=5),
                    dragon("Bane", "blue", 9, 14, max_speed=9, toughness=5),
                    dragon("Dee", "red", 6, 10, wild_card=False, toughness=5))


def random_order(draw: Any, d: DragonDuel, name: str) -> DragonOrder:
    """An order built only from what legal_moves / legal_orders / attack_options offer."""
    s = d.state.dragons[name]
    lo = d.legal_orders(name)
    move: Move | None
    if s.tailing is not None or s.falling:
        move = None
    else:
        move = draw(st.sampled_from(d.legal_moves(name)))
    actions: list[Any] = []
    if lo.can_act:
        used: set[str] = set()
        opts = [o for o in d.attack_options(name, move) if o["legal"]]
        for o in draw(st.lists(st.sampled_from(opts), max_size=2)) if opts else []:
            if o["weapon"] not in used:
                used.add(o["weapon"])
                actions.append(Attack(o["weapon"], o["target"]))
        if move is not None and move.kind == "level" and move.amount == 0 and lo.tail_targets:
            if draw(st.booleans()):
                actions.append(TailAttempt(draw(st.sampled_from(lo.tail_targets))))
        if lo.can_shake_off and draw(st.booleans()):
            actions.append(ShakeOff())
        if lo.force_target and draw(st.booleans()):
            actions.append(Force(draw(st.sampled_from(["up", "down"])),
                                 draw(st.sampled_from([None, "up", "down"]))))
        if lo.can_manoeuvre and draw(st.integers(0, 5)) == 0:
            actions.append(Manoeuvre("loop"))
        if draw(st.integers(0, 7)) == 0:
            actions.append(UsePower("Fear", draw(st.sampled_from([None, "d4", "d8"]))))
    if draw(st.integers(0, 9)) == 0:
        actions.append(TurnCheck("the GM's call"))
    return DragonOrder(move=move, actions=tuple(actions))


def _walk(d: DragonDuel, start: int) -> dict[str, tuple[int, int]]:
    """Fold the round's events over the round-start positions: where each dragon should be."""
    pos = {n: s.trail[-1] for n, s in d.state.dragons.items() if s.trail}
    for e in d.record[start:]:
        if e.kind == "move":
            f, t = tuple(e.data["from"]), tuple(e.data["to"])
            assert pos[e.actor] == f, (e.actor, pos[e.actor], e.data)
            kind, n = e.data["kind"], e.data["amount"]
            assert ref.moved(f[0], f[1], kind, n) == t
            if e.key != "dragons.move.follows":  # its own move, not a pursuer's copy
                spec = d.dragons[e.actor]
                assert ref.move_ok(f[0], spec.max_speed, kind, n, **d.sheets.move_kw), e.data
            pos[e.actor] = t
        elif e.kind == "fall":
            sp, h = pos[e.actor]
            assert ref.fall(sp, h) == (e.params["speed"], e.params["height"], e.params["drop"])
            pos[e.actor] = (e.params["speed"], e.params["height"])
        elif e.kind == "speed_loss":
            pos[e.actor] = (e.params["speed"], pos[e.actor][1])
        elif e.kind == "height_loss":
            pos[e.actor] = (pos[e.actor][0], e.params["height"])
    return pos


@SETTINGS
@given(st.integers(0, 2), st.integers(0, 2**20), st.booleans(), st.data())
def test_random_legal_streams_keep_the_rules(kind: int, seed: int, turned: bool, data: Any) -> None:
    """D-4/D-9: Speed never negative; positions change only by legal moves, falls and wounds;
    every order built from the offered options is accepted."""
    d = DragonDuel(_arena(kind), seed)
    if turned:
        d.state.dragons["Ash"].turned = True  # D-10: the GM's, an enemy of all
    for _ in range(8):
        if d.is_over:
            break
        names = d.awaiting()
        for name in data.draw(st.permutations(names)):
            if data.draw(st.integers(0, 9)) == 0:
                continue  # a missing order
            d.submit(name, random_order(data.draw, d, name))
        start = len(d.record)
        active = {n for n, s in d.state.dragons.items() if not s.out}
        d.resolve_round()
        walked = _walk(d, start)
        for n, s in d.state.dragons.items():
            assert s.speed >= 0
            if n in active:
                assert walked[n] == (s.speed, s.height), n
            if s.tailing is not None:
                t = d.state.dragons[s.tailing]
                assert t.tailed_by == n and (t.speed, t.height) == (s.speed, s.height)
                assert not s.falling and not t.falling and not s.out and not t.out


@SETTINGS
@given(st.integers(0, 2), st.integers(0, 2**20), st.integers(1, 5))
def test_round_replays_bit_for_bit_and_undo_restores(kind: int, seed: int, rounds: int) -> None:
    """C-1: a resolved round is replayed exactly from the journal; undo restores the exact state."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "j.jsonl"
        d = DragonDuel(_arena(kind), seed, journal=path)
        for _ in range(rounds):
            if d.is_over:
                break
            before_state = d.state.copy()
            before_rec = [e.to_json() for e in d.record]
            before_draws = d.dice.draws
            for name in d.awaiting():
                order = d.autopilot(name)
                if order is not None:
                    d.submit(name, order)
            pending = dict(d._pending)
            d.resolve_round()
            back = Encounter.resume(path)
            assert isinstance(back, DragonDuel)
            assert back.state == d.state
            assert [e.to_json() for e in back.record] == [e.to_json() for e in d.record]
            assert back.dice.draws == d.dice.draws
            after_state = d.state.copy()
            d.undo()
            assert d.state == before_state and dict(d._pending) == pending
            assert [e.to_json() for e in d.record] == before_rec
            assert d.dice.draws == before_draws
            d.resolve_round()
            assert d.state == after_state


def any_order(draw: Any, d: DragonDuel) -> DragonOrder:
    """Any order at all, legal or not: names, weapons and amounts drawn from wide ranges."""
    names = [*list(d.dragons), "Nobody"]
    weapons = ["Flame", "Claws", "Tail"]
    move = draw(st.one_of(st.none(), st.builds(Move, st.sampled_from(["level", "climb", "dive"]),
                                               st.integers(-3, 6))))
    action = st.one_of(
        st.builds(Attack, st.sampled_from(weapons), st.sampled_from(names)),
        st.builds(TailAttempt, st.sampled_from(names)),
        st.builds(Force, st.sampled_from(["up", "down"]), st.sampled_from([None, "up", "down"])),
        st.just(ShakeOff()), st.just(Manoeuvre("roll")),
        st.builds(UsePower, st.just("Fear"), st.sampled_from([None, "d6", "d7"])),
        st.just(TurnCheck()))
    return DragonOrder(move=move, actions=tuple(draw(st.lists(action, max_size=3))))


@SETTINGS
@given(st.integers(0, 2), st.integers(0, 2**20), st.data())
def test_any_order_is_refused_cleanly_or_resolves(kind: int, seed: int, data: Any) -> None:
    """D-1: a refused order names its rule and leaves the duel exactly as it was; an accepted
    one resolves without error, even when the position has changed by its turn."""
    import copy

    from gmkit.errors import IllegalOrder

    d = DragonDuel(_arena(kind), seed)
    for _ in range(6):
        if d.is_over:
            break
        for _ in range(data.draw(st.integers(1, 4))):
            actor = data.draw(st.sampled_from([*list(d.dragons), "Nobody"]))
            order = any_order(data.draw, d)
            before = (copy.deepcopy(d.state), dict(d._pending), list(d._arrival), len(d.history))
            try:
                d.submit(actor, order)
            except IllegalOrder as e:
                assert e.rule.startswith("D-") and str(e).startswith(e.rule + ": ")
                assert (d.state, dict(d._pending), list(d._arrival), len(d.history)) == before
        d.resolve_round()
        assert all(s.speed >= 0 for s in d.state.dragons.values())
