"""A forum round played in one go: every order taken up front, the turns played in the rules' order.

On a forum the players send their orders for the round at once, whatever order the rules play
them in (S-4: ships in initiative order; F-6: sides in turn). :func:`play_round` plays on from
where the fight stands, each turn a resolution of its own (journaled as ever):

* an actor the GM runs (``npcs``) gets the autopilot's order when its turn comes, decided from
  what its side sees then;
* a choice a player's order left open once its result is known (S-8: where a hit goes, S-10:
  where a cloaked ship goes) takes the GM's default (:meth:`~gmkit.encounter.Encounter.default_order`)
  and the record says so, so there is no second exchange of messages;
* it stops where the rules need the GM: an actor's order is missing, an order given ahead no
  longer fits (its target destroyed, fled or hidden; the cell taken: the engine's refusal and the
  legal choices are in the :class:`RoundPlay`), the fight is over, or every actor awaited now has
  played its turn in this call (the round is played) -- unless they are the GM's actors and a
  player's order given ahead for a later part of the round is still to come (F-6: melee after
  the ranged exchange), which the round goes on to. The GM then gives the missing or new order
  and calls it again to go on.

>>> from gmkit.dragons.scenario import EXAMPLE
>>> from gmkit.systems import get
>>> duel = get("dragons").engine_class(EXAMPLE, seed=1)
>>> play_round(duel, npcs=["Bane"]).stopped
'waiting'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

from .errors import EncounterOver, GmkitError, IllegalOrder

if TYPE_CHECKING:
    from .encounter import Encounter, Policy
    from .events import Event
    from .orders import Order

__all__ = ["RoundPlay", "play_round", "CHOICES", "STOPS"]

CHOICES = 12
"""How many legal orders a stop offers for the order that no longer fits."""

MAX_STEPS = 10_000
"""A bound on the resolutions of one call (a round of a few dozen turns needs far fewer)."""

STOPS = ("done", "waiting", "unfit", "over")
"""Why a play stops: the round is played; an order is missing; an order no longer fits; the
fight is over."""


@dataclass
class RoundPlay:
    """What one :func:`play_round` call played, and why it stopped."""

    stopped: str
    """One of :data:`STOPS`."""
    events: list[Event] = field(default_factory=list)
    """Every event of the resolutions played, in order."""
    played: list[str] = field(default_factory=list)
    """The actors whose orders were played, each once, in the order of their turns."""
    waiting: list[str] = field(default_factory=list)
    """``waiting``: the actors whose orders are missing."""
    actor: str | None = None
    """``unfit``: the actor whose order no longer fits."""
    order: Order | None = None
    """``unfit``: that order (still received: a new one replaces it)."""
    refusal: IllegalOrder | None = None
    """``unfit``: the engine's reason, naming the rule."""
    choices: list[Order] = field(default_factory=list)
    """``unfit``: what the actor may order instead (the first :data:`CHOICES` legal orders)."""
    defaults: list[str] = field(default_factory=list)
    """The actors whose open choice took the GM's default."""
    autopilot: list[str] = field(default_factory=list)
    """The actors the autopilot gave orders for."""


def play_round(encounter: Encounter, npcs: Iterable[str] = (), *,
               policy: Policy | None = None) -> RoundPlay:
    """Play the round on from where ``encounter`` stands (see the module's docstring).

    ``npcs``: the actors the GM runs (the autopilot, or ``policy``, orders them on their turn;
    a player who sent nothing by the deadline may be put here too). Every order and resolution
    is journaled as :meth:`~gmkit.encounter.Encounter.submit` and
    :meth:`~gmkit.encounter.Encounter.resolve_round` journal them; a refusal leaves the fight
    where the last turn played left it.
    """
    if encounter.is_over:
        raise EncounterOver("the fight is over")
    gm_run = set(npcs)
    chooser = policy or encounter.policy()
    out = RoundPlay("done")
    turned: set[str] = set()
    """Who has had its turn in this call: its order played, or the autopilot asked for one."""
    for _ in range(MAX_STEPS):
        if encounter.is_over:
            out.stopped = "over"
            return out
        fresh = [a for a in encounter.awaiting() if encounter.pending_order(a) is None]
        for actor in list(fresh):  # a choice its order left open, now its result is known
            default = encounter.default_order(actor)
            if default is None:
                continue
            fresh.remove(actor)
            if actor in gm_run:
                default = chooser.order(encounter, actor)
                out.autopilot.append(actor)
            else:
                out.defaults.append(actor)
            if default is not None:
                encounter.submit(actor, default)
        if any(a in turned for a in fresh):  # a new turn for someone who has had one:
            if any(a not in gm_run for a in fresh) or not _players_ahead(encounter, gm_run):
                return out  # the round is played
            turned.difference_update(fresh)  # the GM's actors act again before players' orders
        missing = []
        for actor in fresh:
            if actor not in gm_run:
                missing.append(actor)
                continue
            turned.add(actor)
            order = chooser.order(encounter, actor)
            if order is not None:
                encounter.submit(actor, order)
                out.autopilot.append(actor)
        if missing:
            out.stopped, out.waiting = "waiting", missing
            return out
        for actor in encounter.orders_due():
            order = encounter.pending_order(actor)
            refusal = None if order is None else encounter.legal_orders(actor).why_not(order)
            if refusal is not None:
                out.stopped, out.actor, out.order, out.refusal = "unfit", actor, order, refusal
                out.choices = list(islice(iter(encounter.legal_orders(actor)), CHOICES))
                return out
        before = {a: encounter.pending_order(a) for a in encounter.orders_received}
        out.events += encounter.resolve_round()
        for actor, order in before.items():
            if encounter.pending_order(actor) is not order:
                turned.add(actor)
                if actor not in out.played:
                    out.played.append(actor)
    raise GmkitError(f"the round did not end within {MAX_STEPS} resolutions")


def _players_ahead(encounter: Encounter, gm_run: set[str]) -> bool:
    """Whether a player's order given ahead for a later part of the round is still to be played
    (F-6: a melee order sent with the ranged exchange): the round goes on to it."""
    return any(a not in gm_run for a in encounter.orders_received)


def _summary(play: RoundPlay) -> dict[str, Any]:
    """A play as plain data (for the CLI and a desk)."""
    from .orders import order_to_json

    return {"stopped": play.stopped, "played": list(play.played), "waiting": list(play.waiting),
            "actor": play.actor, "order": None if play.order is None else order_to_json(play.order),
            "rule": None if play.refusal is None else play.refusal.rule,
            "reason": None if play.refusal is None else str(play.refusal),
            "choices": [order_to_json(o) for o in play.choices], "defaults": list(play.defaults),
            "autopilot": list(play.autopilot), "events": len(play.events)}
