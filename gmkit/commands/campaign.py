"""``gmkit campaign``: a campaign that lives across fights (see :mod:`gmkit.campaign`).

    gmkit campaign new road.gmc --from fight-1.yaml --party party   # a side becomes the roster
    gmkit campaign apply road.gmc fight-1.jsonl                     # the changes, then yes or no
    gmkit campaign fight road.gmc -o fight-2.yaml --enemy "Волк ×5"  # the next fight, no YAML typed
    gmkit campaign show road.gmc --json
    gmkit campaign sheet road.gmc torvald.txt                        # a forum sheet into the roster
    gmkit campaign export road.gmc -o road.yaml                      # and import it back
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

VERBS = ("new", "add", "show", "apply", "undo", "fight", "sheet", "edit", "export", "import",
         "report", "history")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("campaign", help="a campaign across fights: roster, bestiary, fights applied",
                       description="A campaign file (SQLite) keeps the party between fights: apply a "
                                   "finished fight's journal to it, build the next fight from it, "
                                   "read a forum character sheet into it, show it, export it to YAML.")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    v = verbs.add_parser("new", help="a new campaign, empty or from a scenario")
    v.add_argument("campaign", help="the campaign file to make (e.g. road.gmc)")
    v.add_argument("--from", dest="scenario", default=None, help="a scenario: one side becomes the roster")
    v.add_argument("--party", default=None, help="with --from: the side that is the party")
    v.add_argument("--system", default=None, help="without --from: the rule set")
    v.add_argument("--name", default=None, help="the campaign's name (default: the scenario's)")
    v = verbs.add_parser("add", help="a scenario's fighters into the campaign: the party's side to "
                                     "the roster, the others to the bestiary")
    v.add_argument("campaign")
    v.add_argument("scenario")
    v = verbs.add_parser("show", help="the roster, the bestiary and the fights")
    v.add_argument("campaign")
    v.add_argument("--json", action="store_true", help="as JSON: each member with its figures and state")
    v = verbs.add_parser("apply", help="apply a finished fight's journal, after showing what changes")
    v.add_argument("campaign")
    v.add_argument("journal")
    v.add_argument("--choose", action="append", default=[], metavar="CALL=VALUE",
                   help="a call the rule set asks at a fight's end (a rest rule, healing, repairs), "
                        "e.g. rest=full; not given: asked, or its default with --yes")
    v.add_argument("--yes", action="store_true", help="apply without asking")
    v = verbs.add_parser("undo", help="take the last fight applied back")
    v.add_argument("campaign")
    v = verbs.add_parser("fight", help="write the next fight's scenario")
    v.add_argument("campaign")
    v.add_argument("-o", "--output", required=True, help="the scenario file to write (FIGHT.yaml)")
    v.add_argument("--member", action="append", default=None, metavar="NAME",
                   help="who of the roster fights (repeatable; default: every living member)")
    v.add_argument("--enemy", action="append", default=None, metavar="NAME×N",
                   help="an enemy from the bestiary, with a count: 'Волк ×5' (repeatable; default: "
                        "the last fight's enemies)")
    v.add_argument("--set", action="append", default=[], metavar="PATH=VALUE",
                   help="a setting of the fight: battlefield=firmament, options.variant=2")
    v.add_argument("--name", default=None, help="the fight's title")
    v.add_argument("--seed", type=int, default=None, help="the dice seed")
    v.add_argument("--force", action="store_true", help="replace the file if it exists")
    v = verbs.add_parser("sheet", help="read a forum character sheet into the roster")
    v.add_argument("campaign")
    v.add_argument("sheet", help="a text file with the sheet as the player wrote it")
    v.add_argument("--name", default=None, help="the character's name (when the sheet has none)")
    v.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                   help="a field the sheet does not give: kind=player")
    v.add_argument("--yes", action="store_true", help="add it without asking")
    v = verbs.add_parser("edit", help="set fields of a member")
    v.add_argument("campaign")
    v.add_argument("member")
    v.add_argument("changes", nargs="+", metavar="FIELD=VALUE", help="hp=12, pilot.fighting=d10")
    v = verbs.add_parser("export", help="the campaign as readable YAML")
    v.add_argument("campaign")
    v.add_argument("-o", "--output", default="-", help="the YAML file (default: standard output)")
    v = verbs.add_parser("import", help="a campaign from its YAML (new, or replacing the same campaign)")
    v.add_argument("campaign")
    v.add_argument("yaml")
    v = verbs.add_parser("report", help="the campaign page (HTML): table, chart, fights, the fallen")
    v.add_argument("campaign")
    v.add_argument("-o", "--output", default=None, help="the page (default: CAMPAIGN.html beside it)")
    v.add_argument("--view", choices=["gm", "player"], default="gm",
                   help="player: without the bestiary and the history")
    v = verbs.add_parser("history", help="every change, oldest first")
    v.add_argument("campaign")
    v.add_argument("--last", type=int, default=None, help="only the last N lines")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    return int(globals()[f"_{args.verb}"](args) or 0)


def _t(key: str, **params: Any) -> str:
    from ..i18n import format_message

    return format_message(key, None, **params)


def _lang() -> str:
    from ..i18n import get_language

    return get_language()


def _pairs(items: list[str]) -> dict[str, Any]:
    """``FIELD=VALUE`` pairs, each value read as YAML (``12``, ``d10``, ``[1, 2]``, ``null``)."""
    import yaml

    from ..campaign.errors import CampaignError

    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise CampaignError("campaign.cli.pair", text=item)
        try:
            out[key.strip()] = yaml.safe_load(value) if value.strip() else ""
        except yaml.YAMLError:
            out[key.strip()] = value
    return out


def _ask(prompt: str) -> str:
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    return line.strip()


def _yes(prompt: str) -> bool:
    return _ask(prompt).lower() in ("y", "yes", "д", "да")


def _new(args: argparse.Namespace) -> int:
    from ..campaign import roster
    from ..report.document import system_name

    with roster.new(args.campaign, system=args.system, name=args.name, scenario=args.scenario,
                    party=args.party, language=_lang() if args.scenario is None else None) as c:
        print(_t("campaign.new.done", path=args.campaign, name=c.name,
                 system=system_name(c.system, _lang()), members=len(c.members()),
                 beasts=len(c.bestiary())))
    return 0


def _add(args: argparse.Namespace) -> int:
    from ..campaign import roster
    from ..campaign.store import Campaign

    with Campaign.open(args.campaign, write=True) as c:
        members, beasts = roster.add_from(c, args.scenario)
        print(_t("campaign.add.done", name=c.name, members=members or "—", beasts=beasts or "—"))
    return 0


def _show(args: argparse.Namespace) -> int:
    from ..campaign import show
    from ..campaign.store import Campaign

    with Campaign.open(args.campaign) as c:
        if args.json:
            print(json.dumps(show.summary(c), ensure_ascii=False, indent=2))
        else:
            sys.stdout.write(show.text(c, _lang()))
    return 0


def _choices(system: str, given: dict[str, Any], ask: bool) -> dict[str, Any]:
    """The calls at a fight's end: given, else asked (a number picks a value), else the default."""
    from ..campaign.apply import choices_of, read_choices

    picked = dict(given)
    for c in choices_of(system):
        if c.name in picked or not ask:
            continue
        print(_t(c.key))
        for i, word in enumerate(c.words, 1):
            mark = _t("campaign.ask.default") if word == c.default else ""
            print(_t("campaign.ask.option", i=i, words=_t(f"{c.key}.{word}")) + mark)
        if c.number:
            print(_t("campaign.ask.number", example=_t(f"{c.key}.n", n=3)))
        while True:
            answer = _ask(_t("campaign.ask.pick", default=c.words.index(c.default) + 1))
            if not answer:
                break
            if answer.isdigit() and 1 <= int(answer) <= len(c.words):
                picked[c.name] = c.words[int(answer) - 1]
                break
            try:
                picked[c.name] = c.read(answer)
                break
            except ValueError as e:
                from ..errors import said

                print(said(e, _lang()))
    return read_choices(system, picked)


def _apply(args: argparse.Namespace) -> int:
    from ..campaign import apply as ap
    from ..campaign.show import result_text
    from ..campaign.store import Campaign
    from ..report.document import table_text

    with Campaign.open(args.campaign, write=True) as c:
        choices = _choices(c.system, _pairs(args.choose), ask=not args.yes)
        plan = ap.plan(c, args.journal, choices)
        print(_t("campaign.apply.header", journal=args.journal, name=c.name, n=plan.number,
                 result=result_text(plan.result, _lang())))
        calls = [f"{_t(ch.key)}: {_t(**ch.said(plan.choices[ch.name]))}" for ch in ap.choices_of(c.system)]
        for line in calls:
            print("  " + line)
        head, rows = plan.rows(c, _lang())
        print(table_text((head, rows)) if rows else _t("campaign.apply.no_changes"))
        if not args.yes and not _yes(_t("campaign.ask.apply", name=c.name)):
            print(_t("campaign.apply.declined"))
            return 1
        fight = ap.apply(c, plan)
        print(_t("campaign.apply.done", n=fight.number, name=c.name, changes=len(rows)))
    return 0


def _undo(args: argparse.Namespace) -> int:
    from ..campaign import apply as ap
    from ..campaign.store import Campaign

    with Campaign.open(args.campaign, write=True) as c:
        fight = ap.undo(c)
        print(_t("campaign.undo.done", n=fight.number, fight=fight.name))
    return 0


def _fight(args: argparse.Namespace) -> int:
    from ..campaign import build
    from ..campaign.part import part_of
    from ..campaign.store import Campaign
    from ..i18n.grammar import cast

    with Campaign.open(args.campaign) as c:
        draft = build.Draft(members=args.member, seed=args.seed, name=args.name,
                            enemies=[build.pick(e) for e in args.enemy] if args.enemy else None,
                            changes=_pairs(args.set))
        scenario = build.build(c, draft, c.language)
        path = build.write(scenario, args.output, c.language, force=args.force)
        names = [e["name"] for e in scenario[part_of(c.system).ENTRIES]]
        party = [n for n in names if c.member(n) is not None]
        with cast(build.cast_of(c)):
            print(_t("campaign.fight.done", path=str(path), name=scenario["name"], party=party,
                     enemies=[n for n in names if n not in party]))
    return 0


def _sheet(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..campaign import roster, sheets
    from ..campaign.store import Campaign
    from ..report.document import table_text

    try:
        text = Path(args.sheet).read_bytes()
    except OSError as e:
        from ..campaign.errors import CampaignError

        raise CampaignError("campaign.sheet.unreadable", path=args.sheet, why=str(e.strerror)) from None
    with Campaign.open(args.campaign, write=True) as c:
        reading = sheets.read(c, text, name=args.name, extra=_pairs(args.set))
        print(table_text(reading.rows(_lang())))
        problems = reading.problems(_lang())
        if problems:
            print(_t("campaign.sheet.problems", name=reading.name or "?"))
            for line in problems:
                print("  - " + line)
            return 2
        if reading.unread:
            print(_t("campaign.sheet.unread_count", n=len(reading.unread), command="gmkit campaign edit"))
        if not args.yes and not _yes(_t("campaign.sheet.ask", name=reading.name, campaign=c.name)):
            print(_t("campaign.apply.declined"))
            return 1
        m = roster.add_member(c, reading.entry, source="sheet")
        print(_t("campaign.sheet.added", name=m.name))
    return 0


def _edit(args: argparse.Namespace) -> int:
    from ..campaign import roster
    from ..campaign.store import Campaign

    with Campaign.open(args.campaign, write=True) as c:
        changes = _pairs(args.changes)
        m = roster.edit_member(c, args.member, changes)
        print(_t("campaign.edit.done", name=m.name, fields=", ".join(changes)))
    return 0


def _export(args: argparse.Namespace) -> int:
    from ..campaign import exchange
    from ..campaign.store import Campaign

    with Campaign.open(args.campaign) as c:
        text = exchange.export_text(c)
        if args.output == "-":
            sys.stdout.write(text)
        else:
            exchange.write_text(args.output, text)
            print(_t("campaign.export.done", path=args.output, name=c.name))
    return 0


def _import(args: argparse.Namespace) -> int:
    from ..campaign import exchange

    with exchange.import_file(args.campaign, args.yaml) as c:
        print(_t("campaign.import.done", path=args.campaign, name=c.name, source=args.yaml))
    return 0


def _report(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..campaign import page
    from ..campaign.store import Campaign

    out = Path(args.output) if args.output else Path(args.campaign).with_suffix(".html")
    with Campaign.open(args.campaign) as c:
        page.write(c, out, _lang(), args.view)
    print(out)
    return 0


def _history(args: argparse.Namespace) -> int:
    from ..campaign import show
    from ..campaign.store import Campaign
    from ..i18n.grammar import cast
    from ..report.document import table_text

    with Campaign.open(args.campaign) as c, cast(show_cast(c)):
        print(table_text(show.history_rows(c, _lang(), args.last)))
    return 0


def show_cast(c: Any) -> Any:
    from ..campaign.build import cast_of

    return cast_of(c)
