"""How a corpus case is written and checked.

A case is ``(situation, actor, message, expectation)``; the expectation is one of

* an order (or a tuple of orders): the reading must hold exactly these and be accepted;
* ``Illegal(rule, *orders)``: the orders read, refused by the engine under ``rule``;
* ``Ask(*choices)``: no order, a question offering exactly these names;
* ``Says(*texts)``: the reply holds each text (a rule id, a name...), and no order is accepted;
* ``Partial(orders, Ask(*choices))``: what is certain read (not accepted) and a question;
* ``Nothing()``: no order read, none accepted (narration, another's action, a remark).

:func:`verdict` scores a case as read as meant, missed, or **wrong accepted** (an order taken
that the player did not give).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .situations import reading


@dataclass(frozen=True)
class Illegal:
    rule: str
    orders: tuple[Any, ...]

    def __init__(self, rule: str, *orders: Any):
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "orders", orders)


@dataclass(frozen=True)
class Ask:
    choices: tuple[str, ...]

    def __init__(self, *choices: str):
        object.__setattr__(self, "choices", choices)


@dataclass(frozen=True)
class Says:
    texts: tuple[str, ...]

    def __init__(self, *texts: str):
        object.__setattr__(self, "texts", texts)


def check(system: str, case: tuple[str, str | None, str, Any]) -> None:
    where, actor, message, want = case
    r = reading(system, where, actor, message)
    reply = r.reply()
    assert reply.strip(), "every message gets a reply"
    if isinstance(want, Illegal):
        assert r.orders == want.orders, reply
        assert not r.ok and any(p.rule == want.rule for p in r.problems), reply
        assert want.rule in reply
    elif isinstance(want, Ask):
        assert not r.ok and r.questions, reply
        assert tuple(r.questions[0].choices) == want.choices, reply
    elif isinstance(want, Says):
        assert not r.ok, reply
        for text in want.texts:
            assert text in reply, reply
    elif isinstance(want, Partial):
        assert not r.ok and r.orders == want.orders, reply
        assert r.questions and tuple(r.questions[0].choices) == want.ask.choices, reply
    elif isinstance(want, Nothing):
        assert not r.ok and not r.orders, reply
    else:
        orders = want if isinstance(want, tuple) else (want,)
        assert r.orders == orders, reply
        assert r.ok, reply


def languages(cases: list[tuple[str, str | None, str, Any]]) -> tuple[int, int]:
    """How many cases are (mostly) Cyrillic and how many Latin."""
    from gmkit.language.text import script_of

    ru = sum(1 for c in cases if script_of(c[2]) == "ru")
    return ru, len(cases) - ru


@dataclass(frozen=True)
class Partial:
    """What is certain read (``orders``, not yet accepted) and a question about the rest."""

    orders: tuple[Any, ...]
    ask: Ask

    def __init__(self, orders: Any, ask: Ask):
        object.__setattr__(self, "orders", orders if isinstance(orders, tuple) else (orders,))
        object.__setattr__(self, "ask", ask)


@dataclass(frozen=True)
class Nothing:
    """No order in the message (narration, a question to the GM, another's action...): nothing
    accepted, nothing asked of the player but an order."""


def verdict(system: str, case: tuple[str, str | None, str, Any]) -> tuple[str, str]:
    """How a case was read: ``"meant"`` (as the expectation says), ``"wrong"`` (accepted, and
    the orders are not the expected ones: the worst) or ``"missed"`` (not accepted as meant, but
    no wrong order taken), with the reply."""
    where, actor, message, want = case
    r = reading(system, where, actor, message)
    reply = r.reply()
    expected: tuple[Any, ...] | None = None
    if not isinstance(want, Illegal | Ask | Says | Partial | Nothing):
        expected = want if isinstance(want, tuple) else (want,)
    if r.ok and r.orders != expected:
        return "wrong", reply
    try:
        check(system, case)
    except AssertionError:
        return "missed", reply
    return "meant", reply
