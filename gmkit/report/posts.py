"""The forum round as document blocks: a round's post and each player's private brief.

A post and a brief are views of the same run data a report is drawn from (:mod:`.document`), and
are made of the same blocks; :mod:`.forum` writes them in a BBCode dialect or Markdown. What a post
or a brief may hold is decided here, once, from the view's own data
(:func:`~.rundata.view_data`): a public post sees what every side may see, a side's post what
that side may see, a brief what its actor's side may see plus the orders now open to it. No GM
note, no order not resolved, and no hidden position ever reaches them.

Each rule set says what its post shows in its ``posts.py`` (found through :mod:`gmkit.systems`):
``state_rows(board, lang)`` (the compact state table), ``picture_svg(board, sides, lang, title)``
(the chart or map as a static SVG) and ``options(encounter, actor)`` (the orders open to an actor,
with their odds, in every language). Whatever a rule set leaves out has a plain default here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import GmkitError
from ..i18n import LANGUAGES, format_message, grammar
from . import document as doc
from .numbers import footer, recount_notice
from .rundata import board_for, cast_of_run, entities, view_data, view_tag
from .tables import Rows, rule_posts, state_rows

if TYPE_CHECKING:
    from ..encounter import Encounter

__all__ = ["rule_posts", "post_rows", "post_picture", "post_blocks", "brief_blocks", "brief_facts",
           "rounds_of", "find_round", "side_of_actor", "check_side", "percent", "in_languages",
           "visible_names"]


def percent(p: float, lang: str) -> str:
    """A chance as the language writes a percentage (``56%``, ``56 %``)."""
    from babel.numbers import format_percent

    return str(format_percent(round(float(p), 2), locale=lang))


def in_languages(fn: Any) -> dict[str, str]:
    """``fn(lang)`` for every language of the catalogue: a text kept in the record for each."""
    return {lang: str(fn(lang)) for lang in LANGUAGES}


def post_rows(system: str, board: Mapping[str, Any], lang: str) -> Rows:
    """The compact state table of a post: the rule set's, else the report's state table."""
    return state_rows({**board, "system": board.get("system", system)}, lang)


def post_picture(system: str, board: Mapping[str, Any], sides: Sequence[str], lang: str,
                 title: str) -> str | None:
    """The board's picture as a static SVG (the chart or the map), None without one."""
    fn = getattr(rule_posts(system), "picture_svg", None)
    return None if fn is None else fn(board, list(sides), lang, title)


# --- what exists, for clear refusals ---------------------------------------------------------------

def rounds_of(data: Mapping[str, Any]) -> list[int]:
    return [int(r["round"]) for r in data["rounds"]]


def find_round(data: Mapping[str, Any], rnd: int | None) -> dict[str, Any]:
    """Round ``rnd`` of the run data (None: the last one played); an unknown round is refused
    with the rounds there are."""
    rounds = list(data["rounds"])
    if not rounds:
        raise GmkitError(format_message("posts.error.no_rounds", data.get("language", "en")))
    if rnd is None:
        return dict(rounds[-1])
    for r in rounds:
        if int(r["round"]) == int(rnd):
            return dict(r)
    have = rounds_of(data)
    raise GmkitError(format_message("posts.error.round", data.get("language", "en"), round=rnd,
                                    rounds=_span(have)))


def _span(numbers: list[int]) -> str:
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(map(str, numbers))


def check_side(data: Mapping[str, Any], side: str) -> None:
    if side and side not in data["sides"]:
        raise GmkitError(format_message("posts.error.side", data.get("language", "en"), side=side,
                                        sides=", ".join(data["sides"])))


def side_of_actor(data: Mapping[str, Any], actor: str) -> str:
    """The side of ``actor`` (from the GM's starting board); an unknown name is refused with
    every participant's name."""
    _, ents = entities(data["initial"]["gm"])
    for e in ents:
        if e.get("name") == actor:
            return str(e.get("side") or "")
    raise GmkitError(format_message("posts.error.actor", data.get("language", "en"), actor=actor,
                                    actors=", ".join(map(str, data["participants"]))))


def visible_names(board: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """``names`` less those the board's viewer may not see at all (a cloaked enemy)."""
    _, ents = entities(board)
    hidden = {e.get("name") for e in ents if e.get("hidden")}
    known = {e.get("name") for e in ents}
    return [n for n in names if n not in hidden and (n in known or not known)]


# --- a round's post ----------------------------------------------------------------------------------

def post_blocks(data: Mapping[str, Any], rnd: int | tuple[int, int] | None = None, side: str = "",
                lang: str | None = None) -> list[doc.Block]:
    """The post of round ``rnd`` (None: the last played) as ``side`` sees it ("" : every side at
    once, the public post): the round's story with every roll, the state after it, the picture,
    who gives orders next (or the outcome). Names are declined as the fight's scenario says.

    ``rnd`` may be a span ``(first, last)``: one post of every round a forum round reached (F-6:
    the ranged exchange is a round of its own, then melee), each round told as its own post is.
    """
    check_side(data, side)
    mine = view_data(data, "player", side)
    with grammar.cast(cast_of_run(mine)):
        if isinstance(rnd, tuple):  # the state, the picture and who is next: after the last only
            span = [n for n in rounds_of(mine) if rnd[0] <= n <= rnd[1]]
            blocks = [b for n in span for b in _post_blocks(mine, n, side, lang, whole=n == span[-1])]
        else:
            blocks = _post_blocks(mine, rnd, side, lang)
        return doc.explain_abbreviations(blocks, str(mine["system"]), lang or str(mine.get("language", "en")))


def play_span(data: Mapping[str, Any]) -> tuple[int, int] | None:
    """The rounds the last forum round reached (a desk marks where it began), when more than one."""
    start, have = data.get("play_from"), rounds_of(data)
    if start is None or not have or have[-1] <= int(start) or int(start) not in have:
        return None
    return int(start), have[-1]


def _post_blocks(mine: Mapping[str, Any], rnd: int | None, side: str, lang: str | None,
                 whole: bool = True) -> list[doc.Block]:
    """One round's part of a post; not ``whole``: an earlier round of a forum round's post, told
    without the state, picture and next orders the last round's part gives."""
    lang = lang or str(mine.get("language", "en"))
    entry = find_round(mine, rnd)
    n = int(entry["round"])
    scen = mine["scenario"]
    out: list[doc.Block] = [
        doc.Heading(format_message("posts.title", lang, name=str(scen.get("name", "")), round=n), 2),
        doc.Para(doc.view_label("player", side, lang))]
    board = board_for(entry["views"], "player", side)
    notice = recount_notice(entry, visible_names(board, mine["participants"]), mine["participants"],
                            lang)
    if notice:
        out.append(doc.Para(notice))
    items = doc.story_items(entry["events"], "player", side, lang)
    out.append(doc.Story(items) if items else doc.Para(format_message("report.nothing", lang)))
    if whole:
        out += _after(mine, entry, board, side, lang)
    out.append(doc.Para(footer(mine, entry, lang)))  # the line the checker reads
    return out


def _after(mine: Mapping[str, Any], entry: Mapping[str, Any], board: Mapping[str, Any], side: str,
           lang: str) -> list[doc.Block]:
    """What a post gives after a round's story: the state, the picture, the outcome or who is next."""
    n = int(entry["round"])
    out: list[doc.Block] = []
    title = format_message("report.state", lang, round=n)
    table = doc.Table(title, post_rows(mine["system"], board, lang))
    if not table.empty:
        out.append(table)
    svg = post_picture(mine["system"], board, mine["sides"], lang, title)
    if svg:
        out.append(doc.Picture(svg, picture_name(n, side), title))
    last = n == rounds_of(mine)[-1]
    if last and mine.get("outcome") is not None:
        out += [doc.Para(t) for t in doc.outcome_text(mine, lang)]
    else:
        names = visible_names(board, entry.get("awaiting", []))
        if names:
            out.append(doc.Para(format_message("posts.next", lang, names=names)))
    return out


def picture_name(rnd: int, side: str = "") -> str:
    """The PNG file of a round's picture in a view: ``round-3.player.png``, ``round-3.player-red.png``."""
    return f"round-{rnd}.{view_tag('player', side)}.png"


# --- a player's brief ------------------------------------------------------------------------------

def brief_facts(encounter: Encounter, actor: str) -> dict[str, Any]:
    """What a brief holds that the boards do not: the orders open to ``actor`` now, each with its
    odds, written out in every language (the rule set's ``options``; by default every legal
    order as the order language writes it)."""
    from ..language import examples

    mod = rule_posts(encounter.system)
    fn = getattr(mod, "options", None)
    with grammar.cast(encounter.cast):  # the options are written out here, in every language
        options = fn(encounter, actor) if fn is not None else _default_options(encounter, actor)
    awaited = actor in encounter.expected()  # on its turn, or its order given ahead (S-4, F-6)
    notes = getattr(mod, "brief_notes", None)

    from ..systems import get

    speaks = get(encounter.system).has("language")

    def example(lang: str) -> str:  # orders with the fight's own names, weapons and targets
        said = [format_message("inbox.answer.example", lang, order=o)
                for o in (examples(encounter, actor, lang) if speaks else ())]
        return format_message("inbox.answer.examples", lang, examples=", ".join(said)) if said else ""

    standing = encounter.pending_order(actor)  # the reader's own order, given ahead (F-6, S-4)

    def kept(lang: str) -> str:
        from ..language import render

        return format_message("posts.brief.standing", lang, order=render(encounter, actor, standing, lang))

    return {"actor": actor, "side": encounter.side_of(actor), "round": encounter.round,
            "awaited": awaited, "options": options,
            "standing": in_languages(kept) if standing is not None and speaks else {},
            "examples": in_languages(example) if awaited else {},
            "notes": (notes(encounter, actor) if notes is not None else []) if awaited else []}


def _default_options(encounter: Encounter, actor: str) -> list[dict[str, Any]]:
    from ..language import language_of
    from ..systems import get

    render = language_of(encounter.system).render_order if get(encounter.system).has("language") else None
    out = []
    for order in encounter.legal_orders(actor):
        out.append({"group": "posts.group.orders",
                    "text": in_languages(lambda lang, o=order: render(o, lang, encounter, actor)
                                         if render else str(o))})
    return out


def order_format(system: str, lang: str) -> str | None:
    """How a player writes an order (the rule set's order language), None without one."""
    from ..language import language_of
    from ..systems import get

    return language_of(system).order_format(lang) if get(system).has("language") else None


def brief_blocks(data: Mapping[str, Any], actor: str, lang: str | None = None,
                 deadline: str = "") -> list[doc.Block]:
    """The private brief of ``actor``, drawn from its side's own view of the run data and the
    facts of :func:`brief_facts` kept in ``data["briefs"]``: its own state, what its side saw in
    the last round, the orders open to it with their odds, the deadline, how to answer."""
    side = side_of_actor(data, actor)
    facts = (data.get("briefs") or {}).get(actor)
    if facts is None:
        raise GmkitError(f"the run data holds no brief for {actor!r} (made by Chronicle.briefs)")
    mine = view_data(data, "player", side)
    with grammar.cast(cast_of_run(mine)):
        return _brief_blocks(mine, actor, side, facts, lang, deadline)


def _brief_blocks(mine: Mapping[str, Any], actor: str, side: str, facts: Mapping[str, Any],
                  lang: str | None, deadline: str) -> list[doc.Block]:
    lang = lang or str(mine.get("language", "en"))
    rounds = mine["rounds"]
    views = rounds[-1]["views"] if rounds else mine["initial"]
    board = board_for(views, "player", side)
    nxt = int(facts.get("round") or (int(rounds[-1]["round"]) + 1 if rounds else 1))
    out: list[doc.Block] = [doc.Heading(format_message(
        "posts.brief.title", lang, actor=actor, side=side, round=nxt,
        name=str(mine["scenario"].get("name", ""))), 2)]
    if deadline:
        out.append(doc.Para(format_message("posts.brief.deadline", lang, deadline=deadline)))
    key, ents = entities(board)
    own = [e for e in ents if e.get("name") == actor]
    rows = post_rows(mine["system"], {**board, key or "entities": own}, lang)
    out.append(doc.Table(format_message("posts.brief.you", lang), rows))
    span = play_span(mine) or (int(rounds[-1]["round"]),) * 2 if rounds else None
    for last in (r for r in rounds if span and span[0] <= int(r["round"]) <= span[1]):
        out.append(doc.Heading(format_message("posts.brief.saw", lang, round=last["round"]), 3))
        items = doc.story_items(last["events"], "player", side, lang)
        out.append(doc.Story(items) if items else doc.Para(format_message("report.nothing", lang)))
    if mine.get("outcome") is not None:
        out += [doc.Para(t) for t in doc.outcome_text(mine, lang)]
        return doc.explain_abbreviations(out, str(mine["system"]), lang)
    out.append(doc.Heading(format_message("posts.brief.options", lang), 3))
    standing = (facts.get("standing") or {}).get(lang)
    if standing:
        out.append(doc.Para(standing))
    options = facts.get("options") or []
    if not (facts.get("awaited") or standing) or not options:
        if not standing:
            out.append(doc.Para(format_message("posts.brief.not_now", lang)))
    else:
        groups: dict[str, list[str]] = {}
        for o in options:
            text = o["text"].get(lang) or o["text"].get("en", "")
            groups.setdefault(str(o.get("group") or "posts.group.orders"), []).append(text)
        for group, texts in groups.items():
            out.append(doc.Para(format_message(group, lang)))
            out.append(doc.Story([(t, []) for t in texts]))
    answer = getattr(rule_posts(str(mine["system"])), "answer", None)
    how = answer(lang) if answer is not None else order_format(mine["system"], lang)
    out.append(doc.Heading(format_message("posts.brief.answer", lang), 3))
    out.append(doc.Para(how or format_message("posts.brief.kinds", lang)))
    said = (facts.get("examples") or {}).get(lang)
    if said:  # the reader's own names, weapons and targets, never someone not in the fight
        out.append(doc.Para(said))
    out += [doc.Para(n.get(lang) or n.get("en", "")) for n in facts.get("notes") or ()]
    return doc.explain_abbreviations(out, str(mine["system"]), lang)
