"""The space battle's form (S-5): orders for the ship whose turn it is, from
``SpaceBattle.legal_orders``, filled by clicks on the GridMap (a cell: a move, the guessed cell
of a cloaked target, S-10, or the place a cloaked attacker goes to once it has fired; a ship: the
target). While the turn waits for the attacker's choice (S-8, S-10) the form says so and offers
the choices, which are the engine's legal orders then."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as w
import traitlets as t

from ..i18n import format_message, grammar
from ..ui._assets import asset
from ..ui.order_form import ListOrderForm, pct
from ..ui.sessions import Session
from ..ui.svg import SvgImage
from .offers import SpaceLegalOrders
from .orders import Attack, BreakFree, Choose, Move, Pursue, Tractor
from .views import last_seen_marks, map_model, map_svg, remember_sightings

if TYPE_CHECKING:
    from ..encounter import Encounter

__all__ = ["SpaceOrderForm", "SpaceSession", "GridMap", "highlights"]


def highlights(battle: Encounter, ship: str, side: str | None = None) -> dict[str, Any]:
    """What the map lights up for ``ship``: the cells its legal moves reach, its legal targets and
    the cells it may name against a cloaked target (S-10). Read from the engine's legal orders
    (flights left out: their paths are not cells to click)."""
    moves: list[list[int]] = []
    targets: list[str] = []
    guesses: list[list[int]] = []
    legal = battle.legal_orders(ship)
    listed = legal.only(*_SHOWN) if isinstance(legal, SpaceLegalOrders) else iter(legal)
    for o in listed:
        if isinstance(o, (Move, BreakFree, Choose)) and o.to is not None and list(o.to) not in moves:
            moves.append(list(o.to))
        if isinstance(o, (Attack, Tractor, Pursue)) and o.target and o.target not in targets:
            if side is None or not _hidden(battle, o.target, side):
                targets.append(o.target)
        if isinstance(o, (Attack, Pursue)) and o.cell is not None and list(o.cell) not in guesses:
            guesses.append(list(o.cell))
    return {"moves": moves, "targets": targets, "guesses": guesses}


_SHOWN = (Move, BreakFree, Attack, Tractor, Pursue, Choose)


def _tenths(x: float, lang: str) -> str:
    """``x`` to one decimal, with the language's decimal mark: ``7.0``, ``3,5``."""
    from babel.numbers import format_decimal

    return str(format_decimal(round(x, 1), format="0.0", locale=lang))


def _hidden(battle: Encounter, ship: str, side: str) -> bool:
    fn = getattr(battle, "hidden_from", None)
    return bool(fn(ship, side)) if fn is not None else False


class SpaceOrderForm(ListOrderForm):
    """Orders for the ship whose turn it is (S-4), as its side may give them."""

    system = "space"

    def __init__(self, battle: Encounter, *, lang: str = "en", side: str | None = None) -> None:
        super().__init__(battle, lang=lang, side=side)
        self.refresh()

    def actors(self) -> list[str]:
        cur = getattr(self.encounter, "current_ship", None)
        if cur is None or (self.side is not None and self.encounter.side_of(cur) != self.side):
            return []
        return [cur] if cur not in self.encounter.orders_received else []

    def legal(self, actor: str) -> list[Any]:
        return list(self.encounter.legal_orders(actor))

    def odds_text(self, actor: str, order: Any) -> str:
        """S-7, S-3, S-13: the hit (or hold) chance the engine gives for an Attack or Tractor; a
        shot at a cloaked ship's named cell says the chance holds only if the cell is right (S-10)."""
        fn = getattr(self.encounter, "attack_odds", None)
        if fn is None or not isinstance(order, (Attack, Tractor)):
            return ""
        od = fn(actor, order)
        if od is None:
            return ""
        key = "odds_hold" if isinstance(order, Tractor) else "odds_hit"
        text = self.t(key, hit=pct(od.chance))
        if od.mean_damage is not None:
            text += ", " + self.t("odds_damage", mean=_tenths(float(od.mean_damage), self.lang))
        if od.conditional:
            text += " " + self.t("odds_if_cell")
        return text

    def headline(self) -> str:
        """Whose turn it is; while the turn waits for the attacker's choice (S-8, S-10), what it
        chooses, or, to a side that is not the attacker's, only that a choice is awaited."""
        ask = getattr(self.encounter, "decision", lambda side=None: None)(self.side)
        with grammar.cast(self.encounter.cast):
            if ask is not None:
                if "aims" not in ask:  # another side's view: the choices are not its to see
                    return format_message("space.form.waiting", self.lang)
                return format_message("space.form.choose." + "_".join(ask["asks"]), self.lang,
                                      ship=ask["ship"], target=ask["target"])
            cur = self.actors()
            return self.t("turn", actor=cur[0]) if cur else self.t("nothing")

    def fill_from_map(self, picked: dict[str, Any]) -> bool:
        """Choose the order a map click points at; False when no legal order matches it."""
        if picked.get("ship") and picked["ship"] != self.actor.value:
            return False
        want = self._matching(picked)
        if want is None:
            return False
        self.select(want)
        return True

    def _matching(self, picked: dict[str, Any]) -> Any:
        if picked.get("kind") == "cell":
            cell = tuple(picked["cell"])
            for o in self._orders:
                if isinstance(o, (Move, Choose)) and o.to is not None and tuple(o.to) == cell:
                    return o
            for o in self._orders:
                if isinstance(o, Attack) and o.cell is not None and tuple(o.cell) == cell:
                    return o
        elif picked.get("kind") == "target":
            for o in self._orders:
                if isinstance(o, Attack) and o.target == picked["name"]:
                    return o
            for o in self._orders:
                if getattr(o, "target", None) == picked["name"]:
                    return o
        return None


class SpaceSession(Session):
    """The space battle's desk: order form for the ship whose turn it is, grid map, dice, log."""

    system = "space"

    def _build_views(self) -> None:
        self._sightings: dict[str, dict[str, Any]] = {s: {} for s in self.encounter.sides()}
        """What each side saw of each ship, and when (its own boards only): the last-seen marks."""
        self.map = GridMap(self.encounter.board(self.side), self.side, legal=self._legal,
                           lang=self.lang, last_seen=self._last_seen())
        self.map.on_pick(self._picked)
        self.map.on_select(self._selected)

    def main_view(self) -> w.Widget:
        return self.map

    def viewers(self) -> list[tuple[str, str]]:
        gm = format_message("ui.session.gm_view", self.lang)
        return [(gm, "")] + [(self.encounter.side_name(s), s) for s in self.encounter.sides()]

    def hidden_names(self) -> list[str]:
        if self.side is None:
            return []
        return [s["name"] for s in self.encounter.board(self.side).get("ships", []) if s.get("hidden")]

    def _legal(self, ship: str) -> dict[str, Any]:
        if self.side is not None and self.encounter.side_of(ship) != self.side:
            return {}
        return highlights(self.encounter, ship, self.side)

    def _picked(self, picked: dict[str, Any]) -> None:
        fill = getattr(self.form, "fill_from_map", None)
        if fill is not None:
            fill(picked)

    def _selected(self, name: str) -> None:
        """A ship of the viewer's own clicked: the form takes it as the one to order, when the
        turn is its; otherwise the form says whose turn it is."""
        form = self.form
        if not name or not isinstance(form, ListOrderForm):
            return
        if self.side is not None and self.encounter.side_of(name) != self.side:
            return
        offered = [v for _, v in form.actor.options]
        if name in offered:
            if form.actor.value != name:
                form.actor.value = name
            kinds = [v for _, v in form.kind.options]
            if not form.kind.value and "Move" in kinds:
                form.kind.value = "Move"  # the lit cells are its moves: the form lists them
            form.status.value = ""
        else:
            with grammar.cast(self.encounter.cast):
                text = format_message("space.desk.not_its_turn", self.lang, ship=name,
                                      turn=self.turn_text())
            form.status.value = f'<span class="gm-note">{escape(text)}</span>'

    def _last_seen(self) -> list[dict[str, Any]]:
        if self.side is None:
            return []
        return last_seen_marks(self._sightings.get(self.side, {}), self.encounter.board(self.side))

    def update_views(self) -> None:
        for s in self.encounter.sides():
            remember_sightings(self._sightings.setdefault(s, {}), self.encounter.board(s))
        self.map.lang = self.lang
        self.map.last_seen = self._last_seen()
        self.map.update(self.encounter.board(self.side), self.side)

    def turn_text(self) -> str:
        cur = getattr(self.encounter, "current_ship", None)
        if cur is None or self.encounter.is_over:
            return ""
        if cur in self.hidden_names():
            cur = "???"
            side = "???"
        else:
            side = self.encounter.side_name(str(self.encounter.side_of(cur)))
        with grammar.cast(self.encounter.cast):
            return format_message("space.desk.turn", self.lang, ship=cur, side=side)

    def no_order_text(self, actor: str) -> str:
        with grammar.cast(self.encounter.cast):
            return format_message("space.desk.no_order", self.lang, ship=actor)

    def status_rows(self) -> list[dict[str, Any]]:
        """Each ship the viewer may see: hull, shields, cloak, damaged and disabled systems,
        tractor beams, flight; an unseen enemy is not listed at all."""
        board = self.encounter.board(self.side)
        with grammar.cast(self.encounter.cast):
            return [self._status_row(s, board.get("turn")) for s in board.get("ships", [])
                    if not s.get("hidden")]

    def _status_row(self, s: Mapping[str, Any], turn: Any) -> dict[str, Any]:
        def t(key: str, **p: Any) -> str:
            return format_message(key, self.lang, **p)

        def systems(names: list[str]) -> str:
            from ..i18n import MessageError

            out = []
            for n in names:
                try:
                    out.append(t(f"space.system.{n}"))
                except MessageError:
                    out.append(n)
            return ", ".join(out)

        ship = s["name"]
        items = []
        if s.get("hull") is not None:
            items.append(t("space.desk.hull", hull=s["hull"], max=s.get("max_hull")))
        if s.get("shields") is not None:
            items.append(t("space.desk.shields_up" if s.get("shields_up") else
                           "space.desk.shields_down", n=s["shields"], max=s.get("max_shields")))
        if s.get("cloaked"):
            items.append(t("space.desk.cloaked"))
        if s.get("cells"):
            x, y = s["cells"][0]
            items.append(t("space.desk.at", cell=f"({x}, {y})"))
        if s.get("damaged"):
            items.append(t("space.desk.damaged", systems=systems(s["damaged"])))
        if s.get("disabled"):
            items.append(t("space.desk.disabled", systems=systems(s["disabled"])))
        if s.get("held_by"):
            items.append(t("space.desk.held", ship=s["held_by"]))
        if s.get("holding"):
            items.append(t("space.desk.holding", ship=s["holding"]))
        if s.get("fleeing"):
            items.append(t("space.desk.fleeing", ship=ship))
        if s.get("skip_turns"):
            items.append(t("space.desk.skip", n=s["skip_turns"], ship=ship))
        if s.get("escaped"):
            items.append(t("space.desk.escaped", ship=ship))
        if s.get("destroyed"):
            items.append(t("space.desk.destroyed", ship=ship))
        return {"side": self.encounter.side_name(s["side"]), "name": ship, "items": items,
                "out": bool(s.get("destroyed") or s.get("escaped")), "acting": ship == turn}


Highlights = Mapping[str, Any]
"""``{"moves": [[x, y], ...], "targets": [name, ...], "guesses": [[x, y], ...]}``."""


class GridMap(anywidget.AnyWidget):
    """The live map. ``update(board)`` after every step; ``select(name)`` as a click does."""

    _esm = asset("grid_map.js")
    _css = asset("grid_map.css")

    model = t.Dict().tag(sync=True)
    """The map view-model the browser draws (hidden ships already removed)."""
    selected = t.Unicode("").tag(sync=True)
    picked = t.Dict().tag(sync=True)
    """The last cell or target clicked: ``{"kind": "cell", "cell": [x, y]}`` or
    ``{"kind": "target", "name": ...}``."""

    def __init__(self, board: Mapping[str, Any], side: str | None = None, *,
                 legal: Callable[[str], Highlights] | None = None, lang: str = "en",
                 last_seen: list[dict[str, Any]] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.side = side
        self.legal = legal
        self.lang = lang
        """The language of the legend and the ships' titles."""
        self.last_seen: list[dict[str, Any]] = list(last_seen or [])
        """The side's last-seen marks (its own knowledge: :func:`~gmkit.space.views.last_seen_marks`)."""
        self._select_callbacks: list[Callable[[str], None]] = []
        self._board: Mapping[str, Any] = board
        self._highlights: Highlights = {}
        self._pick_callbacks: list[Callable[[dict[str, Any]], None]] = []
        self.on_msg(self._on_msg)
        self._refresh()

    def update(self, board: Mapping[str, Any], side: str | None = "", *_: Any) -> None:
        """Redraw for a new board (and, when ``side`` is given, another viewer: None is the GM)."""
        if side != "":
            self.side = side
        self._board = board
        names = {s["name"] for s in map_model(board, self.side)["ships"]}
        if self.selected and self.selected not in names:
            self.selected = ""
        self._highlights = self._ask(self.selected)
        self._refresh()

    def select(self, name: str) -> None:
        """Select a ship (as clicking it does): its legal moves and targets are highlighted."""
        names = {s["name"] for s in self.model.get("ships", [])}
        if name and name not in names:
            raise ValueError(f"no ship {name!r} on this map; ships shown: {', '.join(sorted(names))}")
        self.selected = name
        self._highlights = self._ask(name)
        self._refresh()

    def _ask(self, name: str) -> Highlights:
        if not name or self.legal is None:
            return {}
        return self.legal(name)

    def on_select(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(name)`` when a ship is selected by a click ("" when unselected)."""
        self._select_callbacks.append(callback)

    def on_pick(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(picked)`` when a highlighted cell or a target is clicked."""
        self._pick_callbacks.append(callback)

    def pick_cell(self, x: int, y: int) -> None:
        self._pick({"kind": "cell", "cell": [int(x), int(y)], "ship": self.selected})

    def pick_target(self, name: str) -> None:
        self._pick({"kind": "target", "name": name, "ship": self.selected})

    def _pick(self, picked: dict[str, Any]) -> None:
        self.picked = picked
        if picked.get("kind") == "cell":
            self._highlights = {**self._highlights, "picked": picked["cell"]}
            self._refresh()
        for cb in list(self._pick_callbacks):
            cb(picked)

    def _on_msg(self, _w: Any, content: Any, _b: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "ship":
            name = str(content.get("name", ""))
            if self.selected and name in self.model.get("targets", []):
                self.pick_target(name)
            else:
                self.select("" if name == self.selected else name)
                for cb in list(self._select_callbacks):
                    cb(self.selected)
        elif kind == "cell":
            self.pick_cell(int(content.get("x", -1)), int(content.get("y", -1)))

    def _refresh(self) -> None:
        self.model = map_model(self._board, self.side, self._highlights, self.selected or None,
                               lang=self.lang, last_seen=self.last_seen)

    def svg(self) -> SvgImage:
        """The static twin of what is shown now."""
        return SvgImage(map_svg(self.model))

    def __repr__(self) -> str:
        m = self.model
        view = "GM view" if m.get("view") == "gm" else f"{m.get('view')} view"
        return (f"<GridMap {m.get('width')}x{m.get('height')} round {m.get('round')}, {view}, "
                f"{len(m.get('ships', []))} ships shown, turn: {m.get('turn')}>")
