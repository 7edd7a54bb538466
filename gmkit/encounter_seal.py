"""An encounter's seal (:mod:`gmkit.seal`): sealed before the first resolution, the players' salt
taken and the fight set up again on the sealed stream, the seal opened for the thread to check;
and the seal's two journal lines taken again on replay. Functions of the encounter, apart from it
(:class:`~gmkit.encounter.Encounter` keeps the methods that call them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from .encounter_files import canonical_hash, header
from .errors import JournalError, SealError
from .journal import Journal, journal_id
from .recorded_fight import RecordedFight

F = TypeVar("F", bound=RecordedFight)
"""A fight of any rule set: :func:`sealed_fight` gives back one of its caller's own class."""

__all__ = ["seal", "fight_id", "set_salt", "sealed_fight", "reveal", "replay_seal", "replay_salt"]


def seal(enc: RecordedFight) -> dict[str, str]:
    """Seal the dice before the first resolution (:mod:`gmkit.seal`): a fresh secret, and the
    commitment to show the thread; the journal keeps both (the GM's eyes only). The dice
    are sealed once the players' salt is set (:meth:`set_salt`); until then no round is
    resolved. Returns the seal."""
    from .seal import commitment, new_secret

    enc._need_history("seal")
    if enc.sealed is not None:
        raise SealError("seal.error.sealed", commitment=enc.sealed["commitment"])
    if enc.resolutions:
        raise SealError("seal.error.resolved", n=enc.resolutions)
    ident = enc.fight_id()
    secret = new_secret()
    entry = {"op": "seal", "secret": secret,
             "commitment": commitment(secret, ident["scenario"], ident["journal"]),
             "journal": ident["journal"]}
    enc._journal_entry(entry, lambda: setattr(enc, "sealed", _seal_of(entry)))
    assert enc.sealed is not None
    return dict(enc.sealed)


def fight_id(enc: RecordedFight) -> dict[str, str]:
    """The fight's identity a seal names: the scenario's hash and the journal's id (the
    checksum of the journal's header line; of the header it would have, unjournaled)."""
    if enc.sealed is not None:
        journal = enc.sealed["journal"]
    elif enc._journal is not None:
        journal = journal_id(Journal.read(enc._journal.path).header)
    else:
        journal = journal_id(header(enc))
    return {"scenario": canonical_hash(enc.scenario), "journal": journal}


def set_salt(enc: RecordedFight, text: str) -> str:
    """Take the players' salt (posted after the commitment) and seal the dice with it: the
    fight is set up again on the sealed stream (its setup rolls too), and the orders given
    so far stand. Refused (nothing changed) before :meth:`seal`, a second time, or for a
    salt that is empty, over 1 KB, or holds a control character. Returns the salt as used."""
    from .seal import SaltRefused, normalize_salt

    enc._need_history("set the salt")
    if enc.sealed is None:
        raise SealError("seal.error.not_sealed")
    if enc.salt is not None:
        raise SealError("seal.error.salt_set", salt=enc.salt)
    try:
        salt = normalize_salt(text)
    except SaltRefused as e:
        raise SealError(e.key, **e.params) from None
    fresh = enc._sealed_fight(salt)
    enc._journal_entry({"op": "salt", "salt": salt}, lambda: enc._adopt(fresh))
    return salt


def sealed_fight(enc: F, salt: str) -> F:
    """This fight from its start on the stream of its seal and ``salt``, every step so far
    taken again (a fight not resolved yet: only orders, notes and typed-in faces)."""
    from .seal import SealedStream, stream_key

    assert enc.sealed is not None
    key = stream_key(enc.sealed["secret"], canonical_hash(enc.scenario),
                     enc.sealed["journal"], salt)
    fresh = type(enc).from_valid(enc.scenario, enc.seed, opening_faces=enc.opening_faces,
                                  stream=SealedStream(key))
    for entry in enc._entries:
        fresh._replay(entry)
    fresh.salt = salt
    fresh._redo = dict(enc._redo)
    return fresh


def reveal(enc: RecordedFight) -> dict[str, str]:
    """The seal opened: the secret, the salt, the commitment and the fight's identity, for
    the thread to check every roll (:mod:`gmkit.checker`). Refused for a fight not sealed
    or whose salt is not set."""
    if enc.sealed is None:
        raise SealError("seal.error.not_sealed")
    if enc.salt is None:
        raise SealError("seal.error.no_salt")
    return {**enc.sealed, "scenario": canonical_hash(enc.scenario), "salt": enc.salt}


def replay_seal(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    from .seal import commitment

    if enc.sealed is not None:
        raise JournalError("a second seal: a fight is sealed once", field="op")
    if enc.resolutions:
        raise JournalError("a seal after a resolution", field="op")
    if commitment(entry["secret"], canonical_hash(enc.scenario),
                  entry["journal"]) != entry["commitment"]:
        raise SealError("seal.error.tampered", field="commitment")
    enc.sealed = _seal_of(entry)


def replay_salt(enc: RecordedFight, entry: dict[str, Any], strict: bool) -> None:
    from .seal import SaltRefused, normalize_salt

    if enc.sealed is None:
        raise JournalError("a salt with no seal before it", field="op")
    if enc.salt is not None:
        raise JournalError("a second salt: the salt is set once", field="op")
    try:
        ok = normalize_salt(entry["salt"]) == entry["salt"]
    except SaltRefused:
        ok = False
    if not ok:
        raise JournalError("not a salt as the seal takes it", field="salt")
    enc._adopt(enc._sealed_fight(entry["salt"]))


def _seal_of(entry: Mapping[str, Any]) -> dict[str, str]:
    return {k: str(entry[k]) for k in ("secret", "commitment", "journal")}
