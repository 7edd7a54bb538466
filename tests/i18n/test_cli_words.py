"""The command line in Russian: what ``gmkit --lang ru`` prints holds no English words (issue 17
item 5: CLI messages and errors); names and dice expressions aside."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gmkit.cli import main
from gmkit.i18n import set_language
from tests.i18n.test_no_foreign_words import foreign_words


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """``--lang`` sets the language for the process: put it back for the tests that follow."""
    yield
    set_language("en")


def test_a_trait_roll_is_printed_in_russian(capsys: Any) -> None:
    assert main(["--lang", "ru", "roll", "--trait", "d8", "--seed", "1", "--times", "3"]) == 0
    out = capsys.readouterr().out
    assert "против сложности 4" in out and foreign_words(out, "ru") == [], out


def test_a_roll_that_cannot_be_made_says_so_in_russian(capsys: Any) -> None:
    assert main(["--lang", "ru", "roll", "d6", "--times", "0"]) == 2
    err = capsys.readouterr().err
    # the program's name and the command as typed ("gmkit roll:") lead the line, as in every tool
    assert err.startswith("gmkit roll: ") and "нужно хотя бы 1" in err, err
    assert foreign_words(err[len("gmkit roll: "):], "ru") == [], err


def test_a_refusal_reaches_the_command_line_in_russian(capsys: Any, tmp_path: Any) -> None:
    from gmkit.dragons.orders import Attack, DragonOrder
    from gmkit.errors import IllegalOrder
    from tests.language.situations import build, firmament

    enc = build("dragons", firmament())
    with pytest.raises(IllegalOrder) as info:
        enc.submit("Ash", DragonOrder(None, (Attack("Claws", "Bane"),)))
    set_language("ru")
    assert info.value.message().startswith("D-5: Ash не может атаковать Bane Claws: для ближнего боя")
