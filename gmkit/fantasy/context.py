"""What the procedures and the autopilot see of a skirmish: protocols, so neither imports the engine.

The engine (:class:`~gmkit.fantasy.engine.Skirmish`) is both: a :class:`Context` for the
procedures that roll, change the board and emit events, and a :class:`Table` for the policy that
reads the board and the legal orders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..dice import Dice
    from ..encounter import LegalOrders
    from .board import Board
    from .sheets import Sheets

__all__ = ["Context", "Table"]


class Context(Protocol):
    """A procedure's world: the sheets, the board, the dice and the record to emit events into."""

    @property
    def sheets(self) -> Sheets: ...

    @property
    def state(self) -> Board: ...

    @property
    def dice(self) -> Dice: ...

    @property
    def keeps_events(self) -> bool:
        """False in a simulation: an event's text need not be built."""

    def emit(self, kind: str, actor: str, key: str, params: dict[str, Any] | None = None, *,
             data: dict[str, Any] | None = None, rolls: tuple[Any, ...] = (),
             visibility: str = ...) -> Any: ...


class Table(Protocol):
    """What the autopilot reads: the sheets, the board and what each combatant may order now."""

    @property
    def sheets(self) -> Sheets: ...

    @property
    def state(self) -> Board: ...

    @property
    def is_over(self) -> bool: ...

    def legal_orders(self, actor: str) -> LegalOrders: ...
