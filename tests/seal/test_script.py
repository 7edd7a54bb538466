"""The players' script (gmkit verify --script): one file, standard library only, run here by a
Python that cannot import gmkit; it says what gmkit.verify says, word for word and exit code,
on honest and tampered threads, in both languages."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gmkit import verify
from gmkit.cli import main
from gmkit.errors import SealError

from .thread import Fight, joined, play, posts


@pytest.fixture(scope="module")
def fight(tmp_path_factory: pytest.TempPathFactory) -> Any:
    f = play("fantasy_wolves", tmp_path_factory.mktemp("script"), 5)
    yield f
    f.enc.close()


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("player") / "gmkit_check.py"
    assert main(["verify", "--script", str(path)]) == 0
    return path


def _run(script: Path, files: list[Path], lang: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-I", "-S", str(script), "--language", lang,
                           *map(str, files)], capture_output=True, input=stdin, timeout=120,
                          cwd=script.parent)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def test_the_script_runs_without_gmkit(script: Path) -> None:
    done = subprocess.run([sys.executable, "-I", "-S", "-c", "import gmkit"], capture_output=True,
                          cwd=script.parent)
    assert done.returncode != 0  # gmkit is not within its reach
    text = script.read_text(encoding="utf-8")
    imports = {line.split()[1].split(".")[0] for line in text.splitlines()
               if line.startswith(("import ", "from ")) or line.startswith(("    import ", "    from "))
               for line in [line.strip()]}
    assert imports <= {"__future__", "hashlib", "hmac", "re", "secrets", "unicodedata", "typing",
                       "collections", "dataclasses", "argparse", "sys", "json"}, imports


def _tampered(fight: Fight) -> dict[str, str]:
    parts = posts(fight, "phpbb", "ru")
    honest = joined(parts)
    lines = honest.splitlines()
    i = next(i for i, line in enumerate(lines) if "d18: d6[" in line)
    m = re.search(r"d18: d6\[(\d)\]", lines[i])
    assert m
    lines[i] = lines[i][:m.start(1)] + str(int(m.group(1)) % 6 + 1) + lines[i][m.end(1):]
    return {
        "honest": honest,
        "face": "\n".join(lines),
        "dropped": joined([*parts[:3], *parts[4:]]),
        "secret": honest.replace(fight.reveal["secret"], "3" * 64),
        "markdown": joined(posts(fight, "markdown", "en")),
    }


@pytest.mark.parametrize("case", ["honest", "face", "dropped", "secret", "markdown"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_script_says_what_gmkit_verify_says(fight: Fight, script: Path, tmp_path: Path, case: str,
                                                lang: str) -> None:
    path = tmp_path / "thread.txt"
    path.write_text(_tampered(fight)[case], encoding="utf-8")
    verdict = verify(path, lang=lang)
    code, out, err = _run(script, [path], lang)
    assert (code, out.splitlines()) == (verdict.exit_code, verdict.lines(lang)), err
    assert verdict.ok == (case in ("honest", "markdown"))


def test_the_script_reads_standard_input_and_refuses_what_gmkit_refuses(script: Path, fight: Fight,
                                                                         tmp_path: Path) -> None:
    code, out, _ = _run(script, [Path("-")], "ru", joined(posts(fight, "plain", "ru")).encode())
    assert code == 0 and out.startswith("Всё сходится")
    junk = tmp_path / "junk.txt"
    junk.write_text("no post here\n", encoding="utf-8")
    with pytest.raises(SealError) as e:
        verify(junk)
    code, out, err = _run(script, [junk], "ru")
    assert code == 2 and err.strip() == e.value.message("ru") and not out
