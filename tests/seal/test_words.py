"""The checker's words: the players' script formats the catalogue's messages itself (no Babel,
no gmkit), so every message it uses must come out exactly as gmkit's catalogue formats it, in
both languages, plurals and grouped numbers included."""

from __future__ import annotations

import re

import pytest

from gmkit.checker import PARSE_KEYS, REPORT_PREFIX, say
from gmkit.i18n import format_message
from gmkit.verification import texts

FIELD = re.compile(r"\{(\w+)(?::([^{}]*))?\}")
COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 1000, 1234, 21_001, 1_000_000]


def test_the_checker_uses_only_what_it_can_format() -> None:
    words = texts()
    assert set(PARSE_KEYS) <= set(words)
    assert any(k.startswith(REPORT_PREFIX) for k in words)
    for key, by_lang in words.items():
        assert set(by_lang) == {"ru", "en"}, key
        for lang, template in by_lang.items():
            for _name, spec in FIELD.findall(template):
                assert spec in ("", "num") or spec.startswith("plural:"), (key, lang, spec)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_message_comes_out_as_the_catalogue_writes_it(lang: str) -> None:
    words = texts()
    for key, by_lang in words.items():
        fields = FIELD.findall(by_lang[lang])
        numeric = {name for name, spec in fields if spec}
        for n in COUNTS:
            params = {name: (n if name in numeric else f"«{name}»") for name, _ in fields}
            assert say(words, key, lang, **params) == format_message(key, lang, **params), (key, n)


def test_the_check_of_the_words_can_fail() -> None:
    """Numbers grouped and plurals chosen as Russian writes them, not as Python would."""
    from gmkit.i18n import format_number

    words = {"x": {"ru": "{n:num} {n:plural:раз|раза|раз}", "en": "{n:num} {n:plural:time|times}"}}
    assert say(words, "x", "ru", n=1234) == f"{format_number(1234, 'ru')} раза" != "1234 раза"
    assert [say(words, "x", "ru", n=n) for n in (5, 21, 22, 112)] == ["5 раз", "21 раз", "22 раза", "112 раз"]
    assert say(words, "x", "en", n=1) == "1 time" and say(words, "x", "en", n=1000) == "1,000 times"
