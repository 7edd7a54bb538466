"""Player safety: no public post, side's post or brief holds a cloaked ship's position, anything
its side could not see, an order not resolved or a GM note; a brief holds its own side's secrets
only. Per rule set: the space scenario with a cloaked ship, a dragon duel and a fantasy skirmish,
each with GM notes and an order left pending."""

from __future__ import annotations

from typing import Any

import pytest

from gmkit.events import Event
from gmkit.report.chronicle import Chronicle
from gmkit.report.document import Picture
from gmkit.report.forum import FORMATS, brief_text, post_text
from gmkit.report.posts import post_blocks

from .fights import NOTE, journaled, leave_pending

LANGS = ("en", "ru")


def _texts(data: dict[str, Any], rnd: int, side: str) -> list[str]:
    return [post_text(data, rnd, side, fmt, lang) for fmt in FORMATS for lang in LANGS]


def _hidden_event_texts(entry: dict[str, Any], side: str) -> list[str]:
    who = side or "\x00public"
    evs = [Event.from_json(e) for e in entry["events"]]
    seen = {e.text(lang) for e in evs if e.visible_to(who) for lang in LANGS}
    return [e.text(lang) for e in evs if not e.visible_to(who) for lang in LANGS
            if e.text(lang) not in seen]


def _unescape(text: str) -> str:
    return text.replace("\u200b", "").replace("\\", "")


def _check_posts(data: dict[str, Any], views: list[str]) -> None:
    for entry in data["rounds"]:
        for side in views:
            hidden = _hidden_event_texts(entry, side)
            for text in _texts(data, entry["round"], side):
                plain = _unescape(text)
                assert "GM-SECRET-NOTE" not in plain
                for h in hidden:
                    assert _unescape(h) not in plain, (entry["round"], side, h)


@pytest.fixture(scope="module")
def cloak(tmp_path_factory: pytest.TempPathFactory) -> Any:
    enc = journaled("space_cloak_2v2", tmp_path_factory.mktemp("hidden-space"), 14)
    chron = Chronicle(enc, "en")
    before = chron.update()
    briefs_before = chron.briefs()
    pending = leave_pending(enc)
    data = chron.update()
    data["briefs"] = chron.briefs()
    yield enc, data, before, briefs_before, pending
    enc.close()


def _shade_cells(views: dict[str, Any]) -> list[str]:
    ship = next(s for s in views["gm"]["ships"] if s["name"] == "Shade")
    return [f"({x}, {y})" for x, y in ship["cells"]]


def test_space_posts_never_show_the_cloaked_ship(cloak: Any) -> None:
    _enc, data, *_ = cloak
    assert any(s["name"] == "Shade" and s["hidden"] for r in data["rounds"]
               for s in r["views"]["sides"]["patrol"]["ships"]), "the Shade is never cloaked"
    _check_posts(data, ["", "patrol", "smugglers"])
    for entry in data["rounds"]:
        for side in ("", "patrol"):
            board = entry["views"]["sides"][side] if side else entry["views"]["public"]
            shade = next(s for s in board["ships"] if s["name"] == "Shade")
            if not shade["hidden"]:
                continue
            visible = " ".join(Event.from_json(e).text(lang) for e in entry["events"]
                               if Event.from_json(e).visible_to(side or "\x00public") for lang in LANGS)
            for text in _texts(data, entry["round"], side):
                for cell in _shade_cells(entry["views"]):
                    if cell not in visible:  # the rules showed it that round (it fired): allowed
                        assert cell not in _unescape(text), (entry["round"], side, cell)
            pics = [b for b in post_blocks(data, entry["round"], side) if isinstance(b, Picture)]
            assert pics and 'data-ship="Shade"' not in pics[0].svg and ">Shade<" not in pics[0].svg


def test_space_briefs_hold_their_own_side_only(cloak: Any) -> None:
    _enc, data, before, briefs_before, (_actor, _order) = cloak
    last = data["rounds"][-1]
    for name in data["participants"]:
        side = next(s["side"] for s in last["views"]["gm"]["ships"] if s["name"] == name)
        for fmt in FORMATS:
            for lang in LANGS:
                text = _unescape(brief_text(data, name, fmt, lang))
                assert "GM-SECRET-NOTE" not in text
                for h in _hidden_event_texts(last, side):
                    assert _unescape(h) not in text
                # the order left pending changes nothing: the same brief as before it came in
                assert text == _unescape(brief_text({**before, "briefs": briefs_before}, name, fmt, lang))
        if side == "patrol":
            shade = next(s for s in last["views"]["sides"]["patrol"]["ships"] if s["name"] == "Shade")
            if shade["hidden"]:
                visible = " ".join(Event.from_json(e).text(lang) for e in last["events"]
                                   if Event.from_json(e).visible_to("patrol") for lang in LANGS)
                for cell in _shade_cells(last["views"]):
                    if cell not in visible:
                        assert cell not in _unescape(brief_text(data, name, "plain", "en"))
    shade_brief = _unescape(brief_text(data, "Shade", "plain", "en"))
    for cell in _shade_cells(last["views"]):
        assert cell in shade_brief  # its own side's secret: its own position


def test_posts_do_not_change_with_an_order_pending(cloak: Any) -> None:
    _enc, data, before, *_ = cloak
    for side in ("", "patrol", "smugglers"):
        assert _texts(data, data["rounds"][-1]["round"], side) == _texts(
            before, before["rounds"][-1]["round"], side)
    assert data["unresolved"] and not before["unresolved"]


@pytest.mark.parametrize("name, n", [("dragon_duel_firmament", 3), ("fantasy_wolves", 3)])
def test_notes_and_pending_orders_stay_out(tmp_path: Any, name: str, n: int) -> None:
    enc = journaled(name, tmp_path, n)
    try:
        chron = Chronicle(enc, "en")
        before = chron.update()
        before["briefs"] = chron.briefs()
        _actor, _order = leave_pending(enc)
        if name.startswith("dragon"):  # a pending order with words of its own
            from gmkit.dragons.orders import DragonOrder, UsePower

            secret = DragonOrder(actions=(UsePower("SECRET-PLAN", note="PENDING-ORDER"),))
            takers = [a for a in enc.awaiting() if enc.legal_orders(a).why_not(secret) is None]
            assert takers, "nobody may take the secret action"
            enc.submit(takers[0], secret)
        data = chron.update()
        data["briefs"] = chron.briefs()
        assert data["unresolved"]
        sides = ["", *data["sides"]]
        _check_posts(data, sides)
        for side in sides:
            assert _texts(data, data["rounds"][-1]["round"], side) == _texts(
                before, before["rounds"][-1]["round"], side)
        for who in data["participants"]:
            for fmt in FORMATS:
                for lang in LANGS:
                    text = brief_text(data, who, fmt, lang)
                    assert "GM-SECRET-NOTE" not in _unescape(text)
                    assert "SECRET-PLAN" not in text and "PENDING-ORDER" not in text
                    assert text == brief_text(before, who, fmt, lang)
        assert NOTE in repr(data["rounds"])  # the notes are in the GM's record all the same
    finally:
        enc.close()
