"""S-4: initiative and the turn order; S-5: a ship's turn; and the checks at the start of a turn
(S-8: a disabled reactor's 50%, turns owed to the crew or life support) with the GM's limits."""

from __future__ import annotations

from .. import rules as R
from ..board import ShipState
from ..context import Battle
from ..orders import Pass
from .effects import destroy

__all__ = ["roll_initiative", "over", "advance", "pass_turn"]


def roll_initiative(b: Battle) -> None:
    """S-4: the GM's order when obvious; else cloaked (and departing) ships first, then d10s,
    the lower first, ties rerolled."""
    sheet = b.sheet
    st = b.state
    if sheet.initiative is not None:
        st.order = list(sheet.initiative)
        b.emit("initiative", "GM", "space.initiative.given",
               {"order": ", ".join(st.order)}, data={"order": list(st.order)})
        return
    first = list(sheet.departing)
    first += [n for n in sheet.cloaked if n not in first]
    rolls: dict[str, list[int]] = {}
    all_rolls = []
    for name in sheet.ships:
        if name in first:
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
    st.order = R.rank_initiative(first, rolls)
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
        if not any(st.ships[m].in_play and not st.ships[m].disabled("weapons") for m in st.order):
            st.ended = "disarmed"
            b.emit("over", "GM", "space.over.disarmed", {})
            st.turn = -1
            return
        return


def pass_turn(b: Battle, actor: str, ship: ShipState, order: Pass) -> None:
    """S-5: the ship does nothing this turn."""
    b.emit("pass", actor, "space.pass", {"ship": actor})
