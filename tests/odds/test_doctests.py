"""The examples in the odds modules' docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["gmkit.odds", "gmkit.odds.core", "gmkit.odds.savage",
                                  "gmkit.fantasy.odds", "gmkit.space.odds"])
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
