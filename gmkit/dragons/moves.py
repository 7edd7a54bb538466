"""Rule D-4, movement, as pure functions over plain numbers: what a move leads to, why one is
illegal, and the moves a form or the autopilot lists (cached: asked every round). Re-exported by
:mod:`gmkit.dragons.rules`, where the other D rules live."""

from __future__ import annotations

from functools import lru_cache

from ..errors import IllegalOrder
from .orders import Move

__all__ = ["move_result", "move_problem", "check_move", "is_legal_move", "listed_dives", "legal_moves",
           "legal_steps"]


def move_result(speed: int, height: int, move: Move) -> tuple[int, int]:
    """D-4: the (Speed, Height) a move leads to, legal or not."""
    return speed + move.speed_change, height + move.height_change


def move_problem(speed: int, max_speed: int, move: Move, *, shaken: bool = False,
                 level_min: int = -1, level_max: int = 2, max_dive: int | None = None,
                 name: str = "the dragon") -> str | None:
    """D-4 (and D-8 for Shaken): why ``move`` is illegal from ``speed``, or None when it is legal.

    Level: Speed changes by ``level_min..level_max`` and may not rise above maximum Speed (slowing
    or holding is always allowed). Climb n: 3 Speed per level, not below 0. Dive n: 2 Speed per
    level, of any depth (the original sets no limit) unless the scenario sets ``max_dive``. A
    Shaken dragon may not change Height.

    >>> move_problem(4, 9, Move.dive(12)) is None
    True
    >>> move_problem(4, 9, Move.dive(4), max_dive=3)
    'the scenario limits a dive to 3 levels (option max_dive), not 4'
    """
    kind, n = move.kind, move.amount
    if kind == "level":
        if not level_min <= n <= level_max:
            return (f"level flight changes Speed by {level_min:+d} to {level_max:+d}, "
                    f"not {n:+d}")
        if speed + n < 0:
            return f"Speed cannot go below 0: {name} has {speed}, {speed}{n:+d} = {speed + n}"
        if n > 0 and speed + n > max_speed:
            return (f"level flight may not take Speed above its maximum: {name} has {speed}, "
                    f"{speed:d}{n:+d} = {speed + n} > maximum {max_speed}")
        return None
    if kind not in ("climb", "dive"):
        return f"a move is level, climb or dive, not {kind!r}"
    if n < 1:
        return f"a {kind} is of 1 level or more, not {n}"
    if shaken:
        return f"{name} is Shaken and may not change Height (D-8)"
    if kind == "climb":
        cost = 3 * n
        if cost > speed:
            return (f"climbing {n} {'level' if n == 1 else 'levels'} costs {cost} Speed, "
                    f"{name} has {speed}")
        return None
    if max_dive is not None and n > max_dive:
        return f"the scenario limits a dive to {max_dive} levels (option max_dive), not {n}"
    return None


def check_move(speed: int, max_speed: int, move: Move, **kw: object) -> None:
    """D-4: raise :class:`IllegalOrder` when :func:`move_problem` finds a fault."""
    problem = move_problem(speed, max_speed, move, **kw)  # type: ignore[arg-type]
    if problem is not None:
        rule = "D-8" if problem.endswith("(D-8)") else "D-4"
        raise IllegalOrder(rule, problem.replace(" (D-8)", ""))


def is_legal_move(speed: int, max_speed: int, move: Move, shaken: bool, level_min: int,
                  level_max: int, max_dive: int | None) -> bool:
    """D-4: ``move_problem(...) is None``, fast (validation runs on every order and every move):
    the same tests as plain comparisons, no reason built."""
    kind, n = move.kind, move.amount
    if kind == "level":
        return level_min <= n <= level_max and speed + n >= 0 and (n <= 0 or speed + n <= max_speed)
    if kind == "climb":
        return not shaken and n >= 1 and 3 * n <= speed
    if kind == "dive":
        return not shaken and n >= 1 and (max_dive is None or n <= max_dive)
    return False


def listed_dives(speed: int, max_speed: int, max_dive: int | None) -> int:
    """D-4: how deep the dives a form or the autopilot lists go. Every depth is legal when the
    scenario sets no ``max_dive``; a list stops two levels past the first dive that ends above
    maximum Speed (a dangerous manoeuvre, D-11), and never short of 5 levels.

    >>> listed_dives(4, 9, None), listed_dives(2, 30, None), listed_dives(2, 30, 3)
    (5, 17, 3)
    """
    if max_dive is not None:
        return max_dive
    return max(5, (max_speed - speed) // 2 + 3)


def legal_moves(speed: int, max_speed: int, *, shaken: bool = False, level_min: int = -1,
                level_max: int = 2, max_dive: int | None = None) -> list[Move]:
    """D-4: the legal moves from ``speed``: level changes, climbs the Speed pays for, and dives
    as deep as :func:`listed_dives` lists (deeper ones are legal too, unless the scenario sets
    ``max_dive``).

    >>> [str(m) for m in legal_moves(4, 5)]
    ['level -1', 'level +0', 'level +1', 'climb 1', 'dive 1', 'dive 2', 'dive 3', 'dive 4', 'dive 5']
    >>> [str(m) for m in legal_moves(4, 5, shaken=True)]
    ['level -1', 'level +0', 'level +1']
    """
    return list(_legal_moves(speed, max_speed, shaken, level_min, level_max, max_dive))


def legal_steps(speed: int, max_speed: int, *, shaken: bool = False, level_min: int = -1,
                level_max: int = 2, max_dive: int | None = None) -> tuple[tuple[Move, int, int], ...]:
    """D-4: :func:`legal_moves` with each move's (Speed change, Height change), cached: the
    autopilot scores every legal move every round."""
    return _legal_steps(speed, max_speed, shaken, level_min, level_max, max_dive)


@lru_cache(maxsize=4096)
def _legal_steps(speed: int, max_speed: int, shaken: bool, level_min: int, level_max: int,
                 max_dive: int | None) -> tuple[tuple[Move, int, int], ...]:
    return tuple((m, m.speed_change, m.height_change)
                 for m in _legal_moves(speed, max_speed, shaken, level_min, level_max, max_dive))


@lru_cache(maxsize=4096)
def _legal_moves(speed: int, max_speed: int, shaken: bool, level_min: int, level_max: int,
                 max_dive: int | None) -> tuple[Move, ...]:
    out = [Move.level(d) for d in range(level_min, level_max + 1)
           if not (d > 0 and speed + d > max_speed) and speed + d >= 0]
    if not shaken:
        out += [Move.climb(n) for n in range(1, speed // 3 + 1)]
        out += [Move.dive(n) for n in range(1, listed_dives(speed, max_speed, max_dive) + 1)]
    return tuple(out)
