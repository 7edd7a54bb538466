"""A simple, predictable policy that gives any dragon a legal order (templates, simulations).

The policy, in order:

1. Out of the fight or falling: no order (a falling dragon needs none, D-9).
2. Enemies are the other sides' dragons and any turned dragon; a turned dragon itself goes
   for the nearest dragon by D-5 range, whoever it is (D-10).
3. On a tail: no movement (it copies, D-12); attack the target with up to two weapons.
4. Otherwise choose the legal move whose end position scores best against the enemies' current
   positions: a ranged shot from above (closer is better), a chance at a tail (same Speed and
   Height), melee at the same Height; failing those, close in and get above. Speed under 5
   counts against a move (slow dragons cannot climb and are near a stall). Never a move that
   stalls (Speed 0) or a dive above maximum Speed (D-11).
5. Shaken: the same choice among level moves; no actions (D-8).
6. Actions: with a pursuer on its tail, shake it off; level with an enemy at the same Speed,
   try for its tail; then one attack per weapon at the closest enemy it can reach, two at most
   (a third would cost -4 on every roll, C-4).
7. Bennies (D-7), while it has any to spend (its own; a GM character also the GM's pool): one
   to end Shaken when it is Shaken (then it plans as the unshaken dragon it will be); one to
   soak a Wounding hit where a Wound costs most: an Extra at once (one Wound takes it out), a
   Wild Card from its second Wound (the next brings the third-Wound row: a fall and the
   pilot's Spirit against the dragon); one to reroll a failed roll, keeping one Benny back for
   that soak while it is not yet due. These are the GM's decisions for GM characters, stated
   in the order like a player's, so they are journaled with it.

Every order it gives is legal (``order in duel.legal_orders(name)``): moves come from the D-4
rule (:func:`~gmkit.dragons.rules.legal_steps`) and attacks are chosen by the D-5 rule
(:func:`~gmkit.dragons.rules.attack_allowed`); the tests hold every order to the check.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import rules as R
from .context import DuelContext
from .orders import Action, Attack, Benny, DragonOrder, Move, ShakeOff, TailAttempt
from .sheets import Arms, Dragon, Sheets

__all__ = ["Autopilot"]

MAX_ATTACKS = 2
"""Attacks per order: a third would cost -4 on every roll (C-4)."""


LEVEL = Move.level(0)
"""Level flight at the same Speed (a frozen value, shared: the fallback of every move choice)."""

CRUISE = 5
"""Below this Speed the policy counts each missing point against a move: slow dragons cannot
climb (D-4) and are one step from a stall (D-9)."""


Target = tuple[int, int, bool]
"""An enemy as the move choice sees it: Speed, Height, whether its tail may be taken."""

PlanKey = tuple[Any, ...]
"""Everything an order is chosen from (see :meth:`Autopilot.order`)."""


_SHARED_SCENARIOS = 4
_SHARED: list[tuple[Sheets, dict[Any, DragonOrder], dict[Any, DragonOrder],
                    dict[Any, tuple[int, bool]]]] = []
"""The memos of the last few scenarios' sheets, newest first. The memos hold everything an order
is chosen from as their keys, so duels of equal sheets share them exactly, as a simulation's
fights share one policy (:meth:`gmkit.encounter.Encounter.fresh`)."""


class Autopilot:
    """The policy (:class:`gmkit.encounter.Policy`) as an object owning its memos.

    An order depends only on the scenario's sheets and what the dragon sees, so it is memoised:
    the same positions come back round after round and, in a simulation whose fights share
    this object (:meth:`~gmkit.encounter.Encounter.fresh`), fight after fight. The memos are
    started afresh when the policy is asked about a duel with other sheets.
    """

    def __init__(self, duel: DuelContext) -> None:
        self._forget(duel.sheets)

    def _forget(self, sheets: Sheets) -> None:
        """The memos for the duels of ``sheets``: those of a duel of equal sheets played before
        (the benchmarks' and a GM's many fights of one scenario), else empty ones."""
        self._sheets = sheets
        self._plans: dict[PlanKey, DragonOrder]
        """A dragon and what it sees -> its order before Bennies (:meth:`order`)."""
        self._spends: dict[tuple[PlanKey, int, bool, bool], DragonOrder]
        """(the plan's key, Bennies to spend, Shaken, a Wild Card's second Wound) -> the order
        with the Bennies it spends (step 7)."""
        self._reach: dict[tuple[str, tuple[bool, ...]], tuple[int, bool]]
        """(dragon, weapons out) -> (longest working range, a working melee weapon?)."""
        for old, plans, spends, reach in _SHARED:
            if old is sheets or old == sheets:
                self._plans, self._spends, self._reach = plans, spends, reach
                return
        self._plans, self._spends, self._reach = {}, {}, {}
        _SHARED.insert(0, (sheets, self._plans, self._spends, self._reach))
        del _SHARED[_SHARED_SCENARIOS:]

    def order(self, duel: DuelContext, actor: str) -> DragonOrder | None:
        """The policy's order for ``actor`` (None when it needs none: out or falling), memoised
        on everything it is chosen from: the dragon and what it sees (its position, tails,
        weapons out, each enemy's position, tail and fall) and the Bennies it may spend."""
        if duel.sheets is not self._sheets:
            self._forget(duel.sheets)  # another scenario's duel (or one rebuilt by undo)
        st = duel.state.dragons
        s = st[actor]
        if s.out or s.falling:
            return None
        gm = duel.dragons[actor].gm
        turned = s.turned
        # R.bennies_available, written out: asked for every order of every round
        avail = (0 if turned else s.bennies) + (duel.state.gm_bennies if gm or turned else 0)
        shaken = s.shaken and not avail  # a Benny will end Shaken (step 7)
        tail = s.tailing
        tail_at = st[tail] if tail is not None else s
        # one flat key (a flat tuple hashes and compares quicker than nested ones): the fixed
        # part, then five values per enemy
        seen: list[Any] = [actor, s.speed, s.height, shaken, tail, s.tailed_by, s.weapons_out,
                           tail_at.speed, tail_at.height]
        if turned:  # D-10: the GM's, it goes for the nearest dragon, whoever it is
            target = duel.turned_target(actor)
            enemies = [target] if target else []
            for e in enemies:
                t = st[e]
                seen += (e, t.speed, t.height, t.tailed_by is None, t.falling)
        else:  # duel.enemies(actor) for a dragon not turned, written out with each one's part
            enemies = []
            for e, foe in duel.sheets.others[actor]:
                t = st[e]
                if (foe or t.turned) and not t.out:
                    enemies.append(e)
                    seen += (e, t.speed, t.height, t.tailed_by is None, t.falling)
        key = tuple(seen)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._choose(duel, actor, enemies, shaken)
        if not avail:
            return plan
        spend_key = (key, avail, s.shaken, s.wounds >= 2)
        order = self._spends.get(spend_key)
        if order is None:
            soak_now = not duel.dragons[actor].wild_card or s.wounds >= 2
            order = self._spends[spend_key] = DragonOrder(
                plan.move, plan.actions + _bennies(avail, s.shaken, soak_now))
        return order

    def _choose(self, duel: DuelContext, name: str, enemies: list[str],
                shaken: bool) -> DragonOrder:
        """Steps 3 to 6 of the policy (see the module docstring)."""
        s = duel.state.dragons[name]
        spec = duel.dragons[name]
        if not enemies:
            return DragonOrder(move=LEVEL)
        if s.tailing is not None and not shaken:
            pos0 = (s.speed, s.height)
            return DragonOrder(move=None, actions=_attacks(duel, name, pos0, enemies, s.tailing))
        if s.out or s.falling:
            move, pos = LEVEL, (s.speed, s.height)
        else:
            key = (name, s.weapons_out)
            reach = self._reach.get(key)
            if reach is None:
                reach = self._reach[key] = _reach(spec, s.weapons_out)
            kw = duel.sheets.move_kw
            move, pos = _best_move(s.speed, s.height, spec.max_speed, shaken, kw["level_min"],
                                   kw["level_max"], kw["max_dive"], *reach,
                                   _targets(duel, name, enemies))
        if shaken:
            return DragonOrder(move=move)
        actions: list[Action] = []
        if s.tailed_by is not None:
            actions.append(ShakeOff())
        else:
            for e in enemies:
                t = duel.state.dragons[e]
                if pos == (t.speed, t.height) and t.tailed_by is None and not t.falling:
                    actions.append(TailAttempt(e))
                    break
        attacks = _attacks(duel, name, pos, enemies)
        actions.extend(attacks[:MAX_ATTACKS - len(actions)])
        return DragonOrder(move=move, actions=tuple(actions))


def _bennies(avail: int, shaken: bool, soak_now: bool) -> tuple[Benny, ...]:
    """Step 7: what the order spends, from ``avail`` Bennies (see the module docstring)."""
    out: list[Benny] = []
    if shaken and avail > 0:
        out.append(Benny("unshake"))
        avail -= 1
    if soak_now and avail > 0:
        out.append(Benny("soak"))
        avail -= 1
    if avail > (0 if soak_now else 1):  # one kept back for a soak to come
        out.append(Benny("reroll"))
    return tuple(out)


def _targets(duel: DuelContext, name: str, enemies: list[str]) -> tuple[Target, ...]:
    s = duel.state.dragons[name]
    free = s.tailed_by is None
    out = []
    for e in enemies:
        t = duel.state.dragons[e]
        out.append((t.speed, t.height, free and t.tailed_by is None and not t.falling))
    return tuple(out)


def _score(sp: int, h: int, targets: tuple[Target, ...], longest: int, melee: bool) -> int:
    """How good an end position is (lower is better), against every enemy where it is now: a
    ranged shot from above by D-5 range, a chance at a tail, melee at the same Height; failing
    those, how far there is to close in and get above. Speed under CRUISE costs extra."""
    best = 1 << 30
    for es, eh, tailable in targets:
        rng = 10 * abs(sp - es) + 50 * abs(h - eh) or 5  # R.range_between, inlined: the hot loop
        if h > eh:
            val = rng if rng <= longest else 2_000 + rng
        elif h == eh:
            if tailable and sp == es:
                val = 20
            elif melee:
                val = 150 + 10 * abs(sp - es)
            else:
                val = 2_050 + rng
        else:
            val = 2_050 + rng + 50 * (eh - h)
        if val < best:
            best = val
    return best + 15 * (CRUISE - sp) if sp < CRUISE else best


@lru_cache(maxsize=1 << 16)
def _best_move(speed: int, height: int, max_speed: int, shaken: bool, level_min: int,
               level_max: int, max_dive: int | None, longest: int, melee: bool,
               targets: tuple[Target, ...]) -> tuple[Move, tuple[int, int]]:
    """The first best-scoring step and where it leads (a pure function of the position, so
    cached: the same positions come back duel after duel)."""
    move, best, pos = LEVEL, None, (speed, height)
    for m, ds, dh in _steps(speed, max_speed, shaken, level_min, level_max, max_dive):
        v = _score(speed + ds, height + dh, targets, longest, melee)
        if best is None or v < best:
            move, best, pos = m, v, (speed + ds, height + dh)
    return move, pos


def _reach(spec: Dragon, out: tuple[bool, ...]) -> tuple[int, bool]:
    """The longest Long range of the working ranged weapons (-1: none), and a working melee one."""
    ranged = [w.ranges for i, w in enumerate(spec.weapons)
              if w.kind == "ranged" and w.ranges and not out[i]]
    longest = max((r[-1] for r in ranged), default=-1)
    melee = any(w.kind == "melee" and not out[i] for i, w in enumerate(spec.weapons))
    return longest, melee


def _attacks(duel: DuelContext, name: str, pos: tuple[int, int], enemies: list[str],
             tail_target: str | None = None) -> tuple[Action, ...]:
    """One attack per working weapon at the closest enemy it can reach from ``pos`` (at most
    MAX_ATTACKS); a pursuer fires at its target on the tail."""
    st = duel.state.dragons
    s = st[name]
    candidates = tuple((e, st[e].speed, st[e].height)
                       for e in ([tail_target] if tail_target else enemies))
    return _aim(duel.sheets.arms[name], s.weapons_out, pos[0], pos[1], s.tailed_by, tail_target,
                candidates)


@lru_cache(maxsize=1 << 16)
def _aim(arms: Arms, out: tuple[bool, ...], x: int, y: int, tailed_by: str | None,
         tail_target: str | None, candidates: tuple[tuple[str, int, int], ...]) -> tuple[Attack, ...]:
    """:func:`_attacks` over plain values (weapons as (name, kind, ranges), candidates as
    (name, Speed, Height)): pure, so cached."""
    chosen: list[Attack] = []
    for i, (wname, kind, ranges) in enumerate(arms):
        if out[i] or len(chosen) >= MAX_ATTACKS:
            continue
        best: tuple[int, str] | None = None
        for e, es, eh in candidates:
            on_tail = e == tail_target
            rng = R.range_between(x, y, es, eh, on_tail)
            if (best is None or rng < best[0]) and R.attack_allowed(
                    kind, y, eh, on_tail, tailed_by == e, rng, ranges):
                best = (rng, e)
        if best is not None:
            chosen.append(Attack(wname, best[1]))
    return tuple(chosen)


@lru_cache(maxsize=4096)
def _steps(speed: int, max_speed: int, shaken: bool, level_min: int, level_max: int,
           max_dive: int | None) -> tuple[tuple[Move, int, int], ...]:
    """The legal steps (D-4) the policy considers: no stall (D-9), no dangerous dive (D-11)."""
    return tuple((m, ds, dh) for m, ds, dh in R.legal_steps(
        speed, max_speed, shaken=shaken, level_min=level_min, level_max=level_max,
        max_dive=max_dive)
        if not (speed + ds <= 0 or (m.kind == "dive" and speed + ds > max_speed)))
