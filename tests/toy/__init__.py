"""A toy rule set, "race": the fourth registered rule set, with the same files as the real three.

Each round every racer's order says how many d6 to roll; the sum moves it forward; the first to
the goal wins. Enough to exercise secret orders, resolution, events with rolls, undo, the journal,
the registry and every generic view, without any real engine. Importing the package registers it
(``gmkit.systems.register``), as an outside package's entry point would.
"""

from __future__ import annotations

from gmkit.systems import register

from .engine import SCENARIO, Race
from .orders import Run
from .system import SYSTEM

register(SYSTEM)

__all__ = ["Race", "Run", "SCENARIO", "SYSTEM"]
