"""Orders as frozen dataclasses, and their JSON form for the journal.

An engine lists its order classes; the journal stores an order as ``{"type": "Attack", ...fields}``
(nested orders the same way) and reads it back through that list, so a journal can never make up a
class it was not given.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .errors import JournalError

__all__ = ["Order", "order_to_json", "order_from_json", "order_registry"]


@dataclass(frozen=True)
class Order:
    """Base of every engine's orders."""


def order_registry(types: Iterable[type]) -> dict[str, type]:
    return {t.__name__: t for t in types}


_PLAIN = (str, int, float, bool, type(None))
_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def order_to_json(value: Any) -> Any:
    """A JSON value for an order (or anything inside one)."""
    if isinstance(value, _PLAIN):
        return value
    cls = type(value)
    if cls in _FIELDS or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
        out: dict[str, Any] = {"type": cls.__name__}
        for name in _field_names(cls):
            out[name] = order_to_json(getattr(value, name))
        return out
    if isinstance(value, (list, tuple)):
        return [order_to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): order_to_json(v) for k, v in value.items()}
    return value


def order_from_json(data: Any, registry: Mapping[str, type]) -> Any:
    """Rebuild an order from :func:`order_to_json`'s form; lists come back as tuples."""
    if isinstance(data, dict) and "type" in data:
        name = data["type"]
        cls = registry.get(name)
        if cls is None:
            raise JournalError(f"unknown order type {name!r}; this engine knows {sorted(registry)}")
        kwargs = {k: order_from_json(v, registry) for k, v in data.items() if k != "type"}
        return cls(**kwargs)
    if isinstance(data, list):
        return tuple(order_from_json(v, registry) for v in data)
    if isinstance(data, dict):
        return {k: order_from_json(v, registry) for k, v in data.items()}
    return data
