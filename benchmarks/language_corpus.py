"""Order reader accuracy on the prose corpora (issue 28): read as meant, and wrong accepted.

Reads every message of ``tests/language/prose_<system>.py`` (forum messages written as players
write them, against Russian-named fights) and prints, per rule set, how many were read as meant,
how many were accepted as an order the player did not give (**wrong accepted**: the reading is
``ok`` and its orders differ from the expected ones; the target is 0) and how many were missed
otherwise (asked or refused where an order was meant). ``-v`` lists the misses with their
replies. The old corpora (``test_corpus_<system>.py``) are scored too. Target: >= 97% read as
meant and 0 wrong accepted on every corpus.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    from tests.language.corpus import verdict

    verbose = "-v" in sys.argv[1:]
    print(f"{'corpus':<26}{'messages':>9}{'as meant':>10}{'%':>8}{'wrong accepted':>16}{'missed':>8}")
    totals = [0, 0, 0, 0]
    for kind in ("prose", "test_corpus"):
        for system in ("dragons", "space", "fantasy"):
            cases = importlib.import_module(f"tests.language.{kind}_{system}").CASES
            counts = {"meant": 0, "wrong": 0, "missed": 0}
            misses = []
            for case in cases:
                got, reply = verdict(system, case)
                counts[got] += 1
                if got != "meant":
                    misses.append((got, case[2], case[3], reply))
            n = len(cases)
            name = f"{kind}_{system}"
            print(f"{name:<26}{n:>9}{counts['meant']:>10}{100 * counts['meant'] / n:>7.1f}%"
                  f"{counts['wrong']:>16}{counts['missed']:>8}")
            for i, c in enumerate((n, counts["meant"], counts["wrong"], counts["missed"])):
                totals[i] += c
            if verbose:
                for got, text, want, reply in misses:
                    print(f"  {got.upper()}: {text!r}\n    want {want!r}\n    " +
                          reply.replace("\n", "\n    "))
    n, meant, wrong, missed = totals
    print(f"{'all':<26}{n:>9}{meant:>10}{100 * meant / n:>7.1f}%{wrong:>16}{missed:>8}")


if __name__ == "__main__":
    main()
