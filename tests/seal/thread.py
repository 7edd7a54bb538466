"""A sealed fight's thread as the players copy it: the opening post, the salt taken, each
round's public post and the closing post, in any format; and the copy of a rendered page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from gmkit.encounter import Encounter
from gmkit.report.chronicle import Chronicle
from gmkit.report.forum import post_text
from gmkit.report.seal import closing_block, opening_block, salt_block

from .fights import SALT, new_fight, seal


@dataclass
class Fight:
    enc: Encounter
    path: Path
    opening: dict
    reveal: dict


def play(name: str, folder: Path, rounds: int, *, seed: int = 7, file: str | None = None,
         salt: str = SALT) -> Fight:
    """A sealed fight played ``rounds`` times by the autopilot; still open."""
    enc = new_fight(name, folder, seed=seed, file=file)
    sealed = seal(enc, seed)
    ident = {"name": enc.scenario.get("name", ""), **enc.fight_id()}
    enc.set_salt(salt)
    for _ in range(rounds):
        if enc.is_over:
            break
        enc.resolve_round(autopilot=True)
    assert enc.journal_path is not None
    return Fight(enc, enc.journal_path, {**ident, **sealed},
                 {**ident, **enc.reveal(), "draws": enc.dice.draws})


def posts(fight: Fight, fmt: str = "phpbb", lang: str = "ru") -> list[str]:
    """Every post of the thread in order: opening, salt, rounds, closing."""
    data = Chronicle(fight.enc, lang).update()
    out = [opening_block(fight.opening, lang, fmt),
           salt_block({**fight.opening, "salt": fight.reveal["salt"]}, lang, fmt)]
    out += [post_text(data, int(r["round"]), "", fmt, lang) for r in data["rounds"]]
    out.append(closing_block(fight.reveal, lang, fmt))
    return out


def round_posts(fight: Fight, fmt: str = "phpbb", lang: str = "ru") -> dict[int, str]:
    data = Chronicle(fight.enc, lang).update()
    return {int(r["round"]): post_text(data, int(r["round"]), "", fmt, lang) for r in data["rounds"]}


def joined(parts: list[str]) -> str:
    return "\n\n".join(parts)


_TAG = re.compile(r"\[/?(?:b|i|size|color|list|code|img)(?:=[^\]]*)?\]")


def rendered(text: str, fmt: str) -> str:
    """The text a reader copies from the forum's page: no markup, list items as bullets."""
    if fmt == "markdown":
        out = []
        for line in text.splitlines():
            line = re.sub(r"^#{1,3} ", "", line)
            line = re.sub(r"^- ", "• ", line)
            line = re.sub(r"`+ ?(.*?) ?`+\s*$", r"(\1)", line) if line.startswith("• ") else line
            out.append(re.sub(r"\\(.)", r"\1", line).replace("```", ""))
        return "\n".join(out)
    return _TAG.sub("", text.replace("[*]", "• "))
