"""An encounter's journal taken again, step by step: each kind of line checked as it was when it
was taken (its order against the rules, every fresh face against the seed, every event against
the record), and a whole journal's checked contents rebuilt into a fight (resume). Functions of
the encounter, apart from it (:class:`~gmkit.encounter.Encounter` keeps the methods that call
them)."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from . import recount
from .encounter_files import canonical_hash
from .encounter_seal import replay_salt, replay_seal
from .errors import DiceError, GmkitError, IllegalOrder, JournalError, SealError
from .events import GM, Event
from .journal import JournalContents
from .orders import Order, order_from_json
from .recorded_fight import RecordedFight
from .replayed import as_recorded, first_difference

__all__ = ["replay", "replayed", "roll_back"]


def replay(enc: RecordedFight, entry: dict[str, Any], strict: bool = True) -> None:
    """Take one journal step again, checked as it was when it was taken: a
    :class:`JournalError` (its ``field`` naming the entry's field) when it does not replay."""
    handler = _REPLAY.get(entry.get("op"))  # type: ignore[arg-type]
    if handler is None:
        raise JournalError(f"unknown journal entry {entry.get('op')!r}", field="op")
    handler(enc, entry, strict)
    enc._entries.append(entry)


def roll_back(enc: RecordedFight) -> None:
    """A resolution failed (a journal that refused its line, an interrupt): every step taken
    before it is taken again on a fresh board, as undo does, and the fight takes that board. The
    steps replayed were each accepted already, so one recorded by another gmkit version's rules
    is let through quietly (``strict=False``): it was checked when the fight was resumed."""
    redo = enc._redo
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fresh = enc._rebuilt(list(enc._entries), strict=False)
    enc._adopt(fresh)
    enc._redo = redo


def _submit(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    actor, order = entry["actor"], entry["order"]
    if not isinstance(order, Order):
        try:
            order = order_from_json(order, enc._registry)
        except IllegalOrder as e:
            raise JournalError(str(e), field="order") from None
    if enc.is_over:
        raise JournalError("the fight was over: no more orders", field="op")
    try:
        enc.check_order(actor, order)
    except IllegalOrder as e:
        where = "actor" if not isinstance(actor, str) or actor not in enc.participants() else "order"
        raise JournalError(f"refused by the rules: {e}", field=where) from None
    enc._apply_submit(actor, order)


def _withdraw(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    if entry["actor"] not in enc._pending:
        raise JournalError(f"{entry['actor']!r} has no order to withdraw", field="actor")
    enc._apply_withdraw(entry["actor"])


def _reorder(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    try:
        enc._arrival = enc._checked_arrival(entry["order"])
    except IllegalOrder as e:
        raise JournalError(str(e), field="order") from None


def _enter(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    try:
        enc.dice.enter(*entry["faces"])
    except DiceError as e:
        raise JournalError(str(e), field="faces") from None


def _note(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    enc.record.append(Event(enc.round, "GM", "note", "core.gm_note", {"text": entry["text"]},
                             visibility=entry.get("visibility", GM)))


def _desk(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    enc.desk_state.update({k: v for k, v in entry.items() if k != "op"})


def _resolve(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    if enc.is_over:
        raise JournalError("the fight was over: nothing to resolve", field="op")
    if enc.sealed is not None and enc.salt is None:
        raise JournalError("a sealed fight resolved before its salt was set", field="op")
    faces, manual, hand = entry["faces"], list(entry.get("manual", ())), list(entry.get("hand", ()))
    if manual != sorted(set(manual)) or any(not 0 <= m < len(faces) for m in manual):
        raise JournalError(f"hand-typed face positions {manual} do not fit the "
                           f"{len(faces)} faces", field="manual")
    before = list(enc.dice.pending_hand)
    if len(hand) > len(before) or before[len(before) - len(hand):] != hand:
        raise JournalError(f"faces left in hand {hand} are not what was typed in and not "
                           f"used ({before})", field="hand")
    start = len(enc.record)
    enc.dice.feed(faces, manual, exact=strict)
    try:
        enc._transaction(enc._resolve_pending)
    except DiceError as e:
        raise JournalError(f"the recorded dice do not replay: {e}", field="faces") from None
    finally:
        left = enc.dice.feeding
        enc.dice.feed(())
    enc.dice._hand = hand
    got = [e.to_json() for e in enc.record[start:]]
    want = [e.to_json() if isinstance(e, Event) else e for e in entry.get("events", got)]
    if left or not as_recorded(got, want, enc.reworded):
        where = "faces" if left else ("events" + first_difference(got, want, 0, enc.reworded))
        msg = (f"replay of resolution {enc.resolutions} differs from what was recorded at "
               f"{where} (another gmkit version or a changed scenario?)")
        if strict:
            raise JournalError(msg, field=where)
        warnings.warn(msg, stacklevel=4)  # at the caller of Encounter._replay, as before


def replayed(cls: type[Any], path: Path, got: JournalContents, scenario: Mapping[str, Any] | None,
              strict: bool) -> Any:
    """The encounter a journal's checked contents rebuild: of ``cls``, or of the rule set the
    journal names when ``cls`` is the bare Encounter (so typed as its caller knows it)."""
    header = got.header
    system = header.get("system")
    if cls.system:
        target: type[Any] = cls
        if system != cls.system:
            raise JournalError(f"{path} is a {system!r} journal, not a {cls.system!r} one")
    else:
        from .systems import get

        try:
            target = get(str(system)).engine_class
        except GmkitError as e:
            raise JournalError(f"{path}: {e}") from None
    if scenario is not None:
        mine = target._validate_scenario(scenario)
        if canonical_hash(mine) != header.get("scenario_hash"):
            raise JournalError(f"{path} was written for another scenario "
                               f"({header['scenario'].get('name', '?')!r}); refusing to mix them")
    if canonical_hash(header["scenario"]) != header["scenario_hash"]:
        raise JournalError.at(path, 1, "does not match the header's scenario_hash (the "
                                       "scenario was edited)", "scenario")
    try:
        enc = target(header["scenario"], header["seed"],
                     opening_faces=tuple(header.get("opening_faces", ())))
    except DiceError as e:
        raise JournalError.at(path, 1, str(e), "opening_faces") from None
    except GmkitError as e:
        raise JournalError.at(path, 1, str(e), "scenario") from None
    except Exception as e:  # an engine that cannot set this scenario up: still a clear error
        raise JournalError.at(path, 1, f"the scenario does not set up "
                                       f"({type(e).__name__}: {e})", "scenario") from e
    for line, entry in got.effective():
        try:
            enc._replay(entry, strict)
        except SealError as e:
            raise e.at(path, line) from None
        except JournalError as e:
            raise JournalError.at(path, line, str(e), e.field) from None
        except GmkitError as e:
            raise JournalError.at(path, line, str(e), "op") from None
        except Exception as e:  # never a bare engine error out of a journal
            raise JournalError.at(path, line, f"does not replay ({type(e).__name__}: {e})",
                                  "op") from e
    enc._redo = recount.undone_stances(got.entries)
    return enc


_REPLAY: dict[str, Callable[[RecordedFight, dict[str, Any], bool], None]] = {
    "submit": _submit,
    "withdraw": _withdraw,
    "reorder": _reorder,
    "enter": _enter,
    "note": _note,
    "resolve": _resolve,
    "desk": _desk,
    "seal": replay_seal,
    "salt": replay_salt,
}
"""How each kind of journal step is taken again (d20 dispatches on a node's type the same way)."""
