"""S-4: initiative and the turn order; S-5: a ship's turn; and the checks at the start of a turn
(S-8: a disabled reactor's 50%, turns owed to the crew or life support) with the GM's limits.

The original rolls initiative "as soon as the ships are at fighting range" (S-4): by default the
ships first take turns in an approach order, and the d10s are rolled once two enemy ships that
see each other are first within fire range (S-3); a scenario option rolls them at setup instead.
"""

from __future__ import annotations

from .. import rules as R
from ..board import Board, ShipState
from ..context import Battle
from ..orders import Pass
from .effects import destroy

__all__ = ["settle_initiative", "engage", "roll_initiative", "in_fighting_range", "over", "advance",
           "pass_turn"]


def settle_initiative(b: Battle) -> None:
    """S-4 at setup: the GM's order when obvious; with the option ``initiative_at: setup`` the
    d10s now; else the approach order (a ship leaving the station and the cloaked ships first,
    then the scenario's order) until :func:`engage` rolls, at once if ships start in range."""
    sheet = b.sheet
    st = b.state
    if sheet.initiative is not None:
        st.order = list(sheet.initiative)
        st.engaged = True
        b.emit("initiative", "GM", "space.initiative.given",
               {"order": ", ".join(st.order)}, data={"order": list(st.order)})
        return
    first = list(sheet.departing)
    first += [n for n in sheet.cloaked if n not in first]
    if sheet.options.initiative_at == "setup":
        roll_initiative(b, first)
        return
    st.order = first + [n for n in sheet.ships if n not in first]
    if in_fighting_range(b) is None:
        b.emit("initiative", "GM", "space.initiative.approach", {"order": ", ".join(st.order)},
               data={"order": list(st.order)})
        return
    roll_initiative(b, first)


def in_fighting_range(b: Battle) -> tuple[str, str] | None:
    """S-3/S-4: the first two enemy ships in play, each seen by the other's side, within fire
    range of each other (None: none). A cloaked ship counts for nobody: its nearness must not
    show in a roll everyone sees (S-10); it acts first anyway."""
    specs = b.sheet.ships
    # a cloaked ship is hidden from every other side (hidden_from), so here it counts for nobody
    ships = [(n, s) for n, s in b.state.ships.items() if not (s.destroyed or s.escaped or s.cloaked)]
    for i, (n, s) in enumerate(ships):
        side = specs[n].side
        for m, t in ships[i + 1:]:
            if specs[m].side != side and R.fire_range(s.cells, t.cells):
                return n, m
    return None


def engage(b: Battle) -> bool:
    """S-4 after a turn: the first time two enemy ships are within fighting range, roll the
    initiative (ships cloaked now, and a ship leaving the station still to fly its head start, do
    not roll and go first). Returns whether it rolled: the fight's next round then begins with the
    lowest roll."""
    st = b.state
    if st.engaged:
        return False
    pair = in_fighting_range(b)
    if pair is None:
        return False
    d = st.departure
    first = [d.ship] if d is not None and not d.used and st.ships[d.ship].in_play else []
    first += [n for n, s in st.ships.items() if s.in_play and s.cloaked and n not in first]
    b.emit("initiative", "GM", "space.initiative.in_range", {"ship": pair[0], "other": pair[1]},
           data={"ships": list(pair)})
    roll_initiative(b, first)
    return True


def roll_initiative(b: Battle, first: list[str]) -> None:
    """S-4: ``first`` act first (in the order given); every other ship in play rolls a d10, the
    lower first, ties rerolled; ships out of play come last."""
    st = b.state
    rolls: dict[str, list[int]] = {}
    all_rolls = []
    for name in b.sheet.ships:
        if name in first or not st.ships[name].in_play:
            continue
        r = b.dice.d(10, purpose="initiative", actor=name)
        rolls[name] = [int(r.total)]
        all_rolls.append(r)
    ties = R.initiative_ties(rolls)
    while ties:
        for group in ties:
            for n in group:
                r = b.dice.d(10, purpose="initiative reroll", actor=n)
                rolls[n].append(int(r.total))
                all_rolls.append(r)
        ties = R.initiative_ties(rolls)
    ranked = R.rank_initiative(first, rolls)
    st.order = ranked + [n for n in b.sheet.ships if n not in ranked]
    st.engaged = True
    b.emit("initiative", "GM", "space.initiative.rolled",
           {"order": ", ".join(st.order),
            "rolls": ", ".join(f"{n} {'/'.join(map(str, f))}" for n, f in rolls.items()),
            "first": ", ".join(first) or "-"},
           data={"order": list(st.order), "rolls": rolls, "first": first},
           rolls=tuple(all_rolls))


def over(b: Battle) -> bool:
    """The fight is over: the GM's limits ended it, or one side (or none) is left on the map."""
    st = b.state
    if st.ended is not None:
        return True
    first = None
    specs = b.sheet.ships
    for n, s in st.ships.items():
        if not (s.destroyed or s.escaped):
            side = specs[n].side
            if first is None:
                first = side
            elif side != first:
                return False
    return True


def advance(b: Battle) -> None:
    """Pass the turn on (S-4), running the next ship's start-of-turn checks (S-8) and the GM's
    limits (``max_rounds``; nobody left armed), until a ship can act or the fight is over."""
    st = b.state
    n = len(st.order)
    while True:
        if over(b):
            st.turn = -1
            return
        st.turn, new_round = R.next_turn(st.turn, n)
        if new_round:
            st.round += 1
            mx = b.sheet.options.max_rounds
            if mx and st.round > mx:
                st.round = mx
                st.ended = "rounds"
                b.emit("over", "GM", "space.over.rounds", {"rounds": mx})
                st.turn = -1
                return
        name = st.order[st.turn]
        ship = st.ships[name]
        if not ship.in_play:
            continue
        if ship.disabled("reactor"):
            r = b.dice.d(2, purpose="reactor", actor=name)
            if R.reactor_explodes(int(r.total)):
                b.emit("reactor", name, "space.reactor.explodes", {"ship": name}, rolls=(r,))
                destroy(b, name)
                continue
            b.emit("reactor", name, "space.reactor.holds", {"ship": name}, rolls=(r,))
        if ship.skip_turns > 0:
            ship.skip_turns -= 1
            b.emit("skip", name, "space.turn.skipped", {"ship": name, "left": ship.skip_turns},
                   data={"left": ship.skip_turns})
            continue
        if not _anyone_armed(st):
            st.ended = "disarmed"
            b.emit("over", "GM", "space.over.disarmed", {})
            st.turn = -1
        return


def _anyone_armed(st: Board) -> bool:
    """The GM's limit: some ship in play can still fire (its weapons not disabled, S-8)."""
    ships = st.ships
    for m in st.order:  # in_play and not disabled("weapons") written out: read at every turn
        s = ships[m]
        if not (s.destroyed or s.escaped) and s.systems.get("weapons", 0) < 2:
            return True
    return False


def pass_turn(b: Battle, actor: str, ship: ShipState, order: Pass) -> None:
    """S-5: the ship does nothing this turn."""
    b.emit("pass", actor, "space.pass", {"ship": actor})
