"""The dragon duel engine: secret simultaneous orders, resolved in initiative order (rule set D).

>>> from gmkit.dragons import DragonDuel, DragonOrder, Move
>>> duel = DragonDuel(EXAMPLE, seed=1)
>>> duel.range_between("Ash", "Bane")
70
>>> duel.submit("Ash", DragonOrder(move=Move.climb(3)))
Traceback (most recent call last):
...
gmkit.errors.IllegalOrder: D-4: climbing 3 levels costs 9 Speed, Ash has 6

Orders are checked when they arrive against what is certain about the moment the dragon's turn
comes: its own position after its move, and the position of any target that acts *after* it
(so cannot have moved yet). What depends on others' moves is checked again at the dragon's turn;
an action that has become impossible is lost, and an event says why (as a GM would rule).
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, Mapping, Self

from ..dice import multi_action_penalty, parse_trait
from ..encounter import Encounter
from ..errors import DiceError, IllegalOrder
from ..orders import Order
from ..savage import damage_outcome
from . import rules as R
from .autopilot import turned_order
from .model import Dragon, DragonState, DuelState, Pilot, Weapon
from .orders import (ORDER_TYPES, Attack, DragonOrder, Force, Manoeuvre, Move, ShakeOff,
                     TailAttempt, TurnCheck, UsePower)

__all__ = ["DragonDuel", "EXAMPLE"]

_ACTIONS = (Attack, TailAttempt, Force, ShakeOff, Manoeuvre, UsePower, TurnCheck)


def _dragon(spec: Mapping[str, Any]) -> Dragon:
    p = spec["pilot"]
    pilot = Pilot(p.get("name") or spec["name"], p.get("fighting"), p.get("piloting"), p["spirit"],
                  p.get("shooting"))
    weapons = tuple(Weapon(w["name"], w["kind"], w["damage"],
                           tuple(w["ranges"]) if w.get("ranges") else None)  # type: ignore[arg-type]
                    for w in spec.get("weapons", ()))
    return Dragon(spec["name"], spec["side"], spec["wild_card"], spec["gm"], spec["max_speed"],
                  spec["toughness"], pilot, weapons)


class DragonDuel(Encounter):
    """A fight between dragons (rule set D) on the :class:`~gmkit.encounter.Encounter` core."""

    system = "dragons"
    order_types = ORDER_TYPES

    state: DuelState
    dragons: dict[str, Dragon]
    """Static data per dragon, in scenario order."""
    battlefield: str
    """``blue`` or ``firmament`` (D-13)."""
    options: dict[str, Any]

    # --- setup and identity ---------------------------------------------------------------------

    def _setup(self) -> None:
        sc = self.scenario
        self.dragons = {d["name"]: _dragon(d) for d in sc["dragons"]}
        self.battlefield = sc.get("battlefield", R.BLUE)
        self.options = dict(sc.get("options") or {})
        self.options.setdefault("level_min", -1)
        self.options.setdefault("level_max", 2)
        self.options.setdefault("max_dive", 5)
        self._move_kw = {"level_min": self.options["level_min"],
                         "level_max": self.options["level_max"],
                         "max_dive": self.options["max_dive"]}
        heights = R.normalise_heights({d["name"]: d["height"] for d in sc["dragons"]})
        self._opening = DuelState({
            d["name"]: DragonState(speed=d["speed"], height=heights[d["name"]],
                                   weapons_out=tuple(False for _ in d.get("weapons", ())))
            for d in sc["dragons"]})
        """The board before the first round (D-2): never changed, copied to start a fight."""
        self._start_board()
        self._others = {n: tuple((m, e.side != d.side) for m, e in self.dragons.items() if m != n)
                        for n, d in self.dragons.items()}
        """Per dragon, every other dragon in scenario order and whether it is on another side."""
        self.arms = {n: tuple((w.name, w.kind, w.ranges) for w in d.weapons)
                     for n, d in self.dragons.items()}
        """Each dragon's weapons as plain (name, kind, ranges), a memo key for the autopilot."""
        self.reach: dict[tuple[str, tuple[bool, ...]], tuple[int, bool]] = {}
        """Memo for the autopilot: (dragon, weapons out) -> (longest working range, melee?)."""
        self.plans: dict[tuple[Any, ...], DragonOrder] = {}
        """Memo for the autopilot: a dragon and what it sees -> its order. Like ``reach`` it
        depends only on the scenario, so the fights :meth:`fresh` starts share it."""

    def _start_board(self) -> None:
        """The board and the round's bookkeeping at the start of the fight."""
        self.state = self._opening.copy()
        self._round_orders: dict[str, DragonOrder] = {}
        self._rank: dict[str, tuple[int, int]] = {}
        self._acted: set[str] = set()
        self._forced: dict[str, tuple[str, str]] = {}
        self._settled: set[str] = set()
        self._tailing_at_start: set[str] = set()
        self._decided_memo: bool | None = None
        """_decided() during a resolution (see _fight_decided)."""

    def fresh(self, seed: int) -> Self:
        """A new fight of this scenario (see :meth:`Encounter.fresh`) sharing the rosters, weapon
        tables and options built at setup, which no fight changes; the setup rolls no dice."""
        if self.opening_faces:
            return super().fresh(seed)  # refused there: a duel's setup takes no faces (C-2)
        new = copy.copy(self)
        new._begin(seed, self.dice.record)
        new._start_board()
        return new

    def _snapshot(self) -> DuelState:
        return self.state.copy()

    def _restore(self, snap: Any) -> None:
        self.state = snap

    def participants(self) -> list[str]:
        return list(self.dragons)

    def side_of(self, actor: str) -> str | None:
        d = self.dragons.get(actor)
        return d.side if d else None

    def _late(self, name: str) -> bool:
        """D-3: Extras and GM-run dragons (a turned dragon is the GM's) count as ordering last."""
        d = self.dragons[name]
        return (not d.wild_card) or d.gm or self.state.dragons[name].turned

    def hostile(self, a: str, b: str) -> bool:
        """Enemies: different sides, or either is a turned dragon (an enemy of all, D-10)."""
        if a == b:
            return False
        sa, sb = self.state.dragons[a], self.state.dragons[b]
        return sa.turned or sb.turned or self.dragons[a].side != self.dragons[b].side

    def enemies(self, name: str) -> list[str]:
        """The dragons still in the fight that are ``name``'s enemies (see :meth:`hostile`)."""
        st = self.state.dragons
        if st[name].turned:
            return [n for n, o in st.items() if n != name and not o.out]
        return [n for n, foe in self._others[name] if (foe or st[n].turned) and not st[n].out]

    def awaiting(self) -> list[str]:
        """Dragons that should send an order: not out, not falling (D-9), not turned (D-10)."""
        return [n for n, s in self.state.dragons.items()
                if not s.out and not s.falling and not s.turned and n not in self._pending]

    # --- queries for forms, the autopilot and the odds ------------------------------------------

    def position(self, name: str) -> tuple[int, int]:
        s = self._state_of(name)
        return s.speed, s.height

    def _state_of(self, name: str) -> DragonState:
        try:
            return self.state.dragons[name]
        except KeyError:
            raise IllegalOrder("D-1", f"no dragon named {name!r}; the dragons are "
                                      f"{', '.join(self.dragons)}") from None

    def legal_moves(self, name: str) -> list[Move]:
        """D-4: the moves ``name`` may order now (none while falling or out). For a dragon on a
        tail these mean breaking off; without a move it copies its target (D-12)."""
        s = self._state_of(name)
        if s.out or s.falling:
            return []
        return R.legal_moves(s.speed, self.dragons[name].max_speed, shaken=s.shaken,
                             **self._move_kw)

    def range_between(self, a: str, b: str) -> int:
        """D-5 range between two dragons now (5 for a pursuer on the tail)."""
        sa, sb = self._state_of(a), self._state_of(b)
        tail = sa.tailing == b or sb.tailing == a
        return R.range_between(sa.speed, sa.height, sb.speed, sb.height, tail)

    def _projected(self, name: str, move: Move | None) -> tuple[int, int]:
        """Where ``name`` will be when it acts: after its fall (D-9) or its own move."""
        s = self.state.dragons[name]
        if s.falling:
            sp, h, _ = R.fall_step(s.speed, s.height)
            return sp, h
        if move is None:
            return s.speed, s.height
        return R.move_result(s.speed, s.height, move)

    def _predictable(self, actor: str, target: str) -> bool:
        """Whether ``target`` is certain not to have moved when ``actor`` acts: it acts later by
        Speed and Height (D-3) and follows nobody's movement (D-12)."""
        a, t = self.state.dragons[actor], self.state.dragons[target]
        if a.tailing is not None or t.tailing is not None or t.falling:
            return False
        return (t.speed, t.height) < (a.speed, a.height)

    def attack_options(self, name: str, move: Move | None = None) -> list[dict[str, Any]]:
        """Every weapon x enemy pairing for a form: range, band, penalties, TN, legal and why not.

        Keys: weapon, kind, die (the pilot's attack die), target, range, band (short/medium/long,
        None for melee or beyond Long), modifier, tn, legal, reason.

        Computed from ``name``'s position after ``move`` (default: where it is now) and the
        targets' current positions. ``modifier`` sums the range and wound penalties (C-4's
        multi-action penalty depends on the whole order and is not included).
        """
        s = self._state_of(name)
        spec = self.dragons[name]
        sp, h = self._projected(name, move) if move is not None or s.falling else (s.speed, s.height)
        out: list[dict[str, Any]] = []
        pens = self.options.get("range_penalties", R.RANGE_PENALTIES)
        wp = R.wound_penalty(s.wounds, spec.wild_card, True)
        for i, w in enumerate(spec.weapons):
            for tname, t in self.state.dragons.items():
                if tname == name or t.out or not self.hostile(name, tname):
                    continue
                on_tail = s.tailing == tname
                rng = R.range_between(sp, h, t.speed, t.height, on_tail)
                band = None
                mod = wp
                if w.kind == "ranged" and w.ranges:
                    b = R.range_band(rng, w.ranges, pens)
                    if b is not None:
                        band = b[0]
                        mod += b[1]
                    tn = 4
                else:
                    tn = self.dragons[tname].pilot.parry
                reason: str | None = None
                if s.out:
                    reason = f"D-9: {name} is out of the fight"
                elif s.shaken:
                    reason = f"D-8: {name} is Shaken and may take no actions"
                elif s.weapons_out[i]:
                    reason = f"D-8: {w.name} is out of the fight"
                else:
                    prob = R.attack_problem(w.kind, h, t.height, on_tail=on_tail,
                                            target_is_pursuer=s.tailed_by == tname, rng=rng,
                                            ranges=w.ranges)
                    if prob:
                        reason = f"{prob.rule}: {prob.text}"
                die = spec.pilot.ranged_die if w.kind == "ranged" else spec.pilot.fighting
                out.append({"weapon": w.name, "kind": w.kind, "die": die, "target": tname,
                            "range": rng,
                            "band": band, "modifier": mod, "tn": tn, "legal": reason is None,
                            "reason": reason})
        return out

    def legal_orders(self, name: str) -> dict[str, Any]:  # type: ignore[override]
        """What a form may offer ``name`` now: moves, attacks, tail targets, forcing, shaking off."""
        s = self._state_of(name)
        pos = (s.speed, s.height)
        can_act = not s.out and not s.shaken
        tail_targets = [t for t, ts in self.state.dragons.items()
                        if can_act and not s.falling and s.tailing is None and not ts.out
                        and not ts.falling and ts.tailed_by is None and self.hostile(name, t)
                        and (ts.speed, ts.height) == pos]
        force = None
        if can_act and s.tailing is not None:
            rank = (int(self._late(name)), len(self._arrival))
            tr = self._pending_rank(s.tailing)
            if R.forcing_problem(rank, tr) is None:
                force = s.tailing
        return {
            "name": name,
            "needs_order": name in self.awaiting() or name in self._pending,
            "move_optional": s.tailing is not None or s.falling,
            "moves": self.legal_moves(name),
            "attacks": [o for o in self.attack_options(name) if o["legal"]],
            "tail_targets": tail_targets,
            "force_target": force,
            "can_shake_off": can_act and s.tailed_by is not None,
            "can_manoeuvre": can_act and not s.falling,
            "can_act": can_act,
        }

    def _pending_rank(self, name: str) -> tuple[int, int] | None:
        if name not in self._pending:
            return None
        return (int(self._late(name)), self._arrival.index(name))

    # --- validation -------------------------------------------------------------------------------

    def validate_order(self, actor: str, order: Order) -> None:
        """Refuse (IllegalOrder naming the rule and the numbers) what the rules forbid; never mutate."""
        s = self._state_of(actor)
        spec = self.dragons[actor]
        if not isinstance(order, DragonOrder):
            raise IllegalOrder("D-1", f"a dragon's order is one DragonOrder(move=..., actions=(...)), "
                                      f"got {order!r}")
        if s.out:
            raise IllegalOrder("D-1", f"{actor} is out of the fight ({s.out_reason})")
        move = order.move
        if move is not None:
            if not isinstance(move, Move):
                raise IllegalOrder("D-1", f"the movement must be a Move, got {move!r}")
            if s.falling:
                raise IllegalOrder("D-9", f"{actor} is falling ({s.fall_turns} turns so far) and "
                                          f"gives no movement order")
            kw = self._move_kw
            if not R.is_legal_move(s.speed, spec.max_speed, move, s.shaken, kw["level_min"],
                                   kw["level_max"], kw["max_dive"]):  # cached fast path
                R.check_move(s.speed, spec.max_speed, move, shaken=s.shaken, name=actor, **kw)
        acts = order.actions
        if not isinstance(acts, tuple):
            raise IllegalOrder("D-1", "actions must be a tuple of actions")
        if not acts:
            return  # the checks below are all about actions
        checks = 0
        weapons: list[str] = []
        for a in acts:  # one pass for the three counts below
            if isinstance(a, TurnCheck):
                checks += 1
            elif isinstance(a, Attack):
                weapons.append(a.weapon)
        own = len(acts) - checks
        if own and s.shaken:
            raise IllegalOrder("D-8", f"{actor} is Shaken and may take no actions "
                                      f"({own} ordered)")
        if checks > 1:
            raise IllegalOrder("D-10", "one D-10 check per round is enough")
        twice = R.repeated_weapon(weapons) if len(weapons) > 1 else None
        if twice is not None:
            raise IllegalOrder("D-5", f"one attack per weapon per round: {twice} is ordered twice")
        sp, h = self._projected(actor, move)
        tailing = s.tailing if move is None else None
        tailed_by = s.tailed_by
        for a in acts:
            if not isinstance(a, _ACTIONS):
                raise IllegalOrder("D-1", f"{a!r} is not a dragon action")
            if isinstance(a, Attack):
                found = spec.weapon(a.weapon)
                if found is None:
                    raise IllegalOrder("D-5", f"{actor} has no weapon {a.weapon!r}; it has "
                                              f"{', '.join(w.name for w in spec.weapons) or 'none'}")
                i, w = found
                if s.weapons_out[i]:
                    raise IllegalOrder("D-8", f"{actor}'s {w.name} is out of the fight")
                self._check_target(actor, a.target, "attack")
                if tailed_by == a.target:
                    raise IllegalOrder("D-12", f"{a.target} is on {actor}'s tail: the target of a "
                                               f"tail cannot attack its pursuer")
                if self._predictable(actor, a.target) or tailing == a.target:
                    t = self.state.dragons[a.target]
                    on_tail = tailing == a.target
                    rng = R.range_between(sp, h, t.speed, t.height, on_tail)
                    prob = R.attack_problem(w.kind, h, t.height, on_tail=on_tail,
                                            target_is_pursuer=False, rng=rng, ranges=w.ranges)
                    if prob:
                        raise IllegalOrder(prob.rule, f"{actor} with {w.name} at {a.target}: "
                                                      f"{prob.text} (range {rng})")
            elif isinstance(a, TailAttempt):
                self._check_target(actor, a.target, "tail")
                if s.falling:
                    raise IllegalOrder("D-9", f"{actor} is falling and cannot get on a tail")
                if tailing is not None:
                    raise IllegalOrder("D-12", f"{actor} is already on {tailing}'s tail")
                t = self.state.dragons[a.target]
                if t.tailed_by is not None and t.tailed_by != actor:
                    raise IllegalOrder("D-12", f"{a.target} already has {t.tailed_by} on its tail")
                if self._predictable(actor, a.target):
                    prob_t = R.tail_problem((sp, h), (t.speed, t.height))
                    if prob_t:
                        raise IllegalOrder("D-12", f"{actor} on {a.target}: {prob_t}")
                tailing = a.target
            elif isinstance(a, Force):
                if a.speed not in ("up", "down") or a.height not in (None, "up", "down"):
                    raise IllegalOrder("D-12", f"forcing names speed 'up'/'down' and optionally "
                                               f"height 'up'/'down', got {a.speed!r}/{a.height!r}")
                if tailing is None:
                    raise IllegalOrder("D-12", f"{actor} is on nobody's tail: only a pursuer may force")
                rank = (int(self._late(actor)), len(self._arrival) - (actor in self._pending))
                prob_f = R.forcing_problem(rank, self._pending_rank(tailing))
                if prob_f:
                    raise IllegalOrder("D-12", f"{actor} cannot force {tailing}: {prob_f}")
            elif isinstance(a, ShakeOff):
                if tailed_by is None:
                    raise IllegalOrder("D-12", f"nobody is on {actor}'s tail to shake off")
                tailed_by = None
            elif isinstance(a, Manoeuvre):
                if s.falling:
                    raise IllegalOrder("D-9", f"{actor} is falling: no aerobatics until it recovers")
            elif isinstance(a, UsePower):
                if a.die is not None:
                    try:
                        parse_trait(a.die)
                    except DiceError as e:
                        raise IllegalOrder("D-10", f"power {a.power!r}: {e}") from None
                if a.target is not None:
                    self._state_of(a.target)

    def _check_target(self, actor: str, target: str, what: str) -> None:
        t = self._state_of(target)
        if target == actor:
            raise IllegalOrder("D-5", f"{actor} cannot {what} itself")
        if t.out:
            raise IllegalOrder("D-5", f"{target} is out of the fight ({t.out_reason})")
        if not self.hostile(actor, target):
            raise IllegalOrder("D-5", f"{actor} and {target} are both on side "
                                      f"{self.dragons[actor].side!r}")

    # --- resolution -------------------------------------------------------------------------------

    def _resolve(self, orders: list[tuple[str, Order]]) -> None:
        st = self.state.dragons
        round_orders: dict[str, DragonOrder] = {}
        arrival: dict[str, int] = {}
        for i, (a, o) in enumerate(orders):
            arrival[a] = i
            if isinstance(o, DragonOrder):
                round_orders[a] = o
        self._round_orders = round_orders
        late = self._late
        lates = {n: late(n) for n in st}
        self._rank = {n: (int(lt), arrival.get(n, 10_000)) for n, lt in lates.items()}
        self._acted = set()
        self._forced = {}
        self._settled = set()
        tailing: set[str] = set()
        self._tailing_at_start = tailing
        self._decided_memo = None
        for n, s in st.items():
            if s.tailing is not None:
                tailing.add(n)
            if not s.out:
                s.trail += ((s.speed, s.height),)
        events = self.keeps_events  # a simulation without history builds no event text
        if events:
            self.emit("round", "GM", "dragons.round", {"round": self.round})

        def entries(lates: dict[str, bool] | None = None) -> list[R.InitiativeEntry]:
            acted = self._acted
            return [R.InitiativeEntry(n, s.speed, s.height, lates[n] if lates else late(n),
                                      arrival.get(n))
                    for n, s in st.items() if not s.out and n not in acted]

        order = R.initiative_order(entries(lates))
        if events:
            self.emit("initiative", "GM", "dragons.initiative", {"order": order},
                      data={"order": order})
        each_turn = self.options.get("initiative") == "each_turn"
        acted = self._acted
        while True:
            if each_turn:
                order = R.initiative_order(entries())
            name = None
            for n in order:  # the first in initiative order still to act
                if n not in acted and not st[n].out:
                    name = n
                    break
            if name is None or self._fight_decided():
                break
            acted.add(name)
            self._turn(name, self._round_orders.get(name))
        for n, s in st.items():
            if s.falling and not s.out:
                self._check_fallen_away(n)
        self._round_orders = {}
        done = self._fight_decided()  # the memo is cleared whenever a party drops out
        limit = self.options.get("max_rounds")
        if done or (limit is not None and self.round >= limit):
            out = self._outcome(self.round)
            self.emit("over", "GM", f"dragons.over.{out['reason']}",
                      {"winner": out["winner"] or "", "rounds": out["rounds"]}, data=out)

    def _turn(self, name: str, order: DragonOrder | None) -> None:
        s = self.state.dragons[name]
        spec = self.dragons[name]
        if order is None and s.turned:
            order = turned_order(self, name)
            if order is not None:
                self.emit("turned_acts", name, "dragons.turned.acts", {"name": name})
        # the actions without the GM's D-10 check (which costs no multi-action penalty)
        acts: tuple[Any, ...] | list[Any] = () if order is None else order.actions
        if TurnCheck in map(type, acts):
            acts = [a for a in acts if not isinstance(a, TurnCheck)]
            self._spirit_check(name, "dragons.cause.gm")
        if s.shaken:
            r = self.dice.trait(_die(spec.pilot.spirit), R.wound_penalty(s.wounds, spec.wild_card, False),
                                wild=spec.wild_card, purpose="Spirit: recover from Shaken",
                                actor=name)
            s.shaken = not r.success
            self.emit("shaken_recovery", name,
                      "dragons.shaken.recovers" if r.success else "dragons.shaken.stays",
                      {"name": name, "roll": r.total}, rolls=(r.roll,),
                      data={"success": r.success})
        if s.falling:
            if order is not None and order.move is not None:
                self.emit("move_void", name, "dragons.move.void_falling", {"name": name})
            self._fall_turn(name)
        elif s.tailing is not None and (order is None or order.move is None
                                        or name not in self._tailing_at_start):
            # a tail gained this round, before the dragon's move, replaces its move (D-12)
            self.emit("follow", name, "dragons.tail.follows", {"name": name, "target": s.tailing})
        else:
            if s.tailing is not None:
                self._lose_tail(name, s.tailing, "dragons.tail.breaks_off")
            if order is None:
                move = Move.level(0)
                self.emit("no_order", name, "dragons.move.missing", {"name": name, "speed": s.speed},
                          data={"missing": True})
            else:
                move = order.move or Move.level(0)
            move = self._obey_forcing(name, move)
            if s.shaken and move.height_change:
                self.emit("move_void", name, "dragons.move.shaken_level", {"name": name})
                move = Move.level(0)
            kw = self._move_kw
            problem = None if R.is_legal_move(
                s.speed, spec.max_speed, move, s.shaken, kw["level_min"], kw["level_max"],
                kw["max_dive"]) else R.move_problem(s.speed, spec.max_speed, move, shaken=s.shaken,
                                                     name=name, **kw)
            if problem is not None:
                self.emit("move_void", name, "dragons.move.impossible",
                          {"name": name, "move": _move_words(move), "speed": s.speed},
                          data={"move": str(move), "text": problem})
                move = Move.level(0)
            self._do_move(name, move)
        if s.out or not acts:
            return
        if s.shaken:
            self.emit("no_actions", name, "dragons.shaken.no_actions",
                      {"name": name, "n": len(acts)})
            return
        pen = multi_action_penalty(len(acts))
        if pen and self.keeps_events:
            self.emit("multi", name, "dragons.multi_action",
                      {"name": name, "n": len(acts), "penalty": pen})
        for a in acts:
            if s.out or self._fight_decided():
                return
            if isinstance(a, Attack):
                self._attack(name, a, pen)
            elif isinstance(a, TailAttempt):
                self._tail_attempt(name, a, pen)
            elif isinstance(a, Force):
                self._force(name, a, pen)
            elif isinstance(a, ShakeOff):
                self._shake_off(name, pen)
            elif isinstance(a, Manoeuvre):
                self._manoeuvre(name, a, pen)
            elif isinstance(a, UsePower):
                self._power(name, a, pen)

    # movement ------------------------------------------------------------------------------------

    def _obey_forcing(self, name: str, move: Move) -> Move:
        forced = self._forced.pop(name, None)
        if forced is None:
            return move
        s = self.state.dragons[name]
        axis, direction = forced
        new = R.forced_move(move, axis, direction, s.speed, self.dragons[name].max_speed, s.shaken,
                            **self._move_kw)
        self.emit("forced_move", name, "dragons.force.obeys",
                  {"name": name, "move": _move_words(new),
                   "want": {"key": f"dragons.word.{axis}_{direction}"}},
                  data={"ordered": str(move), "made": str(new)})
        return new

    def _do_move(self, name: str, move: Move, copied_from: str | None = None) -> None:
        """D-4: apply a move; D-11 dangerous dive; D-9 stall at Speed 0; D-12 pursuer copies."""
        s = self.state.dragons[name]
        spec = self.dragons[name]
        s0, h0 = s.speed, s.height
        s.speed, s.height = R.move_result(s0, h0, move)
        if self.keeps_events:
            params = {"name": name, "move": _move_words(move), "speed": s.speed, "height": s.height}
            data = {"kind": move.kind, "amount": move.amount, "from": [s0, h0],
                    "to": [s.speed, s.height]}
            if copied_from is None:
                self.emit("move", name, "dragons.move.done", params, data=data)
            else:
                params["target"] = copied_from
                self.emit("move", name, "dragons.move.copied", params, data=data)
        if R.dangerous_dive(move, s.speed, spec.max_speed):
            self._dangerous(name, "dragons.word.dive_fast", 0)
        if s.speed <= 0 and not s.falling and not s.out:
            s.speed = 0
            self._start_fall(name, "dragons.fall.stall")
        p = s.tailed_by
        if p is not None and not s.falling and not s.out:
            ps = self.state.dragons[p]
            prob = R.copy_problem(move, ps.speed, self.dragons[p].max_speed, ps.shaken, ps.falling)
            if prob:
                self._lose_tail(p, name, "dragons.tail.cannot_copy", why=prob)
            else:
                self._do_move(p, move, copied_from=name)

    def _dangerous(self, name: str, what: str, pen: int, copied: bool = False,
                   action: bool = False) -> bool:
        """D-11: Piloting after a dangerous manoeuvre; failure starts a fall. True on success.

        ``action``: an ordered aerobatic manoeuvre (wound and multi-action penalties apply).
        """
        s = self.state.dragons[name]
        spec = self.dragons[name]
        wp = R.wound_penalty(s.wounds, spec.wild_card, action)
        r = self.dice.trait(_die(spec.pilot.piloting), pen + wp, wild=spec.wild_card,
                            purpose="Piloting: dangerous manoeuvre", actor=name)
        key = "dragons.danger.ok" if r.success else (
            "dragons.danger.crit" if r.critical_failure else "dragons.danger.fail")
        self.emit("danger", name, key, {"name": name, "what": {"key": what}, "roll": r.total,
                                        "mod": pen + wp}, rolls=(r.roll,),
                  data={"success": r.success})
        if not r.success:
            if copied and self.options.get("copied_manoeuvre") == "lose_tail":
                if s.tailing is not None:
                    self._lose_tail(name, s.tailing, "dragons.tail.cannot_copy",
                                    why="failed Piloting")
            else:
                self._start_fall(name, "dragons.fall.manoeuvre")
        return r.success

    def _start_fall(self, name: str, key: str) -> None:
        """D-9: the dragon starts to fall; it cannot hold a tail nor be followed."""
        s = self.state.dragons[name]
        if s.falling or s.out:
            return
        s.falling = True
        s.fall_turns = 0
        self.emit("fall_start", name, key, {"name": name, "speed": s.speed, "height": s.height})
        if s.tailing is not None:
            self._lose_tail(name, s.tailing, "dragons.tail.lost_falling")
        if s.tailed_by is not None:
            self._lose_tail(s.tailed_by, name, "dragons.tail.lost_falling")

    def _fall_turn(self, name: str) -> None:
        """D-9: drop, gain Speed, maybe fall away, then try to regain control at -turns."""
        s = self.state.dragons[name]
        spec = self.dragons[name]
        s.fall_turns += 1
        s.speed, s.height, drop = R.fall_step(s.speed, s.height)
        self.emit("fall", name, "dragons.fall.drop",
                  {"name": name, "drop": drop, "speed": s.speed, "height": s.height,
                   "turn": s.fall_turns}, data={"drop": drop, "turn": s.fall_turns})
        if self._check_fallen_away(name):
            return
        pen = R.recovery_penalty(s.fall_turns)
        wp = R.wound_penalty(s.wounds, spec.wild_card, False)
        r = self.dice.trait(_die(spec.pilot.piloting), pen + wp, wild=spec.wild_card,
                            purpose="Piloting: regain control", actor=name)
        if r.success:
            s.falling = False
            s.fall_turns = 0
        self.emit("recovery", name, "dragons.fall.recovers" if r.success else "dragons.fall.still",
                  {"name": name, "roll": r.total, "mod": pen + wp}, rolls=(r.roll,),
                  data={"success": r.success, "penalty": pen})

    def _check_fallen_away(self, name: str) -> bool:
        """D-9: 10 below the lowest dragon not falling: an Extra dies, a Wild Card leaves."""
        s = self.state.dragons[name]
        flying = [o.height for n, o in self.state.dragons.items()
                  if n != name and not o.out and not o.falling]
        lowest = min(flying) if flying else None
        if not R.fallen_away(s.height, lowest):
            return False
        if self.dragons[name].wild_card:
            self._put_out(name, "fell_away")
        else:
            self._put_out(name, "killed", cause="dragons.cause.fell")
        return True

    # tails ---------------------------------------------------------------------------------------

    def _lose_tail(self, pursuer: str, target: str, key: str, why: str = "") -> None:
        ps, ts = self.state.dragons[pursuer], self.state.dragons[target]
        if ps.tailing != target:
            return
        ps.tailing = None
        ts.tailed_by = None
        self.emit("tail_lost", pursuer, key, {"name": pursuer, "target": target},
                  data={"pursuer": pursuer, "target": target, "text": why})

    def _check_tails(self) -> None:
        """D-12: a tail holds only while both fly at the same Speed and Height."""
        for n, s in self.state.dragons.items():
            t = s.tailing
            if t is None:
                continue
            ts = self.state.dragons[t]
            if s.out or ts.out or s.falling or ts.falling:
                self._lose_tail(n, t, "dragons.tail.lost_out" if (s.out or ts.out)
                                else "dragons.tail.lost_falling")
            elif (s.speed, s.height) != (ts.speed, ts.height):
                self._lose_tail(n, t, "dragons.tail.lost_apart")

    # actions ---------------------------------------------------------------------------------------

    def _cannot(self, name: str, what: Any, code: str, rule: str, text: str, **params: Any) -> None:
        """An ordered action that the position no longer allows: lost, with the reason."""
        if not self.keeps_events:
            return
        if isinstance(what, str) and what.startswith("word."):
            what = {"key": f"dragons.{what}"}
        self.emit("action_lost", name, "dragons.action.lost",
                  {"name": name, "what": what, "rule": rule,
                   "why": {"key": f"dragons.why.{code}", **params}},
                  data={"rule": rule, "code": code, "text": text})

    def _attack(self, name: str, a: Attack, pen: int) -> None:
        """D-5/D-6/D-7: one attack roll, then damage by C-4 on a hit."""
        s = self.state.dragons[name]
        spec = self.dragons[name]
        found = spec.weapon(a.weapon)
        if found is None:
            return self._cannot(name, a.weapon, "no_weapon", "D-5", f"no weapon {a.weapon!r}")
        i, w = found
        if s.weapons_out[i]:
            return self._cannot(name, w.name, "weapon_out", "D-8", f"{w.name} is out of the fight")
        t = self.state.dragons.get(a.target)
        if t is None or t.out:
            return self._cannot(name, w.name, "target_out", "D-5",
                                f"{a.target} is out of the fight", target=a.target)
        on_tail = s.tailing == a.target
        rng = R.range_between(s.speed, s.height, t.speed, t.height, on_tail)
        pursuer = s.tailed_by == a.target
        prob = None if R.attack_allowed(w.kind, s.height, t.height, on_tail, pursuer, rng, w.ranges) \
            else R.attack_problem(w.kind, s.height, t.height, on_tail=on_tail,
                                  target_is_pursuer=pursuer, rng=rng, ranges=w.ranges)
        if prob:
            if self.keeps_events:  # the commonest lost action: skip building its text unkept
                self._cannot(name, w.name, prob.code, prob.rule, f"{prob.text} (range {rng})",
                             target=a.target, range=rng, height=s.height, theirs=t.height,
                             long=(w.ranges or (0, 0, 0))[-1])
            return
        tspec = self.dragons[a.target]
        band = None
        rpen = 0
        if w.kind == "ranged" and w.ranges:
            b = R.range_band(rng, w.ranges, self.options.get("range_penalties", R.RANGE_PENALTIES))
            assert b is not None
            band, rpen = b
            tn, die = 4, _die(spec.pilot.ranged_die)
        else:
            tn, die = tspec.pilot.parry, _die(spec.pilot.fighting)
        wp = R.wound_penalty(s.wounds, spec.wild_card, True)
        mod = pen + rpen + wp
        s.attacks += 1
        r = self.dice.trait(die, mod, wild=spec.wild_card, tn=tn, purpose=_purpose("attack", w.name),
                            actor=name)
        if self.keeps_events:
            if r.critical_failure:
                key = "dragons.attack.crit"
            else:
                key = _ATTACK_KEYS[bool(band), r.success, r.raises > 0]
            band_p: Any = {"key": f"dragons.band.{band}"} if band else {"key": "dragons.band.melee"}
            self.emit("attack", name, key,
                      {"name": name, "weapon": w.name, "target": a.target, "range": rng,
                       "band": band_p, "mod": mod, "roll": r.total, "tn": tn, "raises": r.raises},
                      rolls=(r.roll,),
                      data={"weapon": w.name, "target": a.target, "range": rng, "band": band,
                            "modifier": mod, "tn": tn, "hit": r.success, "raises": r.raises})
        if not r.success:
            return
        s.hits += 1
        dmg = self.dice.damage(w.damage, raise_bonus=r.raises > 0,
                               purpose=_purpose("damage", w.name), actor=name)
        total = int(dmg.total)
        s.damage_dealt += total
        self._damage(a.target, total, name, dmg)

    def _damage(self, target: str, total: int, by: str, roll: Any) -> None:
        """D-7/C-4 then the D-8 wound table."""
        t = self.state.dragons[target]
        tspec = self.dragons[target]
        res = damage_outcome(total, tspec.toughness, t.shaken)
        if self.keeps_events:
            if not res.shaken:
                key = "dragons.damage.none"
            elif res.wounds:
                key = "dragons.damage.wounds"
            else:
                key = "dragons.damage.shaken"
            self.emit("damage", by, key,
                      {"name": by, "target": target, "damage": total, "toughness": tspec.toughness,
                       "n": res.wounds}, rolls=(roll,),
                      data={"damage": total, "shaken": res.shaken, "wounds": res.wounds})
        if not res.shaken:
            return
        attacker = self.state.dragons[by]
        t.shaken = True
        if res.wounds == 0:
            attacker.shaken_dealt += 1
            return
        attacker.wounds_dealt += res.wounds
        before = t.wounds
        t.wounds += res.wounds
        self._wound_effects(target, before, t.wounds)
        self._check_tails()

    def _wound_effects(self, name: str, before: int, after: int) -> None:
        """D-8: apply each row of the wound table reached, in order."""
        s = self.state.dragons[name]
        spec = self.dragons[name]
        for row in R.wound_rows(spec.wild_card, before, after):
            if row.out == "withdrew":
                self._put_out(name, "withdrew")
                return
            if row.out is not None:
                if row.out == "unconscious":
                    self.emit("wound_row", name, "dragons.out.unconscious", {"name": name})
                self._downed(name)
                return
            self.emit("wound_row", name, f"dragons.wound.row{row.wounds}",
                      {"name": name, "penalty": R.wound_penalty(row.wounds, True)})
            if row.speed_loss:
                s0 = s.speed
                s.speed = max(0, s.speed - row.speed_loss)
                self.emit("speed_loss", name, "dragons.wound.speed",
                          {"name": name, "lost": s0 - s.speed, "speed": s.speed})
            for i, w in enumerate(spec.weapons):
                if row.weapon_break and not s.weapons_out[i]:
                    r = self.dice.d(6, purpose=f"weapon check: {w.name}", actor=name)
                    broken = int(r.total) <= row.weapon_break
                    if broken:
                        s.weapons_out = s.weapons_out[:i] + (True,) + s.weapons_out[i + 1:]
                    self.emit("weapon_check", name,
                              "dragons.weapon.out" if broken else "dragons.weapon.ok",
                              {"name": name, "weapon": w.name, "roll": r.total,
                               "limit": row.weapon_break}, rolls=(r,), data={"out": broken})
            if row.height_loss:
                s.height -= row.height_loss
                self.emit("height_loss", name, "dragons.wound.height",
                          {"name": name, "height": s.height})
            if row.starts_fall:
                self._start_fall(name, "dragons.fall.wound")
            if row.spirit_check:
                self._spirit_check(name, "dragons.cause.third_wound")
        if s.speed <= 0 and not s.falling and not s.out:
            self._start_fall(name, "dragons.fall.stall")

    def _downed(self, name: str) -> None:
        """D-8/D-13: an Extra at 2 wounds or a Wild Card at 4+: dead in the Blue; over the
        Firmament a d6 survival roll (scenario option) decides whether it lives."""
        spec = self.dragons[name]
        if R.downed_fate(self.battlefield, spec.wild_card) == "dead":
            self._put_out(name, "killed", cause="dragons.cause.blue")
            return
        need = self.options.get("wild_crash_survival" if spec.wild_card else "extra_crash_survival",
                                4 if spec.wild_card else 6)
        r = self.dice.d(6, purpose="survive the fall to the Firmament", actor=name)
        alive = int(r.total) >= need
        self.emit("survival", name, "dragons.survival.lives" if alive else "dragons.survival.dies",
                  {"name": name, "roll": r.total, "need": need}, rolls=(r,), data={"alive": alive})
        self._put_out(name, "downed" if alive else "killed", cause="dragons.cause.crash")

    def _put_out(self, name: str, reason: str, cause: str = "") -> None:
        s = self.state.dragons[name]
        if s.out:
            return
        s.out = True
        s.out_reason = reason
        self._decided_memo = None
        params: dict[str, Any] = {"name": name}
        if cause:
            params["cause"] = {"key": cause}
        self.emit("out", name, f"dragons.out.{reason}", params, data={"reason": reason})
        self._check_tails()

    def _spirit_check(self, name: str, cause: str) -> None:
        """D-10: the pilot rolls Spirit; on failure the dragon is the GM's and an enemy of all."""
        s = self.state.dragons[name]
        spec = self.dragons[name]
        if s.turned or s.out:
            return
        r = self.dice.trait(_die(spec.pilot.spirit), R.wound_penalty(s.wounds, spec.wild_card, False),
                            wild=spec.wild_card, purpose="Spirit: resist the dragon", actor=name)
        self.emit("spirit", name, "dragons.turn.resists" if r.success else "dragons.turn.consumed",
                  {"name": name, "roll": r.total, "cause": {"key": cause}}, rolls=(r.roll,),
                  data={"success": r.success})
        if not r.success:
            s.turned = True
            self._decided_memo = None

    def _tail_attempt(self, name: str, a: TailAttempt, pen: int) -> None:
        """D-12: opposed Piloting; if both tried, the winner ends up behind the other."""
        if name in self._settled:
            self.emit("tail_settled", name, "dragons.tail.settled", {"name": name, "target": a.target})
            return
        s = self.state.dragons[name]
        t = self.state.dragons.get(a.target)
        if t is None or t.out:
            return self._cannot(name, "word.tail", "target_out", "D-12",
                                f"{a.target} is out of the fight", target=a.target)
        if s.tailing is not None:
            return self._cannot(name, "word.tail", "already_tailing", "D-12",
                                f"already on {s.tailing}'s tail", target=s.tailing)
        if t.tailed_by is not None:
            return self._cannot(name, "word.tail", "has_pursuer", "D-12",
                                f"{a.target} already has {t.tailed_by} on its tail",
                                target=a.target, pursuer=t.tailed_by)
        if s.falling or t.falling:
            return self._cannot(name, "word.tail", "falling", "D-9",
                                "a falling dragon cannot get on a tail or be followed")
        prob = R.tail_problem((s.speed, s.height), (t.speed, t.height))
        if prob:
            return self._cannot(name, "word.tail", "apart", "D-12", prob, target=a.target,
                                speed=s.speed, height=s.height, tspeed=t.speed, theight=t.height)
        spec, tspec = self.dragons[name], self.dragons[a.target]
        their = self._round_orders.get(a.target)
        mutual = (a.target not in self._acted and their is not None and not t.shaken
                  and any(isinstance(x, TailAttempt) and x.target == name for x in their.actions))
        dmod = R.wound_penalty(t.wounds, tspec.wild_card, mutual)
        if mutual and their is not None:
            dmod += multi_action_penalty(
                len([x for x in their.actions if not isinstance(x, TurnCheck)]))
            self._settled.add(a.target)
        amod = pen + R.wound_penalty(s.wounds, spec.wild_card, True)
        res, rolls, params = self._piloting_contest(name, a.target, amod, dmod, "Piloting: tail")
        if res.attacker_wins:
            self._set_tail(name, a.target)
            self.emit("tail", name, "dragons.tail.gained", params, rolls=rolls,
                      data={"pursuer": name, "target": a.target})
        elif mutual and res.defender.success:
            self._set_tail(a.target, name)
            self.emit("tail", a.target, "dragons.tail.reversed", params, rolls=rolls,
                      data={"pursuer": a.target, "target": name})
        else:
            self.emit("tail_failed", name, "dragons.tail.evaded", params, rolls=rolls)

    def _set_tail(self, pursuer: str, target: str) -> None:
        ps, ts = self.state.dragons[pursuer], self.state.dragons[target]
        if ts.tailing == pursuer:
            self._lose_tail(target, pursuer, "dragons.tail.turned_around")
        ps.tailing = target
        ts.tailed_by = pursuer

    def _piloting_contest(self, name: str, other: str, amod: int, dmod: int,
                          purpose: str) -> tuple[Any, tuple[Any, Any], dict[str, Any]]:
        """D-12: opposed Piloting (C-3) of ``name`` against ``other``; the result, its two rolls
        and the parameters every tail message shares."""
        spec, ospec = self.dragons[name], self.dragons[other]
        res = self.dice.opposed(_die(spec.pilot.piloting), _die(ospec.pilot.piloting),
                                attacker_mod=amod, defender_mod=dmod, attacker_wild=spec.wild_card,
                                defender_wild=ospec.wild_card, purpose=purpose, actor=name,
                                target=other)
        params: dict[str, Any] = {"name": name, "target": other, "roll": res.attacker.total,
                                  "against": res.defender.total}
        return res, (res.attacker.roll, res.defender.roll), params

    def _force(self, name: str, a: Force, pen: int) -> None:
        """D-12: the pursuer (ordered first) wins opposed Piloting at -2: it sets the target's Speed
        rising or falling, or with a raise its Height."""
        s = self.state.dragons[name]
        t = s.tailing
        if t is None:
            return self._cannot(name, "word.force", "no_tail", "D-12", "it is on nobody's tail")
        prob = R.forcing_problem(self._rank[name], self._rank[t] if t in self._round_orders else None)
        if prob:
            return self._cannot(name, "word.force", "later", "D-12", prob, target=t)
        if t in self._acted:
            return self._cannot(name, "word.force", "already_moved", "D-12",
                                f"{t} has already moved this round", target=t)
        spec, tspec = self.dragons[name], self.dragons[t]
        ts = self.state.dragons[t]
        res, rolls, params = self._piloting_contest(
            name, t, -2 + pen + R.wound_penalty(s.wounds, spec.wild_card),
            R.wound_penalty(ts.wounds, tspec.wild_card, False), "Piloting: force")
        if not res.attacker_wins:
            self.emit("force", name, "dragons.force.fails", params, rolls=rolls,
                      data={"won": False})
            return
        if res.raises >= 1 and a.height is not None:
            want = ("height", a.height)
        else:
            want = ("speed", a.speed)
        self._forced[t] = want
        params["want"] = {"key": f"dragons.word.{want[0]}_{want[1]}"}
        self.emit("force", name, "dragons.force.wins", params, rolls=rolls,
                  data={"won": True, "axis": want[0], "direction": want[1], "raises": res.raises})

    def _shake_off(self, name: str, pen: int) -> None:
        """D-12: opposed Piloting at -2 to the target; a win ends the tail."""
        s = self.state.dragons[name]
        p = s.tailed_by
        if p is None:
            return self._cannot(name, "word.shake_off", "no_pursuer", "D-12",
                                "nobody is on its tail")
        spec, pspec = self.dragons[name], self.dragons[p]
        ps = self.state.dragons[p]
        res, rolls, params = self._piloting_contest(
            name, p, -2 + pen + R.wound_penalty(s.wounds, spec.wild_card),
            R.wound_penalty(ps.wounds, pspec.wild_card, False), "Piloting: shake off")
        if res.attacker_wins:
            self.emit("shake_off", name, "dragons.shake.wins", params, rolls=rolls)
            self._lose_tail(p, name, "dragons.tail.shaken_off")
        else:
            self.emit("shake_off", name, "dragons.shake.fails", params, rolls=rolls)

    def _manoeuvre(self, name: str, a: Manoeuvre, pen: int) -> None:
        """D-11: aerobatics: Piloting or fall; a pursuer must copy it (a dangerous manoeuvre too)."""
        s = self.state.dragons[name]
        if s.falling:
            return self._cannot(name, a.name, "falling", "D-9", "it is falling")
        self.emit("manoeuvre", name, "dragons.manoeuvre", {"name": name, "what": a.name})
        ok = self._dangerous(name, "dragons.word.aerobatics", pen, action=True)
        p = s.tailed_by
        if ok and p is not None:
            self.emit("manoeuvre", p, "dragons.manoeuvre.copy", {"name": p, "target": name})
            self._dangerous(p, "dragons.word.aerobatics", 0, copied=True)

    def _power(self, name: str, a: UsePower, pen: int) -> None:
        """A Power or GM-adjudicated action; a critical failure calls the D-10 Spirit check."""
        s = self.state.dragons[name]
        spec = self.dragons[name]
        target: Any = {"key": "dragons.word.on_target", "target": a.target} if a.target else ""
        note = f" ({a.note})" if a.note else ""
        if a.die is None:
            self.emit("power", name, "dragons.power.noted",
                      {"name": name, "power": a.power, "target": target, "note": note})
            return
        r = self.dice.trait(_die(a.die), pen + R.wound_penalty(s.wounds, spec.wild_card), wild=spec.wild_card,
                            purpose=f"power: {a.power}", actor=name)
        key = ("dragons.power.crit" if r.critical_failure else
               "dragons.power.ok" if r.success else "dragons.power.fail")
        self.emit("power", name, key, {"name": name, "power": a.power, "roll": r.total,
                                       "raises": r.raises, "target": target, "note": note},
                  rolls=(r.roll,), data={"success": r.success, "raises": r.raises})
        if r.critical_failure:
            self._spirit_check(name, "dragons.cause.power")

    # --- end of the fight -------------------------------------------------------------------------

    def _parties(self) -> set[tuple[str, str]]:
        out = set()
        for n, s in self.state.dragons.items():
            if not s.out:
                out.add(("turned", n) if s.turned else ("side", self.dragons[n].side))
        return out

    def _decided(self) -> bool:
        """At most one party left (a side, or a turned dragon on its own): called often, so it
        stops at the second party it finds."""
        first: str | tuple[str] | None = None
        dragons = self.dragons
        for n, s in self.state.dragons.items():
            if s.out:
                continue
            party = (n,) if s.turned else dragons[n].side  # a turned dragon is a party alone
            if first is None:
                first = party
            elif party != first:
                return False
        return True

    def _fight_decided(self) -> bool:
        """_decided(), memoised within a resolution: it is asked before every turn and action,
        and the parties change only in _put_out and _spirit_check, which clear the memo."""
        d = self._decided_memo
        if d is None:
            d = self._decided_memo = self._decided()
        return d

    @property
    def is_over(self) -> bool:
        limit = self.options.get("max_rounds")
        return self._decided() or (limit is not None and self.resolutions >= limit)

    def _outcome(self, rounds: int) -> dict[str, Any]:
        parties = self._parties()
        survivors = [n for n, s in self.state.dragons.items() if not s.out]
        winner = None
        if len(parties) == 1:
            kind, who = next(iter(parties))
            if kind == "side":
                winner, reason = who, "last_side"
            else:
                reason = "turned"
        elif not parties:
            reason = "all_out"
        else:
            reason = "time"
        return {"winner": winner, "reason": reason, "rounds": rounds, "survivors": survivors}

    def outcome(self) -> dict[str, Any] | None:
        if not self.is_over:
            return None
        return self._outcome(self.resolutions)

    # --- views ----------------------------------------------------------------------------------

    def board(self, side: str | None = None) -> dict[str, Any]:
        """Plain JSON for views; the positions are open to all, orders' contents never appear."""
        out = super().board(side)
        out["battlefield"] = self.battlefield
        dragons = []
        for n, s in self.state.dragons.items():
            d = self.dragons[n]
            dragons.append({
                "name": n, "side": d.side, "wild_card": d.wild_card, "gm": d.gm or s.turned,
                "speed": s.speed, "height": s.height, "max_speed": d.max_speed, "shaken": s.shaken,
                "wounds": s.wounds, "falling": s.falling, "fall_turns": s.fall_turns, "out": s.out,
                "out_reason": s.out_reason, "turned": s.turned, "tailing": s.tailing,
                "tailed_by": s.tailed_by,
                "weapons": [{"name": w.name, "kind": w.kind, "damage": w.damage,
                             "out": s.weapons_out[i]} for i, w in enumerate(d.weapons)],
            })
        out["dragons"] = dragons
        out["orders_received"] = self.orders_received
        out["trails"] = {n: [list(p) for p in s.trail] + [[s.speed, s.height]]
                         for n, s in self.state.dragons.items()}
        return out

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        o = self.outcome()
        if o is not None:
            out["reason"] = o["reason"]
            out["survivors"] = o["survivors"]
        out["battlefield"] = self.battlefield
        out["participants"] = [
            {"name": n, "side": self.dragons[n].side, "wild_card": self.dragons[n].wild_card,
             "wounds": s.wounds, "shaken": s.shaken, "out": s.out, "out_reason": s.out_reason,
             "turned": s.turned, "attacks": s.attacks, "hits": s.hits,
             "damage_dealt": s.damage_dealt, "wounds_dealt": s.wounds_dealt,
             "shaken_dealt": s.shaken_dealt}
            for n, s in self.state.dragons.items()]
        return out

    def _legal(self, actor: str) -> list[Order]:
        return [DragonOrder(move=m, actions=()) for m in self.legal_moves(actor)]


@lru_cache(maxsize=256)
def _die(die: str | None) -> int | str | None:
    """A trait die as Dice.trait takes it fastest: ``"d8"`` -> 8; with a modifier as written."""
    if die is None:
        return None
    sides, mod = parse_trait(die)
    return sides if mod == 0 else die


@lru_cache(maxsize=1024)
def _purpose(what: str, weapon: str) -> str:
    """A roll's purpose (``attack: Flame``), formatted once per weapon."""
    return f"{what}: {weapon}"


_ATTACK_KEYS = {(ranged, hit, raised): f"dragons.{'attack' if ranged else 'melee'}."
                f"{('hit_raise' if raised else 'hit') if hit else 'miss'}"
                for ranged in (False, True) for hit in (False, True) for raised in (False, True)}
"""(ranged band?, hit?, raise?) -> the attack's message key."""


def _move_words(move: Move) -> dict[str, Any]:
    """A move as a translatable phrase."""
    if move.kind == "level":
        return {"key": "dragons.word.level", "n": move.amount}
    return {"key": f"dragons.word.{move.kind}", "n": move.amount}


EXAMPLE: dict[str, Any] = {
    "system": "dragons", "name": "Example duel", "battlefield": "blue",
    "dragons": [
        {"name": "Ash", "side": "red", "max_speed": 10, "toughness": 9, "speed": 6, "height": 12,
         "pilot": {"name": "Kira", "fighting": "d8", "piloting": "d10", "spirit": "d8"},
         "weapons": [{"name": "Flame", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180]},
                     {"name": "Claws", "kind": "melee", "damage": "2d6"}]},
        {"name": "Bane", "side": "blue", "max_speed": 9, "toughness": 9, "speed": 4, "height": 11,
         "pilot": {"name": "Vel", "fighting": "d10", "piloting": "d8", "spirit": "d6"},
         "weapons": [{"name": "Spines", "kind": "ranged", "damage": "2d6", "ranges": [50, 100, 150]},
                     {"name": "Jaws", "kind": "melee", "damage": "2d8"}]},
    ],
}
"""A small 1-vs-1 scenario for doctests and quick experiments."""
