from __future__ import annotations

from collections.abc import Iterator

import pytest

from gmkit.i18n import get_language, set_language


@pytest.fixture(autouse=True)
def _keep_the_language() -> Iterator[None]:
    """``gmkit --lang ru`` sets the process's language; each test starts from the same one."""
    before = get_language()
    yield
    set_language(before)
