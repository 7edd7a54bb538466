"""The desk's post panel, headless: filled after each resolution, any earlier round on request,
rewritten in the desk's language, and Save writes the journal and the reports into a folder."""

from __future__ import annotations

from pathlib import Path

from gmkit.ui.sessions import session

from .fights import ROOT


def test_panel_follows_the_fight_and_the_language(tmp_path: Path) -> None:
    desk = session(ROOT / "templates" / "scenarios" / "dragon_duel_firmament.yaml",
                   journal=tmp_path / "duel.jsonl", lang="ru")
    p = desk.posts
    assert p.text.value == "" and "после розыгрыша" in p.note.value
    desk.resolve(autopilot=True)
    assert "раунд 1" in p.text.value and p.copy.text == p.text.value
    assert (tmp_path / "duel-posts" / "round-1.player.png").exists()
    desk.resolve(autopilot=True)
    assert p.round.value == 2 and "раунд 2" in p.text.value
    p.round.value = 1  # an earlier round on request
    assert "раунд 1" in p.text.value
    p.view.value = "red"
    assert "для стороны «red»" in p.text.value
    assert (tmp_path / "duel-posts" / "round-1.player-red.png").exists()
    p.image_base.value = "https://img.example/duel"
    assert "[img]https://img.example/duel/round-1.player-red.png[/img]" in p.text.value
    p.format.value = "markdown"
    assert p.text.value.startswith("## ")
    assert "https://img.example/duel/round-1.player-red.png" in p.text.value
    desk.set_language("en")
    assert "round 1" in p.text.value and "раунд" not in p.text.value
    assert p.titles == ("Post this round", "Private briefs")
    p.image_base.value = "javascript:alert(1)"
    assert "http" in p.note.value  # refused, said in the note
    p.image_base.value = ""
    p.selected_index = 1
    p.actor.value = "Bane"
    assert "Bane" in p.brief.value and p.brief_copy.text == p.brief.value
    desk.undo()  # the round undone: the panel goes back to the last round left
    assert p.round.value == 1 and list(dict(p.round.options).values()) == [1]
    desk.encounter.close()


def test_save_writes_journal_and_reports(tmp_path: Path) -> None:
    desk = session(ROOT / "templates" / "scenarios" / "space_cloak_2v2.yaml", journal=tmp_path / "c.jsonl")
    desk.encounter.note("GM-ONLY-NOTE")
    desk.resolve(autopilot=True)
    saved = desk.save()
    folder = tmp_path / "c-saved"
    assert saved == folder / "c.gm.jsonl" and saved.exists()  # the journal: the GM's (issue 29)
    names = {f.name for f in folder.iterdir()}
    assert {"c.gm.html", "c.player.html", "c.player-patrol.html", "c.player-smugglers.html",
            "c.player.bbcode.txt"} <= names
    assert "GM-ONLY-NOTE" in (folder / "c.gm.html").read_text(encoding="utf-8")
    for name in ("c.player.html", "c.player-patrol.html", "c.player.bbcode.txt"):
        assert "GM-ONLY-NOTE" not in (folder / name).read_text(encoding="utf-8")
    assert "c.gm.html" in desk.status.value
    desk.encounter.close()


def test_a_players_view_shuts_the_panel(tmp_path: Path) -> None:
    desk = session(ROOT / "templates" / "scenarios" / "space_cloak_2v2.yaml", journal=tmp_path / "c.jsonl")
    desk.resolve(autopilot=True)
    assert "Shade" in desk.posts.text.value
    desk.set_view("patrol")
    p = desk.posts
    assert p.layout.display == "none" and p.text.value == p.copy.text == "" and p.brief.value == ""
    assert list(p.actor.options) == ["Cutter", "Tug"] and [v for _, v in p.view.options] == ["patrol"]
    desk.set_view(None)
    assert p.layout.display is None and "Shade" in p.text.value and "Shade" in p.actor.options
    desk.encounter.close()
