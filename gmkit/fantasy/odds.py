"""Fantasy skirmish odds (F): the d18 against armour class, special attacks, damage tables.

All finite, so all exact. The d18 is uniform over 1..18 (C-5). A damage entry is a C-6 table
(``0.5-1-1.5``) or, by F-3, a percentage of the target's current hit points (``25%``): that one is a
single point value once the hit points are known, so the functions taking an entry ask for them
(``target_hp=``) only then.

Every rule here is :mod:`gmkit.fantasy.rules`' own: these functions put its chances into
:class:`~gmkit.odds.core.Odds` (and :class:`StrikeOdds` for an order on the board), never
restating one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..dice import parse_table
from ..errors import DiceError
from ..odds.core import Odds, q
from . import rules

if TYPE_CHECKING:
    from .board import Board
    from .sheets import Attack, Combatant

__all__ = ["flee", "escape", "d18_needed", "d18_ge", "d18_hit", "protection_roll", "special", "table",
           "strike",
           "table_values", "table_mean", "percent", "percent_value", "StrikeOdds", "AttackLine",
           "attack_line"]


def d18_ge(t: int) -> Fraction:
    """P(d18 >= t) for the 1..18 roll (C-5).

    >>> d18_ge(17), d18_ge(1), d18_ge(19)
    (Fraction(1, 9), Fraction(1, 1), Fraction(0, 1))
    """
    return Fraction(min(18, max(0, 19 - t)), 18)


def d18_needed(ac: int) -> int | None:
    """F-2: the d18 face needed to hit armour class ``ac``; None when it cannot be hit
    (:func:`gmkit.fantasy.rules.hit_threshold`).

    ``17 - AC`` from AC -1 (18) to AC 15 (2), and 1 past it (always); AC -2 needs 18 and then a 6
    on a d6 (see :func:`d18_hit`); AC -3 and below cannot be hit.

    >>> d18_needed(0), d18_needed(15), d18_needed(-2), d18_needed(-3)
    (17, 2, 18, None)
    """
    return rules.hit_threshold(ac)


@lru_cache(maxsize=1024)
def d18_hit(ac: int, modifier: int = 0) -> Odds:
    """F-2: the chance to hit AC ``ac`` with d18 + ``modifier`` ("easier to hit by N" is +N), as
    :func:`gmkit.fantasy.rules.hit_probability` gives it.

    [decision, as the table reads] the modifier shifts the d18 total against ``17 - AC`` at every
    AC, the ends included: AC 16+ needs 1 or less, so it always hits unless made harder; AC -2 needs
    18 on the modified roll and then a plain 6 on a d6; AC -3..-5 cannot be hit whatever the modifier.

    >>> d18_hit(0).chance, d18_hit(-2).chance, d18_hit(-3).chance
    (Fraction(1, 9), Fraction(1, 108), Fraction(0, 1))
    """
    p = rules.hit_probability(ac, modifier)
    m = f"{modifier:+d}" if modifier else ""
    return Odds("d18", q("d18", mod=m, ac=ac), (("hit", p), ("miss", 1 - p)), p)


def protection_roll(number: int, wisdom_mod: int = 0) -> Fraction:
    """F-5: P(d18 + Wisdom modifier >= the protection number)."""
    return rules.protection_probability(number, wisdom_mod)


@lru_cache(maxsize=1024)
def special(trigger: int, protection: int | None = None, wisdom_mod: int = 0, *,
            ac: int | None = None, modifier: int = 0) -> Odds:
    """F-4, F-5: after a hit, a d18 at or above ``trigger`` makes the special attack instead of the
    normal one, and the target avoids it with d18 + Wisdom >= the protection number.

    Outcomes given a hit: ``normal`` (no trigger), ``avoided``, ``effect``; with ``ac`` the hit roll
    (F-2) comes first and ``miss`` is added. ``chance`` is ``effect``. No protection number: it
    cannot be avoided.

    >>> special(16, 6).chance
    Fraction(5, 108)
    """
    trig = rules.special_probability(trigger)
    save = protection_roll(protection, wisdom_mod) if protection is not None else Fraction(0)
    hit = d18_hit(ac, modifier).chance if ac is not None else Fraction(1)
    outcomes: list[tuple[str, Fraction]] = []
    if ac is not None:
        outcomes.append(("miss", 1 - hit))
    outcomes += [("normal", hit * (1 - trig)), ("avoided", hit * trig * save),
                 ("effect", hit * trig * (1 - save))]
    sp = (q("special", trigger=trigger, pr=protection, wisdom=f"{wisdom_mod:+d}")
          if protection is not None else q("special_nopr", trigger=trigger))
    if ac is not None:
        sp = q("then", a=d18_hit(ac, modifier).question, b=sp)
    return Odds("special", sp, tuple(outcomes), outcomes[-1][1])


Number = float | Fraction
"""Hit points and percentages: plain numbers or exact fractions."""


def _frac(v: Number) -> Fraction:
    return Fraction(str(v)) if isinstance(v, float) else Fraction(v)


def _percent_of(entry: str) -> Fraction | None:
    """The percentage of an F-3 entry like ``25%`` (checked as the engine checks it), else None."""
    if not isinstance(entry, str) or not entry.strip().endswith("%"):
        return None
    from .notation import parse_damage  # only here: the notation module is slow to import

    spec = parse_damage(entry)
    assert spec.percent is not None
    return _frac(spec.percent)


def _need_hp(entry: str, target_hp: Number | None) -> Number:
    if target_hp is None:
        raise DiceError(f"F-3: damage {entry.strip()!r} is a percentage of the target's current hit "
                        f"points; give them as target_hp=")
    return target_hp


def percent_value(percent: Number, current_hp: Number) -> Fraction:
    """F-3: the damage of a percentage attack, exactly: ``percent`` of the target's *current* hit
    points at the moment of the hit (the engine's :func:`gmkit.fantasy.rules.percent_damage`).

    Nothing rounds it, Strength and Constitution do not modify it, and a target at 0 takes 0.

    >>> percent_value(25, 12), percent_value(50, 9), percent_value(33, 10)
    (Fraction(3, 1), Fraction(9, 2), Fraction(33, 10))
    """
    if isinstance(percent, bool) or not isinstance(percent, (int, float, Fraction)):
        raise DiceError(f"F-3: a percentage is a number like 25, got {percent!r}")
    if isinstance(current_hp, bool) or not isinstance(current_hp, (int, float, Fraction)):
        raise DiceError(f"F-3: target_hp (the target's current hit points) is a number, got {current_hp!r}")
    if not 0 < percent <= 100:
        raise DiceError(f"F-3: a percentage of hit points is more than 0 and at most 100, got {percent}")
    if current_hp < 0:
        raise DiceError(f"F-3: target_hp (the target's current hit points) is at least 0, got {current_hp}")
    return Fraction(rules.percent_damage(_frac(current_hp), _frac(percent)))


@lru_cache(maxsize=1024)
def percent(percent: Number, current_hp: Number) -> Odds:
    """F-3: a percentage of the target's current hit points as a distribution: one value, certain.

    The outcome key is the value (``"3"``); ``chance`` is P(damage > 0).

    >>> percent(25, 12).probabilities
    {'3': Fraction(1, 1)}
    """
    value = percent_value(percent, current_hp)
    key = _show(value)
    return Odds("table", _percent_question(_frac(percent), current_hp), ((key, Fraction(1)),),
                Fraction(1 if value > 0 else 0), labels=((key, key),))


def _percent_question(pct: Fraction, current_hp: Number) -> dict[str, object]:
    return q("percent", percent=_show(pct), hp=_show(_frac(current_hp)))


def table_values(text: str, modifier: float = 0, *,
                 target_hp: Number | None = None) -> dict[Fraction, Fraction]:
    """C-6: each value of ``a-b-c`` equally likely, plus ``modifier`` and never below 0 (F-3,
    :func:`gmkit.fantasy.rules.damage_amount`): value -> chance, exact.

    A percentage entry (F-3) is its one value of ``target_hp``; ``modifier`` (Strength or
    Constitution) does not apply to it, as in the engine.

    >>> table_values("0-1-2", -1)
    {Fraction(0, 1): Fraction(2, 3), Fraction(1, 1): Fraction(1, 3)}
    """
    pct = _percent_of(text)
    if pct is not None:
        return {percent_value(pct, _need_hp(text, target_hp)): Fraction(1)}
    values = parse_table(text)
    n = len(values)
    out: dict[Fraction, Fraction] = {}
    for v in values:
        key = Fraction(rules.damage_amount(_frac(v), _frac(modifier)))
        out[key] = out.get(key, Fraction(0)) + Fraction(1, n)
    return dict(sorted(out.items()))


def _show(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"


@lru_cache(maxsize=1024)
def table(text: str, modifier: float = 0, *, target_hp: Number | None = None) -> Odds:
    """C-6 (F-3): the distribution of a damage table such as ``0.5-1-1.5-2-2.5-3``.

    Outcome keys are the values (``"1.5"``); ``chance`` is P(damage > 0). ``mean`` of the table is
    :func:`table_mean`. A percentage such as ``25%`` needs ``target_hp`` (see :func:`percent`).

    >>> float(table("0-1-2").chance)
    0.6666666666666666
    """
    pct = _percent_of(text)
    if pct is not None:
        return percent(pct, _need_hp(text, target_hp))
    dist = table_values(text, modifier)
    outcomes = tuple((_show(v), p) for v, p in dist.items())
    labels = tuple((k, k) for k, _ in outcomes)
    positive = sum((p for v, p in dist.items() if v > 0), Fraction(0))
    m = f" {modifier:+g}" if modifier else ""
    return Odds("table", q("table", table=f"{text}{m}", n=len(parse_table(text))), outcomes, positive,
                labels=labels)


def table_mean(text: str, modifier: float = 0, *, target_hp: Number | None = None) -> Fraction:
    """The average damage of a C-6 table (or an F-3 percentage of ``target_hp``), exactly."""
    return sum((v * p for v, p in table_values(text, modifier, target_hp=target_hp).items()), Fraction(0))


@lru_cache(maxsize=1024)
def strike(ac: int, damage_table: str, modifier: int = 0, damage_bonus: float = 0, *,
           target_hp: Number | None = None) -> Odds:
    """One F strike as a whole: the d18 to hit (F-2), then the damage table (C-6, F-3).

    Outcomes: ``miss`` and then each damage value; ``chance`` is the hit chance. ``damage_table``
    may be a percentage (``25%``) of the target's current hit points ``target_hp`` (F-3): one value
    on a hit, which ``damage_bonus`` does not change (the engine adds Strength or Constitution to
    table damage only).

    >>> strike(5, "25%", target_hp=12).probabilities
    {'miss': Fraction(11, 18), '3': Fraction(7, 18)}
    """
    hit = d18_hit(ac, modifier).chance
    pct = _percent_of(damage_table)
    dist = table_values(damage_table, damage_bonus, target_hp=target_hp)
    outcomes = (("miss", 1 - hit), *tuple((_show(v), hit * p) for v, p in dist.items()))
    labels = tuple((_show(v), _show(v)) for v in dist)
    if pct is not None:
        dmg = _percent_question(pct, _need_hp(damage_table, target_hp))
    else:
        b = f" {damage_bonus:+g}" if damage_bonus else ""
        dmg = q("table", table=f"{damage_table}{b}", n=len(parse_table(damage_table)))
    question = q("then", a=d18_hit(ac, modifier).question, b=dmg)
    return Odds("strike", question, outcomes, hit, labels=labels)


def flee(morale: int | None) -> Odds:
    """F-9: an enemy flees on its turn with d18 >= its morale; with no morale it cannot flee.

    >>> flee(16).chance, flee(None).chance
    (Fraction(1, 6), Fraction(0, 1))
    """
    p = rules.morale_probability(morale)
    question = q("flee", morale=morale) if morale is not None else q("flee_none")
    return Odds("d18", question, (("flees", p), ("stays", 1 - p)), p)


def escape(numbers: Sequence[int]) -> Odds:
    """F-10: a player escapes on a d6 showing one of the escape numbers of the hardest enemy.

    >>> escape([1, 2, 3]).chance
    Fraction(1, 2)
    """
    faces = {n for n in numbers if 1 <= n <= 6}
    p = rules.escape_probability(numbers)
    return Odds("d18", q("escape", faces=", ".join(map(str, sorted(faces))) or "-"),
                (("escapes", p), ("caught", 1 - p)), p)


def add_commands(kinds: Any, savage: Any) -> None:
    """The fantasy kinds of ``gmkit odds``: d18, special, table, flee, escape (F-2..F-10)."""
    q = kinds.add_parser("d18", help="d18 against armour class (F-2)")
    q.add_argument("--ac", type=int, required=True)
    q.add_argument("--mod", type=int, default=0, help="easier (+N) or harder (-N) to hit")
    q.set_defaults(answer=lambda a: d18_hit(a.ac, a.mod))
    q = kinds.add_parser("special", help="special attack trigger and protection roll (F-4, F-5)")
    q.add_argument("trigger", type=int)
    q.add_argument("--pr", type=int, default=None, help="protection roll number")
    q.add_argument("--wisdom", type=int, default=0, help="target's Wisdom modifier")
    q.add_argument("--ac", type=int, default=None, help="include the hit roll against this AC")
    q.add_argument("--mod", type=int, default=0, help="hit roll modifier (with --ac)")
    q.set_defaults(answer=lambda a: special(a.trigger, a.pr, a.wisdom, ac=a.ac, modifier=a.mod))
    q = kinds.add_parser("table", help="a damage table such as 0.5-1-1.5 (C-6)")
    q.add_argument("table")
    q.add_argument("--mod", type=float, default=0, help="Strength or Constitution bonus")
    q.add_argument("--ac", type=int, default=None, help="include the d18 hit roll against this AC")
    q.add_argument("--hit-mod", type=int, default=0)
    q.add_argument("--target-hp", type=float, default=None, metavar="N",
                   help="the target's current hit points, for a percentage such as 25%% (F-3)")
    q.set_defaults(answer=_table_command)
    q = kinds.add_parser("flee", help="an enemy flees with d18 >= its morale (F-9)")
    q.add_argument("morale", type=int)
    q.set_defaults(answer=lambda a: flee(a.morale))
    q = kinds.add_parser("escape", help="a player escapes on these d6 faces (F-10)")
    q.add_argument("faces", type=int, nargs="+")
    q.set_defaults(answer=lambda a: escape(a.faces))


def _table_command(args: Any) -> Odds:
    _need_target_hp(args.table, args.target_hp)
    if args.ac is not None:
        return strike(args.ac, args.table, args.hit_mod, args.mod, target_hp=args.target_hp)
    return table(args.table, args.mod, target_hp=args.target_hp)


def _need_target_hp(entry: str, target_hp: float | None) -> None:
    """F-3: a percentage entry is a share of the target's current hit points, so on the command line
    it needs ``--target-hp``; a malformed percentage is refused first, as the engine refuses it."""
    if target_hp is not None or not entry.strip().endswith("%"):
        return
    from ..i18n import format_message
    from .notation import parse_damage

    parse_damage(entry)
    raise DiceError(format_message("odds.cli.target_hp", entry=entry.strip()))


# --- the odds of an order on the board ------------------------------------------------------------


@dataclass(frozen=True)
class AttackLine:
    """The exact odds of one attack of a strike at one target (F-2, F-4, F-5, F-3).

    ``hit`` + ``miss`` = 1; a hit then either triggers a special attack (``specials``: kind ->
    chance it happens, the target failing its protection roll; ``avoided``: it triggered and was
    avoided) or deals table damage (``normal``; ``damage``: amount -> chance given a normal hit).
    """

    attack: str
    target: str
    ac: int
    modifier: int
    """F-2: the attack's to-hit bonus plus the target's "easier to hit"."""
    hit: Fraction
    normal: Fraction
    avoided: Fraction = Fraction(0)
    specials: tuple[tuple[str, Fraction], ...] = ()
    damage: tuple[tuple[float, Fraction], ...] | None = None
    """A percentage (F-3) is one value: that share of the target's hit points when asked; None: no table."""
    mean_damage: Fraction | None = None

    @property
    def miss(self) -> Fraction:
        return 1 - self.hit

    @property
    def special(self) -> Fraction:
        """The chance a special attack takes effect (all kinds together)."""
        return sum((p for _, p in self.specials), Fraction(0))


@dataclass(frozen=True)
class StrikeOdds:
    """The exact odds of a Strike or Shoot order: one line per attack it makes at its target.

    A double strike (F-6) repeats every line; ``strikes`` says how many times.
    """

    actor: str
    target: str
    lines: tuple[AttackLine, ...]
    strikes: int = 1

    @property
    def chance(self) -> Fraction:
        """The first attack's hit chance (the headline)."""
        return self.lines[0].hit if self.lines else Fraction(0)

    def __float__(self) -> float:
        return float(self.chance)


def attack_line(board: Board, c: Combatant, att: Attack, target: str) -> AttackLine:
    """The odds of ``c``'s attack ``att`` at ``target`` as the board stands: AC and modifiers (F-2),
    trigger and protection roll with the target's Wisdom (F-4, F-5), the damage table plus Strength
    or Constitution (F-3, C-6), or a percentage of the target's current hit points (F-3)."""
    t = board.sheets.combatants[target]
    mod = att.to_hit + t.easier_to_hit
    hit = rules.hit_probability(t.ac, mod)
    # F-4: one trigger d18 after a hit; the first special whose trigger it reaches happens
    fired: dict[str, Fraction] = {}
    avoided = Fraction(0)
    normal_faces = 0
    for face in range(1, rules.D18 + 1):
        sp = next((x for x in att.specials if rules.special_triggers(face, x.trigger)), None)
        if sp is None:
            normal_faces += 1
            continue
        save = rules.protection_probability(sp.protection, t.wisdom)  # F-5
        p = hit * Fraction(1, rules.D18)
        fired[sp.kind] = fired.get(sp.kind, Fraction(0)) + p * (1 - save)
        avoided += p * save
    normal = hit * Fraction(normal_faces, rules.D18) if att.specials else hit
    dist: tuple[tuple[float, Fraction], ...] | None = None
    mean: Fraction | None = None
    if att.damage.percent is not None:
        # one certain value, as the engine applies it (no Strength or Constitution, no rounding)
        hp = float(board.combatants[target].hp)
        dist = ((rules.percent_damage(hp, att.damage.percent), Fraction(1)),)
        mean = percent_value(att.damage.percent, hp) if hp > 0 else Fraction(0)
    elif att.damage.table:
        bonus = c.constitution if att.ranged else c.strength
        dist = tuple(sorted(rules.damage_distribution(att.damage.table, bonus).items()))
        mean = sum((Fraction(v).limit_denominator(1000) * p for v, p in dist), Fraction(0))
    return AttackLine(att.name, target, t.ac, mod, hit, normal, avoided, tuple(fired.items()), dist, mean)
