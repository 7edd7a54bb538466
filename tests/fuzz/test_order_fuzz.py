"""Random orders at the door: every one is refused with a gmkit error or taken and resolved legally.

For every rule set in the registry and every example scenario, Hypothesis (derandomized: CI draws
the same examples) plays fights whose steps are orders built from the engine's ``order_types`` —
each field given a value of its declared type (names from the scenario, small and huge numbers,
every ``Literal``) or of any other type — random actors (participants, "GM", unknown names, numbers,
lists), orders of other rule sets, orders rebuilt from mangled JSON, legal orders and autopilot
resolutions. After every refusal the encounter (board, orders received and what they are,
record, history), its journal file's bytes and the dice (stream, tape, hand, log) are
byte-identical; an order taken is journaled, and the journal at the end replays exactly.
At least 2,000 orders per rule set.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmkit.errors import GmkitError
from gmkit.orders import Order, order_from_json, order_registry, order_to_json
from gmkit.systems import all_systems
from tests.fuzz.common import changed, engine, fast_dir, fingerprint, scenarios, some_legal

CASES = scenarios()
IDS = [label for _, label, _ in CASES]
PER_SYSTEM = 2000
STEPS = 20
SYSTEM_ORDERS: Counter[str] = Counter()
CASES_RUN: set[str] = set()
"""The cases this process ran: under xdist a worker may run only some of them."""
DELIBERATE: dict[str, tuple[type[BaseException], ...]] = {"race": (RuntimeError,)}
"""Errors a rule set raises on purpose in a resolution: the toy race's "boom" (three sixes on
three dice) checks all-or-nothing resolution."""


def _strings(data: Any, out: set[str]) -> set[str]:
    """Every short text in a scenario: names of participants, weapons, spells, items, sides."""
    if isinstance(data, str) and 0 < len(data) <= 40:
        out.add(data)
    elif isinstance(data, dict):
        for v in data.values():
            _strings(v, out)
    elif isinstance(data, list):
        for v in data:
            _strings(v, out)
    return out


JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from([10**400, -1, 0, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.lists(st.integers(-2, 12), max_size=3), st.tuples(st.integers(-2, 12)),
    st.tuples(st.text(max_size=2), st.text(max_size=2)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2), st.just(object()),
)
"""A value of any type: what a wrong-typed field gets."""


def values_for(hint: Any, pool: list[str], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values of the type ``hint`` declares, drawn to hit the rules' edges."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is str:
        return st.one_of(st.sampled_from(pool), st.text(max_size=8))
    if hint is int:
        return st.one_of(st.integers(-3, 14), st.sampled_from([10**30, -(10**18), 2**31]))
    if hint is float:
        return st.one_of(st.floats(-5, 120, allow_nan=False), st.sampled_from([0.0, 1e300]))
    if hint is bool:
        return st.booleans()
    if hint is type(None):
        return st.none()
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin in (typing.Union, __import__("types").UnionType):
        return st.one_of([values_for(a, pool, depth) for a in args])
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(values_for(args[0], pool, depth + 1), max_size=4).map(tuple)
        return st.tuples(*[values_for(a, pool, depth + 1) for a in args])
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and depth < 3:
        return orders_of(hint, pool, depth + 1)
    return JUNK


def field_value(hint: Any, pool: list[str], depth: int) -> st.SearchStrategy[Any]:
    good = values_for(hint, pool, depth)
    return st.one_of(good, good, good, JUNK)  # mostly the declared type, often any other


def orders_of(cls: type, pool: list[str], depth: int = 0) -> st.SearchStrategy[Any]:
    """Instances of an order class with random and wrong-typed fields (None when the class's own
    constructor refuses the values: such an object never reaches the door)."""
    hints = typing.get_type_hints(cls)
    fields = {f.name: field_value(hints.get(f.name, Any), pool, depth)
              for f in dataclasses.fields(cls) if f.init}

    def build(kwargs: dict[str, Any]) -> Any:
        try:
            return cls(**kwargs)
        except Exception:
            return None

    return st.fixed_dictionaries(fields).map(build)


def mangled(data: Any) -> st.SearchStrategy[Any]:
    """An order's JSON with one field dropped, added, retyped, or its type renamed."""
    if not isinstance(data, dict):
        return st.just(data)
    keys = sorted(data)
    return st.one_of(
        st.sampled_from(keys).map(lambda k: {x: v for x, v in data.items() if x != k}),
        st.tuples(st.sampled_from(keys), JUNK).map(lambda kv: {**data, kv[0]: kv[1]}),
        st.tuples(st.text(max_size=6), JUNK).map(lambda kv: {**data, kv[0]: kv[1]}),
        st.sampled_from(["Nope", "", "Order", 3]).map(lambda t: {**data, "type": t}),
        st.just(data),
    )


def _foreign_orders(system: str) -> list[Any]:
    """Orders of other rule sets, the base class, and things that are no order at all."""
    out: list[Any] = [Order(), "Attack", None, 3, {"type": "Move"}]
    for other in all_systems():
        if other.name != system:
            for cls in other.engine_class.order_types[:3]:
                try:
                    out.append(cls(*[None] * len([f for f in dataclasses.fields(cls)
                                                  if f.default is dataclasses.MISSING
                                                  and f.default_factory is dataclasses.MISSING])))
                except Exception:
                    pass
    return out


def quota(system: str) -> int:
    """Orders per scenario so that each rule set gets at least PER_SYSTEM."""
    n = sum(1 for s, _, _ in CASES if s == system)
    return math.ceil(PER_SYSTEM / n)


@pytest.mark.parametrize("system, label, data", CASES, ids=IDS)
def test_random_orders_are_refused_cleanly_or_resolved(system: str, label: str,
                                                        data: dict[str, Any]) -> None:
    cls = engine(system)
    folder = fast_dir()
    pool = [*sorted(_strings(data, set())), "GM", "", " x", "\u200b"]
    order_types = [t for t in cls.order_types if dataclasses.is_dataclass(t)]
    registry = order_registry(cls.order_types)
    foreign = _foreign_orders(system)
    stats: Counter[str] = Counter()
    serial = iter(range(10**9))

    any_order = st.one_of(
        st.sampled_from(order_types).flatmap(lambda t: orders_of(t, pool)),
        st.sampled_from(foreign),
    )

    def actors(enc: Any) -> st.SearchStrategy[Any]:
        names = [*enc.participants(), "GM", "nobody", " " + enc.participants()[0]]
        return st.one_of(st.sampled_from(names), st.sampled_from(names), JUNK)

    def attempt(enc: Any, path: Path, actor: Any, order: Any) -> None:
        stats["orders"] += 1
        before, raw = fingerprint(enc), path.read_bytes()
        try:
            enc.submit(actor, order)
        except GmkitError as e:
            if "cannot be checked" in str(e):
                stats["refused after an engine error"] += 1  # check_order's net: an engine bug
            elif str(e).startswith("C-1"):
                stats["refused by type or actor (C-1)"] += 1
            after = fingerprint(enc)
            assert after == before, (f"refused {order!r} from {actor!r} changed the encounter: "
                                     f"{changed(before, after)}")
            assert path.read_bytes() == raw, f"refused {order!r} from {actor!r} changed the journal"
            stats["refused"] += 1
            return
        assert path.read_bytes() != raw and path.read_bytes().startswith(raw)
        stats["taken"] += 1

    @settings(max_examples=math.ceil(quota(system) / 12), derandomize=True, database=None,
              deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data(), st.integers(0, 10_000))
    def fight(draw: st.DataObject, seed: int) -> None:
        path = folder / f"f{next(serial)}.jsonl"
        enc = cls.from_valid(data, seed, journal=path)
        try:
            for _ in range(STEPS):
                if enc.is_over:
                    break
                kind = draw.draw(st.sampled_from(["random", "random", "legal", "json", "resolve"]))
                if kind == "resolve":
                    before, raw = fingerprint(enc), path.read_bytes()
                    try:
                        enc.resolve_round(autopilot=True)
                        stats["resolved"] += 1
                    except (GmkitError, *DELIBERATE.get(system, ())):
                        after = fingerprint(enc)
                        assert after == before, f"a failed resolution changed {changed(before, after)}"
                        assert path.read_bytes() == raw, "a failed resolution wrote to the journal"
                    continue
                if kind == "legal" and enc.awaiting():
                    actor = draw.draw(st.sampled_from(enc.awaiting()))
                    legal = some_legal(enc, actor)
                    if not legal:
                        continue
                    order = draw.draw(st.sampled_from(legal))
                else:
                    actor = draw.draw(actors(enc))
                    order = draw.draw(any_order)
                if kind == "json":
                    try:
                        order = order_from_json(draw.draw(mangled(order_to_json(order))), registry)
                        stats["json built"] += 1
                    except GmkitError:
                        stats["orders"] += 1  # refused at the door of the orders file / journal
                        stats["json refused"] += 1
                        continue
                attempt(enc, path, actor, order)
            enc.close()
            back = cls.resume(path, autosave=False)
            assert fingerprint(back) == fingerprint(enc), "the fuzzed fight does not replay exactly"
        finally:
            enc.close()
            path.unlink(missing_ok=True)

    fight()
    SYSTEM_ORDERS[system] += stats["orders"]
    CASES_RUN.add(label)
    print(f"{label}: {dict(stats)}")
    assert stats["orders"] >= 0.8 * quota(system), dict(stats)  # the rule set's total is checked below
    assert stats["taken"] > 0 and stats["refused"] > 0 and stats["resolved"] > 0, dict(stats)


def test_two_thousand_orders_per_rule_set() -> None:
    """Checked when this process ran every case above (they fill the counter); each case checks
    its own share of the quota wherever it runs."""
    if CASES_RUN == set(IDS):
        assert all(n >= PER_SYSTEM for n in SYSTEM_ORDERS.values()), dict(SYSTEM_ORDERS)
        print("orders per rule set:", dict(SYSTEM_ORDERS))
