"""The players' check of a sealed fight's thread: every numbered face recomputed from the revealed
secret and salt, every number in its place.

Standard library only: ``gmkit verify --script`` writes this module out as one file (after the
construction of :mod:`gmkit.seal` and with the catalogue's words), so a player checks a thread
without gmkit; ``gmkit verify`` and :func:`gmkit.verify` run this same code.

The thread is read as copied from the forum: BBCode, Markdown or the plain text of the rendered
page, several posts to a file or one per file. What is read, by the catalogue's own words in
either language:

* the opening block (the seal: ``Печать: <64 hex>``, ``Бой: сценарий <hash>, журнал <id>.``),
  the block of the salt taken, the closing block (``Секрет:``, ``Соль:``, ``Брошено кубиков:``);
* each round's post: its rolls, each a group of the story line's last brackets (the last code
  span in Markdown) starting with its numbers (``#57–#59 d8!: d8[8+3] = 11; #60 …``), and its
  last line (``Кости раунда 3, пересчёт 1: #57–#70; печать <16 hex>.``).

What is checked: the secret against the seal, the seal the posts name, the salt taken against
the salt revealed, every face against the sealed dice, each number used once, no number left
out (between posts, within a post's own span), a round posted again only with the same dice or
as a recount announced in its post (which starts where the round started).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .checker_words import LANGS, PARSE_KEYS, REPORT_PREFIX, Texts, say
from .seal import SaltRefused, commitment, face, normalize_salt, stream_key
from .thread_reading import Post, Unreadable, read_thread

__all__ = ["Unreadable", "Finding", "Report", "Texts", "say", "read_thread", "check_thread",
           "check", "PARSE_KEYS", "REPORT_PREFIX"]


# --- checking ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    """One thing that does not hold, where it is, in the catalogue's words (``key``, ``params``)."""

    key: str
    params: Mapping[str, Any]
    file: str = ""
    line: int = 0
    post: int = 0
    round: int = 0

    def text(self, texts: Texts, lang: str) -> str:
        if not self.file:
            return say(texts, self.key, lang, **self.params)
        where: dict[str, Any] = {"key": "verify.where.file", "file": self.file, "line": self.line}
        if self.round:
            where.update(key="verify.where.round", post=self.post, round=self.round)
        elif self.post:
            where.update(key="verify.where.block", post=self.post)
        return say(texts, "verify.at", lang, where=where,
                   what={"key": self.key, **self.params})


@dataclass
class Report:
    """What a check found, and how much it checked."""

    findings: list[Finding]
    faces: int
    """Faces recomputed from the sealed dice."""
    posts: int
    """Round posts read."""
    seal: str
    """The seal's first 16 hex digits."""

    @property
    def ok(self) -> bool:
        return not self.findings

    def lines(self, texts: Texts, lang: str) -> list[str]:
        out = [f.text(texts, lang) for f in self.findings]
        if self.ok:
            out.append(say(texts, "verify.ok", lang, n=self.faces, posts=self.posts, seal=self.seal))
        else:
            out.append(say(texts, "verify.failed", lang, n=len(self.findings)))
        return out


def _at(key: str, post: Post, line: int | None = None, **params: Any) -> Finding:
    return Finding(key, params, post.file, post.line if line is None else line, post.number,
                   post.round if post.kind == "round" else 0)


def _where(post: Post, line: int) -> dict[str, Any]:
    """A place as a parameter of another finding (where something was first seen)."""
    if post.kind == "round":
        return {"key": "verify.where.round", "file": post.file, "line": line, "post": post.number,
                "round": post.round}
    return {"key": "verify.where.block", "file": post.file, "line": line, "post": post.number}


def _runs(numbers: Sequence[int]) -> str:
    """``#3–#5, #9`` for 3, 4, 5, 9."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(set(numbers)):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(f"#{run[0]}" if len(run) == 1 else f"#{run[0]}–#{run[-1]}")
        run = [n]
    if run:
        out.append(f"#{run[0]}" if len(run) == 1 else f"#{run[0]}–#{run[-1]}")
    return ", ".join(out)


@dataclass
class _Version:
    post: Post
    start: int
    shown: dict[int, tuple[int, int] | None]
    """Number -> (sides, face) as shown, None for a hidden roll's."""
    lines: dict[int, int]


def check_thread(posts: Sequence[Post]) -> Report:
    """Check the posts read by :func:`read_thread` (see the module's docstring for what)."""
    findings: list[Finding] = []
    opens = [p for p in posts if p.kind == "open"]
    reveals = [p for p in posts if p.kind == "reveal"]
    rounds = [p for p in posts if p.kind == "round"]
    if not reveals or "secret" not in reveals[0].fields or "salt" not in reveals[0].fields:
        raise Unreadable("verify.error.no_reveal")
    reveal = reveals[0]
    secret, secret_line = reveal.fields["secret"]
    salt_text, salt_line = reveal.fields["salt"]
    try:
        salt = normalize_salt(salt_text)
    except SaltRefused:
        raise Unreadable("verify.error.no_reveal") from None
    scenario, _ = reveal.fields.get("scenario", ("", 0))
    journal, journal_line = reveal.fields.get("journal", ("", 0))
    seal_open = opens[0] if opens else None
    sealed = ""
    key: bytes | None = None
    if seal_open is None or "commitment" not in seal_open.fields:
        findings.append(Finding("verify.no_opening", {}))
        key = stream_key(secret, scenario, journal, salt)  # checked all the same, for what it says
    else:
        sealed, _ = seal_open.fields["commitment"]
        for other in opens[1:]:
            theirs = other.fields.get("commitment", ("", other.line))
            if theirs[0] != sealed:
                findings.append(_at("verify.second_seal", other, theirs[1],
                                    first=_where(seal_open, seal_open.line)))
        their_journal = seal_open.fields.get("journal", ("", 0))[0]
        if (their_journal, seal_open.fields.get("scenario", ("", 0))[0]) != (journal, scenario):
            findings.append(_at("verify.other_fight", reveal, journal_line or reveal.line,
                                got=journal or "?", want=their_journal or "?"))
        elif commitment(secret, scenario, journal) != sealed:
            findings.append(_at("verify.commitment", reveal, secret_line,
                                first=_where(seal_open, seal_open.fields["commitment"][1])))
        else:
            key = stream_key(secret, scenario, journal, salt)
    for other in reveals[1:]:
        again = (other.fields.get("secret", ("", 0))[0], other.fields.get("salt", ("", 0))[0])
        if again != (secret, salt_text):
            findings.append(_at("verify.second_reveal", other, other.line, first=_where(reveal, reveal.line)))
    for taken in (p for p in posts if p.kind == "salted"):
        got, line = taken.fields.get("salt", ("", taken.line))
        if got != salt_text:
            findings.append(_at("verify.salt_changed", reveal, salt_line, first=_where(taken, line)))
    fp = sealed[:16]
    faces = 0
    final: dict[int, _Version] = {}
    firsts: dict[int, int] = {}
    for post in rounds:
        findings += [_at(k, post, line, **params) for k, line, params in post.bad]
        if fp and post.seal != fp and post.round:
            findings.append(_at("verify.seal_other", post, got=post.seal or "—", want=fp))
        shown: dict[int, tuple[int, int] | None] = {}
        lines: dict[int, int] = {}
        for roll in post.rolls:
            for i, n in enumerate(roll.numbers):
                die = roll.dice[i] if roll.dice else None
                if n is not None and die is not None and key is not None:
                    faces += 1
                    sides, shown_face = die
                    want = face(key, n, sides)
                    if shown_face != want:
                        findings.append(_at("verify.face", post, roll.line, n=n, got=shown_face,
                                            sides=sides, want=want))
                if n is None or roll.again:
                    continue
                if n in shown:
                    findings.append(_at("verify.twice", post, roll.line, n=n,
                                        first=_where(post, lines[n])))
                    continue
                shown[n] = die
                lines[n] = roll.line
        if post.kind != "round" or not post.round:
            continue
        want_nums = set(range(post.span[0], post.span[1] + 1)) if post.span else set()
        missing = sorted(want_nums - set(shown))
        extra = sorted(set(shown) - want_nums)
        if missing:
            findings.append(_at("verify.post_missing", post, numbers=_runs(missing), count=len(missing)))
        if extra:
            findings.append(_at("verify.post_extra", post, numbers=_runs(extra), count=len(extra)))
        start = post.span[0] if post.span else 0
        version = _Version(post, start, shown, lines)
        prev = final.get(post.round)
        if prev is not None:
            was = (prev.post.recount, prev.post.turns)
            if (post.recount, post.turns) < was:
                findings.append(_at("verify.older", post, first=_where(prev.post, prev.post.line)))
            elif post.recount == prev.post.recount:
                # the same round again: the same dice, or (more turns) the same dice and more
                clash = [n for n in shown if n in prev.shown and shown[n] is not None
                         and prev.shown[n] is not None and shown[n] != prev.shown[n]]
                clash += [n for n in prev.shown if n not in shown]
                if post.turns == prev.post.turns:
                    clash += [n for n in shown if n not in prev.shown]
                if clash or (start and prev.start and start != prev.start):
                    n = min(clash) if clash else start
                    findings.append(_at("verify.reposted", post, lines.get(n, post.line),
                                        round=post.round, n=n,
                                        first=_where(prev.post, prev.lines.get(n, prev.post.line))))
            elif start and firsts.get(post.round) and start != firsts[post.round]:
                findings.append(_at("verify.recount_start", post, got=start, want=firsts[post.round]))
            if post.recount > prev.post.recount:  # the rounds after it are played again
                for later in [r for r in final if r > post.round]:
                    del final[later]
        if start:
            firsts.setdefault(post.round, start)
        final[post.round] = version
    owner: dict[int, tuple[_Version, int]] = {}
    for rnd in sorted(final):
        v = final[rnd]
        for n in v.shown:
            if n in owner and owner[n][0] is not v:
                findings.append(_at("verify.twice", v.post, v.lines[n], n=n,
                                    first=_where(owner[n][0].post, owner[n][1])))
            else:
                owner[n] = (v, v.lines[n])
    total_text = reveal.fields.get("draws", ("0", 0))[0]
    total = int(total_text) if total_text.isdigit() else 0
    top = max([*owner, total])
    gaps = sorted(set(range(1, top + 1)) - set(owner))
    for run in _split(gaps):
        after = min((n for n in owner if n > run[-1]), default=None)
        if after is not None:
            v, line = owner[after]
            findings.append(_at("verify.skipped", v.post, line, numbers=_runs(run), count=len(run)))
        else:
            findings.append(_at("verify.skipped_end", reveal, reveal.line, numbers=_runs(run),
                                count=len(run), total=total))
    return Report(findings, faces, sum(1 for p in rounds if p.round), fp)


def _split(numbers: Sequence[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for n in numbers:
        if out and n == out[-1][-1] + 1:
            out[-1].append(n)
        else:
            out.append([n])
    return out


def check(sources: Iterable[tuple[str, str]], texts: Texts) -> Report:
    """Read and check a thread: ``(name, text)`` per file or post."""
    return check_thread(read_thread(sources, texts))


# --- the players' script ---------------------------------------------------------------------------

def read_sources(paths: Sequence[str], stdin: Any = None) -> list[tuple[str, str]]:
    """The files named (``-`` for standard input) as text; :class:`Unreadable` for one that
    cannot be read or is not UTF-8 text."""
    import sys

    out = []
    for path in paths:
        try:
            if path == "-":
                raw = (stdin or sys.stdin.buffer).read()
                name = "-"
            else:
                with open(path, "rb") as f:
                    raw = f.read()
                name = path
        except OSError as e:
            raise Unreadable("verify.error.unreadable", file=path, why=e.strerror or str(e)) from None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise Unreadable("verify.error.not_text", file=path) from None
        out.append((name, text))
    return out


def main(argv: Sequence[str] | None = None, texts: Texts | None = None) -> int:
    """The checker as a command: ``python check.py [--language ru|en] FILE...`` (``-`` for
    standard input). Exit 0 when everything holds, 1 on any mismatch, 2 on unreadable input."""
    import argparse
    import sys

    words: Texts = texts if texts is not None else globals()["TEXTS"]
    p = argparse.ArgumentParser(description=say(words, "verify.script.about", "en"))
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--language", choices=LANGS, default="ru")
    args = p.parse_args(argv)
    try:
        report = check(read_sources(args.files), words)
    except Unreadable as e:
        print(say(words, e.key, args.language, **e.params), file=sys.stderr)
        return 2
    for line in report.lines(words, args.language):
        print(line)
    return 0 if report.ok else 1
