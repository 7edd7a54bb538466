"""Rule set D as pure functions over plain numbers: no dice, no board, no side effects.

Every function cites its rule id (``RULES.md`` section D). The engine (:mod:`gmkit.dragons.duel`)
composes them; forms and the autopilot ask them too, so nobody re-implements a rule.
Refusals raise :class:`~gmkit.errors.IllegalOrder` naming the rule and the numbers. D-4's movement
lives in :mod:`gmkit.dragons.moves` and is re-exported here, so ``rules.legal_moves`` still works.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from .moves import (
    check_move,
    is_legal_move,
    legal_moves,
    legal_steps,
    listed_dives,
    move_problem,
    move_result,
)
from .orders import Move

__all__ = [
    "BLUE", "FIRMAMENT", "START_HEIGHT", "RANGE_PENALTIES",
    "normalise_heights", "speed_kmh", "height_m", "InitiativeEntry", "initiative_order",
    "move_result", "move_problem", "check_move", "legal_moves", "legal_steps", "listed_dives",
    "range_between", "range_band", "attack_problem", "Problem", "repeated_weapon",
    "effective_toughness", "bennies_available", "reroll_stands", "soaked",
    "wound_penalty", "WoundRow", "wound_rows", "weapon_break_limit",
    "fall_drop", "fall_step", "recovery_penalty", "fallen_away",
    "nearest", "turned_target", "dangerous_dive", "attack_allowed", "is_legal_move",
    "tail_problem", "forcing_problem", "forced_move", "copy_problem",
    "downed_fate",
]

BLUE = "blue"
FIRMAMENT = "firmament"
Battlefield = Literal["blue", "firmament"]

START_HEIGHT = 10
"""D-2: the lowest dragon's Height at the start of the fight."""

RANGE_PENALTIES = (0, -2, -4)
"""D-5 [decision]: Short, Medium, Long range penalties."""


# --- D-2 position ------------------------------------------------------------------------------


def normalise_heights(heights: Mapping[str, int]) -> dict[str, int]:
    """D-2: shift all Heights so the lowest dragon is at 10; offsets between dragons are kept.

    >>> normalise_heights({"Ash": 3, "Bane": 5})
    {'Ash': 10, 'Bane': 12}
    """
    if not heights:
        return {}
    shift = START_HEIGHT - min(heights.values())
    return {k: v + shift for k, v in heights.items()}


def speed_kmh(speed: int) -> int:
    """D-2, for display: Speed 1 is about 80 km/h and Speed 10 about 500 km/h (straight line
    through both, rounded).

    >>> speed_kmh(1), speed_kmh(10), speed_kmh(0)
    (80, 500, 33)
    """
    return round(80 + (speed - 1) * (500 - 80) / 9)


def height_m(height: int) -> int:
    """D-2, for display: one unit of Height is about 100 m (relative to the start, D-2)."""
    return 100 * height


# --- D-3 initiative ------------------------------------------------------------------------------


class InitiativeEntry(NamedTuple):
    """What D-3 looks at for one dragon."""

    name: str
    speed: int
    height: int
    late: bool
    """An Extra or GM-run dragon: counts as having ordered last."""
    arrival: int | None
    """Position of its order in arrival order; None: no order (after every order received)."""


def initiative_order(entries: Iterable[InitiativeEntry | tuple[str, int, int, bool, int | None]]
                     ) -> list[str]:
    """D-3: higher Speed first, then higher Height, then earlier order; Extras and GM-run last.

    Among equals, players' orders go by arrival, then Extras/GM-run by arrival; dragons with no
    order come after those with one; the input order (scenario order) breaks what is left.
    An entry may be a plain tuple in the order of :class:`InitiativeEntry`'s fields (the engine
    builds them every round).

    >>> initiative_order([InitiativeEntry("X", 6, 10, True, 0), InitiativeEntry("P", 6, 10, False, 1),
    ...                   InitiativeEntry("Q", 6, 11, True, None)])
    ['Q', 'P', 'X']
    """
    keyed = sorted([(-speed, -height, bool(late), arrival is None, arrival or 0, i, name)
                    for i, (name, speed, height, late, arrival) in enumerate(entries)])
    return [k[-1] for k in keyed]  # i is unique: names are never compared


# --- D-5 range and attacks ---------------------------------------------------------------------


def range_between(speed_a: int, height_a: int, speed_b: int, height_b: int,
                  tail: bool = False) -> int:
    """D-5: 10 x |Speed difference| + 50 x |Height difference|; 5 at equal Speed and Height, and 5
    for a pursuer on the tail (D-12).

    >>> range_between(6, 12, 4, 10)
    120
    >>> range_between(6, 10, 6, 10)
    5
    """
    if tail:
        return 5
    r = 10 * abs(speed_a - speed_b) + 50 * abs(height_a - height_b)
    return 5 if r == 0 else r


def range_band(rng: int, ranges: Sequence[int],
               penalties: Sequence[int] = RANGE_PENALTIES) -> tuple[str, int] | None:
    """D-5 [decision]: ``("short"|"medium"|"long", penalty)`` or None beyond Long range.

    >>> range_band(60, (50, 100, 150))
    ('medium', -2)
    >>> range_band(151, (50, 100, 150)) is None
    True
    """
    for band, limit, pen in zip(("short", "medium", "long"), ranges, penalties, strict=False):
        if rng <= limit:
            return band, pen
    return None


class Problem(NamedTuple):
    """Why something may not be done: the rule id, a short code (the engine's message key) and
    an English sentence with the numbers."""

    rule: str
    code: str
    text: str


def attack_problem(kind: str, attacker_height: int, target_height: int, *, on_tail: bool,
                   target_is_pursuer: bool, rng: int | None = None,
                   ranges: Sequence[int] | None = None) -> Problem | None:
    """D-5/D-12: why the attack may not be made, or None.

    Ranged: strictly higher than the target, or level with it and on its tail; within Long range.
    Melee: same Height. Nobody attacks the pursuer on its own tail.

    >>> attack_problem("ranged", 10, 11, on_tail=False, target_is_pursuer=False).code
    'below'
    """
    if target_is_pursuer:
        return Problem("D-12", "pursuer", "the target of a tail cannot attack its pursuer")
    if kind == "melee":
        if attacker_height != target_height:
            return Problem("D-5", "melee_height",
                           f"melee needs the same Height: attacker at {attacker_height}, "
                           f"target at {target_height}")
        return None
    if attacker_height < target_height:
        return Problem("D-5", "below",
                       f"a ranged attack needs the attacker above the target: attacker at "
                       f"{attacker_height} is below the target at {target_height}")
    if attacker_height == target_height and not on_tail:
        return Problem("D-5", "level_no_tail",
                       f"a ranged attack at the same Height ({attacker_height}) needs the "
                       f"attacker on the target's tail")
    if rng is not None and ranges is not None and range_band(rng, ranges) is None:
        return Problem("D-5", "beyond", f"range {rng} is beyond the weapon's Long range {ranges[-1]}")
    return None


def attack_allowed(kind: str, attacker_height: int, target_height: int, on_tail: bool,
                   target_is_pursuer: bool, rng: int, ranges: Sequence[int] | None) -> bool:
    """``attack_problem(...) is None`` without building the reason (the autopilot asks often)."""
    if target_is_pursuer:
        return False
    if kind == "melee":
        return attacker_height == target_height
    if attacker_height < target_height or (attacker_height == target_height and not on_tail):
        return False
    return ranges is None or range_band(rng, ranges) is not None


def repeated_weapon(weapons: Iterable[str]) -> str | None:
    """D-5: at most one attack per weapon per round: the first weapon named twice, or None.

    >>> repeated_weapon(["Flame", "Claws", "Flame"])
    'Flame'
    """
    seen: set[str] = set()
    for w in weapons:
        if w in seen:
            return w
        seen.add(w)
    return None


# --- D-7 damage ----------------------------------------------------------------------------------


def effective_toughness(toughness: int, armour: int = 0, ap: int = 0) -> int:
    """D-7 (SWADE): the Toughness a hit is measured against: Armour Piercing ignores up to its
    value of the target's Armour, which Toughness includes.

    >>> effective_toughness(9, 2, 1), effective_toughness(9, 2, 4), effective_toughness(9)
    (8, 7, 9)
    """
    return toughness - min(max(ap, 0), max(armour, 0))


def bennies_available(own: int, gm_pool: int, *, gm: bool, turned: bool) -> int:
    """D-7 (SWADE): the Bennies a dragon may spend: its own (a Wild Card's; no longer once its
    pilot is consumed, they were the player's) and, for a GM character (GM-run or turned), the
    GM's pool.

    >>> bennies_available(3, 2, gm=False, turned=False), bennies_available(3, 2, gm=False, turned=True)
    (3, 2)
    """
    return (0 if turned else own) + (gm_pool if gm or turned else 0)


def reroll_stands(first_total: int, second_total: int, second_critical: bool) -> bool:
    """D-7 (SWADE): whether a Benny's reroll replaces the first roll: the better total stands
    (the first on a tie), and a critical failure on the reroll stands whatever the totals.

    >>> reroll_stands(3, 5, False), reroll_stands(3, 3, False), reroll_stands(3, 1, True)
    (True, False, True)
    """
    return second_critical or second_total > first_total


def soaked(wounds: int, success: bool, raises: int) -> int:
    """D-7 (SWADE): the Wounds a soak roll removes: one for a success and one per raise, at most
    all of them.

    >>> soaked(2, True, 0), soaked(2, True, 3), soaked(2, False, 0)
    (1, 2, 0)
    """
    return min(wounds, 1 + raises) if success else 0


# --- D-8 wounds ----------------------------------------------------------------------------------


def wound_penalty(wounds: int, wild_card: bool, action: bool = True) -> int:
    """D-8: a Wild Card's penalty: -1 / -2 on actions at 1 / 2 wounds; -3 on every roll from 3.

    Rolls that are not actions (Spirit, fall recovery, defending) are only hit from 3 wounds.
    """
    if not wild_card or wounds <= 0:
        return 0
    if wounds >= 3:
        return -3
    return -wounds if action else 0


@dataclass(frozen=True, slots=True)
class WoundRow:
    """What reaching one row of the D-8 wound table does."""

    wounds: int
    speed_loss: int = 0
    weapon_break: int = 0
    """Each weapon still working is out on a d6 of this or less (0: no check)."""
    height_loss: int = 0
    starts_fall: bool = False
    spirit_check: bool = False
    """The pilot rolls Spirit or is consumed (D-10)."""
    out: str | None = None
    """``withdrew`` (Extra, 1 wound), ``downed`` (Extra, 2+), ``unconscious`` (Wild Card, 4+)."""


def wound_rows(wild_card: bool, before: int, after: int) -> list[WoundRow]:
    """D-8: the table rows a dragon reaches going from ``before`` to ``after`` wounds, in order.

    >>> [r.speed_loss for r in wound_rows(True, 0, 2)]
    [2, 3]
    >>> wound_rows(False, 0, 1)[0].out
    'withdrew'
    """
    rows: list[WoundRow] = []
    if after <= before:
        return rows
    if not wild_card:
        if after >= 2:
            return [WoundRow(after, out="downed")]
        return [WoundRow(1, out="withdrew")]
    for w in range(before + 1, after + 1):
        if w == 1:
            rows.append(WoundRow(1, speed_loss=2))
        elif w == 2:
            rows.append(WoundRow(2, speed_loss=3, weapon_break=2))
        elif w == 3:
            rows.append(WoundRow(3, weapon_break=4, height_loss=1, starts_fall=True,
                                 spirit_check=True))
        else:
            rows.append(WoundRow(w, out="unconscious"))
            break
    return rows


def weapon_break_limit(rows: Iterable[WoundRow]) -> list[int]:
    """D-8: the weapon checks the rows call for, in order (2: out on 1-2; 4: out on 1-4)."""
    return [r.weapon_break for r in rows if r.weapon_break]


def downed_fate(battlefield: str, wild_card: bool) -> str:
    """D-8/D-13: a dragon downed (Extra at 2 wounds, Wild Card at 4+): ``dead`` in the Blue;
    over the Firmament ``chance`` (a survival roll the engine makes; scenario option)."""
    return "dead" if battlefield == BLUE else "chance"


# --- D-9 falling ---------------------------------------------------------------------------------


def fall_drop(speed: int) -> int:
    """D-9: Height lost in one falling turn: 1 at Speed 0-5, 2 at 6-10, 3 at 11-15, ...

    >>> [fall_drop(s) for s in (0, 5, 6, 10, 11, 15, 16)]
    [1, 1, 2, 2, 3, 3, 4]
    """
    return max(1, (speed + 4) // 5)


def fall_step(speed: int, height: int) -> tuple[int, int, int]:
    """D-9: one falling turn: ``(speed, height, drop)`` after it; 2 Speed gained per level lost."""
    drop = fall_drop(speed)
    return speed + 2 * drop, height - drop, drop


def recovery_penalty(fall_turns: int) -> int:
    """D-9: the Piloting penalty to regain control: the number of turns spent falling."""
    return -fall_turns


def fallen_away(height: int, lowest_flying: int | None) -> bool:
    """D-9: 10 or more Height below the lowest dragon that is not falling (none flying: never)."""
    return lowest_flying is not None and height <= lowest_flying - 10


# --- D-10 a dragon turns ------------------------------------------------------------------------


def nearest(ranges: Mapping[str, int]) -> str | None:
    """D-10: the nearest target by D-5 range; ties go to the first listed."""
    best: str | None = None
    for name, r in ranges.items():
        if best is None or r < ranges[best]:
            best = name
    return best


def turned_target(speed: int, height: int,
                  others: Iterable[tuple[str, int, int, bool]]) -> str | None:
    """D-10: whom a turned dragon at ``speed``/``height`` goes for: the nearest of ``others``
    (name, Speed, Height, on a tail with it) by D-5 range, whoever they are; None: nobody left.

    >>> turned_target(6, 10, [("Ash", 4, 12, False), ("Bane", 6, 11, False)])
    'Bane'
    >>> turned_target(6, 10, [("Ash", 4, 12, False), ("Bane", 9, 13, True)])
    'Bane'
    """
    return nearest({n: range_between(speed, height, s, h, tail) for n, s, h, tail in others})


# --- D-11 dangerous manoeuvres ------------------------------------------------------------------


def dangerous_dive(move: Move, speed_after: int, max_speed: int) -> bool:
    """D-11: a dive that ends above maximum Speed is a dangerous manoeuvre."""
    return move.kind == "dive" and speed_after > max_speed


# --- D-12 tails ------------------------------------------------------------------------------------


def tail_problem(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """D-12: why a tail attempt between positions ``a`` and ``b`` (Speed, Height) cannot be made."""
    if a != b:
        return (f"getting on a tail needs the same Speed and Height: {a[0]}/{a[1]} against "
                f"{b[0]}/{b[1]} (Speed/Height)")
    return None


def forcing_problem(pursuer_rank: tuple[int, int], target_rank: tuple[int, int] | None) -> str | None:
    """D-12/D-3: forcing needs the pursuer's order to count as arriving before the target's.

    A rank is ``(late, arrival index)``: Extras and GM-run dragons count as ordering last.
    ``target_rank`` None: the target has sent no order (the pursuer's counts as earlier).
    """
    if target_rank is None:
        return None
    if pursuer_rank < target_rank:
        return None
    if pursuer_rank[0] and not target_rank[0]:
        return "an Extra or GM-run pursuer counts as ordering last, after the target (D-3)"
    return (f"the pursuer's order arrived {pursuer_rank[1] + 1}., after the target's "
            f"({target_rank[1] + 1}.)")


def forced_move(move: Move, axis: str, direction: str, speed: int, max_speed: int, shaken: bool,
                **kw: int) -> Move:
    """D-12: the target's move made to obey a won forcing.

    ``axis`` is ``speed`` or ``height``, ``direction`` ``up`` or ``down``. A move that already obeys
    is kept ("how does not matter"); otherwise the smallest legal move that obeys; when none is
    legal, the target's own move.
    """
    def obeys(m: Move) -> bool:
        d = m.speed_change if axis == "speed" else m.height_change
        return d > 0 if direction == "up" else d < 0

    if obeys(move) and move_problem(speed, max_speed, move, shaken=shaken, **kw) is None:  # type: ignore[arg-type]
        return move
    if axis == "speed":
        options = [Move.level(1), Move.dive(1)] if direction == "up" else [Move.level(-1), Move.climb(1)]
    else:
        options = [Move.climb(1)] if direction == "up" else [Move.dive(1)]
    for m in options:
        if move_problem(speed, max_speed, m, shaken=shaken, **kw) is None:  # type: ignore[arg-type]
            return m
    return move


def copy_problem(move: Move, speed: int, max_speed: int, shaken: bool,
                 falling: bool) -> str | None:
    """D-12: why a pursuer cannot copy its target's move (then the target shakes it off).

    Climbs and level changes it cannot pay for or that break its maximum Speed, Height changes
    while Shaken, anything while falling. A copied dive above maximum Speed is allowed (it is a
    dangerous manoeuvre for the pursuer, D-11).
    """
    if falling:
        return "it is falling"
    if shaken and move.height_change:
        return "it is Shaken and may not change Height"
    if move.kind == "level" and move.amount > 0 and speed + move.amount > max_speed:
        return f"Speed {speed + move.amount} is above its maximum {max_speed}"
    if move.kind == "climb" and 3 * move.amount > speed:
        return f"climbing {move.amount} costs {3 * move.amount} Speed, it has {speed}"
    return None
