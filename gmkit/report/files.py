"""One naming rule for every file gmkit writes: a file holding anything a player may not see has
``.gm`` in its name (the journal, the GM's run data and report, a GM-view notebook and summary,
a desk's saved journal); every other file is safe to hand to the players it names.

>>> gm_path("out/fight.jsonl").as_posix(), gm_path("out/fight.gm.jsonl").as_posix()
('out/fight.gm.jsonl', 'out/fight.gm.jsonl')
>>> plain_stem("out/fight.gm-journal.jsonl"), plain_stem("fight.gm.json"), plain_stem("fight.ipynb")
('fight', 'fight', 'fight')
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["GM", "gm_path", "plain_stem", "is_gm_name"]

GM = ".gm"
"""What a GM's file carries in its name."""

_GM_PART = re.compile(r"\.gm(?:-journal)?(?=\.|$)")


def is_gm_name(name: str) -> bool:
    """Whether a file name says it is the GM's (``NAME.gm.html``, ``NAME.gm-journal.jsonl``)."""
    return _GM_PART.search(name) is not None


def gm_path(path: str | Path) -> Path:
    """``path`` named as a GM's file: ``.gm`` put before its last suffix unless it has it."""
    p = Path(path)
    if is_gm_name(p.name):
        return p
    return p.with_name(p.stem + GM + p.suffix)


def plain_stem(path: str | Path) -> str:
    """A file's name without its suffix and without the GM's mark: what the files made from it
    (a player's report, the pictures' folder, the briefs) are named after."""
    name = Path(path).name
    stem = name[: -len(Path(name).suffix)] if Path(name).suffix else name
    return _GM_PART.sub("", stem) or stem
