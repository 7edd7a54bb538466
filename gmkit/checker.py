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

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .seal import SaltRefused, commitment, face, normalize_salt, stream_key

__all__ = ["Unreadable", "Finding", "Report", "Texts", "say", "read_thread", "check_thread",
           "check", "PARSE_KEYS", "REPORT_PREFIX"]

Texts = Mapping[str, Mapping[str, str]]
"""The catalogue's messages this module needs, ``{key: {lang: template}}``."""

PARSE_KEYS = ("seal.draws.gm", "seal.draws.again", "seal.draws.none", "seal.roll",
              "seal.post.footer", "seal.post.turn_mark", "seal.post.recount_mark", "seal.post.seal_mark",
              "seal.open.title", "seal.salted.title", "seal.reveal.title", "seal.block.commitment",
              "seal.block.fight", "seal.block.secret", "seal.block.salt", "seal.block.draws")
"""The messages a thread is read by."""
REPORT_PREFIX = "verify."
"""The messages a finding is told in."""
LANGS = ("ru", "en")


class Unreadable(Exception):
    """Input that cannot be checked at all (not text, no gmkit post, no reveal): ``key`` and
    ``params`` say why in the catalogue's words."""

    def __init__(self, key: str, **params: Any):
        self.key = key
        self.params = params
        super().__init__(key)


# --- words (the catalogue's syntax: {x}, {x:num}, {x:plural:a|b|c}, nested {"key": ...}) ---------

_FIELD = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def _category(n: int, lang: str) -> str:
    """CLDR's plural category of a whole number in English or Russian."""
    n = abs(n)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def _grouped(n: int, lang: str) -> str:
    """A whole number with its thousands grouped as the language writes them."""
    text = f"{n:,}"
    return text.replace(",", "\u00a0") if lang == "ru" else text


def say(texts: Texts, key: str, lang: str, **params: Any) -> str:
    """The message ``key`` in ``lang`` with its parameters, as the catalogue formats it."""
    template = texts[key].get(lang) or texts[key]["en"]
    values = {k: say(texts, v["key"], lang, **{a: b for a, b in v.items() if a != "key"})
              if isinstance(v, Mapping) and "key" in v else v for k, v in params.items()}

    def fill(m: re.Match[str]) -> str:
        value, spec = values[m.group(1)], m.group(2) or ""
        if spec == "num":
            return _grouped(int(value), lang)
        if spec.startswith("plural:"):
            forms = spec[7:].split("|")
            cat = _category(int(value), lang)
            if lang == "ru" and len(forms) == 3:
                return forms[{"one": 0, "few": 1}.get(cat, 2)]
            return forms[0] if cat == "one" else forms[-1]
        return str(value)

    return _FIELD.sub(fill, template)


def _regex(template: str, groups: Mapping[str, str]) -> str:
    """A message as a regular expression: its words literal, each ``{field}`` the pattern given."""
    out, at = [], 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[at:m.start()]))
        out.append(groups[m.group(1)])
        at = m.end()
    out.append(re.escape(template[at:]))
    return "".join(out)


@dataclass
class _Grammar:
    """The patterns of one language."""

    footer: re.Pattern[str]
    title: dict[str, re.Pattern[str]]
    fields: dict[str, re.Pattern[str]]
    gm: str
    again: str


def _grammar(texts: Texts, lang: str) -> _Grammar:
    def tpl(key: str) -> str:
        return texts[key][lang]

    none = re.escape(tpl("seal.draws.none"))
    turn = _regex(tpl("seal.post.turn_mark"), {"turn": r"(?P<turn>\d+)"})
    recount = _regex(tpl("seal.post.recount_mark"), {"count": r"(?P<count>\d+)"})
    seal = _regex(tpl("seal.post.seal_mark"), {"seal": r"(?P<seal>[0-9a-f]{16})"})
    footer = _regex(tpl("seal.post.footer"), {
        "round": r"(?P<round>\d+)", "turn": f"(?:{turn})?", "recount": f"(?:{recount})?",
        "draws": rf"(?P<draws>#\d+(?:–#\d+)?|{none})", "seal": f"(?:{seal})?"})
    titles = {kind: re.compile("^" + _regex(tpl(f"seal.{kind}.title"), {"name": r"(?P<name>.*)"}) + "$")
              for kind in ("open", "salted", "reveal")}
    fields = {
        "commitment": _regex(tpl("seal.block.commitment"), {"commitment": r"(?P<commitment>[0-9a-f]{64})"}),
        "fight": _regex(tpl("seal.block.fight"), {"scenario": r"(?P<scenario>[0-9a-f]{64})",
                                                   "journal": r"(?P<journal>[0-9a-f]{16})"}),
        "secret": _regex(tpl("seal.block.secret"), {"secret": r"(?P<secret>[0-9a-f]{64})"}),
        "salt": _regex(tpl("seal.block.salt"), {"salt": r"(?P<salt>.*)"}),
        "draws": _regex(tpl("seal.block.draws"), {"draws": r"(?P<draws>\d+)"}),
    }
    again = tpl("seal.draws.again").split("{draws}")[0]
    return _Grammar(re.compile("^" + footer + "$"), titles,
                    {k: re.compile("^" + v + "$") for k, v in fields.items()},
                    tpl("seal.draws.gm"), again)


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
