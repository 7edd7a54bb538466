"""Property tests of the core on the toy engine: any stream of steps replays and undoes exactly."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gmkit.errors import GmkitError
from tests.core.test_encounter import fingerprint
from tests.toy import SCENARIO, Race, Run

step = st.one_of(
    st.tuples(st.just("submit"), st.sampled_from(["Ash", "Bo"]), st.integers(1, 3)),
    st.tuples(st.just("resolve"), st.just(""), st.just(0)),
    st.tuples(st.just("undo"), st.just(""), st.just(0)),
    st.tuples(st.just("enter"), st.just(""), st.integers(1, 6)),
    st.tuples(st.just("note"), st.just(""), st.just(0)),
)


def apply(r: Race, op: str, actor: str, n: int) -> bool:
    """One step; False when the engine refused it."""
    try:
        if op == "submit":
            r.submit(actor, Run(n))
        elif op == "resolve":
            r.resolve_round()
        elif op == "undo":
            r.undo()
        elif op == "enter":
            r.enter_faces(n)
        else:
            r.note(f"note {len(r.record)}")
    except (GmkitError, RuntimeError):
        return False
    return True


@settings(max_examples=60, deadline=None)
@given(st.lists(step, max_size=25))
def test_journal_replay_and_undo_are_exact(steps: list[tuple[str, str, int]]) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "j.jsonl"
        r = Race(SCENARIO, journal=path)
        stack: list[tuple] = []  # the state before each journaled step
        for op, actor, n in steps:
            before = fingerprint(r)
            done = apply(r, op, actor, n)
            if not done:
                assert fingerprint(r) == before  # a refused step changes nothing
            elif op == "undo":
                assert fingerprint(r) == stack.pop()
            else:
                stack.append(before)
            assert len(stack) == len(r.history)
        back = Race.resume(path)
        assert fingerprint(back) == fingerprint(r)
        assert back.dice.roll("4d6").faces == r.dice.roll("4d6").faces
