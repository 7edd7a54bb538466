"""The movement part of a dragon's order (D-1, D-4): which clause names which movement, the one
movement a message gives, and the Speed or Height the player names as wanted instead of a change.

>>> from gmkit.language.grammar import Token
>>> [c.rule for c in heights([Clause("stray", (Token("TO", "TO", "до"),)),
...                           Clause("stray", (Token("HEIGHT", "HEIGHT", "высоты"),)),
...                           Clause("stray", (Token("NUM", 10, "10"),))])]
['altitude']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..language.base import Context, Draft
from ..language.grammar import Clause, NameRef, Token
from .orders import DragonOrder, Move

__all__ = ["MOVE_RULES", "heights", "level_units", "height_goal", "one_move", "read_move", "speed_change",
           "amount", "direction"]

MOVE_RULES = {"climb", "dive", "up", "down", "level", "faster", "slower", "change", "keep"}
"""The order parts that are the movement (a correction replaces a movement by a movement)."""

Goal = tuple[int, str]
"""The change of Height a Height wanted asks for, and the words that named it."""


def heights(clauses: list[Clause]) -> list[Clause]:
    """``до высоты 10``, ``высота 12``, ``набираю высоту до 14``: the Height wanted, read
    as an ``altitude`` part (as ``скорость 8`` is the Speed wanted); the number is then no
    stray one. A unit after a depth (``на 2 уровня высоты``) stays the movement's."""
    out: list[Clause] = []
    k = 0
    while k < len(clauses):
        c = clauses[k]
        if c.rule in ("climb", "dive") and len(c.tokens) > 1 and c.tokens[-1].kind == "HEIGHT" \
                and _named(c.tokens[-1]) and _number(clauses, k + 1):
            unit, number = c.tokens[-1], clauses[k + 1].tokens[0]
            out += [Clause(c.rule, c.tokens[:-1]), Clause("altitude", (unit, number))]
            k += 2
            continue
        if c.rule in ("climb", "dive") and amount(c.tokens, None) is None and k + 1 < len(clauses) \
                and _single(clauses[k + 1], "TO") and _number(clauses, k + 2):  # «набираю высоту до 14»
            out += [c, Clause("altitude", (*clauses[k + 1].tokens, *clauses[k + 2].tokens))]
            k += 3
            continue
        lead = [c] if _single(c, "TO") and k + 1 < len(clauses) and _single(clauses[k + 1], "HEIGHT") \
            else []
        at = k + len(lead)
        if at < len(clauses) and _single(clauses[at], "HEIGHT") and _number(clauses, at + 1) and \
                (lead or _named(clauses[at].tokens[0])):
            out.append(Clause("altitude", tuple(t for p in (*lead, clauses[at], clauses[at + 1])
                                                for t in p.tokens)))
            k = at + 2
            continue
        out.append(c)
        k += 1
    return out


def level_units(clauses: list[Clause]) -> list[Clause]:
    """English ``level`` as a unit, not level flight: ``climb a level``, ``I climb. One level.``
    (the depth of the climb or dive before it); ``dive two levels`` (already with its depth)."""
    out: list[Clause] = []
    for c in clauses:
        if c.rule != "level" or len(c.tokens) != 1 or c.tokens[0].text.lower() not in ("level", "levels"):
            out.append(c)
            continue
        unit = c.tokens[0]
        prev = out[-1] if out else None
        number = prev.tokens[0] if prev is not None and _single(prev, "NUM") else None
        if number is not None:  # «I climb. One level.»
            out.pop()
        move = next((j for j in range(len(out) - 1, -1, -1) if out[j].rule not in ("sep", "stray")), None)
        if move is None or out[move].rule not in ("climb", "dive") or \
                (number is None and move != len(out) - 1):
            out += [p for p in (prev,) if number is not None and p is not None] + [c]
            continue
        if amount(out[move].tokens, None) is None:
            one = number or (Token("NUM", 1, "a", start=unit.start, end=unit.start)
                             if unit.text.lower() == "level" else None)
            if one is not None:
                out[move] = Clause(out[move].rule, (*out[move].tokens, one))
    return out


def _named(t: Token) -> bool:
    """``высота 10``, ``на высоту 10``, ``altitude 10``: the Height named; ``высоты 1`` with
    no ``до`` is a depth's unit after a word not read (``набр высоты 1``), not a Height."""
    return t.text.lower() not in ("высоты", "высоте", "высотой")


def _single(c: Clause, kind: str) -> bool:
    return c.rule == "stray" and len(c.tokens) == 1 and c.tokens[0].kind == kind


def _number(clauses: Sequence[Clause], k: int) -> bool:
    return k < len(clauses) and _single(clauses[k], "NUM")


def height_goal(clauses: Sequence[Clause], me: dict[str, Any], d: Draft) -> Goal | None:
    """The change of Height the Heights wanted ask for (None: none named); two different ones
    are two movements (D-1)."""
    said = [(int(c.first("NUM").value), c.text) for c in clauses  # type: ignore[union-attr]
            if c.rule == "altitude"]
    if len({h for h, _ in said}) > 1:
        d.problem("language.dragons.two_moves", "D-1", moves=" / ".join(t for _, t in said))
        return None
    return (said[0][0] - int(me.get("height", 0)), said[0][1]) if said else None


def one_move(moves: list[tuple[Move, str]], change: int | None, goal: Goal | None,
             d: Draft) -> Move | None:
    """D-1: one movement. A plain "level" joins a speed change ("ровно, +2 скорости"); a
    Speed or a Height named with a movement must be the one the movement gives, and one named
    alone is that movement (``высота 13``: climb 1)."""
    plain = [(m, t) for m, t in moves if m.kind == "level" and m.amount == 0
             and not any(ch.isdigit() for ch in t)]
    rest = [(m, t) for m, t in moves if (m, t) not in plain]
    if goal is not None and goal[0] and not rest and not plain:
        rest = [(Move.climb(goal[0]) if goal[0] > 0 else Move.dive(-goal[0]), goal[1])]
    if change is not None:
        if rest and rest[0][0].speed_change != change:
            d.problem("language.dragons.two_moves", "D-1",
                      moves=" / ".join([t for _, t in rest] + [f"{change:+d}"]))
            return None
        if not rest:
            rest = [(Move.level(change), f"{change:+d}")]
    if len({m for m, _ in rest}) > 1:
        d.problem("language.dragons.two_moves", "D-1", moves=" / ".join(t for _, t in rest))
        return None
    chosen = rest[0] if rest else plain[0] if plain else None
    if goal is not None and chosen is None:
        return Move.level(0)  # «высота 12» where it is: held
    if goal is not None and chosen is not None and chosen[0].height_change != goal[0]:
        d.problem("language.dragons.two_moves", "D-1", moves=f"{chosen[1]} / {goal[1]}")
        return None
    return chosen[0] if chosen else None


def direction(rule: str) -> str:
    return {"climb": "up", "up": "up", "dive": "down", "down": "down"}.get(rule, rule)


def amount(tokens: Iterable[Token], default: int | None) -> int | None:
    for t in tokens:
        if t.kind in ("NUM", "SIGNED"):
            return abs(int(t.value))
    return default


def read_move(c: Clause, me: dict[str, Any], d: Draft, ctx: Context, goal: Goal | None = None
              ) -> Move | None:
    """D-4: the movement a clause names. A climb or dive with no number takes its depth from
    the Height wanted, else is asked about unless one depth is all the rules allow (a number
    is never guessed); ``до 5`` / ``to 5`` is the Speed wanted, ``на 2`` / ``by 2`` a change."""
    rule = c.rule
    speed = int(me.get("speed", 0))
    if rule in ("climb", "up", "dive", "down"):
        n = amount(c.tokens, None)
        climbing = rule in ("climb", "up")
        if n is None and goal is not None and goal[0] and (goal[0] > 0) == climbing:
            n = abs(goal[0])
        if n is None:
            legal = [k for k in (1, 2, 3) if ctx.check(DragonOrder(
                Move.climb(k) if climbing else Move.dive(k), ())) is None]
            if len(legal) == 1:
                n = legal[0]
            elif not legal:
                n = 1  # no depth is allowed: the least is read, and the rules refuse it
            else:
                d.ask(NameRef(tuple(str(k) for k in (legal or [1, 2])), c.text), "amount",
                      "climb" if climbing else "dive")
                return None
        return Move.climb(n) if climbing else Move.dive(n)
    if rule == "level":
        signed = list(dict.fromkeys(t.text for t in c.tokens if t.kind == "SIGNED"))
        if len({int(t.value) for t in c.tokens if t.kind == "SIGNED"}) > 1:  # «level +1 (maybe +2)»
            d.problem("language.dragons.two_moves", "D-1", moves=" / ".join(signed))
            return None
        got = speed_change(c, me)
        return Move.level(got or 0)
    if c.first("TO") is not None:
        target = amount(c.tokens, None)
        if target is not None:
            return Move.level(target - speed)
    if rule == "slower":
        return Move.level(-(amount(c.tokens, 1) or 1))
    n = amount(c.tokens, None)
    if n is None:
        d.ask(NameRef(("+1", "+2"), c.text), "amount", "faster")
        return None
    return Move.level(n)


def speed_change(c: Clause, me: dict[str, Any]) -> int | None:
    signed = c.first("SIGNED")
    if signed is not None:
        return int(signed.value)
    num = c.first("NUM")
    if num is not None and (c.first("SPEED") is not None or c.first("TO") is not None):
        return int(num.value) - int(me.get("speed", 0))
    return None
