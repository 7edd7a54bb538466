"""The desk's seal panel: seal, take the salt, open the seal, thin over the encounter; a refusal
shown in the desk's language with nothing changed; shut while a player looks."""

from __future__ import annotations

from pathlib import Path

from gmkit.ui.sessions import session

from .fights import ROOT, SALT

SCENARIO = ROOT / "templates" / "scenarios" / "dragon_duel_firmament.yaml"


def test_the_seal_in_two_steps_and_its_opening(tmp_path: Path) -> None:
    desk = session(SCENARIO, 3, journal=tmp_path / "duel.jsonl", lang="ru")
    try:
        panel, enc = desk.seal_panel, desk.encounter
        assert not panel.seal_button.disabled and panel.salt_button.disabled and panel.text.value == ""
        panel.seal_button.click()
        assert enc.sealed is not None and panel.seal_button.disabled
        assert f"Печать: {enc.sealed['commitment']}" in panel.text.value == panel.copy.text
        assert enc.sealed["secret"] not in panel.text.value
        assert not desk.resolve(autopilot=True)  # no round before the salt: said on the desk
        assert "соль игроков ещё не задана" in desk.status.value and enc.resolutions == 0
        journal = (tmp_path / "duel.jsonl").read_bytes()
        assert not panel.take_salt("   ")
        assert "соль пуста" in panel.status.value and (tmp_path / "duel.jsonl").read_bytes() == journal
        desk.posts.format.value = "markdown"  # the seal's posts follow the post panel's format
        assert panel.text.value.startswith("## Кости запечатаны")
        desk.posts.format.value = "phpbb"
        panel.salt.value = SALT
        panel.salt_button.click()
        assert enc.salt == SALT and panel.salt.value == "" and f"Соль: {SALT}" in panel.text.value
        assert desk.resolve(autopilot=True) and enc.resolutions == 1
        assert enc.sealed["secret"] not in panel.text.value
        panel.reveal_button.click()
        assert f"Секрет: {enc.sealed['secret']}" in panel.text.value
        desk.set_language("en")
        assert f"Secret: {enc.sealed['secret']}" in panel.text.value
    finally:
        desk.close()


def test_the_panel_is_shut_to_a_player(tmp_path: Path) -> None:
    cloak = ROOT / "templates" / "scenarios" / "space_cloak_2v2.yaml"
    desk = session(cloak, 3, journal=tmp_path / "cloak.jsonl", lang="en")
    try:
        desk.seal_panel.seal()
        side = desk.encounter.sides()[0]
        desk.set_view(side)
        assert desk.seal_panel.layout.display == "none" and desk.seal_panel.text.value == ""
        desk.set_view(None)
        assert "Seal:" in desk.seal_panel.text.value
    finally:
        desk.close()


def test_a_desk_resumed_from_a_sealed_journal_shows_where_the_seal_stands(tmp_path: Path) -> None:
    desk = session(SCENARIO, 3, journal=tmp_path / "duel.jsonl", lang="ru")
    desk.seal_panel.seal()
    desk.seal_panel.take_salt(SALT)
    desk.close()
    again = session(SCENARIO, journal=tmp_path / "duel.jsonl")
    try:
        panel = again.seal_panel
        assert again.encounter.salt == SALT and panel.seal_button.disabled and panel.salt_button.disabled
        assert f"Соль: {SALT}" in panel.text.value and not panel.reveal_button.disabled
    finally:
        again.close()
