"""legal_orders(name): the engine's object for what a dragon may order (D-1, D-4, D-5, D-12),
and the autopilot as a policy that picks among legal orders and keeps its own memos."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmkit.dragons import (
    Attack,
    DragonDuel,
    DragonOrder,
    Force,
    Manoeuvre,
    Move,
    ShakeOff,
    TailAttempt,
    UsePower,
)
from gmkit.dragons import rules as R
from gmkit.dragons.offers import DragonLegalOrders
from gmkit.dragons.policy import Autopilot
from gmkit.encounter import SIMULATION
from gmkit.errors import IllegalOrder
from gmkit.scenario import load_scenario

from .helpers import dragon, duel

ROOT = Path(__file__).resolve().parents[2]


def test_legal_orders_is_the_engines_object_with_the_forms_views() -> None:
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 6, 10))
    legal = d.legal_orders("Ash")
    assert isinstance(legal, DragonLegalOrders)
    assert legal.moves == d.legal_moves("Ash") and not legal.move_optional
    assert [o["weapon"] for o in legal.attacks] == ["Flame"]
    assert legal.can_act and legal.can_manoeuvre and not legal.can_shake_off
    assert legal.tail_targets == [] and legal.force_target is None and legal.needs_order


def test_iteration_lists_each_move_alone_and_with_each_single_action() -> None:
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 6, 10))
    legal = d.legal_orders("Ash")
    orders = list(legal)
    assert len(orders) == legal.count() == len(set(orders))
    assert all(o in legal and legal.why_not(o) is None for o in orders)
    assert {o.move for o in orders} == set(legal.moves)
    assert DragonOrder(Move.level(0)) in orders
    assert DragonOrder(Move.level(0), (Attack("Flame", "Bane"),)) in orders
    assert DragonOrder(Move.dive(1), (Attack("Claws", "Bane"),)) in orders  # D-5: same Height
    assert DragonOrder(Move.dive(1), (Attack("Flame", "Bane"),)) not in orders
    assert DragonOrder(Move.level(0), (Manoeuvre(),)) in orders
    assert all(len(o.actions) <= 1 for o in orders)


def test_in_and_why_not_agree_with_submit() -> None:
    """``in`` accepts what submit accepts, including orders iteration does not list; why_not
    gives submit's refusal and changes nothing."""
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 6, 10))
    legal = d.legal_orders("Ash")
    two = DragonOrder(Move.level(0), (Attack("Flame", "Bane"), UsePower("Fear", "d6")))
    assert two in legal and two not in list(legal)
    bad = DragonOrder(Move.climb(3))
    why = legal.why_not(bad)
    assert isinstance(why, IllegalOrder) and why.rule == "D-4" and bad not in legal
    with pytest.raises(IllegalOrder) as e:
        d.submit("Ash", bad)
    assert str(e.value) == str(why) and d.orders_received == []
    with pytest.raises(IllegalOrder, match="D-1"):
        d.legal_orders("Nobody")


def test_a_pursuer_may_order_no_move_and_force_D12() -> None:
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].tailing = "Bane"
    d.state.dragons["Bane"].tailed_by = "Ash"
    ash, bane = d.legal_orders("Ash"), d.legal_orders("Bane")
    assert ash.move_optional and ash.force_target == "Bane" and bane.can_shake_off
    orders = list(ash)
    assert DragonOrder(None, (Force("up"),)) in orders
    assert DragonOrder(None, (Force("down", "down"),)) in orders
    assert DragonOrder(None, (Attack("Flame", "Bane"),)) in orders  # on the tail: range 5
    assert DragonOrder(Move.level(0), (ShakeOff(),)) in list(bane)
    assert not any(isinstance(a, TailAttempt) for o in orders for a in o.actions)
    d.submit("Bane", DragonOrder(Move.level(0)))  # the target ordered first: no forcing now
    assert d.legal_orders("Ash").force_target is None
    assert DragonOrder(None, (Force("up"),)) not in d.legal_orders("Ash")


def test_tail_targets_and_tail_attempts_D12() -> None:
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    legal = d.legal_orders("Ash")
    assert legal.tail_targets == ["Bane"]
    assert DragonOrder(Move.level(0), (TailAttempt("Bane"),)) in list(legal)
    assert DragonOrder(Move.level(1), (TailAttempt("Bane"),)) not in list(legal)


def test_a_shaken_or_falling_dragon_D8_D9() -> None:
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].shaken = True
    legal = d.legal_orders("Ash")
    assert not legal.can_act and all(m.kind == "level" for m in legal.moves)
    assert all(not o.actions for o in legal)
    d.state.dragons["Ash"].shaken = False
    d.state.dragons["Ash"].falling = True
    legal = d.legal_orders("Ash")
    assert legal.moves == [] and legal.move_optional
    assert [o.move for o in legal] == [None] * legal.count()


@pytest.mark.parametrize("path", sorted((ROOT / "templates" / "scenarios").glob("dragon*.yaml")),
                         ids=lambda p: p.stem)
def test_every_autopilot_order_is_among_the_legal_orders(path: Path) -> None:
    for seed in range(4):
        d = DragonDuel.from_scenario(path, seed)
        for _ in range(30):
            if d.is_over:
                break
            for name in d.awaiting():
                order = d.autopilot(name)
                if order is not None:
                    assert order in d.legal_orders(name), (name, order)
            d.resolve_round(autopilot=True)


def test_d10_the_turned_target_is_the_rule_nearest_by_d5_range() -> None:
    d = duel(dragon("Ash", "red", 6, 11), dragon("Friend", "red", 6, 10), dragon("Foe", "blue", 3, 16))
    ranges = {n: d.range_between("Ash", n) for n in ("Friend", "Foe")}
    assert d.turned_target("Ash") == R.nearest(ranges) == "Friend"
    d.state.dragons["Friend"].out = True
    assert d.turned_target("Ash") == "Foe"


def test_the_policy_owns_its_memos_and_fresh_fights_share_it() -> None:
    sc = load_scenario(ROOT / "templates" / "scenarios" / "dragon_duel_firmament.yaml")
    template = DragonDuel.from_valid(sc.model_dump(mode="json"), 1, mode=SIMULATION)
    a, b = template.fresh(2), template.fresh(3)
    assert isinstance(a.policy(), Autopilot) and a.policy() is b.policy() is template.policy()
    a.run(50)
    assert not any(isinstance(v, dict) and k in ("plans", "reach") for k, v in vars(a).items())
    other = DragonDuel(sc.model_dump(mode="json"), 2)
    other.run(50)
    assert [e.to_json() for e in other.record] != [] and other.outcome() == a.outcome()
