"""Russian first, and no Russian left in English (issue 17, "the language test").

Every report (the GM's and each side's), every round's post (public and each side's), every
player's brief and every event of each example fight gmkit ships is rendered in Russian and in
English. A Russian text may hold no Latin-alphabet word that is not a name from the scenario, a
dice expression or a listed term (``allowed_words.yaml``, each with its reason); an English text
may hold no Cyrillic word on the same terms. The catalogue itself is read too: a Russian message
that is English words (a key left untranslated) fails even when no example reaches it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.demo import examples
from gmkit.i18n import catalogue
from gmkit.report import document as doc
from gmkit.report.chronicle import Chronicle
from gmkit.report.posts import brief_blocks, post_blocks, rounds_of
from gmkit.report.rundata import play

HERE = Path(__file__).parent
ALLOWED = yaml.safe_load((HERE / "allowed_words.yaml").read_text(encoding="utf-8"))
NAME_KEYS = {"name", "description", "sides", "side", "owner", "rider", "cargo", "aliases",
             "gen", "dat", "acc", "ins", "pre", "player"}
"""Scenario fields that hold names or the scenario's own prose (a reader's words, not gmkit's);
a name's ``forms:`` (gen, dat...) are that name in its cases; ``player:`` is a forum nickname,
often in Latin letters on a Russian forum."""
DICE = re.compile(r"\d*[dD]\d+(?:[!+\-*/x×]*\d*)*!?")
"""A dice expression: d6, 2d8+1, d18, d8!."""
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:['’_-][A-Za-z0-9]+)*")
CYRILLIC = re.compile(r"[А-Яа-яЁё]+")
FOREIGN = {"ru": LATIN, "en": CYRILLIC}


def _names(scenario: Mapping[str, Any]) -> list[str]:
    """Every name and piece of prose the scenario gives, longest first."""
    out: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, Mapping):
            for k, v in value.items():
                if key == "aliases":
                    out.add(str(k))
                walk(v, key if key == "aliases" else str(k))
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in NAME_KEYS:
            out.add(value.strip())

    walk(scenario)
    return sorted((n for n in out if n), key=len, reverse=True)


def foreign_words(text: str, lang: str, names: list[str] = ()) -> list[str]:
    """The words of ``text`` in the other language's alphabet that are not allowed there."""
    for name in names:  # a name as given, or opening a sentence with its capital letter
        text = text.replace(name, " ").replace(name[:1].upper() + name[1:], " ")
    for entry in ALLOWED.get(lang) or []:
        text = re.sub(rf"(?<!\w){entry['pattern']}(?!\w)", " ", text)
    text = DICE.sub(" ", text)
    return FOREIGN[lang].findall(text)


def _texts(blocks: list[doc.Block]) -> Iterator[str]:
    for b in blocks:
        if isinstance(b, (doc.Heading, doc.Para)):
            yield b.text
        elif isinstance(b, doc.Story):
            for text, rolls in b.items:
                yield text
                yield from rolls
        elif isinstance(b, doc.Table):
            yield b.caption
            cols, rows = b.rows
            yield from (str(c) for c in cols)
            yield from ("" if v is None else str(v) for row in rows for v in row)


def _svg_texts(blocks: list[doc.Block]) -> Iterator[str]:
    for b in blocks:
        if isinstance(b, (doc.Picture, doc.Svg)):
            yield from re.findall(r">([^<>]+)<", b.svg)


_RUNS = [scenario for _, scenario, _ in examples()]


@pytest.fixture(scope="module")
def fights() -> dict[str, tuple[Any, dict[str, Any], dict[str, Any]]]:
    """Each example played once (by the autopilot, to its end): the engine, its run data, and the
    run data of its chronicle with every participant's brief facts."""
    out = {}
    for scenario in _RUNS:
        enc, data = play(scenario)
        chron = Chronicle(enc, data["language"])
        live = chron.update()
        live["briefs"] = chron.briefs()
        out[scenario] = (enc, data, live)
    return out


def _documents(enc: Any, data: dict[str, Any], live: dict[str, Any],
               lang: str) -> Iterator[tuple[str, list[doc.Block]]]:
    yield "GM report", doc.build(data, "gm", "", lang)
    for side in data["sides"]:
        yield f"report of side {side}", doc.build(data, "player", side, lang)
    for rnd in rounds_of(data):
        yield f"post of round {rnd}", post_blocks(data, rnd, "", lang)
        for side in data["sides"]:
            yield f"post of round {rnd} for {side}", post_blocks(data, rnd, side, lang)
    for actor in enc.participants():
        yield f"brief of {actor}", brief_blocks(live, actor, lang)


def _faults(enc: Any, data: dict[str, Any], live: dict[str, Any], lang: str,
            pictures: bool = False) -> list[str]:
    names = _names(data["scenario"])
    seen: dict[str, str] = {}
    for where, blocks in _documents(enc, data, live, lang):
        for text in (_svg_texts(blocks) if pictures else _texts(blocks)):
            for word in foreign_words(text, lang, names):
                seen.setdefault(word, f"{where}: {text[:200]!r}")
    for event in enc.record:
        text = event.text(lang)
        for word in foreign_words(text, lang, names):
            seen.setdefault(word, f"event {event.key}: {text[:200]!r}")
    return [f"{word!r} in {where}" for word, where in sorted(seen.items())]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("scenario", _RUNS)
def test_reports_posts_briefs_and_events_are_in_one_language(fights: Any, scenario: str,
                                                            lang: str) -> None:
    enc, data, live = fights[scenario]
    faults = _faults(enc, data, live, lang)
    assert not faults, f"{scenario} in {lang}: {len(faults)} foreign words:\n" + "\n".join(faults[:40])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("scenario", _RUNS)
def test_report_pictures_are_in_one_language(fights: Any, scenario: str, lang: str) -> None:
    enc, data, live = fights[scenario]
    faults = _faults(enc, data, live, lang, pictures=True)
    assert not faults, f"{scenario} pictures in {lang}:\n" + "\n".join(faults[:40])


PLACEHOLDER = re.compile(r"\{[^{}]*\}")
OPTIONAL = re.compile(r"\{\w+\?:([^{}]*)\}")
"""An optional parameter with the text events without it say (``{told?:…}``): that text is read."""


def _placeholders_out(text: str) -> str:
    """``text`` with each placeholder as ``1``, an optional one's text for older events kept."""
    before = None
    while before != text:
        before, text = text, PLACEHOLDER.sub("1", OPTIONAL.sub(r"\1", text))
    return text


def _catalogue_faults(lang: str, prefix: tuple[str, ...] = (), skip: tuple[str, ...] = ()) -> list[str]:
    faults = []
    for key, texts in sorted(catalogue().items()):
        if (prefix and not key.startswith(prefix)) or (skip and key.startswith(skip)):
            continue
        text = _placeholders_out(texts.get(lang, ""))
        words = foreign_words(text, lang)
        if words:
            faults.append(f"{key}: {words} in {texts.get(lang)!r}")
    return faults


DESK_KEYS = ("ui.",)
"""Keys of the desk (``gmkit/ui``, each rule set's ui.py): another engineer's files, checked below
as a known gap rather than here."""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_catalogue_message_is_in_its_language(lang: str) -> None:
    faults = [f for f in _catalogue_faults(lang, skip=DESK_KEYS) if ".form." not in f.split(":")[0]]
    assert not faults, f"{len(faults)} messages hold foreign words:\n" + "\n".join(faults)


def test_the_checker_fails_on_a_foreign_word() -> None:
    """The test can fail: an English word in Russian, a Russian one in English, is found; a
    name, a dice expression or a rule id is not."""
    assert foreign_words("Ash атакует Bane: wild d8! [7]", "ru", ["Ash", "Bane"]) == ["wild"]
    assert foreign_words("теряет 2d6+1 (D-5), last_side", "ru") == ["last_side"]
    assert foreign_words("Ash loses 2 Скорости", "en", ["Ash"]) == ["Скорости"]
    assert foreign_words("Wolf 1 кусает: d18", "en", ["Wolf 1"]) == ["кусает"]


# --- numbers as Russian writes them -------------------------------------------------------------

NUMBER_NOUN = re.compile(r"(?:(\w+) )?(?<![\w.,/:–-])(\d+(?:,\d+)?) ([а-яё]+)(?![\w/])", re.IGNORECASE)
PREPOSITIONS = {"с", "со", "после", "из", "в", "во", "на", "к", "ко", "по", "о", "об", "от", "до", "за",
                "без", "для", "против", "при", "через", "над", "под", "между", "около", "у"}
"""A preposition governs the case of what follows ("после 2 раундов", "с 1 подъёмом"): the
number's own agreement is judged only where nothing else governs it."""


def _agrees(number: str, word: str) -> bool:
    """Whether a noun right after a number takes the case CLDR's plural form asks for: "1 рана",
    "2 раны", "5 ран", "1,5 раны" — not "1 Скорости", "1 урона". A word that is not a noun in
    every reading (an adjective, a verb, a preposition) is not judged."""
    from gmkit.language.morph import analyser

    morph = analyser()
    if morph is None or (len(word) > 1 and word.isupper()):  # ОР, КД: an abbreviation never declines
        return True
    parses = morph.parse(word.lower())
    if not parses or any("NOUN" not in p.tag for p in parses) or any("Abbr" in p.tag for p in parses):
        return True
    if "," in number:
        want = {("sing", "gent")}
    else:
        n = int(number)
        if n % 10 == 1 and n % 100 != 11:
            want = {("sing", "nomn"), ("sing", "accs")}
        elif n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            want = {("sing", "gent"), ("plur", "nomn"), ("plur", "accs")}
        else:
            want = {("plur", "gent")}
    return any((p.tag.number, p.tag.case) in want for p in parses)


def name_forms(scenario: Mapping[str, Any]) -> list[str]:
    """Every name of the fight in each of its cases, longest first (``Волка 3``, ``Волку 3``...)."""
    from gmkit.i18n.grammar import CASES, cast
    from gmkit.scenario import cast_of

    fight = cast_of(scenario)
    with cast(fight):
        forms = {fight.noun(n)[c] for n in fight.names() for c in CASES}
    return sorted(forms, key=len, reverse=True)


def number_faults(text: str, names: list[str] = ()) -> list[str]:
    """A Russian text's numbers: no decimal point (``1.5`` is ``1,5``), no ``..`` for a range,
    and a noun after a number in the form the number asks for. The number in a name (``Волка 3
    Пламенем``: «Волк 3» in the accusative, then a weapon) counts nothing: ``names`` are taken
    out first."""
    for name in names:  # a name as given, or opening a sentence with its capital letter
        text = text.replace(name, " ").replace(name[:1].upper() + name[1:], " ")
    out = [m.group(0) for m in re.finditer(r"\d\.\d|\d\.\.\d", text)]
    out += [f"{m.group(2)} {m.group(3)}" for m in NUMBER_NOUN.finditer(text)
            if (m.group(1) or "").lower() not in PREPOSITIONS and not _agrees(m.group(2), m.group(3))]
    return out


@pytest.mark.parametrize("scenario", _RUNS)
def test_russian_numbers_have_a_decimal_comma_and_agree(fights: Any, scenario: str) -> None:
    enc, data, live = fights[scenario]
    names = name_forms(data["scenario"])
    seen: dict[str, str] = {}
    for where, blocks in _documents(enc, data, live, "ru"):
        for text in _texts(blocks):
            for fault in number_faults(text, names):
                seen.setdefault(fault, f"{where}: {text[:200]!r}")
    faults = [f"{k!r} in {v}" for k, v in sorted(seen.items())]
    assert not faults, f"{scenario}: {len(faults)} numbers written wrong:\n" + "\n".join(faults[:40])


def test_the_number_check_can_fail() -> None:
    assert number_faults("теряет 1 Скорости, получает 1 урона, урон 1.5") == ["1.5", "1 Скорости", "1 урона"]
    assert number_faults("получает 2 раны; 5 ран; 1,5 раны; 1 рана; 21 раунд") == []
    assert number_faults("после 2 раундов, с 1 подъёмом") == []
    # a name with a number counts nothing, and only the fight's names are taken for one
    assert number_faults("Пепел атакует Волка 3 Пламенем, теряет 1 Скорости", ["Волка 3"]) == \
        ["1 Скорости"]
    assert number_faults("Пепел атакует Волка 3 Пламенем") == ["3 Пламенем"]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("scenario", [s for s in _RUNS if "fantasy" in s])
def test_each_abbreviation_is_explained_once_per_document(fights: Any, scenario: str, lang: str) -> None:
    """ОР, ИО, КД, ПБ, ЖК (AC, PR, LD): the first time a document uses one, its meaning is
    given, once — inline (``ОР (очки риска)``) or, when it only appears inside a notation
    (``2ЖК+3``), in a line of abbreviations under the title."""
    enc, data, live = fights[scenario]
    for where, blocks in _documents(enc, data, live, lang):
        text = "\n".join(_texts(blocks))
        for short, meaning in doc.abbreviations(data["system"], lang):
            if not re.search(rf"{re.escape(short)}", text.replace(meaning, "")):
                continue
            explained = (text.count(f"{short} ({meaning})") + text.count(f"{short} — {meaning}")
                         + text.count(f"{short}\u00a0— {meaning}"))  # Russian: a no-break space
            assert explained == 1, f"{where}: {short} explained {explained} times"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("scenario", _RUNS)
def test_the_desk_log_is_in_one_language(fights: Any, scenario: str, lang: str) -> None:
    """The desk's round log through its public view-model (``log_rows``): every row's text and
    dice."""
    from gmkit.ui.viewmodels import log_rows

    enc, data, _live = fights[scenario]
    names = _names(data["scenario"])
    text_faults, dice_faults = set(), set()
    for row in log_rows(enc.record, lang):
        text_faults.update(foreign_words(str(row["text"]), lang, names))
        dice_faults.update(foreign_words(str(row["dice"]), lang, names))
    assert not text_faults, f"{scenario} desk log in {lang}: {sorted(text_faults)}"
    assert not dice_faults, f"{scenario} desk dice in {lang}: {sorted(dice_faults)}"
