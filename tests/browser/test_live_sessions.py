"""The live-session notebooks in JupyterLab, driven in Debian's headless Chromium (issue 6).

Each test opens a notebook, runs it, works the desk with clicks, and checks both the page and the
Python state (read from the running kernel). Screenshots go to ``GMKIT_SCREENSHOTS`` (conftest).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import kernel_eval, kernel_until, open_and_run, shot

pytestmark = pytest.mark.browser


def select_option_containing(page: Any, selector: str, text: str) -> str:
    """Pick the first option of the <select> under ``selector`` whose label contains ``text``."""
    sel = page.locator(f"{selector} select")
    labels = [lab.replace("\xa0", " ") for lab in sel.locator("option").all_text_contents()]
    found = [i for i, lab in enumerate(labels) if text in lab]
    assert found, f"no option with {text!r} in {labels}"
    sel.select_option(index=found[0])
    return labels[found[0]]


def red_marker(page: Any) -> list[float]:
    return page.evaluate("""() => {
        const gd = document.querySelector('.js-plotly-plot');
        const t = gd.data.find(t => t.name === 'red');
        return [t.x[0], t.y[0]];
    }""")


def test_dragon_session_dice_refusal_and_chart(lab: Any, page: Any) -> None:
    open_and_run(page, lab, "dragon_session.ipynb")
    page.wait_for_selector(".gmkit-session .js-plotly-plot .scatterlayer")
    page.wait_for_selector(".gmkit-dice .gm-roll-btn")

    # roll dice in the DiceRoller and see the faces; the roller has rolled nothing yet, so the first
    # roll the kernel holds is the click's; then wait until the page draws that very roll
    assert kernel_eval(page, "print(desk.dice.last)").strip() == "{}"
    page.locator(".gmkit-dice .gm-expr").fill("3d6+1")
    page.locator(".gmkit-dice .gm-roll-btn").click()
    kernel_until(page, "desk.dice.last")
    last = json.loads(kernel_eval(page, "import json; print(json.dumps(desk.dice.last))"))
    assert last["expr"] == "3d6+1"
    page.wait_for_function("""(text) => {
        const r = document.querySelector('.gmkit-dice .gm-last .gm-roll');
        return r !== null && r.title === text;
    }""", arg=last["text"])
    faces = page.locator(".gmkit-dice .gm-last .gm-face").all_text_contents()
    assert len(faces) == 3 and all(f.isdigit() for f in faces)
    total = page.locator(".gmkit-dice .gm-last .gm-total").text_content()
    assert total == f"= {sum(map(int, faces)) + 1}" == f"= {last['total']}"
    shot(page, "dragon-dice")

    # an illegal order: Ash (below Bane) fires its Flame at Bane (D-5)
    select_option_containing(page, ".gm-actor", "Ash")
    select_option_containing(page, ".gm-action", "Flame → Bane")
    page.locator(".gm-add-action").click()
    page.wait_for_function("document.querySelector('.gm-actions')"
                           ".textContent.includes('attack Bane with Flame')")
    page.locator(".gm-submit").click()
    page.wait_for_selector(".gm-status .gm-refused")
    refusal = page.locator(".gm-status").text_content().replace("\xa0", " ")
    assert "D-5" in refusal and "below" in refusal
    assert kernel_eval(page, "print(desk.encounter.orders_received)").strip() == "[]"
    shot(page, "dragon-refused")

    # a legal one: Ash levels +2, Bane holds; received, content hidden; then Resolve moves the chart
    before = red_marker(page)
    page.get_by_role("button", name="clear actions").click()
    select_option_containing(page, ".gm-move", "level +2")
    page.locator(".gm-submit").click()
    page.wait_for_selector(".gm-status .gm-ok")
    received = page.locator(".gm-received").text_content().replace("\xa0", " ")
    assert "Ash: received" in received and "level" not in received
    select_option_containing(page, ".gm-actor", "Bane")
    page.locator(".gm-submit").click()
    page.wait_for_function("document.querySelector('.gm-received').textContent"
                           ".replace(/\u00a0/g, ' ').includes('Bane: received')")
    page.locator(".gm-resolve").click()
    page.wait_for_function("""(before) => {
        const gd = document.querySelector('.js-plotly-plot');
        const t = gd.data.find(t => t.name === 'red');
        return t.x[0] !== before[0] || t.y[0] !== before[1];
    }""", arg=before)
    after = red_marker(page)
    speed, height = json.loads(
        kernel_eval(page, "import json; print(json.dumps(desk.encounter.position('Ash')))"))
    assert after == [speed, height] and after != before
    assert "Round 2" in page.locator(".gm-header").text_content()
    shot(page, "dragon-resolved")


def test_space_session_map_clicks_and_player_view(lab: Any, page: Any) -> None:
    open_and_run(page, lab, "space_session.ipynb")
    page.wait_for_selector(".gmkit-map svg .gm-ship")
    current = kernel_eval(page, "print(desk.encounter.current_ship)").strip()
    hidden = json.loads(kernel_eval(page, "import json; print(json.dumps(["
                                          "s['name'] for s in desk.encounter.board('patrol')['ships'] "
                                          "if s['hidden']]))"))
    assert hidden == [current]  # the cloaked ship acts first (S-4) and the patrol cannot see it

    # click the ship whose turn it is: its legal moves light up
    page.locator(f".gmkit-map .gm-ship[data-name='{current}']").click()
    page.wait_for_selector(".gmkit-map .gm-move")
    assert kernel_eval(page, "print(desk.map.selected)").strip() == current
    cell = page.locator(".gmkit-map .gm-move").first
    x, y = int(cell.get_attribute("data-x")), int(cell.get_attribute("data-y"))
    shot(page, "space-selected")

    # click a lit cell: the order form now holds that move (Python state changed)
    cell.click()
    page.wait_for_function(f"""() => [...document.querySelectorAll('.gm-choice select option')]
        .some(o => o.selected && o.textContent.replace(/\u00a0/g, ' ').includes('to ({x}, {y})'))""")
    built = kernel_eval(page, "a, o = desk.form.build(); print(a, type(o).__name__, tuple(o.to))")
    assert built.strip() == f"{current} Move ({x}, {y})"
    assert kernel_eval(page, "print(desk.map.picked['cell'])").strip() == f"[{x}, {y}]"
    shot(page, "space-picked")

    # switch to the patrol's view: no trace of the cloaked ship anywhere in the page
    cells = json.loads(kernel_eval(page, "import json; print(json.dumps(desk.encounter.board()['ships']"
                                         "[[s['name'] for s in desk.encounter.board()['ships']]"
                                         f".index({current!r})]['cells']))"))
    select_option_containing(page, ".gm-view", "patrol")
    page.wait_for_function("document.querySelectorAll('.gmkit-map .gm-ship').length === 3")
    # every panel has had its turn to redraw (the widgets' messages arrive one by one)
    page.wait_for_function("(name) => !document.body.innerHTML.includes(name)", arg=current)
    html = page.content()
    assert current not in html
    for cx, cy in cells:
        assert f'x="{cx * 36 + 4}" y="{cy * 36 + 4}"' not in html
    names = page.eval_on_selector_all(".gmkit-map .gm-ship", "els => els.map(e => e.dataset.name)")
    assert current not in names and len(names) == 3
    assert kernel_eval(page, "print(desk.side)").strip() == "patrol"
    shot(page, "space-player-view")


def test_user_typed_names_are_shown_as_text(lab: Any, page: Any) -> None:
    """A dragon named like an HTML tag shows as text everywhere; nothing runs (no dialog)."""
    import nbformat

    evil = "<img src=x onerror=alert(1)>"
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "language": "python",
                                                            "display_name": "Python 3"}})
    nb.cells = [nbformat.v4.new_code_cell(
        "import yaml\n"
        "from gmkit.dragons.ui import DragonSession\n"
        "sc = yaml.safe_load(open('../templates/scenarios/dragon_duel_firmament.yaml'))\n"
        f"sc['name'] = {evil!r}\n"
        f"sc['dragons'][0]['name'] = {evil!r}\n"
        "desk = DragonSession(sc)\n"
        f"desk.form.choose({evil!r})\n"
        "desk.form.submit()\n"
        "desk.encounter.note(sc['name'])\n"
        "desk")]
    nbformat.write(nb, lab.root / "notebooks" / "escape.ipynb")
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_and_run(page, lab, "escape.ipynb")
    page.wait_for_selector(".gmkit-session .js-plotly-plot .scatterlayer")
    page.wait_for_timeout(1000)
    assert dialogs == []
    assert page.locator(".gmkit-session img[src='x']").count() == 0
    text = page.locator(".gmkit-session").inner_text().replace("\xa0", " ")
    assert evil in text  # header, received list and log show the name as typed
    labels = page.locator(".gmkit-session .js-plotly-plot .textpoint").all_text_contents()
    assert evil in labels
    shot(page, "escape")
