"""Dragon riders' private messages as forum players write them, against Russian-named fights.

*storm*: Пепел 6/12 (Кира) and Гроза 7/12 (Дорн) against Шквал 5/10 and Мгла 6/10 — both foes
lower, so Пламя (Пепел's) and Молния (Грозы) reach either, Когти and Клыки do not (D-5); Пепел
may climb 1 or 2 (D-4: 3 Speed a level). *tail*: Пепел and Шквал both 6/10 (a tail, claws).
*low*: Пепел 2/10 below both foes 6/12 (no climb, no ranged attack). *ravens*: Ворон 1 6/10,
Ворон 2 5/11, Ворон 3 6/12 (level with Пепел), Близнецы 4/10. *storm2*: round 2 of *storm*,
Пепел having gone level +1 with Пламя at Шквал in round 1.
Every expectation is read from RULES.md (D-1 one movement and any actions, secret and
simultaneous; D-4 movement; D-5 attack; D-7 Bennies; D-12 tail).
"""

from __future__ import annotations

from typing import Any

from gmkit.dragons.orders import Attack, Benny, DragonOrder, Move, TailAttempt

from .corpus import Ask, Illegal, Nothing, Partial, Says

DO, A = DragonOrder, Attack
lvl, climb, dive = Move.level, Move.climb, Move.dive
P, G = "Пепел", "Гроза"
SH, MG = "Шквал", "Мгла"
FL, CL = "Пламя", "Когти"
LI, FA = "Молния", "Клыки"

CASES: list[tuple[str, str | None, str, Any]] = [
    ("storm", P, "Кира прижимается к шее Пепла, чувствуя, как он набирает скорость.\n"
                 "Заявка: ровно +2, атакую Шквала пламенем", DO(lvl(2), (A(FL, SH),))),
    ("storm", P, "Пепел сбавляет скорость на 1 и жжёт Мглу пламенем", DO(lvl(-1), (A(FL, MG),))),
    ("storm", P, "сбавляю скорость на 2", Illegal("D-4", DO(lvl(-2)))),
    ("storm", P, "Набираю две высоты, без атак", DO(climb(2))),
    ("storm", P, "Пикирую на пару уровней и бью Мглу когтями", DO(dive(2), (A(CL, MG),))),
    ("storm", P, "Не стреляю. Просто держу высоту.", DO(lvl(0))),
    ("storm", P, "в атаку не иду, ухожу в набор высоты на 1", DO(climb(1))),
    ("storm", P, "Ровно. Атакую Шквала пламенем... ой, нет — Мглу!", DO(lvl(0), (A(FL, MG),))),
    ("storm", P, "ровно, скорость — 8", DO(lvl(2))),
    ("storm", P, "Ровно, разгоняюсь до 7", DO(lvl(1))),
    ("storm", P, "Скорость 5, высоту держу", DO(lvl(-1))),
    ("storm", P, '[quote="Мастер"]Шквал заходит вам в хвост, Мгла пикирует.[/quote]\n'
                 "Понял. Пикирую на 1, жгу Шквала", DO(dive(1), (A(FL, SH),))),
    ("storm", P, "> Шквал атакует Грозу кислотой\nНабор высоты 1", DO(climb(1))),
    ("storm", P, "Если Шквал пикирует, то я атакую его пламенем", Says("D-1")),
    ("storm", P, "Пикирую на 1, пока Мгла не нырнула вниз", DO(dive(1))),
    ("storm", P, "Атакую пламенем, ровно", Partial(DO(lvl(0)), Ask(SH, MG))),
    ("storm", P, "Набор высоты 1, атакую пламенем", Partial(DO(climb(1)), Ask(SH, MG))),
    ("storm", P, "Гроза атакует Шквала молнией", Nothing()),
    ("storm", G, "Гроза атакует Шквала молнией, ровно", DO(lvl(0), (A(LI, SH),))),
    ("storm", G, "Дорн направляет Грозу вниз, пикируем на 2", DO(dive(2))),
    ("storm", P, "OOC: мастер, а у Мглы сколько ран?\nПепел: ровно, +1", DO(lvl(1))),
    ("storm", P, "(( офф: сорри за задержку )) Ровно +1, жгу Мглу", DO(lvl(1), (A(FL, MG),))),
    ("storm", P, "Атакую Шквала когтями", Illegal("D-5", DO(None, (A(CL, SH),)))),
    ("storm", P, "ровно, атакую Шквала кагтями", Illegal("D-5", DO(lvl(0), (A(CL, SH),)))),
    ("storm", P, "пламенем по Шквалу, ровно", DO(lvl(0), (A(FL, SH),))),
    ("storm", P, "Держу высоту и жгу Шквалла пламинем", DO(lvl(0), (A(FL, SH),))),
    ("storm", P, "Ровно. Атакую его пламенем", DO(lvl(0), (A(FL, SH),))),
    ("storm", P, "Ровно, атакую её пламенем", DO(lvl(0), (A(FL, MG),))),
    ("storm", P, "Ровно. Сажусь на хвост Шквалу", Illegal("D-12", DO(lvl(0), (TailAttempt(SH),)))),
    ("tail", P, "Ровно, сажусь Шквалу на хвост", DO(lvl(0), (TailAttempt(SH),))),
    ("tail", P, "Рву Шквала когтями, скорость не меняю", DO(lvl(0), (A(CL, SH),))),
    ("tail", P, "Кира ругается. Держим высоту! Когтями его, когтями!", DO(lvl(0), (A(CL, SH),))),
    ("storm", P, "ничего не делаю, просто лечу ровно", DO(lvl(0))),
    ("storm", P, "Пикирую на 3... точнее на 2.", DO(dive(2))),
    ("storm", P, "Набор высоты 2, вернее 1", DO(climb(1))),
    ("storm", P, "Ровно. Атакую Мглу пламенем. Нет, передумал: сажусь на хвост Шквалу",
     Illegal("D-12", DO(lvl(0), (TailAttempt(SH),)))),
    ("storm", P, "пикирую на один уровень", DO(dive(1))),
    ("storm", P, "Ныряю вниз на три, жгу Шквала", Illegal("D-5", DO(dive(3), (A(FL, SH),)))),
    ("storm", P, "Заявка:\nДвижение: ровно, +1\nДействия: атака пламенем по Мгле",
     DO(lvl(1), (A(FL, MG),))),
    ("storm", P, "Движение: набор высоты 1\nДействия: нет", DO(climb(1))),
    ("storm", P, "Движение: пике 1\nАтака: Пламя -> Шквал", DO(dive(1), (A(FL, SH),))),
    ("storm", P, "🔥🔥🔥 Жгу Мглу! 🔥 ровно", DO(lvl(0), (A(FL, MG),))),
    ("storm", P, "level +1, attack Шквал with Пламя", DO(lvl(1), (A(FL, SH),))),
    ("storm", P, "Кира щурится: Мгла пикирует прямо на них. Пепел набирает высоту на 1.",
     DO(climb(1))),
    ("storm", P, "Шквал и Мгла сближаются. Пепел держит высоту и жжёт Шквала",
     DO(lvl(0), (A(FL, SH),))),
    ("storm", P, "Трачу фишку на переброс, ровно", DO(lvl(0), (Benny("reroll"),))),
    ("storm", P, "ровно, атакую Мглу пламенем, если промахнусь — переброс за фишку",
     DO(lvl(0), (A(FL, MG), Benny("reroll")))),
    ("storm", P, "ровно, атакую Грозу пламенем", Says("D-5")),
    ("storm", P, "Пикирую на 2 и одновременно набираю высоту на 1", Says("D-1")),
    ("storm", P, "как в прошлый раз", Nothing()),
    ("storm2", P, "Как в прошлый раз.", DO(lvl(1), (A(FL, SH),))),
    ("storm", P, "Пепел пикирует на 1. Гроза — ровно, +1.", DO(dive(1))),
    ("storm", G, "Пепел пикирует на 1. Гроза — ровно, +1.", DO(lvl(1))),
    ("storm", P, "Набор высоты, атакую Мглу пламенем", Partial(DO(None, (A(FL, MG),)), Ask("1", "2"))),
    ("storm", P, "Пепел взмывает вверх!", Ask("1", "2")),
    ("storm", P, "climb 1 and burn Шквал", DO(climb(1), (A(FL, SH),))),
    ("ravens", P, "Ровно, атакую второго ворона пламенем", DO(lvl(0), (A(FL, "Ворон 2"),))),
    ("ravens", P, "Ровно, атакую ворона пламенем", Partial(DO(lvl(0)), Ask("Ворон 1", "Ворон 2", "Ворон 3"))),
    ("ravens", P, "Держу высоту, когтями по третьему ворону", DO(lvl(0), (A(CL, "Ворон 3"),))),
    ("ravens", P, "ровно, жгу Близнецов", DO(lvl(0), (A(FL, "Близнецы"),))),
    ("low", P, "Набираю высоту на 1", Illegal("D-4", DO(climb(1)))),
]
