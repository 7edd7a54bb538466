"""Every Russian message of every catalogue, rendered with names of each gender and number, reads
right (issue 27): each name in the case its governing word needs, each past-tense verb and short
adjective agreeing with it, Russian typography, no code token — checked by tests/i18n/russian.py.

A parameter is a name when its message declines it or agrees with it (``{target:acc}``,
``{actor:g:…}``), or when it is called as names are (``actor``, ``target``, ``ship``...; ``name``
outside the scenario-file and command-line messages, where it names a field or a file). Each
message is rendered once per name of :data:`NAMES` in every name parameter (a second name
parameter gets the next name, so two names never coincide), numbers as ``2`` and a signed number
as ``−1``; anything else as a Latin placeholder the check ignores.
"""

from __future__ import annotations

import string
from typing import Any

import pytest

from gmkit.i18n import _Names, catalogue, format_message, grammar

from .russian import check

NAMES = [("Шквал", "dragon", None, None), ("Гроза", "dragon", None, None), ("Облако", "ship", None, None),
         ("Налётчики", "side", None, None), ("Кармен", "character", "f", None),
         ("Волк 2", "monster", None, None), ("Ash", "dragon", None, None),
         ("Магическая стрела", "spell", None, None)]
"""A masculine name of a thing given to someone, a feminine one, a neuter ship, a plural group, an
indeclinable woman's name, a name with a number, a Latin name, a spell of two words."""
CAST = grammar.Cast.of(NAMES)

NAME_PARAMS = frozenset({
    "actor", "target", "ship", "side", "names", "weapon", "winner", "holder", "rider", "leader", "enemy",
    "attacker", "killer", "pursuer", "tailing", "tailed_by", "held_by", "owner", "spell", "item", "power",
    "other", "current", "gm_actor", "current_ship", "victim", "caster", "actors", "attack", "loser"})
"""Parameters that hold a name of the fight wherever they appear."""
FIELD_NAME_PREFIXES = ("scenario.", "cli.", "fields.", "report.files", "ui.file", "posts.error")
"""Messages where ``name`` is a field, a file or a command, not someone of the fight."""
CASE_SPECS = frozenset(grammar.CASES)


def _fields(template: str) -> list[tuple[str, str]]:
    """The template's parameters; an optional one with a text for events without it
    (``{told?:…}``) is left out, and the parameters of that text are read in its place."""
    out: list[tuple[str, str]] = []
    for _, f, spec, _ in string.Formatter().parse(template):
        if f and f.endswith("?") and spec:
            out += _fields(spec)
        elif f:
            out.append((f.split(".")[0].split("[")[0], spec or ""))
    return out


def name_params(key: str, template: str) -> set[str]:
    fields = _fields(template)
    out = {f for f, spec in fields if spec in CASE_SPECS or spec.startswith("g:")}
    out |= {f for f, _ in fields if f in NAME_PARAMS}
    if not key.startswith(FIELD_NAME_PREFIXES):
        out |= {f for f, _ in fields if f == "name"}
    return out


def _value(param: str, spec: str, names: set[str], k: int) -> Any:
    if param in names:
        order = sorted(names)
        name = NAMES[(k + order.index(param)) % len(NAMES)][0]
        if param in ("names", "actors", "sides"):
            return _Names([name, NAMES[(k + 3) % len(NAMES)][0]])
        return name
    if spec.startswith(("plural:", "num")) or spec.endswith("d") or spec.startswith(("+", ".")):
        return -1 if spec.startswith("+") else 2
    return "X"


def rendered(key: str) -> list[str]:
    template = catalogue()[key].get("ru", "")
    fields = _fields(template)
    names = name_params(key, template)
    out = []
    for k in range(len(NAMES)):
        params = {f: _value(f, spec, names, k) for f, spec in fields}
        try:
            out.append(format_message(key, "ru", **params))
        except (ValueError, TypeError, KeyError, IndexError) as e:
            out.append(f"!! {type(e).__name__}: {e}")
    return out


KEYS = sorted(catalogue())


@pytest.mark.parametrize("key", KEYS)
def test_every_russian_message_reads_right(key: str) -> None:
    with grammar.cast(CAST):
        texts = rendered(key)
        findings = [f for t in texts for f in check(t, CAST, repeats=False)]
    broken = [t for t in texts if t.startswith("!! ")]
    assert not broken, f"{key}: {broken[0]}"
    assert not findings, f"{key}: " + "; ".join(dict.fromkeys(str(f) for f in findings))
