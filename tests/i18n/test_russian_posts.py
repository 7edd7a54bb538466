"""The Russian example fights played to the end read right (issue 27): every round's public and
side posts, every actor's brief in the first rounds and the last, and the GM's and players' BBCode
reports, checked by tests/i18n/russian.py against the fight's own names.

The texts are made as a GM makes them (run data, posts, briefs, reports); the test sets no grammar
context of its own, so a rendering path that forgets the fight's names is caught here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmkit.report.bbcode import to_bbcode
from gmkit.report.chronicle import Chronicle
from gmkit.report.forum import brief_text, post_text
from gmkit.scenario import load_scenario
from gmkit.systems import get

from .russian import Finding, check

SCENARIOS = Path(__file__).resolve().parents[2] / "templates" / "scenarios"
MAX_ROUNDS = 60
BRIEF_ROUNDS = 3


def russian_examples() -> list[Path]:
    """The example scenarios written in Russian with Russian names."""
    out = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        model = load_scenario(path)
        if model.language == "ru" and any("а" <= ch <= "я" for ch in model.name.lower()):
            out.append(path)
    return out


def fight_texts(path: Path, seed: int = 7) -> tuple[Any, list[tuple[str, str]]]:
    """``(encounter, [(what, text)])``: a fight of ``path`` played by the autopilot, and every text
    a GM would post or send."""
    model = load_scenario(path)
    enc = get(model.system).engine_class.from_scenario(path, seed=seed)
    chron = Chronicle(enc, "ru")
    texts: list[tuple[str, str]] = []
    played = 0
    while not enc.is_over and played < MAX_ROUNDS:
        enc.resolve_round(autopilot=True)
        played += 1
        data = chron.update()
        texts.append((f"post {played}", post_text(data, None, "", "phpbb")))
        for side in enc.sides():
            texts.append((f"post {played} {side}", post_text(data, None, side, "phpbb")))
        if played <= BRIEF_ROUNDS or enc.is_over:
            data["briefs"] = chron.briefs()
            for actor in data["briefs"]:
                texts.append((f"brief {played} {actor}", brief_text(data, actor, "phpbb")))
    data = chron.update()
    texts += [("report gm", to_bbcode(data, "gm")), ("report player", to_bbcode(data, "player"))]
    return enc, texts


def test_there_are_russian_examples_of_every_rule_set() -> None:
    systems = {load_scenario(p).system for p in russian_examples()}
    assert systems == {"dragons", "space", "fantasy"}


@pytest.mark.slow
@pytest.mark.parametrize("path", russian_examples(), ids=lambda p: p.stem)
def test_a_russian_fight_reads_right(path: Path) -> None:
    enc, texts = fight_texts(path)
    findings: list[tuple[str, Finding]] = []
    for what, text in texts:
        findings += [(what, f) for f in check(text, enc.cast, repeats=not what.startswith("report"))]
    shown = "\n".join(f"{what}: {f}" for what, f in findings[:40])
    assert not findings, f"{len(findings)} findings in {len(texts)} texts:\n{shown}"
