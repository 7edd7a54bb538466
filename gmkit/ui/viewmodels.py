"""View-models: plain dicts in (an engine's ``board()``, a ``Roll``, the record), plain dicts out.

Every control draws from one of these functions and from nothing else, so each can be tested with a
hand-written dict and the live widget and the static report always show the same thing. No rule is
computed here: the board already holds the state; these functions only choose what to show and how.
Hidden information is removed twice over: the engine's player board drops it, and
:func:`map_model` drops any ship still marked ``hidden`` so nothing of it reaches a browser.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Iterable, Mapping, Sequence

from ..dice import Roll, TraitResult
from ..events import Event

__all__ = ["combatants_html", "roll_view", "chart_model", "chart_traces", "chart_layout", "map_model", "map_svg",
           "log_rows", "side_colors", "SYMBOLS", "PALETTE"]

PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
"""Side colours, in the order sides first appear on the board."""

SYMBOLS = {"ok": "circle", "shaken": "circle-open", "falling": "triangle-down", "turned": "diamond",
           "out": "x"}
"""Marker symbol of a dragon by its state, the worst state winning (out > turned > falling > shaken)."""


def side_colors(sides: Iterable[str]) -> dict[str, str]:
    """A stable colour per side: first side red, second blue, and so on."""
    out: dict[str, str] = {}
    for s in sides:
        if s not in out:
            out[s] = PALETTE[len(out) % len(PALETTE)]
    return out


# --- dice ---------------------------------------------------------------------------------------


def roll_view(roll: Roll | TraitResult, *, mode: str = "roll") -> dict[str, Any]:
    """One roll as the DiceRoller shows it: every die's faces, aces and the Wild Die marked (C-3).

    A face is an *ace* when it is the die's maximum and another face follows it in the chain; a
    trait roll also carries the verdict, its raises and a critical failure.
    """
    trait = roll if isinstance(roll, TraitResult) else None
    r = trait.roll if trait is not None else roll
    assert isinstance(r, Roll)
    dice: list[dict[str, Any]] = []
    aced = False
    for d in r.dice:
        faces = list(d.faces)
        aces = [i < len(faces) - 1 and f == d.sides for i, f in enumerate(faces)]
        aced = aced or any(aces)
        dice.append({"sides": d.sides, "faces": faces, "aces": aces, "kept": bool(d.kept),
                     "wild": d.label == "wild", "label": d.label, "value": sum(faces)})
    view: dict[str, Any] = {"mode": mode, "expr": r.expr, "total": r.total, "dice": dice,
                            "manual": bool(r.manual), "text": r.describe(), "aced": aced,
                            "verdict": None, "raises": 0, "tn": None}
    if trait is not None:
        view["tn"] = trait.tn
        view["raises"] = trait.raises
        view["verdict"] = ("critical_failure" if trait.critical_failure
                           else "success" if trait.success else "failure")
    return view


# --- Speed/Height chart (D-2) ---------------------------------------------------------------------


def _dragon_state(d: Mapping[str, Any]) -> str:
    if d.get("out"):
        return "out"
    if d.get("turned"):
        return "turned"
    if d.get("falling"):
        return "falling"
    if d.get("shaken"):
        return "shaken"
    return "ok"


def chart_model(board: Mapping[str, Any]) -> dict[str, Any]:
    """The Speed/Height chart of a dragons board: markers, trails, tail lines, axis ranges.

    Dragons sharing a point (a pursuer on its target's tail always does, D-12) are spread on a small
    circle around it so that each marker and each tail line stays visible; ``speed``/``height`` keep
    the true position and ``x``/``y`` the drawn one.
    """
    dragons = list(board.get("dragons", []))
    colors = side_colors(d["side"] for d in dragons)
    at: dict[tuple[int, int], list[str]] = {}
    for d in dragons:
        at.setdefault((d["speed"], d["height"]), []).append(d["name"])
    trails = board.get("trails", {}) or {}
    out = []
    for d in dragons:
        group = at[(d["speed"], d["height"])]
        x, y = float(d["speed"]), float(d["height"])
        if len(group) > 1:
            k = group.index(d["name"])
            angle = 2 * math.pi * k / len(group)
            x, y = x + round(0.18 * math.cos(angle), 3), y + round(0.18 * math.sin(angle), 3)
        state = _dragon_state(d)
        trail = [list(p) for p in trails.get(d["name"], [])]
        out.append({"name": d["name"], "side": d["side"], "color": colors[d["side"]],
                    "speed": d["speed"], "height": d["height"], "x": x, "y": y,
                    "state": state, "symbol": SYMBOLS[state], "wounds": d.get("wounds", 0),
                    "wild_card": bool(d.get("wild_card", False)),
                    "tailing": d.get("tailing"), "trail": trail,
                    "max_speed": d.get("max_speed")})
    pos = {d["name"]: (d["x"], d["y"]) for d in out}
    tails = [[d["name"], d["tailing"], list(pos[d["name"]]), list(pos[d["tailing"]])]
             for d in out if d["tailing"] in pos]
    xs = [p[0] for d in out for p in d["trail"]] + [d["speed"] for d in out]
    ys = [p[1] for d in out for p in d["trail"]] + [d["height"] for d in out]
    xs += [d["max_speed"] for d in out if d["max_speed"] is not None]
    xr = [min(xs, default=0) - 1, max(xs, default=10) + 1]
    yr = [min(ys, default=0) - 1, max(ys, default=10) + 1]
    return {"round": board.get("round", 1), "over": bool(board.get("over", False)),
            "sides": list(colors), "colors": colors, "dragons": out, "tails": tails,
            "x_range": [min(0, xr[0]), xr[1]], "y_range": yr}


def _hover(d: Mapping[str, Any]) -> str:
    return (f"{escape(d['name'])} ({escape(d['side'])})<br>Speed {d['speed']}, Height {d['height']}"
            f"<br>{d['state']}, wounds {d['wounds']}")


def chart_traces(model: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Plotly trace dicts for :func:`chart_model`: a trail per dragon, a marker trace per side, tails.

    The structure (number and order of traces) depends only on the names and sides, so a
    FigureWidget can be updated in place trace by trace after each round.
    """
    traces: list[dict[str, Any]] = []
    for d in model["dragons"]:
        pts = list(d["trail"])
        if not pts or pts[-1] != [d["speed"], d["height"]]:
            pts.append([d["speed"], d["height"]])
        traces.append({"type": "scatter", "mode": "lines", "name": f"trail {escape(d['name'])}",
                       "x": [p[0] for p in pts], "y": [p[1] for p in pts],
                       "line": {"color": d["color"], "width": 1, "dash": "dot"},
                       "hoverinfo": "skip", "showlegend": False})
    for side in model["sides"]:
        ds = [d for d in model["dragons"] if d["side"] == side]
        traces.append({"type": "scatter", "mode": "markers+text", "name": escape(side),
                       "x": [d["x"] for d in ds], "y": [d["y"] for d in ds],
                       "text": [escape(d["name"]) for d in ds], "textposition": "top center",
                       "hovertext": [_hover(d) for d in ds], "hoverinfo": "text",
                       "marker": {"color": model["colors"][side], "size": 14,
                                  "symbol": [d["symbol"] for d in ds],
                                  "line": {"width": 2, "color": model["colors"][side]}}})
    tx: list[float | None] = []
    ty: list[float | None] = []
    for _, _, a, b in model["tails"]:
        tx += [a[0], b[0], None]
        ty += [a[1], b[1], None]
    traces.append({"type": "scatter", "mode": "lines", "name": "on the tail", "x": tx, "y": ty,
                   "line": {"color": "#444", "width": 3}, "hoverinfo": "skip",
                   "showlegend": bool(model["tails"])})
    return traces


def chart_layout(model: Mapping[str, Any], title: str = "") -> dict[str, Any]:
    return {"title": {"text": escape(title)}, "xaxis": {"title": {"text": "Speed"},
                                                         "range": model["x_range"], "dtick": 1},
            "yaxis": {"title": {"text": "Height"}, "range": model["y_range"], "dtick": 1},
            "height": 420, "margin": {"l": 50, "r": 20, "t": 40, "b": 40},
            "legend": {"orientation": "h"}}


# --- grid map (S-1, S-2) --------------------------------------------------------------------------


_SHIP_KEYS = ("name", "side", "class", "size", "cells", "orientation", "hull", "max_hull", "shields",
              "max_shields", "shields_up", "damaged", "disabled", "cloaked", "held_by", "holding",
              "fleeing", "escaped", "destroyed", "skip_turns")


def map_model(board: Mapping[str, Any], side: str | None = None,
              highlights: Mapping[str, Any] | None = None,
              selected: str | None = None) -> dict[str, Any]:
    """The grid map of a space board, as the browser may receive it.

    With ``side`` set (the player view), every ship the board marks ``hidden`` or gives no cells
    (a cloaked enemy, S-1) is left out entirely: not its cell, not its name, not its hull. The map
    of a GM view keeps cloaked ships, drawn translucent.
    """
    colors = side_colors(s["side"] for s in board.get("ships", []))
    ships = []
    for s in board.get("ships", []):
        if side is not None and (s.get("hidden") or not s.get("cells")):
            continue
        if s.get("escaped") and not s.get("cells"):
            continue
        ship = {k: s.get(k) for k in _SHIP_KEYS}
        ship["cells"] = [list(c) for c in s.get("cells", [])]
        ship["color"] = colors[s["side"]]
        ship["current"] = s["name"] == board.get("turn")
        ships.append(ship)
    names = {s["name"] for s in ships}
    hl = dict(highlights or {})
    return {"width": int(board.get("width", 10)), "height": int(board.get("height", 10)),
            "round": board.get("round", 1), "over": bool(board.get("over", False)),
            "view": "gm" if side is None else side,
            "turn": board.get("turn") if board.get("turn") in names else None,
            "station": [list(c) for c in board.get("station", [])],
            "ships": ships, "selected": selected if selected in names else None,
            "moves": [list(c) for c in hl.get("moves", [])],
            "guesses": [list(c) for c in hl.get("guesses", [])],
            "targets": [t for t in hl.get("targets", []) if t in names],
            "picked": list(hl["picked"]) if hl.get("picked") else None}


CELL = 36
"""Pixels per grid cell in the static SVG (the live map uses the same viewBox)."""


def map_svg(model: Mapping[str, Any]) -> str:
    """A static SVG of :func:`map_model` for reports: every user-typed name escaped."""
    w, h = model["width"], model["height"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-map" viewBox="0 0 {w * CELL} '
             f'{h * CELL}" width="{w * CELL}" height="{h * CELL}">',
             f'<rect width="{w * CELL}" height="{h * CELL}" fill="#0b1020"/>']
    for x in range(w + 1):
        parts.append(f'<line x1="{x * CELL}" y1="0" x2="{x * CELL}" y2="{h * CELL}" stroke="#2a3350"/>')
    for y in range(h + 1):
        parts.append(f'<line x1="0" y1="{y * CELL}" x2="{w * CELL}" y2="{y * CELL}" stroke="#2a3350"/>')
    for x, y in model["station"]:
        parts.append(f'<rect x="{x * CELL + 2}" y="{y * CELL + 2}" width="{CELL - 4}" '
                     f'height="{CELL - 4}" fill="#555c70"><title>station</title></rect>')
    for x, y in model.get("moves", []):
        parts.append(f'<rect class="move" x="{x * CELL + 1}" y="{y * CELL + 1}" width="{CELL - 2}" '
                     f'height="{CELL - 2}" fill="#3c6" fill-opacity="0.35"/>')
    for s in model["ships"]:
        name = escape(s["name"])
        opacity = "0.45" if s.get("cloaked") else "1"
        if s.get("destroyed"):
            opacity = "0.25"
        stroke = "#ffd54a" if s["current"] else ("#f55" if s["name"] in model.get("targets", []) else "#fff")
        parts.append(f'<g class="ship" opacity="{opacity}"><title>{name}: hull {s.get("hull")}/'
                     f'{s.get("max_hull")}, shields {s.get("shields")}/{s.get("max_shields")}</title>')
        for x, y in s["cells"]:
            parts.append(f'<rect x="{x * CELL + 4}" y="{y * CELL + 4}" width="{CELL - 8}" '
                         f'height="{CELL - 8}" rx="5" fill="{s["color"]}" stroke="{stroke}" '
                         f'stroke-width="{3 if stroke != "#fff" else 1}"/>')
            if s.get("shields_up") and s.get("shields"):
                parts.append(f'<circle cx="{x * CELL + CELL / 2}" cy="{y * CELL + CELL / 2}" '
                             f'r="{CELL / 2 - 1}" fill="none" stroke="#6cf" stroke-dasharray="3 2"/>')
        if s["cells"]:
            x, y = s["cells"][0]
            marks = len(s.get("damaged") or []) + len(s.get("disabled") or [])
            label = name if len(name) <= 8 else escape(s["name"][:7]) + "…"
            parts.append(f'<text x="{x * CELL + CELL / 2}" y="{y * CELL + CELL / 2 + 4}" '
                         f'text-anchor="middle" font-size="10" fill="#fff">{label}</text>')
            if marks:
                parts.append(f'<text x="{x * CELL + CELL - 6}" y="{y * CELL + 11}" font-size="10" '
                             f'fill="#f44" text-anchor="end">{"✕" * min(marks, 3)}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


# --- the round log ---------------------------------------------------------------------------------


def log_rows(events: Sequence[Event], lang: str | None = None) -> list[dict[str, Any]]:
    """The record as table rows (round, who, what, dice), text in the chosen language."""
    rows = []
    for e in events:
        rows.append({"round": e.round, "actor": e.actor, "kind": e.kind, "text": e.text(lang),
                     "dice": "; ".join(r.describe() for r in e.rolls)})
    return rows


# --- the skirmish's combatants (F) ---------------------------------------------------------------


def combatants_html(board: Mapping[str, Any], lang: str = "en") -> str:
    """The combatants of a fantasy board as a table: side, kind, hit points, AC, status, effects.

    Hit points a player may not see come as None on the player board and show as "?".
    """
    from ..i18n import format_message

    acting = board.get("acting_side")
    head = format_message("ui.form.acting_side", lang, side=acting) if acting else ""
    rows = []
    for c in board.get("combatants", []):
        hp = "?" if c.get("hp") is None else f"{c['hp']}/{c.get('max_hp')}"
        effects = ", ".join(f"{e['status']} ({e['turns']})" if e.get("turns") is not None
                            else str(e["status"]) for e in c.get("effects", []))
        style = ' style="font-weight:bold"' if c.get("side") == acting else ""
        dead = c.get("status") not in (None, "", "ok", "fighting", "active")
        strike = ' style="color:#999"' if dead else ""
        rows.append(f"<tr{style}><td{strike}>{escape(str(c['name']))}</td><td>{escape(str(c['side']))}</td>"
                    f"<td>{escape(str(c.get('kind', '')))}</td><td>{escape(hp)}</td>"
                    f"<td>{escape(str(c.get('ac', '')))}</td><td>{escape(str(c.get('status', '')))}</td>"
                    f"<td>{escape(effects)}</td></tr>")
    return (f"<div class='gm-acting'>{escape(head)} · {escape(str(board.get('phase', '')))} · "
            f"round {board.get('round', 1)}</div><table class='gm-combatants'><thead><tr><th>name</th>"
            f"<th>side</th><th>kind</th><th>HP</th><th>AC</th><th>status</th><th>effects</th></tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>")
