"""Every BBCode dialect renders cleanly with the ``bbcode`` package (only its own tags, lists
balanced, user-typed names left as text); the Markdown escapes names; the pictures are real PNGs."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path
from typing import Any

import bbcode
import mistune
import pytest

import tests.toy  # noqa: F401  (registers the race)
from gmkit.report.bbcode import DIALECTS
from gmkit.report.chronicle import Chronicle
from gmkit.report.document import Picture
from gmkit.report.forum import brief_text, post_text, svg_to_png, write_pictures
from gmkit.report.posts import post_blocks
from gmkit.systems import get

from .fights import journaled

URL = "[url=javascript:alert(1)]x[/url]"
HOSTILE_NAMES = ["Ash [/quote][/list][*]", f"Bo {URL} ``x`` ](javascript:y)", "red [/b][size=7]",
                 "blue [img]"]
RACE = {"system": "race", "seed": 7, "goal": 12, "name": f"Race [/code] {URL} <script>x</script>",
        "racers": [{"name": HOSTILE_NAMES[0], "side": HOSTILE_NAMES[2]},
                   {"name": HOSTILE_NAMES[1], "side": HOSTILE_NAMES[3], "max_dice": 2}]}


def parser(tags: frozenset[str]) -> bbcode.Parser:
    """A forum's parser: the dialect's tags, plus the quote and url tags every board knows (so a
    name that opened one would show)."""
    full = bbcode.Parser()
    p = bbcode.Parser(install_defaults=False, replace_links=False)
    for name in {*tags, "quote", "url"}:
        if name in full.recognized_tags:
            fn, opts = full.recognized_tags[name]
            p.recognized_tags[name] = (fn, opts)
    if "size" in tags:
        p.add_simple_formatter("size", '<span class="size-%(size)s">%(value)s</span>')
    if "img" in tags:
        p.add_simple_formatter("img", '<img src="%(value)s">', replace_links=False)
    return p


def check_clean(text: str, name: str) -> str:
    d = DIALECTS[name]
    p = parser(d.tags)
    tokens = p.tokenize(text)
    opened: dict[str, int] = {}
    for kind, tag, opts, _raw in tokens:
        if kind in (p.TOKEN_TAG_START, p.TOKEN_TAG_END):
            assert tag in d.tags, f"{name}: tag {tag!r} is not this dialect's"
            if tag != "*":
                opened[tag] = opened.get(tag, 0) + (1 if kind == p.TOKEN_TAG_START else -1)
                assert opened[tag] >= 0, f"{name}: [/{tag}] closes nothing"
            if tag == "size" and name == "xenforo" and kind == p.TOKEN_TAG_START:
                assert 1 <= int(opts["size"]) <= 7
    assert all(v == 0 for v in opened.values()), opened
    out = p.format(text)
    assert out.count("<ul>") == out.count("</ul>") and out.count("<li>") == out.count("</li>")
    # no tag left over: everything the forum would read as a tag was read
    leftover = re.findall(r"\[/?(?:b|i|size|color|list|\*|code|img|quote|url)\b[^\]]*\]", out)
    assert not leftover, leftover
    assert "<a " not in out and "<blockquote" not in out and "<script" not in out
    return out


@pytest.fixture(scope="module")
def race() -> dict[str, Any]:
    from gmkit.encounter import Encounter

    enc: Encounter = get("race").engine_class(RACE, 7)
    chron = Chronicle(enc, "en")
    enc.note("note [/code][/quote]")
    enc.resolve_round(autopilot=True)
    enc.resolve_round(autopilot=True)
    data = chron.update()
    data["briefs"] = chron.briefs()
    return data


@pytest.mark.parametrize("name", list(DIALECTS))
def test_every_dialect_renders_cleanly(race: dict[str, Any], name: str) -> None:
    for side in ["", *race["sides"]]:
        for rnd in (1, 2):
            for lang in ("en", "ru"):
                out = check_clean(post_text(race, rnd, side, name, lang, "https://img.example/f"), name)
                text = html.unescape(re.sub(r"<[^>]+>", "", out)).replace("\u200b", "")
                for hostile in HOSTILE_NAMES[:2]:
                    assert hostile in text  # a user-typed name stays text, whole
                assert '<img src="https://img.example/f/round-' not in out or name != "x"
    for actor in race["participants"]:
        out = check_clean(brief_text(race, actor, name, "ru", deadline="[/b] Friday"), name)
        assert "[/b] Friday" in html.unescape(out).replace("\u200b", "")


def test_dialects_differ_only_in_sizes_and_colours(race: dict[str, Any]) -> None:
    posts = {n: post_text(race, 2, "", n) for n in DIALECTS}
    assert "[size=150]" in posts["phpbb"] and "[size=large]" in posts["mybb"]
    assert "[size=5]" in posts["xenforo"] and "[size=2]" in posts["xenforo"]
    assert "[size" not in posts["plain"] and "[color" not in posts["plain"]
    strip = {n: re.sub(r"\[/?(size|color)[^\]]*\]", "", t) for n, t in posts.items()}
    assert len(set(strip.values())) == 1


@pytest.mark.parametrize("rule_set, n", [("dragon_duel_firmament", 3), ("space_cloak_2v2", 6),
                                          ("fantasy_wolves", 2)])
def test_real_fights_render_cleanly(tmp_path: Path, rule_set: str, n: int) -> None:
    enc = journaled(rule_set, tmp_path, n)
    try:
        chron = Chronicle(enc, "ru")
        data = chron.update()
        data["briefs"] = chron.briefs()
        for name in DIALECTS:
            for side in ["", *data["sides"]]:
                check_clean(post_text(data, None, side, name), name)
            for actor in data["participants"]:
                check_clean(brief_text(data, actor, name), name)
    finally:
        enc.close()


def _md(text: str) -> str:
    return mistune.create_markdown(escape=False)(text)


def test_markdown_escapes_names(race: dict[str, Any]) -> None:
    for side in ["", *race["sides"]]:
        md = post_text(race, 2, side, "markdown", "en")
        out = _md(md)
        assert "<a " not in out and "<script" not in out and "<img" not in out
        assert out.count("<pre>") == 1  # the state table: one code block, closed
        text = html.unescape(re.sub(r"<[^>]+>", "", out))
        for hostile in HOSTILE_NAMES:
            assert hostile in text
    for actor in race["participants"]:
        out = _md(brief_text(race, actor, "markdown", "ru", deadline="`x` [a](javascript:b)"))
        assert "<a " not in out and out.count("<pre>") == 1
        assert "`x` [a](javascript:b)" in html.unescape(re.sub(r"<[^>]+>", "", out))


def test_a_name_cannot_close_the_table_block() -> None:
    from gmkit.report.document import Table
    from gmkit.report.forum import write_markdown

    md = write_markdown([Table("t", (["name"], [["```\n# out"], ["````"]]))])
    out = _md(md)
    assert out.count("<pre>") == 1 and "<h1>" not in out


def _png_facts(data: bytes) -> tuple[tuple[int, int], int]:
    from PIL import Image

    img = Image.open(io.BytesIO(data))
    img.load()
    colours = img.convert("RGB").getcolors(maxcolors=1 << 20) or []
    return img.size, len(colours)


@pytest.mark.parametrize("rule_set, n", [("dragon_duel_firmament", 3), ("space_cloak_2v2", 5)])
def test_pictures_are_real_pngs(tmp_path: Path, rule_set: str, n: int) -> None:
    enc = journaled(rule_set, tmp_path, n)
    try:
        data = Chronicle(enc, "ru").update()
        side = data["sides"][-1]
        blocks = post_blocks(data, None, side, "ru")
        paths = write_pictures(blocks, tmp_path / "pics")
        assert [p.name for p in paths] == [b.name for b in blocks if isinstance(b, Picture)]
        assert len(paths) == 1 and paths[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        size, colours = _png_facts(paths[0].read_bytes())
        assert size[0] >= 500 and size[1] >= 400
        assert colours > 8, "the picture is blank"
        post = post_text(data, None, side, "phpbb", "ru", "https://img.example/duel/")
        assert f"[img]https://img.example/duel/{paths[0].name}[/img]" in post
        unset = post_text(data, None, side, "phpbb")  # no address yet: no broken picture (issue 29)
        assert "[img]" not in unset and "UPLOAD-URL" not in unset
        assert paths[0].name not in post_text(data, None, side, "markdown")
    finally:
        enc.close()


def test_blank_svg_is_seen_as_blank() -> None:
    """The blank check above can fail: a white picture has one colour."""
    png = svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="40"></svg>')
    assert _png_facts(png) == ((50, 40), 1)


@pytest.mark.parametrize("base", ["javascript:alert(1)", "https://x/[img]", "ftp://x", "https://a b"])
def test_a_bad_image_url_is_refused(race: dict[str, Any], base: str) -> None:
    from gmkit.errors import GmkitError
    from gmkit.report.forum import image_url

    with pytest.raises(GmkitError, match="http"):
        image_url("round-1.player.png", base)
