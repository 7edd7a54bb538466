"""What a fight keeps as it is played: a GM's table keeps everything, a simulation nothing; and
the cycle collector paused while fights are played (they make no cycles)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

__all__ = ["Mode", "TABLE", "SIMULATION", "cycle_collector_paused"]


@dataclass(frozen=True)
class Mode:
    """What a fight keeps as it is played.

    A GM's fight (:data:`TABLE`) keeps everything: every event, every roll, every step for undo and
    the journal, and checks every order, the autopilot's included (against the rules; the check
    of each field's type is for orders from outside the rule set's code). A simulation's
    throwaway fight (:data:`SIMULATION`) keeps nothing and trusts the rule set's own policy; the
    rules and the dice are the same, so it plays out identically.
    """

    events: bool = True
    """Keep the event record (engines may skip building an event's text when not)."""
    rolls: bool = True
    """Keep the dice's roll log."""
    history: bool = True
    """Keep the steps: undo, save and a journal need them."""
    check_policy: bool = True
    """Check the rule set's own policy's orders against the rules (a GM's are checked whole)."""


TABLE = Mode()
SIMULATION = Mode(events=False, rolls=False, history=False, check_policy=False)


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector over a run of fights (one fight to the end, a chunk of at
    most 1000 simulated ones).

    A fight allocates many small objects (events, rolls, orders) and its rules form no reference
    cycles (a test holds the engines to that), so the collector's periodic passes find nothing
    and cost about 7% of a dragon duel. Memory is still freed by reference counting; anything
    cyclic waits for the end of the run. Nested pauses leave the collector as the outer found it.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
