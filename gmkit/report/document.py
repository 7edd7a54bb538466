"""A report as a list of blocks (headings, story, tables, figures, maps), drawn from run data.

The same blocks are shown in a running notebook, written into a rebuilt notebook for nbconvert, or
turned into a forum post, so the GM report, the player report and the template never disagree.
Everything is drawn from the chosen view: a player's blocks are built from the player's boards and
the events that player may see, and nothing else.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..i18n import format_message, grammar
from .rundata import board_for, cast_of_run
from .tables import Rows, participants_rows, scenario_rows, state_rows

__all__ = ["Heading", "Para", "Story", "Table", "Figure", "Svg", "Picture", "Block", "build", "title_blocks",
           "scenario_blocks", "round_blocks", "outcome_blocks", "odds_blocks", "unresolved_blocks",
           "to_bundle", "inline_svg", "system_name", "reason_text", "view_label", "named", "subtitle",
           "story_items", "outcome_text", "odds_text", "order_text", "explain_abbreviations"]


@dataclass
class Heading:
    text: str
    level: int = 2


@dataclass
class Para:
    text: str


@dataclass
class Story:
    """Sentences, each with the dice it rolled (``d8! [8+3] = 11``)."""

    items: list[tuple[str, list[str]]] = field(default_factory=list)


@dataclass
class Table:
    caption: str
    rows: Rows
    """Column names and rows (see :mod:`gmkit.report.tables`)."""

    @property
    def empty(self) -> bool:
        return not self.rows[1]


@dataclass
class Figure:
    figure: Any


@dataclass
class Svg:
    svg: str
    caption: str = ""


@dataclass
class Picture:
    """A board's picture as a static SVG, and the name of the PNG a forum post shows of it."""

    svg: str
    name: str
    """The PNG's file name (``round-3.player.png``): the post's ``[img]`` points at it."""
    caption: str = ""


Block = Heading | Para | Story | Table | Figure | Svg | Picture


def named(key: str, side: str) -> str:
    """The message ``key`` for a side known by its id only («сторона «red»»), or ``key_named`` for a
    side the scenario names as a group (``side_names:``, «отряд»), in the current cast."""
    return f"{key}_named" if side in grammar.current_cast().sides else key


def view_label(view: str, side: str, lang: str) -> str:
    """Whose eyes a report or post is for, in words: «для ведущего», «для всех игроков», «для
    отряда» (a side named in ``side_names``), «для стороны «red»» (a side known by its id only)."""
    if view == "gm":
        return format_message("report.view.gm", lang)
    if not side:
        return format_message("report.view.public", lang)
    return format_message(named("report.view.player", side), lang, side=side)


def subtitle(data: Mapping[str, Any], view: str, side: str, lang: str) -> str:
    """A report's line under its title: the rule set in words, the seed, whose eyes it is for
    («Дуэль драконов · зерно 7 · для ведущего»)."""
    return format_message("report.subtitle", lang, system=system_name(str(data["system"]), lang),
                          seed=data["seed"], view=view_label(view, side, lang))


def system_name(system: str, lang: str) -> str:
    """The rule set as a reader calls it (``dragon duel``), from the catalogue; else its name."""
    from ..i18n import catalogue

    key = f"report.system.{system}"
    return format_message(key, lang) if key in catalogue() else system


def reason_text(reason: str, lang: str) -> str:
    """Why a fight ended, in words (``report.reason.<code>``); a code the catalogue does not know
    is written as words."""
    from ..i18n import catalogue

    key = f"report.reason.{reason.replace(' ', '_')}"
    return format_message(key, lang) if key in catalogue() else reason.replace("_", " ")


def title_blocks(data: Mapping[str, Any], view: str, side: str, lang: str) -> list[Block]:
    scen = data["scenario"]
    out: list[Block] = [Heading(str(scen.get("name", "")), 1), Para(subtitle(data, view, side, lang))]
    if scen.get("description"):
        out.append(Para(str(scen["description"])))
    return out


def scenario_blocks(data: Mapping[str, Any], view: str, side: str, lang: str) -> list[Block]:
    out: list[Block] = [Heading(format_message("report.section.scenario", lang))]
    if view == "gm":  # a player sees the start as the board shows it, never the file (see tables)
        for caption, rows in scenario_rows(data, view, side, lang):
            out.append(Table(caption, rows))
    out += state_view_blocks(data, data["initial"], view, side, lang, format_message("report.start", lang))
    return out


MARKERS = frozenset({"round"})
"""Event kinds that only mark where a round starts: a story under the round's own heading leaves
them out (no «— Раунд 2 —» inside the list under «Раунд 2»)."""


def story_items(events: list[dict[str, Any]], view: str, side: str,
                lang: str) -> list[tuple[str, list[str]]]:
    """The events as the view's story: each line with its rolls and their draw numbers; a roll
    hidden from the view as its numbers only (:func:`.numbers.story_item`); the round markers left
    out."""
    from .numbers import story_item
    from .rundata import PUBLIC

    who = None if view == "gm" else (side or PUBLIC)
    items = (story_item(e, who, lang) for e in events if e.get("kind") not in MARKERS)
    return [item for item in items if item is not None]


def state_view_blocks(data: Mapping[str, Any], views: Mapping[str, Any], view: str, side: str,
                      lang: str, title: str) -> list[Block]:
    """The board after a round: the participants table, and the chart or map of the system."""
    board = board_for(views, view, side)
    out: list[Block] = []
    table = Table(title, state_rows(board, lang))
    if not table.empty:
        out.append(table)
    from ..systems import get

    picture = get(data["system"]).views_module.picture(board, list(data["sides"]), lang, title)
    if picture is not None:
        out.append(picture)
    return out


def round_blocks(data: Mapping[str, Any], view: str, side: str, lang: str) -> list[Block]:
    out: list[Block] = [Heading(format_message("report.section.rounds", lang))]
    for rnd in data["rounds"]:
        out.append(Heading(format_message("report.round", lang, round=rnd["round"]), 3))
        items = story_items(rnd["events"], view, side, lang)
        out.append(Story(items) if items else Para(format_message("report.nothing", lang)))
        out += state_view_blocks(data, rnd["views"], view, side, lang,
                                 format_message("report.state", lang, round=rnd["round"]))
    return out


def outcome_text(data: Mapping[str, Any], lang: str) -> list[str]:
    out = data.get("outcome")
    if out is None and data.get("now") is not None:  # a fight still played at a desk
        return [format_message("report.outcome.in_play", lang, round=data["now"]["round"])]
    if out is None:
        return [format_message("report.outcome.limit", lang, limit=data.get("max_rounds", "?"))]
    rounds = int(out.get("rounds", len(data["rounds"])) or 0)
    reason = reason_text(str(out.get("reason", "")), lang)
    if out.get("winner"):
        side = str(out["winner"])
        lines = [format_message(named("report.outcome.winner", side), lang, side=side, rounds=rounds,
                                reason=reason)]
    else:
        lines = [format_message("report.outcome.draw", lang, rounds=rounds, reason=reason)]
    survivors = out.get("survivors")
    if survivors is not None:
        if survivors:
            lines.append(format_message("report.outcome.survivors", lang,
                                        names=[str(n) for n in survivors]))
        else:
            lines.append(format_message("report.outcome.nobody", lang))
    return lines


def outcome_blocks(data: Mapping[str, Any], view: str, side: str, lang: str) -> list[Block]:
    out: list[Block] = [Heading(format_message("report.section.outcome", lang))]
    out += [Para(t) for t in outcome_text(data, lang)]
    if view == "gm":
        parts = data["summary"].get("participants") or []
        if parts:
            out.append(Table(format_message("report.participants", lang), participants_rows(parts, lang)))
    return out


def odds_text(data: Mapping[str, Any], lang: str) -> str:
    odds = data.get("odds") or {}
    if odds.get("n"):
        from babel.numbers import format_decimal

        def pct(p: float) -> str:
            return str(format_decimal(100 * p, format="0.0", locale=lang))

        return format_message("report.odds.value", lang, n=odds["n"], k=odds["k"],
                              pct=pct(odds["k"] / odds["n"]), low=pct(odds.get("low", 0)),
                              high=pct(odds.get("high", 1)))
    why = odds.get("why") or "report.odds.no_module"
    return format_message("report.odds.missing", lang,
                          why=format_message(why, lang, error=odds.get("error", "")))


def odds_blocks(data: Mapping[str, Any], view: str, side: str, lang: str) -> list[Block]:
    return [Heading(format_message("report.section.odds", lang)), Para(odds_text(data, lang))]


def order_text(order: Any) -> str:
    """An order as reports print it: its JSON on one line (every newline escaped)."""
    import json

    return json.dumps(order, ensure_ascii=False, default=str)


def unresolved_blocks(data: Mapping[str, Any], view: str, side: str, lang: str) -> list[Block]:
    """Orders received but never resolved: the GM's eyes only."""
    if view != "gm" or not data.get("unresolved"):
        return []
    rows = [format_message("report.unresolved.row", lang, actor=u["actor"], order=order_text(u["order"]))
            for u in data["unresolved"]]
    return [Heading(format_message("report.section.unresolved", lang)), Story([(r, []) for r in rows])]


def build(data: Mapping[str, Any], view: str = "gm", side: str = "", lang: str | None = None) -> list[Block]:
    """The whole report in the chosen view, its names declined as the fight's scenario says."""
    lang = lang or data.get("language", "en")
    out: list[Block] = []
    with grammar.cast(cast_of_run(data)):
        for part in (title_blocks, scenario_blocks, round_blocks, outcome_blocks, odds_blocks,
                     unresolved_blocks):
            out += part(data, view, side, lang)
    return explain_abbreviations(out, str(data.get("system", "")), lang)


def abbreviations(system: str, lang: str) -> list[tuple[str, str]]:
    """The rule set's abbreviations in ``lang`` with their meaning (``ОР``, ``очки риска``), from
    its catalogue key ``<system>.abbreviations`` (``ОР=очки риска; ИО=игровые очки``)."""
    from ..i18n import catalogue

    key = f"{system}.abbreviations"
    if key not in catalogue():
        return []
    out = []
    for part in format_message(key, lang).split(";"):
        short, _, meaning = part.partition("=")
        if short.strip() and meaning.strip():
            out.append((short.strip(), meaning.strip()))
    return out


def explain_abbreviations(blocks: list[Block], system: str, lang: str) -> list[Block]:
    """Each abbreviation of the rule set explained once, where a reader first meets it:
    ``ОР`` becomes ``ОР (очки риска)`` there and stays short after. A notation that holds the
    letters inside a word (``яд16ПБ6``) is not a use of the abbreviation."""
    import re

    pending = {short: (re.compile(rf"(?<![\w]){re.escape(short)}(?![\w(])"), meaning)
               for short, meaning in abbreviations(system, lang)}
    if not pending:
        return blocks

    def explain(text: str) -> str:
        for short in list(pending):
            pattern, meaning = pending[short]

            def noted(m: re.Match[str], meaning: str = meaning) -> str:
                return f"{m.group(0)} ({meaning})"

            new = pattern.sub(noted, text, count=1)
            if new != text:
                del pending[short]
                text = new
        return text

    def cell(value: Any) -> Any:
        return explain(value) if isinstance(value, str) and pending else value

    for block in blocks:
        if not pending:
            break
        if isinstance(block, (Heading, Para)):
            block.text = explain(block.text)
        elif isinstance(block, Story):
            block.items = [(explain(text), rolls) for text, rolls in block.items]
        elif isinstance(block, Table):
            block.caption = explain(block.caption)
            cols, rows = block.rows
            block.rows = ([cell(c) for c in cols], [[cell(v) for v in row] for row in rows])
    # an abbreviation met only inside a notation (2ЖК+3, яд16ПБ6) is explained in a line of its own
    inside = [(short, meaning) for short, (_, meaning) in pending.items()
              if any(short in text for text in _block_texts(blocks))]
    if inside:
        legend = Para(format_message("report.abbreviations", lang,
                                     items="; ".join(format_message("report.abbreviation", lang, short=s,
                                                                    meaning=m) for s, m in inside)))
        at = next((i + 1 for i, b in enumerate(blocks) if isinstance(b, Heading)), 0)
        if at < len(blocks) and isinstance(blocks[at], Para):  # after the title's own line
            at += 1
        blocks.insert(at, legend)
    return blocks


def _block_texts(blocks: list[Block]) -> list[str]:
    out: list[str] = []
    for block in blocks:
        if isinstance(block, (Heading, Para)):
            out.append(block.text)
        elif isinstance(block, Story):
            out += [text for text, _ in block.items]
        elif isinstance(block, Table):
            out.append(block.caption)
            out += [str(v) for v in block.rows[0]]
            out += [str(v) for row in block.rows[1] for v in row if v is not None]
    return out


def _esc(text: Any) -> str:
    return html.escape("" if text is None else str(text), quote=True)


def table_html(rows: Rows) -> str:
    """An HTML table (pandas' ``dataframe`` class, so notebooks and nbconvert style it), escaped."""
    cols, values = rows
    head = "".join(f"<th>{_esc(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{_esc(v)}</td>" for v in row) + "</tr>" for row in values)
    return (f'<table class="dataframe gmkit-table"><thead><tr style="text-align: right;">{head}</tr>'
            f"</thead><tbody>{body}</tbody></table>")


def table_text(rows: Rows) -> str:
    cols, values = rows
    cells = [[str(c) for c in cols]] + [["" if v is None else str(v) for v in row] for row in values]
    widths = [max(len(r[i]) for r in cells) for i in range(len(cols))]
    return "\n".join("  ".join(v.rjust(w) for v, w in zip(r, widths, strict=False)) for r in cells)


SVG_NAMESPACE = ' xmlns="http://www.w3.org/2000/svg"'


def inline_svg(svg: str) -> str:
    """An SVG as a page holds it: HTML knows ``<svg>`` without the XML namespace, so the page
    carries no address at all (a report must not even look as if it fetched anything)."""
    return svg.replace(SVG_NAMESPACE, "")


def to_bundle(block: Block) -> dict[str, Any]:
    """A display bundle (mime type -> data) for every block but figures."""
    if isinstance(block, Heading):
        n = max(1, min(6, block.level))
        return {"text/html": f"<h{n}>{_esc(block.text)}</h{n}>", "text/plain": block.text}
    if isinstance(block, Para):
        return {"text/html": f"<p>{_esc(block.text)}</p>", "text/plain": block.text}
    if isinstance(block, Story):
        items = []
        for text, rolls in block.items:
            extra = (f' <small class="gmkit-rolls">[{_esc("; ".join(rolls))}]</small>' if rolls else "")
            items.append(f"<li>{_esc(text)}{extra}</li>")
        plain = "\n".join(f"- {t}" + (f" [{'; '.join(r)}]" if r else "") for t, r in block.items)
        return {"text/html": f'<ul class="gmkit-story">{"".join(items)}</ul>', "text/plain": plain}
    if isinstance(block, Table):
        return {"text/html": f"<h4>{_esc(block.caption)}</h4>{table_html(block.rows)}",
                "text/plain": f"{block.caption}\n{table_text(block.rows)}"}
    if isinstance(block, Picture):
        return {"text/html": f'<div class="gmkit-map">{inline_svg(block.svg)}</div>',
                "text/plain": block.caption or block.name}
    if isinstance(block, Svg):
        # inline SVG in the HTML (nbconvert would otherwise embed the image as base64)
        return {"text/html": f'<div class="gmkit-map">{inline_svg(block.svg)}</div>',
                "text/plain": block.caption or "map"}
    raise TypeError(f"no bundle for {type(block).__name__}")
