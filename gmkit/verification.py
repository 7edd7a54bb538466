"""``gmkit.verify(...)``: check a sealed fight's thread in a notebook, and with the journal the GM
published after the fight, the rolls the posts could only show as numbers.

The thread is checked by :mod:`gmkit.checker` (the very code the players' script carries), in
the catalogue's words. With the journal, gmkit also replays it on the sealed dice (every
resolution, the undone ones too), checks that its seal and salt are the thread's, that every
numbered face the posts show is the journal's, that every hidden roll's faces are the sealed
dice's, and that each round the journal resolved again is announced as a recount in its post.

>>> report = verify("thread.txt", journal="duel.jsonl")   # doctest: +SKIP
>>> report.ok                                             # doctest: +SKIP
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from . import checker
from .checker import Finding, Post, Report, Unreadable

__all__ = ["verify", "Verdict", "texts", "write_script", "SCRIPT_NAME"]

SCRIPT_NAME = "gmkit_check.py"
"""The players' script's default file name."""


def texts() -> dict[str, dict[str, str]]:
    """The catalogue's messages the checker reads a thread by and tells its findings in."""
    from .i18n import catalogue

    cat = catalogue()
    return {k: dict(v) for k, v in cat.items()
            if k in checker.PARSE_KEYS or k.startswith(checker.REPORT_PREFIX)}


class Verdict:
    """What :func:`verify` found: ``ok``, the ``findings`` (each with its file and line), how
    many faces and posts were checked; ``str()`` is the report in its language."""

    def __init__(self, report: Report, lang: str, words: dict[str, dict[str, str]]):
        self.report = report
        self.lang = lang
        self._texts = words

    @property
    def ok(self) -> bool:
        return self.report.ok

    @property
    def findings(self) -> list[Finding]:
        return self.report.findings

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def lines(self, lang: str | None = None) -> list[str]:
        return self.report.lines(self._texts, lang or self.lang)

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        state = "ok" if self.ok else f"{len(self.findings)} findings"
        return f"<Verdict {state}: {self.report.faces} faces in {self.report.posts} posts>"

    def _repr_html_(self) -> str:
        colour = "#1b7d2f" if self.ok else "#b00020"
        items = "".join(f"<li>{escape(t)}</li>" for t in self.lines())
        return f'<ul style="color:{colour}">{items}</ul>'


def _sources(files: Sequence[str | Path], text: str | None) -> list[tuple[str, str]]:
    out = checker.read_sources([str(f) for f in files]) if files else []
    if text is not None:
        out.append(("<text>", text))
    return out


def verify(*files: str | Path, text: str | None = None, journal: str | Path | None = None,
           lang: str | None = None) -> Verdict:
    """Check the thread in ``files`` (posts as copied from the forum; ``-`` for standard input)
    and/or ``text``; with ``journal``, the journal published after the fight too. Raises
    :class:`~gmkit.errors.SealError` for input that cannot be checked at all."""
    from .errors import SealError
    from .i18n import get_language

    words = texts()
    try:
        posts = checker.read_thread(_sources(files, text), words)
        report = checker.check_thread(posts)
        if journal is not None:
            report.findings += _check_journal(Path(journal), posts, report)
    except Unreadable as e:
        raise SealError(e.key, **e.params) from None
    return Verdict(report, lang or get_language(), words)


# --- the journal ---------------------------------------------------------------------------------------

def _reveal(posts: list[Post]) -> Post:
    return next(p for p in posts if p.kind == "reveal")


def _check_journal(path: Path, posts: list[Post], report: Report) -> list[Finding]:
    from .encounter import Encounter
    from .errors import GmkitError, JournalError
    from .journal import Journal
    from .report.chronicle import run_data

    name = str(path)
    try:
        contents = Journal.read(path)
    except JournalError as e:
        raise Unreadable("verify.error.unreadable", file=name, why=str(e)) from None
    out: list[Finding] = []
    try:
        enc = Encounter.resume(path, autosave=False)
    except GmkitError as e:
        return [Finding("verify.journal.replay", {"problem": e.message()}, name, getattr(e, "line", 0) or 0)]
    reveal = _reveal(posts)
    mine = {"secret": reveal.fields["secret"][0], "salt": reveal.fields["salt"][0],
            "journal": reveal.fields.get("journal", ("", 0))[0]}
    theirs = {"secret": (enc.sealed or {}).get("secret"), "salt": enc.salt,
              "journal": (enc.sealed or {}).get("journal")}
    if mine != theirs:
        return [Finding("verify.journal.seal", {}, name, 1)]
    out += _replay_all(path, contents)
    data = run_data(enc, "en")
    journal_faces: dict[int, tuple[int, int] | None] = {}
    recounts = {int(r["round"]): int(r.get("recounts") or 0) for r in data["rounds"]}
    for rnd in data["rounds"]:
        for ev in rnd["events"]:
            rolls = ev.get("rolls") or []
            for i, entry in enumerate(ev.get("draws") or []):
                if entry is None or isinstance(entry, dict):
                    continue
                dice = rolls[i]["dice"] if i < len(rolls) else []
                faces = [(s, f) for s, chain, _kept, _label in dice for f in chain]
                for k, n in enumerate(entry):
                    if n is not None:
                        journal_faces[n] = faces[k] if k < len(faces) else None
    from .seal import face, stream_key

    key = stream_key(mine["secret"], enc.fight_id()["scenario"], mine["journal"], mine["salt"])
    for post in (p for p in posts if p.kind == "round" and p.round):
        for roll in post.rolls:
            for k, n in enumerate(roll.numbers):
                if n is None:
                    continue
                if n not in journal_faces:
                    out.append(checker._at("verify.journal.missing", post, roll.line, n=n))
                    continue
                theirs_face = journal_faces[n]
                if roll.dice and theirs_face is not None and roll.dice[k] != theirs_face:
                    out.append(checker._at("verify.journal.face", post, roll.line, n=n,
                                           shown=roll.dice[k][1], got=theirs_face[1]))
                if not roll.dice and theirs_face is not None:
                    report.faces += 1
                    sides, got = theirs_face
                    if face(key, n, sides) != got:
                        out.append(checker._at("verify.face", post, roll.line, n=n, got=got, sides=sides,
                                               want=face(key, n, sides)))
    said: dict[int, tuple[Post, int]] = {}
    for post in (p for p in posts if p.kind == "round" and p.round):
        said[post.round] = (post, post.recount)
    for rnd, count in sorted(recounts.items()):
        if rnd in said and said[rnd][1] < count:
            out.append(checker._at("verify.journal.recount", said[rnd][0], round=rnd, count=count,
                                   shown=said[rnd][1]))
    return out


def _replay_all(path: Path, contents: Any) -> list[Finding]:
    """Every step of the journal taken again as it happened, the undone resolutions too: each
    fresh face must be the sealed dice's."""
    from .errors import GmkitError
    from .systems import get

    header = contents.header
    cls: Any = get(str(header["system"])).engine_class
    fight = cls.from_valid(header["scenario"], header["seed"],
                           opening_faces=tuple(header.get("opening_faces", ())))
    for line, entry in zip(contents.lines, contents.entries, strict=False):
        try:
            if entry.get("op") == "undo":
                fight.undo()
            else:
                fight._replay(entry)
        except (GmkitError, ValueError) as e:
            problem = e.message() if isinstance(e, GmkitError) else str(e)
            return [Finding("verify.journal.replay", {"problem": problem}, str(path), line)]
    return []


# --- the players' script -------------------------------------------------------------------------------

CHECKER_MODULES = ("checker_words", "thread_reading", "checker")
"""The checker's modules in the order the script holds them (each uses only the ones before)."""


def write_script(path: str | Path = SCRIPT_NAME) -> Path:
    """The checker as one file a player runs with Python alone: the seal's construction, the
    checker and the catalogue's words (``python gmkit_check.py posts.txt``)."""
    from importlib import resources

    from .errors import GmkitError

    def source(module: str) -> str:
        text = (resources.files("gmkit") / f"{module}.py").read_text(encoding="utf-8")
        lines = [ln for ln in text.splitlines()
                 if not ln.startswith(("from __future__", "from ."))]  # one file: no package
        return "\n".join(lines)

    words = json.dumps(texts(), ensure_ascii=False, indent=1, sort_keys=True)
    script = "\n".join([
        "#!/usr/bin/env python3",
        '"""gmkit_check: the players\' check of a sealed gmkit fight, written out by gmkit verify',
        "--script. Python 3.10 or newer, standard library only. Usage:",
        "",
        "    python gmkit_check.py [--language ru|en] POSTS.txt [MORE.txt ...]   (- reads standard input)",
        "",
        "Exit 0 when every roll holds, 1 on any mismatch, 2 on input that cannot be read.",
        '"""',
        "from __future__ import annotations",
        "",
        "# --- the seal's construction (gmkit/seal.py) ---",
        source("seal"),
        "",
        *(line for module in CHECKER_MODULES
          for line in (f"# --- the checker (gmkit/{module}.py) ---", source(module), "")),
        "",
        "# --- the catalogue's words ---",
        f"TEXTS = {words}",
        "",
        'if __name__ == "__main__":',
        "    import sys",
        "",
        "    sys.exit(main())",
        ""])
    out = Path(path)
    try:
        out.write_text(script, encoding="utf-8")
    except OSError as e:
        raise GmkitError(f"cannot write {out}: {e.strerror}") from None
    return out
