"""The GM's guide, in English and in Russian, runs: every code block, in order, in an empty folder
(issue 20). ``sh`` blocks run in bash (stopping at the first failing command) with ``gmkit`` being
this checkout's; ``python`` blocks run in a fresh interpreter; ``yaml file=NAME`` blocks are written
to NAME; other ``yaml`` blocks must be YAML; ``text`` blocks are not run. A block of any other kind
fails the test, so a block meant to be skipped says so."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
GUIDES = {"en": ROOT / "docs" / "guide-en.md", "ru": ROOT / "docs" / "guide-ru.md"}
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
KINDS = ("sh", "python", "yaml", "text")


def blocks(path: Path) -> list[tuple[str, str, str]]:
    """(kind, info string, code) of every fenced block, in order."""
    return [(m.group(1).split(" ")[0], m.group(1), m.group(2))
            for m in FENCE.finditer(path.read_text(encoding="utf-8"))]


INLINE_SH = re.compile(r"`(gmkit(?: [^`\s]+){2,}[^`]*)`")
INLINE_PY = re.compile(r"`(gmkit\.\w+\([^`]*)`")


def inline(path: Path) -> list[tuple[str, str]]:
    """The commands the guide's prose shows in `backticks` (``gmkit new space``, a call like
    ``gmkit.simulate(...)``), as (kind, code) to run after its blocks. A command named alone
    (``gmkit run``) is a name, not a command; its blocks show it whole."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return ([("sh", m) for m in INLINE_SH.findall(text)]
            + [("python", f"import gmkit\nprint({m})") for m in INLINE_PY.findall(text)])


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8",
           "MPLBACKEND": "Agg", "NO_COLOR": "1"}
    env.pop("GMKIT_LANG", None)
    return env


def _run(kind: str, info: str, code: str, where: Path) -> None:
    if kind == "text":
        return
    if kind == "yaml":
        data = yaml.safe_load(code)
        assert data is not None
        m = re.search(r"\bfile=(\S+)", info)
        if m:
            (where / m.group(1)).write_text(code, encoding="utf-8")
        return
    if kind == "sh":
        shim = f'gmkit() {{ "{sys.executable}" -m gmkit "$@"; }}\nset -eo pipefail\n'
        argv = ["bash", "-c", shim + code]
    else:
        argv = [sys.executable, "-c", code]
    r = subprocess.run(argv, cwd=where, env=_env(), capture_output=True, text=True,
                       encoding="utf-8", timeout=600)
    assert r.returncode == 0, f"{kind} block failed:\n{code}\n--- stdout\n{r.stdout[-3000:]}\n" \
                              f"--- stderr\n{r.stderr[-3000:]}"


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_every_block_is_of_a_known_kind(lang: str) -> None:
    found = blocks(GUIDES[lang])
    assert len(found) >= 20
    assert [info for kind, info, _ in found if kind not in KINDS] == []


@pytest.mark.slow
@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_every_block_of_the_guide_runs(lang: str, tmp_path: Path) -> None:
    ran = 0
    for kind, info, code in blocks(GUIDES[lang]):
        _run(kind, info, code, tmp_path)
        ran += kind in ("sh", "python")
    assert ran >= 12
    for kind, code in inline(GUIDES[lang]):
        _run(kind, kind, code, tmp_path)


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_commands_in_the_prose_are_found(lang: str) -> None:
    found = inline(GUIDES[lang])
    assert any("gmkit new space" in code for _, code in found)
    assert any("gmkit.simulate(" in code for _, code in found)


def test_the_runner_can_fail(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="sh block failed"):
        _run("sh", "sh", "gmkit new chess x.yaml\n", tmp_path)
    with pytest.raises(AssertionError, match="python block failed"):
        _run("python", "python", "import gmkit\ngmkit.no_such_thing\n", tmp_path)


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_every_rule_option_is_explained(lang: str) -> None:
    """Each option of each rule set appears in the guide's rule options section."""
    from gmkit import systems
    from gmkit.reference import own_systems

    text = GUIDES[lang].read_text(encoding="utf-8")
    section = text[text.rindex("\n## "):]
    missing = []
    for name in own_systems():
        model = systems.get(name).scenario_model
        options = model.model_fields["options"].annotation
        for option in options.model_fields:
            if f"`{option}`" not in section:
                missing.append(f"{name}: {option}")
    assert missing == []


def test_the_two_guides_have_the_same_shape() -> None:
    """Kept in step: the same sections and the same blocks of code in the same order."""
    en, ru = (GUIDES[lang].read_text(encoding="utf-8") for lang in ("en", "ru"))
    heads = [re.findall(r"^#{1,3} ", t, re.MULTILINE) for t in (en, ru)]
    assert heads[0] == heads[1]
    kinds = [[kind for kind, _, _ in blocks(GUIDES[lang])] for lang in ("en", "ru")]
    assert kinds[0] == kinds[1]


def test_the_readmes_link_to_both_guides() -> None:
    for readme in ("README.md", "README.ru.md"):
        text = (ROOT / readme).read_text(encoding="utf-8")
        assert "docs/guide-en.md" in text and "docs/guide-ru.md" in text, readme
