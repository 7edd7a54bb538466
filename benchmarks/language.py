"""Order language speed: players' messages read (and checked by the engine) per second.

Reads the test corpus (forum messages in Russian and English, for all three rule sets) over and
over against its situations and prints messages per second: *warm* (the usual case: a GM's
messages repeat their words and shapes, so word forms and parses come from the caches) and *cold*
(every cache emptied before each pass); then warm for the prose corpora of issue 28 (role-play,
quotes, corrections, negations, against Russian-named fights). Also a 1 MB message and a
300-word prose message.
Target: >= 1,000 messages/s warm on typical messages.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    from gmkit.language import read
    from gmkit.language.morph import forms
    from tests.language import (
        prose_dragons,
        prose_fantasy,
        prose_space,
        test_corpus_dragons,
        test_corpus_fantasy,
        test_corpus_space,
    )
    from tests.language.situations import situation

    def load(mods: tuple[tuple[str, object], ...]) -> list[tuple[object, str, str]]:
        out = []
        for system, mod in mods:
            encounters: dict[str, object] = {}
            for where, actor, text, _ in mod.CASES:  # type: ignore[attr-defined]
                enc = encounters.setdefault(where, situation(system, where))
                out.append((enc, actor or enc.awaiting()[0], text))  # type: ignore[attr-defined]
        return out

    jobs = load((("dragons", test_corpus_dragons), ("space", test_corpus_space),
                 ("fantasy", test_corpus_fantasy)))
    prose = load((("dragons", prose_dragons), ("space", prose_space), ("fantasy", prose_fantasy)))

    def once(which: list[tuple[object, str, str]] | None = None) -> float:
        t0 = time.perf_counter()
        for enc, actor, text in which or jobs:
            read(enc, actor, text).reply()
        return time.perf_counter() - t0

    def clear() -> None:
        from gmkit.language import language_of

        forms.cache_clear()
        for name in ("dragons", "space", "fantasy"):
            lang = language_of(name)
            lang.grammar._cache.clear()
            lang._indexes.clear()

    clear()
    cold = min(once() for _ in range(1) if clear() is None)
    once()
    warm = min(once() for _ in range(5))
    print(f"corpus: {len(jobs)} messages (ru and en, three rule sets)")
    print(f"warm: {len(jobs) / warm:,.0f} messages/s  ({warm / len(jobs) * 1e6:,.0f} us each)"
          "  target >= 1,000")
    print(f"cold: {len(jobs) / cold:,.0f} messages/s  (word-form and parse caches emptied first)")
    once(prose)
    warm_prose = min(once(prose) for _ in range(5))
    print(f"prose corpora: {len(prose)} messages, warm: {len(prose) / warm_prose:,.0f} messages/s"
          f"  ({warm_prose / len(prose) * 1e6:,.0f} us each)")
    enc, actor, _ = jobs[0]
    story = ("Кира щурится на солнце, ветер свистит в ушах, внизу облака. " * 30) + "\nЗаявка: ровно +1"
    t0 = time.perf_counter()
    for _ in range(20):
        read(enc, actor, story)
    print(f"300-word prose message with an order line: {(time.perf_counter() - t0) / 20 * 1e3:.2f} ms")
    big = ("Кира летит сквозь облака и думает о доме. " * 30_000)[:1_000_000]
    t0 = time.perf_counter()
    read(enc, actor, big).reply()
    print(f"1 MB message (read up to the cut): {(time.perf_counter() - t0) * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
