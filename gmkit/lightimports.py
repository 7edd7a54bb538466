"""Start-up time: what gmkit's own processes skip (:func:`light_imports`), and the lazy public
names of a rule set's package (:func:`lazy_exports`), so finding a rule set imports no engine."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["light_imports", "lazy_exports"]


def light_imports() -> None:
    """Skip jsonschema's rfc3987 IRI format checker, whose grammar takes 1-2 s to build every time
    nbformat is first imported.

    Nothing gmkit reads or writes uses that format; call it before nbformat is imported.
    """
    if "jsonschema" not in sys.modules:
        sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]


def lazy_exports(package: str, table: Mapping[str, str]) -> Callable[[str], Any]:
    """The module ``__getattr__`` (PEP 562) of ``package``: each public name in ``table`` (name ->
    submodule; a name equal to its submodule is the submodule) imported on first use and kept in
    the package, so ``from package import Name`` works and importing the package costs nothing::

        __getattr__ = lazy_exports(__name__, {"Skirmish": "engine", "rules": "rules"})
    """

    def __getattr__(name: str) -> Any:
        try:
            module = table[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        mod = importlib.import_module(f"{package}.{module}")
        value = mod if name == module else getattr(mod, name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
