"""Adventurers' messages as forum players write them, against a Russian-named fight.

*road*: the ranged phase (F-6) on the forest road: Эльвен (f, a name Russian leaves undeclined;
Лук, Меч) and Мира (f; Посох, the spells Искра and Исцеление, a heal for allies) act; Борин (m;
Топор, Зелье лечения) and his pet Пёс have nothing to shoot. The foes: Волк 1..3, Вожак and
Крысы (a plural band). *roadmelee*: the same road with nobody left to shoot, the party striking
first (F-6 variant 1): Борин, Пёс, Эльвен (Меч), Мира (Посох). Expectations from RULES.md: F-6
order of battle, one order a turn; F-8 items; F-10 flight.
"""

from __future__ import annotations

from typing import Any

from gmkit.fantasy.orders import Cast, Flee, Pass, Shoot, Strike, UseItem

from .corpus import Ask, Illegal, Nothing, Says

E, M, BO, H = "Эльвен", "Мира", "Борин", "Пёс"
W1, W2, W3, LEAD, RATS = "Волк 1", "Волк 2", "Волк 3", "Вожак", "Крысы"
WOLVES = (W1, W2, W3)
SPARK, MEND, AXE, POTION = "Искра", "Исцеление", "Топор", "Зелье лечения"

CASES: list[tuple[str, str | None, str, Any]] = [
    ("road", E, "Эльвен натягивает тетиву и целится во второго волка.\n"
                "Заявка: стреляю во второго волка", Shoot(W2)),
    ("road", E, "Стреляю в вожака из лука", Shoot(LEAD)),
    ("road", E, "Стреляю в волка", Ask(*WOLVES)),
    ("road", E, "Пускаю стрелу в крыс", Shoot(RATS)),
    ("road", E, "Стреляю в третьего... ой, нет, в первого волка", Shoot(W1)),
    ("road", E, "Стреляю в Волка 3\n*в Волка 1", Shoot(W1)),
    ("road", E, "Не стреляю, жду", Pass()),
    ("road", E, "Стреляю! 🏹", Shoot()),
    ("road", E, "Эльвен стреляет в последнего волка", Shoot(W3)),
    ("road", E, "Бью волка 2 мечом", Illegal("F-6", Strike(W2, "Меч"))),
    ("road", E, "Стреляю в Миру", Illegal("F-6", Shoot(M))),
    ("road", E, "Мира колдует искру на вожака", Nothing()),
    ("road", E, "Пока Мира колдует, я стреляю в вожака", Shoot(LEAD)),
    ("road", E, "Если волк подойдёт ближе — стреляю в него", Says("F-6")),
    ("road", E, "Стреляю в волка номер два", Shoot(W2)),
    ("road", E, "стреляю в валка 2", Shoot(W2)),
    ("road", E, "shoot the second wolf", Shoot(W2)),
    ("road", E, "[quote]Волки окружают вас, вожак воет.[/quote]\nСтреляю в вожака", Shoot(LEAD)),
    ("road", E, "> Волк 2 бросается на Борина\nСтреляю в него", Shoot(W2)),
    ("road", E, "Стрелять в вожака не буду, стреляю во второго волка", Shoot(W2)),
    ("road", M, "Мира шепчет заклинание.\nЗаявка: искра во второго волка", Cast(SPARK, W2)),
    ("road", M, "Колдую искру на вожака", Cast(SPARK, LEAD)),
    ("road", M, "Лечу Борина", Cast(MEND, BO)),
    ("road", M, "Исцеляю Эльвен", Cast(MEND, E)),
    ("road", M, "Исцеление на Борина", Cast(MEND, BO)),
    # Эльвен: a name that does not tell its gender (the scenario gives none): «него» may be her
    ("road", M, "Исцеление на него", Ask(BO, H, E)),
    ("road", M, "Борин ранен! Исцеление на него", Cast(MEND, BO)),
    ("road", M, "Колдую!", Ask(SPARK, MEND)),
    ("road", M, "Колдую на волка 3", Ask(SPARK, MEND)),
    ("road", M, "Кидаю искру в волка", Ask(*WOLVES)),
    ("road", M, "Искра в Волка 2... ой, нет — в Волка 1", Cast(SPARK, W1)),
    ("road", M, "Не колдую. Пропускаю ход.", Pass()),
    ("road", M, "Мира лечит Борина", Cast(MEND, BO)),
    ("road", E, "Мира лечит Борина", Nothing()),
    ("road", M, "Бью Волка 1 посохом", Illegal("F-6", Strike(W1, "Посох"))),
    ("road", M, "Искру на Борина", Illegal("F-6", Cast(SPARK, BO))),
    ("road", M, "cast spark at the leader", Cast(SPARK, LEAD)),
    ("road", M, "Целюсь искрой в крыс", Cast(SPARK, RATS)),
    ("road", M, "Крысы лезут со всех сторон! Искра в них!", Cast(SPARK, RATS)),
    ("road", M, "Колдую исцелание на Борина", Cast(MEND, BO)),
    ("roadmelee", BO, "Борин ревёт и рубит вожака топором!", Strike(LEAD, AXE)),
    ("roadmelee", BO, "Рублю второго волка", Strike(W2)),
    ("roadmelee", BO, "Бью волка", Ask(*WOLVES)),
    ("roadmelee", BO, "Пью зелье лечения", UseItem(POTION)),
    ("roadmelee", BO, "Лечусь", UseItem(POTION)),
    ("roadmelee", BO, "Выпиваю зелье", UseItem(POTION)),
    ("roadmelee", BO, "Не атакую, пью зелье", UseItem(POTION)),
    ("roadmelee", BO, "Бегу!", Flee()),
    ("roadmelee", BO, "Бью Миру", Illegal("F-6", Strike(M))),
    ("roadmelee", BO, "Рублю волка 2 топором... вернее, вожака", Strike(LEAD, AXE)),
    ("roadmelee", BO, "Атакую его топором", Ask(W1, W2, W3, LEAD)),
    ("roadmelee", BO, "Пёс кусает первого волка", Nothing()),
    ("roadmelee", H, "Пёс кусает первого волка", Strike(W1)),
    ("roadmelee", BO, "Бью крыс топором", Strike(RATS, AXE)),
    ("roadmelee", BO, "hit the leader with my axe", Strike(LEAD, AXE)),
    ("roadmelee", BO, "Рублю топаром третьего волка", Strike(W3, AXE)),
    ("roadmelee", E, "Бью вожака мечом", Strike(LEAD, "Меч")),
    ("roadmelee", M, "Бью посохом по волку 3", Strike(W3, "Посох")),
    ("roadmelee", BO, "Борин бьёт волка 1, а Пёс кусает волка 2", Strike(W1)),
    ("roadmelee", BO, "Ничего не делаю", Pass()),
    ("roadmelee", BO, "Без атак, стою на месте", Pass()),
    ("roadmelee", BO, "как в прошлый раз", Nothing()),
]
