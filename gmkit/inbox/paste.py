"""A paste cut into messages: what a GM copies from a forum's private messages, as it comes.

One message, several, or a whole copied page of private messages: the headers forums print
(phpBB, MyBB, XenForo: «От:», «Кому:», «Тема:», «Отправлено:», ``From:``, ``Re: …``,
``Кира said:``, «Сообщение от Кира»), ``[quote="ник"]`` blocks holding whole messages, rule lines
(``---``, ``***``) between them, or a list the GM wrote (``Кира: набор высоты…``). Each
:class:`Message` keeps the player's words exactly as written, where they stand in the paste, and
who the paste says sent them (a header, the quote's name, a signature, a label) — never guessed:
:mod:`gmkit.inbox.table` decides whose each is, and asks when it cannot tell.

>>> [(m.author, m.text) for m in split("От: Кира\\nТема: Re: раунд 2\\n\\nнабор высоты 1\\n---\\n"
...                                    "От: Дорн\\nпикирую на 2")]
[('Кира', 'набор высоты 1'), ('Дорн', 'пикирую на 2')]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

__all__ = ["Message", "split", "MAX_PASTE", "MAX_MESSAGES", "when"]

MAX_PASTE = 100_000
"""The most characters a paste may hold: a round's messages are a few kilobytes; a longer paste
(a whole forum page with its menus, a file pasted by mistake) is refused, nothing read."""
MAX_MESSAGES = 200
"""The most messages one paste is cut into."""

_HEADER = re.compile(
    r"^[ \t]*(?P<key>от|from|отправитель|автор|author|sender|кому|to|получатель|recipients?|тема|"
    r"subject|заголовок|title|отправлено|sent|дата|date|время|posted|получено|received)"
    r"[ \t]*:[ \t]*(?P<value>.*?)[ \t]*$", re.IGNORECASE)
_AUTHOR_KEYS = frozenset({"от", "from", "отправитель", "автор", "author", "sender"})
_DATE_KEYS = frozenset({"отправлено", "sent", "дата", "date", "время", "posted", "получено",
                        "received"})
_SAID = re.compile(r"^[ \t]*(?P<who>[^\n:\[\]]{1,60}?)[ \t]+(?:said|wrote|писал|писала|написал|"
                   r"написала|пишет|сказал|сказала)(?:\((?:а|a)\))?[ \t]*:?[ \t]*(?:↑|⬆)?[ \t]*$",
                   re.IGNORECASE)
_FROM = re.compile(r"^[ \t]*(?:(?:личное[ \t]+)?сообщение[ \t]+от|message[ \t]+from|"
                   r"(?:private[ \t]+)?message[ \t]+by)[ \t]*:?[ \t]*(?P<who>[^\n]{1,60}?)[ \t]*$",
                   re.IGNORECASE)
_SUBJECT = re.compile(r"^[ \t]*(?:re|ответ|fwd?|отв)[ \t]*(?:\[\d+\])?[ \t]*:", re.IGNORECASE)
_RULE = re.compile(r"^[ \t]*(?:-{3,}|\*{3,}|_{3,}|={3,}|—{2,}|–{3,}|~{3,}|(?:\*[ \t]*){3,})[ \t]*$")
_QUOTE = re.compile(r"\[quote(?P<arg>(?:=|\s)[^\]]*)?\]|\[/quote\]", re.IGNORECASE)
_QUOTE_NAME = re.compile(r"""^\s*=?\s*(?:"(?P<a>[^"]*)"|'(?P<b>[^']*)'|(?P<c>[^\s"'\]]+))""")
_LABEL = re.compile(r"^[ \t]*(?P<who>[^\n:—\[\]]{1,40}?)[ \t]*(?::|—|–|-)[ \t]+(?P<rest>\S)")
_SIGN_PREFIX = re.compile(r"^(?:--+|—|–|~|с уважением,?|ваш[аи]?|твой|твоя|regards,?|cheers,?|"
                          r"best,?|yours,?)[ \t]*", re.IGNORECASE)


@dataclass(frozen=True)
class Message:
    """One player's message as the paste holds it."""

    text: str
    """The player's words, exactly as written (headers, the signature and rule lines left out)."""
    start: int
    """Where :attr:`text` begins in the paste (a character offset)."""
    author: str | None = None
    """Who the paste says sent it, as written there (None: it does not say)."""
    how: str = ""
    """Where :attr:`author` was read: ``header``, ``said``, ``quote``, ``label``, ``signature``,
    ``file`` (a file's name), or ``""``."""
    sent: str = ""
    """The date line the forum printed with it, as written (``Отправлено: …``)."""
    source: str = ""
    """The file it came from, when read from files."""
    actor: str | None = None
    """The actor the GM said it is for (the answer to "whose is this?"): it wins over all."""

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    def pinned(self, actor: str | None) -> Message:
        """This message given to ``actor`` by the GM (None: back to what the paste says)."""
        return replace(self, actor=actor)


def split(paste: str, names: Callable[[str], bool] = lambda s: False) -> list[Message]:
    """The messages of ``paste`` (at most :data:`MAX_MESSAGES`; the caller refuses a paste over
    :data:`MAX_PASTE`). ``names(text)`` says whether a short text names someone of the fight
    (a nickname, an actor, a rider): it lets a GM's list (``Кира: …``) and a signature count."""
    text = paste.replace("\r\n", "\n").replace("\r", "\n")
    out: list[Message] = []
    pos = 0
    for a, b, who in _message_quotes(text, names):
        out += _cut(text, pos, a, names)
        inner_start = text.index("]", a) + 1
        inner_end = b - len("[/quote]")
        body, start = _trim(text, inner_start, inner_end)
        if body:
            out.append(Message(body, start, who or None, "quote"))
        pos = b
    out += _cut(text, pos, len(text), names)
    if not out or all(m.author is None for m in out):
        labelled = _labelled(text, names)
        if len(labelled) > 1 or (labelled and labelled[0].author is not None):
            out = labelled
    return [_signed(m, names) for m in out if m.text.strip()][:MAX_MESSAGES]


# --- [quote="ник"] blocks that are whole messages ---------------------------------------------------

def _quotes(text: str) -> list[tuple[int, int, str]]:
    """Top-level ``[quote…]…[/quote]`` blocks: (start, end, the name given or "")."""
    out = []
    depth = 0
    start = 0
    name = ""
    for m in _QUOTE.finditer(text):
        if m.group(0)[1] != "/":
            if depth == 0:
                start = m.start()
                name = _quote_name(m.group("arg") or "")
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                out.append((start, m.end(), name))
    return out


def _quote_name(arg: str) -> str:
    """The name of ``[quote="Кира" post_id=3]``, ``[quote='Кира' pid='1']``, ``[QUOTE="Кира,
    post: 12"]``, ``[quote=Кира]``."""
    m = _QUOTE_NAME.match(arg)
    if not m:
        return ""
    name = m.group("a") or m.group("b") or m.group("c") or ""
    return name.split(",")[0].strip()


def _message_quotes(text: str, names: Callable[[str], bool]) -> list[tuple[int, int, str]]:
    """The top-level quotes that are messages: those naming someone of the fight, or all of them
    when the paste is nothing but quotes (and headers, rules, blank lines) around them."""
    quotes = _quotes(text)
    if not quotes:
        return []
    outside = []
    pos = 0
    for a, b, _ in quotes:
        outside.append(text[pos:a])
        pos = b
    outside.append(text[pos:])
    bare = all(not line.strip() or _HEADER.match(line) or _RULE.match(line) or _SAID.match(line)
               or _FROM.match(line) or _SUBJECT.match(line)
               for chunk in outside for line in chunk.split("\n"))
    return [(a, b, name) for a, b, name in quotes if bare or (name and names(name))]


# --- headers, rules, "… said:" ----------------------------------------------------------------------

def _cut(text: str, lo: int, hi: int, names: Callable[[str], bool]) -> list[Message]:
    """The messages of ``text[lo:hi]``, cut at header blocks, ``… said:`` lines and rules."""
    out: list[Message] = []
    author: str | None = None
    how = ""
    sent = ""
    body_start: int | None = None
    body_end = lo
    in_header = True

    def close() -> None:
        if body_start is not None:
            body, start = _trim(text, body_start, body_end)
            if body:
                out.append(Message(body, start, author, how, sent))

    inside = _inline_quotes(text, lo, hi)
    for a, b in _lines(text, lo, hi):
        line = text[a:b]
        quoted = any(qa <= a < qb for qa, qb in inside)
        head = None if quoted else _HEADER.match(line)
        said = None if quoted or head else _sayer(line, names)
        if not quoted and _RULE.match(line):
            close()
            author, how, sent, body_start, in_header = None, "", "", None, True
            continue
        if head or said or (in_header and body_start is None and _SUBJECT.match(line)):
            if body_start is not None and text[body_start:body_end].strip():
                close()
                author, how, sent, body_start = None, "", "", None
            in_header = True
            if head and head.group("key").lower() in _AUTHOR_KEYS and head.group("value"):
                author, how = head.group("value"), "header"
            elif head and head.group("key").lower() in _DATE_KEYS:
                sent = head.group("value")
            elif said:
                author, how = said, "said"
            continue
        if body_start is None:
            if not line.strip():
                continue
            body_start = a
        in_header = False
        body_end = b
    close()
    return out


def _inline_quotes(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The quotes inside a message (someone else's words: never cut there)."""
    return [(lo + a, lo + b) for a, b, _ in _quotes(text[lo:hi])]


_PRONOUNS = frozenset({"я", "мы", "ты", "вы", "он", "она", "они", "оно", "i", "we", "you", "he",
                       "she", "they", "it", "мастер", "гм"})


def _sayer(line: str, names: Callable[[str], bool]) -> str | None:
    """Who a ``Кира said:`` / «Сообщение от Кира» line names: someone of the fight, or one
    word that is no pronoun (a nickname the scenario does not list)."""
    m = _SAID.match(line) or _FROM.match(line)
    if m is None:
        return None
    who = m.group("who").strip()
    if names(who) or (len(who.split()) == 1 and who.lower() not in _PRONOUNS):
        return who
    return None


def _lines(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    out = []
    pos = lo
    while pos < hi:
        nl = text.find("\n", pos, hi)
        end = hi if nl < 0 else nl
        out.append((pos, end))
        pos = end + 1
    return out


def _trim(text: str, a: int, b: int) -> tuple[str, int]:
    """``text[a:b]`` without the blank space around it, and where it starts."""
    chunk = text[a:b]
    lead = len(chunk) - len(chunk.lstrip())
    return chunk.strip(), a + lead


# --- a GM's own list: "Кира: …" lines --------------------------------------------------------------

def _labelled(text: str, names: Callable[[str], bool]) -> list[Message]:
    """A list the GM wrote, each message under a line starting with someone's name and a colon
    (or a dash): ``Кира: набор высоты 1``. Lines before the first label stay a message of
    their own, its author unsaid."""
    out: list[Message] = []
    cuts: list[tuple[int, int, str]] = []  # (label line start, body start, who)
    for a, b in _lines(text, 0, len(text)):
        m = _LABEL.match(text[a:b])
        if m and names(m.group("who").strip()):
            cuts.append((a, a + m.start("rest"), m.group("who").strip()))
    if not cuts:
        return []
    first, _, _ = cuts[0]
    body, start = _trim(text, 0, first)
    if body:
        out.append(Message(body, start))
    for k, (_, body_at, who) in enumerate(cuts):
        end = cuts[k + 1][0] if k + 1 < len(cuts) else len(text)
        body, start = _trim(text, body_at, end)
        if body:
            out.append(Message(body, start, who, "label"))
    return out


# --- signatures --------------------------------------------------------------------------------------

def _signed(m: Message, names: Callable[[str], bool]) -> Message:
    """The message without a closing signature naming someone of the fight (``— Кира``,
    ``С уважением, Кира``, ``--`` then a name); the signature names the author when the paste
    did not."""
    lines = m.text.split("\n")
    if len(lines) < 2:
        return m
    last = lines[-1].strip()
    who = _SIGN_PREFIX.sub("", last).strip(" .!,")
    if not who or len(who) > 40 or not names(who):
        return m
    keep = lines[:-1]
    if keep and keep[-1].strip() in ("--", "—", "–", "-- "):
        keep = keep[:-1]
    body = "\n".join(keep).rstrip()
    if not body.strip():
        return m
    author, how = (m.author, m.how) if m.author else (who, "signature")
    return replace(m, text=body, author=author, how=how)


# --- dates -------------------------------------------------------------------------------------------

_MONTHS = {"янв": 1, "фев": 2, "мар": 3, "апр": 4, "мая": 5, "май": 5, "июн": 6, "июл": 7, "авг": 8,
           "сен": 9, "окт": 10, "ноя": 11, "дек": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4,
           "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}
_NUMERIC = re.compile(r"(?P<d>\d{1,2})[./](?P<m>\d{1,2})[./](?P<y>\d{2,4})\D+(?P<H>\d{1,2}):(?P<M>\d{2})")
_ISO = re.compile(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\D+(?P<H>\d{1,2}):(?P<M>\d{2})")
_WORDY = re.compile(r"(?:(?P<d1>\d{1,2})\s+(?P<mon1>[^\W\d_]{3,})\.?|(?P<mon2>[^\W\d_]{3,})\.?\s+"
                    r"(?P<d2>\d{1,2}))\W+(?P<y>\d{4})\D+(?P<H>\d{1,2}):(?P<M>\d{2})\s*(?P<ap>[ap]m)?",
                    re.IGNORECASE)


def when(sent: str) -> tuple[int, int, int, int, int] | None:
    """A forum's date line as (year, month, day, hour, minute), for the common forms
    (``12.03.2024, 10:15``, ``2024-03-12 10:15``, ``12 мар 2024, 10:15``, ``Mar 12, 2024 10:15
    pm``); None when it is not one of them (then the order in the paste decides)."""
    for rx in (_ISO, _NUMERIC):
        m = rx.search(sent)
        if m:
            y = int(m.group("y"))
            return (y + 2000 if y < 100 else y, int(m.group("m")), int(m.group("d")),
                    int(m.group("H")), int(m.group("M")))
    m = _WORDY.search(sent)
    if m:
        mon = _MONTHS.get((m.group("mon1") or m.group("mon2") or "").lower()[:3])
        if mon is None:
            return None
        hour = int(m.group("H")) % 12 + (12 if (m.group("ap") or "").lower() == "pm" else 0) \
            if m.group("ap") else int(m.group("H"))
        return int(m.group("y")), mon, int(m.group("d1") or m.group("d2")), hour, int(m.group("M"))
    return None
