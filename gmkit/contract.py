"""What a rule set provides, as typed contracts checked once, when the rule set registers.

A rule set's :class:`~gmkit.systems.System` names its parts as ``"module:attr"`` strings; before
these contracts a misnamed part or a missing function was found deep in a report, by a ``getattr``
at use. Each part now has a contract here — a class it must subclass, or a
:class:`typing.Protocol` of the names its module must hold — and :func:`check_rule_set` checks
every part at once, naming the first that fails: ``the 'race' rule set's part 'views' (views)
lacks picture``. :func:`gmkit.systems.register` and the entry-point group run it; gmkit's own rule
sets are held to it by their tests (checking imports every part: plotly, ipywidgets).

Optional parts (``odds``, ``language``, ``posts``, ``campaign``) may be left out (no module of
that name); one that is there must keep its contract. A posts module's functions are each
optional (a plain default stands in), so :class:`Posts` asks for none.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .errors import GmkitError

__all__ = ["Autopilot", "Views", "Odds", "Language", "Posts", "Campaign", "ContractError",
           "PARTS", "OPTIONAL", "check_rule_set"]


class ContractError(GmkitError):
    """A rule set that does not keep its contract, naming the part and what it lacks."""


@runtime_checkable
class Autopilot(Protocol):
    """The ``policy`` part (a class built from an encounter): an order per actor, or None."""

    def order(self, encounter: Any, actor: str) -> Any: ...


@runtime_checkable
class Views(Protocol):
    """The ``views`` part: the state table's columns and the board's picture (None: none)."""

    STATE_COLUMNS: Sequence[str]

    def picture(self, board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> Any: ...


@runtime_checkable
class Odds(Protocol):
    """The ``odds`` part: exact odds over plain numbers; no name is required of it."""


@runtime_checkable
class Language(Protocol):
    """The ``language`` part: the reader of players' messages; the base class gives the rest
    (``render_order``, ``order_format``: :class:`~gmkit.language.base.OrderLanguage`)."""

    LANGUAGE: Any
    """An :class:`~gmkit.language.base.OrderLanguage` (its ``read``, ``render``, ``context``,
    ``render_order`` and ``order_format`` checked at registration)."""


@runtime_checkable
class Posts(Protocol):
    """The ``posts`` part: ``state_rows``, ``picture_svg``, ``options``, ``answer``,
    ``brief_notes``, ``scenario_text``, each optional (:mod:`gmkit.report.posts`)."""


@runtime_checkable
class Campaign(Protocol):
    """The ``campaign`` part (:mod:`gmkit.campaign.part` says what each name holds)."""

    ENTRIES: str
    CHOICES: Sequence[Any]
    FIGURES: Sequence[Any]
    CHART: Sequence[Any]
    SHEET: Any

    def entry_model(self) -> Any: ...

    def kind(self, entry: Mapping[str, Any]) -> str: ...

    def carry(self, encounter: Any, members: Any, choices: Any) -> Any: ...

    def figures(self, entry: Mapping[str, Any]) -> Any: ...

    def shown(self, field: str, value: Any, lang: str) -> Any: ...

    def stage(self, scenario: Mapping[str, Any]) -> Any: ...

    def build(self, party: Any, enemies: Any, stage: Any) -> Any: ...


class _Base:
    """A class a part must subclass, named by its dotted path (imported when checked)."""

    def __init__(self, dotted: str):
        self.dotted = dotted

    def load(self) -> type:
        module, _, name = self.dotted.rpartition(".")
        return getattr(importlib.import_module(module), name)


PARTS: dict[str, Any] = {
    "engine": _Base("gmkit.encounter.Encounter"),
    "scenario": _Base("gmkit.scenario.ScenarioModel"),
    "policy": Autopilot,
    "form": _Base("gmkit.ui.order_form.OrderForm"),
    "desk": _Base("gmkit.ui.sessions.Session"),
    "views": Views,
    "odds": Odds,
    "language": Language,
    "posts": Posts,
    "campaign": Campaign,
}
"""Each part and its contract: a class the part must subclass (loaded when checked: the desk's
base imports ipywidgets), or a Protocol of the names its module must hold."""
_READER = ("read", "render", "context", "render_order", "order_format")
"""What a ``language`` part's ``LANGUAGE`` does (an OrderLanguage's methods)."""
OPTIONAL = frozenset({"odds", "language", "posts", "campaign"})
"""Parts a rule set may leave out (an experiment's); one that is there keeps its contract."""


def _missing(contract: type, obj: Any) -> list[str]:
    names = [n for n in getattr(contract, "__annotations__", {}) if not n.startswith("_")]
    names += [n for n, v in vars(contract).items() if inspect.isfunction(v) and not n.startswith("_")]
    return [n for n in dict.fromkeys(names) if not hasattr(obj, n)]


def _check_part(system: Any, name: str) -> None:
    ref = getattr(system, name)
    where = f"the {system.name!r} rule set's part {name!r} ({ref})"
    if name in OPTIONAL and not system.has(name):
        return
    try:
        obj = system.load(name)
    except (ImportError, AttributeError) as e:
        raise ContractError(f"{where} cannot be loaded: {type(e).__name__}: {e}") from None
    contract = PARTS[name]
    if not isinstance(contract, _Base):
        lacks = _missing(contract, obj)
        if name == "policy" and not isinstance(obj, type):
            raise ContractError(f"{where} is not a class built from an encounter")
        if lacks:
            raise ContractError(f"{where} lacks {', '.join(lacks)}")
        if name == "language":  # an OrderLanguage, told by what it does (its module is not
            reader = obj.LANGUAGE  # imported here: the language package asks the registry)
            if not all(callable(getattr(reader, m, None)) for m in _READER):
                raise ContractError(f"{where}: LANGUAGE is not an OrderLanguage ({', '.join(_READER)})")
        return
    base = contract.load()
    if not (isinstance(obj, type) and issubclass(obj, base)):
        raise ContractError(f"{where} is not a subclass of {base.__module__}.{base.__qualname__}")
    if name == "engine":
        if inspect.isabstract(obj):
            abstract = ", ".join(sorted(getattr(obj, "__abstractmethods__", ())))
            raise ContractError(f"{where} leaves abstract: {abstract}")
        plays = getattr(obj, "system", None)
        if plays != system.name:
            raise ContractError(f"{where} plays {plays!r}, not {system.name!r}")


def check_rule_set(system: Any) -> None:
    """Check every part of ``system`` (a :class:`~gmkit.systems.System`) against its contract;
    a :class:`ContractError` naming the first part that does not keep it."""
    for name in PARTS:
        _check_part(system, name)
    for key, ref in system.extras.items():
        try:
            system.part(ref)
        except (ImportError, AttributeError) as e:
            raise ContractError(f"the {system.name!r} rule set's part {key!r} ({ref}) cannot be "
                                f"loaded: {type(e).__name__}: {e}") from None
