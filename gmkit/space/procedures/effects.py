"""Board changes several rule sections share, each with its events: a tractor beam let go (S-13),
a ship destroyed (S-6) or gone off the map (S-11, S-12), an escape failed (S-11)."""

from __future__ import annotations

from .. import rules as R
from ..context import Battle, pair

__all__ = ["release", "release_all", "destroy", "escape", "fail_escape"]


def release(b: Battle, holder: str, held: str, why: str) -> None:
    """S-13: the beam lets go; a new hold between the two waits 2 rounds."""
    ships = b.state.ships
    ships[holder].holding = None
    ships[held].held_by = None
    until = R.tractor_relock_until(b.state.round, b.sheet.options.tractor_relock_rounds)
    b.state.locks[pair(holder, held)] = until
    b.emit("tractor", holder, "space.tractor.released", {"ship": holder, "target": held,
           "until": until}, data={"why": why, "until": until})


def release_all(b: Battle, name: str) -> None:
    """S-13: every beam that links ``name`` lets go (it is destroyed or gone)."""
    t = b.state.ships[name]
    if t.holding:
        release(b, name, t.holding, "gone")
    if t.held_by:
        release(b, t.held_by, name, "gone")


def destroy(b: Battle, name: str) -> None:
    """S-6: hull 0 (or the reactor, S-8): the ship is destroyed."""
    t = b.state.ships[name]
    t.destroyed = True
    t.fleeing = False
    release_all(b, name)
    b.emit("destroyed", name, "space.destroyed", {"ship": name})


def escape(b: Battle, name: str, key: str, params: dict[str, object]) -> None:
    """S-11/S-12: the ship has left the fight (off the map, or unpursued from the station)."""
    ship = b.state.ships[name]
    release_all(b, name)
    ship.escaped = True
    ship.fleeing = False
    b.emit("escaped", name, key, params)


def fail_escape(b: Battle, target: str, by: str) -> None:
    """S-11: a hit (or a hold) on a fleeing ship: the escape failed, no new one for 6 rounds."""
    t = b.state.ships[target]
    if t.fleeing:
        t.fleeing = False
        t.flee_locked_until = b.state.round + b.sheet.options.escape_lockout_rounds
        b.emit("flee", target, "space.flee.failed", {"ship": target, "by": by,
               "until": t.flee_locked_until}, data={"until": t.flee_locked_until})
