"""A reading depends on the message and the situation only: not on which scenarios were read
before it in the same process, nor on the string hash seed of the process."""

from __future__ import annotations

from typing import Any

from gmkit.fantasy.language import LANGUAGE as FANTASY


class _Bare:
    """Just enough of an encounter for the reader's name index."""

    system = "fantasy"

    def __init__(self, scenario: dict[str, Any]):
        self.scenario = scenario

    def participants(self) -> list[str]:
        return [c["name"] for c in self.scenario["combatants"]]

    def side_of(self, actor: str) -> None:
        return None

    def board(self, side: str | None) -> dict[str, Any]:
        return {}


def test_a_new_scenario_never_gets_an_old_one_s_names() -> None:
    # CPython hands a freed dict's address to the next one: a cache keyed by id() alone gave a
    # scenario the names of one read before it (the blue duel read as the firmament's).
    for i in range(200):
        scenario = {"combatants": [{"name": "Mira", "spells": [{"name": f"word{i}"}]}]}
        ctx = FANTASY.context(_Bare(scenario), "Mira")
        assert ctx.names.names("spell") == [f"word{i}"]
        del scenario, ctx
