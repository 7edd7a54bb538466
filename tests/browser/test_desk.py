"""The desk a GM can live in, in JupyterLab and Debian's Chromium at 1366×768, in both languages
(issue 17; the paste box of issue 16): the newest event in view after Resolve, no label cut, the
missing-order prompt answered, no trace of a cloaked ship after a language switch in a side's view,
a pasted Russian message filling the order. Screenshots of each desk in each language are written
to ``GMKIT_SCREENSHOTS`` (see conftest)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import fresh_page, kernel_eval, kernel_until, open_and_run, shot, wait_idle

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768
TOLERANCE = 2
"""Pixels an element's content may exceed its box before it counts as cut: sub-pixel rounding of
fractional widths (flex items, scaled fonts) shows up as 1 px in scrollWidth."""

DESKS = {"dragon": "dragon_session.ipynb", "space": "space_session.ipynb",
         "skirmish": "skirmish_session.ipynb"}

CUT = """(tol) => {
    const root = document.querySelector('.gmkit-session');
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    const norm = (t) => (t || '').replace(/\\u00a0/g, ' ').replace(/\\s+/g, ' ').trim();
    const bad = [];
    const name = (el) => el.tagName + '.' + [...el.classList].join('.') + ': '
        + norm(el.textContent).slice(0, 60);
    for (const el of root.querySelectorAll('*')) {
        if (el.closest('.js-plotly-plot, svg, textarea')) continue;
        const cs = getComputedStyle(el);
        if (cs.display === 'none' || cs.visibility === 'hidden' || el.getClientRects().length === 0) continue;
        if (el.tagName === 'SELECT') {
            ctx.font = cs.font;
            const opt = el.options[el.selectedIndex];
            const text = norm(opt ? opt.text : '');
            const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
            if (ctx.measureText(text).width > room + tol) {
                // a drop-down cannot wrap: its whole label must be shown, wrapped, just below it
                const box = el.closest('.widget-dropdown');
                const next = box && box.nextElementSibling;
                if (!next || !norm(next.textContent).includes(text)) bad.push('select ' + text);
            }
            continue;
        }
        if (['auto', 'scroll'].includes(cs.overflowX) || el.clientWidth === 0) continue;
        if (el.scrollWidth > el.clientWidth + tol) {
            bad.push(name(el) + ` (${el.scrollWidth} > ${el.clientWidth})`);
        }
    }
    return bad;
}"""


@pytest.fixture
def desk_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A 1366×768 page: the laptop screen a GM has."""
    yield from fresh_page(browser, request, viewport={"width": WIDTH, "height": HEIGHT})


def _notebook(lab: Any, desk: str, name: str) -> str:
    """A copy of a desk's notebook journaling to its own file (each test starts a fresh fight and
    no two kernels share a journal)."""
    source = (lab.root / "notebooks" / DESKS[desk]).read_text(encoding="utf-8")
    stem = DESKS[desk].removesuffix(".ipynb")
    copy = source.replace(f'{stem}.jsonl', f'{name}.jsonl')
    assert copy != source
    (lab.root / "notebooks" / f"{name}.ipynb").write_text(copy, encoding="utf-8")
    return f"{name}.ipynb"


def _lang(page: Any, lang: str) -> None:
    page.locator(".gmkit-session .gm-lang button", has_text=lang).click()
    word = "Раунд" if lang == "ru" else "Round"
    page.wait_for_function("(w) => document.querySelector('.gmkit-session .gm-header')"
                           ".textContent.includes(w)", arg=word)
    wait_idle(page)


def _resolve(page: Any) -> None:
    """Resolve with the autopilot, confirming the missing-order prompt when it asks."""
    before = kernel_eval(page, "print(len(desk.encounter.record))").strip()
    box = page.locator(".gmkit-session .gm-autopilot input")
    if not box.is_checked():
        box.check()
        kernel_until(page, "desk.autopilot.value")
    page.locator(".gmkit-session .gm-resolve").click()
    kernel_until(page, f"desk.prompting or len(desk.encounter.record) != {before}")
    if kernel_eval(page, "print(desk.prompting)").strip() == "True":
        page.locator(".gmkit-session .gm-prompt .gm-confirm").click()
        kernel_until(page, f"len(desk.encounter.record) != {before}")
    wait_idle(page)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("desk", list(DESKS))
def test_no_label_is_cut_and_the_map_fits_beside_the_form(lab: Any, desk_page: Any, desk: str,
                                                           lang: str) -> None:
    page = desk_page
    open_and_run(page, lab, _notebook(lab, desk, f"cut-{desk}-{lang}"))
    page.wait_for_selector(".gmkit-session .gm-resolve")
    _lang(page, "ru" if lang == "en" else "en")
    _lang(page, lang)
    _resolve(page)
    page.locator(".gmkit-session .gm-paste-text textarea").fill("?")  # the paste box's reply too
    page.locator(".gmkit-session .gm-paste-read").click()
    wait_idle(page)
    page.wait_for_timeout(300)
    page.locator(".gmkit-session .gm-header").scroll_into_view_if_needed()
    shot(page, f"desk-{desk}-{lang}")
    # the check can fail: a label cut on purpose is found, then taken away again
    page.evaluate("""() => { const d = document.createElement('div'); d.id = 'gm-probe';
        d.style.cssText = 'width: 40px; overflow: hidden; white-space: nowrap';
        d.textContent = 'Разыграть раунд целиком'; document.querySelector('.gmkit-session').append(d); }""")
    assert [b for b in page.evaluate(CUT, TOLERANCE) if "Разыграть раунд целиком" in b]
    page.evaluate("document.getElementById('gm-probe').remove()")
    assert page.evaluate(CUT, TOLERANCE) == []
    if desk == "space":
        form = page.locator(".gmkit-session .gmkit-form").bounding_box()
        grid = page.locator(".gmkit-session .gmkit-map svg").bounding_box()
        assert grid["x"] >= form["x"] + form["width"] - 1 and grid["x"] + grid["width"] <= WIDTH
        assert grid["y"] < form["y"] + form["height"]  # beside the form, not below it
        coords = page.locator(".gmkit-map .gm-coord").all_text_contents()
        assert "0" in coords and len(page.locator(".gmkit-map .gm-legend li").all()) >= 5


def test_the_newest_event_is_in_view_after_resolve(lab: Any, desk_page: Any) -> None:
    page = desk_page
    open_and_run(page, lab, _notebook(lab, "skirmish", "newest"))
    page.wait_for_selector(".gmkit-session .gm-resolve")
    for _ in range(4):
        _resolve(page)
    newest = json.loads(kernel_eval(page, "import json; e = desk.encounter.events_for(None)[-1]; "
                                          "print(json.dumps(e.text(desk.lang)))"))
    row = page.locator(".gmkit-session .gm-log tbody tr", has_text=newest).first
    row.scroll_into_view_if_needed()  # the page, not the log: the log box itself must show it
    box = page.locator(".gmkit-session .gm-log-scroll").bounding_box()
    r = row.bounding_box()
    assert box["y"] <= r["y"] and r["y"] + r["height"] <= box["y"] + box["height"] + 1
    first = page.locator(".gmkit-session .gm-log tbody tr").first.text_content() or ""
    rnd = kernel_eval(page, "print(desk.encounter.events_for(None)[-1].round)").strip()
    assert re.search(rf"\b{rnd}\b", first)  # the newest round's separator heads the log
    shot(page, "desk-newest-event")


def test_the_missing_order_prompt_appears_and_is_answered(lab: Any, desk_page: Any) -> None:
    page = desk_page
    open_and_run(page, lab, _notebook(lab, "dragon", "prompt"))
    page.wait_for_selector(".gmkit-session .gm-resolve")
    _lang(page, "en")
    assert "Waiting for orders from Ash and Bane" in page.locator(".gm-orders-state").inner_text()
    page.locator(".gmkit-session .gm-resolve").click()
    prompt = page.locator(".gmkit-session .gm-prompt")
    prompt.wait_for(state="visible")
    text = prompt.inner_text().replace("\xa0", " ")
    assert "Ash" in text and "Bane" in text and "holds level flight" in text
    shot(page, "desk-missing-prompt")
    page.locator(".gm-prompt .gm-cancel").click()
    prompt.wait_for(state="hidden")
    assert kernel_eval(page, "print(desk.encounter.round)").strip() == "1"
    page.locator(".gmkit-session .gm-resolve").click()
    prompt.wait_for(state="visible")
    page.locator(".gm-prompt .gm-confirm").click()
    page.wait_for_function("document.querySelector('.gmkit-session .gm-header')"
                           ".textContent.includes('Round 2')")
    assert kernel_eval(page, "print(desk.encounter.round)").strip() == "2"


def test_language_switch_in_a_sides_view_sends_nothing_of_the_cloaked_ship(lab: Any, desk_page: Any) -> None:
    page = desk_page
    frames: list[str] = []

    def listen(ws: Any) -> None:
        ws.on("framereceived", lambda f: frames.append(f if isinstance(f, str)
                                                       else bytes(f).decode("utf-8", "replace")))

    page.on("websocket", listen)
    open_and_run(page, lab, _notebook(lab, "space", "cloaked"))
    page.wait_for_selector(".gmkit-map svg .gm-ship")
    hidden = json.loads(kernel_eval(page, "import json; print(json.dumps(["
                                          "s['name'] for s in desk.encounter.board('patrol')['ships'] "
                                          "if s['hidden']]))"))
    cells = json.loads(kernel_eval(page, "import json; print(json.dumps("
                                         "[c for s in desk.encounter.board()['ships'] "
                                         f"if s['name'] in {hidden!r} for c in s['cells']]))"))
    assert hidden and cells
    page.locator(".gm-view select").select_option("patrol")
    page.wait_for_function("document.querySelectorAll('.gmkit-map .gm-ship').length === 3")
    wait_idle(page)
    frames.clear()  # from here on: what reaches the browser in the patrol's view
    for lang in ("ru", "en", "ru"):
        _lang(page, lang)
    assert kernel_eval(page, "print(desk.side, desk.view.value)").strip() == "patrol patrol"
    assert page.locator(".gm-view select").input_value() == "patrol"
    html = page.content()
    for name in hidden:
        assert name not in html
        assert not [f for f in frames if name in f], "a frame sent to the browser names the cloaked ship"
    for x, y in cells:
        assert f'x="{x * 36 + 4}" y="{y * 36 + 4}"' not in html
    assert frames  # the switch did send the desk again
    shot(page, "desk-space-patrol-ru")


def test_pasting_a_russian_message_fills_the_order_and_a_wrong_one_shows_the_reply(lab: Any,
                                                                                    desk_page: Any) -> None:
    page = desk_page
    open_and_run(page, lab, _notebook(lab, "dragon", "paste"))
    page.wait_for_selector(".gmkit-session .gm-paste-read")
    _lang(page, "ru")
    page.locator(".gm-paste-actor select").select_option("Ash")
    page.locator(".gm-paste-text textarea").fill("Мастер, Эш идёт ровно.\nЗаявка: ровно +2")
    page.locator(".gm-paste-read").click()
    page.wait_for_function("document.querySelector('.gm-paste-result').textContent.includes('ровно +2')")
    page.locator(".gm-paste-form").click()
    page.wait_for_function("""() => [...document.querySelectorAll('.gm-move select option')]
        .some(o => o.selected && o.textContent.replace(/\\u00a0/g, ' ').startsWith('ровно +2'))""")
    page.locator(".gm-paste-accept").click()
    page.wait_for_function("document.querySelector('.gm-received').textContent.includes('Ash')")
    assert kernel_eval(page, "print(desk.encounter.pending_order('Ash'))").strip() == \
        "DragonOrder(move=Move(kind='level', amount=2), actions=())"
    shot(page, "desk-paste-accepted")
    page.locator(".gm-paste-actor select").select_option("Bane")
    page.locator(".gm-paste-text textarea").fill("Бейн улетает на луну и пьёт чай")
    page.locator(".gm-paste-read").click()
    reply = page.locator(".gm-paste-reply textarea")
    reply.wait_for(state="visible")
    page.wait_for_function("document.querySelector('.gm-paste-reply textarea').value.length > 0")
    assert page.locator(".gm-paste-accept").is_disabled()
    assert kernel_eval(page, "print(desk.encounter.pending_order('Bane'))").strip() == "None"
    assert reply.input_value() == json.loads(
        kernel_eval(page, "import json; print(json.dumps(desk.paste.reply.value))"))
    shot(page, "desk-paste-reply")
