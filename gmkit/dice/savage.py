"""Savage Worlds rolls (C-3, C-4): trait rolls with the Wild Die, opposed rolls, acing damage and
the multi-action penalty, and :class:`Dice`, the encounter's dice that make them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..errors import DiceError
from .notation import MAX_EXPRESSION, TRAIT_DICE, DiceTerm, Expression, parse, parse_trait
from .results import DieRoll, OpposedResult, Roll, TraitResult, _new
from .stream import Stream

_TRAIT_EXPR: dict[tuple[int, int, bool], str] = {}

# The dice of a trait roll without an ace (most of them: 73% of a Wild Card's d8), made once and
# shared by every roll that shows the same faces; they are immutable. Each roll still has a tuple
# of its own: the draw numbers tell a roll shown again under another label by its dice tuple
# (gmkit.draws), so two rolls must never share one. A logged roll then makes three objects
# instead of seven, and the cycle collector, which walks every new container, has less to walk.
_ONE_FACE = tuple((f,) for f in range(13))
_NO_ACE: dict[int, list[list[tuple[DieRoll, DieRoll] | None]]] = {  # [sides][trait face][wild]
    s: [[(DieRoll(s, (t,), t >= w, ""), DieRoll(6, (w,), w > t, "wild")) if t and w else None
         for w in range(7)] for t in range(s + 1)]
    for s in TRAIT_DICE}
_NO_ACE_SOLO: dict[int, list[DieRoll | None]] = {  # an Extra's: [sides][face]
    s: [DieRoll(s, (t,), True, "") if t else None for t in range(s + 1)] for s in TRAIT_DICE}


def multi_action_penalty(actions: int) -> int:
    """C-4: -2 to every action roll for each action beyond the first in one turn."""
    if not isinstance(actions, int) or isinstance(actions, bool) or actions < 0:
        raise DiceError(f"C-4: a turn cannot hold {actions!r} actions")
    return -2 * max(0, actions - 1)


class Dice(Stream):
    """One encounter's dice: seeded, logged, saveable, and open to faces typed in by hand;
    the Savage Worlds rolls (C-3, C-4) on top of the plain ones of :class:`Stream`."""

    def trait(self, die: int | str | None, modifier: int = 0, wild: bool = True, tn: int = 4,
              purpose: str = "", actor: str = "") -> TraitResult:
        """A Savage Worlds trait roll (C-3): trait die aces, a Wild Card adds a Wild Die, keep the higher.

        ``die`` is 4..12, ``"d8"``, ``"d12+1"``, or None for unskilled (d4-2).
        """
        if type(modifier) is not int or type(tn) is not int:
            _refuse_trait_numbers(modifier, tn)
        if type(die) is int and die in TRAIT_DICE:
            sides, mod = die, modifier
        else:
            sides, base = parse_trait(die)
            mod = base + modifier
        record = self.record
        if self._feed or self._hand:  # faces typed in or replayed: the stream's own path
            self._manual_in_roll = False
            tf = self._chain(sides, True)
            tsum = sum(tf)
            wf = self._chain(6, True) if wild else ()
            wsum = sum(wf)
            manual = self._manual_in_roll
            self._manual_in_roll = False
        else:  # the common case, _chain's fresh faces inlined (the hot path of every fight)
            manual = False
            rand = self._random
            face = int(rand() * sides) + 1
            self.draws += 1
            if record:
                self.tape.append(face)
            if face != sides:
                tf, tsum = _ONE_FACE[face], face
            else:  # an ace: the chain's faces follow it, before the Wild Die's
                tf = self._aced(sides, face)
                tsum = sum(tf)
            if wild:
                face = int(rand() * 6) + 1
                self.draws += 1
                if record:
                    self.tape.append(face)
                if face != 6:
                    wf, wsum = _ONE_FACE[face], face
                else:
                    wf = self._aced(6, face)
                    wsum = sum(wf)
        dice: tuple[DieRoll, ...]
        if wild:
            best = tsum if tsum >= wsum else wsum
            pair = _NO_ACE[sides][tsum][wsum] if len(tf) == 1 and len(wf) == 1 else None
            if pair is not None:  # no ace on either die: the two made at import
                dice = (pair[0], pair[1])  # a tuple of its own (tuple(pair) is pair itself)
            else:
                dice = (_new(DieRoll, (sides, tf, tsum >= wsum, "")),
                        _new(DieRoll, (6, wf, wsum > tsum, "wild")))
            crit = tf[0] == 1 and wf[0] == 1
        elif tf[0] == 1:
            # [decision] an Extra's natural 1 is a critical failure when a further d6 also shows 1
            check = self._die(6)
            manual = manual or self._manual_in_roll
            self._manual_in_roll = False
            best, crit = tsum, check == 1
            dice = (DieRoll(sides, tf), DieRoll(6, (check,), False, "check"))
        else:
            best, crit = tsum, False
            solo = _NO_ACE_SOLO[sides][tsum] if len(tf) == 1 else None
            dice = (solo if solo is not None else _new(DieRoll, (sides, tf, True, "")),)
        total = best + mod
        success = total >= tn and not crit
        key = (sides, mod, wild)
        expr = _TRAIT_EXPR.get(key)
        if expr is None:
            expr = _TRAIT_EXPR[key] = f"d{sides}!{mod:+d}{' wild' if wild else ''}".replace("!+0", "!")
        r = _new(Roll, (expr, total, dice, purpose, actor, manual))
        if record:
            self.log.append(r)
        return _new(TraitResult, (total, tn, success, (total - tn) // 4 if success else 0, crit, r))

    def opposed(self, attacker: int | str | None, defender: int | str | None, *,
                attacker_mod: int = 0, defender_mod: int = 0,
                attacker_wild: bool = True, defender_wild: bool = True,
                purpose: str = "", actor: str = "", target: str = "") -> OpposedResult:
        """An opposed roll (C-3): both roll; the actor needs TN 4 and a higher total; ties hold."""
        a = self.trait(attacker, attacker_mod, attacker_wild, 4, purpose, actor)
        d = self.trait(defender, defender_mod, defender_wild, 4, purpose, target)
        wins = a.success and a.total > d.total
        margin = a.total - d.total
        return OpposedResult(a, d, wins, margin // 4 if wins else 0)

    def damage(self, expr: str | Expression, raise_bonus: bool = False, purpose: str = "",
               actor: str = "") -> Roll:
        """Savage Worlds damage (C-4): every die aces; a raise on the attack adds +1d6 (acing too)."""
        if type(raise_bonus) is not bool:
            raise DiceError(f"C-4: raise_bonus is True or False, got {raise_bonus!r}")
        if isinstance(expr, str):
            if len(expr) > MAX_EXPRESSION:
                parse(expr)  # the same refusal as any roll's
            e, text = _damage_text(expr, raise_bonus)
            return self._roll(e, text, purpose, actor)
        if not isinstance(expr, Expression):
            raise DiceError(f"C-4: a damage expression must be text, got {type(expr).__name__}")
        return self.roll(_damage_expression(expr, raise_bonus), purpose, actor)

    # vectorised path ---------------------------------------------------------------------------

    def trait_many(self, n: int, die: int | str = 8, modifier: int = 0, wild: bool = True,
                   tn: int = 4) -> Any:
        """``n`` trait totals at once with numpy, for simulation: no per-roll log, own sub-stream.

        The draws come from a numpy generator seeded from this stream, so the encounter's own
        stream advances by exactly one draw whatever ``n`` is. Returns a numpy int array of totals;
        critical failures are reported as a total of ``-1000``.
        """
        import numpy as np

        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 10**8:
            raise DiceError(f"trait_many rolls 0 to 100000000 traits at once, got n={n!r}")
        if type(modifier) is not int or type(tn) is not int:
            _refuse_trait_numbers(modifier, tn)
        sides, base = parse_trait(die)
        sub = self._die(2**31 - 1)
        gen = np.random.default_rng(sub)
        trait = _explode_many(gen, sides, n)
        if wild:
            w = _explode_many(gen, 6, n)
            best = np.maximum(trait, w)
            crit = (trait == 1) & (w == 1)
        else:
            best = trait
            crit = (trait == 1) & (gen.integers(1, 7, n) == 1)
        totals = best + base + modifier
        totals[crit] = -1000
        return totals


def _refuse_trait_numbers(modifier: Any, tn: Any) -> None:
    """C-3: a trait's modifier and target number are whole numbers (not bools, not floats)."""
    for name, v in (("modifier", modifier), ("tn", tn)):
        if type(v) is not int:
            raise DiceError(f"C-3: a trait roll's {name} is a whole number, got {v!r}")


@lru_cache(maxsize=1024)
def _damage_text(expr: str, raise_bonus: bool) -> tuple[Expression, str]:
    """A weapon's damage as C-4 rolls it, and its normal form: built once per weapon, not per hit."""
    e = _damage_expression(parse(expr), raise_bonus)
    return e, str(e)


def _damage_expression(e: Expression, raise_bonus: bool) -> Expression:
    terms = tuple(DiceTerm(t.sign, t.count, t.sides, t.sides >= 2, t.keep) for t in e.dice)
    if raise_bonus:
        terms += (DiceTerm(1, 1, 6, True),)
    return Expression(terms, e.modifier)


def _explode_many(gen: Any, sides: int, n: int) -> Any:
    import numpy as np

    total = gen.integers(1, sides + 1, n)
    live = total == sides
    idx = np.nonzero(live)[0]
    while idx.size:
        more = gen.integers(1, sides + 1, idx.size)
        total[idx] += more
        idx = idx[more == sides]
    return total
