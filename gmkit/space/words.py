"""The words and the grammar of a ship's order (S-5), as data: every concept with its phrases in
dictionary form, Russian and English, the compass directions, and which concepts start an order.
The code that reads clauses into orders is :mod:`gmkit.space.language`."""

from __future__ import annotations

VOCABULARY: dict[str, dict[str, list[str]]] = {
    "MOVE": {"ru": ["лететь", "двигаться", "сдвинуться", "сдвигаться", "перемещаться",
                    "переместиться", "перемещение", "идти", "перейти", "смещаться", "сместиться",
                    "перелететь", "выдвигаться", "выдвинуться", "продвинуться", "ход на", "полет",
                    "уходить", "уйти", "ложиться на курс", "лечь на курс", "отходить", "отойти",
                    "курс", "держать курс", "взять курс", "подлетать", "подлететь", "приблизиться",
                    "приближаться", "сблизиться", "сближаться", "подходить", "подойти", "подниматься",
                    "подняться", "спускаться", "спуститься", "опускаться", "опуститься",
                    "полный вперед|назад", "полный ход"],
             "en": ["move", "go", "fly", "head", "advance", "shift", "step", "full ahead",
                    "full speed ahead", "close in"]},
    "DIR_N": {"ru": ["вверх", "наверх", "север", "выше"], "en": ["up", "north"]},
    "DIR_S": {"ru": ["вниз", "юг", "ниже"], "en": ["down", "south"]},
    "DIR_E": {"ru": ["вправо", "направо", "восток", "правее"], "en": ["right", "east"]},
    "DIR_W": {"ru": ["влево", "налево", "запад", "левее"], "en": ["left", "west"]},
    "DIR_NE": {"ru": ["вверх-вправо", "вправо-вверх", "северо-восток"],
               "en": ["up-right", "north-east", "northeast"]},
    "DIR_NW": {"ru": ["вверх-влево", "влево-вверх", "северо-запад"],
               "en": ["up-left", "north-west", "northwest"]},
    "DIR_SE": {"ru": ["вниз-вправо", "вправо-вниз", "юго-восток"],
               "en": ["down-right", "south-east", "southeast"]},
    "DIR_SW": {"ru": ["вниз-влево", "влево-вниз", "юго-запад"],
               "en": ["down-left", "south-west", "southwest"]},
    "DIAG": {"ru": ["по диагональ", "диагональ", "наискосок", "наискось", "диагонально"],
             "en": ["diagonally", "diagonal"]},
    "CELLWORD": {"ru": ["клетка", "квадрат", "позиция"], "en": ["cell", "square", "position"]},
    "PATH": {"ru": ["путь", "маршрут", "через"], "en": ["path", "route", "via"]},
    "ATTACK": {"ru": ["огонь", "открывать огонь", "открыть огонь", "стрелять", "выстрелить",
                      "атаковать", "атака", "выстрел", "залп", "бить", "палить", "обстрел",
                      "обстреливать", "атакую", "пли", "открывать огонь по", "дать залп",
                      "добивать", "добить", "все орудия", "орудия", "лупить",
                      "из весь ствол|орудие|пушка",
                      "торпедой|торпедами|торпеду|торпеды|ракетой|ракетами|ракету|лазером|лазерами",
                      "жахнуть", "шарахнуть", "вдарить", "сбить", "сбивать", "снести", "выбить"],
               "en": ["fire", "fire at", "open fire", "attack", "shoot", "engage", "strike", "blast",
                      "torpedo", "torpedoes", "missiles", "lasers"]},
    "SYSTEMS": {"ru": ["система", "по системам", "оружие", "оружейный", "реактор", "обшивка",
                       "каюта", "жилой", "двигатель", "движок", "наведение", "жизнеобеспечение",
                       "грузовой отсек", "отсек", "груз"],
                "en": ["systems", "system", "weapons", "reactor", "plating", "crew quarters",
                       "quarters", "engines", "engine", "targeting", "life support", "cargo hold",
                       "cargo", "go for systems"]},
    "HULL": {"ru": ["корпус", "в целом", "весь корабль"], "en": ["hull", "whole ship", "go for hull"]},
    "SHIELDS": {"ru": ["щит", "поднимать щит", "поднять щит", "включить щит", "щиты вверх"],
                "en": ["shields", "shield", "raise shields", "shields up"]},
    "CLOAK": {"ru": ["маскировка", "включать маскировка", "включить маскировка", "маскироваться",
                     "замаскироваться", "невидимость", "скрыться", "уйти в невидимость",
                     "уходить в невидимость", "уходить в тень", "уйти в тень", "стелс", "режим стелс",
                     "стать|становиться невидимый", "невидимка",
                     "уходить|уйти в стелс|невидимка"],
              "en": ["cloak", "engage cloak", "activate cloak", "go dark", "stealth", "cloak up",
                     "cloak on", "go invisible", "turn invisible", "stealth mode"]},
    "UNCLOAK": {"ru": ["снять маскировка", "снимать маскировка", "выключить маскировка",
                       "выключать маскировка", "отключить маскировка", "отключать маскировка",
                       "сбросить маскировка", "сбрасывать маскировка", "раскрыться", "раскрываться",
                       "показаться", "показываться",
                       "выходить|выйти из маскировка|невидимость|тень|стелс|невидимка",
                       "снять|снимать|выключить|отключить невидимость|стелс"],
                "en": ["uncloak", "decloak", "drop cloak", "cloak off", "disengage cloak", "drop stealth",
                       "stealth off"]},
    "FLEE": {"ru": ["бегство", "бежать", "удирать", "удрать", "отступать",
                    "отступить", "выходить из бой", "выйти из бой", "сбежать", "улетать",
                    "улететь", "покинуть бой", "драпать", "побег", "уходить из бой",
                    "уйти из бой", "выход из бой", "сваливать", "свалить", "валить отсюда", "валить из бой",
                    "уносить|унести ноги", "делать|сделать ноги", "рвать|рвануть когти", "смываться",
                    "смыться", "уходить|уйти за край", "за край карта", "покидать|покинуть карта",
                    "уходить|уйти с карта"],
             "en": ["flee", "escape", "retreat", "run", "withdraw", "disengage", "bug out", "run for it",
                    "get out of here", "off the map", "leave the map"]},
    "PURSUE": {"ru": ["преследовать", "погоня", "догонять", "догнать", "гнаться", "преследование"],
               "en": ["pursue", "chase", "follow", "give chase"]},
    "LAUNCH": {"ru": ["вылетать", "вылетаю", "вылет", "на вылет"],
               "en": ["launch", "launching", "scramble"]},
    "TRACTOR": {"ru": ["луч захвата", "захват", "захватить", "захватывать", "тяговый луч",
                       "тягловый луч", "удержать", "удерживать", "притянуть", "луч", "тяговый",
                       "цеплять", "зацепить", "зацеплять", "буксир", "буксировать",
                       "гравизахват"],
                "en": ["tractor", "tractor beam", "grab", "lock on", "beam"]},
    "BREAK": {"ru": ["вырваться", "вырываться", "освободиться", "освобождаться", "разорвать луч"],
              "en": ["break free", "break loose", "break out", "rip free", "tear free", "pull free",
                     "get free"]},
    "RELEASE": {"ru": ["отпустить", "отпускать", "отпускаю", "выключить луч", "выключать луч",
                       "отключить луч", "отключать луч", "снять|убрать|вырубить|погасить луч",
                       "снимать|снять|отпускать|отпустить с|из луч"],
                "en": ["release", "let go", "drop beam", "cut beam", "beam off"]},
    "PASS": {"ru": ["пропуск", "пропускать", "пропустить ход", "пропустить", "ждать", "ожидать",
                    "ничего", "подождать", "обождать", "переждать", "дрейфовать",
                    "лечь|ложиться в дрейф"],
             "en": ["pass", "wait", "nothing", "skip", "hold fire", "cease fire", "drift"]},
    "LOWER": {"ru": ["опускать|опустить|отключать|отключить|выключать|выключить щит",
                     "снимать|снять|сбрасывать|сбросить|убирать|убрать|вырубить щит"],
              "en": ["lower shields", "shields down", "drop shields", "shields off"]},
    "STAY": {"ru": ["остаюсь", "оставаться", "остаться", "на месте", "стою", "стоять"],
             "en": ["stay", "stay put", "hold position", "remain"]},
    "KEEP": {"ru": ["держать щит", "щит держать", "щит держаться"],
             "en": ["keep shields", "keep shields up", "shields hold", "shields holding"]},
}
"""Every concept of a ship's order, with its phrases in dictionary form."""

_DIRS = {"DIR_N": (0, -1), "DIR_S": (0, 1), "DIR_E": (1, 0), "DIR_W": (-1, 0), "DIR_NE": (1, -1),
         "DIR_NW": (-1, -1), "DIR_SE": (1, 1), "DIR_SW": (-1, 1)}
_D = " | ".join(_DIRS)

RULES = rf"""
start: _item*
_item: move | dir | attack | shields | cloak | uncloak | flee | pursue | launch | tractor
     | breakfree | release | lower | pass | aim | stay | keep | sep | stray
move: MOVE _m*
dir: _dir _m*
_m: CELL | CELLWORD | NUM | DIAG | {_D}
_dir: {_D} | DIAG
attack: ATTACK+ _aa*
_aa: NAME | CELL | CELLWORD | NUM | SYSTEMS | HULL | SHIELDS | CLOAK
shields: SHIELDS
cloak: CLOAK
uncloak: UNCLOAK
flee: FLEE _m*
pursue: PURSUE _pa*
_pa: NAME | CELL | CELLWORD | NUM | PATH | SYSTEMS | HULL | {_D}
launch: LAUNCH NAME*
tractor: TRACTOR NAME*
breakfree: BREAK _bm*
_bm: _m | TRACTOR
release: RELEASE _rl*
_rl: NAME | TRACTOR | NUM
lower: LOWER NAME*
pass: PASS
aim: _aimw+
_aimw: SYSTEMS | HULL
stay: STAY
keep: KEEP
sep: SEP
stray: NAME | NUM | SIGNED | ORD | QUOTE | CELL | CELLWORD | PATH
"""
"""The grammar: which concepts start an order and which arguments each takes."""
