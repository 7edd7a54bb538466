"""A fantasy round on a forum (F-6, issue 34): five messages written as forum players write
them — prose around the order, a quote of the GM's post, a correction, a negation, the author
header «Ник написал(а):» — read into one table during the ranged exchange. Each row's state and
orders are asserted; what is unclear is asked, never guessed."""

from __future__ import annotations

from typing import Any

import pytest

from gmkit import inbox
from gmkit.fantasy import Skirmish
from gmkit.fantasy.orders import Both, Cast, Shoot, Strike
from gmkit.language import examples, read

NPCS = ["Гоблин 1", "Гоблин 2", "Гоблин 3", "Варг", "Вождь гоблинов"]


def _goblin(n: int) -> dict[str, Any]:
    return {"name": f"Гоблин {n}", "side": "goblins", "hp": "1ЖК", "ac": 8,
            "melee": {"name": "нож", "damage": "0.5-1-1.5"}, "ranged": {"name": "лук", "damage": "0.5-1-1.5"},
            "morale": 10, "escape": [1, 2, 3, 4], "reward": 10}


def ambush() -> dict[str, Any]:
    """Five adventurers at a ford; three goblin archers, a warg and a chief (no bows for the
    last two, nor for Борин)."""
    return {
        "system": "fantasy", "name": "Засада у брода", "seed": 11, "language": "ru",
        "sides": ["party", "goblins"],
        "side_names": {"party": {"name": "отряд"}, "goblins": {"name": "гоблины", "gender": "pl"}},
        "options": {"variant": 1, "cap": "twice_opponents"},
        "combatants": [
            {"name": "Борин", "gender": "m", "side": "party", "kind": "player", "player": "Бородач",
             "hp": "2ЖК+6", "ac": 5, "melee": {"name": "топор", "damage": "1-1.5-2-2.5-3-3.5"}},
            {"name": "Эльвен", "gender": "f", "side": "party", "kind": "player", "player": "Elwen_PbP",
             "hp": "2ЖК+4", "ac": 6, "melee": {"name": "меч", "damage": "0.5-1-1.5-2-2.5-3"},
             "ranged": {"name": "лук", "damage": "0.5-1-1.5-2"}},
            {"name": "Мира", "gender": "f", "side": "party", "kind": "player", "player": "mira",
             "hp": "1ЖК+4", "ac": 8, "melee": {"name": "посох", "damage": "1-2"},
             "spells": [{"name": "Сон", "status": "asleep", "disables": True, "turns": 2,
                         "protection": 10, "uses": 1},
                        {"name": "Магическая стрела", "damage": "1-2-3", "uses": 2}]},
            {"name": "Ярослава", "gender": "f", "side": "party", "kind": "player", "player": "Яра",
             "hp": "2ЖК+3", "ac": 6, "melee": {"name": "копьё", "damage": "0.5-1-1.5-2-2.5"},
             "ranged": {"name": "арбалет", "damage": "1-1.5-2"}},
            {"name": "Тихон", "gender": "m", "side": "party", "kind": "player", "player": "Тихон",
             "hp": "2ЖК+2", "ac": 5, "melee": {"name": "булава", "gender": "f", "damage": "0.5-1-1.5-2-2.5"},
             "spells": [{"name": "Исцеление", "target": "ally", "heal": "1-2-3-4", "uses": 2}]},
            _goblin(1), _goblin(2), _goblin(3),
            {"name": "Варг", "gender": "m", "side": "goblins", "hp": "2ЖК+2", "ac": 7,
             "melee": {"name": "клыки", "gender": "pl", "damage": "0.5-1-1.5-2"}, "morale": 12,
             "escape": [1, 2, 3], "reward": 30},
            {"name": "Вождь гоблинов", "gender": "m", "side": "goblins", "hp": "2ЖК+3", "ac": 6,
             "melee": {"name": "копьё", "damage": "1-1.5-2-2.5"}, "morale": 14, "escape": [1, 2, 3],
             "reward": 50},
        ]}


@pytest.fixture
def fight() -> Skirmish:
    sk = Skirmish.from_scenario(ambush())
    assert sk.phase == "ranged" and sk.acting_side == "party"
    return sk


PASTE = """Бородач написал(а):
Гоблины из камышей?! Ну всё. Рублю варга топором, пока он не добрался до Миры.

Elwen_PbP написал(а):
Эльвен вскидывает лук: стреляю в первого гоблина. Потом, если дойдёт до рукопашной, бью его же мечом.

mira написал(а):
Колдую Сон на варга! Нет, стоп — на вождя. Сон на вождя гоблинов.

Яра написал(а):
> Раунд 1 · гоблины стреляют
Стреляю из арбалета во второго гоблина.

Тихон написал(а):
Тихон держится рядом с Мирой и бьёт булавой того, кто подойдёт. Бью третьего гоблина.
"""


def test_the_five_messages_of_a_forum_round(fight: Skirmish) -> None:
    table = inbox.read_paste(fight, PASTE, npcs=NPCS)
    rows = {r.actor: r for r in table.rows if r.actor}
    want = {
        # no bow, no spell: his blow waits for melee instead of the row being «out»
        "Борин": Strike("Варг", "топор"),
        # the conditional names the melee part; «его же» is the goblin shot at
        "Эльвен": Both(Shoot("Гоблин 1"), Strike("Гоблин 1", "меч")),
        # the correction wins
        "Мира": Cast("Сон", "Вождь гоблинов"),
        # the quote of the GM's post is not read
        "Ярослава": Shoot("Гоблин 2"),
        # Мира, named after «рядом с», is no target; the narrative blow has none
        "Тихон": Strike("Гоблин 3", "булава"),
    }
    for actor, order in want.items():
        assert rows[actor].state == "ready", rows[actor].reply
        assert rows[actor].orders == (order,), rows[actor].reply
    assert "Мир" not in rows["Тихон"].understood
    # Тихон could cast in the exchange but wrote only a blow: the row says he does nothing now
    assert rows["Тихон"].understood.startswith("в перестрелке не действую")
    assert "в ближнем бою" in rows["Эльвен"].understood
    assert not table.by_state("out", "whose")
    taken = inbox.accept_all(fight, table)
    assert set(want) <= set(taken)
    assert fight.pending_order("Эльвен") == want["Эльвен"]
    assert fight.pending_order("Борин") == want["Борин"]


@pytest.mark.parametrize("message, order", [
    ("Не стреляю, бью варга мечом.", Strike("Варг", "меч")),  # a negation, then the blow held
    ("Нет, не в варга — стреляю в вождя гоблинов!", Shoot("Вождь гоблинов")),
    ("Стреляю в Гоблина 2, в ближнем бою — бью того же мечом",
     Both(Shoot("Гоблин 2"), Strike("Гоблин 2", "меч"))),
    ("Когда сойдёмся, бью вождя гоблинов мечом. А сейчас стреляю в варга.",
     Both(Shoot("Варг"), Strike("Вождь гоблинов", "меч"))),
    ("shoot goblin 3; in melee, hit the same one with the sword",
     Both(Shoot("Гоблин 3"), Strike("Гоблин 3", "меч"))),
])
def test_elwen_writes(fight: Skirmish, message: str, order: Any) -> None:
    r = read(fight, "Эльвен", message)
    assert r.ok and r.orders == (order,), r.reply()


def test_unclear_is_asked_never_guessed(fight: Skirmish) -> None:
    paste = "Elwen_PbP написал(а):\nСтреляю в гоблина, а в ближнем бою бью его же мечом.\n"
    row = inbox.read_paste(fight, paste, npcs=NPCS).row("Эльвен")
    assert row is not None and row.state == "question" and not row.orders, row.reply
    assert "Гоблина 1" in row.reply and "Гоблина 3" in row.reply
    # «того же» with no target before it: which one is asked
    r = read(fight, "Эльвен", "в ближнем бою бью того же мечом")
    assert not r.ok and r.questions and "Вождь гоблинов" in r.questions[0].choices, r.reply()


def test_two_orders_for_one_part_are_refused(fight: Skirmish) -> None:
    r = read(fight, "Эльвен", "стреляю в гоблина 1, потом стреляю в варга")
    assert not r.ok and any(p.rule == "F-6" for p in r.problems), r.reply()
    assert "один приказ за ход" in r.reply()
    r = read(fight, "Эльвен", "стреляю в гоблина 1, в ближнем бою бью варга, а потом бью вождя гоблинов")
    assert not r.ok and "один приказ за ход" in r.reply(), r.reply()


def test_a_shot_from_one_who_cannot_shoot_is_refused_with_the_choices(fight: Skirmish) -> None:
    r = read(fight, "Борин", "Стреляю в варга!")
    reply = r.reply()
    assert not r.ok and any(p.rule == "F-6" for p in r.problems), reply
    assert "Можно:" in reply and "бью Вождя гоблинов" in reply and "бью Варга" in reply


def test_every_legal_target_is_offered(fight: Skirmish) -> None:
    r = read(fight, "Ярослава", "стреляю в орка")
    assert not r.ok
    for name in ("Гоблина 1", "Гоблина 2", "Гоблина 3", "Варга", "Вождя гоблинов"):
        assert f"стреляю в {name}" in r.reply(), r.reply()
    mira = read(fight, "Мира", "колдую на варга")
    assert "колдую Магическую стрелу на Вождя гоблинов" in mira.reply(), mira.reply()


def test_examples_are_of_the_readers_own_fight(fight: Skirmish) -> None:
    from gmkit.language import order_format

    for actor, weapon in (("Эльвен", "мечом"), ("Борин", "топором"), ("Ярослава", "копьём")):
        said = " ".join(examples(fight, actor, "ru"))
        assert weapon in said and "волк" not in said.lower(), said
        for e in examples(fight, actor, "ru"):  # each example reads back as an order taken
            assert read(fight, actor, e).ok, e
    assert examples(fight, "Эльвен", "ru")[0].startswith("стреляю в Гоблина 1, в ближнем бою")
    for lang in ("ru", "en"):
        assert "волк" not in order_format("fantasy", lang).lower()
        assert "wolf" not in order_format("fantasy", lang).lower()
    table = inbox.read_paste(fight, "Яра написал(а):\nСтреляю во второго гоблина.", npcs=NPCS)
    reminder = table.row("Борин").reply  # type: ignore[union-attr]
    assert "топором" in reminder and "волк" not in reminder, reminder


def test_both_is_rendered_and_reads_back(fight: Skirmish) -> None:
    from gmkit.language import render

    both = Both(Shoot("Гоблин 1"), Strike("Гоблин 1", "меч"))
    ru = render(fight, "Эльвен", both, "ru")
    assert ru == "стреляю в Гоблина 1, в ближнем бою\u00a0— бью Гоблина 1 мечом"
    en = render(fight, "Эльвен", both, "en")
    assert en.startswith("shoot ") and "; in melee, strike " in en
    for text in (ru, en):
        assert read(fight, "Эльвен", text).orders == (both,), text
    spell = Both(Cast("Магическая стрела", "Варг"), Strike("Варг", "посох"))
    assert read(fight, "Мира", render(fight, "Мира", spell, "ru")).orders == (spell,)


def test_both_parts_in_melee_are_refused_with_the_choices(fight: Skirmish) -> None:
    while fight.phase == "ranged":
        fight.resolve_round(autopilot=True)
    actor = "Эльвен"
    r = read(fight, actor, "стреляю в варга, потом в ближнем бою бью его мечом")
    reply = r.reply()
    assert not r.ok and not r.orders and "перестрелка уже прошла" in reply, reply
    assert "Можно:" in reply
