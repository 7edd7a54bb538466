"""Captains' messages as they are written on a forum, and what each must be read as.

Situations (the ship on turn first): *orbit* the Raider at (3, 2), the three-cell Cruiser far off
at (9, 8)-(11, 8), shields down; *cloak* the cloaked Shade at (5, 11) beside the Tug (4, 9)-(4, 10);
*dock* the Courier leaving the station from (10, 5); *launch* the same with the Picket at (7, 7) on
turn, the Courier's window open (S-12); *cobra* the light Viper at (2, 2) (tractor
beam, cloaking device) touching the two-cell Cobra (3, 3)-(4, 3), the Asp away at (7, 7); *hit* the
same just after the Viper's shot hit the Cobra, the turn waiting for its choice (S-8); *shade* the
cloak situation just after the Shade's shot hit the Tug: the whole ship or the systems, and where
it cloaks again, staying at (5, 11) or shifting to (4, 11) or (5, 10) (S-10).
"""

from __future__ import annotations

from typing import Any

import pytest

from gmkit.space.orders import (
    Attack,
    BreakFree,
    Choose,
    Cloak,
    Flee,
    Launch,
    Move,
    Pass,
    Pursue,
    RaiseShields,
    Release,
    Tractor,
)

from .corpus import Ask, Illegal, Says, check, languages

LEFT = Flee(((2, 2), (1, 2), (0, 2), (-1, 2)))

CASES: list[tuple[str, str | None, str, Any]] = [
    # --- Russian ---------------------------------------------------------------------------------
    ("orbit", "Raider", "Заявка: лечу вправо", Move((4, 2))),
    ("orbit", "Raider", "Огонь по Крейсеру!", Illegal("S-3", Attack("Cruiser"))),
    ("orbit", "Raider", "поднимаю щиты", RaiseShields()),
    ("orbit", "Raider", "Щиты! Все по местам!", RaiseShields()),
    ("orbit", "Raider", "лечу на (4, 3)", Move((4, 3))),
    ("orbit", "Raider", "лечу на (5,5)", Illegal("S-2", Move((5, 5)))),
    ("orbit", "Raider", "Рейдер смещается вниз-вправо", Move((4, 3))),
    ("orbit", "Raider", "бегство влево", LEFT),
    ("orbit", "Raider", "Бегство: (2,2) (1,2) (0,2) (-1,2)", LEFT),
    ("orbit", "Raider", "поднимаю щиты и лечу вправо", Says("S-5")),
    ("orbit", "Raider", "пропускаю ход, пусть подлетит", Pass()),
    ("orbit", "Raider", "включаю маскировку", Illegal("S-10", Cloak(True))),
    ("orbit", "Raider", "луч захвата на крейсер", Illegal("S-13", Tractor("Cruiser"))),
    ("orbit", "Raider", "Огонь!", Illegal("S-3", Attack("Cruiser"))),
    ("orbit", "Raider", "Лечу на север", Move((3, 1))),
    ("orbit", "Raider", "Капитан хмурится.\nЗаявка: вперёд", Says("Можно")),
    ("cloak", "Shade", "огонь по буксиру", Attack("Tug")),
    ("cloak", "Shade", "огонь по Буксиру по системам, затем смещаюсь на (5,10)",
     Attack("Tug", "systems", None, (5, 10))),
    ("cloak", "Shade", "Огонь по Катеру", Illegal("S-3", Attack("Cutter"))),
    ("cloak", "Shade", "снимаю маскировку", Cloak(False)),
    ("cloak", "Shade", "огонь по Буксиру (реактор)", Attack("Tug", "systems")),
    ("cloak", "Shade", "Тень сдвигается вниз", Move((5, 12))),
    ("cloak", "Shade", "луч захвата на буксир", Illegal("S-13", Tractor("Tug"))),
    ("dock", "Courier", "бегство: (11, 5) (12, 5)", Flee(((11, 5), (12, 5)))),
    ("dock", "Courier", "Ухожу от станции: (11,5) (12,5)", Flee(((11, 5), (12, 5)))),
    ("dock", "Courier", "Курьер стреляет в пикет", Illegal("S-3", Attack("Picket"))),
    # S-12: «вылетаю» closes the departing ship's window (only an enemy's, only while it is open)
    ("launch", "Picket", "Вылетаю!", Launch()),
    ("launch", "Picket", "Пикет: вылетаю за Курьером", Launch()),
    ("launch", "Picket", "Заявка: вылет", Launch()),
    ("launch", "Picket", "преследую курьера", Pursue((), "Courier")),
    ("dock", "Courier", "вылетаю", Illegal("S-12", Launch())),
    ("orbit", "Raider", "вылетаю!", Illegal("S-12", Launch())),
    # S-8/S-10: the choice once the shot is known
    ("hit", "Viper", "по системам", Choose("systems")),
    ("hit", "Viper", "Бью по корпусу!", Choose("hull")),
    ("hit", "Viper", "Заявка: в целом по кораблю", Choose("hull")),
    ("hit", "Viper", "по реактору", Choose("systems")),
    ("hit", "Viper", "поднимаю щиты", Illegal("S-8", RaiseShields())),
    ("shade", "Shade", "по системам, смещаюсь на (5,10)", Choose("systems", (5, 10))),
    ("shade", "Shade", "по корпусу, остаюсь на месте", Choose("hull", (5, 11))),
    ("shade", "Shade", "по корпусу и вверх", Choose("hull", (5, 10))),
    ("shade", "Shade", "по системам", Illegal("S-10", Choose("systems"))),
    ("shade", "Shade", "по корпусу, лечу на (6, 11)", Illegal("S-10", Choose("hull", (6, 11)))),
    ("shade", "Shade", "огонь по буксиру", Illegal("S-8", Attack("Tug"))),
    ("cobra", "Viper", "Гадюка: огонь по Кобре!", Attack("Cobra")),
    ("cobra", "Viper", "огонь по кобре по корпусу", Attack("Cobra", "hull")),
    ("cobra", "Viper", "огонь по кобре по системам", Attack("Cobra", "systems")),
    ("cobra", "Viper", "луч захвата на Кобру", Illegal("S-13", Tractor("Cobra"))),
    ("cobra", "Viper", "тяговый луч на аспида", Illegal("S-13", Tractor("Asp"))),
    ("cobra", "Viper", "огонь по Аспиду", Illegal("S-3", Attack("Asp"))),
    ("cobra", "Viper", "огонь по змее", Ask("Cobra", "Asp")),
    ("cobra", "Viper", "огонь по кобре и щиты", Says("S-5")),
    ("cobra", "Viper", "включаю маскировку", Cloak(True)),
    ("cobra", "Viper", "вырываюсь", Illegal("S-13", BreakFree())),
    ("cobra", "Viper", "отпускаю", Illegal("S-13", Release())),
    ("cobra", "Viper", "атакю Кобру", Attack("Cobra")),
    ("cobra", "Viper", "лечу на клетку 2 1", Move((2, 1))),
    ("cobra", "Viper", "преследую Аспида", Illegal("S-11", Pursue((), "Asp"))),
    # --- English ---------------------------------------------------------------------------------
    ("orbit", "Raider", "Orders: move right", Move((4, 2))),
    ("orbit", "Raider", "Fire at the Cruiser!", Illegal("S-3", Attack("Cruiser"))),
    ("orbit", "Raider", "raise shields", RaiseShields()),
    ("orbit", "Raider", "Shields up, everyone to stations!", RaiseShields()),
    ("orbit", "Raider", "move to (4, 3)", Move((4, 3))),
    ("orbit", "Raider", "move to 5,5", Illegal("S-2", Move((5, 5)))),
    ("orbit", "Raider", "The Raider slips down-right", Move((4, 3))),
    ("orbit", "Raider", "flee left", LEFT),
    ("orbit", "Raider", "Flee: (2,2) (1,2) (0,2) (-1,2)", LEFT),
    ("orbit", "Raider", "raise shields and move right", Says("S-5")),
    ("orbit", "Raider", "pass, let him come closer", Pass()),
    ("orbit", "Raider", "engage cloak", Illegal("S-10", Cloak(True))),
    ("orbit", "Raider", "tractor beam on the cruiser", Illegal("S-13", Tractor("Cruiser"))),
    ("orbit", "Raider", "Fire!", Illegal("S-3", Attack("Cruiser"))),
    ("orbit", "Raider", "Head north", Move((3, 1))),
    ("orbit", "Raider", "The captain frowns.\nOrders: forward", Says("You may")),
    ("cloak", "Shade", "fire at the tug", Attack("Tug")),
    ("cloak", "Shade", "fire at Tug systems, then move to (5,10)", Attack("Tug", "systems", None, (5, 10))),
    ("cloak", "Shade", "Fire at Cutter", Illegal("S-3", Attack("Cutter"))),
    ("cloak", "Shade", "uncloak", Cloak(False)),
    ("cloak", "Shade", "fire at Tug (reactor)", Attack("Tug", "systems")),
    ("cloak", "Shade", "Shade drops down", Move((5, 12))),
    ("dock", "Courier", "flee: (11, 5) (12, 5)", Flee(((11, 5), (12, 5)))),
    ("dock", "Courier", "Courier shoots the picket", Illegal("S-3", Attack("Picket"))),
    ("launch", "Picket", "Launching!", Launch()),
    ("launch", "Picket", "Picket: scramble after the courier", Launch()),
    ("launch", "Picket", "give chase to the Courier", Pursue((), "Courier")),
    ("dock", "Courier", "launching", Illegal("S-12", Launch())),
    ("hit", "Viper", "systems", Choose("systems")),
    ("hit", "Viper", "The hull, the whole ship!", Choose("hull")),
    ("hit", "Viper", "hit their engines", Choose("systems")),
    ("shade", "Shade", "systems, then move to (4, 11)", Choose("systems", (4, 11))),
    ("shade", "Shade", "hull, stay put", Choose("hull", (5, 11))),
    ("shade", "Shade", "hull", Illegal("S-10", Choose("hull"))),
    ("cobra", "Viper", "Viper: fire at Cobra!", Attack("Cobra")),
    ("cobra", "Viper", "fire at the cobra's hull", Attack("Cobra", "hull")),
    ("cobra", "Viper", "shoot the cobra's systems", Attack("Cobra", "systems")),
    ("cobra", "Viper", "tractor beam on Cobra", Illegal("S-13", Tractor("Cobra"))),
    ("cobra", "Viper", "grab the Asp", Illegal("S-13", Tractor("Asp"))),
    ("cobra", "Viper", "fire at the snake", Ask("Cobra", "Asp")),
    ("cobra", "Viper", "fire at cobra and shields", Says("S-5")),
    ("cobra", "Viper", "cloak", Cloak(True)),
    ("cobra", "Viper", "break free", Illegal("S-13", BreakFree())),
    ("cobra", "Viper", "atack Cobra", Attack("Cobra")),
    ("cobra", "Viper", "move to cell 2 1", Move((2, 1))),
    ("cobra", "Viper", "pursue the Asp", Illegal("S-11", Pursue((), "Asp"))),
    # --- mixed -----------------------------------------------------------------------------------
    ("cobra", "Viper", "огонь по Cobra", Attack("Cobra")),
    ("orbit", "Raider", "shields поднимаю", RaiseShields()),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{i:02d}" for i in range(len(CASES))])
def test_message(case: tuple[str, str | None, str, Any]) -> None:
    check("space", case)


def test_the_corpus_is_big_and_bilingual() -> None:
    ru, en = languages(CASES)
    assert ru >= 30 and en >= 30
