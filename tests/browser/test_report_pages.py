"""The HTML reports open at once and alone (issue 18): each example fight's GM and player pages,
loaded from a local file in headless Chromium, ask for nothing beyond the file itself, hold no
script, and show their charts and maps as SVG with the page's language. How fast they load is
measured by ``benchmarks/reports.py``, not asserted here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmkit.demo import examples
from gmkit.report.html import notebook_to_html, rebuild_notebook
from gmkit.report.rundata import play

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, str, int]]:
    """Each example's GM and player page (drawn from its run data as ``gmkit report`` draws them),
    with its language and the number of pictures it should show."""
    folder = tmp_path_factory.mktemp("pages")
    out = []
    for _, scenario, lang in examples():
        _, data = play(scenario, None, language=lang, max_rounds=40)
        pictures = 1 + len(data["rounds"]) if _has_picture(data) else 0  # the start, each round
        for view in ("gm", "player"):
            nb = rebuild_notebook(data, view)
            path = folder / f"{Path(scenario).stem}.{view}.html"
            path.write_text(notebook_to_html(nb, str(data["scenario"]["name"])), encoding="utf-8")
            out.append((path, lang, pictures))
    return out


def _has_picture(data: dict[str, Any]) -> bool:
    from gmkit.systems import get

    board = data["initial"]["gm"]
    return get(data["system"]).views_module.picture(board, data["sides"], "en", "") is not None


def test_every_page_loads_alone_and_shows_its_pictures(
        browser: Any, pages: list[tuple[Path, str, int]]) -> None:
    for path, lang, pictures in pages:
        page = browser.new_page()
        asked: list[str] = []
        page.on("request", lambda r, asked=asked: asked.append(r.url))
        try:
            page.goto(path.as_uri(), wait_until="load")
            assert [u for u in asked if u != path.as_uri()] == [], path.name
            assert page.evaluate("() => document.documentElement.lang") == lang
            assert page.evaluate("() => document.scripts.length") == 0
            shown = page.evaluate("() => [...document.querySelectorAll('div.gmkit-map > svg')]"
                                  ".filter(s => s.getBoundingClientRect().width >= 300).length")
            assert shown == pictures, f"{path.name}: {shown} pictures shown, {pictures} expected"
        finally:
            page.close()
