"""The message catalogue: every key in both languages, with the same parameters."""

from __future__ import annotations

import string

import pytest

from gmkit.i18n import (
    LANGUAGES,
    MessageError,
    catalogue,
    format_message,
    get_language,
    language,
    set_language,
)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_has_every_language() -> None:
    missing = [(key, lang) for key, texts in catalogue().items() for lang in LANGUAGES
               if not str(texts.get(lang, "")).strip()]
    assert missing == []


def test_no_language_the_catalogue_does_not_know() -> None:
    extra = [(key, lang) for key, texts in catalogue().items() for lang in texts if lang not in LANGUAGES]
    assert extra == []


def test_both_languages_take_the_same_parameters() -> None:
    bad = [key for key, texts in catalogue().items() if _fields(texts["en"]) != _fields(texts["ru"])]
    assert bad == []


def test_format_in_each_language() -> None:
    from gmkit.i18n import grammar

    assert format_message("core.winner", "en", side="Red") == "Red wins"
    assert format_message("core.winner", "ru", side="Red") == "побеждает сторона «Red»"
    named = grammar.Cast.of([("отряд", "side", None, None)], {"party": "отряд"})
    with grammar.cast(named):  # a side named in side_names: by its name, as a group
        assert format_message("core.winner_named", "en", side="party") == "отряд wins"
        assert format_message("core.winner_named", "ru", side="party") == "побеждает отряд"


def test_set_language_and_context() -> None:
    token_lang = get_language()
    try:
        set_language("ru")
        assert format_message("term.shaken") == "Потрясение"
        with language("en"):
            assert format_message("term.shaken") == "Shaken"
        assert format_message("term.shaken") == "Потрясение"
    finally:
        set_language(token_lang)
    with pytest.raises(ValueError, match="language must be one of en, ru"):
        set_language("de")


@pytest.mark.parametrize("n, en, ru", [(1, "1 wound", "1 рана"), (2, "2 wounds", "2 раны"),
                                       (5, "5 wounds", "5 ран"), (11, "11 wounds", "11 ран"),
                                       (21, "21 wounds", "21 рана"), (22, "22 wounds", "22 раны")])
def test_plural_forms(n: int, en: str, ru: str) -> None:
    assert format_message("term.wounds", "en", n=n) == en
    assert format_message("term.wounds", "ru", n=n) == ru


def test_translated_parameters() -> None:
    assert format_message("core.gm_note", "ru", text={"key": "term.shaken"}) == "Заметка ведущего: Потрясение"


def test_unknown_key_is_a_clear_error() -> None:
    with pytest.raises(MessageError, match="no message 'nope'"):
        format_message("nope", "en")


@pytest.mark.parametrize("n, en, ru", [(1.5, "1.5 wounds", "1,5 раны"), (0.5, "0.5 wounds", "0,5 раны"),
                                       (2.0, "2 wounds", "2 раны"), (101, "101 wounds", "101 рана"),
                                       (111, "111 wounds", "111 ран"), (1, "1 wound", "1 рана")])
def test_plurals_follow_cldr_fractions_included(n: float, en: str, ru: str) -> None:
    assert format_message("term.wounds", "en", n=n) == en
    assert format_message("term.wounds", "ru", n=n) == ru


def test_numbers_take_the_language_format() -> None:
    from gmkit.i18n import format_number

    assert format_number(1.5, "ru") == "1,5" and format_number(1.5, "en") == "1.5"
    assert format_number(12345, "ru") == "12\xa0345" and format_number(12345, "en") == "12,345"
    assert format_number(2.0, "ru") == "2"
    assert format_message("core.gm_note", "ru", text=0.25) == "Заметка ведущего: 0,25"
