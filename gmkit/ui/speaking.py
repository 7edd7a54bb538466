"""Desk controls speak of their fight: a method that words something runs inside its cast.

A control's text is made in its own methods, called by a button, an observer or the desk; each
of those wraps itself in :func:`speaking`, so the names it writes are declined as the fight's
scenario says (``gender:``, ``forms:``, ``side_names:``) whoever called it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from ..i18n import grammar

__all__ = ["speaking"]

F = TypeVar("F", bound=Callable[..., Any])


def speaking(method: F) -> F:
    """Run ``method`` of a control that has an ``encounter`` with its fight's names declined."""

    @functools.wraps(method)
    def inner(self: Any, *args: Any, **kwargs: Any) -> Any:
        enc = getattr(self, "encounter", None)
        with grammar.cast(enc.cast if enc is not None else None):
            return method(self, *args, **kwargs)

    return inner  # type: ignore[return-value]
