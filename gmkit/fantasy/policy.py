"""The autopilot: a plain policy a GM would accept for monsters and for unattended runs.

It decides from what its side knows, never the GM's board: another side's monster's hit points
are hidden from a player (``board(side)``), so a party member picks among monsters by the damage
its side saw them take (:attr:`~.board.CombatantState.seen_taken`), never by their hit points.
It never rolls: a choice that the rules leave to a die (a monster's target, F-6) is left to the
resolution, which rolls it on the record. Monsters strike a target picked by die, cast their
damaging spells at foes they cannot otherwise hurt, and try to flee when beaten (F-9); party
members shoot and strike the weakest foe they can hit, drink a healing potion when low, use
magic against what weapons cannot touch (F-2), and try to flee when nothing they have can hurt any
foe (F-10; where no foe lists escape numbers the autopilot, standing in for the GM, lets them go).

What is legal is the engine's: the autopilot asks ``legal_orders(actor)`` before a flight or a
healing spell, and never restates a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rules
from .orders import Cast, Flee, Pass, Shoot, Strike, UseItem

if TYPE_CHECKING:
    from ..encounter import LegalOrders
    from ..orders import Order
    from .board import Board
    from .context import Table
    from .sheets import Combatant

__all__ = ["Autopilot"]


class Autopilot:
    """The fantasy autopilot (a :class:`gmkit.encounter.Policy`), owning its memo.

    The memo holds the enemies of each side as the board stood when they were last asked for:
    it is keyed on the board itself and its :attr:`~gmkit.fantasy.board.Board.version`, which
    counts every change to who stands; fights made by ``fresh()`` share the policy, and so the
    memo, but never a board. (:meth:`order` reads the board's own memo,
    :meth:`~gmkit.fantasy.board.Board.enemies`, which the board drops itself when it changes.)
    """

    def __init__(self, encounter: Any = None) -> None:
        self._board: Board | None = None
        self._version = -1
        self._enemies: dict[str, list[str]] = {}
        # a party member's order at its weakest foe, one per (kind, target): orders are immutable
        # values, so one serves every turn of every fight of this policy (bounded by the names)
        self._aimed: dict[tuple[type, str], Order] = {}

    def enemies(self, board: Board, name: str) -> list[str]:
        """``board.enemies(name)``, remembered until the board changes who stands."""
        if board is not self._board or board.version != self._version:
            self._board, self._version = board, board.version
            self._enemies = {}
        side = board.sheets.side_of[name]
        found = self._enemies.get(side)
        if found is None:
            found = self._enemies[side] = list(board.enemies(name))
        return found

    def order(self, sk: Table, actor: str) -> Order | None:
        """A legal order for ``actor`` now, or None when it has nothing to do."""
        c = sk.sheets.combatants.get(actor)
        if sk.is_over or c is None:
            return None
        board = sk.state
        if not board.can_act(actor):
            return None
        enemies = board.enemies(actor)
        if not enemies:
            return _PASS
        monster = c.kind == "monster"
        melee = board.phase == "melee"
        legal: LegalOrders | None = None  # asked for only when a choice needs the rules' word
        order: Order | None = None
        if melee and c.morale is not None and monster and wants_to_flee(board, actor):
            legal = sk.legal_orders(actor)
            order = _FLEE if _FLEE in legal else None
        st = board.combatants[actor]
        if order is None and c.items and float(st.hp) * 3 <= float(st.max_hp):
            if legal is None:
                legal = sk.legal_orders(actor)
            left = st.items
            for item in c.items:
                # one used up is asked no further: the rules would refuse it too (F-8), but a
                # refusal words its message, and a hurt combatant's every turn would ask again
                if (item.effect.heal and item.target != "enemy" and left.get(item.name, 0) > 0
                        and UseItem(item.name) in legal):
                    order = UseItem(item.name)
                    break
        if order is None and c.spells:
            if legal is None:
                legal = sk.legal_orders(actor)
            order = _heal_an_ally(sk, actor, legal)
        hittable = (sk.sheets.melee_targets if melee else sk.sheets.ranged_targets)[actor]
        if monster and not c.spells and order is None:
            # a monster strikes (or shoots) by die: it needs only whether any foe can be hit
            if not hittable.isdisjoint(enemies):
                if melee:
                    return _BY_DIE
                return Shoot() if c.ranged is not None else _PASS
            if melee and not c.follower:
                return _flight(legal if legal is not None else sk.legal_orders(actor)) or _PASS
            return _PASS
        weapon_targets = [e for e in enemies if e in hittable]
        if order is None and c.spells:
            unhittable = [e for e in enemies if e not in weapon_targets]
            if unhittable or (not melee and c.ranged is None) or not weapon_targets:
                if legal is None:
                    legal = sk.legal_orders(actor)
                order = _spell_at_foes(sk, c, legal, unhittable or list(enemies), monster)
        if order is None and weapon_targets:
            target = None if monster else _weakest(board, weapon_targets, c.side)
            if target is None:
                order = _BY_DIE if melee else (_SHOOT_BY_DIE if c.ranged is not None else None)
            elif melee or c.ranged is not None:
                kind = Strike if melee else Shoot
                order = self._aimed.get((kind, target))
                if order is None:
                    order = self._aimed[kind, target] = kind(target)
        if order is None and melee and not c.follower:
            order = _flight(legal if legal is not None else sk.legal_orders(actor))
        return order if order is not None else _PASS


_BY_DIE = Strike()
"""A monster's strike at a target picked by die (F-6): one frozen order, given every turn (as are
the next ones: orders are immutable values, so one object serves every fight)."""
_SHOOT_BY_DIE = Shoot()
_PASS = Pass()
_FLEE = Flee()
_FLIGHTS = (_FLEE, Flee(gm_allows=True))
"""F-9/F-10: by the roll where the rules give one, else with the GM's (the autopilot's) leave."""


def _spell_at_foes(sk: Table, c: Combatant, legal: LegalOrders, pool: list[str],
                   monster: bool) -> Order | None:
    """A damaging spell at the foes in ``pool`` (those weapons cannot touch, else every foe)."""
    spells = [s for s in c.spells if s.effect.harmful and s.target == "enemy" and Cast(s.name) in legal]
    if not spells:
        return None
    spell = spells[0]
    if spell.to_hit:
        sheets = sk.sheets.combatants
        pool = [e for e in pool if rules.can_be_hit(sheets[e].ac, sheets[e].easier_to_hit)]
    if not pool:
        return None
    return Cast(spell.name, None if monster else _weakest(sk.state, pool, c.side))


def wants_to_flee(board: Board, name: str) -> bool:
    """A monster with morale tries to flee (F-9) when down to a third of its hit points or when
    its side has lost at least half of the combatants it started with."""
    c = board.sheets.combatants[name]
    if c.kind != "monster" or c.morale is None:
        return False
    st = board.combatants[name]
    if float(st.hp) * 3 <= float(st.max_hp):
        return True
    members = board.sheets.sides_by_name[c.side].members
    return board.fighters_left(c.side) * 2 <= len(members)


def _weakest(board: Board, targets: list[str], side: str) -> str | None:
    """The target ``side`` knows to be the weakest: the fewest hit points where it sees them, else
    (a monster of another side) the most damage it saw taken; the scenario's order breaks ties."""
    if not targets:
        return None
    states, sheets = board.combatants, board.sheets.combatants
    sees_hp = board.sheets.sees_hp  # the reveal policy, asked once per scenario
    best: str | None = None
    best_key: tuple[int, float, int] | None = None
    for n in targets:  # min() by this key, written out: every party member's turn asks it
        if (side, n) in sees_hp:
            key = (0, float(states[n].hp), sheets[n].index)
        else:
            key = (1, -float(states[n].seen_taken), sheets[n].index)
        if best_key is None or key < best_key:
            best, best_key = n, key
    return best


def _heal_an_ally(sk: Table, name: str, legal: LegalOrders) -> Order | None:
    """A healer mends the most hurt ally (itself included) down to a third of its hit points."""
    board = sk.state
    c = sk.sheets.combatants[name]
    spells = [s for s in c.spells if s.effect.heal and not s.effect.harmful and Cast(s.name) in legal]
    if not spells:
        return None
    states = board.combatants
    hurt = [n for n in sk.sheets.side_of if sk.sheets.side_of[n] == c.side and board.present(n)
            and float(states[n].hp) * 3 <= float(states[n].max_hp)]
    if not hurt:
        return None
    target = _weakest(board, hurt, c.side)
    spell = spells[0]
    if spell.target == "self" and target != name:
        return None
    order = Cast(spell.name, None if spell.target == "self" else target)
    return order if order in legal else None


def _flight(legal: LegalOrders) -> Order | None:
    """F-9/F-10: with no way left to hurt any enemy, try to get away: by the roll where the rules
    give one, else (no enemy lists escape numbers) with the autopilot's leave as the GM's."""
    for order in _FLIGHTS:
        if order in legal:
            return order
    return None
