"""A wheel built from the repo, installed into a fresh venv, ships and loads every control's ES module.

The wheel and the venv are :mod:`tests.wheel`'s (built without isolation, gmkit from the wheel only,
the dependencies already installed reached through a path file: no download). Each control's ES
module, read by the installed package, is then imported in Chromium.
"""

from __future__ import annotations

import base64
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.wheel import ROOT, build_wheel, fresh_venv

pytestmark = pytest.mark.browser

CONTROLS = {"CopyButton": ("copy_button.js", "copy_button.css"),
            "DiceRoller": ("dice_roller.js", "dice_roller.css"),
            "GridMap": ("grid_map.js", "grid_map.css"),
            "MarkedMessage": ("paste.js", "paste.css"),
            "PasteArea": ("paste_area.js", "paste_area.css")}
"""Every anywidget control and its ES module and CSS."""

PROBE = r"""
import json, sys
import gmkit, gmkit.ui
from gmkit.space.ui import GridMap
from gmkit.ui import DiceRoller
from gmkit.ui.copy_button import CopyButton
from gmkit.ui.paste import MarkedMessage
from gmkit.ui.paste_area import PasteArea
from gmkit.ui._assets import ASSETS, asset
out = {"gmkit": gmkit.__file__, "controls": {}}
for cls in (CopyButton, DiceRoller, GridMap, MarkedMessage, PasteArea):
    out["controls"][cls.__name__] = {"esm": str(cls._esm), "css": str(cls._css)}
out["assets"] = {name: str(asset(name)) for name in ASSETS}
import anywidget, importlib, pkgutil
import gmkit.systems
for m in pkgutil.iter_modules(gmkit.ui.__path__):
    importlib.import_module("gmkit.ui." + m.name)
for system in gmkit.systems.all_systems():
    system.load("desk")
out["anywidgets"] = sorted({c.__name__ for c in anywidget.AnyWidget.__subclasses__()
                            if c.__module__.startswith("gmkit.")})
print(json.dumps(out))
"""


def _build_and_install(tmp: Path) -> dict[str, Any]:
    venv = fresh_venv(tmp, build_wheel(tmp))
    r = subprocess.run([str(venv.python), "-c", PROBE], capture_output=True, text=True, env=venv.env,
                       cwd=tmp, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    info: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    info["venv"] = str(venv.root)
    return info


def test_wheel_ships_and_loads_every_es_module(tmp_path: Path, browser: Any) -> None:
    info = _build_and_install(tmp_path)
    venv = info["venv"]
    assert info["gmkit"].startswith(venv), info["gmkit"]
    assert info["anywidgets"] == sorted(CONTROLS)  # a new control must be added here
    for name, path in info["assets"].items():
        assert path.startswith(venv), f"{name} not loaded from the wheel: {path}"
        assert Path(path).read_bytes() == (ROOT / "widgets" / name).read_bytes()
    page = browser.new_page()
    try:
        page.set_content("<html><body><div id='host'></div></body></html>")
        for control, files in info["controls"].items():
            js, css = CONTROLS[control]
            source = files["esm"]  # what the installed package hands to anywidget
            assert source == (ROOT / "widgets" / js).read_text(encoding="utf-8")
            assert files["css"] == (ROOT / "widgets" / css).read_text(encoding="utf-8")
            url = "data:text/javascript;base64," + base64.b64encode(source.encode()).decode()
            kind = page.evaluate("""async (url) => {
                const m = await import(url);
                return typeof m.default.render;
            }""", url)
            assert kind == "function", f"{control}: default.render is {kind}"
    finally:
        page.close()
