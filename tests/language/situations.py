"""The situations the corpus is read in: the example scenarios (with the aliases a Russian table
would give them) and a few small positions of our own, each built fresh per case."""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from gmkit.language import read
from gmkit.systems import get

SCENARIOS = Path(__file__).resolve().parents[2] / "templates" / "scenarios"


@cache
def example(name: str) -> dict[str, Any]:
    return yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def build(system: str, scenario: dict[str, Any], seed: int = 1) -> Any:
    return get(system).engine_class(copy.deepcopy(scenario), seed)


# --- dragons -------------------------------------------------------------------------------------

DRAGON_ALIASES = {"Bane": ["Бейн"], "Ash": ["Эш"], "Ember": ["Эмбер"], "Flame": ["Пламя"],
                  "Claws": ["Когти"], "Lightning": ["Молния"], "Jaws": ["Челюсти"]}


def _dragon(name: str, side: str, speed: int, height: int, pilot: str) -> dict[str, Any]:
    weapons = {"Ash": [{"name": "Flame", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180]},
                       {"name": "Claws", "kind": "melee", "damage": "2d6+1"}],
               "Bane": [{"name": "Lightning", "kind": "ranged", "damage": "2d10", "ranges": [50, 100, 150]},
                        {"name": "Jaws", "kind": "melee", "damage": "2d8"}]}[name]
    return {"name": name, "side": side, "max_speed": 11, "toughness": 9, "speed": speed,
            "height": height, "pilot": {"name": pilot, "fighting": "d8", "piloting": "d8",
                                        "spirit": "d8"}, "weapons": weapons}


def dragons_at(ash: tuple[int, int], bane: tuple[int, int]) -> dict[str, Any]:
    return {"system": "dragons", "name": "two dragons", "battlefield": "blue",
            "aliases": DRAGON_ALIASES,
            "dragons": [_dragon("Ash", "red", *ash, "Kira"), _dragon("Bane", "blue", *bane, "Vel")]}


def firmament() -> dict[str, Any]:
    sc = dict(example("dragon_duel_firmament"))
    sc["aliases"] = DRAGON_ALIASES
    return sc


def blue() -> dict[str, Any]:
    sc = dict(example("dragon_blue_2v3"))
    sc["aliases"] = {**DRAGON_ALIASES, "Fire spit": ["Огненный плевок"]}
    return sc


DRAGONS: dict[str, Callable[[], dict[str, Any]]] = {
    "firmament": firmament,                           # Ash 7/10 below Bane 5/12
    "above": lambda: dragons_at((6, 12), (5, 10)),    # Ash above Bane: Flame reaches (range 110)
    "same": lambda: dragons_at((6, 10), (6, 10)),     # same Speed and Height: tail, claws
    "blue": blue,                                     # Ash and Ember against Raider One..Three
    "broke": lambda: dict(dragons_at((6, 12), (5, 10)), options={"bennies": 0}),  # no Bennies
}


# --- space ----------------------------------------------------------------------------------------

SPACE_ALIASES = {"Cruiser": ["Крейсер"], "Raider": ["Рейдер"], "Cutter": ["Катер"], "Tug": ["Буксир"],
                 "Mule": ["Мул"], "Shade": ["Тень"], "Courier": ["Курьер"], "Picket": ["Пикет"],
                 "Cobra": ["Кобра"]}


def space(name: str, **extra: Any) -> dict[str, Any]:
    sc = copy.deepcopy(example(name))
    sc["aliases"] = SPACE_ALIASES
    sc.update(extra)
    return sc


def cobra() -> dict[str, Any]:
    """A light Viper next to the heavy two-cell Cobra, shields down, Viper first."""
    return {"system": "space", "name": "Viper and Cobra", "initiative": ["Viper", "Cobra", "Asp"],
            "location": "orbit", "aliases": {**SPACE_ALIASES, "Viper": ["Гадюка"], "Asp": ["Аспид"]},
            "grid": {"width": 10, "height": 10, "station": [[9, 9]]},
            "ships": [{"name": "Viper", "side": "red", "cell": [2, 2], "hull": 10, "defence": 5,
                       "damage": "2d6", "tractor": True, "cloak": True, "shields": 4},
                      {"name": "Cobra", "side": "blue", "kind": "heavy", "size": 2, "cell": [3, 3],
                       "hull": 20, "defence": 5, "damage": "2d6"},
                      {"name": "Asp", "side": "blue", "cell": [7, 7], "hull": 8, "defence": 4,
                       "damage": "d6"}]}


def shot(name: str, attacker: str, target: str) -> Any:
    """A space situation just after ``attacker``'s shot hit ``target`` (a typed-in 10): the turn
    waits for the attacker's choice (S-8; and where it cloaks again, S-10, when cloaked)."""
    from gmkit.space.orders import Attack

    enc = build("space", SPACE[name]())
    enc.enter_faces(10)
    enc.push(attacker, Attack(target))
    return enc


SPACE: dict[str, Callable[[], Any]] = {
    "orbit": lambda: space("space_raider_vs_cruiser"),   # Raider (3,2) on turn, Cruiser (9,8)-(11,8)
    "cloak": lambda: space("space_cloak_2v2"),            # Shade cloaked at (5,11) on turn
    "dock": lambda: space("space_station_departure"),     # Courier departing from (10,5)
    "launch": lambda: space("space_station_departure",    # the same, the Picket (7,7) on turn
                            initiative=["Picket", "Courier"]),
    "cobra": cobra,                                        # Viper (2,2) on turn beside Cobra (3,3)-(4,3)
    "hit": lambda: shot("cobra", "Viper", "Cobra"),      # Viper hit Cobra: hull or systems?
    "shade": lambda: shot("cloak", "Shade", "Tug"),       # Shade hit Tug: aim, and stay (5,11) or
}                                                          # shift to (4,11) or (5,10)


# --- fantasy --------------------------------------------------------------------------------------

FANTASY_ALIASES = {"Pack leader": ["Вожак"], "Borin": ["Борин"], "Mira": ["Мира"], "Elwen": ["Элвен"],
                   "Hound": ["Пёс"], "Ilsa": ["Ильза"], "Torvald": ["Торвальд"], "Spider": ["Паук"],
                   "Ghost": ["Призрак"], "Wolf 1": ["Волк 1"], "spark": ["Искра"], "mend": ["Исцеление"],
                   "magic bolt": ["Магическая стрела"], "banishing light": ["Изгоняющий свет"]}


def fantasy(name: str) -> dict[str, Any]:
    sc = copy.deepcopy(example(name))
    sc["aliases"] = FANTASY_ALIASES
    return sc


def melee(name: str) -> dict[str, Any]:
    """The same fight with the ranged phase over: everyone has shot already, melee begins."""
    sc = fantasy(name)
    for c in sc["combatants"]:
        c.pop("ranged", None)
        c.pop("spells", None)
    return sc


FANTASY: dict[str, Callable[[], dict[str, Any]]] = {
    "wolves": lambda: fantasy("fantasy_wolves"),        # ranged phase: Elwen (bow), Mira (spells)
    "crypt": lambda: fantasy("fantasy_venom_and_ghost"),  # ranged phase: Ilsa's spells
    "melee": lambda: melee("fantasy_wolves"),           # no shooters: melee from the start
}


def situation(system: str, name: str) -> Any:
    table: dict[str, Callable[[], Any]] = {"dragons": DRAGONS, "space": SPACE, "fantasy": FANTASY}[system]
    made = table[name]()
    return build(system, made) if isinstance(made, dict) else made  # a scenario, or a fight under way


def reading(system: str, name: str, actor: str | None, text: str, lang: str | None = None) -> Any:
    enc = situation(system, name)
    if actor is None:
        actor = enc.awaiting()[0]
    return read(enc, actor, text, lang)
