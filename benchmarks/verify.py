"""Checking a sealed fight's thread: the time ``gmkit.verify`` takes over a 30-round fight's posts
(target: under 1 s), with the published journal too, and the players' one-file script.

The fight: the space battle with a cloaked ship (the example scenario that runs longest), sealed
with fixed secrets tried in turn until one lasts 30 rounds, played by the autopilot; its thread is
the opening post, the salt taken, the 30 public round posts (phpBB) and the closing post. A
fantasy skirmish (the example with the most dice per round) gives the per-die figure. Prints
milliseconds, best of 5.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROUNDS = 30


def best(fn: Callable[[], object], n: int = 5) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times) * 1e3


def thread(name: str, folder: Path, rounds: int | None) -> tuple[Path, Path, int]:
    """A sealed fight's thread file and journal, and its number of round posts: the first fixed
    secret whose fight lasts ``rounds`` rounds (None: the first fight, to its end)."""
    from gmkit.report.chronicle import Chronicle
    from gmkit.report.forum import post_text
    from gmkit.report.seal import closing_block, opening_block, salt_block
    from gmkit.scenario import load_scenario
    from gmkit.systems import get

    root = Path(__file__).resolve().parents[1]
    data = load_scenario(root / "templates" / "scenarios" / f"{name}.yaml").model_dump(mode="json")
    for attempt in range(500):
        path = folder / f"{name}-{attempt}.jsonl"
        enc = get(data["system"]).engine_class(data, 1, journal=path)
        secret = hashlib.sha256(f"bench {attempt}".encode()).hexdigest()
        with mock.patch("gmkit.seal.new_secret", return_value=secret):
            seal = enc.seal()
        enc.set_salt("benchmark salt")
        while not enc.is_over and (rounds is None or enc.round <= rounds):
            enc.resolve_round(autopilot=True)
        if rounds is not None and enc.round <= rounds:
            enc.close()
            continue
        info = {"name": data["name"], **enc.fight_id(), **seal}
        chron = Chronicle(enc, "ru").update()
        posts = [r for r in chron["rounds"] if rounds is None or int(r["round"]) <= rounds]
        parts = [opening_block(info, "ru"), salt_block({**info, "salt": enc.salt}, "ru")]
        parts += [post_text(chron, int(r["round"]), "", "phpbb", "ru") for r in posts]
        parts.append(closing_block({**info, **enc.reveal(), "draws": enc.dice.draws}, "ru"))
        enc.close()
        out = folder / f"{name}.txt"
        out.write_text("\n\n".join(parts), encoding="utf-8")
        return out, path, len(posts)
    raise SystemExit(f"no fight of {name} lasted {rounds} rounds in 500 tries")


def main() -> None:
    from gmkit import verify
    from gmkit.verification import write_script

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        space, space_journal, n = thread("space_cloak_2v2", folder, ROUNDS)
        report = verify(space)
        assert report.ok, str(report)
        faces, lines = report.report.faces, len(space.read_text(encoding="utf-8").splitlines())
        ms = best(lambda: verify(space))
        print(f"verify, space battle thread of {n} rounds ({lines:,} lines, {faces} dice): "
              f"{ms:7.1f} ms  (target < 1000 ms)")
        ms = best(lambda: verify(space, journal=space_journal), 3)
        print(f"verify --journal, the same thread and its journal:               {ms:7.1f} ms")
        wolves, _journal, m = thread("fantasy_wolves", folder, None)
        w = verify(wolves)
        assert w.ok, str(w)
        ms = best(lambda: verify(wolves))
        print(f"verify, fantasy skirmish thread of {m} rounds ({w.report.faces} dice): {ms:7.1f} ms "
              f"({ms * 1e3 / max(w.report.faces, 1):.0f} us per die, all in)")
        script = write_script(folder / "gmkit_check.py")

        def run_script() -> None:
            subprocess.run([sys.executable, "-I", "-S", str(script), str(space)], check=True,
                           capture_output=True)

        ms = best(run_script, 3)
        print(f"the players' script on the {n}-round thread (a fresh Python):   {ms:7.1f} ms")


if __name__ == "__main__":
    main()
