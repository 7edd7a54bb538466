"""Whole skirmishes from the example scenarios, the journal, and the en/ru texts of every event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from gmkit.encounter import Encounter
from gmkit.fantasy import Skirmish, Strike
from gmkit.i18n import catalogue, format_message
from gmkit.scenario import load_scenario

from .ledger import audit

ROOT = Path(__file__).resolve().parents[2]
WOLVES = ROOT / "templates" / "scenarios" / "fantasy_wolves.yaml"
VENOM = ROOT / "templates" / "scenarios" / "fantasy_venom_and_ghost.yaml"


def test_examples_validate_and_dump_round_trips() -> None:
    """The scenario model's JSON dump validates again unchanged (the journal stores it)."""
    for path in (WOLVES, VENOM):
        model = load_scenario(path)
        dumped = model.model_dump(mode="json")
        assert load_scenario(dumped).model_dump(mode="json") == dumped


def test_wolves_scenario_shape() -> None:
    """The wolves: a party of three, one with a pet, one mounted; a pack with morale."""
    sk = Skirmish.from_scenario(WOLVES)
    kinds = {n: c.kind for n, c in sk.combatants.items()}
    assert sum(1 for k in kinds.values() if k == "player") == 3
    assert sk.combatants["Hound"].owner == "Borin" and sk.combatants["Greymane"].rider == "Elwen"
    pack = [c for c in sk.combatants.values() if c.side == "pack"]
    assert pack and all(c.morale is not None for c in pack)


def test_venom_scenario_shape() -> None:
    """The crypt: a venomous monster (яд16ПБ6) and one at AC -3 that only magic hurts."""
    sk = Skirmish.from_scenario(VENOM)
    spider = sk.combatants["Spider"]
    assert spider.melee[0].specials[0].notation("ru") == "яд16ПБ6"
    assert sk.combatants["Ghost"].ac == -3


@pytest.mark.parametrize("path,seed", [(WOLVES, 2026), (VENOM, 7), (WOLVES, 1), (VENOM, 3)])
def test_whole_skirmish_with_autopilot_and_fixed_seed(path: Path, seed: int) -> None:
    """A whole skirmish runs to its end with the autopilot, every event and the final board agree
    with the ledger the test keeps from the rules (tests/fantasy/ledger.py), and the same seed
    gives the same record (determinism, C-1)."""
    a = Skirmish.from_scenario(path, seed=seed)
    out = a.run(500)
    assert a.is_over and out is not None
    assert out["reason"] in ("last_side_standing", "no_side_standing", "stalemate")
    audit(a, yaml.safe_load(path.read_text(encoding="utf-8")))
    b = Skirmish.from_scenario(path, seed=seed)
    b.run(500)
    assert [e.to_json() for e in a.record] == [e.to_json() for e in b.record]
    assert a.state == b.state
    json.dumps(a.summary())
    json.dumps(a.board())
    for lang in ("en", "ru"):
        assert all(a.story(lang))


def test_venom_fixed_seed_result() -> None:
    """The crypt with its own seed: the party wins, the ghost falls to magic only."""
    sk = Skirmish.from_scenario(VENOM)
    out = sk.run(500)
    assert out is not None and out["winner"] == "party"
    ghost_damage = [e for e in sk.record if e.kind == "damage" and e.data["target"] == "Ghost"]
    assert ghost_damage
    casters = {e.actor for e in ghost_damage}
    assert casters == {"Ilsa"}  # only the caster's spells touch AC -3


def test_wolves_fixed_seed_result() -> None:
    sk = Skirmish.from_scenario(WOLVES)
    out = sk.run(500)
    assert out is not None and out["winner"] == "party"
    assert any(e.key == "fantasy.flee.morale.ok" for e in sk.record) or \
        any(e.key == "fantasy.flee.morale.fail" for e in sk.record)


def test_journal_resume_and_undo_are_exact(tmp_path: Path) -> None:
    """Replay and undo rebuild board and record exactly, even with faces typed in by hand."""
    path = tmp_path / "wolves.jsonl"
    sk = Skirmish.from_scenario(WOLVES, journal=path)
    for _ in range(6):
        sk.resolve_round(autopilot=True)
    mark = (len(sk.history), sk.state.copy(), [e.to_json() for e in sk.record], sk.dice.draws)
    sk.enter_faces(3)
    sk.resolve_round(autopilot=True)
    back = Encounter.resume(path)
    assert isinstance(back, Skirmish)
    assert back.state == sk.state and [e.to_json() for e in back.record] == [e.to_json() for e in sk.record]
    while len(sk.history) > mark[0]:
        sk.undo()
    assert sk.state == mark[1]
    assert [e.to_json() for e in sk.record] == mark[2] and sk.dice.draws == mark[3]
    resumed = Encounter.resume(path)
    assert resumed.state == sk.state


def test_every_message_in_both_languages() -> None:
    """Every fantasy.* key has English and Russian text, and the Russian uses the rule terms."""
    cat = catalogue()
    keys = [k for k in cat if k.startswith("fantasy.")]
    assert len(keys) > 50
    for k in keys:
        assert cat[k].get("en") and cat[k].get("ru"), k
    assert "КД" in cat["fantasy.hit"]["ru"] and "ПБ" in cat["fantasy.protect.failed"]["ru"]
    assert "ИО" in cat["fantasy.reward"]["ru"] and "морал" in cat["fantasy.flee.morale.ok"]["ru"]
    assert format_message("fantasy.level.pending", "en", actor="A", n=2) == \
        "A has enough points for 2 new levels, taken after the battle"


def test_order_forms_round_trip_through_json() -> None:
    """Orders are plain JSON in the journal."""
    from gmkit.orders import order_from_json, order_registry, order_to_json

    reg = order_registry(Skirmish.order_types)
    o = Strike("Wolf 1", attack="bite")
    assert order_from_json(json.loads(json.dumps(order_to_json(o))), reg) == o


# --- issue 14: every number of a sheet bounded by what the rules allow ---------------------------


def _bounded(**fields: object) -> dict[str, object]:
    from .helpers import beast, hero, scenario

    options = fields.pop("options", {})
    sc = scenario(hero(**fields), beast())
    sc["options"].update(options)  # type: ignore[union-attr]
    return sc


@pytest.mark.parametrize("fields, where, fragment", [
    ({"ac": 10**30}, "combatants[0].ac", "less than or equal to 100"),
    ({"ac": -6}, "combatants[0].ac", "greater than or equal to -5"),          # F-2: -5 is the best
    ({"ac": None, "dexterity": -14}, "combatants[0]", "dexterity: F-2"),     # 8 - 14 = -6
    ({"levels": [-100]}, "combatants[0].levels[0]", "greater than or equal to 1"),
    ({"levels": [0, 100]}, "combatants[0].levels[0]", "greater than or equal to 1"),
    ({"levels": [100, 100]}, "combatants[0].levels", "F-7"),
    ({"level": -2}, "combatants[0].level", "greater than or equal to 1"),
    ({"level": 10**6}, "combatants[0].level", "less than or equal to 1000"),
    ({"hp": 10**30}, "combatants[0].hp", "F-1"),
    ({"hp": float("nan")}, "combatants[0].hp", "F-1"),
    ({"hp": float("inf")}, "combatants[0].hp", "F-1"),
    ({"hp": "2ЖК+99999999"}, "combatants[0].hp", "F-1: a life-dice modifier"),
    ({"hp": "9" * 5000 + "ЖК"}, "combatants[0].hp", "at most 9 digits"),
    ({"wisdom": 19}, "combatants[0].wisdom", "less than or equal to 18"),
    ({"easier_to_hit": -10**30}, "combatants[0].easier_to_hit", "greater than or equal to -18"),
    ({"strength": 10**30}, "combatants[0].strength", "less than or equal to 100"),
    ({"constitution": -101}, "combatants[0].constitution", "greater than or equal to -100"),
    ({"reward": 10**30}, "combatants[0].reward", "less than or equal to 1000000000"),
    ({"points": -1}, "combatants[0].points", "greater than or equal to 0"),
    ({"initiative": 10**9}, "combatants[0].initiative", "less than or equal to 1000"),
    ({"skip_turns": 10**9}, "combatants[0].skip_turns", "less than or equal to 1000"),
    ({"melee": {"damage": "1", "to_hit": 10**30}}, "combatants[0].melee[0].to_hit", "less than"),
    ({"melee": {"damage": "1", "special": "яд16ПБ40"}}, "combatants[0].melee[0].special", "F-5"),
    ({"spells": [{"name": "bolt", "damage": "1", "protection": 37}]},
     "combatants[0].spells[0].protection", "less than or equal to 36"),
    ({"spells": [{"name": "bolt", "damage": "1", "uses": 10**30}]},
     "combatants[0].spells[0].uses", "less than or equal to 1000"),
    ({"items": [{"name": "potion", "heal": "1", "turns": 10**30}]},
     "combatants[0].items[0].turns", "less than or equal to 1000"),
    ({"options": {"cap": 10**30}}, "options.cap", "F-6"),
])
def test_numbers_out_of_the_rules_range_are_scenario_errors_naming_the_field(
        fields: dict[str, object], where: str, fragment: str) -> None:
    """Issue 14: a number the rules do not allow (AC 10^30, negative levels...) is a ScenarioError
    naming the field; the bounds are the rules' where they set one (F-2: AC -5 is the best; F-5:
    d18 + Wisdom <= 36), otherwise far past anything a sheet gives."""
    from gmkit.errors import ScenarioError

    with pytest.raises(ScenarioError) as info:
        Skirmish.from_scenario(_bounded(**fields))
    problems = dict(info.value.problems)
    assert where in problems, problems
    assert fragment in problems[where]


def test_numbers_at_the_bounds_are_taken() -> None:
    """The other side of each bound: AC -5 and 100, Wisdom ±18, levels from 1, 8 - 13 = AC -5."""
    sk = Skirmish.from_scenario(_bounded(ac=-5, wisdom=18, easier_to_hit=-18, levels=[1, 10**9],
                                         hp=10**6, reward=10**9, level=1000, initiative=1000))
    assert sk.combatants["Hero"].ac == -5
    assert Skirmish.from_scenario(_bounded(ac=100)).combatants["Hero"].ac == 100
    assert Skirmish.from_scenario(_bounded(ac=None, dexterity=-13)).combatants["Hero"].ac == -5
