"""S-2: the quick occupancy questions (context.first_taken, taken_cells) answer as the map does.

The moves' checks and placement ask ``first_taken`` and the chase memo keys on ``taken_cells``
instead of building :func:`occupied`'s map; both must read the station, ships out of play, the
skipped ship and cloaked enemies exactly as it does, for every side and the GM.
"""

from __future__ import annotations

import itertools

from gmkit.space import SpaceBattle
from gmkit.space import rules as R
from gmkit.space.context import first_taken, occupied, taken_cells

from .helpers import battle, heavy, ship


def _board() -> SpaceBattle:
    b = battle(ship("Shade", "a", (2, 2), cloak=True, cloaked=True),
               heavy("Mule", "a", (5, 2), size=2),
               ship("Cutter", "b", (2, 5)),
               heavy("Tug", "b", (6, 6), size=3, orientation="v"),
               ship("Wreck", "b", (8, 1)),
               station=[[4, 4], [4, 5]])
    b.state.ships["Wreck"].destroyed = True
    return b


def test_first_taken_and_taken_cells_agree_with_the_map() -> None:
    b = _board()
    cells = [(x, y) for x in range(10) for y in range(10)]
    checked = 0
    for side, skip in itertools.product((None, "a", "b"), (None, "Shade", "Mule", "Tug", "Wreck")):
        occ = occupied(b, side, skip)
        assert taken_cells(b, side, skip) == frozenset(occ)
        for a, c in itertools.product(cells[::3], cells[1::7]):
            assert first_taken(b, [a, c], side, skip) == R.blocked_by([a, c], occ)
            checked += 1
    # the cases that differ by side, skip and play are among those checked
    assert first_taken(b, [(2, 2)], "b") is None and first_taken(b, [(2, 2)], "a") == ((2, 2), "Shade")
    assert first_taken(b, [(5, 2)], None, "Mule") is None
    assert first_taken(b, [(8, 1)]) is None and first_taken(b, [(4, 5)]) == ((4, 5), "station")
    assert checked > 1000
