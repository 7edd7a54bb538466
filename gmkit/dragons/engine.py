"""The dragon duel engine: secret simultaneous orders, resolved in initiative order (rule set D).

>>> from gmkit.dragons import DragonDuel, DragonOrder, Move
>>> duel = DragonDuel(EXAMPLE, seed=1)
>>> duel.range_between("Ash", "Bane")
70
>>> duel.submit("Ash", DragonOrder(move=Move.climb(3)))
Traceback (most recent call last):
...
gmkit.errors.IllegalOrder: D-4: climbing 3 levels costs 9 Speed, Ash has 6

The engine sets up the board, takes orders (checked by :mod:`gmkit.dragons.legal`), runs the
round loop (D-1, D-3) and answers queries. Each dragon's turn is carried out by the procedures
of :mod:`gmkit.dragons.procedures`, one module per rule section.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any, Self

from ..errors import IllegalOrder
from ..orders import Order
from . import rules as R
from .board import DragonState, RoundBook, opening_board
from .context import DuelContext
from .legal import check_order, legal_moves
from .odds import option_odds
from .offers import DragonLegalOrders, attack_options
from .orders import GM_ACTOR, ORDER_TYPES, Benny, DragonOrder, GMOrder, Initiative, Move
from .procedures.bennies import plan as plan_bennies
from .procedures.common import REWORDED
from .procedures.falling import check_fallen_away
from .procedures.turn import take_turn
from .scenario import EXAMPLE
from .sheets import build_sheets

__all__ = ["DragonDuel", "EXAMPLE"]


class DragonDuel(DuelContext):
    """A fight between dragons (rule set D) on the :class:`~gmkit.encounter.Encounter` core."""

    system = "dragons"
    order_types = ORDER_TYPES
    reworded = REWORDED

    # --- setup and identity ---------------------------------------------------------------------

    def _setup(self) -> None:
        sc = self.scenario
        self.sheets = sheets = build_sheets(sc)
        self.dragons = sheets.dragons
        self.battlefield = sheets.battlefield
        self.options = sheets.options
        self.arms = sheets.arms
        """Each dragon's weapons as plain (name, kind, ranges) (see :data:`~.sheets.Arms`)."""
        heights = R.normalise_heights({d["name"]: d["height"] for d in sc["dragons"]})
        self._opening = opening_board(sc["dragons"], heights,
                                      {n: d.bennies for n, d in self.dragons.items()},
                                      self.options["gm_bennies"])
        """The board before the first round (D-2): never changed, copied to start a fight."""
        self._start_board()

    def _start_board(self) -> None:
        """The board and the round's bookkeeping at the start of the fight."""
        self.state = self._opening.copy()
        self.book = RoundBook()

    def fresh(self, seed: int) -> Self:
        """A new fight of this scenario (see :meth:`Encounter.fresh`) sharing the sheets (rosters,
        weapon tables and options) built at setup, which no fight changes; the setup rolls no
        dice. The policy, with its memos, is shared too."""
        if self.opening_faces:
            return super().fresh(seed)  # refused there: a duel's setup takes no faces (C-2)
        self.policy()  # built here once, so that every fight started from this one shares it
        new = copy.copy(self)
        new._begin(seed, self.dice.record)
        new._start_board()
        return new

    def participants(self) -> list[str]:
        return list(self.dragons)

    def side_of(self, actor: str) -> str | None:
        d = self.dragons.get(actor)
        return d.side if d else None

    def late(self, name: str) -> bool:
        """D-3: Extras and GM-run dragons (a turned dragon is the GM's) count as ordering last."""
        d = self.dragons[name]
        return (not d.wild_card) or d.gm or self.state.dragons[name].turned

    def hostile(self, a: str, b: str) -> bool:
        """Enemies: different sides, or either is a turned dragon (an enemy of all, D-10)."""
        if a == b:
            return False
        sa, sb = self.state.dragons[a], self.state.dragons[b]
        return sa.turned or sb.turned or self.dragons[a].side != self.dragons[b].side

    def enemies(self, name: str) -> list[str]:
        """The dragons still in the fight that are ``name``'s enemies (see :meth:`hostile`)."""
        st = self.state.dragons
        if st[name].turned:
            return [n for n, o in st.items() if n != name and not o.out]
        return [n for n, foe in self.sheets.others[name] if (foe or st[n].turned) and not st[n].out]

    def set_initiative(self, order: list[str] | tuple[str, ...]) -> None:
        """D-3: the GM sets this round's order of action (every dragon in the fight, once):
        ``submit("GM", Initiative(order))``, journaled; withdraw it with ``withdraw("GM")``."""
        self.submit(GM_ACTOR, Initiative(tuple(order)))

    def hidden_from(self, actor: str, side: str) -> bool:
        """What a player's list of orders received leaves out: the GM's own rulings."""
        return actor == GM_ACTOR

    def awaiting(self) -> list[str]:
        """Dragons that should send an order: not out, not falling (D-9), not turned (D-10)."""
        return [n for n, s in self.state.dragons.items()
                if not s.out and not s.falling and not s.turned and n not in self._pending]

    # --- queries for forms, the autopilot and the odds ------------------------------------------

    def position(self, name: str) -> tuple[int, int]:
        s = self.state_of(name)
        return s.speed, s.height

    def state_of(self, name: str) -> DragonState:
        try:
            return self.state.dragons[name]
        except KeyError:
            raise IllegalOrder("D-1", key="dragons.refusal.engine.d1.1", name=name,
                               p=', '.join(self.dragons)) from None

    def legal_moves(self, name: str) -> list[Move]:
        """D-4: the moves ``name`` may order now (none while falling or out). For a dragon on a
        tail these mean breaking off; without a move it copies its target (D-12)."""
        return legal_moves(self, name)

    def range_between(self, a: str, b: str) -> int:
        """D-5 range between two dragons now (5 for a pursuer on the tail)."""
        sa, sb = self.state_of(a), self.state_of(b)
        tail = sa.tailing == b or sb.tailing == a
        return R.range_between(sa.speed, sa.height, sb.speed, sb.height, tail)

    def turned_target(self, name: str) -> str | None:
        """D-10: the dragon a turned ``name`` goes for: the nearest other one by D-5 range."""
        st = self.state.dragons
        me = st[name]
        return R.turned_target(me.speed, me.height,
                               ((n, s.speed, s.height, me.tailing == n or s.tailing == name)
                                for n, s in st.items() if n != name and not s.out))

    def attack_options(self, name: str, move: Move | None = None) -> list[dict[str, Any]]:
        """Every weapon x enemy pairing for a form (see :func:`gmkit.dragons.offers.attack_options`)."""
        return attack_options(self, name, move)

    def attack_odds(self, name: str, option: dict[str, Any], actions: int = 1) -> tuple[float, float] | None:
        """(hit, wound) of one of :meth:`attack_options`, as the order form and a brief show them
        (see :func:`gmkit.dragons.odds.option_odds`), so both ask the engine as space and fantasy do."""
        return option_odds(self, name, option, actions)

    def legal_orders(self, actor: str) -> DragonLegalOrders:
        """What ``actor`` may order now: ``in``, iteration, ``why_not(order)``, and the moves,
        attacks, tail targets... a form shows (:class:`~gmkit.dragons.offers.DragonLegalOrders`)."""
        return DragonLegalOrders(self, actor)

    def _legal(self, actor: str) -> Iterator[Order]:
        return iter(self.legal_orders(actor))

    def validate_order(self, actor: str, order: Order) -> None:
        """Refuse (IllegalOrder naming the rule and the numbers) what the rules forbid; never
        mutate (see :func:`gmkit.dragons.legal.check_order`)."""
        check_order(self, actor, order)

    # --- resolution -------------------------------------------------------------------------------

    def _resolve(self, orders: list[tuple[str, Order]]) -> None:
        """D-1/D-3: every dragon's turn in initiative order, then the end of the round."""
        st = self.state.dragons
        round_orders: dict[str, DragonOrder] = {}
        arrival: dict[str, int] = {}
        ruled: tuple[str, ...] | None = None  # the GM's order of action for the round (D-3)
        for a, o in orders:
            if a == GM_ACTOR:
                if isinstance(o, Initiative):
                    ruled = o.order
                continue
            arrival[a] = len(arrival)
            if isinstance(o, GMOrder):  # the GM's order for a GM-run or turned dragon (D-10)
                o = o.order
            if isinstance(o, DragonOrder):
                round_orders[a] = o
        late = self.late
        dragons = self.dragons
        lates: dict[str, bool] = {}
        rank: dict[str, tuple[int, int]] = {}
        book = self.book = RoundBook(round_orders, rank)
        tailing = book.tailing_at_start
        for n, s in st.items():
            d = dragons[n]
            lates[n] = lt = (not d.wild_card) or d.gm or s.turned  # self.late(n), written out
            rank[n] = (int(lt), arrival.get(n, 10_000))
            if s.tailing is not None:
                tailing.add(n)
            if not s.out:
                s.trail += ((s.speed, s.height),)
        budgets = book.bennies
        for n, o in round_orders.items():  # D-7: the Bennies each order will spend
            for act in o.actions:  # plan_bennies on a fresh book, written out
                if isinstance(act, Benny):
                    budgets[n, act.use] = act.up_to
        events = self.mode.events  # a simulation builds no event text
        if events:
            self.emit("round", "GM", "dragons.round", {"round": self.round})
        acted = book.acted

        def entries(lates: dict[str, bool] | None = None) -> list[tuple[str, int, int, bool,
                                                                         int | None]]:
            # plain tuples in R.InitiativeEntry's order: built every round
            return [(n, s.speed, s.height, lates[n] if lates else late(n), arrival.get(n))
                    for n, s in st.items() if not s.out and n not in acted]

        order = R.initiative_order(entries(lates))
        if events:
            self.emit("initiative", "GM", "dragons.initiative", {"order": order},
                      data={"order": order})
        each_turn = self.options.get("initiative") == "each_turn"
        if ruled is not None:  # D-3: the GM reorders the round's actors, for the whole round
            rules_order, order = order, [n for n in ruled if not st[n].out]
            each_turn = False
            self.emit("initiative_gm", "GM", "dragons.initiative.gm",
                      {"order": order, "rules": rules_order},
                      data={"order": order, "rules": rules_order})
        while True:
            if each_turn:
                order = R.initiative_order(entries())
            name = None
            for n in order:  # the first in initiative order still to act
                if n not in acted and not st[n].out:
                    name = n
                    break
            if name is None or self.fight_decided():
                break
            acted.add(name)
            self._turn(name, round_orders.get(name))
        for n, s in st.items():
            if s.falling and not s.out:
                check_fallen_away(self, n)
        book.orders = {}
        done = self.fight_decided()  # the memo is cleared whenever a party drops out
        limit = self.options.get("max_rounds")
        if done or (limit is not None and self.round >= limit):
            out = self._outcome(self.round)
            if out["winner"]:  # the side that holds the sky, called as the scenario calls it
                self.emit("over", "GM", "dragons.over.won",
                          {"side": self.side_name(out["winner"]), "rounds": out["rounds"]},
                          data=out)
            else:
                self.emit("over", "GM", f"dragons.over.{out['reason']}",
                          {"winner": "", "rounds": out["rounds"]}, data=out)

    def _turn(self, name: str, order: DragonOrder | None) -> None:
        """One dragon's turn; a turned dragon without an order gets the GM's (D-10)."""
        if order is None and self.state.dragons[name].turned:
            order = self.gm_order(name)
        take_turn(self, name, order)

    def gm_order(self, name: str) -> DragonOrder | None:
        """D-10: the rule set's autopilot gives the turned ``name`` the GM's order: it goes for
        :meth:`turned_target`, whoever that is."""
        got = self.policy().order(self, name)
        order = got if isinstance(got, DragonOrder) else None
        if order is not None:
            self.emit("turned_acts", name, "dragons.turned.acts", {"name": name})
            plan_bennies(self, name, order)
        return order

    # --- end of the fight -------------------------------------------------------------------------

    def _parties(self) -> set[tuple[str, str]]:
        out = set()
        for n, s in self.state.dragons.items():
            if not s.out:
                out.add(("turned", n) if s.turned else ("side", self.dragons[n].side))
        return out

    def _decided(self) -> bool:
        """At most one party left (a side, or a turned dragon on its own): called often, so it
        stops at the second party it finds."""
        first: str | tuple[str] | None = None
        dragons = self.dragons
        for n, s in self.state.dragons.items():
            if s.out:
                continue
            party = (n,) if s.turned else dragons[n].side  # a turned dragon is a party alone
            if first is None:
                first = party
            elif party != first:
                return False
        return True

    def fight_decided(self) -> bool:
        """:meth:`_decided`, memoised within a resolution: it is asked before every turn and
        action, and the parties change only when a dragon goes out or turns, which clear the
        memo (``book.decided``)."""
        d = self.book.decided
        if d is None:
            d = self.book.decided = self._decided()
        return d

    @property
    def is_over(self) -> bool:
        limit = self.options.get("max_rounds")
        return self._decided() or (limit is not None and self.resolutions >= limit)

    def _outcome(self, rounds: int) -> dict[str, Any]:
        parties = self._parties()
        survivors = [n for n, s in self.state.dragons.items() if not s.out]
        winner = None
        if len(parties) == 1:
            kind, who = next(iter(parties))
            if kind == "side":
                winner, reason = who, "last_side"
            else:
                reason = "turned"
        elif not parties:
            reason = "all_out"
        else:
            reason = "time"
        return {"winner": winner, "reason": reason, "rounds": rounds, "survivors": survivors}

    def outcome(self) -> dict[str, Any] | None:
        if not self.is_over:
            return None
        return self._outcome(self.resolutions)

    # --- views ----------------------------------------------------------------------------------

    def board(self, side: str | None = None) -> dict[str, Any]:
        """Plain JSON for views; the positions are open to all, orders' contents never appear."""
        out = super().board(side)
        out["battlefield"] = self.battlefield
        dragons = []
        for n, s in self.state.dragons.items():
            d = self.dragons[n]
            dragons.append({
                "name": n, "side": d.side, "side_name": self.side_name(d.side),
                "wild_card": d.wild_card, "gm": d.gm or s.turned,
                "speed": s.speed, "height": s.height, "max_speed": d.max_speed, "shaken": s.shaken,
                "wounds": s.wounds, "falling": s.falling, "fall_turns": s.fall_turns, "out": s.out,
                "out_reason": s.out_reason, "turned": s.turned, "tailing": s.tailing,
                "tailed_by": s.tailed_by, "bennies": s.bennies,
                "weapons": [{"name": w.name, "kind": w.kind, "damage": w.damage,
                             "out": s.weapons_out[i]} for i, w in enumerate(d.weapons)],
            })
        out["dragons"] = dragons
        if side is None:  # the GM's pool is the GM's to know (D-7)
            out["gm_bennies"] = self.state.gm_bennies
        out["orders_received"] = [a for a in self.orders_received if a != GM_ACTOR]
        out["trails"] = {n: [list(p) for p in s.trail] + [[s.speed, s.height]]
                         for n, s in self.state.dragons.items()}
        return out

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        o = self.outcome()
        if o is not None:
            out["reason"] = o["reason"]
            out["survivors"] = o["survivors"]
        out["battlefield"] = self.battlefield
        out["participants"] = [
            {"name": n, "side": self.dragons[n].side, "wild_card": self.dragons[n].wild_card,
             "wounds": s.wounds, "shaken": s.shaken, "out": s.out, "out_reason": s.out_reason,
             "turned": s.turned, "attacks": s.attacks, "hits": s.hits,
             "damage_dealt": s.damage_dealt, "wounds_dealt": s.wounds_dealt,
             "shaken_dealt": s.shaken_dealt}
            for n, s in self.state.dragons.items()]
        return out
