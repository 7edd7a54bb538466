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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

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
#
# Each type hint is compiled once into a checker: a function (value, depth) -> None when the value
# fits, else (path below the value, what was expected, what was given). Paths are built only on
# the way out of a failure, so a well-typed order costs a few attribute reads and type tests.

_Problem = tuple[str, str, Any]  # where (relative), what was expected, what was given
_Checker = Callable[[Any, int], "_Problem | None"]

_CLASS_CHECKS: dict[type, list[tuple[str, _Checker, tuple[type, ...]]] | None] = {}
_COMPILED: dict[Any, _Checker] = {}


def check_order_fields(order: Any) -> None:
    """Refuse an order (a dataclass) any of whose fields does not have its declared type.

    Checked: ``str``, ``int`` (not ``bool``), ``float`` (an int or a finite float), ``bool``,
    ``None``, ``Literal``, unions (``X | None``), ``tuple[X, ...]`` and ``tuple[X, Y]``,
    ``list``, ``dict``, enums and nested dataclasses (orders inside orders). Anything else
    (``Any``, a type variable) passes.
    """
    problem = _check_dataclass(order, 0)
    if problem is not None:
        where, expected, got = problem
        text = repr(got)
        if len(text) > 80:
            text = text[:77] + "..."
        raise IllegalOrder("C-1", f"{type(order).__name__}{where}: expected {expected}, got {text}")


def _fields_of(cls: type) -> list[tuple[str, _Checker, tuple[type, ...]]] | None:
    """The compiled checker of every field of a dataclass, with the exact types that pass it
    at once (None: its hints cannot be resolved, so it is not checked)."""
    try:
        return _CLASS_CHECKS[cls]
    except KeyError:
        pass
    try:
        hints = typing.get_type_hints(cls)
        _CLASS_CHECKS[cls] = [(f.name, _compile(hints.get(f.name, Any)),
                               _exact_types(hints.get(f.name, Any)))
                              for f in dataclasses.fields(cls)]
    except Exception:  # an unresolvable forward reference: nothing to check against
        _CLASS_CHECKS[cls] = None
    return _CLASS_CHECKS[cls]


def _exact_types(hint: Any) -> tuple[type, ...]:
    """Types whose exact instances fit ``hint`` with nothing more to look at (``str`` for
    ``str``; ``str`` and ``NoneType`` for ``str | None``): the hot path of a well-typed order
    skips the checker's call for them (a subclass, a float, a literal still go through it)."""
    if hint in (str, int, bool, type(None), None):
        return (type(None),) if hint is None else (hint,)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        out: tuple[type, ...] = ()
        for a in typing.get_args(hint):
            if a in (str, int, bool, type(None)):
                out += (a,)
        return out
    return ()


def _check_dataclass(value: Any, depth: int) -> _Problem | None:
    if depth > 20:
        return ("", "an order nested less deeply", value)
    fields = _fields_of(type(value))
    if fields is None:
        return None
    for name, check, exact in fields:
        v = getattr(value, name)
        if type(v) in exact:
            continue
        p = check(v, depth + 1)
        if p is not None:
            return (f".{name}{p[0]}", p[1], p[2])
    return None


def _compile(hint: Any) -> _Checker:
    try:
        return _COMPILED[hint]
    except KeyError:
        pass
    except TypeError:  # an unhashable hint: compiled each time
        return _build(hint)
    checker = _COMPILED[hint] = _build(hint)
    return checker


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


def _ok(v: Any, depth: int) -> _Problem | None:
    return None


def _build(hint: Any) -> _Checker:
    """The checker of one type hint, by a dispatch on its kind (d20 dispatches on node types
    through one dict the same way)."""
    origin = typing.get_origin(hint)
    if origin is None:
        plain = _PLAIN_BUILDERS.get(hint)
        if plain is not None:
            return plain
        if hint is Any or hint is object or not isinstance(hint, type):
            return _ok  # Any, a TypeVar, a string we could not resolve: nothing to check
        return _class_checker(hint)
    builder = _GENERIC_BUILDERS.get(origin)
    return builder(hint) if builder is not None else _ok


def _class_checker(cls: type) -> _Checker:
    expected = _describe(cls)
    nested = dataclasses.is_dataclass(cls)

    def check(v: Any, depth: int) -> _Problem | None:
        if not isinstance(v, cls):
            return ("", expected, v)
        return _check_dataclass(v, depth) if nested else None

    return check


def _check_str(v: Any, depth: int) -> _Problem | None:
    return None if isinstance(v, str) else ("", _NAMES[str], v)


def _check_int(v: Any, depth: int) -> _Problem | None:
    return None if isinstance(v, int) and not isinstance(v, bool) else ("", _NAMES[int], v)


def _check_float(v: Any, depth: int) -> _Problem | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return ("", _NAMES[float], v)
    if isinstance(v, float) and not math.isfinite(v):
        return ("", "a finite number", v)
    return None


def _check_bool(v: Any, depth: int) -> _Problem | None:
    return None if isinstance(v, bool) else ("", _NAMES[bool], v)


def _check_none(v: Any, depth: int) -> _Problem | None:
    return None if v is None else ("", "None", v)


_PLAIN_BUILDERS: dict[Any, _Checker] = {
    str: _check_str, int: _check_int, float: _check_float, bool: _check_bool,
    type(None): _check_none, None: _check_none,
}


def _literal(hint: Any) -> _Checker:
    allowed = [(type(a), a) for a in typing.get_args(hint)]
    expected = _describe(hint)

    def check(v: Any, depth: int) -> _Problem | None:
        for t, a in allowed:
            if type(v) is t and v == a:
                return None
        return ("", expected, v)

    return check


def _union(hint: Any) -> _Checker:
    options = [_compile(a) for a in typing.get_args(hint)]
    expected = _describe(hint)
    by_type = {a: c for a, c in zip(typing.get_args(hint), options, strict=True)
               if isinstance(a, type) and typing.get_origin(a) is None}

    def check(v: Any, depth: int) -> _Problem | None:
        direct = by_type.get(type(v))  # the option naming the value's own class, tried first
        if direct is not None and direct(v, depth) is None:
            return None
        inner: _Problem | None = None
        for option in options:
            p = option(v, depth)
            if p is None:
                return None
            if p[0] and inner is None:
                inner = p  # the value has the right shape but something inside it is wrong
        return inner or ("", expected, v)

    return check


def _tuple(hint: Any) -> _Checker:
    args = typing.get_args(hint)
    expected = _describe(hint)
    if not args:
        items: list[_Checker] | None = None
        each: _Checker | None = None
    elif len(args) == 2 and args[1] is Ellipsis:
        items, each = None, _compile(args[0])
    else:
        items, each = [_compile(a) for a in args], None

    def check(v: Any, depth: int) -> _Problem | None:
        if not isinstance(v, tuple):
            return ("", expected, v)
        if len(v) > MAX_ORDER_ITEMS:
            return ("", f"at most {MAX_ORDER_ITEMS} items", f"{len(v)} items")
        if each is not None:
            for i, item in enumerate(v):
                p = each(item, depth + 1)
                if p is not None:
                    return (f"[{i}]{p[0]}", p[1], p[2])
        elif items is not None:
            if len(v) != len(items):
                return ("", expected, v)
            for i, (item, c) in enumerate(zip(v, items, strict=False)):
                p = c(item, depth + 1)
                if p is not None:
                    return (f"[{i}]{p[0]}", p[1], p[2])
        return None

    return check


def _collection(hint: Any) -> _Checker:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    each = _compile(args[0]) if args else _ok

    def check(v: Any, depth: int) -> _Problem | None:
        if not isinstance(v, origin):
            return ("", str(hint), v)
        if len(v) > MAX_ORDER_ITEMS:
            return ("", f"at most {MAX_ORDER_ITEMS} items", f"{len(v)} items")
        for i, item in enumerate(v):
            p = each(item, depth + 1)
            if p is not None:
                return (f"[{i}]{p[0]}", p[1], p[2])
        return None

    return check


def _mapping(hint: Any) -> _Checker:
    args = typing.get_args(hint)
    key, value = (_compile(args[0]), _compile(args[1])) if len(args) == 2 else (_ok, _ok)

    def check(v: Any, depth: int) -> _Problem | None:
        if not isinstance(v, dict):
            return ("", str(hint), v)
        if len(v) > MAX_ORDER_ITEMS:
            return ("", f"at most {MAX_ORDER_ITEMS} items", f"{len(v)} items")
        for k, item in v.items():
            p = key(k, depth + 1)
            if p is not None:
                return (f" key{p[0]}", p[1], p[2])
            p = value(item, depth + 1)
            if p is not None:
                return (f"[{k!r}]{p[0]}", p[1], p[2])
        return None

    return check


_GENERIC_BUILDERS: dict[Any, Callable[[Any], _Checker]] = {
    typing.Literal: _literal,
    typing.Union: _union,
    types.UnionType: _union,
    tuple: _tuple,
    list: _collection,
    frozenset: _collection,
    set: _collection,
    dict: _mapping,
    typing.Annotated: lambda hint: _compile(typing.get_args(hint)[0]),
    typing.ClassVar: lambda hint: _ok,
}
