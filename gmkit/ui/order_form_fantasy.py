"""The fantasy skirmish's form (F-6): the acting side's combatants, their strikes, targets, spells,
items and flight, exactly as ``Skirmish.legal_actions`` lists them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .order_form import ListOrderForm

if TYPE_CHECKING:
    from ..fantasy.skirmish import Skirmish

__all__ = ["SkirmishOrderForm"]


class SkirmishOrderForm(ListOrderForm):
    """Orders for the side whose turn it is; one combatant at a time."""

    system = "fantasy"
    encounter: "Skirmish"

    def __init__(self, skirmish: "Skirmish", *, lang: str = "en", side: str | None = None) -> None:
        super().__init__(skirmish, lang=lang, side=side)
        self.refresh()

    def actors(self) -> list[str]:
        return [n for n in self.encounter.awaiting()
                if self.side is None or self.encounter.side_of(n) == self.side]

    def legal(self, actor: str) -> list[Any]:
        return list(self.encounter.legal_actions(actor))

    def headline(self) -> str:
        side = self.encounter.acting_side
        if side is None:
            return ""
        return f"{self.t('acting_side', side=side)} · {self.encounter.phase}"
