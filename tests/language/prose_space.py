"""Captains' messages as forum players write them, against a Russian-named fight.

*cloud*: Облако (n; light, shields up, tractor beam, cloaking device) at (3, 3) on turn;
Буревестник (m; heavy, two cells (4, 4)-(5, 4)) touching it; Чайка (f) at (3, 5), one cell off in
a line (S-3: fire possible, harder); Страж 2 at (2, 4) touching; Страж 1 (9, 1) and Близнецы (pl;
9, 9) far off. *cloudhit*: Облако's shot just hit Буревестник, the turn waits for its choice (S-8).
*gull*: the same fight with Чайка on turn. Up is y - 1, right is x + 1 (S-2: one cell, straight or
diagonal, no cell shared). Expectations from RULES.md: S-2 movement, S-3 fire range, S-5 one
order a turn, S-6 shields, S-7 attack, S-8 the choice, S-10 cloaking, S-11 flight, S-13 beam.
"""

from __future__ import annotations

from typing import Any

from gmkit.space.orders import (
    Attack,
    BreakFree,
    Choose,
    Cloak,
    Flee,
    Move,
    Pass,
    RaiseShields,
    Release,
    Tractor,
)

from .corpus import Ask, Illegal, Nothing, Says

OB, B, CH, S1, S2, TW = "Облако", "Буревестник", "Чайка", "Страж 1", "Страж 2", "Близнецы"
LEFT = Flee(((2, 3), (1, 3), (0, 3), (-1, 3)))

CASES: list[tuple[str, str | None, str, Any]] = [
    ("cloud", OB, "Капитан Ирма щурится на экран.\nЗаявка: огонь по Буревестнику", Attack(B)),
    ("cloud", OB, "Огонь по Чайке!", Attack(CH)),
    ("cloud", OB, "Огонь по стражу", Ask(S1, S2)),
    ("cloud", OB, "Огонь по второму стражу", Attack(S2)),
    ("cloud", OB, "огонь по стражу 1", Illegal("S-3", Attack(S1))),
    ("cloud", OB, "Стреляем по Близнецам", Illegal("S-3", Attack(TW))),
    ("cloud", OB, "Не стреляем. Поднимаю щиты.", Illegal("S-6", RaiseShields())),
    ("cloud", OB, "Огонь по Буревестнику по системам", Attack(B, "systems")),
    ("cloud", OB, "бьём по корпусу Буревестника", Attack(B, "hull")),
    ("cloud", OB, "Луч захвата на второго стража", Tractor(S2)),
    ("cloud", OB, "Луч захвата на Буревестник", Illegal("S-13", Tractor(B))),
    ("cloud", OB, "Сдвигаемся вправо", Move((4, 3))),
    ("cloud", OB, "Лечу на (4, 2)", Move((4, 2))),
    ("cloud", OB, "лечу вниз", Move((3, 4))),
    ("cloud", OB, "Летим на клетку 5 5", Illegal("S-2", Move((5, 5)))),
    ("cloud", OB, "Огонь по Буревестнику и уходим вправо", Says("S-5")),
    ("cloud", OB, "Огонь по Чайке... ой, нет, по Буревестнику", Attack(B)),
    ("cloud", OB, "Огонь по Буревестнику. Нет, передумал — включаю маскировку", Cloak(True)),
    ("cloud", OB, "Если Чайка подлетит, открываем огонь", Says("S-5")),
    ("cloud", OB, "Чайка стреляет по нам. Отвечаем огнём по ней", Attack(CH)),
    ("cloud", OB, "> Буревестник разворачивается к вам\nОгонь по нему!", Attack(B)),
    ("cloud", OB, "Включаю маскировку", Cloak(True)),
    ("cloud", OB, "уходим в невидимость", Cloak(True)),
    ("cloud", OB, "Маскировку не включаю, просто стреляю по Стражу 2", Attack(S2)),
    ("cloud", OB, "Бегство влево", LEFT),
    ("cloud", OB, "Ждём. Пропускаю ход.", Pass()),
    ("cloud", OB, "Пусть подлетят поближе, пропускаю ход", Pass()),
    ("cloud", OB, "Пока Буревестник разворачивается, стреляем по Чайке", Attack(CH)),
    ("cloud", OB, "Стрелять по Чайке не будем. Летим на (2, 2)", Move((2, 2))),
    ("cloud", OB, "Огонь по Чайке, нет, отставить, огонь по Стражу 2", Attack(S2)),
    ("cloud", OB, "Огонь по Облаку", Illegal("S-7", Attack(OB))),
    ("cloud", OB, "Облако ложится на курс вверх-вправо", Move((4, 2))),
    ("cloud", OB, "fire at Буревестник", Attack(B)),
    ("cloud", OB, "огонь по Буревестнику (по системам)", Attack(B, "systems")),
    ("cloud", OB, "Огонь по Буревесннику", Attack(B)),
    ("cloud", OB, "Огонь по Чаике", Attack(CH)),
    ("cloudhit", OB, "По системам!", Choose("systems")),
    ("cloudhit", OB, "Бьём по корпусу", Choose("hull")),
    ("cloudhit", OB, "по двигателям", Choose("systems")),
    ("cloudhit", OB, "Целимся в реактор", Choose("systems")),
    ("cloudhit", OB, "Не по системам, по корпусу", Choose("hull")),
    ("cloudhit", OB, "по системам... нет, лучше по корпусу", Choose("hull")),
    ("gull", CH, "Огонь по Облаку", Attack(OB)),
    ("gull", CH, "Чайка уходит влево", Move((2, 5))),
    ("gull", CH, "Стреляю по нему", Attack(OB)),
    ("cloud", OB, "OOC: а Чайка точно в зоне поражения?\nЗаявка: огонь по Чайке", Attack(CH)),
    ("cloud", OB, "Огонь по Чайке по системам, потом смещаемся на (4,3)", Says("S-5")),
    ("cloud", OB, "Облако молчит. Экипаж ждёт приказа капитана.", Nothing()),
    ("cloud", OB, "Капитан, Чайка на радаре!", Nothing()),
    ("cloud", OB, "огонь по Стражу 2, огонь!", Attack(S2)),
    ("cloud", OB, "Луч захвата на него", Ask(B, S1, S2)),
    ("cloud", OB, "Отпускаю", Illegal("S-13", Release())),
    ("cloud", OB, "вырываемся", Illegal("S-13", BreakFree())),
    ("cloud", OB, "Снимаю маскировку", Illegal("S-10", Cloak(False))),
    ("cloud", OB, "[s]огонь по Чайке[/s] огонь по Буревестнику", Attack(B)),
    ("cloud", OB, "Огонь по Чайке\n*по Буревестнику", Attack(B)),
    ("cloud", OB, "Щиты не поднимаем. Огонь по Стражу 2!", Attack(S2)),
    ("cloud", OB, "Стреляем по ним", Illegal("S-3", Attack(TW))),
    ("cloud", OB, "Move right, then hold", Move((4, 3))),
    ("cloud", OB, "Лечу на (4,3)... точнее на (4,2)", Move((4, 2))),
]
