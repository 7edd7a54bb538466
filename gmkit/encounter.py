"""The encounter: a board plus a record, the one shape every rule set's engine takes.

An engine subclasses :class:`Encounter` and fills in its abstract hooks: ``_setup`` (the board from
the scenario), ``validate_order`` (refuse with :class:`~gmkit.errors.IllegalOrder`), ``_legal``
(what an actor may order now), ``_resolve`` (orders to events, applied to the board), the queries
(``participants``, ``side_of``, ``awaiting``, ``is_over``, ``outcome``, ``board``, ``summary``) (the
contract: :mod:`gmkit.rules_contract`; the order book: :mod:`gmkit.order_book`). Everything else
lives here once:

* orders stay secret until resolved; re-submitting replaces an order and stamps it as arriving now;
* every step (order, withdrawal, reorder, typed-in faces, note, resolution, undo) is one line of
  the fight's :class:`~gmkit.journal.Journal`, appended and fsynced as it happens;
* a resolution is all-or-nothing: an error inside it puts board, record and dice back as they were;
* undo and resume rebuild the board by replaying the journal, feeding every recorded face back, so
  even dice typed in by hand replay exactly and the random stream continues where it stood; a
  replay checks every line (its shape, its order against the rules, every fresh face against the
  seed, every event against the record) and names the first line that does not replay;
* a fight with a journal holds the journal's lock until :meth:`Encounter.close` (or the end of
  the ``with`` block, or garbage collection): a second writer in another process is refused;
* every input is checked at the door: an order's fields by their type hints, actors as names,
  before anything changes, so a refusal leaves board, record, dice and journal file as they were;
* the autopilot is a policy object the rule set's :class:`~gmkit.systems.System` names: engines
  never import their policy, and ``resolve_round(policy=...)`` takes any other;
* a fight may be sealed before its first resolution (:meth:`Encounter.seal`, then the players'
  salt, :meth:`Encounter.set_salt`): its dice then come from the sealed stream of
  :mod:`gmkit.seal`, and a resolution that replaces an undone one with other orders is marked as
  a recount in its journal line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, Self

from . import (
    encounter_files,
    encounter_replay,
    encounter_seal,
    i18n,  # noqa: F401  (loads the catalogue that words keyed refusals)
    recount,
)
from .dice import Dice
from .encounter_files import canonical_hash, read_journal
from .encounter_files import event_json as _event_json
from .errors import DiceError, EncounterOver, GmkitError, JournalError, SealError
from .events import Event, seen_by
from .i18n import grammar
from .journal import JOURNAL_FORMAT, STANDING, Journal, JournalContents
from .modes import SIMULATION, TABLE, Mode, cycle_collector_paused
from .order_book import OrderBook
from .orders import Order, order_registry
from .rules_contract import LegalOrders

__all__ = ["Encounter", "Mode", "TABLE", "SIMULATION", "Policy", "LegalOrders", "JOURNAL_FORMAT",
           "canonical_hash", "read_journal"]


class Policy(Protocol):
    """Who gives the orders nobody else gave: the rule set's autopilot, or a function of yours."""

    def order(self, encounter: Encounter, actor: str) -> Order | None:
        """A legal order for ``actor`` now, or None for "no order" (the rules' default then)."""


class _FunctionPolicy:
    """A plain function ``(encounter, actor) -> order`` used as a policy."""

    def __init__(self, fn: Callable[[Encounter, str], Order | None]):
        self.fn = fn

    def order(self, encounter: Encounter, actor: str) -> Order | None:
        return self.fn(encounter, actor)


class Encounter(OrderBook):
    """Board plus record: orders in, events out, every step journaled. The rules contract an
    engine fills in is :class:`~gmkit.rules_contract.RulesContract`'s, the order book
    :class:`~gmkit.order_book.OrderBook`'s; the record is this class's, with its journal replay
    (:mod:`gmkit.encounter_replay`), seal (:mod:`gmkit.encounter_seal`) and files
    (:mod:`gmkit.encounter_files`)."""

    state: Any
    """The board: the engine's own mutable state, put back on undo and by failed resolutions."""
    _policy: Policy | None

    def __init__(self, scenario: Any, seed: int | None = None, *,
                 journal: str | Path | None = None, mode: Mode = TABLE,
                 opening_faces: Sequence[int] = ()):
        """``scenario`` is plain data (validated here by the rule set's model) or the model itself.
        ``opening_faces`` are faces rolled at the table for the rolls made while the board is set
        up (life dice, a first roll-off): C-2 for the start of the fight; the journal keeps them.
        ``mode`` says what the fight keeps (:class:`Mode`)."""
        if hasattr(scenario, "model_dump"):
            scenario = scenario.model_dump(mode="json")
        else:
            scenario = self._validate_scenario(scenario)
        self._start(scenario, seed, journal, mode, opening_faces)

    @classmethod
    def from_valid(cls, scenario: Mapping[str, Any], seed: int | None = None, *,
                   journal: str | Path | None = None, mode: Mode = TABLE,
                   opening_faces: Sequence[int] = (), stream: Any = None) -> Self:
        """An encounter from data that is already a validated scenario's ``model_dump(mode="json")``
        (undo's rebuilds, simulations of thousands of fights): not validated again. ``stream`` is
        a sealed fight's generator (:class:`gmkit.seal.SealedStream`), set up from its start."""
        enc = cls.__new__(cls)
        enc._start(dict(scenario), seed, journal, mode, opening_faces, stream)
        return enc

    def _start(self, scenario: dict[str, Any], seed: int | None, journal: str | Path | None,
               mode: Mode, opening_faces: Sequence[int], stream: Any = None) -> None:
        if not mode.history and journal is not None:
            raise JournalError("an encounter without history (a simulation's) cannot keep a journal")
        self.scenario = scenario
        if seed is None:
            seed = self.scenario.get("seed")
        self.mode = mode
        self.keeps_events = mode.events
        """``mode.events``, read on the hot path: :meth:`emit` keeps nothing when it is False, and
        engines skip building an event's text."""
        self.opening_faces = tuple(opening_faces)
        self._policy = None
        self._begin(seed, mode.rolls and mode.history, stream)
        self._registry = order_registry(self.order_types)
        self._setup()
        self.setup_events = len(self.record)
        """How many events the setup made (life dice, a first roll-off): the record's head."""
        if self.dice.pending_hand:
            raise DiceError(f"C-2: {len(self.dice.pending_hand)} of the opening faces were not needed "
                            f"by the setup rolls: {list(self.dice.pending_hand)}")
        if journal is not None:
            if Path(journal).exists() and Path(journal).stat().st_size > 0:
                raise JournalError(f"journal {journal} already exists: resume it with "
                                   f"{type(self).__name__}.resume({str(journal)!r}) or choose a new file")
            self._journal = Journal.create(journal, self._header(), _event_json)

    @property
    def keep_history(self) -> bool:
        return self.mode.history

    def _begin(self, seed: int | None, record_rolls: bool, stream: Any = None) -> None:
        """The record side of a fight at its start: dice, record, orders, journal entries."""
        self.dice = Dice(seed, record=record_rolls, stream=stream)
        self.dice.enter(*self.opening_faces)
        self.seed = self.dice.seed
        self.record = []
        self.resolutions = 0
        self._pending = {}
        self._arrival = []
        self._ahead: set[str] = set()
        """Actors whose received order was given ahead of their turn: checked again when due."""
        self._entries = []
        self._journal = None
        self._listeners = []
        self.desk_state: dict[str, Any] = {}
        """The desk's own state the journal keeps (its language): not a step of the fight,
        never undone (:meth:`set_desk_state`)."""
        self.sealed: dict[str, str] | None = None
        """The seal (:meth:`seal`): ``secret``, ``commitment``, ``journal`` (the journal id it
        names). The GM's eyes only until the reveal."""
        self.salt: str | None = None
        """The players' salt once set (:meth:`set_salt`): from then on the dice are sealed."""
        self._redo: dict[int, dict[str, Any]] = {}
        """Resolutions undone and not yet taken again, by their index (0 for the first): what
        each took in (:func:`gmkit.recount.stance_of`), for the one that takes its place."""
        self._told: dict[str, dict[int, tuple[Event, Event]]] = {}
        """Each side's told copies of events (:meth:`events_for`)."""

    def fresh(self, seed: int) -> Self:
        """The same scenario from its start with another seed, kept as this one is, never
        journaled: what ``type(self)(scenario, seed, mode=...)`` would be. The policy (and its
        memos) is shared.

        Simulations start thousands of fights of one scenario; an engine may share the static
        data it built from the scenario (rosters, weapon tables) instead of building it again.
        """
        new = type(self).from_valid(self.scenario, seed, mode=self.mode,
                                    opening_faces=self.opening_faces)
        new._policy = self._policy
        return new

    # --- from a scenario (the rules contract: gmkit.rules_contract) ------------------------

    @classmethod
    def from_scenario(cls, source: str | Path | Mapping[str, Any], seed: int | None = None,
                      **kw: Any) -> Self:
        """An encounter from a YAML file or plain data, validated by the engine's scenario model."""
        from .scenario import load_scenario

        model = load_scenario(source, cls.system or None)
        return cls.from_valid(model.model_dump(mode="json"), seed, **kw)

    @classmethod
    def _validate_scenario(cls, scenario: Mapping[str, Any]) -> dict[str, Any]:
        """Validated plain JSON data, by the rule set's scenario model."""
        from .scenario import validate_scenario

        return validate_scenario(scenario, system=cls.system).model_dump(mode="json")


    # --- policies -----------------------------------------------------------------------------

    def policy(self) -> Policy:
        """The rule set's autopilot for this fight (built once; fights made by :meth:`fresh`
        share it, with its memos)."""
        if self._policy is None:
            from .systems import get

            self._policy = get(self.system).policy_class(self)
        return self._policy

    def autopilot(self, actor: str) -> Order | None:
        """A legal order for ``actor`` from the rule set's autopilot, or None for "no order"."""
        return self.policy().order(self, actor)


    # --- resolution ---------------------------------------------------------------------------

    def resolve_round(self, *, autopilot: bool = False, policy: Any = None) -> list[Event]:
        """Resolve the orders received; all-or-nothing. Returns the new events.

        With ``autopilot=True`` every actor still awaited first gets an order from ``policy`` (a
        :class:`Policy` or a function ``(encounter, actor) -> order``), by default the rule set's
        autopilot.
        """
        if self.is_over:
            raise EncounterOver("the fight is over")
        if policy is not None and not hasattr(policy, "order"):
            if not callable(policy):
                raise GmkitError(f"policy is an object with .order(encounter, actor) or a function "
                                 f"(encounter, actor) -> order; got {policy!r}")
            policy = _FunctionPolicy(policy)
        return self._resolve_round(autopilot or policy is not None, policy)

    def _resolve_round(self, autopilot: bool, policy: Policy | None = None) -> list[Event]:
        """:meth:`resolve_round` once the fight is known not to be over."""
        if self.sealed is not None and self.salt is None:
            raise SealError("seal.error.no_salt")
        if autopilot:
            chooser = policy or self.policy()
            for actor in self.awaiting():
                if actor not in self._pending:
                    order = chooser.order(self, actor)
                    if order is None:
                        continue
                    if policy is None and not self.mode.check_policy:
                        # A simulation trusts the rule set's own policy: checking guards what
                        # people type in, and the tests hold every autopilot order to the check.
                        self._apply_submit(actor, order)
                    else:  # the table holds its own to the rules, a caller's policy to all
                        self._submit(actor, order, own_policy=policy is None)  # not over
        if not self.mode.history:  # a simulation's throwaway fight: nothing to journal or undo
            start = len(self.record)
            self._resolve_pending()
            return self.record[start:]
        for actor in self.orders_due() if self._ahead else ():  # given ahead: may no longer fit
            if actor in self._ahead:  # (S-4, F-6)
                self.check_order(actor, self._pending[actor])
        start = len(self.record)
        tape0 = len(self.dice.tape)
        marks0 = len(self.dice.manual_marks)
        entry: dict[str, Any] = {}

        index = self.resolutions
        changed = self._recount()

        def resolve_and_write() -> None:
            # written inside the transaction: a journal that refuses the line undoes the round
            self._resolve_pending()
            entry.update(op="resolve", faces=self.dice.tape[tape0:],
                         manual=[m - tape0 for m in self.dice.manual_marks[marks0:]],
                         hand=list(self.dice.pending_hand), events=self.record[start:])
            if changed is not None:
                entry["recount"] = changed
            if self._journal is not None:
                self._journal.append(entry)

        self._transaction(resolve_and_write)
        self._redo.pop(index, None)
        self._entries.append(entry)
        if self._listeners:
            self._notify("resolve")
        return self.record[start:]


    def run(self, max_rounds: int = 100) -> dict[str, Any] | None:
        """Play to the end with the autopilot for every missing order (templates, simulations)."""
        stop = self.resolutions + max_rounds  # each resolution counts one, as the loop did
        with cycle_collector_paused():
            while not self.is_over and self.resolutions < stop:
                self._resolve_round(True)  # not over: checked just above
        return self.outcome()

    # --- undo, save, resume -----------------------------------------------------------------

    @property
    def history(self) -> list[dict[str, Any]]:
        """The effective journal entries (undone ones removed); a resolution's ``events`` are
        the :class:`Event` objects, and an order the :class:`Order` itself, until written (see
        :meth:`journal_lines` for plain JSON)."""
        return list(self._entries)

    def set_desk_state(self, **state: Any) -> None:
        """Keep the desk's own state (``lang="ru"``) in the journal, so that a desk resumed from
        it comes back the same. Not a step of the fight: undo passes over it."""
        if not self.mode.history or all(self.desk_state.get(k) == v for k, v in state.items()):
            self.desk_state.update(state)
            return
        entry = {"op": "desk", **state}
        if self._journal is not None:
            self._journal.append(entry)
        self.desk_state.update(state)
        self._entries.append(entry)

    def undo(self) -> dict[str, Any]:
        """Step back over the last journal entry (a resolution, an order, a note...). Returns it.
        The desk's own lines (:meth:`set_desk_state`) stay."""
        self._need_history("undo")
        steps = [i for i, e in enumerate(self._entries) if e.get("op") not in STANDING]
        if not steps:
            raise GmkitError("nothing to undo")
        last = self._entries[steps[-1]]
        before = self._entries[:steps[-1]]
        fresh = self._rebuilt(before + self._entries[steps[-1] + 1:])
        redo = dict(self._redo)
        if last.get("op") == "resolve":
            redo[sum(1 for e in before if e.get("op") == "resolve")] = recount.stance_of(before)
        if self._journal is not None:
            self._journal.append({"op": "undo"})
        self._adopt(fresh)
        self._redo = redo
        self._notify("undo")
        return last


    # --- the seal ----------------------------------------------------------------------------

    def seal(self) -> dict[str, str]:
        """Seal the dice before the first resolution (:mod:`gmkit.seal`): a fresh secret, and the
        commitment to show the thread; the journal keeps both (the GM's eyes only). The dice
        are sealed once the players' salt is set (:meth:`set_salt`); until then no round is
        resolved. Returns the seal."""
        return encounter_seal.seal(self)

    def fight_id(self) -> dict[str, str]:
        """The fight's identity a seal names: the scenario's hash and the journal's id (the
        checksum of the journal's header line; of the header it would have, unjournaled)."""
        return encounter_seal.fight_id(self)

    def set_salt(self, text: str) -> str:
        """Take the players' salt (posted after the commitment) and seal the dice with it: the
        fight is set up again on the sealed stream (its setup rolls too), and the orders given
        so far stand. Refused (nothing changed) before :meth:`seal`, a second time, or for a
        salt that is empty, over 1 KB, or holds a control character. Returns the salt as used."""
        return encounter_seal.set_salt(self, text)

    def _sealed_fight(self, salt: str) -> Encounter:
        """This fight from its start on the stream of its seal and ``salt``, every step so far
        taken again (a fight not resolved yet: only orders, notes and typed-in faces)."""
        return encounter_seal.sealed_fight(self, salt)

    def reveal(self) -> dict[str, str]:
        """The seal opened: the secret, the salt, the commitment and the fight's identity, for
        the thread to check every roll (:mod:`gmkit.checker`). Refused for a fight not sealed
        or whose salt is not set."""
        return encounter_seal.reveal(self)

    def _rebuilt(self, entries: list[dict[str, Any]], strict: bool = True) -> Encounter:
        fresh = type(self).from_valid(self.scenario, self.seed, opening_faces=self.opening_faces,
                                      mode=self.mode)
        for entry in entries:
            fresh._replay(entry, strict)
        return fresh

    def _adopt(self, other: Encounter) -> None:
        keep = {"_journal": self._journal, "_listeners": self._listeners, "_policy": self._policy}
        self.__dict__.update(other.__dict__)
        self.__dict__.update(keep)

    def _roll_back(self) -> None:
        encounter_replay.roll_back(self)

    def _replay(self, entry: dict[str, Any], strict: bool = True) -> None:
        """Take one journal step again, checked as it was when it was taken: a
        :class:`JournalError` (its ``field`` naming the entry's field) when it does not replay."""
        encounter_replay.replay(self, entry, strict)

    def _header(self) -> dict[str, Any]:
        return encounter_files.header(self)

    def _need_history(self, what: str) -> None:
        if not self.mode.history:
            raise GmkitError(f"cannot {what}: this encounter keeps no history "
                             f"(a simulation's fight)")

    def journal_lines(self) -> list[dict[str, Any]]:
        """The journal as plain JSON data: the header, then every effective entry."""
        return encounter_files.journal_lines(self)

    def save(self, path: str | Path) -> Path:
        """Write the whole journal to ``path`` (header, then every effective entry), atomically;
        refused when another process holds ``path`` as its journal. Saving onto this fight's own
        journal rewrites it without the undone steps and goes on appending to it."""
        return encounter_files.save(self, path)

    @classmethod
    def resume(cls, path: str | Path, scenario: Mapping[str, Any] | None = None, *,
               autosave: bool = True, strict: bool = True) -> Encounter:
        """Rebuild an encounter from its journal: same board, same record, same next rolls.

        Called on :class:`Encounter` itself, the journal's rule set is found in the registry.
        With ``scenario``, the journal must belong to it. With ``autosave`` (the default) the
        encounter takes the journal's lock and goes on appending to it (close it with
        :meth:`close`); ``autosave=False`` opens the fight read-only as far as the file goes:
        no lock, nothing written, even while another process holds the journal.

        Every line is checked (:meth:`Journal.read`) and replayed against the rules and the dice;
        the first one that fails is named in a :class:`JournalError` (line and field).
        ``strict=False`` lets a replay that differs from the record (another gmkit version's
        rules) through with a warning; the lines' shape and checksums are checked all the same.
        """
        journal = Journal.open(path, _event_json) if autosave else None
        try:
            got = journal.contents if journal is not None else Journal.read(path)
            assert got is not None
            enc = cls._replayed(Path(path), got, scenario, strict)
            if journal is not None:
                journal.repair()
                enc._journal = journal
        except BaseException:
            if journal is not None:
                journal.close()
            raise
        return enc

    @classmethod
    def _replayed(cls, path: Path, got: JournalContents, scenario: Mapping[str, Any] | None,
                  strict: bool) -> Encounter:
        """The encounter a journal's checked contents rebuild."""
        return encounter_replay.replayed(cls, path, got, scenario, strict)

    @classmethod
    def from_journal(cls, path: str | Path, **kw: Any) -> Encounter:
        return cls.resume(path, **kw)


    @property
    def journal_path(self) -> Path | None:
        return self._journal.path if self._journal is not None else None

    def autosave(self, path: str | Path) -> None:
        """Start journaling to ``path`` now: the history so far is written first, and the lock
        moves from the journal kept so far (if any) to this one."""
        encounter_files.autosave(self, path)

    def close(self) -> None:
        """Release the journal's lock. The fight stays readable; a step that would be journaled
        is refused from now on (resume the journal to go on). Closing twice is harmless."""
        if self._journal is not None:
            self._journal.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- listeners and views ------------------------------------------------------------------


    def events_for(self, side: str | None = None) -> list[Event]:
        """The record as a player of ``side`` may see it (None: the GM's full record), each event
        as that player is told it (:func:`~gmkit.events.seen_by`: no number its scenario hides)."""
        if side is None:
            return list(self.record)
        return seen_by(self.record, side, self.system, self.scenario, self._told.setdefault(side, {}))

    def story(self, lang: str | None = None, side: str | None = None) -> list[str]:
        """The record as sentences, in the chosen language, the fight's names declined."""
        with grammar.cast(self.cast):
            return [e.text(lang) for e in self.events_for(side)]

    def __repr__(self) -> str:
        received = ", ".join(self._arrival) or "none"
        state = "over" if self.is_over else f"round {self.round}"
        return (f"<{type(self).__name__} {self.scenario.get('name', '')!r} seed={self.seed} "
                f"{state}, {len(self.record)} events, orders received: {received}>")

    def _repr_html_(self) -> str:
        from html import escape

        with grammar.cast(self.cast):
            rows = "".join(
                f"<tr><td>{e.round}</td><td>{escape(e.actor)}</td><td>{escape(e.text())}</td></tr>"
                for e in self.record)
        return (f"<div><b>{escape(repr(self))}</b><table><tr><th>#</th><th>who</th><th>what</th></tr>"
                f"{rows}</table></div>")


