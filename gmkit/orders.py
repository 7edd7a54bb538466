"""Orders as frozen dataclasses, and their JSON form for the journal.

An engine lists its order classes; the journal stores an order as ``{"type": "Attack", ...fields}``
(nested orders the same way) and reads it back through that list, so a journal can never make up a
class it was not given.

Every field of an order is checked against the type hint of its dataclass
(:func:`check_order_fields`) before an engine sees it, whether the order was built in code, read
from an orders file or from a journal: a wrong type is an :class:`~gmkit.errors.IllegalOrder`
naming the order type and the field, never a ``TypeError`` from deep inside an engine.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Run(Order):
...     dice: int
>>> check_order_fields(Run("2"))
Traceback (most recent call last):
...
gmkit.errors.IllegalOrder: C-1: Run.dice: expected a whole number (int), got '2'
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from .errors import GmkitError, IllegalOrder

__all__ = ["Order", "order_to_json", "order_from_json", "order_registry", "check_order_fields",
           "MAX_ORDER_ITEMS"]

MAX_ORDER_ITEMS = 1000
"""Most items a tuple (a path, a list of actions) inside one order may hold."""


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
    """Rebuild an order from :func:`order_to_json`'s form; lists come back as tuples.

    Whatever the data, the answer is an order whose every field has the type its class declares,
    or an :class:`~gmkit.errors.IllegalOrder` naming the order type and the field (an unknown
    type, an unknown or missing field, a field of the wrong type).
    """
    order = _from_json(data, registry, "", 0)
    if isinstance(order, Order):
        check_order_fields(order)
    return order


def _from_json(data: Any, registry: Mapping[str, type], where: str, depth: int) -> Any:
    if depth > 20:
        raise IllegalOrder("C-1", f"{where or 'the order'}: nested too deeply")
    if isinstance(data, dict) and "type" in data:
        name = data["type"]
        cls = registry.get(name) if isinstance(name, str) else None
        if cls is None:
            raise IllegalOrder("C-1", f"{where + ': ' if where else ''}unknown order type {name!r}; "
                                      f"this engine knows {sorted(registry)}")
        fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
        kwargs = {}
        for k, v in data.items():
            if k == "type":
                continue
            if k not in fields:
                raise IllegalOrder("C-1", f"{name}.{k}: no such field; {name} has "
                                          f"{', '.join(fields) or 'no fields'}")
            kwargs[k] = _from_json(v, registry, f"{name}.{k}", depth + 1)
        missing = [f.name for f in fields.values() if f.name not in kwargs
                   and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
        if missing:
            raise IllegalOrder("C-1", f"{name}.{missing[0]}: required field is missing")
        try:
            return cls(**kwargs)
        except GmkitError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
            raise IllegalOrder("C-1", f"{name}: cannot be built from {data!r}: {e}") from None
    if isinstance(data, list):
        if len(data) > MAX_ORDER_ITEMS:
            raise IllegalOrder("C-1", f"{where or 'the order'}: more than {MAX_ORDER_ITEMS} items")
        return tuple(_from_json(v, registry, f"{where}[{i}]", depth + 1) for i, v in enumerate(data))
    if isinstance(data, dict):
        return {k: _from_json(v, registry, f"{where}.{k}", depth + 1) for k, v in data.items()}
    return data


# --- checking fields by their type hints ------------------------------------------------------

_HINTS: dict[type, dict[str, Any] | None] = {}


def _hints(cls: type) -> dict[str, Any] | None:
    """The resolved type hints of an order class's fields (None: they cannot be resolved, so
    the class is not checked)."""
    if cls not in _HINTS:
        try:
            hints = typing.get_type_hints(cls)
            _HINTS[cls] = {f.name: hints.get(f.name, Any) for f in dataclasses.fields(cls)}
        except Exception:  # an unresolvable forward reference: nothing to check against
            _HINTS[cls] = None
    return _HINTS[cls]


def check_order_fields(order: Any) -> None:
    """Refuse an order (a dataclass) any of whose fields does not have its declared type.

    Checked: ``str``, ``int`` (not ``bool``), ``float`` (an int or a finite float), ``bool``,
    ``None``, ``Literal``, unions (``X | None``), ``tuple[X, ...]`` and ``tuple[X, Y]``,
    ``list``, ``dict``, enums and nested dataclasses (orders inside orders). Anything else
    (``Any``, a type variable) passes.
    """
    problem = _check_dataclass(order, type(order).__name__, 0)
    if problem is not None:
        where, expected, got = problem
        text = repr(got)
        if len(text) > 80:
            text = text[:77] + "..."
        raise IllegalOrder("C-1", f"{where}: expected {expected}, got {text}")


_Problem = tuple[str, str, Any]  # where, what was expected, what was given


def _check_dataclass(value: Any, where: str, depth: int) -> _Problem | None:
    hints = _hints(type(value))
    if hints is None:
        return None
    for name, hint in hints.items():
        problem = _check(getattr(value, name), hint, f"{where}.{name}", depth + 1)
        if problem is not None:
            return problem
    return None


def _check(value: Any, hint: Any, where: str, depth: int) -> _Problem | None:
    """None when ``value`` fits ``hint``; else where it does not, what was expected, what came."""
    if depth > 20:
        return (where, "an order nested less deeply", value)
    origin = typing.get_origin(hint)
    if origin is None:
        handler = _PLAIN_CHECKS.get(hint)
        if handler is not None:
            return handler(value, where)
        if hint is Any or hint is object or not isinstance(hint, type):
            return None  # Any, a TypeVar, a string we could not resolve: nothing to check
        if not isinstance(value, hint):
            return (where, _describe(hint), value)
        if dataclasses.is_dataclass(hint):
            return _check_dataclass(value, where, depth)
        return None
    handler2 = _GENERIC_CHECKS.get(origin)
    if handler2 is None:
        return None
    return handler2(value, hint, where, depth)


def _describe(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is None:
        if hint is type(None):
            return "None"
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return f"one of {[m.value for m in hint]}"
        return _NAMES.get(hint, str(getattr(hint, "__name__", hint)))
    args = typing.get_args(hint)
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of ({_describe(args[0])})"
        return f"a tuple of {len(args)} ({', '.join(_describe(a) for a in args)})"
    return str(hint)


_NAMES = {str: "text (str)", int: "a whole number (int)", float: "a number",
          bool: "True or False (bool)"}


def _check_str(v: Any, where: str) -> _Problem | None:
    return None if isinstance(v, str) else (where, _NAMES[str], v)


def _check_int(v: Any, where: str) -> _Problem | None:
    return None if isinstance(v, int) and not isinstance(v, bool) else (where, _NAMES[int], v)


def _check_float(v: Any, where: str) -> _Problem | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return (where, _NAMES[float], v)
    if isinstance(v, float) and not math.isfinite(v):
        return (where, "a finite number", v)
    return None


def _check_bool(v: Any, where: str) -> _Problem | None:
    return None if isinstance(v, bool) else (where, _NAMES[bool], v)


def _check_none(v: Any, where: str) -> _Problem | None:
    return None if v is None else (where, "None", v)


_PLAIN_CHECKS: dict[Any, Callable[[Any, str], _Problem | None]] = {
    str: _check_str, int: _check_int, float: _check_float, bool: _check_bool,
    type(None): _check_none, None: _check_none,
}


def _check_literal(v: Any, hint: Any, where: str, depth: int) -> _Problem | None:
    for a in typing.get_args(hint):
        if type(v) is type(a) and v == a:
            return None
    return (where, _describe(hint), v)


def _check_union(v: Any, hint: Any, where: str, depth: int) -> _Problem | None:
    inner: _Problem | None = None
    for a in typing.get_args(hint):
        p = _check(v, a, where, depth)
        if p is None:
            return None
        if p[0] != where and inner is None:
            inner = p  # the value has the right shape but something inside it is wrong
    return inner or (where, _describe(hint), v)


def _check_tuple(v: Any, hint: Any, where: str, depth: int) -> _Problem | None:
    if not isinstance(v, tuple):
        return (where, _describe(hint), v)
    args = typing.get_args(hint)
    if len(v) > MAX_ORDER_ITEMS:
        return (where, f"at most {MAX_ORDER_ITEMS} items", f"{len(v)} items")
    if not args:
        return None
    if len(args) == 2 and args[1] is Ellipsis:
        for i, item in enumerate(v):
            p = _check(item, args[0], f"{where}[{i}]", depth + 1)
            if p is not None:
                return p
        return None
    if len(v) != len(args):
        return (where, f"{len(args)} items ({hint})", v)
    for i, (item, a) in enumerate(zip(v, args)):
        p = _check(item, a, f"{where}[{i}]", depth + 1)
        if p is not None:
            return p
    return None


def _check_list(v: Any, hint: Any, where: str, depth: int) -> _Problem | None:
    origin = typing.get_origin(hint)
    if not isinstance(v, origin):
        return (where, str(hint), v)
    args = typing.get_args(hint)
    if len(v) > MAX_ORDER_ITEMS:
        return (where, f"at most {MAX_ORDER_ITEMS} items", f"{len(v)} items")
    if args:
        for i, item in enumerate(v):
            p = _check(item, args[0], f"{where}[{i}]", depth + 1)
            if p is not None:
                return p
    return None


def _check_dict(v: Any, hint: Any, where: str, depth: int) -> _Problem | None:
    if not isinstance(v, dict):
        return (where, str(hint), v)
    args = typing.get_args(hint)
    if len(v) > MAX_ORDER_ITEMS:
        return (where, f"at most {MAX_ORDER_ITEMS} items", f"{len(v)} items")
    if len(args) == 2:
        for k, item in v.items():
            p = _check(k, args[0], f"{where} key", depth + 1) or _check(
                item, args[1], f"{where}[{k!r}]", depth + 1)
            if p is not None:
                return p
    return None


def _check_annotated(v: Any, hint: Any, where: str, depth: int) -> _Problem | None:
    return _check(v, typing.get_args(hint)[0], where, depth)


def _check_class_var(v: Any, hint: Any, where: str, depth: int) -> _Problem | None:
    return None


_GENERIC_CHECKS: dict[Any, Callable[[Any, Any, str, int], _Problem | None]] = {
    typing.Literal: _check_literal,
    typing.Union: _check_union,
    types.UnionType: _check_union,
    tuple: _check_tuple,
    list: _check_list,
    frozenset: _check_list,
    set: _check_list,
    dict: _check_dict,
    typing.Annotated: _check_annotated,
    typing.ClassVar: _check_class_var,
}
