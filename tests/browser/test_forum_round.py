"""A whole forum round at the desk, in JupyterLab and Debian's Chromium, counted in the GM's
actions (issue 29): the Russian 2-vs-3 dragon fight (five players, each with a forum nickname)
from five pasted private messages to the copied post and the five copied briefs, a three-ship
space round, and (issue 34) the fantasy starter «Засада у брода»: five messages with both parts
of the round, one question, one «Разыграть раунд» from the ranged exchange into melee. Every
click, paste and group of keystrokes is one action; the targets are <= 20 actions for the dragon
and fantasy rounds and <= 25 for space. The tool's own seconds after the kernel is up (from each
action to the desk showing its result) are printed, not asserted. Screenshots of the round's
table go to ``GMKIT_SCREENSHOTS`` (see conftest)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
import yaml

from tests.forum.messages import FANTASY_PASTE
from tests.inbox.fights import blue, lighthouse

from . import conftest
from .conftest import fresh_page, kernel_eval, open_and_run

pytestmark = pytest.mark.browser

DRAGON_PASTE = """Тема: Re: Засада в Синеве, раунд 1
От: Sky_Kira
Кому: Мастер
Отправлено: 12.03.2025, 21:40

Мастер, привет! Долго думала, что делать. Заявка: набор высоты 1, атакую Шквала Пламенем. Надеюсь, повезёт :)

— Кира
---------------------------------------------------------------
Тема: Re: Засада в Синеве, раунд 1
От: Дорн
Кому: Мастер
Отправлено: 12.03.2025, 22:05

держу скорость, Огненным плевком по Ворону. Хотя нет, лучше по Мгле.
---------------------------------------------------------------
Тема: Re: раунд 1
От: shkval77
Кому: Мастер
Отправлено: 13.03.2025, 08:12

[quote="Мастер"]Гроза пикирует на Шквала, Пепел набирает высоту. Ждём заявки до среды[/quote]
Понял. Шквал пикирует на 1, Укусом по Пеплу!
---------------------------------------------------------------
Тема: Re: раунд 1
От: Ярина_М
Кому: Мастер
Отправлено: 13.03.2025, 09:30

Мгла: ровно, кислотой по дракону крыла
---------------------------------------------------------------
Тема: раунд 1
От: Серый
Кому: Мастер
Отправлено: 13.03.2025, 10:01

Ворон не пикирует, держит скорость и высоту, кислота по Грозе.
"""
"""Five private messages as a GM copies them from the forum: prose around the order (Sky_Kira),
a self-correction (Дорн), a quote of the GM's post (shkval77), one naming nobody it can be sure of
(Ярина_М: «the dragon of the wing» is either of two, so the desk asks) and a negation (Серый)."""

SPACE_PASTE = """От: Ворон
Отправлено: 14.03.2025, 19:02

Тень стреляет по Стражу, по системам, и остаётся на месте.
***
От: Кэп
Отправлено: 14.03.2025, 19:40

Буревестник: лечу на (3, 7)

— Кэп
"""

HOSTILE = "От: Sky_Kira\n\n<script>window.__pwned = 1</script> [url=http://evil]тык[/url] набор высоты 1\n"


class Actions:
    """The GM's actions, each with the seconds from it to the desk showing its result."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, int, float]] = []

    def do(self, name: str, count: int, act: Any, done: Any = None) -> None:
        t0 = time.perf_counter()
        act()
        if done is not None:
            done()
        self.steps.append((name, count, time.perf_counter() - t0))

    @property
    def count(self) -> int:
        return sum(n for _, n, _ in self.steps)

    @property
    def seconds(self) -> float:
        return sum(s for _, _, s in self.steps)

    def report(self, title: str, target: int) -> None:
        print(f"\n{title}")
        for name, n, s in self.steps:
            print(f"    {name:58} {n:2d} action(s) {s:6.2f} s")
        print(f"  GM actions: {self.count} (target <= {target}); the tool's seconds after the "
              f"kernel is up: {self.seconds:.2f} s")


def shot(element: Any, name: str) -> None:
    """A screenshot of one part of the desk, ``<name>.png`` in the screenshots' folder."""
    assert conftest.SCREENSHOTS is not None, "the screenshots fixture sets the folder"
    element.scroll_into_view_if_needed()
    element.screenshot(path=str(conftest.SCREENSHOTS / f"{name}.png"))


def tall_shot(page: Any, selector: str, name: str) -> None:
    """A screenshot of a long part of the desk: the page made tall enough to hold it whole."""
    page.set_viewport_size({"width": 1366, "height": 2400})
    shot(page.locator(selector), name)
    page.set_viewport_size({"width": 1366, "height": 900})


@pytest.fixture
def clip_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A 1366-wide page whose context may read and write the clipboard."""
    yield from fresh_page(browser, request, viewport={"width": 1366, "height": 900},
                          permissions=["clipboard-read", "clipboard-write"])


def _open(lab: Any, page: Any, name: str, scenario: dict[str, Any], seed: int) -> None:
    """A notebook with the desk of ``scenario`` (written beside it), opened and run."""
    folder = lab.root / "notebooks"
    (folder / f"{name}.yaml").write_text(yaml.safe_dump(scenario, allow_unicode=True), encoding="utf-8")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "from pathlib import Path\nfrom gmkit.ui.sessions import session\n\n"
        f'desk = session(Path("{name}.yaml"), {seed}, journal=Path("{name}.jsonl"))\ndesk')]
    (folder / f"{name}.ipynb").write_text(nbformat.writes(nb), encoding="utf-8")
    open_and_run(page, lab, f"{name}.ipynb")
    page.wait_for_selector(".gmkit-round .gm-round-paste textarea")


def _rows(page: Any, state: str, n: int) -> Any:
    return lambda: page.wait_for_function(
        "([s, n]) => document.querySelectorAll('.gmkit-round .gm-round-row.gm-state-' + s).length === n",
        arg=[state, n])


def _status(page: Any, text: str) -> Any:
    return lambda: page.wait_for_function(
        "(t) => { const s = document.querySelector('.gmkit-round .gm-round-status');"
        " return s && s.textContent.includes(t); }", arg=text)


def _clipboard(page: Any, want: str) -> Any:
    return lambda: page.wait_for_function(
        "(want) => navigator.clipboard.readText().then(t => t === want)", arg=want)


def _paste(page: Any, acts: Actions, text: str, done: Any, where: str = ".gm-round-paste textarea") -> None:
    """The GM copied the messages from the forum (outside the tool); at the desk: a click (in the
    box, or anywhere on the desk outside a text field), a paste — the table is read on the paste."""
    page.evaluate("(t) => navigator.clipboard.writeText(t)", text)
    box = page.locator(f".gmkit-session {where}").first
    acts.do(f"click the desk ({where})", 1, box.click)
    acts.do("paste every message (Ctrl+V): the table is read", 1,
            lambda: page.keyboard.press("Control+V"), done)


def _answer_and_accept(page: Any, acts: Actions, question: Any, answer: str, ready: int) -> None:
    """The question answered in its row (the GM types what the player meant and reads the row
    again: 3 actions), then «Принять все» takes the ``ready`` rows."""
    edit = question.locator(".gm-round-edit-text textarea")
    acts.do("click the row's message", 1, edit.click)
    acts.do("type the answer (one group of keystrokes)", 1, lambda: edit.fill(answer))
    acts.do("read the row again", 1, question.locator(".gm-round-reread").click, _rows(page, "ready", ready))
    acts.do("«Принять все»", 1, page.locator(".gmkit-round .gm-round-accept").click,
            _rows(page, "received", ready))


def _copy_out(page: Any, acts: Actions) -> None:
    post = json.loads(kernel_eval(page, "import json; print(json.dumps(desk.round_table.post_copy.text))"))
    assert post and "[img]" not in post
    acts.do("copy the post", 1, page.locator(".gmkit-round .gm-round-post-copy button").click,
            _clipboard(page, post))
    briefs = json.loads(kernel_eval(page, "import json; print(json.dumps([(b.actor, b.player, b.text) "
                                          "for b in desk.round_table.briefs.briefs]))"))
    rows = page.locator(".gmkit-round .gm-brief-row")
    assert rows.count() == len(briefs)
    for k, (actor, player, text) in enumerate(briefs):
        row = rows.nth(k)
        assert actor in row.locator(".gm-brief-who").inner_text() and player in row.locator(
            ".gm-brief-who").inner_text()  # the nickname beside the actor: where to send it
        acts.do(f"copy {actor}'s brief for {player}", 1,
                row.locator(".gm-brief-row-copy button").click, _clipboard(page, text))


def test_the_dragon_round_in_at_most_20_actions(lab: Any, clip_page: Any) -> None:
    page = clip_page
    _open(lab, page, "round_dragon", blue(), 7)
    acts = Actions()
    _paste(page, acts, DRAGON_PASTE, _rows(page, "question", 1))
    _rows(page, "ready", 4)()
    question = page.locator(".gmkit-round .gm-round-row.gm-state-question")
    assert "Мгла" in question.locator(".gm-round-who").inner_text()
    assert "Пепла или Грозу" in question.locator(".gm-round-reply textarea").input_value()
    tall_shot(page, ".gmkit-round", "forum-round-dragon-ru-table")
    _answer_and_accept(page, acts, question, "Мгла: ровно, кислотой по Пеплу", 5)
    acts.do("«Разыграть раунд»", 1, page.locator(".gmkit-round .gm-round-play").click,
            _status(page, "Раунд сыгран"))
    _rows(page, "missing", 5)()  # round 2: a reminder per player
    assert kernel_eval(page, "print(desk.encounter.round)").strip() == "2"
    page.wait_for_selector(".gmkit-round .gm-brief-row")
    tall_shot(page, ".gmkit-round .gm-round-out", "forum-round-dragon-ru-out")
    _copy_out(page, acts)
    acts.report("Dragon round, 2 vs 3, five players, in the browser", 20)
    assert acts.count <= 20

    # a player's script and BBCode are text on the desk, never markup
    page.locator(".gmkit-round .gm-round-paste textarea").fill("")
    page.evaluate("(t) => navigator.clipboard.writeText(t)", HOSTILE)
    page.locator(".gmkit-round .gm-round-paste textarea").click()
    page.keyboard.press("Control+V")
    page.wait_for_function("() => [...document.querySelectorAll('.gmkit-round .gm-round-marked')]"
                           ".some(m => m.textContent.includes('<script>'))")
    assert page.evaluate("() => window.__pwned === undefined && "
                         "!document.querySelector('.gmkit-round script, .gmkit-round a[href]')")


def test_the_space_round_in_at_most_25_actions(lab: Any, clip_page: Any) -> None:
    page = clip_page
    sc = lighthouse()
    del sc["ships"][1]["player"]  # Страж: the GM's ship, flown by the autopilot on its turn
    _open(lab, page, "round_space", sc, 5)
    acts = Actions()
    _paste(page, acts, SPACE_PASTE, _rows(page, "ready", 2), where=".gm-header")  # not the box
    _rows(page, "later", 1)()
    tall_shot(page, ".gmkit-round", "forum-round-space-ru-table")
    acts.do("«Принять все» (every ship's order up front)", 1,
            page.locator(".gmkit-round .gm-round-accept").click, _rows(page, "received", 2))
    acts.do("«Разыграть раунд» (three turns in initiative order)", 1,
            page.locator(".gmkit-round .gm-round-play").click, _status(page, "Раунд сыгран"))
    played = json.loads(kernel_eval(page, "import json; "
                                          "print(json.dumps(desk.round_table.play_result.played))"))
    assert played == ["Тень", "Страж", "Буревестник"]
    page.wait_for_selector(".gmkit-round .gm-brief-row")
    _copy_out(page, acts)
    acts.report("Space round, three ships, one the GM's, in the browser", 25)
    assert acts.count <= 25


def test_the_fantasy_round_in_at_most_20_actions(lab: Any, clip_page: Any) -> None:
    page = clip_page
    starter = conftest.ROOT / "templates/scenarios/fantasy_ford_ambush_ru.yaml"
    sc = yaml.safe_load(starter.read_text(encoding="utf-8"))
    _open(lab, page, "round_fantasy", sc, 3)
    acts = Actions()
    _paste(page, acts, FANTASY_PASTE, _rows(page, "question", 1))
    states = json.loads(kernel_eval(page, "import json; print(json.dumps({r.actor: r.state "
                                          "for r in desk.round_table.table.rows}))"))
    players = ["Борин", "Эльвен", "Мира", "Ярослава", "Тихон"]
    assert {p: states[p] for p in players} == {**dict.fromkeys(players, "ready"), "Ярослава": "question"}
    ready = list(states.values()).count("ready")  # the players', and the goblins' on their turn
    _rows(page, "ready", ready)()
    question = page.locator(".gmkit-round .gm-round-row.gm-state-question")
    assert "Ярослава" in question.locator(".gm-round-who").inner_text()
    assert "Гоблина 1, Гоблина 2 или" in question.locator(".gm-round-reply textarea").input_value()
    tall_shot(page, ".gmkit-round", "forum-round-fantasy-ru-table")
    _answer_and_accept(page, acts, question, "Стреляю из арбалета во второго гоблина.", ready + 1)
    acts.do("«Разыграть раунд» (the exchange, then melee)", 1,
            page.locator(".gmkit-round .gm-round-play").click, _status(page, "Раунд"))
    state = json.loads(kernel_eval(page, "import json; e = desk.encounter; print(json.dumps("
                                         "[e.phase, e.round, desk.round_table.play_result.stopped, "
                                         "desk.posts.round.value]))"))
    assert state[0] == "melee" and state[2] in ("done", "over"), state
    assert state[3] == [1, state[1]], state  # one post for every round the forum round reached
    page.wait_for_selector(".gmkit-round .gm-brief-row")
    tall_shot(page, ".gmkit-round .gm-round-out", "forum-round-fantasy-ru-out")
    _copy_out(page, acts)
    acts.report("Fantasy round, five players against five goblins, in the browser", 20)
    assert acts.count <= 20
