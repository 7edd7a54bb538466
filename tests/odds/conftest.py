"""Every odds test starts in English, whatever a CLI test with ``--lang ru`` left behind."""

from __future__ import annotations

from typing import Iterator

import pytest

from gmkit.i18n import set_language


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
