"""What is legal in a skirmish: who is awaited, the checks behind ``validate_order``, every legal order.

Plain functions over the board (which reads its sheets) and the orders received so far. A refusal
is an :class:`~gmkit.errors.IllegalOrder` naming the rule and the numbers; nothing here changes
the board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import IllegalOrder
from ..orders import Order
from . import rules
from .board import ACTIVE, DEAD, FLED, HELD, Board
from .notation import parse_damage
from .orders import Both, Cast, Flee, Pass, Shoot, Strike, UseItem
from .procedures.terms import status_term
from .sheets import Attack, Combatant, cast_effect

__all__ = ["cap", "awaiting", "check", "generate", "out_of_turn", "ahead", "for_melee"]

Pending = Mapping[str, Order]
"""The orders received for this turn, by actor."""


def cap(board: Board, side: str) -> int | None:
    """F-6: the most principals that strike this turn (Variant 2: one; None: no cap)."""
    if board.phase == "ranged":
        return None
    options = board.sheets.options
    if options.variant == 2:
        return 1
    if options.cap == "none":
        return None
    if options.cap == "twice_opponents":
        members = board.sheets.sides_by_name
        opp = sum(1 for s in board.fighting_sides() if s != side
                  for m in members[s].members if board.fighter(m))
        return rules.striker_cap(opp)
    return int(options.cap)


def awaiting(board: Board, pending: Pending) -> list[str]:
    """The combatants expected to give an order for this turn, in scenario order (F-6)."""
    side = board.acting_side
    if side is None:
        return []
    principals = board.principals(side)
    if board.phase == "ranged":
        return [p for p in principals if p not in pending]
    sheets = board.sheets
    if sheets.options.variant != 2 and sheets.options.cap == "none" and not sheets.followers:
        # the common melee turn: no cap, no striker chosen, no pet or mount to follow anyone
        return [p for p in principals if p not in pending]
    limit = cap(board, side)
    ordered = principals
    if board.sheets.options.variant == 2:
        chosen = board.chosen
        ordered = (chosen, *(p for p in principals if p != chosen)) if chosen in principals else principals
    elif limit:
        states, combatants = board.combatants, sheets.combatants
        ordered = tuple(sorted(principals, key=lambda n: (states[n].acted, combatants[n].index)))
    waiting = [p for p in ordered if p not in pending]
    if limit is not None:
        have = [p for p in principals if p in pending]
        waiting = waiting[: max(0, limit - len(have))]
        leaders = have + waiting
    else:
        leaders = [p for p in principals if p in pending] + waiting
    followers = [f for f in board.followers_of(leaders) if f not in pending]
    if not followers and ordered is principals:  # already in scenario order (the common turn)
        return waiting
    chosen_set = set(waiting) | set(followers)
    return [n for n in board.sheets.combatants if n in chosen_set]


def sheet(board: Board, name: str) -> Combatant:
    """The sheet of ``name``; F-1: refused when there is no such combatant."""
    c = board.sheets.combatants.get(name)
    if c is None:
        raise IllegalOrder("F-1", key="fantasy.refusal.legal.f1.1", name=name,
                           p=', '.join(board.sheets.combatants))
    return c


def check(board: Board, pending: Pending, actor: str, order: Order) -> None:
    """Raise :class:`IllegalOrder` naming the rule when ``actor`` may not give ``order`` now."""
    c = board.sheets.combatants.get(actor)
    if c is None:
        c = sheet(board, actor)  # refused: no such combatant (F-1)
    st = board.combatants[actor]
    if st.status != ACTIVE or st.conditions or st.skipping:  # the rare case, asked in full
        _check_can_act(board, actor, st)
    if isinstance(order, Both):
        _check_both(board, pending, actor, c, order)
        return
    if board.phase == "ranged" and isinstance(order, Strike):  # for_melee(): given in the ranged
        _check_for_melee(board, pending, actor, c, order)     # phase for the melee after it (F-6)
        return
    side = board.acting_side
    if c.side == side and type(order) is Strike and board.phase == "melee":
        # the autopilot's every turn: a strike in its own side's melee turn, checked without the
        # dispatch (the same checks in the same order: the turn's, then the strike's)
        _check_turn(board, pending, actor, c)
        _check_strike_parts(board, pending, actor, c, order)
        return
    if c.side != side:
        if not out_of_turn(board, actor, order):  # given ahead for its side's next turn (F-6)
            if side is None:
                called = board.sheets.called
                raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.13", side=called(side or ""),
                                   actor=actor, side2=called(c.side))
            if board.following(actor):
                what = {"key": "fantasy.refusal.pet_follows" if c.kind == "pet"
                        else "fantasy.refusal.mount_follows"}
                raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.14", what=what, lead=c.leader)
        elif board.phase == "ranged":
            _check_one_shot(board, actor, c, {"key": "fantasy.refusal.out_of_turn_moves"})
    else:
        _check_turn(board, pending, actor, c)
    checker = _CHECKS.get(type(order))
    if checker is not None:
        checker(board, pending, actor, c, order)


def _check_can_act(board: Board, actor: str, st: Any) -> None:
    """F-1, F-10, F-4, F-6: dead, fled, disabled or skipping this turn: no order."""
    if st.status == DEAD:
        raise IllegalOrder("F-1", key="fantasy.refusal.legal.f1.2", actor=actor)
    if st.status == FLED:
        raise IllegalOrder("F-10", key="fantasy.refusal.legal.f10.1", actor=actor)
    status = board.status(actor)
    if status != "active":
        raise IllegalOrder("F-4", key="fantasy.refusal.legal.f4.1", actor=actor, status=status_term(status))
    if st.skipping:
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.1", actor=actor)


def out_of_turn(board: Board, actor: str, order: Order) -> bool:
    """F-6 "Initiative": an order of a side not acting now is a strike out of turn when its
    combatant has an out-of-turn strike left and the order is a strike, a shot or a spell;
    any other is given ahead for its side's next turn (checked again then)."""
    return (board.combatants[actor].initiative > 0 and isinstance(order, (Strike, Shoot, Cast))
            and board.sheets.side_of[actor] != board.acting_side)


def ahead(board: Board, pending: Pending) -> set[str]:
    """F-6: who gave an order ahead (the next resolution leaves those orders received): a side
    not acting now, for its side's next turn; anyone, in the ranged phase, for melee."""
    out: set[str] = set()
    if not pending:
        return out
    side = board.acting_side
    side_of = board.sheets.side_of
    ranged = board.phase == "ranged"  # for_melee(), asked once: every order received asks this
    states = board.combatants
    for a, o in pending.items():
        # out_of_turn() written out (its side test is the first one here): every order asks it
        if side_of.get(a) != side:
            if not (states[a].initiative > 0 and isinstance(o, (Strike, Shoot, Cast))):
                out.add(a)
                continue
        if ranged and isinstance(o, Strike):
            out.add(a)
    return out


def for_melee(board: Board, order: Order) -> bool:
    """F-6: a melee strike given while the ranged phase is on: a forum player sends the whole
    round at once, so it waits for melee instead of being refused. (A flight stays refused: it
    is tried on a turn in melee, F-9/F-10, and the refusal says so.)"""
    return board.phase == "ranged" and isinstance(order, Strike)


def _check_for_melee(board: Board, pending: Pending, actor: str, c: Combatant, order: Any) -> None:
    """What can be checked now of a strike given ahead for melee (F-6); the rest (the turn, the
    cap on strikers) is checked again when its melee turn comes."""
    if c.follower:
        what = {"key": "fantasy.refusal.pet_follows" if c.kind == "pet" else "fantasy.refusal.mount_follows"}
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.14", what=what, lead=c.leader)
    _check_strike_parts(board, pending, actor, c, order)


def _check_both(board: Board, pending: Pending, actor: str, c: Combatant, order: Both) -> None:
    """F-6: both parts of a forum round in one order: the ranged part as if given alone now, the
    melee part as an order given ahead for melee."""
    if board.phase != "ranged":
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.21", actor=actor)
    if isinstance(order.ranged, Both) or isinstance(order.melee, Both):
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.22")
    check(board, pending, actor, order.ranged)
    melee = order.melee
    if isinstance(melee, Strike):
        _check_for_melee(board, pending, actor, c, melee)
    elif not isinstance(melee, Pass):
        checker = _CHECKS[type(melee)]
        checker(board, pending, actor, c, melee)
        if isinstance(melee, type(order.ranged)) and _same_use(order.ranged, melee):
            _check_second_use(board, actor, c, melee)


def _check_turn(board: Board, pending: Pending, actor: str, c: Combatant) -> None:
    """F-6: whether ``actor`` may act in its own side's turn now (:func:`check` has made sure it
    can act at all, so only the turn's own limits are left)."""
    side = c.side
    if board.phase == "ranged":
        _check_one_shot(board, actor, c)
        return
    if c.follower and board.following(actor):  # only a pet or a mount ever follows
        principals = board.principals(side)
        lead = c.leader
        others = {a for a in pending if a != actor}
        waiting = awaiting(board, pending)
        leaders = [p for p in principals if p in others or p in waiting]
        if lead not in leaders or actor not in board.followers_of(leaders):
            what = {"key": "fantasy.refusal.pet_follows" if c.kind == "pet"
                    else "fantasy.refusal.mount_follows"}
            raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.14", what=what, lead=lead)
        return
    chosen = board.chosen
    if chosen is not None and actor != chosen and not board.sheets.sides_by_name[side].has_players:
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.2", chosen=chosen,
                           side=board.sheets.called(side), actor=actor)
    options = board.sheets.options
    if options.variant != 2 and options.cap == "none":  # cap() is None: no limit to check
        return
    limit = cap(board, side)
    if limit is not None:
        others_in = [p for p in board.principals(side) if p in pending and p != actor]
        if len(others_in) >= limit:
            if board.sheets.options.variant == 2:
                raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.20", p=others_in[0])
            raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.15", limit=limit, p=len(others_in))


def _check_one_shot(board: Board, actor: str, c: Combatant, why: Any = "") -> None:
    """F-6: in the ranged phase each participant has one ranged attack or one spell, in its side's
    turn or out of turn ("Initiative"), and only with a ranged weapon or a spell left."""
    if actor in board.shot:
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.3", actor=actor, why=why)
    if not (c.is_shooter and board.shooter_ready(actor)):
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.4", actor=actor)


def _check_target(board: Board, actor: str, target: str | None, *, enemy: bool = True) -> None:
    if target is None:
        if enemy and not board.enemies(actor):  # has_enemies() without its call: every strike by die asks
            raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.16", actor=actor)
        return
    t = sheet(board, target)
    if board.out_for_good(target):
        status = board.status(target)
        state = ({"key": f"fantasy.state.{status}", "actor": target} if status in (DEAD, FLED)
                 else status_term(status))
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.5", target=target, p=state)
    if enemy and t.side == board.sheets.side_of[actor]:
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.6", target=target, actor=actor,
                           side=board.sheets.called(t.side))


def _check_hittable(board: Board, target: str, attacks: tuple[Attack, ...]) -> None:
    """F-2: some attack must be able to hit the target at all."""
    t = board.sheets.combatants[target]
    if not any(rules.can_be_hit(t.ac, a.to_hit + t.easier_to_hit) for a in attacks):
        mod = attacks[0].to_hit + t.easier_to_hit
        if t.ac <= rules.AC_CANNOT_HIT:
            raise IllegalOrder("F-2", key="fantasy.refusal.legal.f2.2", target=target, ac=t.ac)
        raise IllegalOrder("F-2", key="fantasy.refusal.legal.f2.1", target=target, ac=t.ac, mod=mod)


def _same_use(a: Any, b: Any) -> bool:
    """Whether two orders spend the same spell's or item's uses."""
    return (getattr(a, "spell", None) == getattr(b, "spell", 0)
            or getattr(a, "item", None) == getattr(b, "item", 0))


def _check_second_use(board: Board, actor: str, c: Combatant, order: Any) -> None:
    """A spell or item named in both parts of a round needs two uses left (F-6, F-8)."""
    if isinstance(order, Cast):
        spell = next((s for s in c.spells if s.name == order.spell), None)
        left = board.combatants[actor].uses
        if spell is not None and spell.uses is not None and left.get(spell.name, 0) < 2:
            raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.18", actor=actor, name=spell.name)
    elif isinstance(order, UseItem):
        item = c.item_by_name.get(order.item)
        if item is not None and board.combatants[actor].items.get(item.name, 0) < 2:
            raise IllegalOrder("F-8", key="fantasy.refusal.legal.f8.2", actor=actor, name=item.name)


def _check_strike(board: Board, pending: Pending, actor: str, c: Combatant, order: Any) -> None:
    if board.phase == "ranged":
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.7")
    _check_strike_parts(board, pending, actor, c, order)


def _check_strike_parts(board: Board, pending: Pending, actor: str, c: Combatant, order: Any) -> None:
    """F-6: the weapon, the target and the spell a strike carries (whatever the phase)."""
    named = order.attack
    attacks = c.melee if named is None else c.attacks(named)
    if named is not None and not attacks:
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.8", actor=actor, attack=named,
                           p=', '.join(a.name for a in c.melee) or {"key": "fantasy.refusal.none"})
    if not attacks:
        raise IllegalOrder("F-3", key="fantasy.refusal.legal.f3.1", actor=actor)
    target = order.target
    _check_target(board, actor, target)
    # F-2 with every melee attack: the sheets' table answers (the refusal is worded in full)
    if target is not None and not (named is None and board.sheets.melee_hits[actor, target]):
        _check_hittable(board, target, attacks)
    if order.cast is not None:
        if not isinstance(order.cast, Cast):
            raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.17", cast=order.cast)
        _check_cast(board, pending, actor, c, order.cast)


def _check_shoot(board: Board, pending: Pending, actor: str, c: Combatant, order: Any) -> None:
    if c.ranged is None:
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.9", actor=actor)
    if board.phase != "ranged":
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.10")
    target = order.target
    _check_target(board, actor, target)
    if target is not None and not board.sheets.ranged_hits[actor, target]:  # F-2, the sheets' table
        _check_hittable(board, target, (c.ranged,))


def _check_effect_fields(what: str, fields: Mapping[str, Any]) -> None:
    for k in ("damage", "heal"):
        v = fields.get(k)
        if v is not None:
            try:
                spec = parse_damage(v)
            except ValueError as e:
                raise IllegalOrder("F-3", f"{what}.{k}: {e}") from None
            if k == "heal" and spec.percent is not None:
                raise IllegalOrder("F-8", f"{what}.heal: a table like '1-2-3', got {v!r}")
    t = fields.get("turns")
    if t is not None and (not isinstance(t, int) or t < 1):
        raise IllegalOrder("F-4", f"{what}.turns: at least 1, got {t!r}")


def _check_cast(board: Board, pending: Pending, actor: str, c: Combatant, order: Any) -> None:
    fields = {k: getattr(order, k) for k in ("damage", "heal", "status", "turns")}
    _check_effect_fields(f"Cast({order.spell!r})", fields)
    effect, spell = cast_effect(c, order)
    if spell is None and effect.empty:
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.11", actor=actor, spell=order.spell)
    if spell is not None and spell.uses is not None:
        if board.combatants[actor].uses.get(spell.name, 0) <= 0:
            raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.18", actor=actor, name=spell.name)
    if order.protection is not None and order.protection < 1:
        raise IllegalOrder("F-5", key="fantasy.refusal.legal.f5.1", protection=order.protection)
    aim = spell.target if spell is not None else ("enemy" if effect.harmful else "ally")
    if aim == "self":
        if order.target not in (None, actor):
            raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.19", spell=order.spell)
        return
    _check_target(board, actor, order.target, enemy=(aim == "enemy"))
    to_hit = order.to_hit if order.to_hit is not None else (spell.to_hit if spell else False)
    if to_hit and order.target is not None:
        t = board.sheets.combatants[order.target]
        if not rules.can_be_hit(t.ac, t.easier_to_hit):
            raise IllegalOrder("F-2", key="fantasy.refusal.legal.f2.3", spell=order.spell,
                               target=order.target, ac=t.ac)


def _check_item(board: Board, pending: Pending, actor: str, c: Combatant, order: Any) -> None:
    fields = {k: getattr(order, k) for k in ("damage", "heal", "status", "turns")}
    _check_effect_fields(f"UseItem({order.item!r})", fields)
    item = c.item_by_name.get(order.item)
    if item is None:
        if all(v is None for v in fields.values()):
            raise IllegalOrder("F-8", key="fantasy.refusal.legal.f8.1", actor=actor, item=order.item)
    elif board.combatants[actor].items.get(item.name, 0) <= 0:
        raise IllegalOrder("F-8", key="fantasy.refusal.legal.f8.2", actor=actor, name=item.name)
    if order.target is not None:
        harmful = order.damage is not None or (item is not None and item.target == "enemy")
        _check_target(board, actor, order.target, enemy=harmful)


def _check_flee(board: Board, pending: Pending, actor: str, c: Combatant, order: Any) -> None:
    if board.phase == "ranged":
        raise IllegalOrder("F-6", key="fantasy.refusal.legal.f6.12")
    if c.follower:
        raise IllegalOrder("F-10", key="fantasy.refusal.legal.f10.2", kind={"key": f"fantasy.kind.{c.kind}"},
                           leader_kind={"key": "fantasy.refusal.owner" if c.kind == "pet"
                                        else "fantasy.refusal.rider"},
                           leader=c.leader)
    if any(e.status == HELD for e in board.combatants[actor].conditions):
        raise IllegalOrder("F-9", key="fantasy.refusal.legal.f9.1", actor=actor)
    if c.flees_by_morale:
        if not rules.can_flee_by_morale(c.morale):
            raise IllegalOrder("F-9", key="fantasy.refusal.legal.f9.2", actor=actor)
        return
    if not board.sheets.options.flight:
        raise IllegalOrder("F-10", key="fantasy.refusal.legal.f10.3")
    side_of = board.sheets.side_of
    for a, o in pending.items():
        if a != actor and isinstance(o, Flee) and side_of[a] == c.side:
            raise IllegalOrder("F-10", key="fantasy.refusal.legal.f10.5", a=a)
    if order.gm_allows is None and board.hardest_escape(actor) is None:
        raise IllegalOrder("F-10", key="fantasy.refusal.legal.f10.4")


_CHECKS: dict[type, Callable[[Board, Pending, str, Combatant, Any], None]] = {
    Strike: _check_strike, Shoot: _check_shoot, Cast: _check_cast, UseItem: _check_item, Flee: _check_flee}
"""The check of each kind of order after the turn's (a Pass needs none)."""


def generate(board: Board, pending: Pending, actor: str) -> list[Order]:
    """Every order ``actor`` may give now (targets spelt out); empty when it cannot act.

    A strike joined by a spell (``Strike(t, cast=Cast(...))``) is legal when both parts are, and is
    not listed one combination at a time; a target picked by die (no target named) is not listed
    either.
    """
    c = board.sheets.combatants.get(actor)
    if c is None or board.over:
        return []
    enemies = board.enemies(actor)
    allies = board.allies(actor)
    cands: list[Order] = []
    if board.phase == "ranged":
        if c.ranged is not None:
            cands += [Shoot(t) for t in enemies]
        if c.melee and not c.follower:  # given ahead for melee (F-6)
            cands += [Strike(t) for t in enemies]
    else:
        cands += [Strike(t) for t in enemies]
        if len(c.melee) > 1:
            cands += [Strike(t, a.name) for t in enemies for a in c.melee]
    for s in c.spells:
        if s.target == "self":
            cands.append(Cast(s.name))
        else:
            cands += [Cast(s.name, t) for t in (enemies if s.target == "enemy" else allies)]
    for i in c.items:
        if i.target == "self":
            cands.append(UseItem(i.name))
        else:
            cands += [UseItem(i.name, t) for t in (enemies if i.target == "enemy" else allies)]
    if board.phase == "melee":
        cands += [Flee(), Flee(gm_allows=True)]
    if board.phase == "melee" or (c.is_shooter and actor not in board.shot):
        cands.append(Pass())  # nothing to pass in a ranged phase one takes no part in
    out = []
    for o in cands:
        try:
            check(board, pending, actor, o)
        except IllegalOrder:
            continue
        out.append(o)
    if any(isinstance(o, Flee) and o.gm_allows is None for o in out):
        out = [o for o in out if not (isinstance(o, Flee) and o.gm_allows is not None)]
    return out
