"""Reading a sealed fight's thread as copied from the forum (BBCode, Markdown or the rendered
page's text) into its posts: the opening, salt and closing blocks, and each round's rolls and last
line, by the catalogue's own words (:mod:`gmkit.checker_words`).

Standard library only, like :mod:`gmkit.checker` (``gmkit verify --script`` writes it out with it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .checker_words import LANGS, Texts, _grammar

__all__ = ["Unreadable", "Roll", "Post", "read_thread"]


class Unreadable(Exception):
    """Input that cannot be checked at all (not text, no gmkit post, no reveal): ``key`` and
    ``params`` say why in the catalogue's words."""

    def __init__(self, key: str, **params: Any):
        self.key = key
        self.params = params
        super().__init__(key)


# --- reading a thread ------------------------------------------------------------------------------

_BBCODE_TAG = re.compile(r"\[/?(?:b|i|u|s|size|colou?r|list|\*|code|img|quote|url|spoiler|font|center)"
                         r"(?:=[^\]\n]*)?\]", re.IGNORECASE)
_MD_ESCAPE = re.compile(r"\\(.)")
_DICE = re.compile(r"d(\d+)\[(\d+(?:\+\d+)*)\]")
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))


@dataclass
class Roll:
    """One roll as a post shows it."""

    line: int
    numbers: list[int | None]
    """Face by face; None for a face typed in by hand (the GM's)."""
    dice: list[tuple[int, int]]
    """(sides, face) face by face; empty for a roll hidden from the post's viewer."""
    again: bool = False
    """Shown before in the post (a roll told twice): draws nothing new."""


@dataclass
class Post:
    """A post of the thread: a round's post (``kind`` ``round``) or a block of the seal."""

    kind: str
    file: str
    line: int
    """The post's last line: its dice line, or a block's title."""
    number: int
    """Its place among the posts read, from 1."""
    round: int = 0
    turns: int = 1
    """How many turns of the round the post holds (a round played turn by turn grows)."""
    recount: int = 0
    span: tuple[int, int] | None = None
    seal: str = ""
    rolls: list[Roll] = field(default_factory=list)
    fields: dict[str, tuple[str, int]] = field(default_factory=dict)
    """A block's fields: name -> (value, line)."""
    bad: list[tuple[str, int, dict[str, Any]]] = field(default_factory=list)
    """What could not be read as it should: (finding key, line, params)."""


_BBCODE_LINE = re.compile(r"^\s*\[(?:b|i|size=[^\]\n]*|list|\*|code|img|colou?r=[^\]\n]*)\]",
                          re.IGNORECASE | re.MULTILINE)


def _format_of(text: str) -> str:
    """BBCode when a line starts with a tag; Markdown when a line is a heading or a list item
    ending in a code span, or holds an escaped ``#``; else the plain text of a rendered page.
    (A player's text inside a post, a salt, cannot start a line: it follows a label.)"""
    if _BBCODE_LINE.search(text):
        return "bbcode"
    if re.search(r"^(?:#{1,3} |- .*`\s*$)", text, re.MULTILINE) or "\\#" in text:
        return "markdown"
    return "plain"


def _last_group(text: str) -> tuple[str, str] | None:
    """The line's last bracketed group and what comes before it, brackets inside it balanced."""
    s = text.rstrip()
    if not s.endswith(")"):
        return None
    depth = 0
    for i in range(len(s) - 1, -1, -1):
        if s[i] == ")":
            depth += 1
        elif s[i] == "(":
            depth -= 1
            if depth == 0:
                return s[:i], s[i + 1:-1]
    return None


def _last_span(text: str) -> tuple[str, str] | None:
    """The line's last Markdown code span and what comes before it."""
    s = text.rstrip()
    m = re.search(r"(`+)$", s)
    if not m:
        return None
    fence = m.group(1)
    head = s[:m.start()]
    i = head.rfind(fence)
    while i > 0 and (head[i - 1] == "`" or head[i - 1] == "\\"):
        i = head.rfind(fence, 0, i - 1)
    if i < 0 or (i + len(fence) < len(head) and head[i + len(fence)] == "`"):
        return None
    body = head[i + len(fence):]
    if len(body) > 1 and body.startswith(" ") and body.endswith(" "):
        body = body[1:-1]
    return head[:i], body


class _Reader:
    def __init__(self, texts: Texts):
        self.grammars = [_grammar(texts, lang) for lang in LANGS]
        gms = "|".join(re.escape(g.gm) for g in self.grammars)
        token = rf"(?:#\d+(?:–#\d+)?|{gms})"
        agains = "|".join(re.escape(g.again) for g in self.grammars if g.again)
        self.label = re.compile(rf"^(?P<again>{agains})?(?P<label>{token}(?:, {token})*)(?: |$)")
        self.gm = {g.gm for g in self.grammars}
        self.posts: list[Post] = []
        self.pending: list[Roll] = []
        self.pending_bad: list[tuple[str, int, dict[str, Any]]] = []
        self.block: Post | None = None

    def numbers(self, label: str) -> list[int | None]:
        out: list[int | None] = []
        for part in label.split(", "):
            if part in self.gm:
                out.append(None)
                continue
            a, _, b = part.partition("–")
            first, last = int(a[1:]), int((b or a)[1:])
            if last < first or last - first > 100_000:
                raise ValueError(part)
            out += list(range(first, last + 1))
        return out

    def group(self, body: str, line: int) -> None:
        """A roll group (``#57–#58 d8!: …; #59 …``), or nothing when it is not one."""
        parts = body.split("; ")
        if not self.label.match(parts[0]):
            if _DICE.search(body):
                self.pending_bad.append(("verify.unnumbered", line, {}))
            return
        for part in parts:
            m = self.label.match(part)
            if m is None:
                self.pending_bad.append(("verify.unnumbered", line, {}))
                continue
            try:
                nums = self.numbers(m.group("label"))
            except ValueError:
                self.pending_bad.append(("verify.bad_roll", line, {"n": 0, "k": 0}))
                continue
            dice = [(int(s), int(f)) for s, chain in _DICE.findall(part[m.end():]) for f in chain.split("+")]
            if dice and len(dice) != len(nums):
                self.pending_bad.append(("verify.bad_roll", line, {"n": len(nums), "k": len(dice)}))
                continue
            self.pending.append(Roll(line, nums, dice, bool(m.group("again"))))

    def footer(self, text: str) -> re.Match[str] | None:
        for g in self.grammars:
            m = g.footer.match(text)
            if m:
                return m
        return None

    def title(self, text: str) -> str | None:
        for g in self.grammars:
            for kind, pattern in g.title.items():
                if pattern.match(text):
                    return kind
        return None

    def block_field(self, text: str) -> tuple[str, re.Match[str]] | None:
        for g in self.grammars:
            for name, pattern in g.fields.items():
                m = pattern.match(text)
                if m:
                    return name, m
        return None

    def read(self, name: str, text: str) -> None:
        fmt = _format_of(text)
        found = len(self.posts)
        number = 0
        for number, raw in enumerate(text.splitlines(), 1):
            line = _BBCODE_TAG.sub("", raw) if fmt == "bbcode" else raw
            line = unicodedata.normalize("NFC", line.translate(_INVISIBLE)).strip()
            if not line:
                continue
            body = None
            if fmt == "markdown":
                span = _last_span(line)
                if span is not None:
                    line, body = span[0].rstrip(), span[1]
                line = _MD_ESCAPE.sub(r"\1", re.sub(r"^(?:#{1,6} |- |\* )", "", line)).strip()
            else:
                line = re.sub(r"^(?:[•·▪◦*-] )", "", line)
            m = self.footer(line) if body is None else None
            if m is not None:
                self.end_round(name, number, m)
                continue
            kind = self.title(line) if body is None else None
            if kind is not None:
                self.block = Post(kind, name, number, len(self.posts) + 1)
                self.posts.append(self.block)
                continue
            got = self.block_field(line) if body is None and self.block is not None else None
            if got is not None and self.block is not None:
                for k, v in got[1].groupdict().items():
                    self.block.fields.setdefault(k, (v, number))
                continue
            if body is None:
                grouped = _last_group(line)
                if grouped is not None:
                    body = grouped[1]
            if body is not None:
                self.group(body, number)
        if len(self.posts) == found and not self.pending:
            raise Unreadable("verify.error.unknown_format", file=name)
        if self.pending or self.pending_bad:  # rolls after the last dice line: a post cut off
            post = Post("round", name, number, len(self.posts) + 1, rolls=self.pending,
                        bad=[*self.pending_bad, ("verify.cut", number, {})])
            self.posts.append(post)
            self.pending, self.pending_bad = [], []

    def end_round(self, name: str, number: int, m: re.Match[str]) -> None:
        draws = m.group("draws")
        span = None
        if draws.startswith("#"):
            a, _, b = draws.partition("–")
            span = (int(a[1:]), int((b or a)[1:]))
        post = Post("round", name, number, len(self.posts) + 1, round=int(m.group("round")),
                    turns=int(m.group("turn") or 1), recount=int(m.group("count") or 0), span=span,
                    seal=m.group("seal") or "",
                    rolls=self.pending, bad=self.pending_bad)
        self.posts.append(post)
        self.pending, self.pending_bad = [], []
        self.block = None


def read_thread(sources: Iterable[tuple[str, str]], texts: Texts) -> list[Post]:
    """The posts of ``(name, text)`` sources, in order (an :class:`Unreadable` for a source that
    holds no gmkit post)."""
    reader = _Reader(texts)
    for name, text in sources:
        reader.read(name, text)
    return reader.posts
