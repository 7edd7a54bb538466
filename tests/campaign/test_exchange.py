"""A campaign as YAML and back (issue 32, item 1): the same text after a round trip; a hand edit
becomes history; an entry that breaks a rule, a file from a newer gmkit or another campaign's
YAML is refused naming why, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gmkit.campaign import CampaignError, roster
from gmkit.campaign import apply as ap
from gmkit.campaign.exchange import export_text, import_file
from gmkit.campaign.store import Campaign
from gmkit.errors import ScenarioError
from tests.campaign.helpers import play, snapshot
from tests.campaign.road import road


def _campaign(where: Path) -> Path:
    with roster.new(where / "road.gmc", scenario=road(where), party="party") as c:
        play(where / "road.yaml", where / "road.jsonl")
        ap.apply(c, ap.plan(c, where / "road.jsonl", {"rest": 2}))
    return where / "road.gmc"


def test_export_import_export_is_the_same_text(tmp_path: Path) -> None:
    path = _campaign(tmp_path)
    with Campaign.open(path) as c:
        text = export_text(c)
    (tmp_path / "road.yaml.out").write_text(text, encoding="utf-8")
    with import_file(tmp_path / "copy.gmc", tmp_path / "road.yaml.out") as copy:
        assert export_text(copy) == text
    data = yaml.safe_load(text)
    assert list(data)[:3] == ["gmkit_campaign", "id", "name"]
    assert [m["name"] for m in data["roster"]] == ["Borin", "Mira", "Hound"]


def test_a_hand_edit_comes_back_with_its_history(tmp_path: Path) -> None:
    path = _campaign(tmp_path)
    with Campaign.open(path) as c:
        data = yaml.safe_load(export_text(c))
    data["roster"][1]["entry"]["wisdom"] = 3
    (tmp_path / "edited.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with import_file(path, tmp_path / "edited.yaml") as c:
        assert c.member("Mira").entry["wisdom"] == 3  # type: ignore[union-attr]
        last = c.history()[-1]
        assert (last.source, last.member, last.field, last.before, last.after) == (
            "import", "Mira", "wisdom", 2, 3)


@pytest.mark.parametrize(("edit", "where"), [
    (lambda d: d["roster"][1]["entry"].update(ac=200), "roster[1].entry.ac"),
    (lambda d: d["roster"][0].update(state="sleeping"), "roster[0].state"),
    (lambda d: d["bestiary"][0]["entry"].update(hp=-1), "bestiary[0].entry.hp"),
])
def test_a_bad_hand_edit_is_refused_naming_its_place(tmp_path: Path, edit: object, where: str) -> None:
    path = _campaign(tmp_path)
    with Campaign.open(path) as c:
        data = yaml.safe_load(export_text(c))
    edit(data)  # type: ignore[operator]
    (tmp_path / "bad.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    before = snapshot(path)
    with pytest.raises(ScenarioError) as info, import_file(path, tmp_path / "bad.yaml"):
        pass
    assert where in str(info.value)
    assert snapshot(path) == before


def test_a_newer_format_or_another_campaign_is_refused(tmp_path: Path) -> None:
    path = _campaign(tmp_path)
    with Campaign.open(path) as c:
        data = yaml.safe_load(export_text(c))
    before = snapshot(path)
    newer = {**data, "gmkit_campaign": 99}
    (tmp_path / "newer.yaml").write_text(yaml.safe_dump(newer, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CampaignError) as info, import_file(path, tmp_path / "newer.yaml"):
        pass
    assert info.value.key == "campaign.file.newer"
    other = {**data, "id": "0" * 32}
    (tmp_path / "other.yaml").write_text(yaml.safe_dump(other, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CampaignError) as info, import_file(path, tmp_path / "other.yaml"):
        pass
    assert info.value.key == "campaign.import.other"
    assert snapshot(path) == before
