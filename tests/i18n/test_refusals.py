"""Engine refusals in the reader's language (issue 17 item 5): a refusal carries a message key and
its parameters, ``str()`` stays English, ``message(lang)`` words it in Russian or English with the
same rule id and numbers, and a player's reply shows it in the player's language."""

from __future__ import annotations

import pickle
import re
from typing import Any

import pytest

from gmkit.errors import IllegalOrder
from gmkit.language.morph import inflect
from tests.language.situations import reading, situation

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _refusal(system: str, name: str, actor: str, order: Any) -> IllegalOrder:
    enc = situation(system, name)
    with pytest.raises(IllegalOrder) as info:
        enc.check_order(actor, order)
    return info.value


def _cases() -> list[tuple[str, str, str, Any, str]]:
    from gmkit.dragons.orders import Attack, DragonOrder, TailAttempt
    from gmkit.fantasy.orders import Flee
    from gmkit.space.orders import Move, Tractor

    return [
        ("dragons", "firmament", "Ash", DragonOrder(None, (Attack("Claws", "Bane"),)), "D-5"),
        ("dragons", "firmament", "Ash", DragonOrder(None, (TailAttempt("Bane"),)), "D-12"),
        ("space", "orbit", "Raider", Move((9, 9)), "S-2"),
        ("space", "cloak", "Shade", Tractor("Mule"), "S-13"),
        # a strike given in the ranged phase now waits for melee (issue 34); a flight does not
        ("fantasy", "wolves", "Elwen", Flee(), "F-6"),
    ]


@pytest.mark.parametrize("system,name,actor,order,rule", _cases())
def test_a_refusal_is_worded_in_both_languages_with_its_rule_and_numbers(
        system: str, name: str, actor: str, order: Any, rule: str) -> None:
    err = _refusal(system, name, actor, order)
    assert err.rule == rule and err.key
    en, ru = err.message("en"), err.message("ru")
    assert en == str(err) and en.startswith(f"{rule}: ")
    assert ru.startswith(f"{rule}: ") and CYRILLIC.search(ru), ru
    assert not CYRILLIC.search(en), en
    assert sorted(re.findall(r"\d+", en[len(rule):])) == sorted(re.findall(r"\d+", ru[len(rule):])), (en, ru)


def test_a_refusal_survives_pickling_with_its_key() -> None:
    from gmkit.space.orders import Tractor

    err = _refusal("space", "cloak", "Shade", Tractor("Mule"))
    back = pickle.loads(pickle.dumps(err))
    assert (type(back), back.rule, back.key, str(back), back.message("ru")) == \
        (type(err), err.rule, err.key, str(err), err.message("ru"))


def test_a_refusal_without_a_key_stays_as_written() -> None:
    err = IllegalOrder("D-1", "a dragon's order is one DragonOrder")
    assert err.message("ru") == str(err) == "D-1: a dragon's order is one DragonOrder"


def test_the_reply_words_the_engines_refusal_in_the_players_language() -> None:
    r = reading("dragons", "firmament", "Ash", "атакую Бейна когтями")
    ru = r.reply()
    assert "D-5" in ru and "для ближнего боя нужна одна Высота" in ru, ru
    assert "melee needs" not in ru
    en = r.reply("en")
    assert "melee needs the same Height" in en and not CYRILLIC.search(en), en


def test_a_russian_reply_declines_the_names_it_puts_in_an_oblique_case() -> None:
    assert "атакую Бейна Когтями" in reading("dragons", "same", "Ash", "атакую Бейна когтями").reply()
    assert "сажусь на хвост Бейну" in reading("dragons", "same", "Ash", "сажусь на хвост Бейну").reply()
    assert "стреляю в Вожака" in reading("fantasy", "wolves", "Elwen", "стреляю из лука в вожака").reply()
    assert "колдую Магическую стрелу на Паука" in reading(
        "fantasy", "crypt", "Ilsa", "луч захвата на Мула").reply()
    assert inflect("Волк 3", "accs") == "Волка 3" and inflect("Bane", "datv") == "Bane"


def test_a_question_with_nothing_to_choose_says_so() -> None:
    r = reading("fantasy", "wolves", "Elwen", "колдую искру на волка 3")
    assert "у вас нет заклинаний" in r.reply(), r.reply()
    assert ": ?" not in r.reply() and "you have no spell" in r.reply("en")


def test_refusals_met_in_the_example_fights_are_russian_in_russian() -> None:
    """Through each example fight, the orders legal for one participant (or earlier in the
    fight) are offered to every other: each refusal met is worded in Russian with no English
    word but names, dice and rule ids, and in English with no Russian one."""
    from gmkit.demo import examples
    from gmkit.report.rundata import find_file
    from gmkit.scenario import load_scenario
    from gmkit.systems import get
    from tests.i18n.test_no_foreign_words import _names, foreign_words

    seen: dict[str, str] = {}
    faults: list[str] = []
    for _, scenario, _ in examples():
        model = load_scenario(find_file(scenario)).model_dump(mode="json")
        enc = get(model["system"]).engine_class(model, 7)
        names = _names(model)
        pool: list[Any] = []
        for _ in range(6):
            if enc.is_over:
                break
            for actor in enc.participants():
                try:
                    pool += list(enc.legal_orders(actor))[:8]
                except Exception:  # an actor out of the fight has no orders to offer
                    pass
            for actor in enc.participants():
                for order in pool[-40:]:
                    try:
                        enc.check_order(actor, order)
                    except IllegalOrder as e:
                        if e.key is None or e.key in seen:
                            continue
                        ru, en = e.message("ru"), e.message("en")
                        seen[e.key] = ru
                        bad = foreign_words(ru, "ru", names) + foreign_words(en, "en", names)
                        if bad or not CYRILLIC.search(ru):
                            faults.append(f"{e.key}: {bad} in {ru!r} / {en!r}")
            enc.resolve_round(autopilot=True)
    assert len(seen) >= 15, sorted(seen)
    assert not faults, "\n".join(faults)
