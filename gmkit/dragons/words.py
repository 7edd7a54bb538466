"""The words and the grammar of a dragon's order (D-1), as data: every concept with its phrases in
dictionary form, Russian and English, and which concepts start an order part. The code that reads
clauses into orders is :mod:`gmkit.dragons.language`."""

from __future__ import annotations

VOCABULARY: dict[str, dict[str, list[str]]] = {
    "CLIMB": {"ru": ["набор высоты", "набирать высота", "набрать высота", "подниматься", "подняться",
                     "взлетать", "взлететь", "взмывать", "взмыть", "кабрировать", "горка", "подъем",
                     "набор", "вертикаль", "свеча"],
              "en": ["climb", "gain height|altitude", "ascend", "go up", "rise", "soar"]},
    "DIVE": {"ru": ["пикировать", "спикировать", "пике", "пикирование", "снижаться", "снизиться",
                    "нырять", "нырнуть", "терять высота", "сбрасывать высота", "сбросить высота",
                    "снижение", "уходить вниз", "уйти вниз", "падать камнем"],
             "en": ["dive", "descend", "lose height|altitude", "go down", "swoop", "stoop", "drop"]},
    "LEVEL": {"ru": ["ровно", "горизонтально", "горизонталь", "горизонт", "прямо",
                     "держать высота", "сохранять высота", "удерживать высота", "та же высота",
                     "тот же эшелон", "эшелон", "высота держать", "высота сохранять",
                     "высота не менять", "не менять высота", "лететь ровно"],
              "en": ["level", "fly level", "hold height|altitude", "keep height|altitude",
                     "straight", "steady"]},
    "FASTER": {"ru": ["разгоняться", "разогнаться", "ускоряться", "ускориться", "набирать скорость",
                      "набрать скорость", "прибавлять скорость", "прибавить скорость", "разгон",
                      "ускорение", "прибавлять", "прибавить", "добавлять", "добавить",
                      "поддать газ"],
               "en": ["accelerate", "speed up", "gain speed", "faster"]},
    "SLOWER": {"ru": ["тормозить", "притормаживать", "притормозить", "затормозить", "замедляться",
                      "замедлиться", "сбрасывать скорость", "сбросить скорость", "торможение",
                      "терять скорость", "сбавлять", "сбавить", "убавлять", "убавить",
                      "снижать скорость", "снизить скорость", "сбавлять скорость",
                      "сбавить скорость", "убавлять скорость", "убавить скорость"],
               "en": ["brake", "slow", "slow down", "lose speed", "slower", "decelerate"]},
    "SPEED": {"ru": ["скорость"], "en": ["speed"]},
    "KEEP": {"ru": ["скорость не менять", "не менять скорость", "скорость не изменять",
                    "не изменять скорость", "с той же скоростью", "та же скорость",
                    "скорость прежняя", "скорость держать", "держать скорость",
                    "сохранять скорость", "скорость сохранять"],
             "en": ["same speed", "keep speed", "hold speed", "keep my speed", "speed unchanged"]},
    "TO": {"ru": ["до"]},
    "HEIGHT": {"ru": ["высота"], "en": ["height", "altitude"]},
    "UP": {"ru": ["вверх", "выше", "увеличить", "повысить", "поднять", "увеличивать", "повышать",
                  "больше"],
           "en": ["up", "higher", "raise", "increase", "more"]},
    "DOWN": {"ru": ["вниз", "ниже", "уменьшить", "снизить", "понизить", "уменьшать", "снижать",
                    "меньше"],
             "en": ["down", "lower", "decrease", "reduce", "less"]},
    "OR": {"ru": ["или", "либо"], "en": ["or"]},
    "ATTACK": {"ru": ["атаковать", "атака", "атакую", "бить", "ударить", "ударять", "стрелять",
                      "выстрелить", "жечь", "сжечь", "палить", "плевать", "плюнуть", "кусать",
                      "укусить", "рвать", "полоснуть", "огонь по", "залп", "дать залп", "напасть",
                      "нападать", "выпустить", "выпускать", "обрушить", "бить по", "добивать",
                      "добить", "окатить", "окатывать", "поливать", "полить", "огонь",
                      "дышать огонь", "дыхнуть огонь", "дохнуть огонь", "плевать огонь",
                      "плюнуть огонь", "жгем", "жгет", "поджарить", "поджаривать", "зажарить",
                      "спалить", "подпалить", "испепелить", "испепелять", "обстрелять",
                      "обстреливать", "пли"],
               "en": ["attack", "strike", "hit", "shoot", "fire at", "fire", "bite", "burn",
                      "breathe fire at", "breathe fire", "breathe", "blast", "rake",
                      "target", "torch", "roast", "scorch", "zap"]},
    "TAIL": {"ru": ["садиться на хвост", "сесть на хвост", "на хвост", "зайти в хвост",
                    "заходить в хвост", "пристроиться в хвост", "пристраиваться в хвост",
                    "сесть в хвост", "садиться в хвост", "в хвост", "преследовать", "погоня"],
             "en": ["tail", "get on tail", "get behind", "chase", "pursue", "on tail"]},
    "FORCE": {"ru": ["принуждать", "принудить", "заставлять", "заставить", "вынуждать", "вынудить",
                     "принуждение", "давить", "продавливать"],
              "en": ["force", "make", "compel", "push"]},
    "SHAKE": {"ru": ["сбрасывать хвост", "сбросить хвост", "стряхнуть", "стряхивать", "оторваться",
                     "отрываться", "уйти с хвост", "уходить с хвост", "сбросить с хвост",
                     "сбрасывать с хвост", "отрыв", "сбросить|сбрасывать преследователь",
                     "стряхнуть|стряхивать преследователь", "избавиться от хвост"],
              "en": ["shake off", "shake", "lose tail", "break away", "break off", "shake tail"]},
    "MANOEUVRE": {"ru": ["фигура высшего пилотажа", "высший пилотаж", "пилотаж", "фигура", "трюк",
                         "маневр", "бочка", "петля", "мертвая петля", "кульбит", "штопор",
                         "иммельман", "разворот", "вираж"],
                  "en": ["aerobatics", "stunt", "manoeuvre", "maneuver", "barrel roll", "loop",
                         "immelmann", "roll", "split-s", "spin"]},
    "POWER": {"ru": ["применять сила", "применить сила", "использовать сила", "применить",
                     "применять", "сила", "призвать", "призывать"],
              "en": ["use power", "power", "invoke", "use the power"]},
    "NOTHING": {"ru": ["ничего", "пропускать", "пропустить", "бездействовать"],
                "en": ["nothing", "pass", "idle", "hold fire", "hold my fire", "cease fire"]},
    "BENNY": {"ru": ["фишка", "бенни", "фишечка"], "en": ["benny", "bennies", "bennie"]},
    "SPEND": {"ru": ["тратить", "потратить", "расходовать", "израсходовать"],
              "en": ["spend", "burn"]},
    "REROLL": {"ru": ["переброс", "перебросить", "перебрасывать", "переброска", "перекинуть",
                      "перекидывать", "перебросок"],
               "en": ["reroll", "rerolls", "re roll", "roll again"]},
    "SOAK": {"ru": ["поглощение урона", "поглощение", "поглотить", "поглощать", "погасить урон",
                    "гасить урон", "соак"],
             "en": ["soak", "soak damage", "soak the damage", "soak wounds"]},
    "UNSHAKE": {"ru": ["снять потрясение", "снимать потрясение", "выйти из потрясение",
                       "выходить из потрясение", "снятие потрясение", "потрясение"],
                "en": ["unshake", "recover from shaken", "end shaken", "remove shaken",
                       "shaken"]},
}
"""Every concept of a dragon's order, with its phrases in dictionary form."""

_GENERIC_FIGURES = {"фигура высшего пилотажа", "высший пилотаж", "пилотаж", "фигура", "трюк",
                    "маневр", "aerobatics", "stunt", "manoeuvre", "maneuver"}

RULES = r"""
start: _item*
_item: climb | dive | level | keep | faster | slower | change | up | down | attack | weapon
     | tail | force | shake | manoeuvre | power | nothing | benny | sep | stray
climb: CLIMB UP? NAME? _n? HEIGHT?
dive: DIVE DOWN? NAME? _n? HEIGHT?
up: UP _n?
down: DOWN _n?
level: LEVEL _lv*
keep: KEEP
faster: FASTER SPEED? TO? _n? SPEED?
slower: SLOWER SPEED? TO? _n? SPEED?
change: SIGNED SPEED? | SPEED TO? _n
_lv: SIGNED | NUM | SPEED
_n: NUM | SIGNED
attack: ATTACK _a*
weapon: WEAPON _a*
_a: NAME | WEAPON
tail: TAIL NAME*
force: FORCE _f*
_f: NAME | SPEED | HEIGHT | UP | DOWN | OR | CLIMB | DIVE | FASTER | SLOWER
shake: SHAKE NAME*
manoeuvre: MANOEUVRE QUOTE?
power: POWER _p*
_p: QUOTE | DIE | NAME
nothing: NOTHING
benny: BENNY _bu*
_bu: REROLL | SOAK | UNSHAKE | NUM
sep: SEP
stray: NAME | NUM | ORD | QUOTE | SPEED | HEIGHT | OR | DIE | SPEND | REROLL | SOAK | UNSHAKE | TO
"""
"""The grammar: which concepts start an order part and which arguments each takes."""
