"""The race's one order."""

from __future__ import annotations

from dataclasses import dataclass

from gmkit.orders import Order


@dataclass(frozen=True)
class Run(Order):
    dice: int
