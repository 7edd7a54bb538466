"""The campaign chapter of the GM's guide (issue 32), in English and in Russian: its blocks run in
order from an empty folder (three fantasy fights, two dragon duels), and what the campaign files
hold afterwards is checked against figures worked out by hand from the rules.

Marked slow, as the whole guide's run is: some twenty commands and five fights per language.
The fights are seeded, so who kills whom is fixed; each test first checks those facts in the
fights' journals (what the hand arithmetic rests on), then the campaign's figures against the
arithmetic written next to them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.docs.test_guide import FENCE, GUIDES, _run

HEADING = {"en": "## A campaign across fights", "ru": "## Кампания из многих боёв"}

NAMES = {
    "en": {"road": "road", "f2": "fight-2", "f3": "fight-3", "sky": "sky", "sky2": "sky-2",
           "Borin": "Borin", "Mira": "Mira", "Hound": "Hound", "Tamara": "Tamara", "Wolf": "Wolf",
           "Ash": "Ash", "party": "party", "riders": "riders", "raiders": "raiders",
           "potion": "healing potion"},
    "ru": {"road": "дорога", "f2": "дорога-2", "f3": "дорога-3", "sky": "небо", "sky2": "небо-2",
           "Borin": "Борин", "Mira": "Мира", "Hound": "Пёс", "Tamara": "Тамара", "Wolf": "Волк",
           "Ash": "Пепел", "party": "отряд", "riders": "всадники", "raiders": "налётчики",
           "potion": "зелье лечения"},
}


def chapter(lang: str) -> list[tuple[str, str, str]]:
    """(kind, info string, code) of every block of the campaign chapter, in order."""
    text = GUIDES[lang].read_text(encoding="utf-8")
    start = text.index(HEADING[lang])
    end = text.index("\n## ", start + 1)
    return [(m.group(1).split(" ")[0], m.group(1), m.group(2)) for m in FENCE.finditer(text[start:end])]


@pytest.fixture(scope="module",
                params=[pytest.param(lang, marks=pytest.mark.slow) for lang in sorted(GUIDES)])
def played(request: Any, tmp_path_factory: Any) -> tuple[str, Path]:
    """The chapter run from an empty folder in one language."""
    lang = request.param
    where = tmp_path_factory.mktemp(f"campaign-{lang}")
    for kind, info, code in chapter(lang):
        _run(kind, info, code, where)
    return lang, where


def _kills(journal: Path) -> list[tuple[str, str]]:
    from gmkit.encounter import Encounter

    enc = Encounter.resume(journal, autosave=False)
    return [(e.actor, str(e.data["target"])) for e in enc.record if e.kind == "kill"]


def _end(journal: Path) -> Any:
    from gmkit.encounter import Encounter

    return Encounter.resume(journal, autosave=False)


def _entry(scenario: Path, name: str) -> dict[str, Any]:
    data = yaml.safe_load(scenario.read_text(encoding="utf-8"))
    key = "combatants" if data["system"] == "fantasy" else "dragons"
    return next(e for e in data[key] if e["name"] == name)


def test_the_chapter_runs_every_kind_of_block_it_shows() -> None:
    for lang in GUIDES:
        kinds = [k for k, _, _ in chapter(lang)]
        assert kinds.count("sh") >= 10 and kinds.count("python") >= 5 and "yaml" in kinds, kinds


def test_the_fantasy_campaign_carries_points_levels_and_deaths_by_the_rules(
        played: tuple[str, Path]) -> None:
    from gmkit.campaign.store import Campaign

    lang, where = played
    n = NAMES[lang]
    B, M, H, T, W = n["Borin"], n["Mira"], n["Hound"], n["Tamara"], n["Wolf"]
    # the facts the arithmetic rests on: who killed whom in each seeded fight
    assert _kills(where / f"{n['road']}.jsonl") == [(H, f"{W} 1"), (B, f"{W} 2"), (B, f"{W} 3")]
    assert _kills(where / f"{n['f2']}.jsonl") == [(B, f"{W} 1"), (f"{W} 2", H), (M, f"{W} 2"),
                                                   (B, f"{W} 3"), (M, f"{W} 4")]
    assert _kills(where / f"{n['f3']}.jsonl") == [(T, f"{W} 1"), (M, f"{W} 2"), (B, f"{W} 3"),
                                                   (B, f"{W} 4"), (B, f"{W} 5")]
    with Campaign.open(where / f"{n['road']}.gmc") as c:
        m = {x.name: x for x in c.members()}
        history = c.history()
        fights = c.fights()
    # F-7, fight 1: the Hound's kill (a pet's) gives nothing; Borin: 180 + 15 + 15 = 210 >= 200
    # fight 2: Borin 210 + 15 + 15 = 240 (< 400); Mira 40 + 15 + 15 = 70 >= 60
    # fight 3: Borin 240 + 15 * 3 = 285 (< 400); Mira 70 + 15 = 85 (< 150); Tamara 0 + 15 = 15
    assert (m[B].entry["points"], m[B].entry["level"]) == (285, 2)
    assert (m[M].entry["points"], m[M].entry["level"]) == (85, 2)
    assert (m[T].entry["points"], m[T].entry.get("level", 1)) == (15, 1)
    assert "points" not in m[H].entry  # a pet earns no reward points (F-7)
    # each level granted at the end of the fight that reached it, and recorded there (fight 2 was
    # applied, undone and applied again: its lines, the undo's and the second apply's)
    levels = [(r.source, r.member, r.fight, r.before, r.after) for r in history if r.field == "level"]
    assert levels == [("apply", B, 1, 1, 2), ("apply", M, 2, 1, 2), ("undo", M, 2, 2, 1),
                      ("apply", M, 2, 1, 2)]
    # F-1: the Hound, killed by Wolf 2 in fight 2, is dead, remembered, and left out of fight 3
    assert (m[H].state, m[H].fell) == ("dead", 2)
    assert fights[1].result["fell"] == {H: {"key": "fantasy.campaign.why.killed", "name": H,
                                            "killer": f"{W} 2"}}
    third = yaml.safe_load((where / f"{n['f3']}.yaml").read_text(encoding="utf-8"))
    assert [e["name"] for e in third["combatants"] if e["side"] == n["party"]] == [B, M, T]
    assert [m[x].state for x in (B, M, T)] == ["alive"] * 3
    assert [f.number for f in fights] == [1, 2, 3]


def test_the_rest_rules_carry_risk_points_as_the_gm_chose(played: tuple[str, Path]) -> None:
    lang, where = played
    n = NAMES[lang]
    B, M = n["Borin"], n["Mira"]
    # after fight 1, a full rest: everyone back to their most (Borin 14, Mira 7)
    assert _entry(where / f"{n['f2']}.yaml", B)["hp"] == 14
    assert _entry(where / f"{n['f2']}.yaml", M)["hp"] == 7
    # after fight 2, 3 risk points back each, never past the most
    end2 = _end(where / f"{n['f2']}.jsonl").state.combatants
    for name, most in ((B, 14), (M, 7)):
        assert _entry(where / f"{n['f3']}.yaml", name)["hp"] == min(most, end2[name].hp + 3)
    # F-8: a potion drunk in a fight is gone from the next
    left = _end(where / f"{n['f2']}.jsonl").state.combatants[B].items[n["potion"]]
    items = [i["name"] for i in _entry(where / f"{n['f3']}.yaml", B).get("items", [])]
    assert items == ([n["potion"]] if left else [])


def test_the_dragon_campaign_carries_wounds_and_the_dead(played: tuple[str, Path]) -> None:
    from gmkit.campaign.store import Campaign
    from gmkit.scenario import load_scenario
    from gmkit.systems import get

    lang, where = played
    n = NAMES[lang]
    A = n["Ash"]
    first = _end(where / f"{n['sky']}.jsonl")
    assert first.outcome()["winner"] == n["riders"]
    assert (first.state.dragons[A].wounds, first.state.dragons[A].out) == (1, False)
    # D-8: the one wound goes into the second duel; D-7: the Bennies back to the pool of 3
    second = _entry(where / f"{n['sky2']}.yaml", A)
    assert second.get("wounds") == 1 and "bennies" not in second
    start = get("dragons").engine_class(load_scenario(where / f"{n['sky2']}.yaml"))
    assert (start.state.dragons[A].wounds, start.state.dragons[A].bennies) == (1, 3)
    end = _end(where / f"{n['sky2']}.jsonl")
    assert end.state.dragons[A].out_reason == "killed"
    with Campaign.open(where / f"{n['sky']}.gmc") as c:
        ash = c.member(A)
        assert ash is not None and (ash.state, ash.fell) == ("dead", 2)
        assert [f.result["winner"] for f in c.fights()] == [n["riders"], n["raiders"]]


def test_the_reports_of_the_chapter_name_the_fallen(played: tuple[str, Path]) -> None:
    lang, where = played
    n = NAMES[lang]
    page = (where / f"{n['road']}.html").read_text(encoding="utf-8")
    memory = page[page.index({"en": "In memory", "ru": "Память павших"}[lang]):]
    assert re.search(re.escape(n["Hound"]), memory)
    exported = yaml.safe_load((where / f"{n['road']}-{'campaign' if lang == 'en' else 'кампания'}.yaml")
                              .read_text(encoding="utf-8"))
    assert [r["name"] for r in exported["roster"]] == [n["Borin"], n["Mira"], n["Hound"], n["Tamara"]]
