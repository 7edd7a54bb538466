"""Exact odds against icepool, an independent exact engine (dev dependency only): >= 50 cases.

icepool truncates aces at a depth (here 16 further dice: mass left out < 4**-17 < 6e-11 per die), so the
agreement asked for is 1e-9 on every outcome of every case, across C-3, C-4, F-2, F-4, F-5, C-6,
S-3 and S-7.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool
import pytest

from gmkit import odds

DEPTH = 16
TOL = 1e-9
CRIT = -1000


def ace(sides: int) -> Any:
    return icepool.Die(range(1, sides + 1)).explode(depth=DEPTH)


def trait_die(sides: int, mod: int, wild: bool) -> Any:
    """C-3 in icepool: the kept total, or CRIT for a critical failure."""
    if wild:
        return icepool.map(lambda t, w: CRIT if t == 1 and w == 1 else max(t, w) + mod,
                           ace(sides), ace(6))
    return icepool.map(lambda t, c: CRIT if t == 1 and c == 1 else t + mod, ace(sides), icepool.d6)


def total_die(sides: int, mod: int, wild: bool) -> Any:
    """The total a defender shows (a critical failure still shows its total)."""
    return icepool.highest(ace(sides), ace(6)) + mod if wild else ace(sides) + mod


def raises_key(k: int, max_raises: int) -> str:
    if k >= max_raises:
        return f"raise_{max_raises}+"
    return "success" if k == 0 else f"raise_{k}"


def wound_key(total: int, toughness: int, shaken: bool, max_wounds: int) -> str:
    if total < toughness:
        return "no_effect"
    w = (total - toughness) // 4
    if w == 0 and shaken:
        w = 1
    if w == 0:
        return "shaken"
    return f"wound_{max_wounds}+" if w >= max_wounds else f"wound_{w}"


def check(got: odds.Odds, want: Any) -> None:
    """Every outcome of ``got`` against icepool's probability of the same key."""
    keys = set(got.keys()) | set(want.outcomes())
    for k in keys:
        p_want = float(want.probability(k)) if k in want.outcomes() else 0.0
        assert abs(float(got.get(k)) - p_want) < TOL, (got.query, k, float(got.get(k)), p_want)
    assert abs(sum(got.probabilities.values()) - 1) <= got.error * 10 + Fraction(1, 10**15)


# --- C-3 trait rolls ---------------------------------------------------------------------------

TRAITS = [(s, m, w, tn) for s, m, w, tn in [
    (4, 0, True, 4), (6, 0, True, 4), (8, 0, True, 4), (10, 0, True, 4), (12, 0, True, 4),
    (4, 0, False, 4), (6, 0, False, 4), (8, 0, False, 4), (10, 0, False, 4), (12, 0, False, 4),
    (8, 1, True, 4), (12, 1, True, 6), (4, -2, True, 4), (4, -2, False, 4), (6, -3, True, 4),
    (6, 2, False, 8), (8, -4, True, 5), (10, 3, True, 7), (12, -1, False, 2), (4, 5, True, 3),
    (6, 4, False, 5), (8, 0, True, 11),
]]


@pytest.mark.parametrize("sides,mod,wild,tn", TRAITS)
def test_c3_trait_matches_icepool(sides: int, mod: int, wild: bool, tn: int) -> None:
    die = trait_die(sides, mod, wild)

    def classify(x: int) -> str:
        if x == CRIT:
            return "critical_failure"
        return "failure" if x < tn else raises_key((x - tn) // 4, 3)

    check(odds.trait(sides, mod, wild, tn), die.map(classify))


# --- C-3 opposed rolls ---------------------------------------------------------------------------

OPPOSED = [
    (8, 0, True, 6, 0, True), (6, 0, True, 8, 0, True), (4, 0, False, 4, 0, False),
    (12, 1, True, 8, -2, False), (10, -2, True, 10, 0, True), (6, 0, False, 12, 0, True),
    (8, 2, False, 4, -2, True),
]


@pytest.mark.parametrize("a,am,aw,d,dm,dw", OPPOSED)
def test_c3_opposed_matches_icepool(a: int, am: int, aw: bool, d: int, dm: int, dw: bool) -> None:
    def classify(x: int, y: int) -> str:
        if x == CRIT or x < 4 or x <= y:
            return "defender"
        return raises_key((x - y) // 4, 3)

    want = icepool.map(classify, trait_die(a, am, aw), total_die(d, dm, dw))
    got = odds.opposed(a, d, attacker_mod=am, defender_mod=dm, attacker_wild=aw, defender_wild=dw)
    assert got.error < Fraction(1, 10**12)
    check(got, want)


# --- C-4 damage and the D attack ----------------------------------------------------------------

DAMAGE = [("2d8", 8, False, False), ("2d8", 8, True, False), ("d10+d8", 10, False, False),
          ("2d6+1", 6, False, True), ("d4", 5, False, False), ("3d6", 12, True, False),
          ("d12+2", 9, False, False), ("2d4", 4, True, True)]


def damage_die(expr: str, bonus: bool) -> Any:
    parts = expr.split("+")
    die: Any = icepool.Die([0])
    for p in parts:
        if "d" in p:
            n, s = p.split("d")
            for _ in range(int(n or 1)):
                die = die + ace(int(s))
        else:
            die = die + int(p)
    return die + ace(6) if bonus else die


@pytest.mark.parametrize("expr,tough,bonus,shaken", DAMAGE)
def test_c4_damage_matches_icepool(expr: str, tough: int, bonus: bool, shaken: bool) -> None:
    want = damage_die(expr, bonus).map(lambda x: wound_key(x, tough, shaken, 4))
    check(odds.damage(expr, tough, bonus, already_shaken=shaken), want)


ATTACKS = [(8, 0, True, 4, "2d8", 8), (6, -2, True, 6, "d10+d6", 10), (10, 1, False, 4, "2d6", 7),
           (12, 0, True, 7, "3d6+2", 12)]


@pytest.mark.parametrize("sides,mod,wild,tn,expr,tough", ATTACKS)
def test_d5_attack_matches_icepool(sides: int, mod: int, wild: bool, tn: int, expr: str,
                                   tough: int) -> None:
    plain = damage_die(expr, False)
    raised = damage_die(expr, True)

    def outcome(x: int) -> Any:
        if x == CRIT:
            return "critical_failure"
        if x < tn:
            return "miss"
        dmg = raised if x >= tn + 4 else plain
        return dmg.map(lambda v: wound_key(v, tough, False, 4))

    want = trait_die(sides, mod, wild).map(outcome)
    check(odds.attack(sides, expr, tough, mod, wild, tn), want)


# --- F-2, F-4, F-5, C-6 ---------------------------------------------------------------------------

D18 = icepool.d6 + icepool.Die([0, 6, 12])


@pytest.mark.parametrize("ac,mod", [(-5, 3), (-3, 0), (-2, 0), (-2, 2), (-1, 0), (-1, 1), (0, 0),
                                    (5, 0), (8, -2), (12, 3), (15, 0), (16, 0), (16, -3), (20, -4)])
def test_f2_d18_matches_icepool(ac: int, mod: int) -> None:
    if ac <= -3:
        want = icepool.Die(["miss"])
    elif ac == -2:
        want = icepool.map(lambda r, s: "hit" if r + mod >= 18 and s == 6 else "miss",
                           D18, icepool.d6)
    else:
        want = D18.map(lambda r: "hit" if r + mod >= 17 - ac else "miss")
    check(odds.d18_hit(ac, mod), want)


@pytest.mark.parametrize("trigger,pr,wis,ac", [(16, 6, 0, None), (12, 10, 2, None), (18, None, 0, 4),
                                               (16, 14, -1, 8)])
def test_f4_f5_special_matches_icepool(trigger: int, pr: int | None, wis: int, ac: int | None) -> None:
    def outcome(hit: int, trig: int, save: int) -> str:
        if ac is not None and hit < 17 - ac:
            return "miss"
        if trig < trigger:
            return "normal"
        return "avoided" if pr is not None and save + wis >= pr else "effect"

    want = icepool.map(outcome, D18, D18, D18)
    check(odds.special(trigger, pr, wis, ac=ac), want)


@pytest.mark.parametrize("text", ["0.5-1-1.5-2-2.5-3", "0-1-2", "1-2", "1-1-2", "2-4-6-8"])
def test_c6_table_matches_icepool(text: str) -> None:
    values = [Fraction(v) for v in text.split("-")]
    got = odds.table(text)
    want = icepool.Die(values)
    keys = {(str(v.numerator) if v.denominator == 1 else f"{float(v):g}"): v for v in want.outcomes()}
    assert {k for k, p in got.probabilities.items() if p} == set(keys)  # nothing more, nothing less
    for key, v in keys.items():
        assert abs(float(got[key]) - float(want.probability(v))) < TOL


@pytest.mark.parametrize("ac,mod,entry,hp,key", [(5, 0, "25%", 12, "3"), (-2, 1, "50%", 9, "4.5"),
                                                  (12, -3, "33%", 10, "3.3")])
def test_f3_percent_strike_matches_icepool(ac: int, mod: int, entry: str, hp: int, key: str) -> None:
    """F-2 then F-3: a hit deals the percentage of the target's current hit points, one value."""
    pct = Fraction(entry[:-1])
    value = icepool.Die([Fraction(hp) * pct / 100])
    if ac == -2:
        hit: Any = icepool.map(lambda r, s: r + mod >= 18 and s == 6, D18, icepool.d6)
    else:
        hit = D18.map(lambda r: r + mod >= 17 - ac)
    want = icepool.map(lambda h, v: key if h and v == Fraction(key) else "miss", hit, value)
    check(odds.strike(ac, entry, mod, target_hp=hp), want)


# --- S-3, S-7 ----------------------------------------------------------------------------------

@pytest.mark.parametrize("defence,range2,confirm", [(1, False, True), (7, False, True), (7, True, True),
                                                    (10, True, True), (11, False, True),
                                                    (5, True, False)])
def test_s7_space_hit_matches_icepool(defence: int, range2: bool, confirm: bool) -> None:
    need_confirm = range2 and confirm
    want = icepool.map(lambda a, c: "hit" if a >= defence and (not need_confirm or c >= 6) else "miss",
                       icepool.d10, icepool.d10)
    check(odds.space_hit(defence, range2, confirm), want)


@pytest.mark.parametrize("defence,dmg,range2,halvings,plating", [(6, "2d6", False, 0, False),
                                                                 (7, "2d6", True, 0, False),
                                                                 (5, "d10+2", True, 1, True),
                                                                 (4, "3d4", False, 0, True)])
def test_s3_s8_space_attack_matches_icepool(defence: int, dmg: str, range2: bool, halvings: int,
                                            plating: bool) -> None:
    n, rest = dmg.split("d")
    sides, _, add = rest.partition("+")
    base: Any = icepool.Die([int(add or 0)])
    for _ in range(int(n or 1)):
        base = base + icepool.Die(range(1, int(sides) + 1))
    times = halvings + range2

    def outcome(a: int, c: int, v: int) -> str:
        if a < defence or (range2 and c < 6):
            return "miss"
        return str((v >> times) + (2 if plating else 0))

    want = icepool.map(outcome, icepool.d10, icepool.d10, base)
    check(odds.space_attack(defence, dmg, range2, halvings=halvings, plating=plating), want)


@pytest.mark.parametrize("holder,held", [(10, 6), (6, 6), (4, 10)])
def test_s13_break_free_matches_icepool(holder: int, held: int) -> None:
    """S-13: held d6 against holder d10, ties reroll: the chance conditioned on no tie."""
    both = icepool.map(lambda a, b: "tie" if a == b else ("free" if b > a else "held"),
                       icepool.Die(range(1, holder + 1)), icepool.Die(range(1, held + 1)))
    p_free = both.probability("free") / (1 - both.probability("tie"))
    assert abs(float(odds.break_free(holder, held).chance) - float(p_free)) < TOL


def test_s11_escape_cells_matches_icepool() -> None:
    want = icepool.d4 + icepool.d4
    got = odds.escape_cells()
    assert {k for k, p in got.probabilities.items() if p} == {str(v) for v in want.outcomes()}
    for v in want.outcomes():
        assert got[str(v)] == want.probability(v)


@pytest.mark.parametrize("morale", [1, 9, 16, 18, 19])
def test_f9_flee_matches_icepool(morale: int) -> None:
    d18 = icepool.d6 + icepool.Die([0, 6, 12])
    assert odds.flee(morale).chance == d18.probability(">=", morale)
