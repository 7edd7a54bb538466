"""The rule sets gmkit knows, found by name: one :class:`System` record per rule set.

A rule set is a package with the same files as every other (``scenario.py``, ``engine.py``,
``policy.py``, ``views.py``, ``ui.py``...) and a ``system.py`` holding its record::

    SYSTEM = System(name="dragons", package="gmkit.dragons", engine="engine:DragonDuel", ...)

gmkit's own rule sets are found by that file in gmkit's folder; rule sets from other packages
register through the ``gmkit.systems`` entry-point group (as pytest finds its plugins through
``pytest11``), or with :func:`register` at run time. Everything that picks a rule set by the name a
scenario or journal gives — scenario loading, simulations, reports, forms, desks, odds, the CLI —
asks here, so nothing outside a rule set's folder names it.

>>> get("dragons").engine.__name__
'DragonDuel'
>>> get("chess")
Traceback (most recent call last):
gmkit.errors.GmkitError: no rule set named 'chess'; the rule sets are: dragons, fantasy, space
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

from .errors import GmkitError

__all__ = ["System", "get", "names", "all_systems", "register", "unregister", "ENTRY_POINT_GROUP"]

ENTRY_POINT_GROUP = "gmkit.systems"


@dataclass(frozen=True)
class System:
    """One rule set: its name in scenario files and journals, and where its parts live.

    Parts are given as ``module:attribute`` relative to ``package`` (or a module alone) and
    imported on first use, so looking a rule set up costs nothing until a part is needed.
    """

    name: str
    """The ``system:`` value of its scenario files and journals."""
    package: str
    """The importable package the parts below are relative to."""
    engine: str = "engine:Engine"
    """The :class:`~gmkit.encounter.Encounter` subclass that plays it."""
    scenario: str = "scenario:Scenario"
    """The pydantic model of its scenario files."""
    policy: str = "policy:Autopilot"
    """The autopilot: a class built from an encounter, giving an order per actor."""
    form: str = "ui:OrderForm"
    """The order form widget."""
    desk: str = "ui:Desk"
    """The live desk (session) widget."""
    views: str = "views"
    """Its static views: the state table's columns and the picture of a board (chart or map)."""
    odds: str = "odds"
    """Its exact odds (functions over plain numbers)."""
    language: str = "language"
    """Its order language: players' messages (ru/en) read into orders, and replies."""
    posts: str = "posts"
    """Its forum posts and private briefs (what each round's post and each player's brief hold)."""
    messages: str = "messages.json"
    """Its message catalogue file, inside the package."""
    campaign: str = "campaign"
    """What a fight changes for a campaign (:mod:`gmkit.campaign`): what is carried to the next
    fight, how the next fight is laid out, the words of a forum character sheet."""
    extras: dict[str, str] = field(default_factory=dict)
    """Further parts a rule set offers under names of its own."""

    def part(self, ref: str) -> Any:
        """Import one part: ``module:attr`` (relative to :attr:`package`) or a module."""
        module, _, attr = ref.partition(":")
        mod = importlib.import_module(f"{self.package}.{module}")
        return getattr(mod, attr) if attr else mod

    def load(self, name: str) -> Any:
        """A part by its field name (``"engine"``, ``"desk"``) or an ``extras`` key."""
        ref = self.extras.get(name) if name in self.extras else getattr(self, name, None)
        if not isinstance(ref, str) or name in ("name", "package"):
            raise GmkitError(f"the {self.name!r} rule set has no part {name!r}")
        return self.part(ref)

    def has(self, name: str) -> bool:
        """Whether the rule set provides the part (an ``extras`` key or a module that exists)."""
        if name in self.extras:
            return True
        ref = getattr(self, name, None)
        if not isinstance(ref, str):
            return False
        module = ref.partition(":")[0]
        return importlib.util.find_spec(f"{self.package}.{module}") is not None

    @property
    def engine_class(self) -> type:
        return self.load("engine")

    @property
    def scenario_model(self) -> type:
        return self.load("scenario")

    @property
    def policy_class(self) -> type:
        return self.load("policy")

    @property
    def views_module(self) -> ModuleType:
        return self.load("views")

    @property
    def odds_module(self) -> ModuleType:
        return self.load("odds")

    def messages_text(self) -> str | None:
        """The rule set's catalogue file as text, or None when it has none."""
        from importlib import resources

        try:
            return (resources.files(self.package) / self.messages).read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError):
            return None


class _Registry:
    """The rule sets by name; filled on first lookup from gmkit's folder and the entry points."""

    def __init__(self) -> None:
        self._systems: dict[str, System] = {}
        self._found = False

    def _discover(self) -> None:
        if self._found:
            return
        self._found = True
        here = Path(__file__).resolve().parent
        for folder in sorted(here.iterdir()):
            if (folder / "system.py").is_file() and (folder / "__init__.py").is_file():
                mod = importlib.import_module(f"{__package__}.{folder.name}.system")
                self._add(mod.SYSTEM, f"{folder.name}/system.py")
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            try:
                system = ep.load()
            except Exception as e:  # an outside plugin that fails to import must not stop gmkit
                import warnings

                warnings.warn(f"gmkit: the rule set entry point {ep.name!r} ({ep.value}) did "
                              f"not load: {e}", stacklevel=3)
                continue
            try:  # a rule set that breaks its contract is told, and gmkit goes on without it
                self._add(system, f"entry point {ep.value}", check=True)
            except GmkitError as e:
                import warnings

                warnings.warn(f"gmkit: the rule set entry point {ep.name!r} ({ep.value}) was "
                              f"refused: {e}", stacklevel=3)

    def _add(self, system: Any, where: str, check: bool = False) -> None:
        """Add a rule set; with ``check``, every part is held to its contract first
        (:func:`gmkit.contract.check_rule_set`: gmkit's own are held to it by their tests, so
        that a lookup imports no part before it is needed)."""
        if not isinstance(system, System):
            raise GmkitError(f"{where}: SYSTEM must be a gmkit.systems.System, got "
                             f"{type(system).__name__}")
        known = self._systems.get(system.name)
        if known is not None and known != system:
            raise GmkitError(f"{where}: a rule set named {system.name!r} is registered already "
                             f"(from {known.package})")
        if check and known is None:
            from .contract import ContractError, check_rule_set

            try:
                check_rule_set(system)
            except ContractError as e:
                raise ContractError(f"{where}: {e}") from None
        self._systems[system.name] = system

    def get(self, name: str) -> System:
        self._discover()
        try:
            return self._systems[name]
        except (KeyError, TypeError):
            raise GmkitError(f"no rule set named {name!r}; the rule sets are: "
                             f"{', '.join(self.names())}") from None

    def names(self) -> list[str]:
        self._discover()
        return sorted(self._systems)

    def register(self, system: System) -> System:
        self._discover()
        self._add(system, f"register({system.name!r})", check=True)
        return system

    def unregister(self, name: str) -> None:
        self._systems.pop(name, None)


_REGISTRY = _Registry()


def get(name: str) -> System:
    """The rule set named ``name`` (a scenario's or journal's ``system``); a clear error else."""
    return _REGISTRY.get(name)


def names() -> list[str]:
    """Every known rule set's name, sorted."""
    return _REGISTRY.names()


def all_systems() -> list[System]:
    return [_REGISTRY.get(n) for n in _REGISTRY.names()]


def register(system: System) -> System:
    """Add a rule set at run time (a test's toy rule set, a notebook's experiment), once it keeps
    its contract (:mod:`gmkit.contract`): a :class:`~gmkit.contract.ContractError` naming the part
    that does not."""
    return _REGISTRY.register(system)


def unregister(name: str) -> None:
    _REGISTRY.unregister(name)
