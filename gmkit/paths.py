"""Where gmkit's own files are: the templates and example scenarios, and a path given relative to
them. A core helper: the simulation, the batch runner and the demo find their files here without
reaching up into the report package."""

from __future__ import annotations

from pathlib import Path

__all__ = ["templates_dir", "find_file"]


def templates_dir() -> Path:
    """Where the templates and the example scenarios are: ``gmkit/templates`` in the package (in a
    source checkout a link to the top-level ``templates/`` folder; in a wheel, package data)."""
    from importlib import resources

    return Path(str(resources.files("gmkit") / "templates"))


def find_file(path: str | Path) -> Path:
    """``path`` as given, or relative to the templates' folder (where the example scenarios
    are: ``scenarios/dragon_blue_2v3.yaml``), or the same relative to ``templates/`` as a source
    checkout writes it (``templates/scenarios/...``)."""
    p = Path(path).expanduser()
    if p.exists() or p.is_absolute():
        return p
    base = templates_dir()
    for cand in (base / p, base.parent / p):
        if cand.exists():
            return cand
    return p
