"""The desk form for the next fight (issue 32, item 3): ticks, counts and settings over the same
build, a scenario valid by its JSON Schema, the fight's desk opened; a refusal shown in words."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import yaml

from gmkit.campaign import apply as ap
from gmkit.campaign import roster
from gmkit.campaign.form import CampaignForm
from gmkit.schema import json_schema
from tests.campaign.helpers import play
from tests.campaign.road import road


def _campaign(where: Path) -> Path:
    with roster.new(where / "road.gmc", scenario=road(where), party="party") as c:
        play(where / "road.yaml", where / "road.jsonl")
        ap.apply(c, ap.plan(c, where / "road.jsonl"))
    return where / "road.gmc"


def test_the_form_starts_from_the_last_fight(tmp_path: Path) -> None:
    form = CampaignForm(_campaign(tmp_path), lang="ru")
    assert {n: b.value for n, b in form.members.items()} == {"Borin": True, "Mira": True, "Hound": True}
    assert {n: b.value for n, b in form.counts.items()} == {"Wolf": 3}
    assert set(form.fields) >= {"options.variant", "options.cap", "options.ranged_phase"}
    cap = form.fields["options.cap"]
    assert [label for label, _ in cap.options] == ["нет", "вдвое больше противников"]  # type: ignore[attr-defined]
    assert form.file.value.endswith("fight-2.yaml")


def test_build_writes_a_valid_scenario_and_opens_its_desk(tmp_path: Path) -> None:
    form = CampaignForm(_campaign(tmp_path))
    form.members["Hound"].value = False
    form.counts["Wolf"].value = 5
    form.fields["options.variant"].value = 2
    form.seed.value = "7"
    form.file.value = str(tmp_path / "next.yaml")
    path = form.build()
    try:
        assert path == tmp_path / "next.yaml" and "next.yaml" in form.message.value
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert list(jsonschema.Draft7Validator(json_schema("fantasy")).iter_errors(data)) == []
        wolves = [f"Wolf {i}" for i in range(1, 6)]
        assert [c["name"] for c in data["combatants"]] == ["Borin", "Mira", *wolves]
        assert (data["options"]["variant"], data["seed"]) == (2, 7)
        assert form.desk is not None and form.desk_box.children == (form.desk,)
        assert form.desk.encounter.journal_path == tmp_path / "next.jsonl"
    finally:
        if form.desk is not None:
            form.desk.close()


def test_a_refusal_is_shown_escaped_and_nothing_written(tmp_path: Path) -> None:
    form = CampaignForm(_campaign(tmp_path), lang="ru")
    form.file.value = str(tmp_path / "next.yaml")
    form.seed.value = "<b>7</b>"
    assert form.build() is None
    assert "&lt;b&gt;7&lt;/b&gt;" in form.message.value and "<b>7" not in form.message.value
    assert "зерно — целое число" in form.message.value
    form.seed.value = ""
    for box in form.members.values():
        box.value = False
    assert form.build() is None and "не осталось никого" in form.message.value
    assert not (tmp_path / "next.yaml").exists() and form.desk is None


def test_a_sheet_pasted_on_the_form_joins_only_when_accepted(tmp_path: Path) -> None:
    from gmkit.campaign.store import Campaign

    path = _campaign(tmp_path)
    form = CampaignForm(path, lang="ru")
    form.sheet.value = "Имя: <b>Тамара</b>\nКД 6, Обаяние 14"
    r = form.read_sheet()
    assert not r.ok and form.accept_button.disabled
    assert "— не прочитано" in form.sheet_result.value and "обязательное поле" in form.sheet_result.value
    assert "<b>" not in form.sheet_result.value  # a player's text is never markup on the desk
    assert form.accept_sheet() is False
    form.sheet.value = "Имя: Тамара\nКД 6, ОР 9, лук 1-1,5-2-2,5"
    assert form.read_sheet().ok and not form.accept_button.disabled
    with Campaign.open(path) as c:
        assert c.member("Тамара") is None  # read, not yet added
    assert form.accept_sheet() is True
    assert "Тамара вступила в отряд" in form.sheet_result.value and form.members["Тамара"].value
    with Campaign.open(path) as c:
        assert c.member("Тамара") is not None and c.history()[-1].source == "sheet"
