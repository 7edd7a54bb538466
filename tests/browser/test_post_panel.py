"""The post panel in JupyterLab, driven in Debian's headless Chromium (issue 15): after Resolve it
shows the round's post, its copy button puts the text on the clipboard, and switching the desk's
language writes the post again."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest

from .conftest import CHROMIUM_FLAGS, fresh_page, kernel_eval, open_and_run, shot  # noqa: F401

pytestmark = pytest.mark.browser

CODE = """from pathlib import Path
from gmkit.dragons.ui import DragonSession

desk = DragonSession(Path("../templates/scenarios/dragon_duel_firmament.yaml"),
                     journal=Path("post_panel.jsonl"), lang="en")
desk"""


@pytest.fixture
def clip_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page whose context may read and write the clipboard (the copy button's check)."""
    yield from fresh_page(browser, request, viewport={"width": 1400, "height": 1400},
                          permissions=["clipboard-read", "clipboard-write"])


def _post(page: Any) -> str:
    return str(page.locator(".gmkit-posts .gm-post-text textarea").input_value())


def test_post_panel_resolve_copy_and_language(lab: Any, clip_page: Any) -> None:
    page = clip_page
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(CODE)]
    (lab.root / "notebooks" / "post_panel.ipynb").write_text(nbformat.writes(nb), encoding="utf-8")
    open_and_run(page, lab, "post_panel.ipynb")
    page.wait_for_selector(".gmkit-posts .gm-post-text textarea")
    assert _post(page) == ""

    # Resolve with the autopilot: the panel shows round 1's post
    page.locator(".gm-autopilot input").check()
    page.locator(".gm-resolve").click()
    page.locator(".gm-prompt .gm-confirm").click()  # no orders yet: the desk asks first
    page.wait_for_function("""() => {
        const t = document.querySelector('.gmkit-posts .gm-post-text textarea');
        return t && t.value.includes('round 1');
    }""")
    text = _post(page)
    assert text.startswith("[size=150][b]Duel over the Firmament — round 1[/b][/size]")
    assert "[img]" not in text  # no image address yet: no broken picture (issue 29)
    assert text == json.loads(kernel_eval(page, "import json; print(json.dumps(desk.posts.text.value))"))
    assert kernel_eval(page, "desk.posts.wait_pictures(); "
                             "print((desk.posts.pictures / 'round-1.player.png').exists())").strip() == "True"
    shot(page, "post-panel-round-1")

    # the copy button puts exactly that text on the clipboard
    page.locator(".gmkit-posts .gm-post-copy button").click()
    page.wait_for_selector(".gmkit-posts .gm-post-copy .gm-copy-note:not(:empty)")
    assert page.evaluate("navigator.clipboard.readText()") == text
    assert kernel_eval(page, "print(desk.posts.copy.copies)").strip() == "1"

    # switching the desk's language writes the post again, in Russian
    page.locator(".gm-lang button", has_text="ru").click()
    page.wait_for_function("""() => {
        const t = document.querySelector('.gmkit-posts .gm-post-text textarea');
        return t && t.value.includes('раунд 1');
    }""")
    ru = _post(page)
    # Russian typography: a no-break space before the dash, so the dash never starts a line
    assert ru.startswith("[size=150][b]Duel over the Firmament\u00a0— раунд 1[/b][/size]") and ru != text
    assert "Скорость/Высота" in ru
    page.locator(".gmkit-posts .gm-post-copy button").click()
    page.wait_for_function("(want) => navigator.clipboard.readText().then(t => t === want)", arg=ru)
    shot(page, "post-panel-ru")
