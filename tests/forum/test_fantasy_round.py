"""A fantasy forum round (issue 34) plays the same from the desk, `gmkit orders play` and a run:
every order taken up front, one play from the ranged exchange to where the players must write
again, one post telling every round it reached, and briefs asking for what comes next."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.cli import main
from gmkit.encounter import Encounter
from gmkit.fantasy import Skirmish
from gmkit.report.posts import post_blocks
from gmkit.report.rundata import play
from gmkit.rounds import play_round

HERE = Path(__file__).parent
SEED = 3
GOBLINS = ["Гоблин 1", "Гоблин 2", "Гоблин 3", "Варг", "Вождь гоблинов"]
MESSAGES = {
    "Борин": ("Бородач", "Рублю варга топором, пока он не добрался до Миры."),
    "Эльвен": ("Elwen_PbP", "Эльвен вскидывает лук: стреляю в первого гоблина."),
    "Мира": ("mira", "Колдую Сон на вождя гоблинов."),
    "Ярослава": ("Яра", "Стреляю из арбалета во второго гоблина."),
    "Тихон": ("Тихон", "Колдую Исцеление на Миру."),
}
PASTE = "\n\n".join(f"{nick} написал(а):\n{text}" for nick, text in MESSAGES.values())


def scenario() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((HERE / "ford_ambush.yaml").read_text(encoding="utf-8"))
    return data


def events(enc: Encounter) -> list[dict[str, Any]]:
    return [e.to_json() for e in enc.record]


def desk_round() -> Any:
    from gmkit.ui.sessions import session

    desk = session(scenario(), SEED)
    rt = desk.round_table
    rt.area.text = PASTE
    rt.area.pasted += 1
    states = {r.actor: r.state for r in rt.table.rows if r.actor in MESSAGES}
    assert states == dict.fromkeys(MESSAGES, "ready")
    rt.accept_all()
    got = rt.play()
    assert got is not None
    return desk, got


def test_one_play_reaches_melee_and_stops_where_players_must_write() -> None:
    desk, got = desk_round()
    enc = desk.encounter
    assert got.stopped == "done"
    assert enc.phase == "melee" and enc.round == 2
    # Борин's strike waited for melee and is still to come, or was played in the party's turn
    phases = {(e.data["side"], e.data["phase"]) for e in enc.record if e.kind == "turn"}
    assert {("party", "ranged"), ("goblins", "ranged")} <= phases
    assert ("goblins", "melee") in phases
    struck = [e for e in enc.record if e.actor == "Борин" and e.kind in ("hit", "miss")]
    assert struck or enc.pending_order("Борин") is not None
    # the post tells both rounds the forum round reached, in one text
    post = desk.posts.post_text()
    assert desk.posts.round.value == (1, 2)
    assert "раунд 1" in post and "раунд 2" in post
    assert "Раунд 1, дальний бой: ход гоблинов" in post and "Раунд 2, ближний бой" in post


def test_the_cli_plays_the_same_round_into_the_journal(tmp_path: Path, capsys: Any) -> None:
    desk, _ = desk_round()
    journal = tmp_path / "fight.jsonl"
    Skirmish(scenario(), SEED, journal=journal).close()
    paste = tmp_path / "paste.txt"
    paste.write_text(PASTE, encoding="utf-8")
    code = main(["orders", "play", str(journal), str(paste)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Раунд сыгран" in out
    again = Encounter.resume(journal, autosave=False)
    assert events(again) == events(desk.encounter)
    assert {a: again.pending_order(a) for a in again.orders_received} == \
        {a: desk.encounter.pending_order(a) for a in desk.encounter.orders_received}


def test_a_run_from_message_files_plays_the_same_first_round(tmp_path: Path) -> None:
    desk, _ = desk_round()
    folder = tmp_path / "orders" / "round-1"
    folder.mkdir(parents=True)
    for actor, (_, text) in MESSAGES.items():
        (folder / f"{actor}.txt").write_text(text, encoding="utf-8")
    enc, _data = play(scenario(), SEED, orders=tmp_path / "orders", language="ru")
    mine = events(desk.encounter)
    assert events(enc)[: len(mine)] == mine  # the run goes on with the autopilot after it


def test_play_round_by_hand_matches_the_desk() -> None:
    desk, _ = desk_round()
    from gmkit import inbox

    enc = Skirmish(scenario(), SEED)
    inbox.accept_all(enc, inbox.read_paste(enc, PASTE))
    play_round(enc, GOBLINS)
    assert events(enc) == events(desk.encounter)


def test_a_brief_after_the_round_asks_for_melee_and_tells_the_order_kept() -> None:
    from gmkit.report.briefs import all_briefs

    desk, _ = desk_round()
    enc = desk.encounter
    briefs = {b.actor: b.text for b in all_briefs(desk.posts.chronicle, "phpbb", "ru")}
    assert set(briefs) == set(MESSAGES)
    if enc.pending_order("Борин") is not None:
        assert "Ваш приказ уже у мастера: «бью Варга топором»" in briefs["Борин"]
    for who in ("Эльвен", "Мира", "Ярослава", "Тихон"):
        if enc.status(who) == "active":
            assert "бью Вождя гоблинов" in briefs[who]  # every foe, the chief too
        assert "Что видела ваша сторона в раунде 1" in briefs[who]
        assert "Что видела ваша сторона в раунде 2" in briefs[who]


def test_before_any_play_a_brief_asks_for_both_parts() -> None:
    from gmkit.report.briefs import all_briefs

    enc = Skirmish(scenario(), SEED)
    briefs = {b.actor: b.text for b in all_briefs(enc, "phpbb", "ru")}
    assert "В перестрелке" in briefs["Эльвен"] and "В ближнем бою" in briefs["Эльвен"]
    # Борин has no bow: only melee is asked of him, never «не ждут»
    assert "В ближнем бою" in briefs["Борин"] and "В перестрелке" not in briefs["Борин"]
    assert "не ждут" not in briefs["Борин"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_span_post_tells_each_round_and_the_state_after_the_last(lang: str) -> None:
    from gmkit.report.document import Heading, Story, Table

    desk, _ = desk_round()
    data = desk.posts.data
    both = post_blocks(data, (1, 2), "", lang)
    one, two = post_blocks(data, 1, "", lang), post_blocks(data, 2, "", lang)
    def told(blocks: list[Any]) -> list[Any]:  # each story line's dice (its words may differ:
        return [i[1] for b in blocks if isinstance(b, Story) for i in b.items]  # a term explained once

    assert told(both) == told(one) + told(two) and told(one)
    assert [b for b in both if isinstance(b, Table)] == [b for b in two if isinstance(b, Table)]
    assert len([b for b in both if isinstance(b, Heading)]) == 2
    text = post_text_of(data, lang)
    assert len(re.findall(r"Кости раунда \d|Round \d+ dice", text)) == 2  # a footer each
    wait = "Ждём приказов" if lang == "ru" else "Waiting"
    assert text.count(wait) <= 1


def post_text_of(data: dict[str, Any], lang: str) -> str:
    from gmkit.report.forum import post_text

    return post_text(data, (1, 2), "", "plain", lang)


def test_a_row_the_autopilot_orders_on_its_turn_says_so_once() -> None:
    from gmkit.ui.sessions import session

    desk = session(scenario(), SEED)
    rt = desk.round_table
    later = [k for k, r in enumerate(rt.table.rows) if r.state == "later"]
    assert later
    for k in later:
        html = "".join(getattr(c, "value", "") for c in rt.rows.children[k].children[2].children)
        assert html.count("Автопилот решит в свой ход") == 1, html
