"""The clauses of a ship's order as the space battle reads them, before they become orders:
a count said before its direction, a diagonal said in two words, a comparison that only tells
where someone is, a system named beside a shot (S-2, S-8). :mod:`gmkit.space.language` builds
the orders from what this returns."""

from __future__ import annotations

from dataclasses import replace

from ..language.grammar import Clause
from .words import _DIRS

__all__ = ["prepared", "delta"]


def prepared(clauses: list[Clause]) -> list[Clause]:
    """«на одну клетку вправо» and «по диагонали вверх и вправо» as one move each, «Чайка левее
    нас» as no move, «бьём в двигатели» beside a named shot as that shot's aim."""
    return _aims(_diagonals(_lone_diagonal(_counted(_relative(_placed(clauses))))))


def delta(c: Clause) -> tuple[int, int] | None:
    """The step the clause's directions add up to, at most one cell each way (S-2), or None."""
    dx = dy = 0
    found = False
    for t in c.tokens:
        step = _DIRS.get(t.kind)
        if step is not None:
            found = True
            dx = max(-1, min(1, dx + step[0]))
            dy = max(-1, min(1, dy + step[1]))
    return (dx, dy) if found and (dx or dy) else None


def _aims(clauses: list[Clause]) -> list[Clause]:
    """«огонь по Буревестнику, бьём в двигатели»: a shot naming no ship but a system, beside a
    shot that names one, is that shot's aim (S-8), not a second shot at someone unnamed."""
    named = any(c.rule == "attack" and c.first("NAME") is not None for c in clauses)
    if not named:
        return clauses
    out = []
    for c in clauses:
        if c.rule == "attack" and not c.all("NAME", "CELL", "CELLWORD", "NUM") and c.all("SYSTEMS", "HULL"):
            c = Clause("aim", tuple(t for t in c.tokens if t.kind in ("SYSTEMS", "HULL")))
        out.append(c)
    return out


_COMPARED = frozenset({"выше", "ниже", "левее", "правее"})
"""Directions said as a comparison: «на клетку левее» moves, «Чайка левее нас» only tells where."""


def _placed(clauses: list[Clause]) -> list[Clause]:
    """«Чайка левее нас, огонь по Стражу 2»: a bare comparison with no verb of motion and no
    count is where someone is, not a move (S-2)."""
    return [c for c in clauses
            if not (c.rule == "dir" and _compared(c) and not c.all("NUM", "CELLWORD", "CELL"))]


def _relative(clauses: list[Clause]) -> list[Clause]:
    """«летим левее Чайки»: a comparison with a ship is a place beside that ship, not one cell
    left of our own; the move is left without a direction, to be asked (S-2)."""
    out = list(clauses)
    for k, c in enumerate(out[:-1]):
        nxt = out[k + 1]
        if c.rule == "move" and nxt.rule == "stray" and nxt.tokens[0].kind == "NAME" and \
                any(t.value in _COMPARED for t in c.tokens if t.kind in _DIRS):
            out[k] = Clause(c.rule, tuple(replace(t, kind="RELATIVE") if t.kind in _DIRS and
                                          t.value in _COMPARED else t for t in c.tokens))
    return out


def _compared(c: Clause) -> bool:
    """Every direction of ``c`` is said as a comparison («левее»)."""
    dirs = [t for t in c.tokens if t.kind in _DIRS]
    return bool(dirs) and all(t.value in _COMPARED for t in dirs)


def _lone_diagonal(clauses: list[Clause]) -> list[Clause]:
    """"up and right, diagonally": a word for the diagonal said on its own belongs to the
    directions said just before it."""
    out: list[Clause] = []
    for c in clauses:
        if c.rule == "dir" and all(t.kind == "DIAG" for t in c.tokens):
            k = len(out) - 1
            while k >= 0 and out[k].rule == "sep":
                k -= 1
            if k >= 0 and out[k].rule in ("move", "dir"):
                out[k] = Clause(out[k].rule, (*out[k].tokens, *c.tokens))
                continue
        out.append(c)
    return out


def _counted(clauses: list[Clause]) -> list[Clause]:
    """«на одну клетку вправо», "one square to the right": the count said before the direction
    belongs to it (S-2), never left over as a number of nothing."""
    out: list[Clause] = []
    for c in clauses:
        run = 0
        while run < 2 and len(out) > run and out[-1 - run].rule == "stray" and \
                out[-1 - run].tokens[0].kind in ("NUM", "CELLWORD"):
            run += 1
        if c.rule == "dir" and run and any(x.tokens[0].kind == "CELLWORD" for x in out[-run:]):
            lead = [t for x in out[-run:] for t in x.tokens]
            del out[-run:]
            c = Clause("dir", (*lead, *c.tokens))
        out.append(c)
    return out


_JOINS = (None, "и", "and")
"""Separators that join two directions into one diagonal step; «потом», "then" keep them two."""


def _diagonals(clauses: list[Clause]) -> list[Clause]:
    """«по диагонали вверх и вправо»: two straight directions joined by «и», with a word for the
    diagonal, are one diagonal step (S-2); without that word they stay two moves (S-5)."""
    out: list[Clause] = []
    k = 0
    while k < len(clauses):
        c = clauses[k]
        j = k + 1
        while j < len(clauses) and clauses[j].rule == "sep" and \
                all(t.value in _JOINS for t in clauses[j].tokens):
            j += 1
        nxt = clauses[j] if j < len(clauses) else None
        if c.rule in ("move", "dir") and nxt is not None and nxt.rule == "dir" and \
                (c.first("DIAG") or nxt.first("DIAG")) and _across(delta(c), delta(nxt)):
            out.append(Clause(c.rule, (*c.tokens, *nxt.tokens)))
            k = j + 1
            continue
        out.append(c)
        k += 1
    return out


def _across(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    """Two straight steps along different axes (one up or down, the other left or right)."""
    return a is not None and b is not None and 0 in a and 0 in b and (a[0] == 0) != (b[0] == 0)
