"""The rules contract every rule set's engine fills in, apart from the fight's record (python-chess
keeps its ``Board`` apart from its ``move_stack``): the board's hooks (``_setup``,
``validate_order``, ``_legal``, ``_resolve``), its queries
(``participants``, ``side_of``, ``awaiting``, ``is_over``, ``outcome``, ``board``, ``summary``), the
defaults an engine may override, and the checks every engine shares (:meth:`check_order`).

:class:`~gmkit.encounter.Encounter` adds the order book (:mod:`gmkit.order_book`) and the record
(journal, undo, resume, seal) on top; an engine subclasses the Encounter, never this alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, ClassVar

from .errors import GmkitError, IllegalOrder
from .events import ALL, Event, new_event
from .i18n.grammar import Cast
from .orders import Order, check_order_fields
from .scenario import cast_of

__all__ = ["RulesContract", "LegalOrders"]

_NOBODY: frozenset[str] = frozenset()


class LegalOrders:
    """What one actor may order now, as python-chess's legal-move generator: ``order in legal``
    asks the rules, iteration lists every legal order, ``why_not(order)`` gives the refusal a form
    shows (None when the order is legal)."""

    def __init__(self, encounter: RulesContract, actor: str):
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


class RulesContract(ABC):
    """What an engine provides: the board's hooks and queries, under the checks all share."""

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
    record: list[Event]
    """Every resolved event, in order: the truth the views show."""
    resolutions: int
    """How many resolutions were played."""
    keeps_events: bool
    """Whether :meth:`emit` keeps events (a simulation's fight may keep none)."""

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
        self.check_order_rules(actor, order)
        check_order_fields(order)

    def check_order_rules(self, actor: str, order: Any) -> None:
        """:meth:`check_order` but the check of every field's type when the rules pass it: what
        the table asks of its own autopilot's orders, which the rule set's typed code builds
        (the field check guards what comes from a form, a message or a file; a test holds the
        autopilot's orders to it). A field the rules choke on is still refused naming it."""
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
