"""Issue 19, item 3: whole duels of the example scenarios checked against an independent ledger.

Each example scenario (and variants that reach what the examples miss: Armour and AP with Vigor
to soak; reckless flying, with dangerous dives, stalls, long falls and falling away; the examples
again with every pursuer forcing its target) is played to its end by the autopilot with a dozen
seeds; then :func:`tests.dragons.ledger.audit` re-derives every trait roll, move, fall, attack,
damage, wound row, Benny, tail, forcing and initiative order from the rule digest and the
scenario as written, and compares the ledger with the board. The expected values are computed
in the test, never by ``gmkit.dragons.rules``.
"""

from __future__ import annotations

import copy
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.dragons import DragonDuel, DragonOrder, Move
from gmkit.dragons.orders import Force
from gmkit.errors import IllegalOrder

from .ledger import Ledger, audit

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {p.stem: p for p in sorted((ROOT / "templates" / "scenarios").glob("dragon_*.yaml"))}
SEEDS = (None, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
"""None: the scenario's own seed."""

ARMOURED = "armoured_firmament"


def scenario(name: str) -> dict[str, Any]:
    """An example as written, or ``armoured_firmament``: the Firmament duel with Armour on both
    dragons and AP on some weapons (D-7), so that Toughness less the unpierced Armour is checked."""
    if name != ARMOURED:
        return dict(yaml.safe_load(EXAMPLES[name].read_text(encoding="utf-8")))
    sc = copy.deepcopy(scenario("dragon_duel_firmament"))
    sc["name"] = "Armoured duel"
    ash, bane = sc["dragons"]
    ash["armour"], bane["armour"] = 2, 3
    ash["vigor"], bane["vigor"] = "d8", "d10"
    ash["weapons"][0]["ap"] = 2   # Flame pierces 2 of Bane's 3
    bane["weapons"][1]["ap"] = 4  # Jaws pierce all of Ash's 2
    return sc


RECKLESS = "reckless_firmament"


def reckless() -> dict[str, Any]:
    """The Firmament duel flown recklessly (see :func:`reckless_orders`): Ash, its pilot's Piloting
    down to d6, dives past its maximum Speed every time it can (D-11: dangerous); Bane, an Extra
    with Piloting d4, climbs until it stalls (D-9), so that long falls, recoveries at growing
    penalties and dragons falling away (10 below the lowest flyer) happen in most seeds."""
    sc = copy.deepcopy(scenario("dragon_duel_firmament"))
    sc["name"] = "Reckless duel"
    ash, bane = sc["dragons"]
    ash["pilot"]["piloting"] = "d6"
    bane["wild_card"] = False
    bane["pilot"]["piloting"] = "d4"
    return sc


def reckless_orders(d: DragonDuel, actor: str) -> Any:
    """The autopilot's order with the reckless move in it (a falling or tailing dragon: as is)."""
    s = d.state.dragons[actor]
    auto = d.policy().order(d, actor)
    if s.falling or s.tailing is not None or not isinstance(auto, DragonOrder):
        return auto
    top = d.dragons[actor].max_speed
    if actor == "Bane":
        move = Move.climb(1) if s.speed >= 3 else Move.level(-1)
    elif s.speed <= top:
        move = Move.dive((top - s.speed) // 2 + 1)
    else:
        return auto
    order = DragonOrder(move=move, actions=auto.actions)
    try:  # the autopilot's actions when the new move still allows them
        d.validate_order(actor, order)
    except IllegalOrder:
        order = DragonOrder(move=move)
    return order


FORCING = "forcing_"
"""Prefix of the examples played with :func:`forcing_orders`."""


def forcing_orders(d: DragonDuel, actor: str) -> Any:
    """The autopilot's order, with a forcing (D-12) first whenever the dragon is on a tail: Speed
    up or down by turns, and Height up, down or not asked for by turns (it needs a raise)."""
    s = d.state.dragons[actor]
    auto = d.policy().order(d, actor)
    if s.tailing is None or s.falling or not isinstance(auto, DragonOrder):
        return auto
    f = Force(speed=("up", "down")[d.round % 2], height=(None, "up", "down")[d.round % 3])
    order = DragonOrder(move=auto.move, actions=(f, *auto.actions))
    try:  # an Extra's order counts as arriving last: it may not force (D-3)
        d.validate_order(actor, order)
    except IllegalOrder:
        return auto
    return order


NAMES = (*EXAMPLES, ARMOURED, RECKLESS, *(FORCING + n for n in EXAMPLES))


@cache
def played(name: str, seed: int | None) -> tuple[DragonDuel, Ledger]:
    sc = reckless() if name == RECKLESS else scenario(name.removeprefix(FORCING))
    d = DragonDuel.from_scenario(sc, seed=seed)
    if name == RECKLESS or name.startswith(FORCING):
        policy = reckless_orders if name == RECKLESS else forcing_orders
        for _ in range(60):
            if d.is_over:
                break
            d.resolve_round(autopilot=True, policy=policy)
        out = d.outcome()
    else:
        out = d.run(200)
    assert out is not None and out["reason"] in ("last_side", "turned", "all_out", "time")
    return d, audit(d, sc)


def test_the_examples_are_found() -> None:
    assert set(EXAMPLES) == {"dragon_duel_firmament", "dragon_blue_2v3", "dragon_duel_ru",
                             "dragon_ambush_ru",  # the Russian ones since issue 27
                             "dragon_storm_pass_ru"}  # the forum starter since issue 34


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_whole_duel_agrees_with_the_ledger(name: str, seed: int | None) -> None:
    """Every event of the duel is what the rules give for its dice and the positions, and the
    board at the end is the ledger's: Speed, Height, Wounds, Shaken, falls, tails, Bennies."""
    seen = played(name, seed)[1]
    assert seen.checked["attack.hit"] + seen.checked["attack.miss"] > 0 or name == RECKLESS
    assert seen.checked["dragon"] == len(played(name, seed)[0].dragons)


def test_the_seeds_reach_every_rule_the_ledger_checks() -> None:
    """Over the seeds, each check of the ledger has something to check (so none passes vacuously)."""
    total: Counter[str] = Counter()
    for name in NAMES:
        for seed in SEEDS:
            total.update(played(name, seed)[1].checked)
    wanted = ("initiative", "move.level", "move.climb", "move.dive", "move.copied", "fall.stall",
              "fall", "recovery", "shaken_recovery", "no_actions", "benny.reroll", "benny.soak",
              "benny.unshake", "attack.hit", "attack.miss", "attack.ranged", "attack.melee",
              "attack.raise", "attack.crit", "damage", "damage.armour", "damage.shaken_again",
              "wounds", "dragons.wound.row1", "dragons.wound.row2", "dragons.wound.row3",
              "dragons.out.unconscious", "speed_loss", "weapon_check", "height_loss", "spirit",
              "survival", "out.withdrew", "out.killed", "out.downed", "out.fell_away", "tail_lost",
              "attack.from_tail", "benny.soak_all",
              "dive.fast", "danger.ok", "danger.fail", "fall.wound", "fall.manoeuvre",
              "dragons.roll.shake.wins", "dragons.roll.shake.fails", "dragons.roll.force.wins",
              "dragons.roll.force.fails", "forced_move", "dragon")
    missing = [k for k in wanted if not total[k]]
    assert not missing, (missing, total)
