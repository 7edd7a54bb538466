"""The players' page on the seal, in Russian and English: linked from both GMs' guides and from
each other, and its construction the one gmkit computes (its shell line run as it is written)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gmkit.seal import DICE_DOMAIN, SALT_MAX_BYTES, SEAL_DOMAIN, commitment

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"ru": ROOT / "docs" / "seal-ru.md", "en": ROOT / "docs" / "seal-en.md"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_page_is_linked_from_the_guide_and_the_other_language(lang: str) -> None:
    other = "en" if lang == "ru" else "ru"
    guide = (ROOT / "docs" / f"guide-{lang}.md").read_text(encoding="utf-8")
    page = PAGES[lang].read_text(encoding="utf-8")
    assert f"(seal-{lang}.md)" in guide
    assert f"(seal-{other}.md)" in page and f"(guide-{lang}.md)" in page
    for words in ("gmkit verify --script", "gmkit verify --journal", SEAL_DOMAIN, DICE_DOMAIN,
                  str(SALT_MAX_BYTES), "#57–#59"):
        assert words in page, words


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="no sha256sum on this machine")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_pages_shell_line_gives_the_commitment(lang: str) -> None:
    page = PAGES[lang].read_text(encoding="utf-8")
    line = re.search(r"`(printf '[^`]+\| sha256sum)`", page)
    assert line
    scenario, journal, secret = "a1" * 32, "b2" * 8, "c3" * 32
    names = ("СЦЕНАРИЙ ЖУРНАЛ S" if lang == "ru" else "SCENARIO JOURNAL S").split()
    command = line.group(1)
    for name, value in zip(names, (scenario, journal, secret), strict=True):
        command = re.sub(rf"(?<= ){name}(?= |$)", value, command, count=1)
    out = subprocess.run(["bash", "-c", command], capture_output=True, text=True, check=True).stdout
    assert out.split()[0] == commitment(secret, scenario, journal)
