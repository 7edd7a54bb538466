"""Everything user-typed reaches a post as text, never as markup: names, sides, the scenario's name
and description, GM notes and the orders not resolved, in the GM's posts and the players'."""

from __future__ import annotations

import html
import json
import re

import mistune
import pytest

import tests.toy  # noqa: F401  (registers the race engine)
from gmkit.report.bbcode import to_bbcode
from gmkit.report.html import notebook_to_html, rebuild_notebook
from gmkit.report.markdown import code_span, escape_markdown, to_markdown
from gmkit.report.rundata import play, view_data

URL = "[url=javascript:alert(1)]x[/url]"
SCRIPT = "<script>alert(1)</script>"
ORDER_TEXT = f"[/code]{URL} ``` `</code>` ](javascript:alert(1)) {SCRIPT}\n\n# pwned\n- [/quote]"
SCENARIO = {
    "system": "race", "seed": 7, "goal": 12,
    "name": f"Race [/quote] `tick` ](javascript:alert(1)) {SCRIPT}",
    "description": f"line one\n# not a heading\n- not a list\n1. nor this\n===\n"
                   f"[/code] {URL} {SCRIPT} <b>x</b>",
    "racers": [{"name": "Ash [/code][/quote]", "side": "red [/b]"},
               {"name": f"Bo {URL} ``x`` ](y)", "side": "blue", "max_dice": 2}],
}
NOTE = f"note [/code][/quote] {URL} `a` ](b) {SCRIPT} *c* _d_"
HOSTILE = [SCENARIO["name"], "Ash [/code][/quote]", f"Bo {URL} ``x`` ](y)", "red [/b]", NOTE]
BBCODE_TAGS = {"b", "i", "size", "color", "list", "*", "code"}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    orders = tmp_path_factory.mktemp("orders") / "notes.yaml"
    import yaml

    orders.write_text(yaml.safe_dump({"rounds": {}, "notes": {1: [NOTE], 2: [NOTE]}}))
    _, got = play(SCENARIO, 7, orders=orders)
    got["unresolved"] = [{"actor": "Ash [/code][/quote]", "order": {"type": "Run", "say": ORDER_TEXT}},
                         {"actor": f"Bo {URL} ``x`` ](y)", "order": {"type": "Run", "dice": 2}}]
    return got


VIEWS = [("gm", ""), ("player", ""), ("player", "red [/b]"), ("player", "blue")]


def _one_line(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text)


@pytest.mark.parametrize("view, side", VIEWS)
def test_bbcode_has_only_its_own_tags(data, view, side):
    post = to_bbcode(data, view, side)
    # what a forum reads as a tag: "[", maybe "/", then a letter or "*" (d8[5] is no tag)
    tags = re.findall(r"\[\s*(/?)\s*([A-Za-z*][A-Za-z0-9*]*)\s*(?:=[^\]]*)?\]", post)
    assert {name.lower() for _, name in tags} <= BBCODE_TAGS, sorted({n for _, n in tags} - BBCODE_TAGS)
    n = len(data["unresolved"]) if view == "gm" else 0
    assert post.count("[code]") == post.count("[/code]") == n
    for block in re.findall(r"\[code\](.*?)\[/code\]", post, re.S):
        assert "[/" not in block.replace("[\u200b/", "")
    plain = post.replace("\u200b", "")
    for text in HOSTILE[:4]:
        assert text in plain  # escaped, not lost
    assert (NOTE in plain) == (view == "gm")
    if view == "gm":
        assert "[/code]" + URL in plain and "# pwned" in plain  # the order is all there, on one line
    else:
        assert "pwned" not in post and "Orders not resolved" not in post


def _render(md: str) -> str:
    return mistune.create_markdown(escape=False)(md)


@pytest.mark.parametrize("view, side", VIEWS)
def test_markdown_renders_only_its_own_markup(data, view, side):
    md = to_markdown(data, view, side)
    out = _render(md)
    assert "<script" not in out and "<a " not in out and "<img" not in out
    assert "javascript:alert(1)" not in re.sub(r">[^<]*<", "><", out)  # only ever in text
    assert out.count("<h1>") == 1
    n_unresolved = len(data["unresolved"]) if view == "gm" else 0
    assert out.count("<h2>") == len(data["rounds"]) + 1 + (1 if n_unresolved else 0)
    assert out.count("<h3>") == out.count("<h4>") == 0
    stories = view_data(data, view, side)["rounds"]
    items = sum(len(r["events"]) for r in stories)
    rolled = sum(1 for r in stories for e in r["events"] if e.get("rolls"))
    assert out.count("<li>") == items + n_unresolved
    assert out.count("<code>") == rolled + n_unresolved
    text = html.unescape(re.sub(r"<[^>]+>", "", out))
    for hostile in HOSTILE[:4]:
        assert hostile in text
    assert "not a heading" in text and "# not a heading" in text
    if view == "gm":
        assert NOTE in text
        assert json.dumps(ORDER_TEXT, ensure_ascii=False) in text  # the order's JSON, all of it
    else:
        assert NOTE not in md and "pwned" not in md


@pytest.mark.parametrize("view", ["gm", "player"])
def test_html_report_escapes(data, view):
    page = notebook_to_html(rebuild_notebook(data, view))
    assert SCRIPT not in page and "<script>alert" not in page
    assert html.escape(SCENARIO["name"]) in page or html.escape(SCENARIO["name"], quote=False) in page
    assert ("[/code]" + html.escape(URL, quote=False) in page
            or "[/code]" + html.escape(URL) in page) == (view == "gm")


@pytest.mark.parametrize("view", ["gm", "player"])
def test_html_report_keeps_the_description_as_escaped_text(data, view):
    """The description is a paragraph of text: its markup reaches the page escaped, in full (the
    exporter's sanitiser must not be what keeps a ``<script>`` out)."""
    page = notebook_to_html(rebuild_notebook(data, view))
    tail = SCENARIO["description"].split("===\n")[1]
    assert html.escape(tail) in page or html.escape(tail, quote=False) in page
    assert "<b>x</b>" not in page


def test_every_html_bundle_escapes_its_text():
    """Each block's HTML holds its text escaped: a heading, a paragraph, a story line and its
    rolls, a table's caption and cells."""
    from gmkit.report.document import Heading, Para, Story, Table, to_bundle

    t = '<b>x</b> & "q"'
    e = "&lt;b&gt;x&lt;/b&gt; &amp; &quot;q&quot;"
    assert to_bundle(Heading(t, 2))["text/html"] == f"<h2>{e}</h2>"
    assert to_bundle(Para(t))["text/html"] == f"<p>{e}</p>"
    assert to_bundle(Para(t))["text/plain"] == t
    story = to_bundle(Story([(t, (t,))]))["text/html"]
    assert story == f'<ul class="gmkit-story"><li>{e} <small class="gmkit-rolls">[{e}]</small></li></ul>'
    table = to_bundle(Table(t, ([t], [[t]])))["text/html"]
    assert table.startswith(f"<h4>{e}</h4>") and f"<th>{e}</th>" in table and f"<td>{e}</td>" in table
    assert "<b>" not in story + table


@pytest.mark.parametrize("text", ["`", "``", "a ` b", "` leading", "trailing `", " spaced ", "x\n\ny",
                                  "```", "``` `</code>` ```"])
def test_code_span_is_one_span_with_the_text(text):
    out = _render(f"- {code_span(text)}")
    assert out.count("<code>") == 1 and "<li>" in out
    inner = html.unescape(re.search(r"<code>(.*)</code>", out, re.S).group(1))
    assert inner == _one_line(text) or inner == _one_line(text).strip()


@pytest.mark.parametrize("text", ["# h", "- x", "+ x", "1. x", "2) x", "===", "---", "> q", "<b>x</b>",
                                  "[a](b)", "![a](b)", "*a* _b_", "`c`", "a | b", "&lt;", "\\*"])
def test_escaped_markdown_is_plain_text(text):
    out = _render(escape_markdown(text)).strip()
    assert out.startswith("<p>") and out.endswith("</p>"), out
    assert html.unescape(out[3:-4]) == text


def test_view_data_keeps_nothing_of_the_gm_alone(data):
    """D-1, S-10: a player's run data has no GM note, no order left over, no journal, no GM board."""
    for side in ("", "red [/b]", "blue"):
        mine = view_data(data, "player", side)
        blob = repr(mine)
        assert NOTE not in blob and "pwned" not in blob and "say" not in blob
        assert "journal" not in mine and mine["unresolved"] == []
        assert all("gm" not in r["views"] for r in mine["rounds"]) and "gm" not in mine["initial"]
        assert "racers" not in mine["scenario"]
        assert view_data(mine, "player", side) == mine  # the same view again: nothing changes
        with pytest.raises(Exception, match="player view only"):
            view_data(mine, "gm")
        other = "blue" if side != "blue" else ""
        with pytest.raises(Exception, match="player view only"):
            to_bbcode(mine, "player", other)


def test_each_player_view_holds_exactly_its_own_board():
    """S-1/S-10 in the run data: the public view's boards are the public boards and a side's are
    that side's, never the GM's (which show a cloaked ship where it is)."""
    from gmkit.report.rundata import find_file

    _, full = play(find_file("scenarios/space_cloak_2v2.yaml"), 3, max_rounds=4)
    differ = [r for r in full["rounds"] if r["views"]["gm"] != r["views"]["public"]]
    assert differ, "the GM's board and the public one must differ for this test to mean anything"
    for side in ("", *full["sides"]):
        mine = view_data(full, "player", side)
        for got, r in zip(mine["rounds"], full["rounds"], strict=False):
            want = {"sides": {side: r["views"]["sides"][side]}} if side else {"public": r["views"]["public"]}
            assert got["views"] == want
        if side:
            assert mine["initial"] == {"sides": {side: full["initial"]["sides"][side]}}
        else:
            assert mine["initial"] == {"public": full["initial"]["public"]}
