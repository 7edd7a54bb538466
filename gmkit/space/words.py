"""The words and the grammar of a ship's order (S-5), as data: every concept with its phrases in
dictionary form, Russian and English, the compass directions, and which concepts start an order.
The code that reads clauses into orders is :mod:`gmkit.space.language`."""

from __future__ import annotations

VOCABULARY: dict[str, dict[str, list[str]]] = {
    "MOVE": {"ru": ["лететь", "двигаться", "сдвинуться", "сдвигаться", "перемещаться",
                    "переместиться", "перемещение", "идти", "перейти", "смещаться", "сместиться",
                    "перелететь", "выдвигаться", "выдвинуться", "продвинуться", "ход на", "полет",
                    "уходить", "уйти", "ложиться на курс", "лечь на курс", "отходить", "отойти",
                    "курс", "держать курс", "взять курс"],
             "en": ["move", "go", "fly", "head", "advance", "shift", "step"]},
    "DIR_N": {"ru": ["вверх", "наверх", "север"], "en": ["up", "north"]},
    "DIR_S": {"ru": ["вниз", "юг"], "en": ["down", "south"]},
    "DIR_E": {"ru": ["вправо", "направо", "восток"], "en": ["right", "east"]},
    "DIR_W": {"ru": ["влево", "налево", "запад"], "en": ["left", "west"]},
    "DIR_NE": {"ru": ["вверх-вправо", "вправо-вверх", "северо-восток"],
               "en": ["up-right", "north-east", "northeast"]},
    "DIR_NW": {"ru": ["вверх-влево", "влево-вверх", "северо-запад"],
               "en": ["up-left", "north-west", "northwest"]},
    "DIR_SE": {"ru": ["вниз-вправо", "вправо-вниз", "юго-восток"],
               "en": ["down-right", "south-east", "southeast"]},
    "DIR_SW": {"ru": ["вниз-влево", "влево-вниз", "юго-запад"],
               "en": ["down-left", "south-west", "southwest"]},
    "CELLWORD": {"ru": ["клетка", "квадрат", "позиция"], "en": ["cell", "square", "position"]},
    "PATH": {"ru": ["путь", "маршрут", "через"], "en": ["path", "route", "via"]},
    "ATTACK": {"ru": ["огонь", "открывать огонь", "открыть огонь", "стрелять", "выстрелить",
                      "атаковать", "атака", "выстрел", "залп", "бить", "палить", "обстрел",
                      "обстреливать", "атакую", "пли", "открывать огонь по", "дать залп",
                      "добивать", "добить", "все орудия", "орудия"],
               "en": ["fire", "fire at", "open fire", "attack", "shoot", "engage", "strike"]},
    "SYSTEMS": {"ru": ["система", "по системам", "оружие", "оружейный", "реактор", "обшивка",
                       "каюта", "жилой", "двигатель", "наведение", "жизнеобеспечение",
                       "грузовой отсек", "отсек", "груз"],
                "en": ["systems", "system", "weapons", "reactor", "plating", "crew quarters",
                       "quarters", "engines", "engine", "targeting", "life support", "cargo hold",
                       "cargo"]},
    "HULL": {"ru": ["корпус", "в целом", "весь корабль"], "en": ["hull", "whole ship"]},
    "SHIELDS": {"ru": ["щит", "поднимать щит", "поднять щит", "включить щит", "щиты вверх"],
                "en": ["shields", "shield", "raise shields", "shields up"]},
    "CLOAK": {"ru": ["маскировка", "включать маскировка", "включить маскировка", "маскироваться",
                     "замаскироваться", "невидимость", "скрыться", "уйти в невидимость",
                     "уходить в невидимость", "уходить в тень", "уйти в тень"],
              "en": ["cloak", "engage cloak", "activate cloak", "go dark", "stealth", "cloak up",
                     "cloak on"]},
    "UNCLOAK": {"ru": ["снять маскировка", "снимать маскировка", "выключить маскировка",
                       "выключать маскировка", "отключить маскировка", "отключать маскировка",
                       "сбросить маскировка", "сбрасывать маскировка", "раскрыться", "раскрываться",
                       "показаться", "показываться"],
                "en": ["uncloak", "decloak", "drop cloak", "cloak off", "disengage cloak"]},
    "FLEE": {"ru": ["бегство", "бежать", "удирать", "удрать", "отступать",
                    "отступить", "выходить из бой", "выйти из бой", "сбежать", "улетать",
                    "улететь", "покинуть бой", "драпать", "побег", "уходить из бой",
                    "уйти из бой", "выход из бой"],
             "en": ["flee", "escape", "retreat", "run", "withdraw", "disengage", "bug out"]},
    "PURSUE": {"ru": ["преследовать", "погоня", "догонять", "догнать", "гнаться", "преследование"],
               "en": ["pursue", "chase", "follow", "give chase"]},
    "LAUNCH": {"ru": ["вылетать", "вылетаю", "вылет", "на вылет"],
               "en": ["launch", "launching", "scramble"]},
    "TRACTOR": {"ru": ["луч захвата", "захват", "захватить", "захватывать", "тяговый луч",
                       "тягловый луч", "удержать", "удерживать", "притянуть", "луч"],
                "en": ["tractor", "tractor beam", "grab", "lock on", "beam"]},
    "BREAK": {"ru": ["вырваться", "вырываться", "освободиться", "освобождаться", "разорвать луч"],
              "en": ["break free", "break loose", "break out"]},
    "RELEASE": {"ru": ["отпустить", "отпускать", "отпускаю", "выключить луч", "выключать луч",
                       "отключить луч", "отключать луч"],
                "en": ["release", "let go"]},
    "PASS": {"ru": ["пропуск", "пропускать", "пропустить ход", "пропустить", "ждать", "ожидать",
                    "ничего"],
             "en": ["pass", "wait", "nothing", "skip", "hold fire", "cease fire"]},
    "STAY": {"ru": ["остаюсь", "оставаться", "остаться", "на месте", "стою", "стоять"],
             "en": ["stay", "stay put", "hold position", "remain"]},
}
"""Every concept of a ship's order, with its phrases in dictionary form."""

_DIRS = {"DIR_N": (0, -1), "DIR_S": (0, 1), "DIR_E": (1, 0), "DIR_W": (-1, 0), "DIR_NE": (1, -1),
         "DIR_NW": (-1, -1), "DIR_SE": (1, 1), "DIR_SW": (-1, 1)}
_D = " | ".join(_DIRS)

RULES = rf"""
start: _item*
_item: move | dir | attack | shields | cloak | uncloak | flee | pursue | launch | tractor
     | breakfree | release | pass | aim | stay | sep | stray
move: MOVE _m*
dir: _dir _m*
_m: CELL | CELLWORD | NUM | {_D}
_dir: {_D}
attack: ATTACK _aa*
_aa: NAME | CELL | CELLWORD | NUM | SYSTEMS | HULL | SHIELDS | CLOAK
shields: SHIELDS
cloak: CLOAK
uncloak: UNCLOAK
flee: FLEE _m*
pursue: PURSUE _pa*
_pa: NAME | CELL | CELLWORD | NUM | PATH | SYSTEMS | HULL | {_D}
launch: LAUNCH NAME*
tractor: TRACTOR NAME*
breakfree: BREAK _m*
release: RELEASE NAME*
pass: PASS
aim: _aimw+
_aimw: SYSTEMS | HULL
stay: STAY
sep: SEP
stray: NAME | NUM | SIGNED | ORD | QUOTE | CELL | CELLWORD | PATH
"""
"""The grammar: which concepts start an order and which arguments each takes."""
