"""The checker's words: the catalogue's syntax (``{x}``, ``{x:num}``, ``{x:plural:a|b|c}``, nested
``{"key": ...}``) filled in, and turned into the patterns a thread is read by, in either language.

Standard library only, like :mod:`gmkit.checker` (``gmkit verify --script`` writes it out with it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Texts", "PARSE_KEYS", "REPORT_PREFIX", "LANGS", "say"]

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
