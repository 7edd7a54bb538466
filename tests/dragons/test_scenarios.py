"""Whole duels from the example scenarios, the scenario section, the journal and the messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from gmkit.dragons import DragonDuel, DragonOrder, Move
from gmkit.encounter import Encounter
from gmkit.errors import ScenarioError
from gmkit.i18n import catalogue, format_message

from .helpers import dragon, scenario
from .ledger import audit

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "templates" / "scenarios").glob("dragon_*.yaml"))


def test_two_example_scenarios_exist() -> None:
    names = {p.name for p in SCENARIOS}
    assert {"dragon_duel_firmament.yaml", "dragon_blue_2v3.yaml"} <= names


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_whole_duel_runs_to_its_end_and_reads_as_a_story(path: Path) -> None:
    """D-1..D-13 together: the autopilot plays the scenario to the end with a fixed seed; the
    independent ledger (tests/dragons/ledger.py) re-derives every event and the final board."""
    d = DragonDuel.from_scenario(path, seed=5)
    out = d.run(200)
    assert out is not None and d.is_over
    assert out["reason"] in ("last_side", "turned", "all_out", "time")
    for lang in ("en", "ru"):
        story = d.story(lang)
        assert len(story) == len(d.record) > 10
        assert all(line and "{" not in line for line in story)
    en, ru = d.story("en"), d.story("ru")
    assert en[0].startswith("— Round 1") and ru[0].startswith("— Раунд 1")
    assert any("attacks" in line for line in en) and any("атакует" in line for line in ru)
    # the same scenario, seed and (autopilot) orders give the same record, bit for bit (C-1)
    again = DragonDuel.from_scenario(path, seed=5)
    again.run(200)
    assert [e.to_json() for e in again.record] == [e.to_json() for e in d.record]
    seen = audit(d, yaml.safe_load(path.read_text(encoding="utf-8")))
    assert seen.checked["attack.hit"] and seen.checked["damage"] and seen.checked["dragon"] >= 2
    summary = d.summary()
    json.dumps(summary)
    assert {p["name"] for p in summary["participants"]} == set(d.participants())


def test_blue_2v3_has_extras_run_by_the_gm() -> None:
    d = DragonDuel.from_scenario(ROOT / "templates/scenarios/dragon_blue_2v3.yaml")
    b = d.board()
    assert b["battlefield"] == "blue"
    extras = [x for x in b["dragons"] if not x["wild_card"]]
    assert len(extras) == 3 and all(x["gm"] for x in extras)
    assert len([x for x in b["dragons"] if x["wild_card"]]) == 2


def test_firmament_duel_is_one_vs_one_wild_cards() -> None:
    d = DragonDuel.from_scenario(ROOT / "templates/scenarios/dragon_duel_firmament.yaml")
    b = d.board()
    assert b["battlefield"] == "firmament" and len(b["dragons"]) == 2
    assert all(x["wild_card"] and not x["gm"] for x in b["dragons"])


def test_scenario_errors_name_the_field() -> None:
    bad = scenario(dragon("Ash", "red"), dragon("Bane", "blue"))
    bad["dragons"][1]["pilot"]["piloting"] = "d7"
    with pytest.raises(ScenarioError, match=r"dragons\[1\]\.pilot\.piloting"):
        DragonDuel.from_scenario(bad)
    bad = scenario(dragon("Ash", "red"), dragon("Bane", "blue"))
    bad["dragons"][0]["weapons"][0]["ranges"] = None
    with pytest.raises(ScenarioError, match=r"dragons\[0\]\.weapons\[0\]"):
        DragonDuel.from_scenario(bad)
    with pytest.raises(ScenarioError, match="at least two sides"):
        DragonDuel.from_scenario(scenario(dragon("Ash", "red"), dragon("Bane", "red")))
    with pytest.raises(ScenarioError, match=r"options\.level_max"):
        DragonDuel.from_scenario(scenario(dragon("Ash", "red"), dragon("Bane", "blue"), level_max=-1))


def test_scenario_dump_validates_unchanged() -> None:
    from gmkit.scenario import load_scenario

    for path in SCENARIOS:
        model = load_scenario(path)
        dumped = model.model_dump(mode="json")
        assert type(model).model_validate(dumped).model_dump(mode="json") == dumped


def test_rule_options_change_the_rules() -> None:
    """D-4 [decision] as an option: level changes of -2..+3 when the scenario says so."""
    d = DragonDuel(scenario(dragon("Ash", "red", 6), dragon("Bane", "blue"), level_min=-2,
                            level_max=3), 1)
    assert Move.level(3) in d.legal_moves("Ash") and Move.level(-2) in d.legal_moves("Ash")
    d.submit("Ash", DragonOrder(move=Move.level(3)))


def test_save_resume_and_undo_replay_exactly(tmp_path: Path) -> None:
    """C-1: a resumed journal replays the record and state bit for bit; undo restores the board."""
    path = SCENARIOS[0]
    d = DragonDuel.from_scenario(path, seed=11, journal=tmp_path / "duel.jsonl")
    for _ in range(3):
        d.resolve_round(autopilot=True)
    state3 = d.state.copy()
    rec3 = [e.to_json() for e in d.record]
    d.resolve_round(autopilot=True)
    back = Encounter.resume(tmp_path / "duel.jsonl")
    assert isinstance(back, DragonDuel)
    assert back.state == d.state and [e.to_json() for e in back.record] == [e.to_json() for e in d.record]
    while len(d.record) > len(rec3):
        d.undo()
    assert d.state == state3 and [e.to_json() for e in d.record] == rec3


def test_every_dragon_message_has_both_languages_and_formats() -> None:
    cat = {k: v for k, v in catalogue().items() if k.startswith("dragons.")}
    assert len(cat) > 80
    for key, texts in cat.items():
        assert set(texts) >= {"en", "ru"} and texts["en"] and texts["ru"], key


def test_messages_use_the_rules_terms_in_russian() -> None:
    text = " ".join(v["ru"] for k, v in catalogue().items() if k.startswith("dragons."))
    for term in ("Потрясени", "Ран", "Экстра", "Синев", "Тверд", "подъём", "Пилотирование", "Дух"):
        assert term in text, term
    assert format_message("dragons.damage.wounds", "ru", target="Ash", damage=14, toughness=8,
                          n=2) == "Урон 14 против Стойкости 8: Ash получает 2 Раны"
