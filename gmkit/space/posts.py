"""The space battle's forum posts and briefs: the ship table, the map's picture, the orders open.

Read by :mod:`gmkit.report.posts` through the registry. A board comes as its viewer sees it (a
cloaked enemy has no cells there, S-1, S-10), and the map model leaves such a ship out; the orders
open come from the engine's ``legal_orders`` (which uses only what the ship's side knows) with the
engine's exact odds. A shot at a cloaked ship is listed once per target, never by the cells one
might name.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from ..i18n import format_message
from ..report.posts import in_languages, percent
from .views import CELL, TITLE, map_model, map_svg

if TYPE_CHECKING:
    from .engine import SpaceBattle

__all__ = ["state_rows", "picture_svg", "options"]

MOVES_LISTED = 24
"""How many destination cells a brief lists before "...and N more"."""


def _cells(cells: Any) -> str:
    return " ".join(f"({c[0]}, {c[1]})" for c in cells or [])


def _state(s: Mapping[str, Any], lang: str) -> str:
    """A ship's state in words, each word agreeing with the ship's name («уничтожена»)."""
    marks = []
    for key in ("destroyed", "escaped", "cloaked", "fleeing"):
        if s.get(key):
            marks.append(format_message(f"space.desk.{key}", lang, ship=s["name"]))
    broken = [*(s.get("damaged") or []), *(s.get("disabled") or [])]
    if broken:
        names = [format_message(f"space.system.{b}", lang) for b in broken]  # S-8, in words
        marks.append(format_message("posts.space.systems", lang, systems=", ".join(names)))
    return ", ".join(marks) or format_message("posts.space.ok", lang)


def state_rows(board: Mapping[str, Any], lang: str) -> tuple[list[str], list[list[Any]]]:
    """Name, side, position, hull, shields, state per ship; a ship the viewer may not see shows
    no position ("unknown")."""
    cols = [format_message(k, lang) for k in ("posts.col.name", "posts.col.side", "posts.space.col.cells",
                                                "posts.space.col.hull", "posts.space.col.shields",
                                                "posts.col.state")]
    rows = []
    side_names = board.get("side_names") or {}
    for s in board.get("ships", []):
        where = (_cells(s["cells"]) if s.get("cells") and not s.get("hidden")
                 else "" if s.get("destroyed") or s.get("escaped")
                 else format_message("posts.space.unknown", lang))
        shields = f"{s.get('shields')}/{s.get('max_shields')}"
        if s.get("shields_up"):
            shields += " " + format_message("posts.space.up", lang)
        rows.append([s["name"], side_names.get(s["side"], s["side"]), where,
                     f"{s.get('hull')}/{s.get('max_hull')}", shields, _state(s, lang)])
    return cols, rows


def picture_svg(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> str | None:
    """The grid map of the board (already its viewer's) as a static SVG, hidden ships left out,
    with the column and row numbers around it so a post's "(5, 11)" can be found on it."""
    if "ships" not in board:
        return None
    inner = map_svg(map_model(board, sides=sides, lang=lang))
    w, h = int(board.get("width", 10)) * CELL, int(board.get("height", 10)) * CELL
    pad, top = 24, TITLE + 18
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w + pad + 4} {h + top + 4}" '
           f'width="{w + pad + 4}" height="{h + top + 4}" font-family="sans-serif" font-size="11">',
           f'<rect width="{w + pad + 4}" height="{h + top + 4}" fill="white"/>',
           f'<text x="4" y="15" font-size="13">{escape(title)}</text>']
    out += [f'<text x="{pad + x * CELL + CELL // 2}" y="{top - 5}" '
            f'text-anchor="middle" fill="#555">{x}</text>'
            for x in range(w // CELL)]
    out += [f'<text x="{pad - 5}" y="{top + y * CELL + CELL // 2 + 4}" '
            f'text-anchor="end" fill="#555">{y}</text>'
            for y in range(h // CELL)]
    out.append(inner.replace("<svg ", f'<svg x="{pad}" y="{top}" ', 1))
    out.append("</svg>")
    return "".join(out)


def _odds(battle: SpaceBattle, actor: str, orders: list[Any], lang: str) -> str:
    """The engine's chance (a range over the cells one might name) and average damage."""
    found = [od for od in (battle.attack_odds(actor, o) for o in orders) if od is not None]
    if not found:
        return ""
    low, high = min(float(od.chance) for od in found), max(float(od.chance) for od in found)
    pct = percent(low, lang) if low == high else f"{percent(low, lang)}–{percent(high, lang)}"
    key = "posts.odds.hold" if type(orders[0]).__name__ == "Tractor" else "posts.odds.hit"
    text = format_message(key, lang, pct=pct)
    means = [float(od.mean_damage) for od in found if od.mean_damage is not None]
    if means and low == high:
        text += ", " + format_message("posts.odds.damage", lang, mean=round(means[0], 1))
    if any(od.conditional for od in found):
        text += " (" + format_message("posts.odds.if_cell", lang) + ")"
    return text


def answer(lang: str) -> str:
    """How a captain writes an order (a brief's "how to answer"; its examples are the ship's own)."""
    return format_message("posts.space.answer", lang)


def brief_notes(battle: SpaceBattle, actor: str) -> list[dict[str, str]]:
    """S-8/S-10: the choices the rules leave to the captain once the shot is known, asked ahead
    in the brief with the GM's default (taken when the order does not say, and the post says
    so): where a hit goes, and for a cloaked ship where it cloaks again."""
    ship = battle.state.ships.get(actor)
    if ship is None or not ship.in_play or ship.disabled("weapons"):
        return []
    aim = {"key": f"posts.space.ahead.{battle.sheet.options.default_aim}"}
    out = [in_languages(lambda lang: format_message("posts.space.ahead.aim", lang, aim=aim))]
    if ship.cloaked:
        out.append(in_languages(lambda lang: format_message("posts.space.ahead.shift", lang)))
    return out


def options(battle: SpaceBattle, actor: str) -> list[dict[str, Any]]:
    """The orders open to ``actor`` now (only on its turn): the cells it may move to, each shot
    and beam with the engine's odds, the other orders; a flight as one line with its reach."""
    from .language import LANGUAGE
    from .orders import Attack, Flee, Move, Pursue, Tractor

    legal = list(battle.legal_orders(actor))
    out: list[dict[str, Any]] = []
    moves = sorted({tuple(o.to) for o in legal if isinstance(o, Move)})
    if moves:
        def move_text(lang: str) -> str:
            shown = ", ".join(f"({x}, {y})" for x, y in moves[:MOVES_LISTED])
            if len(moves) > MOVES_LISTED:
                shown += " " + format_message("posts.more", lang, n=len(moves) - MOVES_LISTED)
            return format_message("posts.space.moves", lang, cells=shown)

        out.append({"group": "posts.group.moves", "text": in_languages(move_text)})
    shots: dict[tuple[Any, ...], list[Any]] = {}
    for o in legal:
        if isinstance(o, (Attack, Tractor)):
            key = (type(o).__name__, o.target, getattr(o, "aim", ""), getattr(o, "then", None))
            shots.setdefault(key, []).append(o)
    for group in shots.values():
        first = group[0]
        if isinstance(first, Attack) and first.cell is not None:
            first = Attack(first.target, first.aim, None, first.then)  # the cell is the player's guess

        def shot_text(lang: str, o: Any = first, g: list[Any] = group) -> str:
            odds = _odds(battle, actor, g, lang)
            said = LANGUAGE.render_order(o, lang, battle, actor)
            return f"{said} · {odds}" if odds else said

        out.append({"group": "posts.group.attacks", "text": in_languages(shot_text)})
    if any(isinstance(o, Flee) for o in legal):
        reach = battle.flee_allowance(actor)
        out.append({"group": "posts.group.orders",
                    "text": in_languages(lambda lang: format_message("posts.space.flee", lang, n=reach))})
    pursued: list[Any] = []
    for o in legal:
        if isinstance(o, (Move, Attack, Tractor, Flee)):
            continue
        if isinstance(o, Pursue):
            if o.target in pursued:
                continue
            pursued.append(o.target)
            o = Pursue(target=o.target)
        out.append({"group": "posts.group.orders",
                    "text": in_languages(lambda lang, o=o: LANGUAGE.render_order(o, lang, battle, actor))})
    return out
