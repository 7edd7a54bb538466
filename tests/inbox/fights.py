"""The fights and the pastes of the inbox tests: the 2-vs-3 dragon fight with Russian names and
five players (each a forum nickname), as a forum GM runs it, and a three-ship space fight."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]

RU = {"Ash": "Пепел", "Ember": "Гроза", "Raider One": "Шквал", "Raider Two": "Мгла",
      "Raider Three": "Ворон", "Kira": "Кира", "Dorn": "Дорн", "hired pilot": "наёмник",
      "Flame": "Пламя", "Claws": "Когти", "Fire spit": "Огненный плевок", "Tail spike": "Шип",
      "Acid": "Кислота", "Bite": "Укус", "wing": "крыло", "raiders": "налётчики"}
PLAYERS = {"Пепел": "Sky_Kira", "Гроза": "Дорн", "Шквал": "shkval77", "Мгла": "Ярина_М",
           "Ворон": "Серый"}
"""Each dragon's player: the forum nickname (Дорн plays Гроза and is its rider too)."""


def _rename(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _rename(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_rename(v) for v in x]
    return RU.get(x, x) if isinstance(x, str) else x


@cache
def _blue() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "templates" / "scenarios" / "dragon_blue_2v3.yaml").read_text("utf-8"))


def blue(players: bool = True, gm_raiders: bool = False) -> dict[str, Any]:
    """Ambush in the Blue in Russian: Пепел and Гроза of the крыло against Шквал, Мгла and
    Ворон; with ``players`` every dragon has its player (five players), the raiders' own too
    unless ``gm_raiders`` (then the GM flies them)."""
    sc = _rename(copy.deepcopy(_blue()))
    sc.update(language="ru", name="Засада в Синеве", side_names={"налётчики": {"name": "Налётчики",
                                                                              "gender": "pl"}})
    for d in sc["dragons"]:
        d["gm"] = gm_raiders and d["side"] == "налётчики"
        if players and not d["gm"]:
            d["player"] = PLAYERS[d["name"]]
    return sc


PASTE = """Тема: Re: Засада в Синеве, раунд 1
От: Sky_Kira
Кому: Мастер
Отправлено: 12.03.2025, 21:40

Мастер, привет! Заявка: набор высоты 1, атакую Шквала Пламенем.

— Кира
---------------------------------------------------------------
Тема: Re: Засада в Синеве, раунд 1
От: Дорн
Кому: Мастер
Отправлено: 12.03.2025, 22:05

держу скорость, Огненным плевком по Мгле
---------------------------------------------------------------
Тема: Re: раунд 1
От: shkval77
Кому: Мастер
Отправлено: 13.03.2025, 08:12

[quote="Мастер"]Ждём заявки до среды[/quote]
Понял. Шквал пикирует на 1, Укусом по Пеплу!
---------------------------------------------------------------
Тема: Re: раунд 1
От: Ярина_М
Кому: Мастер
Отправлено: 13.03.2025, 09:30

Мгла: ровно, кислотой по дракону крыла
---------------------------------------------------------------
Тема: раунд 1
От: Серый
Кому: Мастер
Отправлено: 13.03.2025, 10:01

Ворон держит скорость и высоту, кислота по Грозе.
"""
"""Five players' private messages as a GM copies them from a forum's PM page: a greeting, a
signature, a quote of the GM, a name in another case; Мгла's names nobody it can be sure of
(either dragon of the крыло): its reading asks."""


def lighthouse(**options: Any) -> dict[str, Any]:
    """Three ships by the beacon, in a given order: Тень (cloaked, player Ворон), Страж of the
    patrol (player Сова), Буревестник (heavy, two cells, player Кэп)."""
    sc: dict[str, Any] = {
        "system": "space", "name": "Засада у маяка", "language": "ru",
        "initiative": ["Тень", "Страж", "Буревестник"],
        "grid": {"width": 12, "height": 12, "station": [[11, 11]]},
        "ships": [
            {"name": "Тень", "side": "вольные", "player": "Ворон", "cell": [4, 5], "hull": 12,
             "defence": 7, "damage": "2d4+1", "cloak": True, "cloaked": True},
            {"name": "Страж", "side": "патруль", "player": "Сова", "cell": [5, 6], "hull": 14,
             "defence": 6, "damage": "d6+1"},
            {"name": "Буревестник", "side": "вольные", "player": "Кэп", "kind": "heavy", "size": 2,
             "cell": [2, 7], "hull": 20, "defence": 5, "damage": "2d6"}]}
    if options:
        sc["options"] = options
    return sc


SPACE_PASTE = """От: Ворон
Отправлено: 14.03.2025, 19:02

Тень стреляет по Стражу, по системам, и остаётся на месте.
***
От: Кэп
Отправлено: 14.03.2025, 19:40

Буревестник: лечу на (3, 7)

— Кэп
"""
"""The captains' messages of the space round: Тень says its aim and its place ahead (S-8,
S-10); Страж is the GM's."""
