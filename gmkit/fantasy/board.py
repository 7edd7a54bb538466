"""The board of a skirmish: everything that changes in a fight, in slotted dataclasses.

A :class:`Board` holds one :class:`CombatantState` per combatant (hit points, status, conditions,
uses left, reward points) and the turn bookkeeping of F-6 (round, phase, the sides' order, whose
turn). It reads the frozen :class:`~gmkit.fantasy.sheets.Sheets` it was set up from (shared, never
copied) to answer who is still in the fight, who may act and who are whose enemies.

Conditions, kills, uses left, the order of sides and the list of those who have shot are
immutable values replaced on change (never changed in place), so :meth:`Board.copy` copies only
the dataclasses: the all-or-nothing resolution takes one copy per turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from . import rules
from .notation import plain_number
from .sheets import Combatant, Sheets

__all__ = ["ACTIVE", "DEAD", "FLED", "HELD", "Condition", "CombatantState", "Board"]

ACTIVE, DEAD, FLED = "active", "dead", "fled"
"""A combatant's standing: on the field (perhaps disabled for a while), dead (F-1), fled (F-9, F-10)."""

HELD = "held"
"""F-9: a condition (from a spell or item) that keeps its bearer from fleeing."""


@dataclass(frozen=True, slots=True)
class Condition:
    """A status a combatant bears (F-4, F-8): poisoned for 3 turns, petrified, held..."""

    status: str
    turns: int | None
    """Turns left (None: until cured)."""
    disables: bool
    """It cannot act while it lasts (with no end: out of the fight)."""
    ongoing: tuple[float, ...] | None
    """Damage at the start of each of its side's turns (a C-6 table)."""
    source: str
    """Who caused it (ongoing damage is theirs)."""


@dataclass(slots=True)
class CombatantState:
    """One combatant on the board (F-1, F-6, F-7)."""

    hp: int | float
    max_hp: int | float
    status: str
    """:data:`ACTIVE`, :data:`DEAD` or :data:`FLED`."""
    conditions: tuple[Condition, ...]
    skip: int
    """F-6: turns still to skip."""
    initiative: int
    """F-6: out-of-turn strikes left."""
    kills: tuple[str, ...]
    dealt: int | float
    """Damage dealt in this fight."""
    gained: int
    """F-7: reward points gained in this fight."""
    points: int
    level: int
    pending: int
    """F-7: levels reached in the fight, taken after it."""
    uses: Mapping[str, int]
    """Casts left of each spell with limited uses (replaced on change, see :meth:`spend`)."""
    items: Mapping[str, int]
    """Uses left of each item carried (replaced on change)."""
    acted: int
    """Turns in which it acted (F-6 Variant 2 rotates players by it)."""
    skipping: bool
    """It is skipping the current turn."""
    seen_taken: int | float = 0
    """Damage it took less the healing it got, as every side saw them (the events' amounts are
    public): what another side knows of a monster whose hit points it cannot see."""

    @classmethod
    def fresh(cls, c: Combatant, hp: float) -> CombatantState:
        """A combatant at the start of the fight with ``hp`` hit points (rolled, for life dice),
        its maximum and the states it carries in from an earlier fight (F-1, F-4)."""
        top = hp if c.max_hp is None else max(hp, float(c.max_hp))
        # most sheets carry no condition, spell or item: their empty values without a
        # comprehension's call (every fight builds every combatant's state)
        carried = tuple(Condition(status, turns, off, ongoing, c.name)
                        for status, turns, off, ongoing in c.conditions) if c.conditions else ()
        uses = {s.name: s.uses for s in c.spells if s.uses is not None} if c.spells else {}
        items = {i.name: i.uses for i in c.items} if c.items else {}
        return cls(hp=plain_number(hp), max_hp=plain_number(top), status=ACTIVE, conditions=carried,
                   skip=c.skip_turns, initiative=c.initiative, kills=(), dealt=0, gained=0,
                   points=c.points, level=c.level, pending=0, uses=uses, items=items, acted=0,
                   skipping=False)

    def copy(self) -> CombatantState:
        return CombatantState(*_state_values(self))

    def spend(self, spell: str | None = None, item: str | None = None) -> None:
        """One cast of ``spell`` or one use of ``item`` is spent."""
        if spell is not None:
            self.uses = {**self.uses, spell: self.uses[spell] - 1}
        if item is not None:
            self.items = {**self.items, item: self.items[item] - 1}


_state_values = attrgetter(*(f.name for f in fields(CombatantState)))


@dataclass(slots=True)
class Board:
    """The whole board of a skirmish; ``copy()`` gives an independent one sharing the sheets."""

    sheets: Sheets = field(compare=False, repr=False)
    combatants: dict[str, CombatantState]
    """Every combatant's state, in scenario order."""
    round: int = 1
    phase: str = "melee"
    """``"ranged"`` or ``"melee"`` (F-6)."""
    order: tuple[str, ...] = ()
    """The sides in the order they act in this phase (F-6)."""
    turn: int = 0
    """The index in ``order`` of the side whose turn it is."""
    chosen: str | None = None
    """F-6 Variant 2: the one striker of this turn."""
    over: bool = False
    result: dict[str, Any] | None = None
    """The outcome, set once when the fight ends (never changed after, so copies share it)."""
    shot: tuple[str, ...] = ()
    """F-6: who has made its one ranged attack or spell in the ranged phase."""
    version: int = field(default=0, compare=False)
    """Counts changes to who stands and who may act (statuses, conditions, shots, turns skipped):
    what a memo of those answers is keyed on."""
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Who fights, whose enemies (keyed by the side's name; every other answer by a tuple or a
    sentinel, so no name can collide), who may act, as of :attr:`memo_at` (:meth:`_derived`): every
    turn asks them many times over and they change only with :attr:`version`. Never copied."""
    memo_at: int = field(default=-1, compare=False, repr=False)

    def copy(self) -> Board:
        new = Board(*_board_values(self))  # a fresh memo: the copy changes on its own
        new.combatants = {n: s.copy() for n, s in self.combatants.items()}
        return new

    def _derived(self) -> dict[Any, Any]:
        """The memo of answers that change only with :attr:`version` (emptied when it moved)."""
        if self.memo_at != self.version:
            self.memo = {}
            self.memo_at = self.version
        return self.memo

    def spend(self, name: str, spell: str | None = None, item: str | None = None) -> None:
        """One cast of ``spell`` or one use of ``item`` by ``name`` (F-6, F-8): who may still shoot
        in the ranged phase may change with it, so the memo is dropped (the version stays: it
        counts changes to who stands)."""
        self.combatants[name].spend(spell, item)
        self.memo_at = -1

    # --- changes to who stands --------------------------------------------------------------------

    def leave(self, name: str, status: str) -> None:
        """``name`` leaves the fight: :data:`DEAD` (its conditions end) or :data:`FLED`."""
        st = self.combatants[name]
        st.status = status
        if status == DEAD:
            st.conditions = ()
        self.version += 1

    def set_conditions(self, name: str, conditions: tuple[Condition, ...]) -> None:
        self.combatants[name].conditions = conditions
        self.version += 1

    def set_skipping(self, name: str, skipping: bool) -> None:
        self.combatants[name].skipping = skipping
        self.version += 1

    def mark_shot(self, name: str) -> None:
        """F-6: ``name`` made its one ranged attack or spell."""
        self.shot += (name,)
        self.version += 1

    def set_phase(self, phase: str) -> None:
        """F-6: the ranged phase or melee begins (nobody has shot in it yet)."""
        self.phase = phase
        self.shot = ()
        self.version += 1

    # --- who stands, who may act --------------------------------------------------------------------

    @property
    def acting_side(self) -> str | None:
        """The side whose turn it is (None once the fight is over)."""
        if self.over or not self.order:
            return None
        return self.order[self.turn]

    def status(self, name: str) -> str:
        """``active``, ``dead``, ``fled`` or the status of a disabling condition (``petrified``...)."""
        st = self.combatants[name]
        if st.status != ACTIVE:
            return st.status
        for e in st.conditions:
            if e.disables:
                return e.status
        return ACTIVE

    def may_see(self, name: str, side: str | None, quantity: str) -> bool:
        """Whether a player of ``side`` (None: the GM) may see ``quantity`` (``hp``, ``ac``,
        ``specials``) of ``name``: the scenario's ``reveal`` policy (:mod:`.reveal`)."""
        return self.sheets.reveal.may_see(side, name, quantity)

    def known_hp(self, name: str, side: str | None) -> int | float | None:
        """``name``'s hit points as a player of ``side`` knows them (None: the GM, who knows
        all, is ``side`` None): another side's monster's are None unless the scenario reveals them."""
        if not self.sheets.reveal.may_see(side, name, "hp"):
            return None
        return self.combatants[name].hp

    def present(self, name: str) -> bool:
        """On the field and alive (may be disabled for a while)."""
        return self.combatants[name].status == ACTIVE

    def out_for_good(self, name: str) -> bool:
        """Dead, fled, or disabled with no end (petrified): never to act again unless cured."""
        st = self.combatants[name]
        if st.status != ACTIVE:
            return True
        conditions = st.conditions
        return bool(conditions) and any(e.disables and e.turns is None for e in conditions)

    def fighter(self, name: str) -> bool:
        """Keeps its side in the fight: present and not disabled for the rest of it.

        A mount that attacks only with its rider counts only while its rider does (F-6).
        """
        st = self.combatants[name]
        if st.status != ACTIVE or (st.conditions and any(e.disables and e.turns is None
                                                         for e in st.conditions)):
            return False
        rider = self.sheets.needs_rider.get(name)
        return rider is None or self.fighter(rider)

    def can_act(self, name: str) -> bool:
        st = self.combatants[name]
        if st.status != ACTIVE or st.skipping:
            return False
        conditions = st.conditions
        return not conditions or not any(e.disables for e in conditions)

    def fighting_sides(self) -> tuple[str, ...]:
        """The sides with a fighter left, in order (F-6): one left, the fight is over."""
        memo = self.memo if self.memo_at == self.version else self._derived()
        found = memo.get(_FIGHTING)
        if found is None:
            fighter = self.fighter
            out: list[str] = []
            for s in self.sheets.sides:
                for m in s.members:
                    if fighter(m):
                        out.append(s.name)
                        break
            found = memo[_FIGHTING] = tuple(out)
        return found

    def fighters_left(self, side: str) -> int:
        """How many of ``side``'s combatants are still fighters (F-9: a side that lost half)."""
        memo = self.memo if self.memo_at == self.version else self._derived()
        found = memo.get(("left", side))
        if found is None:
            fighter = self.fighter
            found = memo["left", side] = sum(1 for m in self.sheets.sides_by_name[side].members if fighter(m))
        return found

    def enemies(self, name: str) -> tuple[str, ...]:
        """Every combatant of another side still in the fight, in scenario order."""
        side = self.sheets.side_of[name]
        memo = self.memo if self.memo_at == self.version else self._derived()
        found = memo.get(side)  # keyed by the side's name itself: asked for every order, several times
        if found is None:
            out_for_good = self.out_for_good
            found = memo[side] = tuple(
                n for n, s in self.sheets.side_of.items() if s != side and not out_for_good(n))
        return found

    def has_enemies(self, name: str) -> bool:
        """Whether any combatant of another side is still in the fight."""
        return bool(self.enemies(name))

    def allies(self, name: str) -> tuple[str, ...]:
        """Every combatant of ``name``'s side still in the fight (``name`` too), in scenario order."""
        side = self.sheets.side_of[name]
        memo = self.memo if self.memo_at == self.version else self._derived()
        found = memo.get(("allies", side))
        if found is None:
            out_for_good = self.out_for_good
            found = memo["allies", side] = tuple(
                n for n, s in self.sheets.side_of.items() if s == side and not out_for_good(n))
        return found

    def following(self, name: str) -> bool:
        """A pet or mount that acts only with its owner or rider now (F-6).

        A pet whose owner is out of the fight fights on as one of its side; a mount that may attack
        alone is never a follower.
        """
        owner = self.sheets.pet_owner.get(name)
        if owner is not None:
            return self.fighter(owner)
        return name in self.sheets.tied_mounts

    def shooter_ready(self, name: str) -> bool:
        """F-6: has a ranged weapon, or a spell with a cast left."""
        c = self.sheets.combatants[name]
        if c.ranged is not None:
            return True
        uses = self.combatants[name].uses
        return any(s.uses is None or uses.get(s.name, 0) > 0 for s in c.spells)

    def principals(self, side: str) -> tuple[str, ...]:
        """Who of ``side`` may act in its turn now, followers left out (F-6)."""
        memo = self.memo if self.memo_at == self.version else self._derived()
        found = memo.get(("principals", side))
        if found is None:
            found = memo["principals", side] = tuple(self._principals(side))
        return found

    def _principals(self, side: str) -> list[str]:
        out = []
        states = self.combatants
        members = self.sheets.sides_by_name[side].members
        if self.phase == "ranged":
            combatants = self.sheets.combatants
            for n in members:
                if (self.can_act(n) and n not in self.shot and combatants[n].is_shooter
                        and self.shooter_ready(n)):
                    out.append(n)
            return out
        pet_owner, tied_mounts = self.sheets.pet_owner, self.sheets.tied_mounts
        for n in members:
            st = states[n]  # can_act(n) and not following(n), inlined: every turn asks it
            if st.status != ACTIVE or st.skipping or (st.conditions
                                                      and any(e.disables for e in st.conditions)):
                continue
            owner = pet_owner.get(n)
            if (self.fighter(owner) if owner is not None else n in tied_mounts):
                continue
            out.append(n)
        return out

    def hardest_escape(self, name: str) -> tuple[str, tuple[int, ...]] | None:
        """F-10: the enemy in the fight hardest to escape from, with its escape numbers."""
        combatants = self.sheets.combatants
        return rules.hardest_escape({e: combatants[e].escape for e in self.enemies(name)})

    def followers_of(self, leaders: list[str]) -> list[str]:
        """The pets and mounts that strike along with these leaders now (F-6)."""
        out: list[str] = []
        for lead in leaders:
            for f in self.sheets.followers.get(lead, ()):
                c = self.sheets.combatants[f]
                if not self.following(f) or not self.can_act(f):
                    continue
                if c.kind == "mount" and not self.can_act(lead):
                    continue
                out.append(f)
        return out


_FIGHTING = object()
"""The memo's key of :meth:`Board.fighting_sides` (no side's name can equal it)."""

_board_values = attrgetter(*(f.name for f in fields(Board) if f.name not in ("memo", "memo_at")))
