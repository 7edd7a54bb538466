"""A character sheet pasted as forum players write it, read into a roster entry.

«Ловкость d8, Драться d6…», «КД 6, ОР 8, лук 1-1,5-2-2,5»: a sheet is a list of items (split at
line ends, semicolons, and commas that are not a decimal comma), each a label and a value. The
text is normalised and every label's words are taken in their dictionary forms by the order
language's own tools (:mod:`gmkit.language`), so «Драться», «Драка» and «драки» find one word of the
rule set's sheet vocabulary (its ``campaign.SHEET``). A label the vocabulary does not know may
still be read by the rule set (a weapon named before its damage table). Whatever is not read is
kept and marked, never guessed; the entry is checked by the rule set's model, and nothing is added
to the roster until the GM accepts it (:func:`gmkit.campaign.roster.add_member`).

>>> split("КД 6, ОР 8, лук 1-1,5-2-2,5\\nСила +1; Мудрость 2…")
['КД 6', 'ОР 8', 'лук 1-1,5-2-2,5', 'Сила +1', 'Мудрость 2']
>>> label_and_value("лук 1-1,5-2-2,5"), label_and_value("Драться d6"), label_and_value("Имя: Мира")
(('лук', '1-1.5-2-2.5'), ('Драться', 'd6'), ('Имя', 'Мира'))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .part import SheetWords, part_of

__all__ = ["SheetItem", "SheetReading", "split", "label_and_value", "phrase", "read", "read_text",
           "NAME_WORDS"]

NAME_WORDS = ("имя", "персонаж", "name", "character")
"""Labels of the character's name, in every rule set's sheet."""

_SEPARATORS = re.compile(r"\n|;|•|(?<!\d),|,(?!\d)")
_VALUE = re.compile(r"(?:^|\s)(?=[+\-]?\d|[dдкk]\d)", re.I)
_DECIMAL = re.compile(r"(?<=\d),(?=\d)")
_TRAILING = re.compile(r"[\s.…]+$")


@dataclass(frozen=True)
class SheetItem:
    """One item of the sheet: as written, and what it was read as (nothing, when unread)."""

    text: str
    label: str
    value: str
    read: tuple[tuple[str, Any], ...] = ()

    @property
    def unread(self) -> bool:
        return not self.read


@dataclass
class SheetReading:
    """A sheet read: every item, the entry made of what was read, and what the model says of it."""

    system: str
    items: list[SheetItem]
    entry: dict[str, Any]
    error: Any = None
    """The entry's :class:`~gmkit.errors.ScenarioError`, or None when it passes."""
    name: str | None = None
    unread: list[SheetItem] = field(default_factory=list)

    def rows(self, lang: str) -> tuple[list[str], list[list[str]]]:
        """Written, read as, value: one row per field read, an unread item marked."""
        from ..i18n import format_message
        from ..report.tables import label, value_text

        head = [format_message(f"campaign.sheet.col.{c}", lang) for c in ("written", "field", "value")]
        body = []
        for item in self.items:
            if item.unread:
                body.append([item.text, format_message("campaign.sheet.unread", lang), ""])
                continue
            for i, (path, value) in enumerate(item.read):
                where = path.removesuffix("[]")
                body.append([item.text if i == 0 else "", label(where, lang),
                             value_text(value, lang, where.rsplit(".", 1)[-1])])
        return head, body

    def problems(self, lang: str) -> list[str]:
        """Why the entry cannot be added yet, in the reader's words (none: it can)."""
        if self.error is None:
            return []
        return self.error.message(lang).split("\n")[1:] or [self.error.message(lang)]

    @property
    def ok(self) -> bool:
        return self.error is None


def split(text: str) -> list[str]:
    """The items of a sheet, as written (a decimal comma kept inside its number)."""
    out = []
    for part in _SEPARATORS.split(text):
        item = _TRAILING.sub("", part.strip())
        if item:
            out.append(item)
    return out


def label_and_value(item: str) -> tuple[str, str]:
    """``Имя: Мира`` or ``КД 6``: the label, and the value with decimal commas as points."""
    if ":" in item:
        label, _, value = item.partition(":")
    else:
        m = _VALUE.search(item)
        label, value = (item[:m.start()], item[m.start():]) if m else (item, "")
    return label.strip(" -\t"), _DECIMAL.sub(".", value.strip())


@lru_cache(maxsize=4096)
def phrase(text: str) -> str:
    """A label's words in their dictionary forms, lower case, ``ё`` as ``е``."""
    from ..language.morph import forms
    from ..language.text import normalise, words

    out = []
    for w in words(normalise(text)):
        if w.kind != "word":
            continue
        got = forms(w.text)
        out.append(got[1] if len(got) > 1 else got[0])
    return " ".join(out)


@lru_cache(maxsize=16)
def _vocabulary(system: str) -> dict[str, str]:
    sheet: SheetWords = part_of(system).SHEET
    return {phrase(k): v for k, v in sheet.labels.items()}


def read_text(system: str, text: str | bytes, party: str, name: str | None = None,
              extra: Mapping[str, Any] | None = None) -> SheetReading:
    """A sheet of a rule set read into an entry of the side ``party`` (see the module's text)."""
    from ..errors import ScenarioError
    from ..language.text import decode, normalise
    from ..scenario import validate_part

    part = part_of(system)
    sheet: SheetWords = part.SHEET
    vocabulary = _vocabulary(system)
    names = {phrase(n) for n in NAME_WORDS}
    items: list[SheetItem] = []
    written_name = None
    for raw in split(normalise(decode(text)).replace('"', "")):
        label, value = label_and_value(raw)
        key = phrase(label)
        got: list[tuple[str, Any]] | None = None
        if key in names and value:
            written_name = value
            got = [("name", value)]
        elif key in vocabulary:
            got = list(sheet.read(vocabulary[key], value) or []) or None
        elif label and value:
            got = list(sheet.other(label, value) or []) or None
        items.append(SheetItem(raw, label, value, tuple(got or ())))
    entry: dict[str, Any] = dict(getattr(part, "SHEET_DEFAULTS", {}))
    entry["name"] = name or written_name
    entry["side"] = party
    for item in items:
        for path, value in item.read:
            if path != "name":
                _put(entry, path, value)
    entry.update(extra or {})
    if entry.get("name") is None:
        entry.pop("name")
    error = None
    try:
        validate_part(part.entry_model(), entry, "sheet")
    except ScenarioError as e:
        error = e
    return SheetReading(system, items, entry, error, entry.get("name"),
                        [i for i in items if i.unread])


def read(campaign: Any, text: str | bytes, name: str | None = None,
         extra: Mapping[str, Any] | None = None) -> SheetReading:
    """A sheet read for ``campaign``'s roster (its rule set, its party's side)."""
    return read_text(campaign.system, text, campaign.party, name, extra)


def _put(entry: dict[str, Any], path: str, value: Any) -> None:
    """Set ``pilot.fighting``, or append to ``melee[]``."""
    *parents, last = path.split(".")
    here = entry
    for p in parents:
        here = here.setdefault(p, {})
    if last.endswith("[]"):
        here.setdefault(last[:-2], []).append(value)
    else:
        here[last] = value
