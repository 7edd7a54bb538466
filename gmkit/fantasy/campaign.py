"""What a fantasy skirmish changes for a campaign, how the next one is laid out, and the words of a
forum character sheet (the ``campaign`` part, see :mod:`gmkit.campaign.part`).

At a fight's end, by the rules (F-7): a player who killed an enemy has its reward points (the
engine gave them at the kill; none for kills by pets, companions or mounts), and a level threshold
crossed in the fight is granted now (the engine takes it as the fight ends; the dead take none).
What the next fight starts from:

* risk points (hit points, F-1) as the fight left them, or healed by the GM's rest rule, which the
  rules leave to the GM ("restored by potions, magic, or bought in a shop"): asked at each fight;
* states (poisoned for two more turns, petrified) as they stand, lifted by a full rest (F-4);
* items and potions: the uses left; one used up is gone (F-8);
* the dead: marked, and remembered with who killed them (F-1: 0 risk points is death).

A spell's ``uses`` count a fight's casts and start full again. Life dice (``2ЖК+6``) are rolled
once, in the first fight: from then on the character has the risk points that roll gave.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..campaign.part import ALIVE, DEAD, Carry, Change, Choice, SheetWords, copy_entry
from ..campaign.store import Member
from ..i18n import format_message
from .board import DEAD as FELL
from .notation import parse_damage, parse_life, parse_special, plain_number, table_text
from .procedures.terms import status_term
from .scenario import CombatantSpec

__all__ = ["ENTRIES", "CHOICES", "FIGURES", "CHART", "SHEET", "SHEET_DEFAULTS", "entry_model", "kind",
           "carry",
           "figures", "stage", "build", "shown"]

ENTRIES = "combatants"

CHOICES = (Choice("rest", ("none", "full"), "none", "fantasy.campaign.rest", number=True),)
"""The GM's rest rule after a fight: ``none`` (risk points and states as the fight left them),
``full`` (every risk point back, states lifted) or N (N risk points back each, up to the most)."""

FIGURES = ("level", "points", "hp", "max_hp")
"""What the roster shows of each member (``field.*`` labels)."""
CHART = ("points", "level")
"""What the campaign's chart follows fight by fight."""

_KINDS = {"player": "character", "companion": "character", "pet": "pet", "mount": "mount",
          "monster": "monster"}


def entry_model() -> type[CombatantSpec]:
    return CombatantSpec


def kind(entry: Mapping[str, Any]) -> str:
    """What the entry is for the grammar of its name."""
    return _KINDS.get(str(entry.get("kind", "monster")), "character")


# --- a fight's end ------------------------------------------------------------------------------


def carry(encounter: Any, members: Mapping[str, Member], choices: Mapping[str, Any]) -> Carry:
    """F-1, F-4, F-7, F-8: the roster after a finished skirmish (see the module's text)."""
    rest = choices.get("rest", "none")
    board = encounter.state
    sheets = encounter.sheets
    killers = _killers(encounter)
    out = Carry()
    for name, m in members.items():
        if name not in sheets.combatants:
            continue
        st = board.combatants[name]
        before = m.entry
        entry = copy_entry(before)
        changes: list[Change] = []
        if st.points != before.get("points", 0):
            entry["points"] = st.points
            gave = [t for t in st.kills if sheets.combatants[t].reward]
            changes.append(Change(name, "points", before.get("points", 0), st.points,
                                  {"key": "fantasy.campaign.why.points", "n": st.gained,
                                   "targets": gave}))
        if st.level != before.get("level", 1):
            entry["level"] = st.level
            changes.append(Change(name, "level", before.get("level", 1), st.level,
                                  {"key": "fantasy.campaign.why.level"}))
        if st.status == FELL:
            out.states[name] = DEAD
            why = ({"key": "fantasy.campaign.why.killed", "name": name, "killer": killers[name]}
                   if killers.get(name, name) != name else {"key": "fantasy.campaign.why.died", "name": name})
            out.fell[name] = why
            changes.append(Change(name, "state", m.state, DEAD, why))
        else:
            out.states[name] = ALIVE
            changes += _wounds(name, before, entry, float(st.hp), float(st.max_hp), rest)
            changes += _conditions(name, before, entry, st.conditions, rest)
            changes += _items(name, before, entry, st.items)
        out.entries[name] = entry
        out.changes += changes
    return out


def _killers(encounter: Any) -> dict[str, str]:
    """Who killed whom, from the fight's record (F-1)."""
    return {str(e.data.get("target")): e.actor for e in encounter.record if e.kind == "kill"}


def _wounds(name: str, before: Mapping[str, Any], entry: dict[str, Any], hp: float, top: float,
            rest: Any) -> list[Change]:
    """F-1: risk points carried, or healed by the rest rule, never above the most."""
    if rest == "full":
        now = top
    elif isinstance(rest, int):
        now = min(top, hp + rest)
    else:
        now = hp
    now_n, top_n = plain_number(now), plain_number(top)
    why: dict[str, Any] = ({"key": "fantasy.campaign.why.as_left"} if rest == "none"
                           else {"key": "fantasy.campaign.why.rest", "rest": _rest_said(rest)})
    if isinstance(before.get("hp"), str):  # F-1: life dice, rolled once, in the first fight
        why = {"key": "fantasy.campaign.why.rolled", "dice": before["hp"], "hp": top_n,
               "rest": _rest_said(rest)}
    entry["hp"] = now_n
    if now_n < top_n:
        entry["max_hp"] = top_n
    else:
        entry.pop("max_hp", None)
    out = []
    if before.get("hp") != now_n:
        out.append(Change(name, "hp", before.get("hp"), now_n, why))
    if before.get("max_hp") != entry.get("max_hp"):
        out.append(Change(name, "max_hp", before.get("max_hp"), entry.get("max_hp"),
                          {"key": "fantasy.campaign.why.max_hp"}))
    return out


def _rest_said(rest: Any) -> dict[str, Any]:
    return CHOICES[0].said(rest)


def _conditions(name: str, before: Mapping[str, Any], entry: dict[str, Any], conditions: Sequence[Any],
                rest: Any) -> list[Change]:
    """F-4: the states the fight left, each with the turns it still lasts; a full rest lifts them."""
    now: list[dict[str, Any]] = []
    if rest != "full":
        for k in conditions:
            item: dict[str, Any] = {"status": k.status}
            if k.turns is not None:
                item["turns"] = k.turns
            if k.disables:
                item["disables"] = True
            if k.ongoing:
                item["ongoing"] = table_text(k.ongoing)
            now.append(item)
    if now:
        entry["conditions"] = now
    else:
        entry.pop("conditions", None)
    was = list(before.get("conditions") or [])
    if was == now:
        return []
    why = ({"key": "fantasy.campaign.why.rest", "rest": _rest_said(rest)} if rest == "full"
           else {"key": "fantasy.campaign.why.conditions"})
    return [Change(name, "conditions", was, now, why)]


def _items(name: str, before: Mapping[str, Any], entry: dict[str, Any],
           left: Mapping[str, int]) -> list[Change]:
    """F-8: each item with the uses left; one used up is gone."""
    items = [dict(i) for i in before.get("items") or []]
    kept = []
    for i in items:
        uses = left.get(i["name"], i.get("uses", 1))
        if uses > 0:
            kept.append({**i, "uses": uses} if uses != i.get("uses", 1) else i)
    if kept == items:
        return []
    if kept:
        entry["items"] = kept
    else:
        entry.pop("items", None)
    gone = [i["name"] for i in items if i["name"] not in {k["name"] for k in kept}]
    why = ({"key": "fantasy.campaign.why.used_up", "items": gone} if gone
           else {"key": "fantasy.campaign.why.used"})
    return [Change(name, "items", items, kept, why)]


def figures(entry: Mapping[str, Any]) -> dict[str, Any]:
    """Level and reward points (a player's and a companion's: F-7; None for a pet or a mount) and
    risk points (now, and the most when hurt)."""
    earns = entry.get("kind", "monster") in ("player", "companion")
    return {"level": entry.get("level", 1) if earns else None,
            "points": entry.get("points", 0) if earns else None,
            "hp": entry.get("hp"), "max_hp": entry.get("max_hp", entry.get("hp"))}


def shown(field: str, value: Any, lang: str) -> str | None:
    """A value of the change table in words where the generic words would not do (states)."""
    if field == "conditions" and isinstance(value, list):
        if not value:
            return format_message("report.none", lang)
        return ", ".join(_condition_text(k, lang) for k in value)
    return None


def _condition_text(k: Mapping[str, Any], lang: str) -> str:
    term = status_term(str(k.get("status")))
    status = format_message(term["key"], lang) if isinstance(term, dict) else str(term)
    if k.get("turns"):
        return format_message("fantasy.campaign.condition.turns", lang, status=status, n=k["turns"])
    return status


# --- the next fight -----------------------------------------------------------------------------


def stage(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The fight's own settings a next fight keeps: the effects of special attacks and the options."""
    return {k: scenario[k] for k in ("effects", "options") if scenario.get(k)}


def build(party: Sequence[Mapping[str, Any]], enemies: Sequence[Mapping[str, Any]],
          settings: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario's own section: the sides in order (the party first), the combatants, the
    effects and options (a side an option names that does not fight is left to the roll-off)."""
    combatants = [dict(e) for e in (*party, *enemies)]
    sides = list(dict.fromkeys(str(c.get("side")) for c in combatants))
    options = dict(settings.get("options") or {})
    for key in ("first", "ranged_first"):
        if options.get(key) is not None and options[key] not in sides:
            del options[key]
    out: dict[str, Any] = {"sides": sides}
    if settings.get("effects"):
        out["effects"] = dict(settings["effects"])
    if options:
        out["options"] = options
    out["combatants"] = combatants
    return out


# --- a forum character sheet --------------------------------------------------------------------

_RANGED = ("лук", "арбалет", "праща", "дротик", "метательный нож", "bow", "crossbow", "sling",
           "javelin", "dart")
_NUMBER = re.compile(r"^[+-]?\d+$")
_LIST = re.compile(r"^\d+(?:\s*[-/]\s*\d+)*$")


def _int(value: str) -> int | None:
    v = value.replace(" ", "")
    return int(v) if _NUMBER.match(v) else None


def _read(key: str, value: str) -> list[tuple[str, Any]] | None:
    v = value.strip()
    if key == "hp":
        n = _number(v)
        if n is not None:
            return [("hp", n)]
        try:
            parse_life(v)
        except ValueError:
            return None
        return [("hp", v)]
    if key in ("ac", "strength", "dexterity", "constitution", "wisdom", "easier_to_hit", "morale",
               "points", "level", "reward", "strikes"):
        n = _int(v)
        return None if n is None else [(key, n)]
    if key in ("escape", "levels"):
        if not _LIST.match(v):
            return None
        return [(key, [int(x) for x in re.split(r"\s*[-/]\s*", v)])]
    if key in ("melee", "ranged"):
        return _weapon(key, "", v)
    return None


def _number(v: str) -> int | float | None:
    try:
        n = float(v)
    except ValueError:
        return None
    return plain_number(n) if n == n else None


def _weapon(key: str, name: str, value: str) -> list[tuple[str, Any]] | None:
    """A damage table (C-6) and the special attacks after it (F-4): ``1-1,5-2 яд16ПБ6``."""
    parts = value.split()
    if not parts:
        return None
    try:
        parse_damage(parts[0])
        specials = [parse_special(p).text for p in parts[1:]]
    except ValueError:
        return None
    item: dict[str, Any] = {"name": name} if name else {}
    item["damage"] = parts[0]
    if specials:
        item["special"] = specials
    return [("ranged", item)] if key == "ranged" else [("melee[]", item)]


def _other(label: str, value: str) -> list[tuple[str, Any]] | None:
    """A weapon named by the sheet itself: ``лук 1-1,5-2``, ``когти 1-2 яд16ПБ6``; a lone number
    (``Обаяние 14``) is no damage table, and is left unread."""
    if "-" not in value.split(" ")[0].lstrip("-"):
        return None
    ranged = label.lower() in _RANGED or label.lower().split(" ")[0] in _RANGED
    return _weapon("ranged" if ranged else "melee", label, value)


SHEET_DEFAULTS = {"kind": "player"}
"""A sheet is a player's character unless it says otherwise (``--set kind=companion``)."""

SHEET = SheetWords(
    labels={
        "кд": "ac", "класс доспехов": "ac", "класс брони": "ac", "ac": "ac", "armour class": "ac",
        "ор": "hp", "жо": "hp", "очки риска": "hp", "жизненные очки": "hp", "хиты": "hp",
        "здоровье": "hp", "hp": "hp", "hit points": "hp",
        "сила": "strength", "strength": "strength", "ловкость": "dexterity",
        "dexterity": "dexterity", "телосложение": "constitution", "сложение": "constitution",
        "constitution": "constitution", "мудрость": "wisdom", "wisdom": "wisdom",
        "мораль": "morale", "morale": "morale", "ио": "points", "игровые очки": "points",
        "очки награды": "points", "points": "points", "уровень": "level", "level": "level",
        "уровни": "levels", "levels": "levels", "награда": "reward", "reward": "reward",
        "убегание": "escape", "возможность убегания": "escape", "escape": "escape",
        "удары": "strikes", "strikes": "strikes", "ближний бой": "melee", "melee": "melee",
        "дальний бой": "ranged", "ranged": "ranged",
    },
    read=_read, other=_other)
"""The words of a forum sheet: «КД 6, ОР 8, лук 1-1,5-2-2,5», «Сила +1, меч 1-2-3»."""
