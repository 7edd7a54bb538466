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


# --- Russian-named fights (issue 28): names of every gender and number ----------------------------

def _ru_dragon(name: str, side: str, speed: int, height: int, pilot: str,
               weapons: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"name": name, "side": side, "max_speed": 11, "toughness": 9, "speed": speed,
            "height": height, "pilot": {"name": pilot, "fighting": "d8", "piloting": "d8",
                                        "spirit": "d8"}, "weapons": weapons, **extra}


_PEPEL = [{"name": "Пламя", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180]},
          {"name": "Когти", "kind": "melee", "damage": "2d6+1"}]
_GROZA = [{"name": "Молния", "kind": "ranged", "damage": "2d10", "ranges": [50, 100, 150]},
          {"name": "Клыки", "kind": "melee", "damage": "2d8"}]
_SHKVAL = [{"name": "Кислота", "kind": "ranged", "damage": "2d6", "ranges": [50, 100, 150]},
           {"name": "Хвост", "kind": "melee", "damage": "2d6"}]
_MGLA = [{"name": "Ледяное дыхание", "kind": "ranged", "damage": "2d6", "ranges": [50, 100, 150]},
         {"name": "Когти", "kind": "melee", "damage": "2d6"}]
_RAVEN = [{"name": "Кислота", "kind": "ranged", "damage": "2d6", "ranges": [50, 100, 150]},
          {"name": "Укус", "kind": "melee", "damage": "2d6"}]


def storm(pepel: tuple[int, int] = (6, 12), groza: tuple[int, int] = (7, 12),
          shkval: tuple[int, int] = (5, 10), mgla: tuple[int, int] = (6, 10)) -> dict[str, Any]:
    """Пепел (m) and Гроза (f) of the Wing against Шквал (m) and Мгла (f): both raiders lower,
    so Пламя and Молния reach either of them; Когти and Клыки do not (D-5)."""
    return {"system": "dragons", "name": "Гроза над перевалом", "battlefield": "blue",
            "language": "ru",
            "dragons": [_ru_dragon("Пепел", "крыло", *pepel, "Кира", _PEPEL),
                        _ru_dragon("Гроза", "крыло", *groza, "Дорн", _GROZA),
                        _ru_dragon("Шквал", "налётчики", *shkval, "Вел", _SHKVAL),
                        _ru_dragon("Мгла", "налётчики", *mgla, "Ярина", _MGLA)]}


def ravens() -> dict[str, Any]:
    """Пепел and Гроза against the numbered Ворон 1..3 (Extras) and Близнецы (a plural name)."""
    return {"system": "dragons", "name": "Вороны", "battlefield": "firmament", "language": "ru",
            "dragons": [_ru_dragon("Пепел", "крыло", 6, 12, "Кира", _PEPEL),
                        _ru_dragon("Гроза", "крыло", 7, 12, "Дорн", _GROZA),
                        _ru_dragon("Ворон 1", "стая", 6, 10, "наёмник", _RAVEN, wild_card=False),
                        _ru_dragon("Ворон 2", "стая", 5, 11, "наёмник", _RAVEN, wild_card=False),
                        _ru_dragon("Ворон 3", "стая", 6, 12, "наёмник", _RAVEN, wild_card=False),
                        _ru_dragon("Близнецы", "стая", 4, 10, "Орм", _SHKVAL)]}


def played(scenario: dict[str, Any], *orders: tuple[str, Any]) -> Any:
    """A fight one round on: ``orders`` submitted and resolved (a record to look back at)."""
    enc = build("dragons", scenario)
    for actor, order in orders:
        enc.submit(actor, order)
    enc.resolve_round(autopilot=True)
    return enc


def _storm_round2() -> Any:
    from gmkit.dragons.orders import Attack, DragonOrder, Move

    return played(storm(), ("Пепел", DragonOrder(Move.level(1), (Attack("Пламя", "Шквал"),))),
                  ("Гроза", DragonOrder(Move.level(0), ())))


DRAGONS.update({
    "storm": storm,  # Пепел 6/12, Гроза 7/12 vs Шквал 5/10, Мгла 6/10
    "tail": lambda: storm(pepel=(6, 10), shkval=(6, 10), mgla=(5, 10)),  # Пепел beside Шквал
    "low": lambda: storm(pepel=(2, 10), shkval=(6, 12), mgla=(6, 12)),  # Пепел slow and below
    "ravens": ravens,
    "storm2": _storm_round2,  # round 2: Пепел went level +1, Пламя at Шквал
})


def cloud(**extra: Any) -> dict[str, Any]:
    """Облако (n, light, beam and cloak) at (3, 3) on turn; Буревестник (m, heavy) touching it,
    Чайка (f) one cell off in a line, Страж 2 touching, Страж 1 and Близнецы (pl) far off."""
    sc = {"system": "space", "name": "Облако у станции", "language": "ru",
          "initiative": ["Облако", "Буревестник", "Чайка", "Страж 1", "Страж 2", "Близнецы"],
          "location": "space", "grid": {"width": 12, "height": 12, "station": [[10, 10]]},
          "ships": [{"name": "Облако", "side": "вольные", "kind": "light", "cell": [3, 3], "hull": 12,
                     "defence": 6, "shields": 4, "damage": "2d6", "tractor": True, "cloak": True},
                    {"name": "Буревестник", "side": "патруль", "kind": "heavy", "size": 2,
                     "orientation": "h", "cell": [4, 4], "hull": 20, "defence": 5, "damage": "2d6"},
                    {"name": "Чайка", "side": "патруль", "kind": "light", "cell": [3, 5], "hull": 10,
                     "defence": 5, "damage": "d6"},
                    {"name": "Страж 1", "side": "патруль", "kind": "light", "cell": [9, 1], "hull": 8,
                     "defence": 4, "damage": "d6"},
                    {"name": "Страж 2", "side": "патруль", "kind": "light", "cell": [2, 4], "hull": 8,
                     "defence": 4, "damage": "d6"},
                    {"name": "Близнецы", "side": "патруль", "kind": "light", "cell": [9, 9], "hull": 8,
                     "defence": 4, "damage": "d6"}]}
    sc.update(extra)
    return sc


def _cloud_hit() -> Any:
    from gmkit.space.orders import Attack

    enc = build("space", cloud())
    enc.enter_faces(10)
    enc.push("Облако", Attack("Буревестник"))
    return enc


SPACE.update({
    "cloud": cloud,                  # Облако (3,3) on turn
    "cloudhit": _cloud_hit,          # Облако hit Буревестник: hull or systems?
    "gull": lambda: cloud(initiative=["Чайка", "Облако", "Буревестник", "Страж 1", "Страж 2",
                                      "Близнецы"]),  # Чайка (3,5) on turn
})


def _hero(name: str, side: str, kind: str, melee: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"name": name, "side": side, "kind": kind, "hp": 12, "ac": 6, "melee": melee, **extra}


def road(ranged: bool = True) -> dict[str, Any]:
    """Борин (m: Топор, Зелье лечения), Мира (f: Посох; Искра, Исцеление), Эльвен (f, a name
    Russian leaves undeclined: Меч, Лук), Пёс (Борин's pet) against Волк 1..3, Вожак and Крысы
    (a plural band). ``ranged``: the ranged phase (Эльвен's bow, Мира's spells) or melee."""
    mira: dict[str, Any] = {"spells": [{"name": "Искра", "damage": "1-2-3", "uses": 2},
                                       {"name": "Исцеление", "target": "ally", "heal": "1-2-3-4",
                                        "uses": 1}]} if ranged else {}
    elwen: dict[str, Any] = {"ranged": {"name": "Лук", "damage": "0.5-1-1.5-2"}} if ranged else {}
    wolf = {"side": "стая", "hp": 6, "ac": 7, "melee": {"name": "Укус", "damage": "0.5-1-1.5-2"},
            "morale": 12, "escape": [1, 2, 3, 4], "reward": 15}
    return {"system": "fantasy", "name": "Лесная дорога", "language": "ru", "sides": ["отряд", "стая"],
            "options": {"variant": 1, "cap": "twice_opponents"},
            "combatants": [
                _hero("Борин", "отряд", "player", {"name": "Топор", "damage": "1-1.5-2-2.5-3-3.5"},
                      items=[{"name": "Зелье лечения", "heal": "2-3-4", "uses": 1}]),
                _hero("Пёс", "отряд", "pet", {"name": "Клыки", "damage": "0.5-1-1.5"}, owner="Борин"),
                _hero("Эльвен", "отряд", "player", {"name": "Меч", "damage": "0.5-1-1.5-2-2.5-3"},
                      **elwen),
                _hero("Мира", "отряд", "player", {"name": "Посох", "damage": "1-2"}, **mira),
                {"name": "Волк 1", **wolf}, {"name": "Волк 2", **wolf}, {"name": "Волк 3", **wolf},
                {"name": "Вожак", **wolf, "hp": 10},
                {"name": "Крысы", **wolf, "melee": {"name": "Зубы", "damage": "0.5-1"}}]}


FANTASY.update({
    "road": road,                          # ranged phase: Эльвен (Лук), Мира (Искра, Исцеление)
    "roadmelee": lambda: build("fantasy", road(False), 2),  # melee, the party first: Борин, Пёс, Эльвен, Мира
})
