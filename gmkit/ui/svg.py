"""An SVG document as a string that a notebook shows as a picture (as python-chess's ``chess.svg``)."""

from __future__ import annotations

__all__ = ["SvgImage"]


class SvgImage(str):
    """An SVG string with ``_repr_svg_``: a report keeps it without a kernel."""

    def _repr_svg_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"<SvgImage, {len(self)} characters>"
