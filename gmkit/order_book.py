"""The order book of a fight, between the rules contract (:mod:`gmkit.rules_contract`) and the
record (:class:`~gmkit.encounter.Encounter`: journal, undo, resume, seal): orders taken secretly,
withdrawn, put in arrival order, typed-in faces and notes, each a journaled step
(:meth:`OrderBook._journal_entry`), and the resolution of what was received, all-or-nothing
(:meth:`OrderBook._transaction`)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import recount
from .dice import Dice
from .errors import EncounterOver, GmkitError, IllegalOrder
from .events import ALL, GM, Event
from .journal import Journal
from .modes import Mode
from .orders import Order
from .rules_contract import RulesContract

__all__ = ["OrderBook"]


class OrderBook(RulesContract):
    """Orders in, resolutions out, every step journaled (the Encounter sets the state up)."""

    dice: Dice
    """The one generator of this encounter (C-1)."""
    mode: Mode
    """What this fight keeps (:data:`~gmkit.modes.TABLE` for a GM's fight, or a simulation's)."""
    _pending: dict[str, Order]
    _arrival: list[str]
    _ahead: set[str]
    _entries: list[dict[str, Any]]
    _journal: Journal | None
    _listeners: list[Callable[[str], None]]
    _redo: dict[int, dict[str, Any]]

    def submit(self, actor: str, order: Order) -> None:
        """Take a secret order; a second order from the same actor replaces the first."""
        if self.is_over:
            raise EncounterOver("the fight is over: no more orders")
        self._submit(actor, order)

    def submit_all(self, orders: Mapping[str, Order]) -> None:
        """Take several actors' orders at once (the GM's "accept all"): every one is checked
        first, and none is taken when one is refused; then each is journaled as :meth:`submit`
        journals it, in the order given."""
        if self.is_over:
            raise EncounterOver("the fight is over: no more orders")
        saved = (dict(self._pending), list(self._arrival), set(self._ahead))
        try:  # each checked as it would be taken after those before it (a cap on strikers)
            for actor, order in orders.items():
                self.check_order(actor, order)
                self._apply_submit(actor, order)
        finally:
            self._pending, self._arrival, self._ahead = saved
        for actor, order in orders.items():
            self._submit(actor, order)

    def _submit(self, actor: str, order: Order, own_policy: bool = False) -> None:
        """:meth:`submit` once the fight is known not to be over; ``own_policy``: an order of the
        rule set's own autopilot, held to the rules but not to the field check
        (:meth:`check_order_rules`)."""
        if own_policy:
            self.check_order_rules(actor, order)
        else:
            self.check_order(actor, order)
        self._journal_entry({"op": "submit", "actor": actor, "order": order},
                            lambda: self._apply_submit(actor, order))

    def _apply_submit(self, actor: str, order: Order) -> None:
        self._pending[actor] = order
        if actor in self._arrival:
            self._arrival.remove(actor)
        self._arrival.append(actor)
        if actor in self._later():
            self._ahead.add(actor)
        else:
            self._ahead.discard(actor)

    def withdraw(self, actor: str) -> None:
        """Take back an actor's order before the round resolves."""
        if not isinstance(actor, str) or actor not in self._pending:
            raise IllegalOrder("D-1", key="core.refusal.encounter.d1.1", actor=actor)
        self._journal_entry({"op": "withdraw", "actor": actor}, lambda: self._apply_withdraw(actor))

    def _apply_withdraw(self, actor: str) -> None:
        del self._pending[actor]
        self._arrival.remove(actor)
        self._ahead.discard(actor)

    def reorder(self, actors: Iterable[str]) -> None:
        """The GM sets the arrival order of the orders received (it breaks ties, D-3)."""
        new = self._checked_arrival(actors)

        def apply() -> None:
            self._arrival = list(new)  # a copy: resolving clears the arrival list in place

        self._journal_entry({"op": "reorder", "order": new}, apply)

    def _checked_arrival(self, actors: Any) -> list[str]:
        new = list(actors) if isinstance(actors, (list, tuple)) else None
        if new is None or not all(isinstance(a, str) for a in new) or sorted(new) != sorted(self._arrival):
            raise IllegalOrder("D-1", key="core.refusal.encounter.d1.2",
                               p=', '.join(self._arrival) or {"key": "core.refusal.none"}, actors=actors)
        return new

    @property
    def orders_received(self) -> list[str]:
        """Who has sent an order, in arrival order; the orders themselves stay hidden."""
        return list(self._arrival)

    def orders_due(self) -> list[str]:
        """Who has sent an order the next resolution plays (not one given ahead for a later
        turn), in arrival order."""
        later = self._later()
        return [a for a in self._arrival if a not in later]

    def pending_order(self, actor: str) -> Order | None:
        """The GM's look at one received order (never shown in a player view)."""
        return self._pending.get(actor)

    def enter_faces(self, *faces: int) -> None:
        """Faces rolled at the table (C-2): the next dice of the resolution take them in order."""
        self.dice.check_faces(faces)
        self._journal_entry({"op": "enter", "faces": list(faces)}, lambda: self.dice.enter(*faces))

    def note(self, text: str, visibility: str = GM) -> Event:
        """A GM note in the record (GM-only unless said otherwise)."""
        if not isinstance(visibility, str) or not (visibility in (ALL, GM)
                                                   or visibility.startswith("sides:")):
            raise GmkitError(f"a note's visibility is {ALL!r}, {GM!r} or sides_only(...), got {visibility!r}")
        ev = Event(self.round, "GM", "note", "core.gm_note", {"text": str(text)}, visibility=visibility)
        self._journal_entry({"op": "note", "text": str(text), "visibility": visibility},
                            lambda: self.record.append(ev))
        return ev

    def _resolve_pending(self) -> None:
        later = self._later()
        if not later:
            orders = [(a, self._pending[a]) for a in self._arrival]
            self._resolve(orders)
            self._pending.clear()
            self._arrival.clear()
        else:  # orders given ahead stay for their actors' turns
            orders = [(a, self._pending[a]) for a in self._arrival if a not in later]
            self._resolve(orders)
            self._pending = {a: o for a, o in self._pending.items() if a in later}
            self._arrival = [a for a in self._arrival if a in later]
        if self._ahead:
            self._ahead &= set(self._pending)
        for actor, order in orders:  # a part left for a later turn: received, checked again then
            rest = self._carried(actor, order)
            if rest is not None and actor not in self._pending:
                self._pending[actor] = rest
                self._arrival.append(actor)
                self._ahead.add(actor)
        self.resolutions += 1

    def _transaction(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` (a resolution) all-or-nothing: when it raises, the fight is rebuilt from its
        journal entries, exactly as it stood before (:meth:`_roll_back`). A resolution that goes
        through, nearly every one, copies nothing: a copy of the board each round cost a space
        battle 6% of its time, and a failure is what is rare."""
        try:
            fn()
        except BaseException:
            self._roll_back()
            raise

    @abstractmethod
    def _roll_back(self) -> None:
        """Put the fight back as its journal entries make it (the encounter rebuilds it)."""

    def _journal_entry(self, entry: dict[str, Any], apply: Callable[[], None]) -> None:
        """One step: on disk first (a journal that refuses it leaves everything as it was),
        then ``apply``-ed to the board, then kept for undo and heard by the listeners."""
        if not self.mode.history:
            apply()
            return
        if self._journal is not None:
            self._journal.append(entry)
        apply()
        self._entries.append(entry)
        if self._listeners:
            self._notify(entry["op"])

    def observe(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(op)`` after every journaled step (widgets redraw on it)."""
        self._listeners.append(callback)

    def _notify(self, op: str) -> None:
        for cb in list(self._listeners):
            cb(op)

    def _recount(self) -> dict[str, Any] | None:
        """What changed since the undone resolution this one takes the place of (whose orders,
        their arrival, the faces typed in), for the post to say; None when nothing did (the
        same orders give the same dice) or no resolution of this place was undone."""
        before = self._redo.get(self.resolutions)
        if before is None:
            return None
        return recount.changes(before, recount.stance_of(self._entries), self.participants())
