"""What every rule set tells a campaign, and the plain records it answers with.

A rule set's ``campaign`` part (its ``campaign.py``, found through :mod:`gmkit.systems`) is a
module with these names, the same in every rule set:

``ENTRIES``
    the scenario's list of participants (``combatants``, ``dragons``, ``ships``);
``entry_model()``
    the pydantic model of one entry, which checks a roster edit;
``kind(entry)``
    what the entry is for the grammar of names (``character``, ``dragon``, ``ship``...);
``CHOICES``
    the GM's calls a fight's end asks for (:class:`Choice`: a rest rule, healing, repairs);
``carry(encounter, members, choices)``
    what a finished fight changes for the roster: a :class:`Carry`;
``FIGURES`` and ``figures(entry)``
    the numbers the roster is followed by (level and points, wounds, hull), labelled by the
    ``field.*`` words of the catalogue; ``CHART`` names those drawn per fight;
``stage(scenario)`` and ``build(party, enemies, stage)``
    the battlefield and options of a fight, and a scenario's own section made of entries;
``SHEET``
    the words of a forum character sheet (:class:`SheetWords`), and ``SHEET_DEFAULTS`` (optional)
    the fields a sheet's entry starts with (a fantasy sheet is a player's).
``shown(field, value, lang)``
    a value in words where the catalogue's generic words would not do, or None.

Everything here is plain data, so the rules of carrying stay plain functions a test can call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import CampaignError

__all__ = ["ALIVE", "DEAD", "LOST", "STATES", "Choice", "Change", "Carry", "SheetWords", "part_of",
           "entries_of", "copy_entry", "lean", "state_word", "said"]

ALIVE, DEAD, LOST = "alive", "dead", "lost"
"""A member's standing: alive (fights on), dead, or lost to the campaign (a pilot consumed by
their dragon, D-10)."""
STATES = (ALIVE, DEAD, LOST)


@dataclass(frozen=True)
class Choice:
    """A call the GM makes when a fight is applied: one of ``words``, or a whole number of at least
    1 when ``number`` is set. Its words in the catalogue: ``<key>`` asks, ``<key>.<word>`` names a
    value and ``<key>.n`` a number (``{n}``)."""

    name: str
    words: tuple[str, ...]
    default: str
    key: str
    number: bool = False

    def read(self, text: Any) -> str | int:
        """``text`` as a value of this choice; a :class:`CampaignError` naming the values else."""
        value = str(text).strip().lower()
        if value in self.words:
            return value
        digits = value[1:] if value.startswith("+") else value
        if self.number and digits.isdigit() and 1 <= int(digits) <= 10**6:
            return int(digits)
        raise CampaignError("campaign.choice.bad", choice=self.name, got=str(text),
                            values=", ".join(self.words) + (", N" if self.number else ""))

    def said(self, value: str | int) -> dict[str, Any]:
        """The value as a message parameter, in the reader's words."""
        if isinstance(value, int):
            return {"key": f"{self.key}.n", "n": value}
        return {"key": f"{self.key}.{value}"}


@dataclass(frozen=True)
class Change:
    """One line of what a fight changes: a member's field before and after, and why (a message
    key and its parameters, or None when the field says it all)."""

    member: str
    field: str
    before: Any
    after: Any
    why: Mapping[str, Any] | None = None


@dataclass
class Carry:
    """What a finished fight changes for the roster: the new entries and standings of the members
    who fought, the lines of the table, and how each one who fell fell."""

    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    states: dict[str, str] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    fell: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    """Member -> why it fell (a message key and parameters), for the dead remembered."""


@dataclass(frozen=True)
class SheetWords:
    """The words of a rule set's forum character sheet.

    ``labels`` maps a label in dictionary forms (``класс доспехов``, ``кд``, ``ac``) to a key of
    ``read``; ``read(key, value)`` gives the ``(field path, value)`` pairs the item sets, or None
    when the value does not fit; ``other(label, value)`` reads an item whose label is no known word
    (a weapon's name before its damage table), or gives None.
    """

    labels: Mapping[str, str]
    read: Callable[[str, str], Sequence[tuple[str, Any]] | None]
    other: Callable[[str, str], Sequence[tuple[str, Any]] | None] = lambda label, value: None


def part_of(system: str) -> Any:
    """The campaign part of the rule set named ``system``; a :class:`CampaignError` when it has none."""
    from ..systems import get

    s = get(system)
    if not s.has("campaign"):
        raise CampaignError("campaign.no_part", system=s.name)
    return s.load("campaign")


def entries_of(part: Any, scenario: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The participants' entries of a scenario, as plain dicts."""
    return [dict(e) for e in scenario.get(part.ENTRIES) or ()]


def lean(part: Any, entry: Mapping[str, Any]) -> dict[str, Any]:
    """An entry as a GM would write it: what a validated scenario spelled out at its default
    (``ac: null``, ``to_hit: 0``, nothing on a list) left out again."""
    try:
        model = part.entry_model().model_validate(dict(entry))
    except ValueError:
        return copy_entry(entry)
    out = model.model_dump(mode="json", exclude_defaults=True)
    return {k: out[k] for k in entry if k in out} | {k: v for k, v in out.items() if k not in entry}


def copy_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of an entry (plain JSON data)."""
    import json

    return dict(json.loads(json.dumps(entry, ensure_ascii=False)))


def state_word(system: str, state: str, name: str) -> dict[str, Any]:
    """A member's standing as a message parameter, agreeing with its name: the rule set's own word
    when it has one (a ship is «в строю», not «жив»), else the campaign's."""
    from ..i18n import catalogue

    key = f"{system}.campaign.state.{state}"
    return {"key": key if key in catalogue() else f"campaign.state.{state}", "name": name}


def said(param: Any, lang: str | None) -> str:
    """A message parameter (``{"key": ..., ...}`` or a plain value) in the reader's words."""
    from ..i18n import format_message

    if isinstance(param, Mapping) and "key" in param:
        return format_message(str(param["key"]), lang, **{k: v for k, v in param.items() if k != "key"})
    return str(param)
