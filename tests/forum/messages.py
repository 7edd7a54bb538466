"""Messages for the forum-round tests and benchmarks, written as forum players write them."""

FANTASY_PASTE = """Бородач написал(а):
Гоблины из камышей?! Ну всё. Рублю варга топором, пока он не добрался до Миры.

Elwen_PbP написал(а):
Эльвен вскидывает лук: стреляю в первого гоблина. В ближнем бою бью его же мечом.

mira написал(а):
Колдую Сон на варга! Нет, стоп — на вождя. Сон на вождя гоблинов.

Яра написал(а):
[quote="Мастер"]Раунд 1: из камышей летят стрелы[/quote]
Стреляю из арбалета в гоблина.

Тихон написал(а):
Тихон держится рядом с Мирой. Колдую Исцеление на Миру, а в рукопашной бью третьего гоблина булавой.
"""
"""Five private messages as forum players write them (issue 34): prose around the order, a
self-correction (mira), a quote of the GM's post (Яра, whose «в гоблина» fits three goblins: the
table asks), both parts of the round in one message (Эльвен, Тихон), a melee order sent with the
ranged exchange (Борин has no bow)."""
