"""Adventurers' messages as they are written on a forum, and what each must be read as.

Situations: *wolves* the ranged phase on the forest road (Elwen's bow, Mira's spark and mend)
against Wolf 1..5 and the Pack leader; *crypt* Ilsa's spells against the Spider and the Ghost
(AC -3: no weapon hits it, F-2); *melee* the same road with nobody left to shoot, the party
striking first (Borin's axe and healing potion, his Hound, Elwen's sword, Mira's staff).
"""

from __future__ import annotations

from typing import Any

import pytest

from gmkit.fantasy.orders import Both, Cast, Flee, Pass, Shoot, Strike, UseItem

from .corpus import Ask, Illegal, Says, check, languages

WOLVES = ("Wolf 1", "Wolf 2", "Wolf 3", "Wolf 4", "Wolf 5")

CASES: list[tuple[str, str | None, str, Any]] = [
    # --- Russian ---------------------------------------------------------------------------------
    ("wolves", "Elwen", "стреляю из лука во второго волка", Shoot("Wolf 2")),
    ("wolves", "Elwen", "Элвен натягивает тетиву.\nЗаявка: стреляю в вожака", Shoot("Pack leader")),
    ("wolves", "Elwen", "стреляю в волка", Ask(*WOLVES)),
    ("wolves", "Mira", "колдую искру на волка 3", Cast("spark", "Wolf 3")),
    ("wolves", "Mira", "Искра в третьего волка!", Cast("spark", "Wolf 3")),
    ("wolves", "Mira", "колдую исцеление на Борина", Cast("mend", "Borin")),
    ("wolves", "Mira", "колдую!", Ask("spark", "mend")),
    ("wolves", "Elwen", "бью второго волка мечом", Strike("Wolf 2", "sword")),  # held for melee (F-6)
    ("wolves", "Elwen", "стреляю в седьмого волка", Says("Wolf 5")),
    ("wolves", "Mira", "колдую искру на Борина", Illegal("F-6", Cast("spark", "Borin"))),
    ("wolves", "Elwen", "Стреляю!", Shoot()),
    ("wolves", "Mira", "пропускаю ход, жду", Pass()),
    ("wolves", "Mira", "колдую искру на второго волка, потом бью посохом",
     Both(Cast("spark", "Wolf 2"), Strike(None, "staff"))),  # both parts of the round (F-6)
    ("wolves", "Elwen", "[заявка]стреляю в волка номер 4[/заявка] и ругаюсь на эльфийском", Shoot("Wolf 4")),
    ("crypt", "Ilsa", "колдую магическую стрелу в призрака", Cast("magic bolt", "Ghost")),
    ("crypt", "Ilsa", "Изгоняющий свет на призрака!", Cast("banishing light", "Ghost")),
    ("crypt", "Ilsa", "бью призрака кинжалом", Illegal("F-2", Strike("Ghost", "dagger"))),  # AC -3
    ("crypt", "Ilsa", "пью противоядие", UseItem("antidote")),
    ("crypt", "Ilsa", "колдую на паука", Ask("magic bolt", "banishing light")),
    ("melee", "Borin", "бью второго волка топором", Strike("Wolf 2", "axe")),
    ("melee", "Borin", "Борин ревёт и рубит вожака!", Strike("Pack leader")),
    ("melee", "Borin", "бью волка", Ask(*WOLVES)),
    ("melee", "Borin", "пью зелье лечения", UseItem("healing potion")),
    ("melee", "Borin", "Бегу со всех ног!", Flee()),
    ("melee", "Borin", "бью", Strike()),
    ("melee", "Borin", "бью Элвен топором", Illegal("F-6", Strike("Elwen", "axe"))),
    ("melee", "Borin", "стреляю в вожака", Illegal("F-6", Shoot("Pack leader"))),
    ("melee", "Borin", "бью волка 4 топором и пью зелье", Says("F-6")),
    ("melee", "Hound", "Пёс кусает первого волка", Strike("Wolf 1")),
    ("melee", "Elwen", "бью вожака мечом", Strike("Pack leader", "sword")),
    ("melee", "Mira", "бью волка пять посохом", Strike("Wolf 5", "staff")),
    ("melee", "Borin", "атакю вожака", Strike("Pack leader")),
    # --- English ---------------------------------------------------------------------------------
    ("wolves", "Elwen", "shoot the second wolf with my bow", Shoot("Wolf 2")),
    ("wolves", "Elwen", "Elwen draws her bow.\nOrders: shoot the pack leader", Shoot("Pack leader")),
    ("wolves", "Elwen", "shoot the wolf", Ask(*WOLVES)),
    ("wolves", "Mira", "cast spark on wolf 3", Cast("spark", "Wolf 3")),
    ("wolves", "Mira", "Spark at the third wolf!", Cast("spark", "Wolf 3")),
    ("wolves", "Mira", "cast mend on Borin", Cast("mend", "Borin")),
    ("wolves", "Mira", "I cast a spell!", Ask("spark", "mend")),
    ("wolves", "Elwen", "hit wolf 2 with the sword", Strike("Wolf 2", "sword")),
    ("wolves", "Elwen", "shoot wolf 7", Says("Wolf 5")),
    ("wolves", "Mira", "cast spark on Borin", Illegal("F-6", Cast("spark", "Borin"))),
    ("wolves", "Elwen", "Shoot!", Shoot()),
    ("wolves", "Mira", "pass, I wait", Pass()),
    ("wolves", "Mira", "cast spark on the second wolf, then hit with my staff",
     Both(Cast("spark", "Wolf 2"), Strike(None, "staff"))),
    ("wolves", "Elwen", "[order]shoot wolf #4[/order] and curse in elvish", Shoot("Wolf 4")),
    ("crypt", "Ilsa", "cast magic bolt at the ghost", Cast("magic bolt", "Ghost")),
    ("crypt", "Ilsa", "Banishing light on the ghost!", Cast("banishing light", "Ghost")),
    ("crypt", "Ilsa", "stab the ghost with my dagger", Illegal("F-2", Strike("Ghost", "dagger"))),
    ("crypt", "Ilsa", "drink the antidote", UseItem("antidote")),
    ("crypt", "Ilsa", "cast at the spider", Ask("magic bolt", "banishing light")),
    ("melee", "Borin", "hit the second wolf with my axe", Strike("Wolf 2", "axe")),
    ("melee", "Borin", "Borin roars and chops the pack leader!", Strike("Pack leader")),
    ("melee", "Borin", "attack the wolf", Ask(*WOLVES)),
    ("melee", "Borin", "drink the healing potion", UseItem("healing potion")),
    ("melee", "Borin", "Run away!", Flee()),
    ("melee", "Borin", "strike", Strike()),
    ("melee", "Borin", "hit Elwen with the axe", Illegal("F-6", Strike("Elwen", "axe"))),
    ("melee", "Borin", "shoot the leader", Illegal("F-6", Shoot("Pack leader"))),
    ("melee", "Borin", "hit wolf 4 with the axe and drink the potion", Says("F-6")),
    ("melee", "Hound", "The hound bites the first wolf", Strike("Wolf 1", "bite")),
    ("melee", "Elwen", "hit the leader with my sword", Strike("Pack leader", "sword")),
    ("melee", "Mira", "whack wolf five with the staff", Strike("Wolf 5", "staff")),
    ("melee", "Borin", "atack the leader", Strike("Pack leader")),
    # --- mixed -----------------------------------------------------------------------------------
    ("melee", "Borin", "бью Wolf 2 (axe)", Strike("Wolf 2", "axe")),
    ("wolves", "Mira", "cast искру на волка 3", Cast("spark", "Wolf 3")),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{i:02d}" for i in range(len(CASES))])
def test_message(case: tuple[str, str | None, str, Any]) -> None:
    check("fantasy", case)


def test_the_corpus_is_big_and_bilingual() -> None:
    ru, en = languages(CASES)
    assert ru >= 30 and en >= 30
