"""The race's order form and desk: the generic list form and desk, nothing of their own."""

from __future__ import annotations

from gmkit.ui.order_form import ListOrderForm
from gmkit.ui.sessions import Session


class RaceOrderForm(ListOrderForm):
    system = "race"


class RaceDesk(Session):
    system = "race"
