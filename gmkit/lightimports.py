"""Start-up time for processes gmkit owns (its commands, batch workers, template kernels)."""

from __future__ import annotations

import sys

__all__ = ["light_imports"]


def light_imports() -> None:
    """Skip jsonschema's rfc3987 IRI format checker, whose grammar takes 1-2 s to build every time
    nbformat is first imported.

    Nothing gmkit reads or writes uses that format; call it before nbformat is imported.
    """
    if "jsonschema" not in sys.modules:
        sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
