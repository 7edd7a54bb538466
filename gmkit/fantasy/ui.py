"""The fantasy skirmish's form (F-6): the acting side's combatants, their strikes, targets, spells,
items and flight, exactly as the engine's ``legal_orders(actor)`` lists them; and its desk."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..i18n import format_message, grammar
from ..ui.order_form import ListOrderForm, pct
from ..ui.sessions import Session
from .views import combatants_html, effect_words, side_called, state_word

if TYPE_CHECKING:
    from .engine import Skirmish

__all__ = ["SkirmishOrderForm", "SkirmishSession"]


class SkirmishOrderForm(ListOrderForm):
    """Orders for the side whose turn it is; one combatant at a time."""

    system = "fantasy"
    encounter: Skirmish

    def __init__(self, skirmish: Skirmish, *, lang: str = "en", side: str | None = None) -> None:
        super().__init__(skirmish, lang=lang, side=side)
        self.refresh()

    def actors(self) -> list[str]:
        return [n for n in self.encounter.awaiting()
                if self.side is None or self.encounter.side_of(n) == self.side]

    def odds_text(self, actor: str, order: Any) -> str:
        """F-2, F-4, F-5, F-9, F-10: the chances the engine gives for a strike or shot at a named
        target (hit, the special attack taking effect, average damage) or for a flight.

        F-3: a percentage attack's damage is the engine's share of the target's current hit points;
        shown only when this form's viewer may see those hit points (a monster's are its own side's
        and the GM's), so the figure never gives them away.
        """
        kind = type(order).__name__
        if kind == "Flee" and getattr(order, "gm_allows", None) is None:
            p = self.encounter.flee_odds(actor)
            return "" if p is None else self.t("odds_flee", chance=pct(p))
        if kind not in ("Strike", "Shoot"):
            return ""
        od = self.encounter.strike_odds(actor, order)
        if od is None or not od.lines:
            return ""
        c = self.encounter.combatants[actor]
        attacks = ((c.ranged,) if kind == "Shoot"
                   else tuple(a for a in c.melee if order.attack is None or a.name == order.attack))
        parts = []
        for line, att in zip(od.lines, attacks, strict=False):
            text = self.t("odds_hit", hit=pct(line.hit))
            if line.specials:
                text += ", " + self.t("odds_special", chance=pct(line.special))
            mean = line.mean_damage
            if att is not None and att.damage.percent is not None and not self._sees_hp(line.target):
                mean = None
            if mean is not None:
                text += ", " + self.t("odds_damage", mean=f"{float(mean):.1f}")
            parts.append(f"{line.attack}: {text}" if len(od.lines) > 1 else text)
        return "; ".join(parts)

    def _sees_hp(self, target: str) -> bool:
        """Whether this form's viewer may see ``target``'s hit points, as the board shows them."""
        row = next(r for r in self.encounter.board(self.side)["combatants"] if r["name"] == target)
        return row["hp"] is not None

    def headline(self) -> str:
        side = self.encounter.acting_side
        if side is None:
            return ""
        phase = format_message(f"fantasy.phase.{self.encounter.phase}.name", self.lang)
        with grammar.cast(self.encounter.cast):
            return f"{self.t('acting_side', side=self.encounter.side_name(side))} · {phase}"


class SkirmishSession(Session):
    """The fantasy skirmish's desk: the acting side's form, the combatants table, dice, log."""

    system = "fantasy"
    encounter: Skirmish

    def _build_views(self) -> None:
        self.table = w.HTML()
        self.table.add_class("gm-combatants")

    def main_view(self) -> w.Widget:
        return self.table

    def viewers(self) -> list[tuple[str, str]]:
        gm = format_message("ui.session.gm_view", self.lang)
        return [(gm, "")] + [(s, s) for s in self.encounter.sides()]

    def update_views(self) -> None:
        with grammar.cast(self.encounter.cast):
            self.table.value = combatants_html(self.encounter.board(self.side), self.lang)

    def turn_text(self) -> str:
        sk = self.encounter
        if sk.acting_side is None or sk.is_over:
            return ""
        phase = format_message(f"fantasy.phase.{sk.phase}.name", self.lang)
        with grammar.cast(sk.cast):
            return format_message("fantasy.desk.turn", self.lang, side=sk.side_name(sk.acting_side),
                                  phase=phase)

    def no_order_text(self, actor: str) -> str:
        with grammar.cast(self.encounter.cast):
            return format_message("fantasy.no_order", self.lang, actor=actor)

    def status_rows(self) -> list[dict[str, Any]]:
        """Each combatant: hit points (where the viewer may see them), armour class, state and
        effects with the turns they have left."""

        def t(key: str, **p: Any) -> str:
            return format_message(key, self.lang, **p)

        board = self.encounter.board(self.side)
        rows = []
        with grammar.cast(self.encounter.cast):
            for c in board.get("combatants", []):
                items = [t("fantasy.desk.hp_hidden") if c.get("hp") is None
                         else t("fantasy.desk.hp", hp=c["hp"], max=c.get("max_hp"))]
                if c.get("ac") is not None:
                    items.append(t("fantasy.desk.ac", ac=c["ac"]))
                if c.get("status") and c["status"] != "active":
                    items.append(state_word(c, self.lang))
                items += [effect_words(e, self.lang) for e in c.get("effects", [])]
                rows.append(self._row(board, c, items))
        return rows

    @staticmethod
    def _row(board: dict[str, Any], c: dict[str, Any], items: list[str]) -> dict[str, Any]:
        return {"side": side_called(board, c["side"]), "name": c["name"], "items": items,
                "out": c.get("status") not in (None, "", "active"),
                "acting": c.get("side") == board.get("acting_side")}
