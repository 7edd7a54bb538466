"""Where the browser side of each anywidget control lives.

The ES modules and CSS are written in the top-level ``widgets/`` folder; ``gmkit/ui/static`` is a
link to it, so an editable install, a source checkout and a built wheel (which copies the files
through the link) all find them at the same place inside the package.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["asset", "ASSETS"]

ASSETS = ("dice_roller.js", "dice_roller.css", "grid_map.js", "grid_map.css", "copy_button.js",
          "copy_button.css", "paste.js", "paste.css", "paste_area.js", "paste_area.css")
"""Every file the controls load in the browser."""


def asset(name: str) -> Path:
    """The path of one of :data:`ASSETS`; a missing file is an error that says what to reinstall."""
    here = Path(str(resources.files(__package__))) / "static" / name
    if here.is_file():
        return here
    source = Path(__file__).resolve().parents[2] / "widgets" / name
    if source.is_file():
        return source
    raise FileNotFoundError(f"gmkit widget file {name!r} is missing from {here.parent}: "
                            f"reinstall gmkit (pip install gmkit) to restore it")
