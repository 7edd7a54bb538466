"""A finished fight applied to a campaign (issue 32, item 2): the fantasy rules of its end, worked
out from each fight's own record and, for one seeded fight, by hand; the refusals; undo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmkit.campaign import CampaignError, build, roster
from gmkit.campaign import apply as ap
from gmkit.campaign.store import Campaign
from tests.campaign.helpers import SCENARIOS, play, snapshot
from tests.campaign.road import road


def _new(where: Path, seed: int = 16) -> tuple[Campaign, Any]:
    c = roster.new(where / "road.gmc", scenario=road(where, seed), party="party")
    enc = play(where / "road.yaml", where / "road.jsonl")
    return c, enc


@pytest.mark.parametrize("seed", [1, 2, 3, 28, 33])
def test_points_levels_and_the_dead_follow_the_fights_record(tmp_path: Path, seed: int) -> None:
    """F-7 and F-1 checked against what happened: each player gains the rewards of the enemies
    they killed (a pet nothing), crosses each level threshold once, is dead if killed."""
    c, enc = _new(tmp_path, seed)
    with c:
        before = {m.name: m.entry for m in c.members()}
        ap.apply(c, ap.plan(c, tmp_path / "road.jsonl"))
        after = {m.name: m for m in c.members()}
    reward = {n: s.reward for n, s in enc.sheets.combatants.items()}
    killed = {str(e.data["target"]) for e in enc.record if e.kind == "kill"}
    for name, entry in before.items():
        kills = [str(e.data["target"]) for e in enc.record if e.kind == "kill" and e.actor == name
                 and not str(e.data["target"]).startswith(("Borin", "Mira", "Hound"))]
        gained = sum(reward[t] for t in kills) if entry.get("kind") == "player" else 0
        points = entry.get("points", 0) + gained
        assert after[name].entry.get("points", 0) == points, (name, kills)
        crossed = sum(1 for t in entry.get("levels", []) if entry.get("points", 0) < t <= points)
        level = entry.get("level", 1) + (crossed if name not in killed else 0)
        assert after[name].entry.get("level", 1) == level
        assert after[name].state == ("dead" if name in killed else "alive")


def test_the_seeded_first_fight_by_hand(tmp_path: Path) -> None:
    c, enc = _new(tmp_path, 16)
    assert [(e.actor, e.data["target"]) for e in enc.record if e.kind == "kill"] == [
        ("Hound", "Wolf 1"), ("Borin", "Wolf 2"), ("Borin", "Wolf 3")]
    with c:
        plan = ap.plan(c, tmp_path / "road.jsonl", {"rest": "full"})
        rows = plan.rows(c, "en")[1]
        ru = plan.rows(c, "ru")[1]
        ap.apply(c, plan)
        m = {x.name: x.entry for x in c.members()}
    # F-7: the Hound's kill gives nothing; Borin 180 + 15 + 15 = 210, past 200: level 2
    assert (m["Borin"]["points"], m["Borin"]["level"]) == (210, 2)
    assert "points" not in m["Hound"] and m["Mira"]["points"] == 40
    assert ["Borin", "Points", "180", "210", "F-7: +30 for killing Wolf 2 and Wolf 3"] in rows
    assert ["Borin", "Level", "1", "2", "F-7: a level reached in the fight, granted at its end"] in rows
    assert ["Borin", "Очки", "180", "210", "F-7: +30 за Wolf 2 и Wolf 3"] in ru


def test_the_rest_rule_heals_as_the_gm_chose(tmp_path: Path) -> None:
    c, enc = _new(tmp_path, 16)
    end = enc.state.combatants
    with c:
        for rest, hp in (("none", lambda n: end[n].hp), ("full", lambda n: end[n].max_hp),
                         (2, lambda n: min(end[n].max_hp, end[n].hp + 2))):
            plan = ap.plan(c, tmp_path / "road.jsonl", {"rest": rest})
            for name in ("Borin", "Mira", "Hound"):
                assert plan.carry.entries[name]["hp"] == hp(name), (rest, name)
                hurt = plan.carry.entries[name]["hp"] < end[name].max_hp
                assert plan.carry.entries[name].get("max_hp") == (end[name].max_hp if hurt else None)


def test_a_plan_saves_nothing(tmp_path: Path) -> None:
    c, _ = _new(tmp_path)
    with c:
        before = snapshot(c.path)
        ap.plan(c, tmp_path / "road.jsonl", {"rest": "full"})
        assert snapshot(c.path) == before and c.fights() == []


def _refusal(c: Campaign, journal: Path, key: str, **choices: Any) -> CampaignError:
    before = snapshot(c.path)
    with pytest.raises(CampaignError) as info:
        ap.plan(c, journal, choices)
    assert info.value.key == key, str(info.value)
    assert snapshot(c.path) == before
    return info.value


def test_a_journal_applied_twice_is_refused(tmp_path: Path) -> None:
    c, _ = _new(tmp_path)
    with c:
        ap.apply(c, ap.plan(c, tmp_path / "road.jsonl"))
        err = _refusal(c, tmp_path / "road.jsonl", "campaign.apply.twice")
        assert err.params["n"] == 1 and "применяется один раз" in err.message("ru")
        copy = tmp_path / "copy.jsonl"  # the same fight under another name is the same fight
        copy.write_bytes((tmp_path / "road.jsonl").read_bytes())
        _refusal(c, copy, "campaign.apply.twice")


def test_an_unfinished_fight_is_refused(tmp_path: Path) -> None:
    from gmkit.scenario import load_scenario
    from gmkit.systems import get

    c = roster.new(tmp_path / "road.gmc", scenario=road(tmp_path), party="party")
    enc = get("fantasy").engine_class(load_scenario(tmp_path / "road.yaml"), journal=tmp_path / "half.jsonl")
    enc.resolve_round(autopilot=True)
    enc.close()
    with c:
        err = _refusal(c, tmp_path / "half.jsonl", "campaign.apply.unfinished")
        assert "бой не окончен" in err.message("ru")


def test_a_fight_of_another_campaign_is_refused(tmp_path: Path) -> None:
    one, other = tmp_path / "one", tmp_path / "other"
    one.mkdir()
    other.mkdir()
    a = roster.new(one / "road.gmc", scenario=road(one), party="party")
    b = roster.new(other / "road.gmc", scenario=road(other), party="party")
    with a, b:  # the same roster names, another campaign
        path = build.write(build.build(a, build.Draft(seed=3)), one / "fight.yaml")
        play(path, one / "fight.jsonl")
        _refusal(b, one / "fight.jsonl", "campaign.apply.other_campaign")
        ap.apply(a, ap.plan(a, one / "fight.jsonl"))  # its own campaign takes it


def test_a_fight_none_of_the_party_fights_in_is_refused(tmp_path: Path) -> None:
    c = roster.new(tmp_path / "road.gmc", scenario=road(tmp_path), party="party")
    play(SCENARIOS / "fantasy_venom_and_ghost.yaml", tmp_path / "wolves.jsonl")
    with c:
        _refusal(c, tmp_path / "wolves.jsonl", "campaign.apply.not_ours")


def test_a_fight_of_another_rule_set_is_refused(tmp_path: Path) -> None:
    c = roster.new(tmp_path / "road.gmc", scenario=road(tmp_path), party="party")
    play(SCENARIOS / "dragon_duel_firmament.yaml", tmp_path / "duel.jsonl")
    with c:
        err = _refusal(c, tmp_path / "duel.jsonl", "campaign.apply.other_system")
        assert "дуэль драконов" in err.message("ru") or "драконов" in err.message("ru")


def test_a_fallen_member_cannot_come_back_in_a_later_fight(tmp_path: Path) -> None:
    c, enc = _new(tmp_path, 28)  # seed 28: Wolf 3 kills the Hound
    assert ("Wolf 3", "Hound") in [(e.actor, e.data["target"]) for e in enc.record if e.kind == "kill"]
    with c:
        ap.apply(c, ap.plan(c, tmp_path / "road.jsonl"))
        assert c.member("Hound").state == "dead"  # type: ignore[union-attr]
        again = road(tmp_path, 5)  # the same party written by hand, the Hound in it
        play(again, tmp_path / "again.jsonl")
        err = _refusal(c, tmp_path / "again.jsonl", "campaign.apply.fallen")
        assert err.params["name"] == "Hound"
        with pytest.raises(CampaignError) as info:
            build.build(c, build.Draft(members=["Borin", "Hound"]))
        assert info.value.key == "campaign.build.fallen"


def test_a_bad_call_is_refused_naming_its_values(tmp_path: Path) -> None:
    c, _ = _new(tmp_path)
    with c:
        err = _refusal(c, tmp_path / "road.jsonl", "campaign.choice.bad", rest="a nap")
        assert "none, full, N" in str(err)
        _refusal(c, tmp_path / "road.jsonl", "campaign.choice.unknown", wounds="keep")


def test_undo_puts_the_roster_back_as_it_was(tmp_path: Path) -> None:
    from gmkit.campaign.exchange import export

    c, _ = _new(tmp_path)
    with c:
        was = export(c)
        fight = ap.apply(c, ap.plan(c, tmp_path / "road.jsonl", {"rest": "full"}))
        assert fight.number == 1 and export(c)["roster"] != was["roster"]
        back = ap.undo(c)
        now = export(c)
        assert back.number == 1 and c.fights() == []
        assert now["roster"] == was["roster"] and now["bestiary"] == was["bestiary"]
        undone = [(r.member, r.field, r.before, r.after) for r in c.history() if r.source == "undo"]
        assert ("Borin", "points", 210, 180) in undone and ("Borin", "level", 2, 1) in undone
        ap.apply(c, ap.plan(c, tmp_path / "road.jsonl"))  # and it may be applied again
        assert [f.number for f in c.fights()] == [1]


def test_undo_is_refused_after_the_roster_changed_and_when_nothing_was_applied(tmp_path: Path) -> None:
    c, _ = _new(tmp_path)
    with c:
        with pytest.raises(CampaignError) as info:
            ap.undo(c)
        assert info.value.key == "campaign.undo.nothing"
        ap.apply(c, ap.plan(c, tmp_path / "road.jsonl"))
        roster.edit_member(c, "Mira", {"wisdom": 3})
        before = snapshot(c.path)
        with pytest.raises(CampaignError) as info:
            ap.undo(c)
        assert info.value.key == "campaign.undo.changed" and info.value.params["member"] == "Mira"
        assert "Mira" in info.value.message("ru") and snapshot(c.path) == before


def test_enemies_met_first_are_added_to_the_bestiary_once(tmp_path: Path) -> None:
    c, _ = _new(tmp_path)
    with c:
        with c.writing() as w:
            w.remove_beast("Wolf")
        plan = ap.plan(c, tmp_path / "road.jsonl")
        assert [b.name for b in plan.beasts] == ["Wolf"]  # Wolf 1..3, alike, folded into one
        ap.apply(c, plan)
        assert [b.name for b in c.bestiary()] == ["Wolf"]
        assert c.bestiary()[0].entry == {"name": "Wolf", "side": "pack", "hp": 5, "ac": 7,
                                         "melee": [{"name": "bite", "damage": "0.5-1-1.5-2"}],
                                         "reward": 15}
