"""The order language's docstring examples stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["gmkit.language.text", "gmkit.language.numbers", "gmkit.language.morph",
           "gmkit.language.names", "gmkit.dragons.language", "gmkit.space.language"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
