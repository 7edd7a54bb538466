"""The S rules as pure functions over cells, numbers and faces.

Nothing here rolls a die or touches an engine: the battle rolls, passes the faces in and applies what
comes back. Each function's docstring cites the rule it implements (``S-3``); ``RULES.md`` numbers
them and the Russian original is the authority.

A cell is ``(x, y)``; a ship's cells run from its first cell (the top or left end) along its
orientation, ``"h"`` to the right and ``"v"`` downwards.

>>> fire_range(((0, 0),), ((2, 0),))
2
>>> fire_range(((0, 0),), ((2, 1),))
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

Cell = tuple[int, int]
Cells = tuple[Cell, ...]

__all__ = [
    "Cell", "Cells", "SYSTEMS", "LIGHT_STEPS", "HEAVY_STEPS", "hidden", "next_turn", "ship_cells",
    "shifted", "placed_at", "on_map", "blocked_by", "step_error", "fire_range", "touching", "rank_initiative",
    "initiative_ties", "attack_defence", "hits", "long_shot_confirmed", "damage_halvings", "halve",
    "plating_bonus", "dealt", "absorb", "system_for", "system_hit_result", "cloak_shift_ok",
    "cloak_shift_cells", "guess_cells", "flee_dice", "flee_locked", "headstart", "may_tractor",
    "tractor_relock_until", "break_free", "step_words", "tractor_words", "reactor_explodes",
    "cells_in_fire_range", "distance",
]

SYSTEMS = ("shields", "weapons", "reactor", "plating", "crew", "cloak", "engines", "targeting",
           "life_support", "cargo")
"""S-8: the d10 system table, face 1 first."""

LIGHT_STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""S-2: a light ship moves one cell straight or diagonally."""
HEAVY_STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""S-2 [decision]: a heavy ship moves one cell straight, any of four directions, keeping orientation."""


# --- S-1, S-2: the map and moving on it ---------------------------------------------------------

def hidden(cloaked: bool, ship_side: str, viewer_side: str | None) -> bool:
    """S-1/S-10: a cloaked ship's token is off the map for every side but its own; the GM
    (``viewer_side`` None) knows its cell.

    >>> hidden(True, "red", "blue"), hidden(True, "red", "red"), hidden(True, "red", None)
    (True, False, False)
    """
    return cloaked and viewer_side is not None and ship_side != viewer_side


def ship_cells(first: Cell, size: int, orientation: str) -> Cells:
    """S-2: the cells of a ship of ``size`` cells in a line from ``first``.

    >>> ship_cells((1, 1), 3, "v")
    ((1, 1), (1, 2), (1, 3))
    """
    x, y = first
    if orientation == "v":
        return tuple((x, y + i) for i in range(size))
    return tuple((x + i, y) for i in range(size))


def shifted(cells: Iterable[Cell], delta: Cell) -> Cells:
    """S-2: the same ship one step on."""
    dx, dy = delta
    return tuple([(x + dx, y + dy) for x, y in cells])


def placed_at(cells: Sequence[Cell], first: Cell) -> Cells:
    """S-2: the same ship with its first cell moved to ``first`` (orientation kept).

    >>> placed_at(((1, 1), (2, 1)), (4, 0))
    ((4, 0), (5, 0))
    """
    x0, y0 = cells[0]
    return shifted(cells, (first[0] - x0, first[1] - y0))


def on_map(cells: Iterable[Cell], width: int, height: int) -> bool:
    """S-1/S-2: every cell lies on the map."""
    for x, y in cells:
        if not (0 <= x < width and 0 <= y < height):
            return False
    return True


def blocked_by(cells: Iterable[Cell], occupied: dict[Cell, str]) -> tuple[Cell, str] | None:
    """S-2: the first cell of ``cells`` already taken (by a ship's name or ``"station"``), or None."""
    for c in cells:
        who = occupied.get(c)
        if who is not None:
            return c, who
    return None


def step_error(kind: str, delta: Cell) -> str | None:
    """S-2: why one step ``delta`` is not a move for a ship of ``kind`` (None when it is)."""
    steps = LIGHT_STEPS if kind == "light" else HEAVY_STEPS
    if delta in steps:
        return None
    if kind == "heavy" and delta in LIGHT_STEPS:
        return "a heavy ship moves straight only, not diagonally"
    return "a ship moves one cell a turn"


def distance(a: Iterable[Cell], b: Iterable[Cell]) -> int:
    """The least king-move distance between two sets of cells (0 when they share one)."""
    bl = list(b)
    best = 1 << 30
    for ax, ay in a:
        for bx, by in bl:
            dx = ax - bx if ax > bx else bx - ax
            dy = ay - by if ay > by else by - ay
            d = dx if dx > dy else dy
            if d < best:
                best = d
    return best


# --- S-3: fire geometry -------------------------------------------------------------------------

def fire_range(a: Sequence[Cell], b: Sequence[Cell]) -> int:
    """S-3: 1 when any cells touch (sideways or diagonally), 2 when some cells are straight across
    one cell (same row or column, one cell between), 0 when there is no fire at all.

    >>> fire_range(((0, 0),), ((1, 1),)), fire_range(((0, 0),), ((0, 2),)), fire_range(((0, 0),), ((2, 2),))
    (1, 2, 0)
    """
    best = 0
    for ax, ay in a:
        for bx, by in b:
            dx = ax - bx if ax > bx else bx - ax  # abs() without a call: read every turn
            dy = ay - by if ay > by else by - ay
            if dx <= 1 and dy <= 1:
                return 1
            if (dx == 2 and dy == 0) or (dx == 0 and dy == 2):
                best = 2
    return best


def touching(a: Sequence[Cell], b: Sequence[Cell]) -> bool:
    """S-3/S-13: some cells of the two ships touch, sideways or diagonally."""
    return fire_range(a, b) == 1


def cells_in_fire_range(cells: Sequence[Cell], width: int, height: int) -> list[Cell]:
    """S-3: every map cell a ship on ``cells`` can fire at (not its own), row by row."""
    own = set(cells)
    out = []
    for y in range(height):
        for x in range(width):
            if (x, y) not in own and fire_range(cells, ((x, y),)):
                out.append((x, y))
    return out


# --- S-4: initiative ----------------------------------------------------------------------------

def initiative_ties(rolls: dict[str, list[int]]) -> list[list[str]]:
    """S-4 [decision: ties reroll]: groups of ships whose rolls so far are equal."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for name, faces in rolls.items():
        groups.setdefault(tuple(faces), []).append(name)
    return [g for g in groups.values() if len(g) > 1]


def rank_initiative(first: Sequence[str], rolls: dict[str, list[int]]) -> list[str]:
    """S-4: ships cloaked at the start act first (in the order given), then the lower d10 first;
    a tie is settled by the rerolls appended to each ship's list.

    >>> rank_initiative(["Ghost"], {"A": [7], "B": [3, 5], "C": [3, 2]})
    ['Ghost', 'C', 'B', 'A']
    """
    rest = sorted(rolls, key=lambda n: tuple(rolls[n]))
    return list(first) + [n for n in rest if n not in first]


def next_turn(turn: int, ships: int) -> tuple[int, bool]:
    """S-4/S-5/S-9: one ship acts per turn, round the initiative order (A-B-A-B), and on its turn
    it attacks or moves (S-5); so a ship that took damage answers on its own next turn (S-9).
    Returns the next index and whether a new round begins.

    >>> next_turn(0, 2), next_turn(1, 2)
    ((1, False), (0, True))
    """
    turn += 1
    return (0, True) if turn >= ships else (turn, False)


# --- S-7, S-8, S-6: attack, damage, shields ----------------------------------------------------

def attack_defence(defence: int, shield_defence: int, shields_up: bool, shield_points: int,
                   shields_disabled: bool) -> int:
    """S-7: the number a d10 must reach; the shields' own defence counts while they are up, hold
    points and work [decision]."""
    if shields_up and shield_points > 0 and not shields_disabled:
        return shield_defence
    return defence


def hits(face: int, defence: int) -> bool:
    """S-7: the attack hits when the d10 shows the defence or more."""
    return face >= defence


def long_shot_confirmed(face: int, need: int = 6) -> bool:
    """S-3 [decision, rule option]: a hit across one cell stands only on a confirming d10 of 6+."""
    return face >= need


def damage_halvings(fire: int, targeting_disabled: bool, attacker_held: bool) -> int:
    """How many times the damage is halved: across one cell (S-3), targeting disabled (S-8),
    an attacker held by a tractor beam (S-13). [decision] They stack."""
    return int(fire == 2) + int(targeting_disabled) + int(attacker_held)


def halve(damage: int, times: int) -> int:
    """S-3 [decision: rounded down]: ``damage`` halved ``times`` times.

    >>> halve(7, 1), halve(7, 2)
    (3, 1)
    """
    return max(0, damage) >> times


def plating_bonus(plating_disabled: bool) -> int:
    """S-8 (4): a ship whose hull plating is disabled takes +2 from every damage."""
    return 2 if plating_disabled else 0


def dealt(rolled: int, halvings: int, plating_disabled: bool) -> int:
    """S-3, S-8, S-13: the damage a hit deals from what was rolled: halved (rounded down) once per
    halving, then +2 on disabled hull plating.

    >>> dealt(7, 1, False), dealt(7, 1, True), dealt(-1, 0, True)
    (3, 5, 2)
    """
    return halve(rolled, halvings) + plating_bonus(plating_disabled)


def absorb(damage: int, shield_points: int, shields_work: bool) -> tuple[int, int]:
    """S-6: ``(to shields, to hull)``: working, raised shields take damage first, the rest goes
    to the hull.

    >>> absorb(7, 5, True), absorb(7, 5, False)
    ((5, 2), (0, 7))
    """
    damage = max(0, damage)
    if not shields_work or shield_points <= 0:
        return 0, damage
    taken = min(damage, shield_points)
    return taken, damage - taken


def system_for(face: int) -> str:
    """S-8: the system a d10 face hits."""
    if not 1 <= face <= 10:
        raise ValueError(f"S-8: the system table takes a d10 face 1..10, got {face}")
    return SYSTEMS[face - 1]


def system_hit_result(hits_before: int) -> str:
    """S-8: ``"damaged"`` on the first hit, ``"disabled"`` on the second, ``"already"`` after."""
    if hits_before <= 0:
        return "damaged"
    if hits_before == 1:
        return "disabled"
    return "already"


def reactor_explodes(face: int) -> bool:
    """S-8 (3): a disabled reactor explodes on a 1 of a d2 (50%) at the start of the ship's turn."""
    return face == 1


# --- S-10: cloaking -----------------------------------------------------------------------------

def cloak_shift_ok(cells: Cells, delta: Cell, target: Sequence[Cell], blocked: dict[Cell, str],
                   width: int, height: int, keep_fire_range: bool = False) -> bool:
    """S-10: whether a cloaked ship on ``cells`` may end its attack one step ``delta`` away:
    staying always; else sideways or up/down, on the map, free, still touching the target (or, with
    ``keep_fire_range``, still in any fire range)."""
    if delta == (0, 0):
        return True
    if delta not in HEAVY_STEPS:
        return False
    moved = shifted(cells, delta)
    if not on_map(moved, width, height):
        return False
    if any(c in blocked or c in target for c in moved if c not in cells):
        return False
    fr = fire_range(moved, target)
    return fr == 1 or (keep_fire_range and fr == 2)


def cloak_shift_cells(cells: Cells, target: Sequence[Cell], blocked: dict[Cell, str], width: int,
                      height: int, keep_fire_range: bool = False) -> list[Cells]:
    """S-10: where a cloaked ship may be after firing: where it is, or one cell sideways or
    up/down to a place that still touches the target (``keep_fire_range``: still in any fire
    range), free and on the map. Stay comes first; for a one-cell ship up to three cells in all.
    """
    out = [cells]
    for d in HEAVY_STEPS:
        if cloak_shift_ok(cells, d, target, blocked, width, height, keep_fire_range):
            out.append(shifted(cells, d))
    return out


def guess_cells(revealed: Cells, target: Sequence[Cell], known: dict[Cell, str], width: int,
                height: int, shooter: Sequence[Cell], keep_fire_range: bool = False) -> list[Cell]:
    """S-10: the cells an answering ship may name, from what everyone saw: the cells the cloaked
    ship showed firing (all of them, for a ship of several cells) and its places one cell sideways
    or up/down still touching its target; each cell of those places that the shooter can fire at.

    >>> guess_cells(((6, 5),), ((5, 5),), {}, 20, 20, shooter=((5, 5),))
    [(6, 5), (6, 6), (6, 4)]
    """
    out: list[Cell] = []
    for place in cloak_shift_cells(tuple(revealed), target, known, width, height, keep_fire_range):
        for cell in place:
            if cell not in out and fire_range(shooter, (cell,)) and cell not in shooter:
                out.append(cell)
    return out


# --- S-11, S-12: leaving the fight ---------------------------------------------------------------

def flee_dice(pursuing: bool) -> str:
    """S-11: the fleeing ship rolls 2d4 cells, the pursuer one d4."""
    return "d4" if pursuing else "2d4"


def flee_locked(round_: int, locked_until: int) -> bool:
    """S-11: after a failed escape (a hit), no new escape before ``locked_until`` (6 rounds on)."""
    return round_ < locked_until


def headstart(face: int) -> int:
    """S-12: a ship leaving the station gets one d4 of cells, a 1 counting as 2.

    >>> [headstart(f) for f in (1, 2, 3, 4)]
    [2, 2, 3, 4]
    """
    return max(2, face)


# --- S-13: tractor beam -------------------------------------------------------------------------

def may_tractor(holder_size: int, target_size: int, touching_: bool) -> str | None:
    """S-13: why a hold is impossible (None when it may be tried): the target must be the same size
    or smaller and touch the holder."""
    if target_size > holder_size:
        return f"a tractor beam holds a ship of its own size or smaller: {target_size} cells > {holder_size}"
    if not touching_:
        return "a tractor beam reaches only a touching cell"
    return None


def tractor_relock_until(release_round: int, wait: int = 2) -> int:
    """S-13: after a release, either side may try a new hold ``wait`` (2) rounds later."""
    return release_round + wait


def break_free(holder_face: int, held_face: int) -> str | None:
    """S-13: holder's d10 against the held ship's d6: ``"free"``, ``"held"``, or None for a tie
    [decision: ties reroll].

    >>> break_free(3, 5), break_free(5, 3), break_free(4, 4)
    ('free', 'held', None)
    """
    if held_face > holder_face:
        return "free"
    if holder_face > held_face:
        return "held"
    return None


_STEP_WHY = {"a heavy ship moves straight only, not diagonally": "space.refusal.step.diagonal",
             "a ship moves one cell a turn": "space.refusal.step.one"}
"""S-2: :func:`step_error`'s reasons, to their message keys."""


def step_words(why: str) -> Any:
    """S-2: :func:`step_error`'s reason as a message parameter (a refusal words it in any
    language); a reason without a key stays as written."""
    key = _STEP_WHY.get(why)
    return {"key": key} if key else why


def tractor_words(holder: int, target: int, why: str) -> dict[str, Any]:
    """S-13: :func:`may_tractor`'s reason as a message parameter."""
    if "size" in why:
        return {"key": "space.refusal.tractor.size", "size": target, "most": holder}
    return {"key": "space.refusal.tractor.touch"}
