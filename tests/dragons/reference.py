"""The D rules written out again from RULES.md, independently of :mod:`gmkit.dragons.rules`, for
tests to hold the engine and the fast paths to (never call a gmkit rule function from here)."""

from __future__ import annotations


def moved(speed: int, height: int, kind: str, n: int) -> tuple[int, int]:
    """D-4: level changes Speed by n; climb n: -3 Speed, +1 Height per level; dive n: +2, -1."""
    return {"level": (speed + n, height), "climb": (speed - 3 * n, height + n),
            "dive": (speed + 2 * n, height - n)}[kind]


def move_ok(speed: int, max_speed: int, kind: str, n: int, *, shaken: bool = False,
            level_min: int = -1, level_max: int = 2, max_dive: int | None = None) -> bool:
    """D-4 (a)-(c), D-8 Shaken: the move's legality read straight from the digest."""
    if kind == "level":
        after = speed + n
        return level_min <= n <= level_max and after >= 0 and (n <= 0 or after <= max_speed)
    if n < 1 or shaken:
        return False
    if kind == "climb":
        return speed - 3 * n >= 0
    return kind == "dive" and (max_dive is None or n <= max_dive)


def fall(speed: int, height: int) -> tuple[int, int, int]:
    """D-9: drop 1 at Speed 0-5, 2 at 6-10, 3 at 11-15, ...; +2 Speed per level dropped."""
    drop = 1
    top = 5
    while speed > top:
        drop += 1
        top += 5
    return speed + 2 * drop, height - drop, drop


def attack_ok(kind: str, attacker_height: int, target_height: int, on_tail: bool,
              target_is_pursuer: bool, rng: int | None, ranges: tuple[int, ...] | None) -> bool:
    """D-5, D-12: ranged needs strictly higher, or level and on the tail, and within Long range;
    melee needs the same Height; nobody attacks its own pursuer."""
    if target_is_pursuer:
        return False
    if kind == "melee":
        return attacker_height == target_height
    higher = attacker_height > target_height
    level_tail = attacker_height == target_height and on_tail
    in_range = rng is None or ranges is None or rng <= ranges[-1]
    return (higher or level_tail) and in_range


def band(rng: int, ranges: tuple[int, int, int]) -> tuple[str, int] | None:
    """D-5 [decision]: Short (0), Medium (-2), Long (-4) up to and including each limit."""
    short, medium, long_ = ranges
    if rng <= short:
        return "short", 0
    if rng <= medium:
        return "medium", -2
    if rng <= long_:
        return "long", -4
    return None


def distance(speed_a: int, height_a: int, speed_b: int, height_b: int, tail: bool = False) -> int:
    """D-5: 10 x |dSpeed| + 50 x |dHeight|; 5 when both are equal, and 5 from the tail."""
    if tail or (speed_a, height_a) == (speed_b, height_b):
        return 5
    return 10 * abs(speed_a - speed_b) + 50 * abs(height_a - height_b)


# D-8, a Wild Card's penalty: (wounds, on an action roll, on any other roll)
WOUND_PENALTY = {0: (0, 0), 1: (-1, 0), 2: (-2, 0), 3: (-3, -3), 4: (-3, -3), 5: (-3, -3)}
