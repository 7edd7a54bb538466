"""What a dragon duel changes for a campaign, how the next duel is laid out, and the words of a
forum character sheet (the ``campaign`` part, see :mod:`gmkit.campaign.part`).

Damage is "by the base rules" (D-7), Savage Worlds'; what a duel leaves for the next one:

* **wounds**: a Wild Card keeps its wounds (at most 3: the fourth put it out of the fight, D-8), and
  their penalty holds in the next duel from its first roll; the base rules heal them with days of
  rest, which is the GM's to tell: asked at each fight (``keep``, ``heal`` all, or N each). What
  the wounds did in the duel (Speed lost, weapons out) stays in that duel. An Extra carries none:
  one wound took it out (D-8);
* **Bennies**: by the base rules a new session starts each Wild Card with its full pool and the
  ones left are lost (``reset``); the GM may carry the ones left instead (``keep``);
* the dead are marked (killed in the Blue, or a crash the survival roll lost, D-8/D-13); a
  dragon that turned on its pilot (D-10) is lost to the party: the GM's now, an enemy of all.

Fatigue is not carried: none of D's rules gives it, so no duel leaves any.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..campaign.part import ALIVE, DEAD, LOST, Carry, Change, Choice, SheetWords, copy_entry
from ..campaign.store import Member
from ..dice import parse, parse_trait
from .scenario import DragonSpec

__all__ = ["ENTRIES", "CHOICES", "FIGURES", "CHART", "SHEET", "entry_model", "kind", "carry",
           "figures", "stage", "build", "shown"]

ENTRIES = "dragons"

CHOICES = (
    Choice("wounds", ("keep", "heal"), "keep", "dragons.campaign.wounds", number=True),
    Choice("bennies", ("reset", "keep"), "reset", "dragons.campaign.bennies"),
)
"""The GM's calls after a duel: wounds kept, all healed or N healed each; Bennies back to each
pool (the base rules) or the ones left kept."""

FIGURES = ("wounds", "bennies")
CHART = ("wounds",)
MAX_WOUNDS = 3
"""D-8: a Wild Card's fourth wound puts it out: at most three are carried."""


def entry_model() -> type[DragonSpec]:
    return DragonSpec


def kind(entry: Mapping[str, Any]) -> str:
    return "dragon"


def carry(encounter: Any, members: Mapping[str, Member], choices: Mapping[str, Any]) -> Carry:
    """D-7, D-8, D-10: the roster after a finished duel (see the module's text)."""
    heal = choices.get("wounds", "keep")
    bennies = choices.get("bennies", "reset")
    out = Carry()
    for name, m in members.items():
        s = encounter.state.dragons.get(name)
        if s is None:
            continue
        spec = encounter.dragons[name]
        before = m.entry
        entry = copy_entry(before)
        changes: list[Change] = []
        if s.turned:
            out.states[name] = LOST
            why: Mapping[str, Any] = {"key": "dragons.campaign.why.turned"}
            out.fell[name] = why
            changes.append(Change(name, "state", m.state, LOST, why))
        elif s.out_reason == "killed":
            out.states[name] = DEAD
            why = {"key": "dragons.campaign.why.killed", "name": name, "cause": _cause(encounter, name)}
            out.fell[name] = why
            changes.append(Change(name, "state", m.state, DEAD, why))
        else:
            out.states[name] = ALIVE
            if spec.wild_card:
                changes += _wounds(name, before, entry, min(s.wounds, MAX_WOUNDS), heal)
                changes += _bennies(name, before, entry, m.base, s.bennies, bennies)
        out.entries[name] = entry
        out.changes += changes
    return out


def _cause(encounter: Any, name: str) -> Any:
    """How the dragon died, as the fight's record says it (D-8, D-9, D-13)."""
    for e in reversed(encounter.record):
        if e.kind == "out" and e.actor == name and "cause" in e.params:
            return e.params["cause"]
    return {"key": "dragons.out_reason.killed"}


def _wounds(name: str, before: Mapping[str, Any], entry: dict[str, Any], wounds: int,
            heal: Any) -> list[Change]:
    if heal == "heal":
        now = 0
    elif isinstance(heal, int):
        now = max(0, wounds - heal)
    else:
        now = wounds
    if now:
        entry["wounds"] = now
    else:
        entry.pop("wounds", None)
    if before.get("wounds", 0) == now:
        return []
    why = ({"key": "dragons.campaign.why.wounds", "n": wounds} if heal == "keep"
           else {"key": "dragons.campaign.why.healed", "n": wounds, "heal": CHOICES[0].said(heal)})
    return [Change(name, "wounds", before.get("wounds", 0), now, why)]


def _bennies(name: str, before: Mapping[str, Any], entry: dict[str, Any], base: Mapping[str, Any],
             left: int, rule: Any) -> list[Change]:
    now = left if rule == "keep" else base.get("bennies")
    if now is None:
        entry.pop("bennies", None)
    else:
        entry["bennies"] = now
    if before.get("bennies") == now:
        return []
    return [Change(name, "bennies", before.get("bennies"), now,
                   {"key": f"dragons.campaign.why.bennies.{rule}", "n": left})]


def figures(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {"wounds": entry.get("wounds", 0), "bennies": entry.get("bennies")}


def shown(field: str, value: Any, lang: str) -> str | None:
    return None


# --- the next duel ------------------------------------------------------------------------------


def stage(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The battlefield (D-13) and the rule options a next duel keeps."""
    return {k: scenario[k] for k in ("battlefield", "options") if scenario.get(k)}


def build(party: Sequence[Mapping[str, Any]], enemies: Sequence[Mapping[str, Any]],
          settings: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: settings[k] for k in ("battlefield", "options") if settings.get(k)}
    out["dragons"] = [dict(e) for e in (*party, *enemies)]
    return out


# --- a forum character sheet --------------------------------------------------------------------

_DIE = re.compile(r"(?:(?<=\d)|(?<![\w]))[кдk](?=\d)", re.I)
_TOUGHNESS = re.compile(r"^(\d+)\s*(?:\((\d+)\))?$")
_RANGES = re.compile(r"^(\d+)\s*/\s*(\d+)\s*/\s*(\d+)$")
_TRAITS = {"fighting": "pilot.fighting", "piloting": "pilot.piloting", "spirit": "pilot.spirit",
           "shooting": "pilot.shooting", "vigor": "vigor"}


def _dice(v: str) -> str:
    """Dice as Russian sheets write them (``к8``, ``д8``, ``2к6``) in gmkit's ``d``."""
    return _DIE.sub("d", v.strip()).replace(" ", "")


def _read(key: str, value: str) -> list[tuple[str, Any]] | None:
    v = value.strip()
    if key in _TRAITS:
        die = _dice(v)
        try:
            parse_trait(die)
        except ValueError:
            return None
        return [(_TRAITS[key], die)]
    if key == "toughness":
        m = _TOUGHNESS.match(v)
        if not m:
            return None
        out: list[tuple[str, Any]] = [("toughness", int(m[1]))]
        return out + ([("armour", int(m[2]))] if m[2] else [])
    if key in ("armour", "speed", "max_speed", "height", "bennies"):
        return [(key, int(v))] if re.fullmatch(r"[+-]?\d+", v) else None
    if key == "pilot":
        return [("pilot.name", v)] if v and not v[0].isdigit() else None
    if key in ("wild", "extra"):
        return [("wild_card", key == "wild")] if not v else None
    return None


def _other(label: str, value: str) -> list[tuple[str, Any]] | None:
    """A weapon named by the sheet: ``Когти 2к6``, ``Пламя 2d8 60/120/180``; its dice are counted
    (``2d6``), so a trait of no use in a duel (``Ловкость d8``) is not taken for one."""
    parts = value.split()
    if not parts or not parts[0][:1].isdigit():
        return None
    damage = _dice(parts[0])
    try:
        if not parse(damage).dice:
            return None
    except ValueError:
        return None
    weapon: dict[str, Any] = {"name": label, "kind": "melee", "damage": damage}
    for p in parts[1:]:
        m = _RANGES.match(p)
        if not m:
            return None
        weapon["kind"], weapon["ranges"] = "ranged", [int(m[1]), int(m[2]), int(m[3])]
    return [("weapons[]", weapon)]


SHEET = SheetWords(
    labels={
        "драка": "fighting", "драться": "fighting", "fighting": "fighting",
        "пилотирование": "piloting", "пилотаж": "piloting", "piloting": "piloting",
        "характер": "spirit", "дух": "spirit", "spirit": "spirit",
        "стрельба": "shooting", "стрелять": "shooting", "shooting": "shooting",
        "выносливость": "vigor", "vigor": "vigor",
        "стойкость": "toughness", "toughness": "toughness", "броня": "armour", "armour": "armour",
        "скорость": "speed", "speed": "speed", "максимальная скорость": "max_speed",
        "предельная скорость": "max_speed", "макс скорость": "max_speed", "max speed": "max_speed",
        "высота": "height",
        "height": "height", "фишки": "bennies", "бенни": "bennies", "bennies": "bennies",
        "пилот": "pilot", "всадник": "pilot", "pilot": "pilot", "rider": "pilot",
        "дикая карта": "wild", "wild card": "wild", "экстра": "extra", "статист": "extra",
        "extra": "extra",
    },
    read=_read, other=_other)
"""The words of a forum sheet: «Драться d6, Пилотирование d8, Стойкость 9 (2), Когти 2к6»."""
