"""What a form offers a dragon now (D-4, D-5, D-12): every attack with its numbers and why not,
and :class:`DragonLegalOrders`, the finite list an order form and the autopilot read. Each order
listed is held to :func:`gmkit.dragons.legal.check_order`, the one check."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any

from ..encounter import LegalOrders
from ..errors import IllegalOrder
from . import rules as R
from .context import DuelContext
from .legal import _attack_words, _forcing_rank, _pending_rank, available_bennies, legal_moves, projected
from .orders import (
    Action,
    Attack,
    DragonOrder,
    Force,
    GMOrder,
    Manoeuvre,
    Move,
    ShakeOff,
    TailAttempt,
)

__all__ = ["DragonLegalOrders", "attack_options", "iter_legal"]


def attack_options(duel: DuelContext, name: str, move: Move | None = None) -> list[dict[str, Any]]:
    """Every weapon x enemy pairing for a form: range, band, penalties, TN, legal and why not.

    Keys: weapon, kind, die (the pilot's attack die), target, range, band (short/medium/long,
    None for melee or beyond Long), modifier, tn, legal, reason (English) and refusal (the same
    as a keyed :class:`IllegalOrder`, for a reader's language).

    Computed from ``name``'s position after ``move`` (default: where it is now) and the
    targets' current positions. ``modifier`` sums the range and wound penalties (C-4's
    multi-action penalty depends on the whole order and is not included).
    """
    s = duel.state_of(name)
    spec = duel.dragons[name]
    sp, h = projected(duel, name, move) if move is not None or s.falling else (s.speed, s.height)
    out: list[dict[str, Any]] = []
    pens = duel.options.get("range_penalties", R.RANGE_PENALTIES)
    wp = R.wound_penalty(s.wounds, spec.wild_card, True)
    for i, w in enumerate(spec.weapons):
        for tname, t in duel.state.dragons.items():
            if tname == name or t.out or not duel.hostile(name, tname):
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
                tn = duel.dragons[tname].pilot.parry
            refusal: IllegalOrder | None = None
            if s.out:
                refusal = IllegalOrder("D-9", key="dragons.why.actor_out", name=name)
            elif s.shaken:
                refusal = IllegalOrder("D-8", key="dragons.why.actor_shaken", name=name)
            elif s.weapons_out[i]:
                refusal = IllegalOrder("D-8", key="dragons.why.named_weapon_out", weapon=w.name)
            else:
                prob = R.attack_problem(w.kind, h, t.height, on_tail=on_tail,
                                        target_is_pursuer=s.tailed_by == tname, rng=rng,
                                        ranges=w.ranges)
                if prob:
                    refusal = IllegalOrder(prob.rule, prob.text, key="dragons.why.attack",
                                           text=_attack_words(prob.code, h, t.height, rng, w.ranges))
            reason = str(refusal) if refusal is not None else None
            die = spec.pilot.ranged_die if w.kind == "ranged" else spec.pilot.fighting
            out.append({"weapon": w.name, "kind": w.kind, "die": die, "target": tname,
                        "range": rng, "band": band, "modifier": mod, "tn": tn,
                        "legal": reason is None, "reason": reason, "refusal": refusal})
    return out


class DragonLegalOrders(LegalOrders):
    """What one dragon may order now: ``order in legal``, ``why_not(order)``, iteration, and
    the parts an order form shows apart (:attr:`moves`, :attr:`attacks`, :attr:`tail_targets`...).

    Iteration is finite: each legal move (and no move, where the move is optional: on a tail or
    falling), alone and with each single action that is legal and makes sense from where that
    move leads: an attack the position allows now, a tail attempt at a dragon level with it, the
    four forcings, shaking off, aerobatics. Orders of several actions are legal too (``in``
    accepts them) but not listed, nor Powers and the GM's D-10 check, which are open-ended.
    """

    encounter: DuelContext

    def __init__(self, duel: DuelContext, actor: str):
        super().__init__(duel, actor)
        self._s = duel.state_of(actor)  # an unknown name is refused here (D-1)

    @cached_property
    def moves(self) -> list[Move]:
        """D-4: the movements the dragon may order (none while falling or out)."""
        return legal_moves(self.encounter, self.actor)

    @property
    def move_optional(self) -> bool:
        """No movement is the usual order: a pursuer copies its target, a falling dragon falls."""
        return self._s.tailing is not None or self._s.falling

    @property
    def needs_order(self) -> bool:
        """Awaited for this round, or its order is already in."""
        duel = self.encounter
        return self.actor in duel.awaiting() or self.actor in duel.orders_received

    @property
    def can_act(self) -> bool:
        """D-8: a dragon out of the fight or Shaken takes no actions."""
        return not self._s.out and not self._s.shaken

    def attack_options(self, move: Move | None = None) -> list[dict[str, Any]]:
        """Every weapon at every enemy after ``move``, legal or with the reason (see
        :func:`attack_options`)."""
        return attack_options(self.encounter, self.actor, move)

    @cached_property
    def attacks(self) -> list[dict[str, Any]]:
        """The attack options that are legal from where the dragon is now."""
        return [o for o in self.attack_options() if o["legal"]]

    @cached_property
    def tail_targets(self) -> list[str]:
        """D-12: enemies at the same Speed and Height with nobody on their tail."""
        duel, name, s = self.encounter, self.actor, self._s
        if not self.can_act or s.falling or s.tailing is not None:
            return []
        pos = (s.speed, s.height)
        return [t for t, ts in duel.state.dragons.items()
                if not ts.out and not ts.falling and ts.tailed_by is None
                and duel.hostile(name, t) and (ts.speed, ts.height) == pos]

    @cached_property
    def force_target(self) -> str | None:
        """D-12: the target this pursuer may force now (its order would arrive first)."""
        s = self._s
        if not self.can_act or s.tailing is None:
            return None
        duel = self.encounter
        if R.forcing_problem(_forcing_rank(duel, self.actor), _pending_rank(duel, s.tailing)):
            return None
        return s.tailing

    @property
    def can_shake_off(self) -> bool:
        """D-12: someone is on its tail."""
        return self.can_act and self._s.tailed_by is not None

    @property
    def bennies(self) -> int:
        """D-7: the Bennies its order may spend (its own; a GM character's also the GM's)."""
        return available_bennies(self.encounter, self.actor)

    @property
    def can_manoeuvre(self) -> bool:
        """D-11: aerobatics, not while falling."""
        return self.can_act and not self._s.falling

    def single_actions(self, move: Move | None) -> list[Action]:
        """The actions iteration pairs with ``move`` (see the class docstring)."""
        if not self.can_act:
            return []
        duel = self.encounter
        out: list[Action] = [Attack(o["weapon"], o["target"])
                             for o in self.attack_options(move) if o["legal"]]
        pos = projected(duel, self.actor, move)
        out += [TailAttempt(t) for t in self.tail_targets
                if (duel.state.dragons[t].speed, duel.state.dragons[t].height) == pos]
        if move is None and self.force_target is not None:
            out += [Force("up"), Force("down"), Force("down", "up"), Force("down", "down")]
        if self.can_shake_off:
            out.append(ShakeOff())
        if self.can_manoeuvre:
            out.append(Manoeuvre())
        return out

    def __iter__(self) -> Iterator[DragonOrder | GMOrder]:
        return iter_legal(self)

    def __repr__(self) -> str:
        return f"<DragonLegalOrders for {self.actor!r}: {len(self.moves)} moves, {self.count()} orders>"


def iter_legal(legal: DragonLegalOrders) -> Iterator[DragonOrder | GMOrder]:
    """Every order :class:`DragonLegalOrders` lists, each checked by :func:`check_order`; for a
    turned dragon, as the GM's (D-10)."""
    if legal._s.out:
        return
    wrap = legal._s.turned

    def as_given(o: DragonOrder) -> DragonOrder | GMOrder:
        return GMOrder(o) if wrap else o

    moves: list[Move | None] = [None] if legal.move_optional else []
    moves += legal.moves
    for move in moves:
        plain = as_given(DragonOrder(move=move))
        if legal.why_not(plain) is None:
            yield plain
        for a in legal.single_actions(move):
            order = as_given(DragonOrder(move=move, actions=(a,)))
            if legal.why_not(order) is None:
                yield order
