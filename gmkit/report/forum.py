"""Posts and briefs as text to paste: BBCode in a forum's dialect, or Markdown (Discord); their
pictures as PNG files.

The blocks come from :mod:`.posts` (the same blocks a report is made of); here they are only
written out. Every user-typed text goes through the writers' escapes (:func:`.bbcode.escape_bbcode`,
:func:`.markdown.escape_markdown`), so a name cannot open or close a tag, a link or a code span.

>>> from gmkit.report.forum import FORMATS
>>> FORMATS
('phpbb', 'mybb', 'xenforo', 'plain', 'markdown')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..errors import GmkitError
from ..i18n import format_message
from . import document as doc
from .bbcode import DIALECTS, Dialect, dialect, escape_bbcode
from .markdown import _inline, code_span, escape_markdown

__all__ = ["FORMATS", "check_format", "write_bbcode", "write_markdown", "write", "post_text",
           "brief_text", "image_url", "check_image_base", "svg_to_png", "write_pictures",
           "PLACEHOLDER"]

FORMATS = (*DIALECTS, "markdown")
"""Every format a post or brief is written in: the BBCode dialects, then Markdown."""

PLACEHOLDER = "UPLOAD-URL/"
"""What :func:`image_url` gives before the GM has set an image base URL. A post written then has
no picture at all (a placeholder would be a broken picture in the thread)."""

_BASE = re.compile(r"^https?://[^\s\[\]<>\"'`()\\]+$", re.IGNORECASE)


def check_format(fmt: str) -> str:
    """``fmt`` if it is a known format; else a clear refusal listing them."""
    if fmt not in FORMATS:
        dialect(fmt)  # raises, naming every format
    return fmt


def check_image_base(base: str) -> str:
    """The GM's image base URL (``https://...``), refused when it is not a plain web address
    (it goes into ``[img]`` as it is)."""
    base = (base or "").strip()
    if base and not _BASE.match(base):
        raise GmkitError(format_message("posts.error.image_base", None, base=base))
    return base


def image_url(name: str, base: str = "") -> str:
    """Where the post's picture ``name`` is: under the GM's base URL, or the placeholder."""
    base = check_image_base(base)
    prefix = base.rstrip("/") + "/" if base else PLACEHOLDER
    return prefix + quote(name)


def _cell(value: Any) -> str:
    return re.sub(r"\s*[\r\n]+\s*", " ", "" if value is None else str(value))


def _table_text(rows: Any) -> str:
    cols, values = rows
    return doc.table_text(([_cell(c) for c in cols], [[_cell(v) for v in row] for row in values]))


# --- BBCode ------------------------------------------------------------------------------------------

def write_bbcode(blocks: Iterable[doc.Block], d: Dialect, image_base: str = "") -> str:
    """Blocks as BBCode in dialect ``d``: titles, paragraphs, lists with the rolls in small grey
    print, tables as fixed-width text in ``[code]``, pictures as ``[img]`` once the GM has an
    address to upload them to (``image_base``; without one the post has no picture at all)."""
    e = escape_bbcode
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, doc.Heading):
            text = e(_cell(block.text))
            parts.append(d.title(text) if block.level <= 2 else f"[b]{text}[/b]")
        elif isinstance(block, doc.Para):
            parts.append(e(block.text))
        elif isinstance(block, doc.Story):
            items = []
            for text, rolls in block.items:
                roll = f" {d.small('(' + e('; '.join(rolls)) + ')', grey=True)}" if rolls else ""
                items.append(f"[*]{e(_cell(text))}{roll}")
            parts.append("[list]\n" + "\n".join(items) + "\n[/list]")
        elif isinstance(block, doc.Table):
            # inside [code] only [/code] is read as a tag: escaped like any text, it cannot end it
            parts.append(f"[b]{e(_cell(block.caption))}[/b]\n[code]{e(_table_text(block.rows))}[/code]")
        elif isinstance(block, doc.Picture) and image_base:  # no address yet: no broken picture
            parts.append(f"[img]{e(image_url(block.name, image_base))}[/img]")
    return "\n\n".join(parts) + "\n"


# --- Markdown ----------------------------------------------------------------------------------------

def _fence(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def write_markdown(blocks: Iterable[doc.Block], image_base: str = "") -> str:
    """Blocks as Markdown for Discord: headings, paragraphs, lists with the rolls in code spans,
    tables in a code block no name can close, pictures as their address on a line of its own
    (Discord shows the image under the post) once there is an address (``image_base``)."""
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, doc.Heading):
            parts.append("#" * max(1, min(3, block.level)) + " " + _inline(block.text))
        elif isinstance(block, doc.Para):
            parts.append(escape_markdown(block.text))
        elif isinstance(block, doc.Story):
            parts.append("\n".join(f"- {_inline(text)}" + (f" {code_span('; '.join(rolls))}" if rolls else "")
                                   for text, rolls in block.items))
        elif isinstance(block, doc.Table):
            body = _table_text(block.rows)
            fence = _fence(body)
            parts.append(f"**{_inline(block.caption)}**\n{fence}\n{body}\n{fence}")
        elif isinstance(block, doc.Picture) and image_base:  # no address yet: no broken picture
            parts.append(image_url(block.name, image_base))
    return "\n\n".join(parts) + "\n"


def write(blocks: Sequence[doc.Block], fmt: str, image_base: str = "") -> str:
    """Blocks in format ``fmt`` (a BBCode dialect's name or ``markdown``)."""
    check_format(fmt)
    if fmt == "markdown":
        return write_markdown(blocks, image_base)
    return write_bbcode(blocks, dialect(fmt), image_base)


def post_text(data: Mapping[str, Any], rnd: int | tuple[int, int] | None = None, side: str = "",
              fmt: str = "phpbb", lang: str | None = None, image_base: str = "") -> str:
    """The post of round ``rnd`` (None: the last played) in ``side``'s view ("" : the public post)."""
    from .posts import post_blocks

    check_format(fmt)
    return write(post_blocks(data, rnd, side, lang), fmt, image_base)


def brief_text(data: Mapping[str, Any], actor: str, fmt: str = "phpbb", lang: str | None = None,
               deadline: str = "") -> str:
    """``actor``'s private brief (``data["briefs"]`` must hold its facts: see
    :meth:`~.chronicle.Chronicle.briefs`)."""
    from .posts import brief_blocks

    check_format(fmt)
    return write(brief_blocks(data, actor, lang, deadline), fmt)


# --- pictures ----------------------------------------------------------------------------------------

SANS = ("DejaVu Sans", "Liberation Sans", "Noto Sans", "Arial", "Helvetica", "FreeSans")
"""Families tried, in order, for the pictures' ``sans-serif``: resvg maps it to one family only
(Arial), and on a machine without that family every label of a picture was left out."""


@functools.lru_cache(maxsize=1)
def _sans_family() -> str | None:
    """The first of :data:`SANS` the machine has (a probe in it draws ink, its PNG differs
    from a blank one's), else None."""
    import resvg_py

    def png(text: str, family: str) -> bytes:
        return bytes(resvg_py.svg_to_bytes(
            svg_string=f'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24"><text x="2" '
                       f'y="18" font-family="{family}" font-size="16">{text}</text></svg>',
            background="white"))

    for family in SANS:
        if png("Жж", family) != png("", family):
            return family
    return None


def svg_to_png(svg: str) -> bytes:
    """A static SVG as PNG bytes (resvg: a Rust renderer shipped as a wheel, no system library),
    on a white ground, with the machine's fonts (``sans-serif`` being one it has)."""
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=svg, background="white",
                                       sans_serif_family=_sans_family()))


def write_pictures(blocks: Iterable[doc.Block], folder: str | Path) -> list[Path]:
    """Every picture among ``blocks`` as a PNG in ``folder`` (made if missing); their paths."""
    out = []
    for block in blocks:
        if isinstance(block, doc.Picture):
            folder = Path(folder)
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / block.name
            try:
                path.write_bytes(svg_to_png(block.svg))
            except OSError as e:
                raise GmkitError(f"cannot write {path}: {e.strerror}") from None
            out.append(path)
    return out
