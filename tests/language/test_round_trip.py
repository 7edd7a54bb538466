"""Round trip, per rule set: an order rendered as a player would write it (Russian with the
scenario's Cyrillic names, or English) reads back as the same order — every legal order of the
example situations, and every order shape the language knows, legal or not."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmkit.dragons.orders import (
    Attack,
    Benny,
    DragonOrder,
    Force,
    Manoeuvre,
    Move,
    ShakeOff,
    TailAttempt,
    UsePower,
)
from gmkit.fantasy.orders import Cast, Flee, Pass, Shoot, Strike, UseItem
from gmkit.language import read, render
from gmkit.space.orders import Attack as Fire
from gmkit.space.orders import BreakFree, Choose, Cloak, Launch, Pursue, RaiseShields, Release, Tractor
from gmkit.space.orders import Flee as Escape
from gmkit.space.orders import Move as Step
from gmkit.space.orders import Pass as Wait

from .situations import situation

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
LANGS = st.sampled_from(["ru", "en"])


def _back(enc: Any, actor: str, order: Any, lang: str) -> Any:
    text = render(enc, actor, order, lang)
    r = read(enc, actor, text)
    assert not r.questions, (text, r.reply())
    assert r.orders == (order,), (text, r.reply())
    assert r.lang == lang or (lang == "en" and r.lang == "ru"), text
    return r


# --- dragons --------------------------------------------------------------------------------------

MOVES = st.one_of(st.none(), st.builds(Move.level, st.integers(-1, 2)),
                  st.builds(Move.climb, st.integers(1, 4)), st.builds(Move.dive, st.integers(1, 6)))
TARGETS = st.sampled_from(["Bane", "Ash"])
ACTIONS = st.one_of(
    st.builds(Attack, st.sampled_from(["Flame", "Claws"]), TARGETS),
    st.builds(TailAttempt, TARGETS),
    st.builds(Force, st.sampled_from(["up", "down"]), st.sampled_from([None, "up", "down"])),
    st.just(ShakeOff()),
    st.builds(Manoeuvre, st.sampled_from(["aerobatics", "бочка", "barrel roll", "петля Нестерова"])),
    st.builds(UsePower, st.sampled_from(["Буря", "Storm", "Iron Will"]),
              st.sampled_from([None, "d8", "d12+1"]), st.sampled_from([None, "Bane"])),
    st.builds(Benny, st.sampled_from(["reroll", "soak", "unshake"]), st.integers(1, 12)))
DRAGON_ORDERS = st.builds(DragonOrder, MOVES, st.lists(ACTIONS, max_size=3, unique_by=lambda a: (
    type(a), getattr(a, "weapon", None))).map(tuple))


@SETTINGS
@given(st.sampled_from(["firmament", "above", "same"]), LANGS, st.data())
def test_every_legal_dragon_order_reads_back(where: str, lang: str, data: st.DataObject) -> None:
    enc = situation("dragons", where)
    legal = [DragonOrder(m, ()) for m in enc.legal_moves("Ash")] + [DragonOrder(None, ())]
    moves = [o.move for o in legal]
    acts = [Attack(w, "Bane") for w in ("Flame", "Claws")] + [TailAttempt("Bane")]
    orders = [DragonOrder(m, tuple(a for a, keep in zip(acts, mask, strict=False) if keep))
              for m in moves for mask in ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0))]
    orders = [o for o in orders if o.move or o.actions]
    orders = [o for o in orders if enc.legal_orders("Ash") is not None and _legal(enc, "Ash", o)]
    order = data.draw(st.sampled_from(orders))
    assert _back(enc, "Ash", order, lang).ok


@SETTINGS
@given(DRAGON_ORDERS, LANGS)
def test_every_dragon_order_shape_reads_back(order: DragonOrder, lang: str) -> None:
    if order.move is None and not order.actions:
        order = DragonOrder(Move.level(0))
    _back(situation("dragons", "firmament"), "Ash", order, lang)


# --- space ----------------------------------------------------------------------------------------

CELLS = st.tuples(st.integers(-1, 15), st.integers(-1, 15))
SHIPS = st.sampled_from(["Cobra", "Asp"])
AIMS = st.sampled_from([None, "hull", "systems"])
SPACE_ORDERS = st.one_of(
    st.builds(Step, CELLS), st.builds(Fire, SHIPS, AIMS, st.one_of(st.none(), CELLS),
                                      st.one_of(st.none(), CELLS)),
    st.just(RaiseShields()), st.builds(Cloak, st.booleans()),
    st.builds(Escape, st.lists(CELLS, min_size=1, max_size=5).map(tuple)),
    st.builds(Pursue, st.lists(CELLS, max_size=4).map(tuple), st.one_of(st.none(), SHIPS),
              AIMS, st.one_of(st.none(), CELLS)),
    st.builds(Tractor, SHIPS), st.builds(BreakFree, st.one_of(st.none(), CELLS)),
    st.just(Release()), st.just(Wait()), st.just(Launch()))


@SETTINGS
@given(st.sampled_from(["orbit", "cloak", "dock", "launch", "cobra", "hit", "shade"]), LANGS, st.data())
def test_every_legal_space_order_reads_back(where: str, lang: str, data: st.DataObject) -> None:
    enc = situation("space", where)
    actor = enc.current_ship
    order = data.draw(st.sampled_from(list(enc.legal_orders(actor))))
    assert _back(enc, actor, order, lang).ok


@SETTINGS
@given(SPACE_ORDERS, LANGS)
def test_every_space_order_shape_reads_back(order: Any, lang: str) -> None:
    if isinstance(order, Fire) and order.then is not None:
        order = Fire(order.target, order.aim, order.cell)  # "then" belongs to a cloaked ship only
    _back(situation("space", "cobra"), "Viper", order, lang)


@SETTINGS
@given(AIMS, st.one_of(st.none(), CELLS), LANGS)
def test_every_space_choice_shape_reads_back(aim: Any, to: Any, lang: str) -> None:
    """S-8/S-10: the attacker's choice, while the turn waits for it, reads back as written."""
    if aim is None and to is None:
        aim = "hull"
    _back(situation("space", "shade"), "Shade", Choose(aim, to), lang)


# --- fantasy --------------------------------------------------------------------------------------

FOES = st.sampled_from([None, "Wolf 2", "Pack leader", "Wolf 5"])
FANTASY_ORDERS = st.one_of(
    st.builds(Strike, FOES, st.sampled_from([None, "staff"]),
              st.one_of(st.none(), st.builds(Cast, st.sampled_from(["spark", "mend"]), FOES))),
    st.builds(Shoot, FOES), st.builds(Cast, st.sampled_from(["spark", "mend"]),
                                      st.sampled_from([None, "Borin", "Wolf 1"])),
    st.just(Flee()), st.just(Pass()))


@SETTINGS
@given(st.sampled_from(["wolves", "crypt", "melee"]), LANGS, st.data())
def test_every_legal_fantasy_order_reads_back(where: str, lang: str, data: st.DataObject) -> None:
    enc = situation("fantasy", where)
    actor = data.draw(st.sampled_from(enc.awaiting()))
    legal = [o for o in enc.legal_orders(actor) if not (isinstance(o, Flee) and o.gm_allows is not None)]
    order = data.draw(st.sampled_from(legal))
    assert _back(enc, actor, order, lang).ok


@SETTINGS
@given(FANTASY_ORDERS, LANGS)
def test_every_fantasy_order_shape_reads_back(order: Any, lang: str) -> None:
    _back(situation("fantasy", "wolves"), "Mira", order, lang)


def test_items_read_back() -> None:
    enc = situation("fantasy", "melee")
    for lang in ("ru", "en"):
        _back(enc, "Borin", UseItem("healing potion"), lang)
        _back(enc, "Borin", UseItem("healing potion", "Elwen"), lang)


def _legal(enc: Any, actor: str, order: Any) -> bool:
    try:
        enc.check_order(actor, order)
    except Exception:
        return False
    return True
