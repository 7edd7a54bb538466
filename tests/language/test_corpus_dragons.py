"""Dragon riders' messages as they are written on a forum, and what each must be read as.

Positions (Speed/Height): *firmament* Ash 7/10, Bane 5/12 (Bane higher: Ash's Flame cannot
reach up); *above* Ash 6/12, Bane 5/10 (Flame reaches, range 110); *same* both 6/10 (a tail is
possible, claws reach); *blue* Ash and Ember against Raider One, Two and Three.
"""

from __future__ import annotations

from typing import Any

import pytest

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

from .corpus import Ask, Illegal, Says, check, languages

DO, A = DragonOrder, Attack
lvl, climb, dive = Move.level, Move.climb, Move.dive

CASES: list[tuple[str, str | None, str, Any]] = [
    # --- Russian ---------------------------------------------------------------------------------
    ("firmament", "Ash", "Заявка: ровно, +2 скорости", DO(lvl(2))),
    ("firmament", "Ash", "Кира пригибается к шее Эша.\nЗаявка: набор высоты 2, бью Бейна когтями",
     DO(climb(2), (A("Claws", "Bane"),))),
    ("firmament", "Ash", "пикирую на три", DO(dive(3))),
    ("firmament", "Ash", "Пикирую на 3 и жгу Бейна Пламенем!",
     Illegal("D-5", DO(dive(3), (A("Flame", "Bane"),)))),
    ("firmament", "Ash", "ровно, скорость +1", DO(lvl(1))),
    ("firmament", "Ash", "Держу высоту, притормаживаю", DO(lvl(-1))),
    ("firmament", "Ash", "набор высоты 3", Illegal("D-4", DO(climb(3)))),
    ("firmament", "Ash", "ровно +3", Illegal("D-4", DO(lvl(3)))),
    # D-4: a dive of any depth (the original sets no limit; once refused past 5 levels)
    ("firmament", "Ash", "Эш уходит в пике на шесть!", DO(dive(6))),
    ("firmament", "Ash", "[order]ровно +0[/order] Кира улыбается: «посмотрим, кто кого».", DO(lvl(0))),
    ("firmament", "Ash", "набор высоты 1, потом пикирую 2", Says("D-1")),
    ("firmament", "Ash", "атакую Бейна когтями", Illegal("D-5", DO(None, (A("Claws", "Bane"),)))),
    ("firmament", "Ash", "атакую Вела когтями, набираю высоту на два",
     DO(climb(2), (A("Claws", "Bane"),))),
    ("firmament", "Ash", "принуждаю Бейна снизить скорость",
     Illegal("D-12", DO(None, (Force("down"),)))),
    ("firmament", "Ash", "сбрасываю хвост", Illegal("D-12", DO(None, (ShakeOff(),)))),
    ("firmament", "Ash", "Заявка: пикирование 1; скорость 9", DO(dive(1))),
    ("firmament", "Ash", "Заявка: пикирование 1; скорость 8", Says("D-1")),
    ("firmament", "Ash", "ровно, скорость 9", DO(lvl(2))),
    ("firmament", "Bane", "Бейн рычит. Ровно, бью молнией по Эшу",
     DO(lvl(0), (A("Lightning", "Ash"),))),
    ("firmament", "Bane", "ровно -1, молнией по Эшу и челюстями",
     DO(lvl(-1), (A("Lightning", "Ash"), A("Jaws", "Ash")))),
    ("firmament", "Ash", "применяю Силу Буря (d8) на Бейна",
     DO(None, (UsePower("Буря", "d8", "Bane"),))),
    ("firmament", "Ash", "ровно +1, бочка", DO(lvl(1), (Manoeuvre("бочка"),))),
    ("firmament", "Ash", "набр высоты 1", Says("Можно")),
    ("above", "Ash", "Заявка: ровно, атакую Бейна пламенем", DO(lvl(0), (A("Flame", "Bane"),))),
    ("above", "Ash", "пикирую на 1, жгу бейна", DO(dive(1), (A("Flame", "Bane"),))),
    ("above", "Ash", "ровно +2, атакую Бейна", DO(lvl(2), (A("Flame", "Bane"),))),
    ("above", "Ash", "атакую Бейна пламенем и когтями",
     Illegal("D-5", DO(None, (A("Flame", "Bane"), A("Claws", "Bane"))))),
    ("same", "Ash", "сажусь Бейну на хвост", DO(None, (TailAttempt("Bane"),))),
    ("same", "Ash", "ровно, сажусь на хвост", DO(lvl(0), (TailAttempt("Bane"),))),
    ("same", "Ash", "Ровно. Рву Бейна когтями!", DO(lvl(0), (A("Claws", "Bane"),))),
    ("blue", "Ash", "атакую рейдера пламенем", Ask("Raider One", "Raider Two", "Raider Three")),
    ("blue", "Ash", "ровно, жгу второго рейдера пламенем", DO(lvl(0), (A("Flame", "Raider Two"),))),
    ("blue", "Ash", "пикирую на 1, жгу второго рейдера пламенем",
     Illegal("D-5", DO(dive(1), (A("Flame", "Raider Two"),)))),
    ("blue", "Ash", "ровно, атакую Эмбер пламенем", Says("D-5")),
    ("blue", "Ash", "ровно +1, атакую дракона", Ask("Raider One", "Raider Two", "Raider Three")),
    # D-7 Bennies, as forum players state them
    ("above", "Ash", "Заявка: ровно, атакую Бейна пламенем, трачу фишку на переброс",
     DO(lvl(0), (A("Flame", "Bane"), Benny("reroll")))),
    ("above", "Ash", "ровно; фишку на поглощение урона", DO(lvl(0), (Benny("soak"),))),
    ("above", "Ash", "Ровно. Трачу 2 фишки на переброс", DO(lvl(0), (Benny("reroll", 2),))),
    ("above", "Ash", "ровно, трачу фишку, чтобы выйти из потрясения",
     DO(lvl(0), (Benny("unshake"),))),
    ("above", "Ash", "ровно, бью Бейна пламенем; если промажу — перебрасываю за фишку",
     DO(lvl(0), (A("Flame", "Bane"), Benny("reroll")))),
    ("above", "Ash", "ровно, фишки на переброс и поглощение",
     DO(lvl(0), (Benny("reroll"), Benny("soak")))),
    ("above", "Ash", "ровно, трачу фишку", Says("D-7")),
    ("broke", "Ash", "ровно, трачу фишку на переброс", Illegal("D-7", DO(lvl(0), (Benny("reroll"),)))),
    # --- English ---------------------------------------------------------------------------------
    ("firmament", "Ash", "Orders: level +2", DO(lvl(2))),
    ("firmament", "Ash", "Kira grits her teeth.\nOrders: climb 2, attack Bane with Claws",
     DO(climb(2), (A("Claws", "Bane"),))),
    ("firmament", "Ash", "dive three", DO(dive(3))),
    ("firmament", "Ash", "Dive 3 and burn Bane with Flame!",
     Illegal("D-5", DO(dive(3), (A("Flame", "Bane"),)))),
    ("firmament", "Ash", "hold altitude, slow down", DO(lvl(-1))),
    ("firmament", "Ash", "climb 3 and pray", Illegal("D-4", DO(climb(3)))),
    ("firmament", "Ash", "level +3", Illegal("D-4", DO(lvl(3)))),
    ("firmament", "Ash", "Ash dives six!", DO(dive(6))),  # D-4: no depth limit
    ("firmament", "Ash", "I'd say [order]level +0[/order], let's see what he does", DO(lvl(0))),
    ("firmament", "Ash", "climb 1 then dive 2", Says("D-1")),
    ("firmament", "Ash", "claw Bane", Illegal("D-5", DO(None, (A("Claws", "Bane"),)))),
    ("firmament", "Ash", "attack Vel with claws, climb two", DO(climb(2), (A("Claws", "Bane"),))),
    ("firmament", "Ash", "force Bane to slow down", Illegal("D-12", DO(None, (Force("down"),)))),
    ("firmament", "Ash", "force speed up or height down",
     Illegal("D-12", DO(None, (Force("up", "down"),)))),
    ("firmament", "Ash", "shake off!", Illegal("D-12", DO(None, (ShakeOff(),)))),
    ("firmament", "Ash", "level, speed 9", DO(lvl(2))),
    ("firmament", "Bane", "Bane roars. Level, Lightning at Ash", DO(lvl(0), (A("Lightning", "Ash"),))),
    ("firmament", "Ash", 'use power "Storm" (d8) on Bane', DO(None, (UsePower("Storm", "d8", "Bane"),))),
    ("firmament", "Ash", "level +1, barrel roll", DO(lvl(1), (Manoeuvre("barrel roll"),))),
    ("firmament", "Ash", "clmb 1", Says("You may")),
    ("above", "Ash", "Orders: level, attack Bane with Flame", DO(lvl(0), (A("Flame", "Bane"),))),
    ("above", "Ash", "dive 1, burn bane", DO(dive(1), (A("Flame", "Bane"),))),
    ("above", "Ash", "attack Bane with flame and claws",
     Illegal("D-5", DO(None, (A("Flame", "Bane"), A("Claws", "Bane"))))),
    ("same", "Ash", "tail Bane", DO(None, (TailAttempt("Bane"),))),
    ("same", "Ash", "level, get on his tail", DO(lvl(0), (TailAttempt("Bane"),))),
    ("same", "Ash", "Level. Rake Bane with my claws!", DO(lvl(0), (A("Claws", "Bane"),))),
    ("blue", "Ash", "attack the raider with flame", Ask("Raider One", "Raider Two", "Raider Three")),
    ("blue", "Ash", "level, flame the second raider", DO(lvl(0), (A("Flame", "Raider Two"),))),
    ("blue", "Ash", "dive 1, flame raider #2", Illegal("D-5", DO(dive(1), (A("Flame", "Raider Two"),)))),
    ("blue", "Ash", "level +1, hit Raider 3 with Flame",
     Illegal("D-5", DO(lvl(1), (A("Flame", "Raider Three"),)))),
    ("firmament", "Ash", "dive 1, speed 9", DO(dive(1))),
    ("firmament", "Bane", "level -1, lightning at Ash and jaws too",
     DO(lvl(-1), (A("Lightning", "Ash"), A("Jaws", "Ash")))),
    ("blue", "Ash", "level, attack Ember with Flame", Says("D-5")),
    ("above", "Ash", "Level, attack Bane with Flame, spend a benny to reroll",
     DO(lvl(0), (A("Flame", "Bane"), Benny("reroll")))),
    ("above", "Ash", "level. Spend a benny to soak", DO(lvl(0), (Benny("soak"),))),
    ("above", "Ash", "level, soak with a benny if wounded", DO(lvl(0), (Benny("soak"),))),
    ("above", "Ash", "level +1, spend 2 bennies to reroll", DO(lvl(1), (Benny("reroll", 2),))),
    ("above", "Ash", "level, spend a benny to unshake", DO(lvl(0), (Benny("unshake"),))),
    ("above", "Ash", "level, spend a benny", Says("D-7")),
    ("broke", "Ash", "level, spend a benny to soak", Illegal("D-7", DO(lvl(0), (Benny("soak"),)))),
    # --- mixed -----------------------------------------------------------------------------------
    ("firmament", "Ash", "climb 1, атакую Bane когтями", Illegal("D-5", DO(climb(1), (A("Claws", "Bane"),)))),
    ("above", "Ash", "ровно, attack Бейна with Пламя", DO(lvl(0), (A("Flame", "Bane"),))),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{i:02d}" for i in range(len(CASES))])
def test_message(case: tuple[str, str | None, str, Any]) -> None:
    check("dragons", case)


def test_the_corpus_is_big_and_bilingual() -> None:
    ru, en = languages(CASES)
    assert ru >= 30 and en >= 30
