"""Every outcome told (issue 34): a protection roll names what it was against (a spell is a spell,
never an attack; a weapon's special attack by its kind and weapon) and says what it decided; a
condition taken or ended is told as a reader says it; a special attack that triggers says what it
does instead of the damage, one that does not takes a few words.

Dice are typed in (C-2): a d18 as its two faces (:func:`.helpers.d18`). The names are a feminine
caster (Ярослава), a masculine beast (Варг) and a plural one (Летучие мыши), with their grammar
given as a scenario gives it; every Russian line is also read by tests/i18n/russian.py's check.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gmkit.encounter import Encounter
from gmkit.events import Event
from gmkit.fantasy import Cast, Pass, Skirmish, Strike, UseItem
from gmkit.i18n import grammar
from tests.i18n.russian import check

from .helpers import beast, d18, hero, make

NB = "\u00a0"
SLEEP = {"name": "Сон", "status": "asleep", "turns": 2, "disables": True, "protection": 10}
POISON = {"poison": {"damage": "2", "status": "poisoned", "ongoing": "1", "turns": 3}}
JOURNALS = sorted((Path(__file__).parent / "journals").glob("*.jsonl"))


def _caster(*foes: dict[str, Any], **kw: Any) -> Skirmish:
    return make(hero("Ярослава", gender="f", hp=20, spells=[SLEEP]), *foes, **kw)


def _round(sk: Skirmish, actor: str, order: Any, *faces: int) -> list[Event]:
    sk.enter_faces(*faces)
    sk.submit(actor, order)
    return sk.resolve_round()


def _texts(sk: Skirmish, events: list[Event], lang: str) -> list[str]:
    with grammar.cast(sk.cast):
        return [e.text(lang) for e in events]


def _read_right(sk: Skirmish, lines: list[str]) -> None:
    found = [f for line in lines for f in check(line, sk.cast, repeats=False)]
    assert not found, found


def test_a_sleep_spell_resisted_is_told_as_shaken_off_and_never_an_attack() -> None:
    sk = _caster(beast("Варг", hp=10))
    ev = _round(sk, "Ярослава", Cast("Сон", "Варг"), *d18(10))  # 10 + 0 >= PR 10
    ru, en = _texts(sk, ev, "ru"), _texts(sk, ev, "en")
    line = ("Варг выдерживает бросок защиты от заклинания «Сон»: 10 +0 за мудрость против ПБ 10"
            f"{NB}— Варг стряхивает сон")
    assert line in ru
    assert ("Варг makes the protection roll against the spell Сон: 10 +0 for Wisdom against PR 10"
            " — Варг shakes off the sleep") in en
    assert not any("атак" in t for t in ru) and not any("attack" in t for t in en)
    assert sk.status("Варг") == "active"
    _read_right(sk, ru)
    # what happened is recorded as before: the roll, its need and the decision
    (pr,) = [e for e in ev if e.kind == "protection"]
    assert pr.data == {"saved": True} and pr.params["special"] == "Сон" and pr.params["need"] == 10
    assert pr.params["against"] == {"key": "fantasy.against.spell", "spell": "Сон"}


def test_a_sleep_spell_that_takes_hold_then_wears_off() -> None:
    sk = _caster(beast("Варг", hp=10))
    ev = _round(sk, "Ярослава", Cast("Сон", "Варг"), *d18(9))  # 9 < PR 10
    ru, en = _texts(sk, ev, "ru"), _texts(sk, ev, "en")
    assert "Варг не выдерживает бросок защиты от заклинания «Сон»: 9 +0 за мудрость против ПБ 10" in ru
    assert "Варг засыпает на 2 хода" in ru and "Варг falls asleep for 2 turns" in en
    assert not any("стряхивает" in t for t in ru)
    assert sk.status("Варг") == "asleep"
    while sk.status("Варг") == "asleep":
        _round(sk, "Ярослава", Pass())
    ends = [e for e in sk.record if e.kind == "effect_end"]
    assert _texts(sk, ends, "ru") == ["Варг просыпается"] and _texts(sk, ends, "en") == ["Варг wakes up"]
    _read_right(sk, _texts(sk, sk.record, "ru"))


def test_a_feminine_and_a_plural_target_agree() -> None:
    """Spells cast at Ярослава's foes: a she-wolf and a swarm of bats, each line agreeing."""
    wolf = beast("Серая Волчица", hp=10, gender="f")
    bats = beast("Летучие мыши", hp=10, gender="pl")
    sk = _caster(wolf, bats)
    ev = _round(sk, "Ярослава", Cast("Сон", "Летучие мыши"), *d18(3))
    ru = _texts(sk, ev, "ru")
    assert ("Летучие мыши не выдерживают бросок защиты от заклинания «Сон»: 3 +0 за мудрость"
            " против ПБ 10") in ru
    assert "Летучие мыши засыпают на 2 хода" in ru
    _round(sk, "Серая Волчица", Pass())
    ev = _round(sk, "Ярослава", Cast("Сон", "Серая Волчица"), *d18(14))
    ru = _texts(sk, ev, "ru")
    assert ("Серая Волчица выдерживает бросок защиты от заклинания «Сон»: 14 +0 за мудрость против ПБ 10"
            f"{NB}— Серая Волчица стряхивает сон") in ru
    _read_right(sk, _texts(sk, sk.record, "ru"))


def _spear(target: dict[str, Any]) -> Skirmish:
    chief = beast("Вождь гоблинов", hp=30, melee={"name": "копьё", "damage": "1-2", "special": "яд16ПБ7"})
    return make(target, chief, effects=POISON, first="monsters")


def test_poison_resisted_names_the_weapon_and_says_no_harm_came() -> None:
    sk = _spear(hero("Борин", hp=20, wisdom=1))
    ev = _round(sk, "Вождь гоблинов", Strike("Борин"), *d18(12), *d18(16), *d18(6))  # 6 + 1 >= 7
    ru, en = _texts(sk, ev, "ru"), _texts(sk, ev, "en")
    assert f"Вместо урона от копья Вождя гоблинов{NB}— яд (16 на d18)" in ru
    assert ("Борин выдерживает бросок защиты от яда копья: 6 +1 за мудрость против ПБ 7"
            f"{NB}— Борин не поддаётся яду") in ru
    assert ("Борин makes the protection roll against the poison of копьё: 6 +1 for Wisdom against PR 7"
            " — Борин resists the poison") in en
    kinds = [e.kind for e in ev if e.actor in ("Борин", "Вождь гоблинов")]
    assert kinds[:3] == ["hit", "trigger", "protection"]
    assert sk.state.combatants["Борин"].hp == 20  # neither the poison nor the spear's damage
    _read_right(sk, ru)


def test_poison_that_takes_hold_and_a_special_that_does_not_trigger() -> None:
    sk = _spear(hero("Ярослава", gender="f", hp=20))
    ev = _round(sk, "Вождь гоблинов", Strike("Ярослава"), *d18(12), *d18(15), 2)  # 15 < 16: the spear
    ru = _texts(sk, ev, "ru")
    assert "Яд не срабатывает (15 на d18)" in ru
    assert "Poison does not take effect (15 on the d18)" in _texts(sk, ev, "en")
    assert not any("Особая атака" in t or "ПБ" in t for t in ru)  # no notation, no roll that never came
    _round(sk, "Ярослава", Pass())
    ev = _round(sk, "Вождь гоблинов", Strike("Ярослава"), *d18(12), *d18(17), *d18(3))  # 3 < 7
    ru, en = _texts(sk, ev, "ru"), _texts(sk, ev, "en")
    assert "Ярослава не выдерживает бросок защиты от яда копья: 3 +0 за мудрость против ПБ 7" in ru
    assert "Ярослава отравлена на 3 хода" in ru and "Ярослава is poisoned for 3 turns" in en
    assert not any("выдерживает" in t and NB + "—" in t for t in ru)  # a failed roll spares nothing
    while sk.state.combatants["Ярослава"].conditions:
        _round(sk, "Ярослава", Pass())
        if sk.state.combatants["Ярослава"].conditions:
            _round(sk, "Вождь гоблинов", Pass())
    ends = [e for e in sk.record if e.kind == "effect_end"]
    assert _texts(sk, ends, "ru") == ["Яд больше не действует на Ярославу"]
    assert _texts(sk, ends, "en") == ["Ярослава is no longer poisoned"]
    _read_right(sk, _texts(sk, sk.record, "ru"))


def test_paralysis_taken_and_ended() -> None:
    ghoul = beast("Упырь", melee={"name": "когти", "gender": "pl", "damage": "1", "special": "паралич10ПБ9"})
    sk = make(hero("Тихон", hp=20), ghoul, first="monsters",
              effects={"paralysis": {"status": "paralysed", "disables": True, "turns": 1}})
    ev = _round(sk, "Упырь", Strike("Тихон"), *d18(12), *d18(10), *d18(4))
    ru, en = _texts(sk, ev, "ru"), _texts(sk, ev, "en")
    assert f"Вместо урона от когтей Упыря{NB}— паралич (10 на d18)" in ru
    assert "Тихон не выдерживает бросок защиты от паралича когтей: 4 +0 за мудрость против ПБ 9" in ru
    assert "Тихон парализован на 1 ход" in ru and "Тихон is paralysed for 1 turn" in en
    assert sk.status("Тихон") == "paralysed"
    _round(sk, "Упырь", Pass())
    ends = [e for e in sk.record if e.kind == "effect_end"]
    assert _texts(sk, ends, "ru") == ["Тихон снова может двигаться"]
    _read_right(sk, _texts(sk, sk.record, "ru"))


def test_an_item_is_named_as_an_item() -> None:
    wand = {"name": "жезл сна", "status": "asleep", "turns": 1, "protection": 8, "target": "enemy"}
    sk = make(hero("Мира", gender="f", items=[wand]), beast("Варг", hp=10))
    ev = _round(sk, "Мира", UseItem("жезл сна", "Варг"), *d18(12))
    ru = _texts(sk, ev, "ru")
    assert ("Варг выдерживает бросок защиты от жезла сна: 12 +0 за мудрость против ПБ 8"
            f"{NB}— Варг стряхивает сон") in ru


def test_every_status_has_its_words_in_both_languages() -> None:
    """Each status the rule set names: taken, resisted and ended, agreeing with a plural actor."""
    from gmkit.fantasy.procedures.terms import KNOWN_STATUSES, ended_term, resisted_term, taken_term
    from gmkit.i18n import format_message

    cast = grammar.Cast.of([("Летучие мыши", "monster", "pl", None), ("Серая Волчица", "monster", "f", None)])
    seen: set[str] = set()
    with grammar.cast(cast):
        for status in KNOWN_STATUSES:
            for name in ("Летучие мыши", "Серая Волчица"):
                terms = [taken_term(name, status, 2), resisted_term(name, status, False),
                         ended_term(name, status)]
                for term in terms:
                    assert term is not None
                    texts = {lang: format_message(term["key"], lang, **{k: v for k, v in term.items()
                                                                        if k != "key"})
                             for lang in ("ru", "en")}
                    assert all(texts.values()) and "{" not in texts["ru"] + texts["en"]
                    assert not check(texts["ru"], cast, repeats=False), texts["ru"]
                    seen.add(texts["ru"])
    assert len(seen) == 3 * 2 * len(KNOWN_STATUSES)  # no two statuses told alike


def test_old_journals_tell_their_protection_rolls_as_they_always_did() -> None:
    """Events recorded before issue 34 have no ``against``/``told``: their lines keep the words
    of their time (the special attack's kind), not a blank."""
    lines = []
    for path in JOURNALS:
        for raw in path.read_text(encoding="utf-8").splitlines()[1:]:
            for e in json.loads(raw).get("events", ()):
                if e["kind"] in ("protection", "trigger", "effect", "effect_end"):
                    assert "told" not in e.get("params", {}) and "against" not in e.get("params", {})
                    lines.append(Event.from_json(e).text("ru"))
    assert "Особая атака Ghost срабатывает (16 на d18): паралич15ПБ8 вместо обычного урона" in lines
    assert "Hired sword не выдерживает бросок защиты от паралича: 6 +0 за мудрость против ПБ 8" in lines
    assert "Hired sword получает состояние «паралич» от Ghost" in lines
    assert "Состояние «паралич» у Hired sword проходит" in lines
    # and replayed today, the same fights tell them in words
    fight = Encounter.resume(JOURNALS[0], autosave=False)
    told = [e for e in fight.record if "told" in e.params]
    assert told and all("{" not in e.text("ru") for e in told)
