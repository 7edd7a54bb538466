"""What a fight keeps as it is played: a GM's table keeps everything, a simulation nothing."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Mode", "TABLE", "SIMULATION"]


@dataclass(frozen=True)
class Mode:
    """What a fight keeps as it is played.

    A GM's fight (:data:`TABLE`) keeps everything: every event, every roll, every step for undo and
    the journal, and checks every order, the autopilot's included. A simulation's throwaway fight
    (:data:`SIMULATION`) keeps nothing and trusts the rule set's own policy; the rules and the dice
    are the same, so it plays out identically.
    """

    events: bool = True
    """Keep the event record (engines may skip building an event's text when not)."""
    rolls: bool = True
    """Keep the dice's roll log."""
    history: bool = True
    """Keep the steps: undo, save and a journal need them."""
    check_policy: bool = True
    """Check the policy's orders as a GM's are checked."""


TABLE = Mode()
SIMULATION = Mode(events=False, rolls=False, history=False, check_policy=False)
