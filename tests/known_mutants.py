"""The one-line bugs issue 19 found surviving (and the kills that rested on one test or on a crash),
re-applied one at a time to a copy of the sources: each must make at least one test fail.

    python -m tests.known_mutants          # every mutant; exit status 1 if any survives

``make mutate`` runs it after mutmut (mutmut covers the dice, the rules and the journal; these
mutants live elsewhere too: a report writer, a procedure, the order form). Not run by CI.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]


class Mutant(NamedTuple):
    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


MUTANTS = [
    Mutant("a report paragraph (the scenario's description) no longer HTML-escaped",
           "gmkit/report/document.py", 'f"<p>{_esc(block.text)}</p>"', 'f"<p>{block.text}</p>"',
           ("tests/report/test_escaping.py",)),
    Mutant("os.fsync dropped from the journal's append",
           "gmkit/journal.py",
           "f.write(data)\n                    f.flush()\n                    os.fsync(f.fileno())",
           "f.write(data)\n                    f.flush()",
           ("tests/core/test_journal_integrity.py",)),
    Mutant("D-9 fall recovery with the action wound penalty",
           "gmkit/dragons/procedures/falling.py", "R.wound_penalty(s.wounds, spec.wild_card, False)",
           "R.wound_penalty(s.wounds, spec.wild_card, True)", ("tests/dragons/test_duel.py",)),
    Mutant("S-6 shields absorbing damage while lowered",
           "gmkit/space/procedures/fire.py", 'work = t.shields_up and not t.disabled("shields")',
           'work = not t.disabled("shields")', ("tests/space/test_battle.py",)),
    Mutant("S-1 a player's orders-received list no longer hiding a cloaked ship",
           "gmkit/ui/order_form.py", "if self.side is None or hidden is None or not hidden(a, self.side)]",
           "]", ("tests/space/test_cloak.py",)),
    # the kills that rested on one test or on an incidental crash
    Mutant("D-5 range band edge: Short no longer includes its limit",
           "gmkit/dragons/rules.py", "        if rng <= limit:\n            return band, pen",
           "        if rng < limit:\n            return band, pen", ("tests/dragons/test_reference.py",)),
    Mutant("D-5 a level ranged attack allowed without the tail (slow path)",
           "gmkit/dragons/rules.py",
           "if attacker_height == target_height and not on_tail:\n        return Problem",
           "if False:\n        return Problem", ("tests/dragons/test_reference.py",)),
    Mutant("D-5 a level ranged attack allowed without the tail (fast path)",
           "gmkit/dragons/rules.py",
           "if attacker_height < target_height or (attacker_height == target_height and not on_tail):"
           "\n        return False",
           "if attacker_height < target_height:\n        return False", ("tests/dragons/test_reference.py",)),
    Mutant("the public player report receiving the GM's board",
           "gmkit/report/rundata.py", 'return {"public": copy.deepcopy(views["public"])}',
           'return {"public": copy.deepcopy(views["gm"])}',
           ("tests/report/test_escaping.py",)),
]


def run(m: Mutant, python: str = sys.executable) -> bool:
    """True when the mutant is killed: a test fails (exit status 1; a collection error or a
    broken copy, status 2 or more, is no kill and stops the script)."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "src"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
            ".git", ".venv", "mutants", "__pycache__", ".hypothesis", "reports", "build", "dist"))
        target = copy / m.path
        text = target.read_text()
        if text.count(m.old) != 1:
            raise SystemExit(f"{m.name}: the original text is not in {m.path} exactly once")
        target.write_text(text.replace(m.old, m.new))
        r = subprocess.run([python, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                            "-p", "no:xdist", *m.tests], cwd=copy, capture_output=True, text=True,
                           env={**__import__("os").environ, "PYTHONPATH": str(copy)})
        if r.returncode not in (0, 1):
            raise SystemExit(f"{m.name}: pytest could not run ({r.returncode}):\n{r.stdout[-2000:]}")
        return r.returncode == 1


def main() -> int:
    survived = 0
    for m in MUTANTS:
        killed = run(m)
        survived += not killed
        print(f"{'killed  ' if killed else 'SURVIVED'}  {m.name}  ({', '.join(m.tests)})", flush=True)
    print(f"{len(MUTANTS) - survived} of {len(MUTANTS)} known mutants killed")
    return 1 if survived else 0


if __name__ == "__main__":
    raise SystemExit(main())
