"""``gmkit report``: an executed template as HTML, a BBCode forum post or Markdown, GM or player view."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

SUFFIX = {"html": "html", "bbcode": "bbcode.txt", "markdown": "md"}


def add_parser(sub: Any) -> None:
    r = sub.add_parser("report", help="an executed template as HTML, BBCode or Markdown",
                       description="The player view leaves out, from the file itself, what players may "
                                   "not see: cloaked positions, GM notes, unresolved orders.")
    r.add_argument("notebook", help="a notebook written by gmkit run or gmkit batch")
    r.add_argument("--to", choices=sorted(SUFFIX), default="html", help="format (default: html)")
    r.add_argument("--view", choices=["gm", "player"], default="gm", help="whose eyes (default: gm)")
    r.add_argument("--side", default="", help="with --view player: one side's view (default: what "
                                              "every side may see)")
    r.add_argument("--language", choices=["en", "ru"], default=None,
                   help="language (default: the run's); not for --to html of the GM view")
    r.add_argument("-o", "--output", default=None,
                   help="file to write, or - for standard output (default: beside the notebook, "
                        "<name>.<view>.<format>)")
    r.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import GmkitError
    from ..lightimports import light_imports

    light_imports()
    from ..report.bbcode import to_bbcode
    from ..report.html import read_notebook, rebuild_notebook, notebook_to_html, report_html, run_data_of
    from ..report.markdown import to_markdown

    nb_path = Path(args.notebook)
    nb = read_notebook(nb_path)
    meta = run_data_of(nb)
    data = meta["run"]
    if args.side and args.side not in data["sides"]:
        raise GmkitError(f"no side {args.side!r} in this fight (sides: {', '.join(data['sides'])})")
    side = args.side if args.view == "player" else ""
    if args.to == "html":
        if args.language and args.language != data.get("language"):
            text = notebook_to_html(rebuild_notebook(data, args.view, side, args.language),
                                    str(data["scenario"].get("name", "")))
        else:
            text = report_html(nb, args.view, side)
    elif args.to == "bbcode":
        text = to_bbcode(data, args.view, side, args.language)
    else:
        text = to_markdown(data, args.view, side, args.language)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    out = Path(args.output) if args.output else nb_path.with_name(
        f"{nb_path.stem}.{args.view}.{SUFFIX[args.to]}")
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        raise GmkitError(f"cannot write {out}: {e.strerror}") from None
    print(out)
    return 0
