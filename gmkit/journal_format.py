"""The journal's format (see :mod:`gmkit.journal`): the line as bytes, its checksum, the journal's id,
which lines an ``undo`` takes back, and the schema of what each line may hold, apart from the
reading (:mod:`gmkit.journal_reading`) and the writing (:mod:`gmkit.journal`)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

__all__ = ["JOURNAL_FORMAT", "READ_FORMATS", "STANDING", "dumps", "checksum", "journal_id",
           "strip_integrity", "effective"]

JOURNAL_FORMAT = 2
"""The format new journals are written in: 2 = every line with ``seq`` and ``sum``."""
READ_FORMATS = (1, 2)
"""The formats this gmkit reads."""

_INTEGRITY = ("seq", "sum")
STANDING = ("desk", "seal", "salt")
"""Lines that are not steps of the fight and that no ``undo`` takes back: the desk's own state,
and the seal and its salt (a seal undone could be drawn again until the dice suit)."""
_SUM = re.compile(r"[0-9a-f]{16}")


def dumps(entry: dict[str, Any], default: Callable[[Any], Any] | None = None) -> str:
    """One journal line: keys sorted, Unicode kept, no spaces (the same bytes on every machine)."""
    return json.dumps(entry, ensure_ascii=False, sort_keys=True, default=default)


def checksum(previous: str, body: str) -> str:
    """A line's ``sum``: 16 hex digits of SHA-256 over the previous line's sum and this body."""
    return hashlib.sha256(f"{previous}\n{body}".encode()).hexdigest()[:16]


def journal_id(header: dict[str, Any]) -> str:
    """A journal's id: the checksum of its header line (its ``sum`` in format 2), which a seal
    names beside the scenario's hash."""
    return checksum("", dumps(header))


def strip_integrity(line: dict[str, Any]) -> dict[str, Any]:
    """A line's object without ``seq`` and ``sum``: the entry as format 1 wrote it."""
    return {k: v for k, v in line.items() if k not in _INTEGRITY}


def _last_step(stack: list[Any], entry_of: Callable[[Any], dict[str, Any]]) -> int | None:
    """Where the last step an ``undo`` may take back stands in ``stack``: a ``desk`` line (the
    desk's own state, such as its language) is not a step of the fight and is never undone, nor
    are a seal and its salt (:data:`STANDING`)."""
    for i in range(len(stack) - 1, -1, -1):
        if entry_of(stack[i]).get("op") not in STANDING:
            return i
    return None


def effective(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries that stand: each ``undo`` marker removes the step before it (``desk``,
    ``seal`` and ``salt`` lines stand whatever is undone)."""
    stack: list[dict[str, Any]] = []
    for entry in entries:
        if entry.get("op") == "undo":
            i = _last_step(stack, lambda e: e)
            if i is not None:
                del stack[i]
        else:
            stack.append(entry)
    return stack


# --- what a line may hold -----------------------------------------------------------------------

Face = Annotated[int, Field(ge=1)]
TypedFace = Annotated[int, Field(ge=0)]
"""A face typed in (C-2): 0 too, the d18's 0-6-12 die as printed (:meth:`gmkit.dice.Dice.d18`)."""


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class _Header(_Strict):
    gmkit: str
    journal: int = 1
    system: str
    seed: int
    scenario_hash: str
    scenario: dict[str, Any]
    opening_faces: list[TypedFace] = []


class _Submit(_Strict):
    op: Literal["submit"]
    actor: str
    order: dict[str, Any]


class _Withdraw(_Strict):
    op: Literal["withdraw"]
    actor: str


class _Reorder(_Strict):
    op: Literal["reorder"]
    order: list[str]


class _Enter(_Strict):
    op: Literal["enter"]
    faces: list[TypedFace]


class _Note(_Strict):
    op: Literal["note"]
    text: str
    visibility: str = Field(pattern=r"^(all|gm|sides:.*)$")


class _Roll(_Strict):
    expr: str
    total: int | float
    dice: list[Annotated[tuple[StrictInt, list[StrictInt], StrictBool, StrictStr], Strict(False)]]
    """Each die as ``[sides, faces, kept, label]`` (a JSON list, so not a strict tuple)."""
    purpose: str
    actor: str
    manual: bool


class _Event(_Strict):
    round: int
    actor: str
    kind: str
    key: str
    params: dict[str, Any] = {}
    data: dict[str, Any] = {}
    rolls: list[_Roll] = []
    visibility: str = "all"


class _Recount(_Strict):
    """What changed since the resolution this one replaces (an undone one of the same round)."""
    orders: list[str]
    """Whose orders changed (given, withdrawn or other)."""
    arrival: bool
    """The order the orders arrived in changed."""
    hand: bool
    """The faces typed in by hand changed."""


class _Resolve(_Strict):
    op: Literal["resolve"]
    faces: list[Face]
    manual: list[Annotated[int, Field(ge=0)]]
    hand: list[TypedFace]
    events: list[_Event]
    recount: _Recount | None = None
    """Set when the round was resolved before, undone and resolved again otherwise."""


class _Undo(_Strict):
    op: Literal["undo"]


_HEX64 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class _Seal(_Strict):
    """The seal (:mod:`gmkit.seal`): the GM's secret, the commitment shown to the thread and the
    journal id it names. The GM's eyes only until the reveal."""
    op: Literal["seal"]
    secret: _HEX64
    commitment: _HEX64
    journal: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]


class _Salt(_Strict):
    """The players' salt, as the stream uses it."""
    op: Literal["salt"]
    salt: Annotated[str, Field(min_length=1)]


class _Desk(_Strict):
    """The desk's own state (not a step of the fight): the language it shows."""
    op: Literal["desk"]
    lang: Literal["en", "ru"]


_ENTRY: TypeAdapter[Any] = TypeAdapter(Annotated[
    _Submit | _Withdraw | _Reorder | _Enter | _Note | _Resolve | _Undo | _Desk | _Seal | _Salt,
    Field(discriminator="op")])
_HEADER: TypeAdapter[Any] = TypeAdapter(_Header)


def _schema_problem(err: ValidationError, tagged: bool) -> tuple[str, str]:
    """(field path, what is wrong) of the first problem pydantic found."""
    e = err.errors(include_url=False)[0]
    loc = list(e["loc"])
    if e["type"] in ("union_tag_invalid", "union_tag_not_found"):
        return "op", ("one of submit, withdraw, reorder, enter, note, resolve, undo, desk, seal, "
                      "salt; got "
                      f"{e.get('input', {}).get('op') if isinstance(e.get('input'), dict) else None!r}")
    if tagged and loc:
        loc = loc[1:]  # the union's tag
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else ("." if path else "") + str(part)
    msg = e["msg"]
    if e["type"] == "missing":
        msg = "required field is missing"
    elif e["type"] == "extra_forbidden":
        msg = "unknown field"
    elif "input" in e:
        got = repr(e["input"])
        msg = f"{msg}; got {got if len(got) <= 60 else got[:57] + '...'}"
    return path or "(line)", msg
