"""The dragons modules' docstring examples stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["gmkit.dragons", "gmkit.dragons.rules", "gmkit.dragons.moves", "gmkit.dragons.orders",
           "gmkit.dragons.engine", "gmkit.dragons.legal", "gmkit.dragons.sheets", "gmkit.dragons.odds"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
