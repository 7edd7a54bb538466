"""``gmkit post``: one round of a journaled fight as a forum post (BBCode dialect or Markdown),
the public post or one side's, with its picture written as a PNG beside the journal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    from ..report.forum import FORMATS

    p = sub.add_parser("post", help="one round of a journaled fight as a forum post",
                       description="The post holds only what its view may see: the public post what "
                                   "every side may see, a side's post what that side may see (no GM "
                                   "note, no order not resolved, no cloaked ship's position). With "
                                   "--image-url the round's picture is in the post and written as a "
                                   "PNG into JOURNAL-posts/ beside the journal, ready to upload "
                                   "under that address; without it the post has no picture.")
    p.add_argument("journal", help="the fight's journal (JSON Lines, as a desk or gmkit run writes it)")
    p.add_argument("--round", type=int, default=None, help="the round (default: the last one played)")
    p.add_argument("--dialect", default="phpbb", metavar="FORMAT",
                   help=f"one of {', '.join(FORMATS)} (default: phpbb)")
    p.add_argument("--view", default="public",
                   help="public (every side at once, the default) or a side's name")
    p.add_argument("--language", choices=["en", "ru"], default=None,
                   help="language (default: the scenario's)")
    p.add_argument("--image-url", default="", metavar="BASE",
                   help="the web address the pictures are uploaded under (default: none, and the "
                        "post has no picture)")
    p.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")
    p.set_defaults(func=run)


def write_out(text: str, output: str) -> None:
    from ..errors import GmkitError

    if output == "-":
        sys.stdout.write(text)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as e:
        raise GmkitError(f"cannot write {output}: {e.strerror}") from None
    print(output)


def run(args: argparse.Namespace) -> int:
    from ..lightimports import light_imports

    light_imports()
    from ..report.chronicle import run_data_of_journal
    from ..report.forum import check_format, check_image_base, write, write_pictures
    from ..report.posts import post_blocks

    check_format(args.dialect)
    check_image_base(args.image_url)
    src = Path(args.journal)
    data = run_data_of_journal(src, args.language)
    side = "" if args.view == "public" else args.view
    blocks = post_blocks(data, args.round, side, args.language)
    if args.image_url:  # the pictures go where they will be uploaded from
        for png in write_pictures(blocks, pictures_folder(src)):
            print(png, file=sys.stderr)
    write_out(write(blocks, args.dialect, args.image_url), args.output)
    return 0


def pictures_folder(journal: Path) -> Path:
    """Where a journal's post pictures go: ``NAME-posts/`` beside ``NAME.jsonl`` (or
    ``NAME.gm.jsonl``: the pictures are the players')."""
    from ..report.files import plain_stem

    return journal.with_name(plain_stem(journal) + "-posts")
