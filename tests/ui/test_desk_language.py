"""Every string a desk shows is in the desk's language (issue 17): in a Russian desk no Latin word
that is not a name from the scenario, a dice expression, a rule id or a listed term; in an English
desk no Cyrillic word that is not a name. Checked on every widget of each example desk, at the
start and after a few rounds with the autopilot. The post panel and the round table's briefs
(reports' texts), the paste box's reply (the player's language) are left to their own tests; the
engines' refusals the form shows (why an attack is not open now) are the desk's words and checked
here."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from gmkit.ui.sessions import session

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "templates" / "scenarios").glob("*.yaml"))
LISTED = {"en", "ru",  # the language switch
          "journal"}  # the journal= parameter a GM types in the notebook
"""Terms a Russian desk may show in Latin letters."""


def _strings(root: Any, skip: list[Any]) -> list[str]:
    out: list[str] = []
    stack = [root]
    while stack:
        x = stack.pop()
        if any(x is s for s in skip):
            continue
        for attr in ("description", "tooltip", "placeholder", "value"):
            v = getattr(x, attr, None)
            if isinstance(v, str):
                out.append(v)
        out += [str(o) for o in (getattr(x, "_options_labels", None) or ())]
        model = getattr(x, "model", None)
        if isinstance(model, dict) and "legend" in model:  # the grid map's words
            out += list(model["legend"]) + [s.get("title", "") for s in model.get("ships", [])]
            out += [m["title"] for m in model.get("last_seen", [])]
        labels = getattr(x, "labels", None)
        if isinstance(labels, dict):  # the dice roller's words
            out += [str(v) for v in labels.values()]
        stack += list(getattr(x, "children", ()) or ())
    return out


def _names(desk: Any) -> str:
    """Every name the scenario gives (fighters, sides, weapons, spells, the fight's own, the
    players' forum nicknames): text the desk shows as it was given."""
    enc = desk.encounter
    names = [str(enc.scenario.get("name", "")), *enc.participants(), *enc.sides()]
    names += re.findall(r"'(?:name|weapon|spell|item|power|class|kind|player)': '([^']*)'", str(enc.scenario))
    return " ".join(names)


def _foreign(desk: Any, lang: str) -> set[str]:
    skip = [desk.posts, desk.paste.reply, desk.paste.copy, desk.styles,
            desk.round_table.briefs]  # the briefs are reports' texts, as the post panel's are
    names = _names(desk)
    pattern = r"[A-Za-z]{2,}" if lang == "ru" else r"[А-Яа-яЁё]{2,}"
    found = set()
    for s in _strings(desk, skip):
        text = html.unescape(re.sub(r"<[^>]+>", " ", s))
        for word in re.findall(pattern, text):
            given = word in names or word[:1].lower() + word[1:] in names  # a sentence opening
            if given or word in LISTED or re.fullmatch(r"d\d+", word):
                continue
            found.add(word)
    return found


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_desk_string_is_in_the_desks_language(path: Path, lang: str) -> None:
    desk = session(path, lang=lang)
    assert _foreign(desk, lang) == set()
    for _ in range(4):
        if desk.encounter.is_over:
            break
        desk.resolve(autopilot=True)
        assert _foreign(desk, lang) == set()
    desk.set_language("en" if lang == "ru" else "ru")
    desk.set_language(lang)
    assert _foreign(desk, lang) == set()


def test_the_scan_finds_a_foreign_word() -> None:
    desk = session(SCENARIOS[0], lang="ru")
    desk.status.value = "round resolved"  # as the desk once said on a Russian screen
    assert _foreign(desk, "ru") == {"round", "resolved"}
