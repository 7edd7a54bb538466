"""A whole forum round through the engine's functions (issue 29): the tool's own seconds and the
number of the GM's actions the functions need.

Two rounds, in Russian, from pasted private messages to the post and the briefs:

* the 2-vs-3 dragon fight with five players: five messages pasted at once as a forum's PM page
  prints them (one of them needs a question: the GM answers it by editing the row), the inbox,
  accept all, the round played, the post, every brief;
* a three-ship space round: two captains' messages (one gives its aim and its place after the shot
  ahead), the GM's ship by the autopilot on its turn, the turns played in initiative order in one
  call, the post, the briefs.

An action is what the GM does at the desk for a step: a paste, an edit, a button, one copy. The
targets are <= 20 actions for the dragon round, <= 25 for space, and <= 5 s of the tool's own time
once the kernel is up (the first figure includes loading the dictionaries; the warm one is the
same round again on a fresh fight). These are the functions' counts (dragon 10, space 6); at the
desk in the browser (tests/browser/test_forum_round.py, the round table of gmkit/ui/round_table.py)
the same rounds take 13 and 7: a paste there is a click in the box and Ctrl+V (2), and answering
the question in its row is a click, the typing and «Прочитать снова» (3). That test prints the
seconds from each click to the desk showing its result: 3.9-6.9 s for the dragon round and
1.6-3.6 s for space on the shared 2-core machine, depending on its load (the browser, JupyterLab
and the widgets' round trips included, which this script does not count).

    .venv/bin/python benchmarks/forum_round.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _machine import calibration  # benchmarks/ is on sys.path when a script runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


class Clock:
    """The tool's own seconds, step by step, and the GM's actions."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, float, int]] = []

    def step(self, name: str, actions: int, fn: Callable[[], Any]) -> Any:
        t0 = time.perf_counter()
        got = fn()
        self.steps.append((name, time.perf_counter() - t0, actions))
        return got

    @property
    def seconds(self) -> float:
        return sum(s for _, s, _ in self.steps)

    @property
    def actions(self) -> int:
        return sum(a for _, _, a in self.steps)


def dragon_round() -> Clock:
    from gmkit import inbox
    from gmkit.report.briefs import all_briefs
    from gmkit.report.chronicle import Chronicle
    from gmkit.report.forum import post_text
    from gmkit.rounds import play_round
    from gmkit.systems import get
    from tests.inbox.fights import PASTE, blue

    c = Clock()
    fight = get("dragons").engine_class(blue(), 7)
    table = c.step("paste five messages, read into the table", 1,
                   lambda: inbox.read_paste(fight, PASTE, gm="Мастер"))
    states = [r.state for r in table.rows]
    assert states.count("ready") == 4 and states.count("question") == 1, states
    asked = next(r for r in table.rows if r.state == "question")
    assert asked.message is not None
    fixed = asked.message.text.replace("по дракону крыла", "по Пеплу")
    table = c.step("answer the question in the row (edit), read again", 1, lambda: inbox.build(
        fight, inbox.edit(table.messages, asked.message, fixed, asked.actor), gm="Мастер"))
    assert len(table.ready) == 5, [(r.actor, r.state) for r in table.rows]
    c.step("accept all", 1, lambda: inbox.accept_all(fight, table))
    play = c.step("play the round", 1, lambda: play_round(fight))
    assert play.stopped == "done", play.stopped
    chron = Chronicle(fight, "ru")
    post = c.step("copy the post", 1, lambda: post_text(chron.update(), None, "", "phpbb"))
    assert "[img]" not in post
    briefs = c.step("copy each player's brief (one action each)", 5,
                    lambda: all_briefs(chron, "phpbb", "ru", "пятница, 20:00"))
    assert len(briefs) == 5
    return c


def space_round() -> Clock:
    from gmkit import inbox
    from gmkit.report.briefs import all_briefs
    from gmkit.report.chronicle import Chronicle
    from gmkit.report.forum import post_text
    from gmkit.rounds import play_round
    from gmkit.systems import get
    from tests.inbox.fights import SPACE_PASTE, lighthouse

    c = Clock()
    sc = lighthouse()
    del sc["ships"][1]["player"]  # Страж: the GM's ship
    fight = get("space").engine_class(sc, 5)
    table = c.step("paste two captains' messages, read into the table", 1,
                   lambda: inbox.read_paste(fight, SPACE_PASTE))
    assert [r.state for r in table.rows] == ["ready", "later", "ready"], [r.state for r in table.rows]
    c.step("accept all (every ship's order up front)", 1, lambda: inbox.accept_all(fight, table))
    play = c.step("play the round (three turns, the GM's ship by the autopilot)", 1,
                  lambda: play_round(fight, npcs=["Страж"]))
    assert play.stopped == "done" and len(play.played) == 3, (play.stopped, play.played)
    chron = Chronicle(fight, "ru")
    c.step("copy the post", 1, lambda: post_text(chron.update(), None, "", "phpbb"))
    briefs = c.step("copy each captain's brief (one action each)", 2,
                    lambda: all_briefs(chron, "phpbb", "ru"))
    assert len(briefs) == 2
    return c


def fantasy_round() -> Clock:
    from gmkit import inbox
    from gmkit.report.briefs import all_briefs
    from gmkit.report.chronicle import Chronicle
    from gmkit.report.forum import post_text
    from gmkit.report.posts import play_span
    from gmkit.rounds import play_round
    from gmkit.scenario import actors_of, load_scenario
    from gmkit.systems import get
    from tests.forum.messages import FANTASY_PASTE

    c = Clock()
    here = Path(__file__).resolve().parents[1]
    sc = load_scenario(here / "templates/scenarios/fantasy_ford_ambush_ru.yaml").model_dump(mode="json")
    fight = get("fantasy").engine_class(sc, 3)
    npcs = [name for name, _, gm, _ in actors_of(fight.scenario) if gm]
    chron = Chronicle(fight, "ru")
    table = c.step("paste five messages, read into the table", 1,
                   lambda: inbox.read_paste(fight, FANTASY_PASTE))
    asked = [r for r in table.rows if r.state == "question"]
    assert [r.actor for r in asked] == ["Ярослава"], [(r.actor, r.state) for r in table.rows]
    msg = asked[0].message
    assert msg is not None
    fixed = msg.text.replace("в гоблина", "во второго гоблина")
    table = c.step("answer the question in the row (edit), read again", 1, lambda: inbox.build(
        fight, inbox.edit(table.messages, msg, fixed, "Ярослава")))
    players = [r for r in table.rows if r.actor not in npcs]
    assert all(r.state == "ready" for r in players), [(r.actor, r.state, r.understood) for r in players]
    c.step("accept all", 1, lambda: inbox.accept_all(fight, table))
    chron.update()
    chron.mark_play()
    play = c.step("play the round (the exchange, then melee)", 1, lambda: play_round(fight, npcs))
    assert play.stopped in ("done", "over"), play.stopped
    data = chron.update()
    post = c.step("copy the post (every round it reached)", 1,
                  lambda: post_text(data, play_span(data), "", "phpbb"))
    assert "[img]" not in post
    briefs = c.step("copy each player's brief (one action each)", 5,
                    lambda: all_briefs(chron, "phpbb", "ru", "пятница, 20:00"))
    assert len(briefs) == 5
    return c


def warm_up() -> None:
    """What a kernel with a desk open has loaded before the GM pastes anything: gmkit, the
    report and post writers, the word dictionaries of the order reader and of the grammar."""
    import gmkit.inbox
    import gmkit.report.briefs
    import gmkit.report.chronicle
    import gmkit.report.forum
    import gmkit.report.posts
    import gmkit.rounds  # noqa: F401
    from gmkit.i18n import grammar
    from gmkit.language import morph

    grammar.analyser()
    morph.analyser()


def report(title: str, runs: list[Clock], target_actions: int) -> None:
    first, warm = runs[0], min(runs[1:], key=lambda c: c.seconds) if len(runs) > 1 else runs[0]
    print(title)
    for (name, s, a), (_, w, _) in zip(first.steps, warm.steps, strict=True):
        print(f"    {name:62} {a:2d} action(s)  {s:6.3f} s first, {w:6.3f} s warm")
    print(f"  GM actions                      : {first.actions}  (target <= {target_actions})")
    print(f"  tool's own seconds, first round : {first.seconds:6.2f} s  (target <= 5 s)")
    print(f"  tool's own seconds, warm        : {warm.seconds:6.2f} s  (best of {len(runs) - 1})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3, help="warm rounds after the first")
    args = ap.parse_args()
    t0 = time.perf_counter()
    warm_up()
    print(f"the kernel up and the desk open (imports, word dictionaries): "
          f"{time.perf_counter() - t0:.2f} s, not counted")
    report("Dragon round, 2 vs 3, five players (Засада в Синеве)",
           [dragon_round() for _ in range(1 + args.repeats)], 20)
    report("Space round, three ships, one the GM's (Засада у маяка)",
           [space_round() for _ in range(1 + args.repeats)], 25)
    report("Fantasy round, five players against five goblins, both parts (Засада у брода)",
           [fantasy_round() for _ in range(1 + args.repeats)], 20)
    print(f"  machine: sum(range(1000)) takes {calibration():.1f} us (about 8 on an idle modern core)")


if __name__ == "__main__":
    main()
