"""The fantasy skirmish engine: rule set F on the :class:`~gmkit.encounter.Encounter` base.

Cadence (F-6): the fight opens with a ranged phase (sides with ranged weapons or spells, in d6
order), then melee with the sides alternating from a d6 roll-off. One resolution is one side's turn:
the acting side's combatants ``submit`` orders, ``resolve_round()`` resolves them (Variant 1: all its
strikers, Variant 2: one) and passes the turn on. The other sides' combatants may give theirs ahead
for their side's next turn (a forum round takes every order up front): held until then and checked
again, unless it is a strike out of turn ("Initiative"). ``round`` counts full rounds: the ranged phase is
round 1 when there is one, each melee cycle through the sides is the next.

Where the rules leave it open, the engine does what a GM running the fight would expect:

* the ranged phase gives every shooter of a side its one ranged attack or spell in that side's
  turn, whichever Variant is chosen; the Variants and the GM's cap govern melee turns; one who
  shoots out of turn ("Initiative") has made its one shot: acting out of turn moves it;
* a flight (F-9, F-10) is tried on a turn in melee: the ranged phase holds only the shots;
* a combatant's turn holds one action: a strike (with all its attacks, twice for a double strike,
  and optionally a spell after it: "strikes and/or spells"), a spell, an item, a flight attempt
  or nothing;
* a target that falls mid-turn is replaced by one picked by die; a monster with no target named
  picks by die too (logged);
* an effect lasting N turns covers N of its bearer's side's turns (ongoing damage at the start of
  each) and ends at the start of the next; a disabling effect with no end takes its bearer out;
* a pet whose owner is out fights on with its side; a mount whose rider falls leaves the fight
  (unless it may attack alone); a pet or mount leaves with a fleeing owner or rider;
* a monster's remaining hit points are shown only to its own side and the GM.

The engine composes the parts: the frozen :mod:`.sheets`, the :mod:`.board`, what is legal
(:mod:`.legal`) and the :mod:`.procedures` of each rule section; it never reads its own record.

>>> from gmkit.fantasy import Skirmish
>>> sk = Skirmish.from_scenario({"system": "fantasy", "name": "duel", "seed": 1, "combatants": [
...     {"name": "Ash", "side": "party", "kind": "player", "hp": 8, "ac": 6, "melee": "1-2-3"},
...     {"name": "Rat", "side": "rats", "hp": 2, "ac": 9, "melee": "0.5-1", "reward": 5}]})
>>> sk.phase, sk.round
('melee', 1)
>>> sk.run()["winner"] in ("party", "rats")
True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..encounter import Encounter
from ..orders import Order
from . import legal, rules
from .board import Board
from .orders import Both, Cast, Flee, Pass, Shoot, Strike, UseItem
from .procedures import attacks, flight, magic, turns
from .procedures.opening import open_fight
from .procedures.terms import status_term
from .sheets import Combatant, Effect, Options, Sheets, sheets_for

if TYPE_CHECKING:
    from .odds import StrikeOdds

__all__ = ["Skirmish"]


class Skirmish(Encounter):
    """A fantasy skirmish (rule set F): any number of sides, each fighting for itself."""

    system = "fantasy"
    order_types = (Strike, Shoot, Cast, UseItem, Flee, Pass, Both)

    sheets: Sheets
    """What every combatant is and what the GM chose (static, shared by fights of one scenario)."""
    state: Board
    """The board: everything that changes in the fight."""

    # --- setup and the board ------------------------------------------------------------------

    def _setup(self) -> None:
        self.sheets = sheets_for(self.scenario)
        self.state = Board(self.sheets, {})
        open_fight(self)

    @property
    def combatants(self) -> dict[str, Combatant]:
        """Every combatant's sheet, in scenario order."""
        return self.sheets.combatants

    @property
    def effects(self) -> dict[str, Effect]:
        """F-4: what each special kind does."""
        return self.sheets.effects

    @property
    def options(self) -> Options:
        """The GM's choices for this fight (F-6, F-10)."""
        return self.sheets.options

    # --- the base's questions -----------------------------------------------------------------

    # read for every event and every order: a C-level getter rather than a Python frame
    round = property(attrgetter("state.round"), doc="The round being played (F-6): ``state.round``.")
    is_over = property(attrgetter("state.over"), doc="Whether the fight has ended: ``state.over``.")

    @property
    def phase(self) -> str:
        """``"ranged"`` or ``"melee"`` (F-6)."""
        return self.state.phase

    @property
    def acting_side(self) -> str | None:
        """The side whose turn it is (None once the fight is over)."""
        return self.state.acting_side

    def participants(self) -> list[str]:
        return list(self.sheets.combatants)

    def side_of(self, actor: str) -> str | None:
        return self.sheets.side_of.get(actor)

    def outcome(self) -> dict[str, Any] | None:
        r = self.state.result
        return dict(r) if r else None

    def status(self, name: str) -> str:
        """``active``, ``dead``, ``fled`` or the status of a disabling effect (``petrified``...)."""
        return self.state.status(name)

    def enemies_of(self, name: str) -> list[str]:
        """Every combatant of another side still in the fight, in scenario order."""
        return list(self.state.enemies(name))

    def hardest_escape(self, actor: str) -> tuple[str, tuple[int, ...]] | None:
        """F-10: the enemy in the fight hardest to escape from, with its escape numbers."""
        return self.state.hardest_escape(actor)

    def awaiting(self) -> list[str]:
        """The combatants expected to give an order for this turn, in scenario order."""
        return legal.awaiting(self.state, self._pending)

    def expected(self) -> list[str]:
        """F-6: those awaited for this turn, every other side's combatants who may act in their
        side's turn (they give their orders ahead for it) and, in the ranged phase, everyone who
        may strike in the melee that follows it, in scenario order."""
        board = self.state
        side = board.acting_side
        if side is None:
            return []
        now = set(self.awaiting())
        for other in board.fighting_sides():
            if other != side:
                now.update(board.principals(other))
        if board.phase == "ranged":  # a melee strike may be given ahead for the melee to come
            sheets = self.sheets.combatants
            now.update(n for s in board.fighting_sides() for n in self.sheets.sides_by_name[s].members
                       if sheets[n].melee and not sheets[n].follower and board.can_act(n))
        return [n for n in self.sheets.combatants if n in now]

    def _later(self) -> set[str]:
        """F-6: the orders given ahead for another side's turn."""
        return legal.ahead(self.state, self._pending)

    # --- what is legal ----------------------------------------------------------------------------

    def validate_order(self, actor: str, order: Order) -> None:
        legal.check(self.state, self._pending, actor, order)

    def _legal(self, actor: str) -> list[Order]:
        return legal.generate(self.state, self._pending, actor)

    # --- odds -------------------------------------------------------------------------------------

    def strike_odds(self, name: str, order: Order) -> StrikeOdds | None:
        """The exact odds of ``name``'s ``Strike`` or ``Shoot`` at a named target, from the board
        (:func:`gmkit.fantasy.odds.attack_line`); None for another order, no named target (it is
        picked by die, F-6) or one ``name`` could not give now."""
        if not isinstance(order, (Strike, Shoot)) or order.target is None:
            return None
        if order not in self.legal_orders(name):
            return None
        from .odds import StrikeOdds, attack_line  # the odds modules load only for the forms

        c = self.sheets.combatants[name]
        if isinstance(order, Strike):
            made = c.attacks(order.attack)
        else:
            assert c.ranged is not None
            made = (c.ranged,)
        lines = tuple(attack_line(self.state, c, a, order.target) for a in made)
        return StrikeOdds(name, order.target, lines, c.strikes if isinstance(order, Strike) else 1)

    def flee_odds(self, name: str) -> Fraction | None:
        """F-9 / F-10: the exact chance ``name``'s Flee() succeeds now (morale d18, or the d6 on the
        hardest enemy's escape numbers); None when it may not flee by a roll now."""
        if Flee() not in self.legal_orders(name):
            return None
        c = self.sheets.combatants[name]
        if c.flees_by_morale:
            return rules.morale_probability(c.morale)
        hard = self.state.hardest_escape(name)
        return None if hard is None else rules.escape_probability(hard[1])

    # --- resolution --------------------------------------------------------------------------------

    def _resolve(self, orders: list[tuple[str, Order]]) -> None:
        board = self.state
        side = board.acting_side
        if side is None:
            return
        side_of = self.sheets.side_of
        mine_n = [side_of[a] for a, _ in orders].count(side)
        if mine_n < len(self.sheets.sides_by_name[side].members):  # someone may have sent no order
            for a in self.awaiting():
                self.emit("pass", a, "fantasy.no_order", {"actor": a}, data={"reason": "no order"})
        for a, o in orders:  # out-of-turn strikes first (F-6 "Initiative")
            if side_of[a] != side and self._ready(a):
                board.combatants[a].initiative -= 1
                if board.phase == "ranged":  # its one shot of the phase, moved (F-6)
                    board.mark_shot(a)
                self.emit("out_of_turn", a, "fantasy.out_of_turn", {"actor": a})
                self._act(a, o)
        for a, o in orders:  # _ready(a) asked only when it may say no (it then tells why)
            if side_of[a] == side and ((not board.over and board.can_act(a)) or self._ready(a)):
                if board.phase == "ranged":
                    board.mark_shot(a)
                else:
                    board.combatants[a].acted += 1
                self._act(a, o)
        if not board.over:
            turns.next_turn(self)

    def for_later_part(self, actor: str, order: Order) -> bool:
        return legal.for_melee(self.state, order)

    def _carried(self, actor: str, order: Order) -> Order | None:
        """F-6: a forum round's order for both parts leaves its melee part for melee."""
        if isinstance(order, Both) and not self.state.over and self.state.can_act(actor):
            return order.melee
        return None

    def _ready(self, actor: str) -> bool:
        """Whether ``actor``'s order is carried out: the fight goes on and it can still act."""
        if self.state.over:
            return False
        if not self.state.can_act(actor):
            self.emit("cannot_act", actor, "fantasy.cannot_act",
                      {"actor": actor, "status": status_term(self.state.status(actor))})
            return False
        return True

    def _act(self, actor: str, order: Order) -> None:
        """Carry out one order; the fight may end with it (checked when anyone's standing changed)."""
        board = self.state
        mark = board.version
        if type(order) is Strike and order.cast is None:  # _strike() without its call: most orders
            attacks.strike(self, actor, order)
        else:
            _ACTS[type(order)](self, actor, order)
        if board.version != mark:
            turns.check_over(self)

    # --- views --------------------------------------------------------------------------------------

    def board(self, side: str | None = None) -> dict[str, Any]:
        """The board as plain JSON; a player of ``side`` sees of other sides' monsters only what the
        scenario's ``reveal`` shows (hit points and AC come as None where hidden)."""
        b = self.state
        rows = []
        for n, c in self.sheets.combatants.items():
            cs = b.combatants[n]
            hidden = not b.may_see(n, side, "hp")
            rows.append({
                "name": n, "side": c.side, "kind": c.kind,
                "owner": c.owner, "rider": c.rider,
                "hp": None if hidden else cs.hp, "max_hp": None if hidden else cs.max_hp,
                "ac": c.ac if b.may_see(n, side, "ac") else None, "status": b.status(n),
                "effects": [{"status": e.status, "turns": e.turns, "disables": e.disables}
                            for e in cs.conditions],
                "reward_points": cs.points if c.kind == "player" else c.reward,
                "initiative": cs.initiative, "skip": cs.skip,
            })
        out = super().board(side)
        out.update({"phase": self.phase, "acting_side": self.acting_side,
                    "sides": [s.name for s in self.sheets.sides],
                    "side_names": {s.name: s.called for s in self.sheets.sides}, "combatants": rows})
        return out

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["rounds"] = self.round
        b = self.state
        out["participants"] = [
            {"name": n, "side": c.side, "kind": c.kind, "hp": b.combatants[n].hp,
             "max_hp": b.combatants[n].max_hp, "status": b.status(n),
             "kills": list(b.combatants[n].kills), "damage_dealt": b.combatants[n].dealt,
             "reward_points_gained": b.combatants[n].gained,
             "reward_points": b.combatants[n].points if c.kind == "player" else c.reward,
             "level": b.combatants[n].level, "level_ups_pending": b.combatants[n].pending}
            for n, c in self.sheets.combatants.items()]
        return out

    def _repr_html_(self) -> str:
        from ..i18n import get_language, grammar
        from .views import combatants_html

        with grammar.cast(self.cast):
            return combatants_html(self.board(), get_language()) + super()._repr_html_()


def _strike(sk: Skirmish, actor: str, order: Strike) -> None:
    """F-6: a strike, and the spell it carries if the caster can still act and the fight goes on."""
    attacks.strike(sk, actor, order)
    if order.cast is not None and sk.state.can_act(actor) and len(sk.state.fighting_sides()) > 1:
        magic.cast(sk, actor, order.cast)


def _both(sk: Skirmish, actor: str, order: Both) -> None:
    """F-6: the ranged part now; the melee part stays received (:meth:`Skirmish._carried`)."""
    _ACTS[type(order.ranged)](sk, actor, order.ranged)


def _pass(sk: Skirmish, actor: str, order: Pass) -> None:
    sk.emit("pass", actor, "fantasy.pass", {"actor": actor})


_ACTS: dict[type, Callable[[Skirmish, str, Any], None]] = {
    Strike: _strike, Shoot: attacks.shoot, Cast: magic.cast, UseItem: magic.use_item,
    Flee: flight.flee, Pass: _pass, Both: _both}
"""The procedure that carries out each kind of order."""
