"""What the record's functions (replay and resume, seal, files) use of an encounter, as a
Protocol: they are typed against it instead of ``Any``, and need not import the encounter, which
imports them (python-chess's Board and its move stack stand in the same relation)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol, Self

from .dice import Dice
from .events import Event
from .journal import Journal
from .modes import Mode
from .orders import Order

__all__ = ["RecordedFight"]


class RecordedFight(Protocol):
    """An :class:`~gmkit.encounter.Encounter` as its record sees it."""

    system: ClassVar[str]
    reworded: ClassVar[Mapping[str, frozenset[str]]]
    scenario: dict[str, Any]
    seed: int
    opening_faces: tuple[int, ...]
    dice: Dice
    record: list[Event]
    resolutions: int
    desk_state: dict[str, Any]
    sealed: dict[str, str] | None
    salt: str | None
    _entries: list[dict[str, Any]]
    _redo: dict[int, dict[str, Any]]
    _pending: dict[str, Order]
    _arrival: list[str]
    _journal: Journal | None
    _registry: dict[str, type]

    @classmethod
    def from_valid(cls, scenario: Mapping[str, Any], seed: int | None = None, *,
                   journal: str | Path | None = None, mode: Mode = ...,
                   opening_faces: Sequence[int] = (), stream: Any = None) -> Self: ...

    @property
    def round(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def participants(self) -> list[str]: ...

    def fight_id(self) -> dict[str, str]: ...

    def check_order(self, actor: str, order: Any) -> None: ...

    def _transaction(self, fn: Callable[[], None]) -> None: ...

    def _resolve_pending(self) -> None: ...

    def _replay(self, entry: dict[str, Any], strict: bool = True) -> None: ...

    def _rebuilt(self, entries: list[dict[str, Any]], strict: bool = True) -> Self: ...

    def _adopt(self, other: Any) -> None: ...

    def _checked_arrival(self, actors: Any) -> list[str]: ...

    def _apply_submit(self, actor: str, order: Order) -> None: ...

    def _apply_withdraw(self, actor: str) -> None: ...

    def _sealed_fight(self, salt: str) -> Self: ...

    def _need_history(self, what: str) -> None: ...

    def _journal_entry(self, entry: dict[str, Any], apply: Callable[[], None]) -> None: ...

    def _header(self) -> dict[str, Any]: ...
