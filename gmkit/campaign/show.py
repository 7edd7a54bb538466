"""The party over time, as plain data and as tables in the reader's words.

:func:`summary` is what ``gmkit campaign show --json`` prints: each member with its standing and
its rule set's figures (level and points, wounds, hull...), the bestiary, every fight applied.
:func:`roster_rows`, :func:`fight_rows` and :func:`history_rows` are the same as tables, every
header and value through the message catalogue; :func:`text` puts them together for a terminal.
"""

from __future__ import annotations

from typing import Any

from .part import part_of, said, state_word
from .store import Campaign

__all__ = ["summary", "roster_rows", "fight_rows", "history_rows", "result_text", "text"]

Rows = tuple[list[str], list[list[str]]]


def summary(campaign: Campaign) -> dict[str, Any]:
    """The campaign as plain JSON data."""
    part = part_of(campaign.system)
    return {
        "name": campaign.name, "system": campaign.system, "party": campaign.party,
        "language": campaign.language,
        "members": [{"name": m.name, "kind": m.entry.get("kind"), "state": m.state,
                     "fell_in": m.fell, **part.figures(m.entry)} for m in campaign.members()],
        "bestiary": [b.name for b in campaign.bestiary()],
        "fights": [{"number": f.number, "name": f.name, "winner": f.result.get("winner"),
                    "rounds": f.result.get("rounds"), "journal": f.journal,
                    "fell": sorted(f.result.get("fell") or {})} for f in campaign.fights()],
    }


def roster_rows(campaign: Campaign, lang: str) -> Rows:
    """Every member: name, kind (where the rule set has kinds), standing, and the figures."""
    from ..i18n import format_message
    from ..report.tables import label, value_text

    part = part_of(campaign.system)
    members = campaign.members()
    kinds = any("kind" in m.entry for m in members)
    head = [label("name", lang)] + ([label("kind", lang)] if kinds else [])
    head += [format_message("campaign.table.state", lang)]
    head += [label(f, lang) for f in part.FIGURES]
    body = []
    for m in members:
        state = said(state_word(campaign.system, m.state, m.name), lang)
        if m.fell:
            state = format_message("campaign.show.fell_in", lang, state=state, n=m.fell)
        row = [m.name] + ([value_text(m.entry.get("kind", ""), lang, "kind")] if kinds else [])
        row.append(state)
        for fld, value in part.figures(m.entry).items():
            shown = part.shown(fld, value, lang)
            row.append(shown if shown is not None else value_text(value, lang, fld))
        body.append(row)
    return head, body


def result_text(result: dict[str, Any], lang: str) -> str:
    """Who won and in how many rounds."""
    from ..i18n import format_message

    rounds = int(result.get("rounds") or 0)
    if result.get("winner") is None:
        return format_message("campaign.result.none", lang, rounds=rounds)
    return format_message("campaign.result.winner", lang, side=result["winner"], rounds=rounds)


def fight_rows(campaign: Campaign, lang: str) -> Rows:
    """Every fight applied: its number, name, result, who of the party fell, its journal."""
    from ..i18n import format_message

    head = [format_message(f"campaign.show.col.{c}", lang)
            for c in ("number", "fight", "result", "fell", "journal")]
    body = [[str(f.number), f.name, result_text(f.result, lang),
             ", ".join(sorted(f.result.get("fell") or {})) or "—", f.journal]
            for f in campaign.fights()]
    return head, body


def history_rows(campaign: Campaign, lang: str, last: int | None = None) -> Rows:
    """The history, oldest first: when, why (the source, and the fight), who, what, before, after."""
    from ..i18n import format_message
    from ..report.tables import label, value_text

    part = part_of(campaign.system)
    head = [format_message(f"campaign.show.col.{c}", lang)
            for c in ("at", "source", "fight", "member", "what", "before", "after")]
    body = []
    records = campaign.history()
    for r in records[-last:] if last else records:
        if r.field == "state":
            what = format_message("campaign.table.state", lang)
        elif r.field in ("joined", "bestiary"):
            what = format_message(f"campaign.show.what.{r.field}", lang)
        else:
            what = label(r.field, lang)

        def cell(value: Any, r: Any = r) -> str:
            if value is None:
                return "—"
            if r.field == "state":
                return said(state_word(campaign.system, str(value), r.member), lang)
            if r.field in ("joined", "bestiary"):
                return format_message("campaign.table.added", lang, name=r.member)
            shown = part.shown(r.field, value, lang)
            return shown if shown is not None else value_text(value, lang, r.field)

        body.append([r.at[:16].replace("T", " "), format_message(f"campaign.source.{r.source}", lang),
                     str(r.fight) if r.fight else "—", r.member, what, cell(r.before), cell(r.after)])
    return head, body


def _table(rows: Rows) -> str:
    from ..report.document import table_text

    return table_text(rows)


def text(campaign: Campaign, lang: str) -> str:
    """The campaign for a terminal: its title, the roster, the bestiary, the fights."""
    from ..i18n import format_message
    from ..i18n.grammar import cast
    from ..report.document import system_name
    from .build import cast_of

    with cast(cast_of(campaign)):
        out = [format_message("campaign.show.title", lang, name=campaign.name,
                              system=system_name(campaign.system, lang), party=campaign.party,
                              fights=len(campaign.fights())), "",
               format_message("campaign.show.roster", lang), _table(roster_rows(campaign, lang)), ""]
        beasts = [b.name for b in campaign.bestiary()]
        out.append(format_message("campaign.show.bestiary", lang, names=beasts) if beasts
                   else format_message("campaign.show.no_bestiary", lang))
        if campaign.fights():
            out += ["", format_message("campaign.show.fights", lang), _table(fight_rows(campaign, lang))]
    return "\n".join(out) + "\n"
