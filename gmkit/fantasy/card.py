"""The fantasy skirmish's picture: a status card of every side, drawn from a board as its viewer
sees it.

The skirmish has no map, so its post's picture (and a report's) is a card: one column per side,
headed by the side's name, a row per combatant with a health bar and its numbers, or, where the
viewer may not see its hit points (the board gives None), its state in words only; status
effects under the name. Every name is the GM's or a player's text: escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..i18n import MessageError, format_message, format_number
from ..palette import side_colours
from .words import effect_words, side_called, state_word

__all__ = ["card_svg"]

COLUMN = 280
"""Pixels per side's column."""
ROW = 48
"""Pixels per combatant's row: the name, the bar, the effects."""
BAR = 150
"""Pixels of a full health bar."""
TOP = 30
"""Pixels above the columns for the title."""
HEAD = 26
"""Pixels of a side's heading."""
LONGEST = 26
"""Characters of a name shown before it is cut with «…» (the card's columns are fixed)."""

ACTIVE = (None, "", "active", "ok", "fighting")
"""Statuses that leave a combatant in the fight as it was."""


def _cut(text: str, n: int = LONGEST) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _number(value: Any, lang: str) -> str:
    return format_number(value, lang) if isinstance(value, int | float) else str(value)


def _bar_colour(share: float) -> str:
    return "#2ca02c" if share > 0.5 else "#ff7f0e" if share > 0.25 else "#d62728"


def _kind(c: Mapping[str, Any], lang: str) -> str:
    """A pet's, a mount's or a companion's kind in words (a player or a monster needs none)."""
    kind = c.get("kind")
    if kind not in ("pet", "mount", "companion"):
        return ""
    try:
        return format_message(f"fantasy.desk.kind.{kind}", lang)
    except MessageError:
        return ""


def _row(c: Mapping[str, Any], x: int, y: int, lang: str) -> list[str]:
    """One combatant at (x, y): its name (struck through once out), its bar and numbers where
    the viewer may see its hit points, else its state in words; its effects below."""
    name = str(c.get("name", ""))
    status = c.get("status")
    out_of_fight = status in ("dead", "fled")
    known = c.get("hp") is not None and c.get("max_hp") not in (None, 0)
    kind = _kind(c, lang)
    label = escape(_cut(name)) + (f' <tspan fill="#777" font-size="10">({escape(kind)})</tspan>'
                                  if kind else "")
    deco = ' text-decoration="line-through" fill="#888"' if out_of_fight else ""
    out = [f'<g data-combatant="{escape(name)}">',
           f'<text x="{x + 10}" y="{y + 16}" font-weight="bold"{deco}>{label}</text>']
    if known:
        share = max(0.0, min(1.0, float(c["hp"]) / float(c["max_hp"])))
        out.append(f'<rect x="{x + 10}" y="{y + 22}" width="{BAR}" height="8" rx="2" fill="#e6e6e6"/>')
        if share > 0:
            out.append(f'<rect x="{x + 10}" y="{y + 22}" width="{round(BAR * share, 1)}" height="8" '
                       f'rx="2" fill="{_bar_colour(share)}"/>')
    right = (state_word(c, lang) if status not in ACTIVE or not known
             else f"{_number(c['hp'], lang)}/{_number(c['max_hp'], lang)}")
    out.append(f'<text x="{x + COLUMN - 14}" y="{y + 30}" text-anchor="end" fill="#333">'
               f'{escape(right)}</text>')
    effects = ", ".join(effect_words(e, lang) for e in c.get("effects") or [])
    if effects:
        out.append(f'<text x="{x + 10}" y="{y + 43}" font-size="10" fill="#9467bd">'
                   f'{escape(_cut(effects, 48))}</text>')
    out.append("</g>")
    return out


def card_svg(board: Mapping[str, Any], sides: Sequence[str], lang: str, title: str) -> str | None:
    """The status card of ``board`` (already its viewer's) as a static SVG: a column per side in
    ``sides`` order (a side only the board knows after them), None without combatants."""
    combatants = list(board.get("combatants") or [])
    if not combatants:
        return None
    order = list(dict.fromkeys([*sides, *(c.get("side") for c in combatants)]))
    columns = [(s, [c for c in combatants if c.get("side") == s]) for s in order]
    columns = [(s, cs) for s, cs in columns if cs]
    colours = side_colours(order)
    width = COLUMN * len(columns) + 8
    height = TOP + HEAD + ROW * max(len(cs) for _, cs in columns) + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-card" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="8" y="19" font-size="14">{escape(title)}</text>']
    for i, (side, members) in enumerate(columns):
        x = 4 + i * COLUMN
        colour = colours[side]
        out += [f'<g data-side="{escape(str(side))}">',
                f'<rect x="{x + 2}" y="{TOP}" width="{COLUMN - 6}" height="{height - TOP - 6}" rx="6" '
                f'fill="none" stroke="{colour}" stroke-width="1.5"/>',
                f'<rect x="{x + 2}" y="{TOP}" width="{COLUMN - 6}" height="{HEAD - 4}" rx="6" '
                f'fill="{colour}" fill-opacity="0.15"/>',
                f'<text x="{x + 10}" y="{TOP + 16}" font-size="13" font-weight="bold" fill="{colour}">'
                f'{escape(_cut(side_called(board, side), 34))}</text>']
        for j, c in enumerate(members):
            out += _row(c, x, TOP + HEAD + j * ROW, lang)
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
