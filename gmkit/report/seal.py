"""The seal's posts for the thread: the opening block (the commitment, what to post as salt), the
salt taken, and the closing block (the secret and the salt), in a forum's BBCode or Markdown.

Each field stands on a line of its own, as the catalogue words it (``Печать: 3f2a…``), so that
the checker (:mod:`gmkit.checker`) reads it back from a post copied out of the thread. The salt
is the players' text: escaped for the format like every text a reader typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import format_message
from .bbcode import dialect, escape_bbcode
from .forum import check_format
from .markdown import _inline, escape_markdown

__all__ = ["opening_block", "salt_block", "closing_block"]


def _write(title: str, lines: list[str], fmt: str) -> str:
    check_format(fmt)
    if fmt == "markdown":
        return "\n\n".join([f"## {_inline(title)}", *(escape_markdown(t) for t in lines)]) + "\n"
    d = dialect(fmt)
    return "\n\n".join([d.title(escape_bbcode(title)), *(escape_bbcode(t) for t in lines)]) + "\n"


def _name(seal: Mapping[str, Any]) -> str:
    return str(seal.get("name") or "")


def opening_block(seal: Mapping[str, Any], lang: str, fmt: str = "phpbb") -> str:
    """The post that opens a sealed fight: its commitment and identity, and what the players
    should post as salt. ``seal`` holds ``commitment``, ``scenario``, ``journal`` and ``name``."""
    t = lambda key, **p: format_message(key, lang, **p)  # noqa: E731
    return _write(t("seal.open.title", name=_name(seal)), [
        t("seal.block.commitment", commitment=seal["commitment"]),
        t("seal.block.fight", scenario=seal["scenario"], journal=seal["journal"]),
        t("seal.open.why"), t("seal.open.ask"), t("seal.open.after")], fmt)


def salt_block(seal: Mapping[str, Any], lang: str, fmt: str = "phpbb") -> str:
    """The post that says which salt the GM took (the players see it is theirs)."""
    t = lambda key, **p: format_message(key, lang, **p)  # noqa: E731
    return _write(t("seal.salted.title", name=_name(seal)), [
        t("seal.block.commitment", commitment=seal["commitment"]),
        t("seal.block.salt", salt=seal["salt"]), t("seal.salted.note")], fmt)


def closing_block(seal: Mapping[str, Any], lang: str, fmt: str = "phpbb") -> str:
    """The post that opens the seal: the secret and the salt, and how to check the posts.
    ``seal`` holds what :meth:`gmkit.encounter.Encounter.reveal` gives, ``name`` and ``draws``
    (how many dice were drawn so far)."""
    t = lambda key, **p: format_message(key, lang, **p)  # noqa: E731
    return _write(t("seal.reveal.title", name=_name(seal)), [
        t("seal.block.commitment", commitment=seal["commitment"]),
        t("seal.block.fight", scenario=seal["scenario"], journal=seal["journal"]),
        t("seal.block.secret", secret=seal["secret"]),
        t("seal.block.salt", salt=seal["salt"]),
        t("seal.block.draws", draws=str(seal["draws"])),
        t("seal.reveal.how")], fmt)
