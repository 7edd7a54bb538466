"""``gmkit report``: an executed template, a run's GM file or a fight's journal as HTML, a BBCode
forum post or Markdown, GM or player view."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

SUFFIX = {"html": "html", "bbcode": "bbcode.txt", "markdown": "md"}


def add_parser(sub: Any) -> None:
    r = sub.add_parser("report", help="an executed template as HTML, BBCode or Markdown",
                       description="The player view leaves out, from the file itself, what players may "
                                   "not see: cloaked positions, GM notes, unresolved orders. A notebook "
                                   "run in a player's view holds that view only; the GM's reports of "
                                   "such a run come from its NAME.gm.json.")
    r.add_argument("notebook", help="a notebook written by gmkit run or gmkit batch, the run's "
                                    "GM file NAME.gm.json, or a fight's journal NAME.jsonl")
    r.add_argument("--to", choices=sorted(SUFFIX), default="html", help="format (default: html)")
    r.add_argument("--dialect", default="phpbb", help="with --to bbcode: phpbb (the default), mybb, "
                                                      "xenforo or plain")
    r.add_argument("--view", default="gm", help="whose eyes: gm (the default), player (what every "
                                                 "side may see) or a side's name")
    r.add_argument("--side", default="", help="with --view player: one side's view (default: what "
                                              "every side may see)")
    r.add_argument("--language", choices=["en", "ru"], default=None,
                   help="language (default: the run's); not for --to html of the GM view")
    r.add_argument("-o", "--output", default=None,
                   help="file to write, or - for standard output (default: beside the input, "
                        "<name>.gm.<format>, <name>.player.<format> or <name>.player-<side>.<format>)")
    r.set_defaults(func=run)


def _read_run_file(path: Path) -> dict[str, Any]:
    """A run's GM file (``NAME.gm.json``: the full run data)."""
    from ..errors import GmkitError

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GmkitError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise GmkitError(f"{path}: not a gmkit run file ({type(e).__name__}: {e})") from None
    if not isinstance(data, dict) or not {"system", "rounds", "scenario", "sides"} <= set(data):
        raise GmkitError(f"{path}: not a gmkit run file (NAME.gm.json written by gmkit run)")
    return data


def run(args: argparse.Namespace) -> int:
    from ..errors import GmkitError
    from ..lightimports import light_imports

    light_imports()
    from ..report.bbcode import to_bbcode
    from ..report.files import plain_stem
    from ..report.html import notebook_to_html, read_notebook, rebuild_notebook, report_html, run_data_of
    from ..report.markdown import to_markdown
    from ..report.rundata import require_view, view_tag

    src = Path(args.notebook)
    nb = None
    if src.suffix == ".jsonl":
        from ..report.chronicle import run_data_of_journal

        data = run_data_of_journal(src)
    elif src.suffix == ".json":
        data = _read_run_file(src)
    else:
        nb = read_notebook(src)
        data = run_data_of(nb)["run"]
    stem = plain_stem(src)  # a player's report of NAME.gm.json is NAME.player.html
    if args.view not in ("gm", "player"):  # --view SIDE: that side's player view
        if args.view not in data["sides"]:
            raise GmkitError(f"no view {args.view!r}: gm, player or a side "
                             f"(sides: {', '.join(data['sides'])})")
        args.view, args.side = "player", args.view
    if args.side and args.side not in data["sides"]:
        raise GmkitError(f"no side {args.side!r} in this fight (sides: {', '.join(data['sides'])})")
    side = args.side if args.view == "player" else ""
    require_view(data, args.view, side)
    if args.to == "html":
        if nb is None or (args.language and args.language != data.get("language")):
            text = notebook_to_html(rebuild_notebook(data, args.view, side, args.language),
                                    str(data["scenario"].get("name", "")))
        else:
            text = report_html(nb, args.view, side)
    elif args.to == "bbcode":
        text = to_bbcode(data, args.view, side, args.language, args.dialect)
    else:
        text = to_markdown(data, args.view, side, args.language)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    out = Path(args.output) if args.output else src.with_name(
        f"{stem}.{view_tag(args.view, side)}.{SUFFIX[args.to]}")
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        raise GmkitError(f"cannot write {out}: {e.strerror}") from None
    print(out)
    return 0
