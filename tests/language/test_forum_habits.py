"""Forum habits the shared reader handles for every rule set (the third pass, 2026-12-03): a
later round's order, a doubt or a change of mind at the end («…или нет»), calling off
(«отменяю», «отставить»), edits (UPD:, EDIT:), a remark about a named one («Чайка далековато»),
labels on behalf of another («За Грозу: …»), joint subjects («Борин и Пёс атакуют»), «пока»
as "for now", a question to the GM the order hangs on, and an English possessive («Чайка's»).

Each expectation is how a GM reads the message, against RULES.md; the first column says how the
reader before this pass read it: ``"wrong"`` (accepted an order the player did not give),
``"missed"`` (asked, or read nothing), ``"kept"`` (read as meant: a guard for what the new rules
must not break).
"""

from __future__ import annotations

from typing import Any

import pytest

from gmkit.dragons.orders import Attack as DA
from gmkit.dragons.orders import DragonOrder, Move
from gmkit.fantasy.orders import Cast, Shoot, Strike
from gmkit.space.orders import Attack, Cloak, Pass

from .corpus import Nothing, Says, verdict

lvl, climb, dive = Move.level, Move.climb, Move.dive

CASES: list[tuple[str, str, str, str, str, Any]] = [
    # an order for a later round is said back, not taken now
    ("wrong", "dragons", "storm", "Пепел", "В следующем раунде пикирую на 2, а пока ровно.",
     DragonOrder(lvl(0))),
    ("wrong", "dragons", "storm", "Пепел", "В следующем раунде пикирую на 2", Says("другой раунд")),
    ("missed", "dragons", "storm", "Пепел", "Planning to dive next round. This round: level, burn Шквал",
     DragonOrder(lvl(0), (DA("Пламя", "Шквал"),))),
    ("missed", "space", "cloud", "Облако", "Огонь по Буревестнику, Чайкой займёмся потом",
     Attack("Буревестник")),
    ("missed", "space", "cloud", "Облако", "Огонь по Чайке. А в следующем ходу — по Буревестнику.",
     Attack("Чайка")),
    ("missed", "fantasy", "road", "Мира", "Исцеление держу про запас, искра в крыс", Cast("Искра", "Крысы")),
    # «или нет»: a doubt asked back, or a change of mind when an order follows
    ("wrong", "dragons", "storm", "Пепел", "Ровно +1, Пламя по Шквалу... или нет, подожду",
     DragonOrder(lvl(1))),
    ("wrong", "dragons", "storm", "Пепел", "Ровно +1, Пламя по Шквалу... или нет",
     Says("вопрос или сомнение")),
    ("wrong", "dragons", "storm", "Пепел", "Ровно +1, Пламя по Шквалу или нет", Says("вопрос или сомнение")),
    ("wrong", "space", "cloud", "Облако", "Огонь по Чайке!!1 или нет??", Says("вопрос или сомнение")),
    ("wrong", "space", "cloud", "Облако", "Огонь по Стражу 2! ...или нет, подожду", Pass()),
    ("kept", "space", "cloud", "Облако", "Огонь по Чайке или нет, лучше маскировка", Cloak(True)),
    # calling off
    ("wrong", "dragons", "storm", "Пепел", "Ровно +1, Пламя по Шквалу. Атаку отменяю", Says("отменяется")),
    ("wrong", "dragons", "storm", "Пепел", "Ровно +1, Пламя по Шквалу. Отбой атаки", Says("отменяется")),
    ("wrong", "dragons", "storm", "Пепел", "Ровно +1, Пламя по Шквалу. Хотя нет, не атакую",
     Says("отменяется")),
    ("wrong", "fantasy", "roadmelee", "Борин", "Бью вожака. Хотя не, отставить", Nothing()),
    ("wrong", "space", "cloud", "Облако", "Огонь по Чайке. Отставить!", Nothing()),
    ("kept", "dragons", "storm", "Пепел", "Пикирую на 2. UPD: отмена, ровно +1", DragonOrder(lvl(1))),
    ("kept", "space", "cloud", "Облако", "Огонь по Чайке. Отбой.", Attack("Чайка")),  # a sign-off
    # edits and corrections
    ("missed", "space", "cloud", "Облако", "Огонь по Чайке\nUPD: по Буревестнику, Чайка далековато",
     Attack("Буревестник")),
    ("missed", "fantasy", "road", "Эльвен", "Стреляю в вожака\nUPD: не, в Волка 2, он ближе к Мире",
     Shoot("Волк 2")),
    ("wrong", "fantasy", "roadmelee", "Эльвен",
     "I hit the second wolf with my sword. EDIT: the third, not the second", Strike("Волк 3", "Меч")),
    ("wrong", "dragons", "storm", "Пепел", "Ровно +1, пламя по Шквалу\nEDIT: не по Шквалу, а по Мгле",
     DragonOrder(lvl(1), (DA("Пламя", "Мгла"),))),
    ("wrong", "dragons", "storm", "Пепел", "Ровно +1, Пламя по Шквалу. Хотя стоп, Мгла ближе — по ней",
     DragonOrder(lvl(1), (DA("Пламя", "Мгла"),))),
    ("wrong", "fantasy", "road", "Мира", "Лечу Эльвен. Нет, себя", Cast("Исцеление")),
    # whose clause it is
    ("missed", "dragons", "storm", "Пепел", "За Грозу: ровно +1. За Пепла: набор 1", DragonOrder(climb(1))),
    ("missed", "dragons", "storm", "Пепел", "For Гроза: level +1. For Пепел: climb 1", DragonOrder(climb(1))),
    ("kept", "dragons", "storm", "Пепел", "За Шквалом: ровно", DragonOrder(lvl(0))),
    ("missed", "fantasy", "roadmelee", "Борин", "Борин и Пёс атакуют вожака", Strike("Вожак")),
    ("missed", "dragons", "storm", "Пепел", "Пепел и Гроза пикируют на 1", DragonOrder(dive(1))),
    ("missed", "fantasy", "road", "Мира", "Исцеление на Эльвен, она еле стоит", Cast("Исцеление", "Эльвен")),
    ("missed", "dragons", "storm", "Пепел", "Было бы круто зайти Шквалу в хвост, но пока просто ровно +1",
     DragonOrder(lvl(1))),
    ("missed", "dragons", "storm", "Пепел", "I'd love to get on Шквал's tail but for now just level +1",
     DragonOrder(lvl(1))),
    ("missed", "dragons", "storm", "Пепел", "пока что ровно +1", DragonOrder(lvl(1))),
    ("kept", "dragons", "storm", "Пепел", "Пока Шквал пикирует, я держу ровно", DragonOrder(lvl(0))),
    # the decision put off: no order before it is final
    ("wrong", "fantasy", "wolves", "Elwen", "Shoot wolf 2. Actually, hold on, let me think about it.",
     Says("question or a doubt")),
    ("wrong", "fantasy", "wolves", "Elwen", "Elwen aims at wolf 2 but doesn't shoot yet",
     Says("question or a doubt")),
    ("missed", "fantasy", "road", "Эльвен", "Стреляю в вожака. Хотя погоди, дай подумать",
     Says("вопрос или сомнение")),
    ("missed", "fantasy", "road", "Эльвен", "Целюсь в вожака, но пока не стреляю",
     Says("вопрос или сомнение")),
    ("missed", "dragons", "storm", "Пепел", "Жгу Шквала пламенем. Пикировать не буду, ускоряться тоже",
     DragonOrder(None, (DA("Пламя", "Шквал"),))),
    ("kept", "dragons", "storm", "Пепел", "Ровно +2. Жгу Шквала — хотя не, отставить, жгу Мглу",
     DragonOrder(lvl(2), (DA("Пламя", "Мгла"),))),
    ("kept", "dragons", "storm", "Пепел", "Пикирую на 1, жгу Мглу.\nUPD: не жгу, только пике",
     DragonOrder(dive(1))),
    ("kept", "fantasy", "road", "Эльвен", "Стреляю в вожака. Отмена: в Волка 2", Shoot("Волк 2")),
    ("kept", "fantasy", "road", "Эльвен", "Стреляю в вожака, пока не кончатся стрелы", Shoot("Вожак")),
    ("kept", "dragons", "storm", "Пепел", "Ровно +1. Не забыл про атаку: Пламя по Шквалу",
     DragonOrder(lvl(1), (DA("Пламя", "Шквал"),))),
    # an order hung on the GM's answer is a condition (F-6: orders are given as they are)
    ("wrong", "fantasy", "road", "Эльвен", "Крысы мертвы? Тогда стреляю в вожака", Says("F-6")),
    # names
    ("missed", "space", "cloud", "Облако", "Fire on Чайка's engines", Attack("Чайка", "systems")),
    ("missed", "fantasy", "road", "Эльвен", "Стреляю в волка номер три)))", Shoot("Волк 3")),
    ("missed", "fantasy", "road", "Эльвен", "Стреляю в волка под номером 2", Shoot("Волк 2")),
    ("kept", "fantasy", "road", "Эльвен", "Shoot wolf 2, and in melee hit it with my sword", None),
]


@pytest.mark.parametrize("case", CASES, ids=[c[4][:40] for c in CASES])
def test_read_as_a_gm_reads_it(case: tuple[str, str, str, str, str, Any]) -> None:
    _, system, where, actor, message, want = case
    if want is None:  # a ranged shot and a melee strike, in the rule set's own pair
        from gmkit.fantasy.orders import Both

        want = Both(Shoot("Волк 2"), Strike("Волк 2", "Меч"))
    got, reply = verdict(system, (where, actor, message, want))
    assert got == "meant", f"{got}: {message!r}\n{reply}"
