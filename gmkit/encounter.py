"""The encounter: a board plus a record, the one shape every rule set's engine takes.

An engine subclasses :class:`Encounter` and fills in its abstract hooks: ``_setup`` (the board from
the scenario), ``validate_order`` (refuse with :class:`~gmkit.errors.IllegalOrder`), ``_legal``
(what an actor may order now), ``_resolve`` (orders to events, applied to the board), the queries
(``participants``, ``side_of``, ``awaiting``, ``is_over``, ``outcome``, ``board``, ``summary``) and
``_snapshot``/``_restore`` of its board. Everything else lives here once:

* orders stay secret until resolved; re-submitting replaces an order and stamps it as arriving now;
* every step (order, withdrawal, reorder, typed-in faces, note, resolution, undo) is one line of
  the fight's :class:`~gmkit.journal.Journal`, appended and fsynced as it happens;
* a resolution is all-or-nothing: an error inside it puts board, record and dice back as they were;
* undo and resume rebuild the board by replaying the journal, feeding every recorded face back, so
  even dice typed in by hand replay exactly and the random stream continues where it stood; a
  replay checks every line (its shape, its order against the rules, every fresh face against the
  seed, every event against the record) and names the first line that does not replay;
* a fight with a journal holds the journal's lock until :meth:`Encounter.close` (or the end of
  the ``with`` block, or garbage collection): a second writer in another process is refused;
* every input is checked at the door: an order's fields by their type hints, actors as names,
  before anything changes, so a refusal leaves board, record, dice and journal file as they were;
* the autopilot is a policy object the rule set's :class:`~gmkit.systems.System` names: engines
  never import their policy, and ``resolve_round(policy=...)`` takes any other;
* a fight may be sealed before its first resolution (:meth:`Encounter.seal`, then the players'
  salt, :meth:`Encounter.set_salt`): its dice then come from the sealed stream of
  :mod:`gmkit.seal`, and a resolution that replaces an undone one with other orders is marked as
  a recount in its journal line.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any, ClassVar, Protocol, Self

from . import (
    __version__,
    i18n,  # noqa: F401  (loads the catalogue that words keyed refusals)
    recount,
)
from .dice import Dice
from .errors import DiceError, EncounterOver, GmkitError, IllegalOrder, JournalError, SealError
from .events import ALL, GM, Event, new_event, seen_by
from .i18n import grammar
from .i18n.grammar import Cast
from .journal import JOURNAL_FORMAT, STANDING, Journal, JournalContents, dumps, journal_id
from .modes import SIMULATION, TABLE, Mode, cycle_collector_paused
from .orders import Order, check_order_fields, order_from_json, order_registry, order_to_json
from .replayed import as_recorded, first_difference
from .scenario import cast_of

__all__ = ["Encounter", "Mode", "TABLE", "SIMULATION", "Policy", "LegalOrders", "JOURNAL_FORMAT",
           "canonical_hash", "read_journal"]


def canonical_hash(scenario: Mapping[str, Any]) -> str:
    """A scenario's identity: the SHA-256 of its canonical JSON."""
    text = json.dumps(scenario, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_journal(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """Header, entries and the byte length of the good part of a journal (see :class:`Journal`)."""
    got = Journal.read(path)
    return got.header, got.entries, got.good


class Policy(Protocol):
    """Who gives the orders nobody else gave: the rule set's autopilot, or a function of yours."""

    def order(self, encounter: Encounter, actor: str) -> Order | None:
        """A legal order for ``actor`` now, or None for "no order" (the rules' default then)."""


class _FunctionPolicy:
    """A plain function ``(encounter, actor) -> order`` used as a policy."""

    def __init__(self, fn: Callable[[Encounter, str], Order | None]):
        self.fn = fn

    def order(self, encounter: Encounter, actor: str) -> Order | None:
        return self.fn(encounter, actor)


class LegalOrders:
    """What one actor may order now, as python-chess's legal-move generator: ``order in legal``
    asks the rules, iteration lists every legal order, ``why_not(order)`` gives the refusal a form
    shows (None when the order is legal)."""

    def __init__(self, encounter: Encounter, actor: str):
        self.encounter = encounter
        self.actor = actor

    def why_not(self, order: Any) -> IllegalOrder | None:
        try:
            self.encounter.check_order(self.actor, order)
        except IllegalOrder as e:
            return e
        return None

    def __contains__(self, order: object) -> bool:
        return self.why_not(order) is None

    def __iter__(self) -> Iterator[Order]:
        return iter(self.encounter._legal(self.actor))

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalOrders for {self.actor!r}: {self.count()}>"


class Encounter(ABC):
    """Board plus record: orders in, events out, every step journaled."""

    system: ClassVar[str] = ""
    """The rule set's name in scenarios and journals (its :class:`~gmkit.systems.System`'s)."""
    order_types: ClassVar[tuple[type, ...]] = ()
    """The order classes the journal may hold for this engine."""
    reworded: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Message keys the rule set once told an event with, each to the keys that tell it now. A
    journal written before replays as recorded when its events differ only in their words (see
    :func:`~gmkit.replayed.as_recorded`): the dice and what they decided are the same."""

    scenario: dict[str, Any]
    """The validated scenario as plain JSON data."""
    seed: int
    dice: Dice
    """The one generator of this encounter (C-1)."""
    record: list[Event]
    """Every resolved event, in order: the truth the views show."""
    state: Any
    """The board: the engine's own mutable state, put back on undo and by failed resolutions."""
    mode: Mode
    """What this fight keeps (:data:`TABLE` for a GM's fight, :data:`SIMULATION`)."""
    _pending: dict[str, Order]
    _arrival: list[str]
    _entries: list[dict[str, Any]]
    _journal: Journal | None
    _listeners: list[Callable[[str], None]]
    _policy: Policy | None

    def __init__(self, scenario: Any, seed: int | None = None, *,
                 journal: str | Path | None = None, mode: Mode = TABLE,
                 opening_faces: Sequence[int] = ()):
        """``scenario`` is plain data (validated here by the rule set's model) or the model itself.
        ``opening_faces`` are faces rolled at the table for the rolls made while the board is set
        up (life dice, a first roll-off): C-2 for the start of the fight; the journal keeps them.
        ``mode`` says what the fight keeps (:class:`Mode`)."""
        if hasattr(scenario, "model_dump"):
            scenario = scenario.model_dump(mode="json")
        else:
            scenario = self._validate_scenario(scenario)
        self._start(scenario, seed, journal, mode, opening_faces)

    @classmethod
    def from_valid(cls, scenario: Mapping[str, Any], seed: int | None = None, *,
                   journal: str | Path | None = None, mode: Mode = TABLE,
                   opening_faces: Sequence[int] = (), stream: Any = None) -> Self:
        """An encounter from data that is already a validated scenario's ``model_dump(mode="json")``
        (undo's rebuilds, simulations of thousands of fights): not validated again. ``stream`` is
        a sealed fight's generator (:class:`gmkit.seal.SealedStream`), set up from its start."""
        enc = cls.__new__(cls)
        enc._start(dict(scenario), seed, journal, mode, opening_faces, stream)
        return enc

    def _start(self, scenario: dict[str, Any], seed: int | None, journal: str | Path | None,
               mode: Mode, opening_faces: Sequence[int], stream: Any = None) -> None:
        if not mode.history and journal is not None:
            raise JournalError("an encounter without history (a simulation's) cannot keep a journal")
        self.scenario = scenario
        if seed is None:
            seed = self.scenario.get("seed")
        self.mode = mode
        self.keeps_events = mode.events
        """``mode.events``, read on the hot path: :meth:`emit` keeps nothing when it is False, and
        engines skip building an event's text."""
        self.opening_faces = tuple(opening_faces)
        self._policy = None
        self._begin(seed, mode.rolls and mode.history, stream)
        self._registry = order_registry(self.order_types)
        self._setup()
        self.setup_events = len(self.record)
        """How many events the setup made (life dice, a first roll-off): the record's head."""
        if self.dice.pending_hand:
            raise DiceError(f"C-2: {len(self.dice.pending_hand)} of the opening faces were not needed "
                            f"by the setup rolls: {list(self.dice.pending_hand)}")
        if journal is not None:
            if Path(journal).exists() and Path(journal).stat().st_size > 0:
                raise JournalError(f"journal {journal} already exists: resume it with "
                                   f"{type(self).__name__}.resume({str(journal)!r}) or choose a new file")
            self._journal = Journal.create(journal, self._header(), _event_json)

    @property
    def keep_history(self) -> bool:
        return self.mode.history

    def _begin(self, seed: int | None, record_rolls: bool, stream: Any = None) -> None:
        """The record side of a fight at its start: dice, record, orders, journal entries."""
        self.dice = Dice(seed, record=record_rolls, stream=stream)
        self.dice.enter(*self.opening_faces)
        self.seed = self.dice.seed
        self.record = []
        self.resolutions = 0
        self._pending = {}
        self._arrival = []
        self._ahead: set[str] = set()
        """Actors whose received order was given ahead of their turn: checked again when due."""
        self._entries = []
        self._journal = None
        self._listeners = []
        self.desk_state: dict[str, Any] = {}
        """The desk's own state the journal keeps (its language): not a step of the fight,
        never undone (:meth:`set_desk_state`)."""
        self.sealed: dict[str, str] | None = None
        """The seal (:meth:`seal`): ``secret``, ``commitment``, ``journal`` (the journal id it
        names). The GM's eyes only until the reveal."""
        self.salt: str | None = None
        """The players' salt once set (:meth:`set_salt`): from then on the dice are sealed."""
        self._redo: dict[int, dict[str, Any]] = {}
        """Resolutions undone and not yet taken again, by their index (0 for the first): what
        each took in (:func:`gmkit.recount.stance_of`), for the one that takes its place."""
        self._told: dict[str, dict[int, tuple[Event, Event]]] = {}
        """Each side's told copies of events (:meth:`events_for`)."""

    def fresh(self, seed: int) -> Self:
        """The same scenario from its start with another seed, kept as this one is, never
        journaled: what ``type(self)(scenario, seed, mode=...)`` would be. The policy (and its
        memos) is shared.

        Simulations start thousands of fights of one scenario; an engine may share the static
        data it built from the scenario (rosters, weapon tables) instead of building it again.
        """
        new = type(self).from_valid(self.scenario, seed, mode=self.mode,
                                    opening_faces=self.opening_faces)
        new._policy = self._policy
        return new

    # --- what an engine provides ------------------------------------------------------------

    @classmethod
    def from_scenario(cls, source: str | Path | Mapping[str, Any], seed: int | None = None,
                      **kw: Any) -> Self:
        """An encounter from a YAML file or plain data, validated by the engine's scenario model."""
        from .scenario import load_scenario

        model = load_scenario(source, cls.system or None)
        return cls.from_valid(model.model_dump(mode="json"), seed, **kw)

    @classmethod
    def _validate_scenario(cls, scenario: Mapping[str, Any]) -> dict[str, Any]:
        """Validated plain JSON data, by the rule set's scenario model."""
        from .scenario import validate_scenario

        return validate_scenario(scenario, system=cls.system).model_dump(mode="json")

    @abstractmethod
    def _setup(self) -> None:
        """Build the board from ``self.scenario``."""

    @abstractmethod
    def validate_order(self, actor: str, order: Order) -> None:
        """Raise :class:`IllegalOrder` naming the rule when ``order`` may not be given now."""

    @abstractmethod
    def _legal(self, actor: str) -> Iterable[Order]:
        """Every order ``actor`` may give now (what :meth:`legal_orders` iterates)."""

    @abstractmethod
    def _resolve(self, orders: list[tuple[str, Order]]) -> None:
        """Apply the orders (in arrival order) to the board and emit events."""

    @abstractmethod
    def _snapshot(self) -> Any:
        """A copy of the board that :meth:`_restore` can put back (all-or-nothing resolution)."""

    @abstractmethod
    def _restore(self, snap: Any) -> None:
        """Put back a board taken by :meth:`_snapshot`."""

    @property
    def round(self) -> int:
        """The number of the round being played (engines with turns keep their own count)."""
        return self.resolutions + 1

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the fight has ended."""

    @abstractmethod
    def outcome(self) -> dict[str, Any] | None:
        """``{"winner": side or None, "reason": key, ...}`` once the fight has ended, else None."""

    @abstractmethod
    def participants(self) -> list[str]:
        """Every participant's name, in scenario order."""

    @abstractmethod
    def side_of(self, actor: str) -> str | None:
        """The side ``actor`` fights for (None: nobody's, or no such participant)."""

    @abstractmethod
    def awaiting(self) -> list[str]:
        """Who is expected to give an order before the next resolution."""

    def expected(self) -> list[str]:
        """Who may send an order for the round now, in scenario order: those :meth:`awaiting`
        names, and, where the rules play actors in turn, those who may give theirs ahead for
        their turn later in the round (a forum round takes every order up front)."""
        return self.awaiting()

    def default_order(self, actor: str) -> Order | None:
        """The order the GM's defaults give ``actor`` when it owes a choice its order left open
        (S-8: where a hit goes): None when it owes none. Lets a round be played through without
        a second exchange of messages (:func:`gmkit.rounds.play_round`)."""
        return None

    def for_later_part(self, actor: str, order: Order) -> bool:
        """Whether ``order``, given now though ``actor`` is not awaited, waits for a later part
        of this round (F-6: a melee strike sent with the ranged exchange): a runner gives it as
        soon as it has it."""
        return False

    def _carried(self, actor: str, order: Order) -> Order | None:
        """The part of ``order``, just played, that stays received for a later turn (a rule
        set whose one message covers several turns says so here); None: nothing stays."""
        return None

    def _later(self) -> AbstractSet[str]:
        """Actors whose received orders wait for their turn later in the round: the next
        resolution leaves them pending (engines that play actors in turn)."""
        return _NOBODY

    @abstractmethod
    def board(self, side: str | None = None) -> dict[str, Any]:
        """The board as plain JSON data, as a player of ``side`` sees it (None: the GM's view).

        Views (charts, maps, tables, reports) draw from this and never from the engine's state,
        so hidden information is removed in one place. Engines extend the common head this
        returns (``super().board(side)``).
        """
        return {"system": self.system, "round": self.round, "over": self.is_over}

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """A machine-readable summary for templates and simulations (winner, rounds, per
        participant). Engines extend the common head this returns (``super().summary()``)."""
        out = self.outcome() or {}
        return {"system": self.system, "scenario": self.scenario.get("name", ""), "seed": self.seed,
                "over": self.is_over, "rounds": out.get("rounds", self.resolutions),
                "winner": out.get("winner"), "participants": []}

    def sides(self) -> list[str]:
        """Every side's name, in order of first appearance."""
        seen: list[str] = []
        for p in self.participants():
            s = self.side_of(p)
            if s is not None and s not in seen:
                seen.append(s)
        return seen

    def side_name(self, side: str) -> str:
        """How ``side`` is called in sentences: its ``side_names`` entry, else its id."""
        entry = (self.scenario.get("side_names") or {}).get(side)
        return str(entry["name"]) if entry else side

    @property
    def cast(self) -> Cast:
        """The fight's names and their grammar (what each belongs to, the scenario's ``gender:``
        and ``forms:``), built once: render its sentences inside ``with grammar.cast(...)``."""
        cast = self.__dict__.get("_cast")
        if cast is None:
            cast = self.__dict__["_cast"] = cast_of(self.scenario)
        return cast

    def legal_orders(self, actor: str) -> LegalOrders:
        """What ``actor`` may order now: ``order in``, iteration, ``why_not(order)``."""
        return LegalOrders(self, actor)

    def check_order(self, actor: str, order: Any) -> None:
        """:meth:`validate_order` behind the checks every engine shares, as :meth:`submit` does:
        the actor is a name, the order one of :attr:`order_types` and each of its fields of the
        type its dataclass declares (:func:`~gmkit.orders.check_order_fields`).

        The engine's own refusal comes first (it names the rule: ``S-2: 'north' is not a cell``);
        a field of the wrong type that the engine let through, or choked on, is refused naming
        the field (``C-1: Move.amount: expected a whole number (int), got '2'``); any other error
        of the engine's while checking is still an :class:`IllegalOrder`, never a bare exception.
        """
        if not isinstance(actor, str):
            raise IllegalOrder("C-1", f"actor: expected a participant's name (text), got {actor!r}")
        if not isinstance(order, self.order_types or Order):
            raise IllegalOrder("C-1", f"{order!r} is not an order of {type(self).__name__}")
        try:
            self.validate_order(actor, order)  # type: ignore[arg-type]  # an order: checked above
        except GmkitError:
            raise
        except Exception as e:
            check_order_fields(order)
            raise IllegalOrder("C-1", f"{type(order).__name__} from {actor!r} cannot be checked "
                                      f"({type(e).__name__}: {e})") from e
        check_order_fields(order)

    # --- policies -----------------------------------------------------------------------------

    def policy(self) -> Policy:
        """The rule set's autopilot for this fight (built once; fights made by :meth:`fresh`
        share it, with its memos)."""
        if self._policy is None:
            from .systems import get

            self._policy = get(self.system).policy_class(self)
        return self._policy

    def autopilot(self, actor: str) -> Order | None:
        """A legal order for ``actor`` from the rule set's autopilot, or None for "no order"."""
        return self.policy().order(self, actor)

    def emit(self, kind: str, actor: str, key: str, params: dict[str, Any] | None = None, *,
             data: dict[str, Any] | None = None, rolls: tuple[Any, ...] = (),
             visibility: str = ALL) -> Event | None:
        """Append an event to the record (engines call this from ``_resolve``); when the fight
        keeps no events nothing is kept and None is returned."""
        if not self.keeps_events:
            return None
        ev = new_event(self.round, actor, kind, key, params or {}, data or {}, tuple(rolls), visibility)
        self.record.append(ev)
        return ev

    # --- orders -------------------------------------------------------------------------------

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

    def _submit(self, actor: str, order: Order) -> None:
        """:meth:`submit` once the fight is known not to be over."""
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

    # --- resolution ---------------------------------------------------------------------------

    def resolve_round(self, *, autopilot: bool = False, policy: Any = None) -> list[Event]:
        """Resolve the orders received; all-or-nothing. Returns the new events.

        With ``autopilot=True`` every actor still awaited first gets an order from ``policy`` (a
        :class:`Policy` or a function ``(encounter, actor) -> order``), by default the rule set's
        autopilot.
        """
        if self.is_over:
            raise EncounterOver("the fight is over")
        if policy is not None and not hasattr(policy, "order"):
            if not callable(policy):
                raise GmkitError(f"policy is an object with .order(encounter, actor) or a function "
                                 f"(encounter, actor) -> order; got {policy!r}")
            policy = _FunctionPolicy(policy)
        return self._resolve_round(autopilot or policy is not None, policy)

    def _resolve_round(self, autopilot: bool, policy: Policy | None = None) -> list[Event]:
        """:meth:`resolve_round` once the fight is known not to be over."""
        if self.sealed is not None and self.salt is None:
            raise SealError("seal.error.no_salt")
        if autopilot:
            chooser = policy or self.policy()
            for actor in self.awaiting():
                if actor not in self._pending:
                    order = chooser.order(self, actor)
                    if order is None:
                        continue
                    if self.mode.check_policy or policy is not None:
                        self._submit(actor, order)  # not over: the caller checked
                    else:
                        # A simulation trusts the rule set's own policy: checking guards what
                        # people type in, and the tests hold every autopilot order to the check.
                        self._apply_submit(actor, order)
        if not self.mode.history:  # a simulation's throwaway fight: nothing to journal or undo
            start = len(self.record)
            self._resolve_pending()
            return self.record[start:]
        for actor in self.orders_due() if self._ahead else ():  # given ahead: may no longer fit
            if actor in self._ahead:  # (S-4, F-6)
                self.check_order(actor, self._pending[actor])
        start = len(self.record)
        tape0 = len(self.dice.tape)
        marks0 = len(self.dice.manual_marks)
        entry: dict[str, Any] = {}

        index = self.resolutions
        changed = self._recount()

        def resolve_and_write() -> None:
            # written inside the transaction: a journal that refuses the line undoes the round
            self._resolve_pending()
            entry.update(op="resolve", faces=self.dice.tape[tape0:],
                         manual=[m - tape0 for m in self.dice.manual_marks[marks0:]],
                         hand=list(self.dice.pending_hand), events=self.record[start:])
            if changed is not None:
                entry["recount"] = changed
            if self._journal is not None:
                self._journal.append(entry)

        self._transaction(resolve_and_write)
        self._redo.pop(index, None)
        self._entries.append(entry)
        if self._listeners:
            self._notify("resolve")
        return self.record[start:]

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
        snap = (self._snapshot(), self.dice.snapshot(), len(self.record), dict(self._pending),
                list(self._arrival), self.resolutions, set(self._ahead))
        try:
            fn()
        except BaseException:
            state, dice, nrec, pending, arrival, res, ahead = snap
            self._restore(state)
            self.dice.restore(dice)
            del self.record[nrec:]
            self._pending, self._arrival, self.resolutions, self._ahead = pending, arrival, res, ahead
            raise

    def run(self, max_rounds: int = 100) -> dict[str, Any] | None:
        """Play to the end with the autopilot for every missing order (templates, simulations)."""
        stop = self.resolutions + max_rounds  # each resolution counts one, as the loop did
        with cycle_collector_paused():
            while not self.is_over and self.resolutions < stop:
                self._resolve_round(True)  # not over: checked just above
        return self.outcome()

    # --- undo, save, resume -----------------------------------------------------------------

    @property
    def history(self) -> list[dict[str, Any]]:
        """The effective journal entries (undone ones removed); a resolution's ``events`` are
        the :class:`Event` objects, and an order the :class:`Order` itself, until written (see
        :meth:`journal_lines` for plain JSON)."""
        return list(self._entries)

    def set_desk_state(self, **state: Any) -> None:
        """Keep the desk's own state (``lang="ru"``) in the journal, so that a desk resumed from
        it comes back the same. Not a step of the fight: undo passes over it."""
        if not self.mode.history or all(self.desk_state.get(k) == v for k, v in state.items()):
            self.desk_state.update(state)
            return
        entry = {"op": "desk", **state}
        if self._journal is not None:
            self._journal.append(entry)
        self.desk_state.update(state)
        self._entries.append(entry)

    def undo(self) -> dict[str, Any]:
        """Step back over the last journal entry (a resolution, an order, a note...). Returns it.
        The desk's own lines (:meth:`set_desk_state`) stay."""
        self._need_history("undo")
        steps = [i for i, e in enumerate(self._entries) if e.get("op") not in STANDING]
        if not steps:
            raise GmkitError("nothing to undo")
        last = self._entries[steps[-1]]
        before = self._entries[:steps[-1]]
        fresh = self._rebuilt(before + self._entries[steps[-1] + 1:])
        redo = dict(self._redo)
        if last.get("op") == "resolve":
            redo[sum(1 for e in before if e.get("op") == "resolve")] = recount.stance_of(before)
        if self._journal is not None:
            self._journal.append({"op": "undo"})
        self._adopt(fresh)
        self._redo = redo
        self._notify("undo")
        return last

    def _recount(self) -> dict[str, Any] | None:
        """What changed since the undone resolution this one takes the place of (whose orders,
        their arrival, the faces typed in), for the post to say; None when nothing did (the
        same orders give the same dice) or no resolution of this place was undone."""
        before = self._redo.get(self.resolutions)
        if before is None:
            return None
        return recount.changes(before, recount.stance_of(self._entries), self.participants())

    # --- the seal ----------------------------------------------------------------------------

    def seal(self) -> dict[str, str]:
        """Seal the dice before the first resolution (:mod:`gmkit.seal`): a fresh secret, and the
        commitment to show the thread; the journal keeps both (the GM's eyes only). The dice
        are sealed once the players' salt is set (:meth:`set_salt`); until then no round is
        resolved. Returns the seal."""
        from .seal import commitment, new_secret

        self._need_history("seal")
        if self.sealed is not None:
            raise SealError("seal.error.sealed", commitment=self.sealed["commitment"])
        if self.resolutions:
            raise SealError("seal.error.resolved", n=self.resolutions)
        ident = self.fight_id()
        secret = new_secret()
        entry = {"op": "seal", "secret": secret,
                 "commitment": commitment(secret, ident["scenario"], ident["journal"]),
                 "journal": ident["journal"]}
        self._journal_entry(entry, lambda: setattr(self, "sealed", _seal_of(entry)))
        assert self.sealed is not None
        return dict(self.sealed)

    def fight_id(self) -> dict[str, str]:
        """The fight's identity a seal names: the scenario's hash and the journal's id (the
        checksum of the journal's header line; of the header it would have, unjournaled)."""
        if self.sealed is not None:
            journal = self.sealed["journal"]
        elif self._journal is not None:
            journal = journal_id(Journal.read(self._journal.path).header)
        else:
            journal = journal_id(self._header())
        return {"scenario": canonical_hash(self.scenario), "journal": journal}

    def set_salt(self, text: str) -> str:
        """Take the players' salt (posted after the commitment) and seal the dice with it: the
        fight is set up again on the sealed stream (its setup rolls too), and the orders given
        so far stand. Refused (nothing changed) before :meth:`seal`, a second time, or for a
        salt that is empty, over 1 KB, or holds a control character. Returns the salt as used."""
        from .seal import SaltRefused, normalize_salt

        self._need_history("set the salt")
        if self.sealed is None:
            raise SealError("seal.error.not_sealed")
        if self.salt is not None:
            raise SealError("seal.error.salt_set", salt=self.salt)
        try:
            salt = normalize_salt(text)
        except SaltRefused as e:
            raise SealError(e.key, **e.params) from None
        fresh = self._sealed_fight(salt)
        self._journal_entry({"op": "salt", "salt": salt}, lambda: self._adopt(fresh))
        return salt

    def _sealed_fight(self, salt: str) -> Encounter:
        """This fight from its start on the stream of its seal and ``salt``, every step so far
        taken again (a fight not resolved yet: only orders, notes and typed-in faces)."""
        from .seal import SealedStream, stream_key

        assert self.sealed is not None
        key = stream_key(self.sealed["secret"], canonical_hash(self.scenario),
                         self.sealed["journal"], salt)
        fresh = type(self).from_valid(self.scenario, self.seed, opening_faces=self.opening_faces,
                                      stream=SealedStream(key))
        for entry in self._entries:
            fresh._replay(entry)
        fresh.salt = salt
        fresh._redo = dict(self._redo)
        return fresh

    def reveal(self) -> dict[str, str]:
        """The seal opened: the secret, the salt, the commitment and the fight's identity, for
        the thread to check every roll (:mod:`gmkit.checker`). Refused for a fight not sealed
        or whose salt is not set."""
        if self.sealed is None:
            raise SealError("seal.error.not_sealed")
        if self.salt is None:
            raise SealError("seal.error.no_salt")
        return {**self.sealed, "scenario": canonical_hash(self.scenario), "salt": self.salt}

    def _rebuilt(self, entries: list[dict[str, Any]], strict: bool = True) -> Encounter:
        fresh = type(self).from_valid(self.scenario, self.seed, opening_faces=self.opening_faces)
        for entry in entries:
            fresh._replay(entry, strict)
        return fresh

    def _adopt(self, other: Encounter) -> None:
        keep = {"_journal": self._journal, "_listeners": self._listeners, "_policy": self._policy}
        self.__dict__.update(other.__dict__)
        self.__dict__.update(keep)

    def _replay(self, entry: dict[str, Any], strict: bool = True) -> None:
        """Take one journal step again, checked as it was when it was taken: a
        :class:`JournalError` (its ``field`` naming the entry's field) when it does not replay."""
        handler = _REPLAY.get(entry.get("op"))  # type: ignore[arg-type]
        if handler is None:
            raise JournalError(f"unknown journal entry {entry.get('op')!r}", field="op")
        handler(self, entry, strict)
        self._entries.append(entry)

    def _replay_submit(self, entry: dict[str, Any], strict: bool) -> None:
        actor, order = entry["actor"], entry["order"]
        if not isinstance(order, Order):
            try:
                order = order_from_json(order, self._registry)
            except IllegalOrder as e:
                raise JournalError(str(e), field="order") from None
        if self.is_over:
            raise JournalError("the fight was over: no more orders", field="op")
        try:
            self.check_order(actor, order)
        except IllegalOrder as e:
            where = "actor" if not isinstance(actor, str) or actor not in self.participants() else "order"
            raise JournalError(f"refused by the rules: {e}", field=where) from None
        self._apply_submit(actor, order)

    def _replay_withdraw(self, entry: dict[str, Any], strict: bool) -> None:
        if entry["actor"] not in self._pending:
            raise JournalError(f"{entry['actor']!r} has no order to withdraw", field="actor")
        self._apply_withdraw(entry["actor"])

    def _replay_reorder(self, entry: dict[str, Any], strict: bool) -> None:
        try:
            self._arrival = self._checked_arrival(entry["order"])
        except IllegalOrder as e:
            raise JournalError(str(e), field="order") from None

    def _replay_enter(self, entry: dict[str, Any], strict: bool) -> None:
        try:
            self.dice.enter(*entry["faces"])
        except DiceError as e:
            raise JournalError(str(e), field="faces") from None

    def _replay_note(self, entry: dict[str, Any], strict: bool) -> None:
        self.record.append(Event(self.round, "GM", "note", "core.gm_note", {"text": entry["text"]},
                                 visibility=entry.get("visibility", GM)))

    def _replay_desk(self, entry: dict[str, Any], strict: bool) -> None:
        self.desk_state.update({k: v for k, v in entry.items() if k != "op"})

    def _replay_seal(self, entry: dict[str, Any], strict: bool) -> None:
        from .seal import commitment

        if self.sealed is not None:
            raise JournalError("a second seal: a fight is sealed once", field="op")
        if self.resolutions:
            raise JournalError("a seal after a resolution", field="op")
        if commitment(entry["secret"], canonical_hash(self.scenario),
                      entry["journal"]) != entry["commitment"]:
            raise SealError("seal.error.tampered", field="commitment")
        self.sealed = _seal_of(entry)

    def _replay_salt(self, entry: dict[str, Any], strict: bool) -> None:
        from .seal import SaltRefused, normalize_salt

        if self.sealed is None:
            raise JournalError("a salt with no seal before it", field="op")
        if self.salt is not None:
            raise JournalError("a second salt: the salt is set once", field="op")
        try:
            ok = normalize_salt(entry["salt"]) == entry["salt"]
        except SaltRefused:
            ok = False
        if not ok:
            raise JournalError("not a salt as the seal takes it", field="salt")
        self._adopt(self._sealed_fight(entry["salt"]))

    def _replay_resolve(self, entry: dict[str, Any], strict: bool) -> None:
        if self.is_over:
            raise JournalError("the fight was over: nothing to resolve", field="op")
        if self.sealed is not None and self.salt is None:
            raise JournalError("a sealed fight resolved before its salt was set", field="op")
        faces, manual, hand = entry["faces"], list(entry.get("manual", ())), list(entry.get("hand", ()))
        if manual != sorted(set(manual)) or any(not 0 <= m < len(faces) for m in manual):
            raise JournalError(f"hand-typed face positions {manual} do not fit the "
                               f"{len(faces)} faces", field="manual")
        before = list(self.dice.pending_hand)
        if len(hand) > len(before) or before[len(before) - len(hand):] != hand:
            raise JournalError(f"faces left in hand {hand} are not what was typed in and not "
                               f"used ({before})", field="hand")
        start = len(self.record)
        self.dice.feed(faces, manual, exact=strict)
        try:
            self._transaction(self._resolve_pending)
        except DiceError as e:
            raise JournalError(f"the recorded dice do not replay: {e}", field="faces") from None
        finally:
            left = self.dice.feeding
            self.dice.feed(())
        self.dice._hand = hand
        got = [e.to_json() for e in self.record[start:]]
        want = [e.to_json() if isinstance(e, Event) else e for e in entry.get("events", got)]
        if left or not as_recorded(got, want, self.reworded):
            where = "faces" if left else ("events" + first_difference(got, want, 0, self.reworded))
            msg = (f"replay of resolution {self.resolutions} differs from what was recorded at "
                   f"{where} (another gmkit version or a changed scenario?)")
            if strict:
                raise JournalError(msg, field=where)
            warnings.warn(msg, stacklevel=3)

    def _header(self) -> dict[str, Any]:
        header = {"gmkit": __version__, "journal": JOURNAL_FORMAT, "system": self.system,
                  "seed": self.seed, "scenario_hash": canonical_hash(self.scenario),
                  "scenario": self.scenario}
        if self.opening_faces:
            header["opening_faces"] = list(self.opening_faces)
        return header

    def _need_history(self, what: str) -> None:
        if not self.mode.history:
            raise GmkitError(f"cannot {what}: this encounter keeps no history "
                             f"(a simulation's fight)")

    def journal_lines(self) -> list[dict[str, Any]]:
        """The journal as plain JSON data: the header, then every effective entry."""
        self._need_history("write a journal")
        return [json.loads(_dumps(line)) for line in (self._header(), *self._entries)]

    def save(self, path: str | Path) -> Path:
        """Write the whole journal to ``path`` (header, then every effective entry), atomically;
        refused when another process holds ``path`` as its journal. Saving onto this fight's own
        journal rewrites it without the undone steps and goes on appending to it."""
        self._need_history("save")
        lines = [self._header(), *self._entries]
        j = self._journal
        if j is not None and not j.closed and _same_file(path, j.path):
            j.rewrite(lines)
            return Path(path)
        return Journal.write_whole(path, lines, _event_json)

    @classmethod
    def resume(cls, path: str | Path, scenario: Mapping[str, Any] | None = None, *,
               autosave: bool = True, strict: bool = True) -> Encounter:
        """Rebuild an encounter from its journal: same board, same record, same next rolls.

        Called on :class:`Encounter` itself, the journal's rule set is found in the registry.
        With ``scenario``, the journal must belong to it. With ``autosave`` (the default) the
        encounter takes the journal's lock and goes on appending to it (close it with
        :meth:`close`); ``autosave=False`` opens the fight read-only as far as the file goes:
        no lock, nothing written, even while another process holds the journal.

        Every line is checked (:meth:`Journal.read`) and replayed against the rules and the dice;
        the first one that fails is named in a :class:`JournalError` (line and field).
        ``strict=False`` lets a replay that differs from the record (another gmkit version's
        rules) through with a warning; the lines' shape and checksums are checked all the same.
        """
        journal = Journal.open(path, _event_json) if autosave else None
        try:
            got = journal.contents if journal is not None else Journal.read(path)
            assert got is not None
            enc = cls._replayed(Path(path), got, scenario, strict)
            if journal is not None:
                journal.repair()
                enc._journal = journal
        except BaseException:
            if journal is not None:
                journal.close()
            raise
        return enc

    @classmethod
    def _replayed(cls, path: Path, got: JournalContents, scenario: Mapping[str, Any] | None,
                  strict: bool) -> Encounter:
        """The encounter a journal's checked contents rebuild."""
        header = got.header
        system = header.get("system")
        if cls.system:
            target: type[Encounter] = cls
            if system != cls.system:
                raise JournalError(f"{path} is a {system!r} journal, not a {cls.system!r} one")
        else:
            from .systems import get

            try:
                target = get(str(system)).engine_class
            except GmkitError as e:
                raise JournalError(f"{path}: {e}") from None
        if scenario is not None:
            mine = target._validate_scenario(scenario)
            if canonical_hash(mine) != header.get("scenario_hash"):
                raise JournalError(f"{path} was written for another scenario "
                                   f"({header['scenario'].get('name', '?')!r}); refusing to mix them")
        if canonical_hash(header["scenario"]) != header["scenario_hash"]:
            raise JournalError.at(path, 1, "does not match the header's scenario_hash (the "
                                           "scenario was edited)", "scenario")
        try:
            enc = target(header["scenario"], header["seed"],
                         opening_faces=tuple(header.get("opening_faces", ())))
        except DiceError as e:
            raise JournalError.at(path, 1, str(e), "opening_faces") from None
        except GmkitError as e:
            raise JournalError.at(path, 1, str(e), "scenario") from None
        except Exception as e:  # an engine that cannot set this scenario up: still a clear error
            raise JournalError.at(path, 1, f"the scenario does not set up "
                                           f"({type(e).__name__}: {e})", "scenario") from e
        for line, entry in got.effective():
            try:
                enc._replay(entry, strict)
            except SealError as e:
                raise e.at(path, line) from None
            except JournalError as e:
                raise JournalError.at(path, line, str(e), e.field) from None
            except GmkitError as e:
                raise JournalError.at(path, line, str(e), "op") from None
            except Exception as e:  # never a bare engine error out of a journal
                raise JournalError.at(path, line, f"does not replay ({type(e).__name__}: {e})",
                                      "op") from e
        enc._redo = recount.undone_stances(got.entries)
        return enc

    @classmethod
    def from_journal(cls, path: str | Path, **kw: Any) -> Encounter:
        return cls.resume(path, **kw)

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

    @property
    def journal_path(self) -> Path | None:
        return self._journal.path if self._journal is not None else None

    def autosave(self, path: str | Path) -> None:
        """Start journaling to ``path`` now: the history so far is written first, and the lock
        moves from the journal kept so far (if any) to this one."""
        self._need_history("save")
        new = Journal.start(path, [self._header(), *self._entries], _event_json)
        if self._journal is not None:
            self._journal.close()
        self._journal = new

    def close(self) -> None:
        """Release the journal's lock. The fight stays readable; a step that would be journaled
        is refused from now on (resume the journal to go on). Closing twice is harmless."""
        if self._journal is not None:
            self._journal.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- listeners and views ------------------------------------------------------------------

    def observe(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(op)`` after every journaled step (widgets redraw on it)."""
        self._listeners.append(callback)

    def _notify(self, op: str) -> None:
        for cb in list(self._listeners):
            cb(op)

    def events_for(self, side: str | None = None) -> list[Event]:
        """The record as a player of ``side`` may see it (None: the GM's full record), each event
        as that player is told it (:func:`~gmkit.events.seen_by`: no number its scenario hides)."""
        if side is None:
            return list(self.record)
        return seen_by(self.record, side, self.system, self.scenario, self._told.setdefault(side, {}))

    def story(self, lang: str | None = None, side: str | None = None) -> list[str]:
        """The record as sentences, in the chosen language, the fight's names declined."""
        with grammar.cast(self.cast):
            return [e.text(lang) for e in self.events_for(side)]

    def __repr__(self) -> str:
        received = ", ".join(self._arrival) or "none"
        state = "over" if self.is_over else f"round {self.round}"
        return (f"<{type(self).__name__} {self.scenario.get('name', '')!r} seed={self.seed} "
                f"{state}, {len(self.record)} events, orders received: {received}>")

    def _repr_html_(self) -> str:
        from html import escape

        with grammar.cast(self.cast):
            rows = "".join(
                f"<tr><td>{e.round}</td><td>{escape(e.actor)}</td><td>{escape(e.text())}</td></tr>"
                for e in self.record)
        return (f"<div><b>{escape(repr(self))}</b><table><tr><th>#</th><th>who</th><th>what</th></tr>"
                f"{rows}</table></div>")


_NOBODY: frozenset[str] = frozenset()


def _dumps(entry: dict[str, Any]) -> str:
    """One journal line; events and orders kept in memory as objects are written as JSON."""
    return dumps(entry, _event_json)


def _event_json(obj: Any) -> Any:
    if isinstance(obj, Event):
        return obj.to_json()
    if isinstance(obj, Order):
        return order_to_json(obj)
    raise TypeError(f"cannot write {type(obj).__name__} to a journal")


def _seal_of(entry: Mapping[str, Any]) -> dict[str, str]:
    return {k: str(entry[k]) for k in ("secret", "commitment", "journal")}


def _same_file(a: str | Path, b: str | Path) -> bool:
    import os

    return os.path.realpath(a) == os.path.realpath(b)


_REPLAY: dict[str, Callable[[Encounter, dict[str, Any], bool], None]] = {
    "submit": Encounter._replay_submit,
    "withdraw": Encounter._replay_withdraw,
    "reorder": Encounter._replay_reorder,
    "enter": Encounter._replay_enter,
    "note": Encounter._replay_note,
    "resolve": Encounter._replay_resolve,
    "desk": Encounter._replay_desk,
    "seal": Encounter._replay_seal,
    "salt": Encounter._replay_salt,
}
"""How each kind of journal step is taken again (d20 dispatches on a node's type the same way)."""
