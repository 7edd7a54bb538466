"""A reading depends on the message and the situation only: not on which scenarios were read
before it in the same process, nor on the string hash seed of the process."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from gmkit.fantasy.language import LANGUAGE as FANTASY
from gmkit.i18n.grammar import Cast


class _Bare:
    """Just enough of an encounter for the reader's name index."""

    system = "fantasy"

    def __init__(self, scenario: dict[str, Any]):
        self.scenario = scenario

    cast = Cast.of([])  # no grammar of its own: the reader's rows decline the names

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


# --- the same readings under every hash seed --------------------------------------------------------

SEEDS = ("1", "5", "17", "4242")
"""String hash seeds the sample is read under, one process each (5 is a seed that failed)."""

ROOT = Path(__file__).resolve().parents[2]


def _mixes(system: str, n: int) -> list[str]:
    """``n`` messages of order words, names and misspelt words, the same in every process."""
    from gmkit.language import language_of

    rnd = random.Random(f"mix {system}")
    words = [p.replace("|", " ").split()[0] for by in language_of(system).lexicon.concepts.values()
             for phrases in by.values() for p in phrases]
    words += ["Бейна", "рейдера", "второго", "волка", "вожака", "Raider", "Wolf", "Cobra", "Кобру",
              "Asp", "Пламенем", "когтями", "искру", "зелье", "3", "(4, 5)", "#2", "и", ","]
    words += [w[:k] + w[k + 1:] for w in words[::7] if len(w) > 5 for k in (len(w) // 2,)]
    return [" ".join(rnd.choice(words) for _ in range(rnd.randint(1, 6))) for _ in range(n)]


def _readings() -> dict[str, str]:
    """Every corpus message, every legal order of the example situations rendered in both
    languages, and mixed words, each with what was read: the orders, the questions, the reply."""
    from gmkit.dragons.orders import Attack, DragonOrder, TailAttempt
    from gmkit.fantasy.orders import Flee
    from gmkit.language import read

    from . import test_corpus_dragons, test_corpus_fantasy, test_corpus_space
    from .situations import reading, situation

    out: dict[str, str] = {}

    def put(key: str, r: Any) -> None:
        out[key] = f"{r.orders!r}\n{[q.choices for q in r.questions]!r}\n{r.reply()}"

    corpora = (("dragons", test_corpus_dragons), ("space", test_corpus_space),
               ("fantasy", test_corpus_fantasy))
    for system, module in corpora:
        for i, (where, actor, message, _) in enumerate(module.CASES):
            put(f"{system} corpus {i}: {message}", reading(system, where, actor, message))
    for where in ("firmament", "above", "same", "blue"):
        enc = situation("dragons", where)
        foe = "Bane" if where != "blue" else "Raider Two"
        acts = ((), (Attack("Flame", foe),), (Attack("Claws", foe),), (TailAttempt(foe),))
        for move in [*enc.legal_moves("Ash"), None]:
            for a in acts:
                if move is not None or a:
                    _round_trip(put, f"dragons {where}", enc, "Ash", DragonOrder(move, a))
    for where in ("orbit", "cloak", "dock", "cobra"):
        enc = situation("space", where)
        for order in enc.legal_orders(enc.current_ship):
            _round_trip(put, f"space {where}", enc, enc.current_ship, order)
    for where in ("wolves", "crypt", "melee"):
        enc = situation("fantasy", where)
        for actor in enc.awaiting():
            for order in enc.legal_orders(actor):
                if not (isinstance(order, Flee) and order.gm_allows is not None):
                    _round_trip(put, f"fantasy {where}", enc, actor, order)
    for system, where, actor in (("dragons", "blue", "Ash"), ("space", "cobra", "Viper"),
                                 ("fantasy", "wolves", "Mira")):
        enc = situation(system, where)
        for i, message in enumerate(_mixes(system, 60)):
            put(f"{system} mix {i}: {message}", read(enc, actor, message))
    return out


def _round_trip(put: Any, where: str, enc: Any, actor: str, order: Any) -> None:
    from gmkit.language import read, render

    for lang in ("ru", "en"):
        text = render(enc, actor, order, lang)
        put(f"{where} {actor} {order!r} {lang}: {text}", read(enc, actor, text))


def test_the_readings_do_not_depend_on_the_hash_seed() -> None:
    code = ("import json, sys\nfrom tests.language.test_determinism import _readings\n"
            "json.dump(_readings(), sys.stdout, ensure_ascii=False)")
    runs = {}
    for seed in SEEDS:
        env = {**os.environ, "PYTHONHASHSEED": seed,
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
        runs[seed] = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    got: dict[str, dict[str, str]] = {}
    for seed, proc in runs.items():
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr.decode("utf-8", "replace")[-2000:]
        got[seed] = json.loads(stdout)
    first, base = SEEDS[0], got[SEEDS[0]]
    assert len(base) > 1000
    for seed in SEEDS[1:]:
        assert got[seed].keys() == base.keys(), f"PYTHONHASHSEED={seed} read other messages"
        for key, want in base.items():
            assert got[seed][key] == want, (f"{key!r} read differently under PYTHONHASHSEED="
                                            f"{first} and {seed}:\n{want}\n---\n{got[seed][key]}")
