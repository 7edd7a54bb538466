"""Scenario files read defensively: aliases bounded, encodings checked, nesting bounded, duplicate
keys refused, names normalised before duplicates are checked — and a corpus of malformed files,
every one a ScenarioError naming the file."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

import tests.toy  # noqa: F401
from gmkit.errors import ScenarioError
from gmkit.scenario import MAX_BYTES, MAX_DEPTH, load_scenario, normalise_data, normalise_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "templates" / "scenarios").glob("*.yaml"))


def alias_bomb(levels: int = 24, width: int = 9) -> str:
    """The 'billion laughs': each level a list of ``width`` aliases of the level below."""
    lines = ["system: dragons", "name: bomb", f"a0: &a0 [{', '.join(['lol'] * width)}]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    lines.append(f"dragons: *a{levels - 1}")
    return "\n".join(lines) + "\n"


BOMB_CHILD = textwrap.dedent("""
    import json, resource, sys, time, tracemalloc
    sys.path.insert(0, {root!r})
    from gmkit.errors import ScenarioError
    from gmkit.scenario import load_scenario
    from tests.toy import SCENARIO
    load_scenario(SCENARIO)  # imports and first-use caches, not the file, are paid here
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    def load():
        try:
            load_scenario({path!r})
            return "accepted"
        except ScenarioError as e:
            return str(e)

    t = time.perf_counter()
    verdict = load()
    seconds = time.perf_counter() - t
    tracemalloc.start()
    load()
    peak = tracemalloc.get_traced_memory()[1]
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
    print(json.dumps({{"verdict": verdict, "seconds": seconds, "peak": peak, "grown": grown}}))
""")


@pytest.mark.parametrize("levels", [10, 24, 25])
def test_the_alias_bomb_is_refused_small(tmp_path: Path, levels: int) -> None:
    """1.5 KB of nested aliases took 18 s and 604 MB; it is refused before it expands, within
    100 MB, measured in a fresh process (traced allocations and peak RSS growth). Its time is
    not asserted: speed is for the benchmarks."""
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb(levels), encoding="utf-8")
    if levels == 24:
        assert 1400 <= path.stat().st_size <= 1600
    out = subprocess.run([sys.executable, "-c", BOMB_CHILD.format(root=str(ROOT), path=str(path))],
                         capture_output=True, text=True, timeout=120)
    got = json.loads(out.stdout)
    assert "expands to more than" in got["verdict"] and str(path) in got["verdict"]
    assert got["peak"] < 100 * 2**20 and got["grown"] < 100 * 2**20, got


def test_anchors_and_aliases_in_moderation_still_work(tmp_path: Path) -> None:
    text = (EXAMPLES[0].parent / "dragon_duel_firmament.yaml").read_text(encoding="utf-8")
    text = text.replace("pilot: {name: Kira,", "pilot: &kira {name: Kira,")
    text = text.replace("pilot: {name: Vel, fighting: d10, piloting: d8, spirit: d10, shooting: d6}",
                        "pilot: *kira")
    path = tmp_path / "anchors.yaml"
    path.write_text(text, encoding="utf-8")
    model = load_scenario(path)
    assert [d.pilot.name for d in model.dragons] == ["Kira", "Kira"]  # type: ignore[attr-defined]


def test_a_recursive_alias_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text("system: race\nname: loop\nracers: &r [*r]\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="contains itself"):
        load_scenario(path)


@pytest.mark.parametrize("encoding, fragment", [
    ("utf-16", "UTF-16 text"), ("utf-32", "UTF-32 text"), ("utf-16-le", "not UTF-8"),
    ("cp1251", "not UTF-8: byte 0xc0"), ("latin-1", "not UTF-8"),
])
def test_an_encoding_other_than_utf8_is_named(tmp_path: Path, encoding: str, fragment: str) -> None:
    path = tmp_path / "enc.yaml"
    path.write_text("system: race\nname: Алмаз é\nracers:\n  - {name: Ash, side: red}\n",
                    encoding=encoding, errors="replace")
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert str(path) in str(e.value) and fragment in str(e.value) and "UTF-8" in str(e.value)


def test_a_utf8_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfsystem: race\nname: x\nracers:\n  - {name: Ash, side: red}\n")
    assert load_scenario(path).name == "x"


@pytest.mark.parametrize("deep", [
    "[" * 3000 + "]" * 3000,
    "{a: " * 3000 + "1" + "}" * 3000,
    "\n" + "".join("  " * i + "a:\n" for i in range(MAX_DEPTH + 5)) + "  " * (MAX_DEPTH + 5) + "1",
])
def test_deep_nesting_is_refused_before_it_is_composed(tmp_path: Path, deep: str) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(f"system: race\nname: deep\nracers: {deep}\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=f"nested more than {MAX_DEPTH} levels deep"):
        load_scenario(path)


def test_deep_plain_data_is_refused_too() -> None:
    data: Any = 1
    for _ in range(3000):
        data = [data]
    with pytest.raises(ScenarioError, match="nested more than"):
        load_scenario({"system": "race", "name": "deep", "racers": data})


@pytest.mark.parametrize("text, where", [
    ("system: race\nname: a\nname: b\nracers: []\n", "line 3"),
    ("system: race\nname: a\nracers:\n  - {name: Ash, side: red, side: blue}\n", "line 4"),
    ("system: race\nname: a\nracers:\n  - name: Ash\n    side: red\n    name: Bo\n", "line 6"),
])
def test_duplicate_keys_are_refused(tmp_path: Path, text: str, where: str) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert "given twice" in str(e.value) and where in str(e.value)


def test_a_merge_key_may_still_be_overridden(tmp_path: Path) -> None:
    path = tmp_path / "merge.yaml"
    path.write_text("system: race\nname: a\nbase: &b {side: red, max_dice: 2}\n", encoding="utf-8")
    path.write_text("system: race\nname: a\nracers:\n  - &ash {name: Ash, side: red, max_dice: 2}\n"
                    "  - {<<: *ash, name: Bo, side: blue}\n", encoding="utf-8")
    racers = load_scenario(path).racers  # type: ignore[attr-defined]
    assert [(r.name, r.side, r.max_dice) for r in racers] == [("Ash", "red", 2), ("Bo", "blue", 2)]


def test_names_are_normalised() -> None:
    assert normalise_text("\u200b Ash\u2060 ") == "Ash"
    assert normalise_text("E\u0308") == "\u00cb"  # NFC
    data = normalise_data({"name": " x ", "description": "two\nlines ", "list": [" y"], 3: " z"})
    assert data == {"name": "x", "description": "two\nlines ", "list": ["y"], 3: "z"}
    with pytest.raises(ScenarioError, match="is the same as 'Ash'"):
        normalise_data({"Ash": 1, "Ash\u200b": 2})


def _participants(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The scenario's list of named fighters (dragons, ships, combatants...)."""
    for value in data.values():
        if isinstance(value, list) and value and all(isinstance(v, dict) and "name" in v for v in value):
            return value
    raise AssertionError("no list of named participants")


SPOOFS: list[Callable[[str], str]] = [lambda n: " " + n, lambda n: n + " ", lambda n: n + "\u200b",
                                      lambda n: "\ufeff" + n, lambda n: n[0] + "\u200d" + n[1:]]


@pytest.mark.parametrize("example", EXAMPLES, ids=[f.stem for f in EXAMPLES])
@pytest.mark.parametrize("spoof", range(len(SPOOFS)))
def test_names_differing_only_by_invisible_characters_are_duplicates(example: Path, spoof: int,
                                                                     tmp_path: Path) -> None:
    data = yaml.safe_load(example.read_text(encoding="utf-8"))
    fighters = _participants(data)
    twin = dict(fighters[0], name=SPOOFS[spoof](fighters[0]["name"]))
    fighters.append(twin)
    path = tmp_path / "twins.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert str(path) in str(e.value)
    # the same name alone, spoofed, is read as the plain name
    fighters.pop()
    fighters[0]["name"] = SPOOFS[spoof](fighters[0]["name"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert _participants(load_scenario(path).model_dump())[0]["name"] == twin["name"].strip(
        " \u200b\ufeff").replace("\u200d", "")


# --- a corpus of malformed files ----------------------------------------------------------------


def malformed_corpus() -> list[tuple[str, bytes]]:
    """(label, bytes) of files that are not valid scenarios, each for its own reason."""
    out: list[tuple[str, bytes]] = []
    race = "system: race\nname: Sprint\nracers:\n  - {name: Ash, side: red}\n  - {name: Bo, side: blue}\n"
    plain = {
        "empty": "", "comment only": "# nothing\n", "scalar": "hello\n", "list": "- 1\n- 2\n",
        "null": "~\n", "system number": "system: 3\nname: x\n", "system list": "system: [race]\nname: x\n",
        "unknown system": "system: chess\nname: x\n", "no system": "name: x\n",
        "unbalanced": "system: race\nname: [x\n", "tab indent": "system: race\n\tname: x\n",
        "undefined alias": "system: race\nname: *nope\n",
        "python tag": "system: race\nname: !!python/object/apply:os.system [echo]\n",
        "binary tag": "system: race\nname: x\nracers: !!binary 'AAAA'\n",
        "bad date": "system: race\nname: x\nseed: 2024-13-45\nracers: []\n",
        "huge int": "system: race\nname: x\nseed: " + "9" * 5000 + "\nracers: []\n",
        "nan seed": "system: race\nname: x\nseed: .nan\nracers: []\n",
        "control char": "system: race\nname: x\x01\nracers: []\n",
        "nul": "system: race\nname: x\x00\n",
        "two documents": race + "---\n" + race,
        "key twice": race + "name: again\n",
        "recursive": "system: race\nname: x\nracers: &r [*r]\n",
        "bomb": alias_bomb(),
        "deep flow": "system: race\nname: x\nracers: " + "[" * 3000 + "]" * 3000 + "\n",
        "deep map": "system: race\nname: x\nracers: " + "{a: " * 3000 + "}" * 3000 + "\n",
        "complex key": "system: race\nname: x\n? [a, b]\n: 1\nracers: []\n",
        "racers not a list": "system: race\nname: x\nracers: {name: Ash}\n",
        "racer a list": "system: race\nname: x\nracers: [[Ash, red]]\n",
        "max dice text": race.replace("side: red}", "side: red, max_dice: many}"),
        "extra field": race + "wind: strong\n",
    }
    out += [(k, v.encode("utf-8")) for k, v in plain.items()]
    out += [("too big", b"# " + b"x" * MAX_BYTES + b"\n")]
    for f in EXAMPLES:
        text = f.read_text(encoding="utf-8")
        out += [(f"{f.stem} utf-16", text.encode("utf-16")),
                (f"{f.stem} utf-16-le", text.encode("utf-16-le")),
                (f"{f.stem} cp1251", text.replace("name:", "name: Дракон", 1).encode("cp1251", "replace")),
                (f"{f.stem} bad byte", text.encode("utf-8")[:40] + b"\xff" + text.encode("utf-8")[40:]),
                (f"{f.stem} key twice", (text + "name: again\n").encode("utf-8")),
                (f"{f.stem} deep", (text + "deep: " + "[" * 3000 + "]" * 3000 + "\n").encode("utf-8")),
                (f"{f.stem} system wrong", text.replace("system:", "system: x", 1).encode("utf-8")),
                (f"{f.stem} unknown field", (text + "zzz: 1\n").encode("utf-8"))]
        data = yaml.safe_load(text)
        for i, spoof in enumerate(SPOOFS):
            twin = json.loads(json.dumps(data))
            fighters = _participants(twin)
            fighters.append(dict(fighters[0], name=spoof(fighters[0]["name"])))
            out.append((f"{f.stem} twin {i}", yaml.safe_dump(twin, allow_unicode=True).encode("utf-8")))
        for key in sorted(data):  # every top-level field given a value of another kind
            for bad in ([], {}, "text", 10**30, 2.5, [[1]], {"a": {"b": {"c": []}}}):
                if type(bad) is type(data[key]) or (type(data[key]) is int and type(bad) is float):
                    continue
                broken = dict(data, **{key: bad})
                out.append((f"{f.stem} {key}={bad!r}", yaml.safe_dump(broken, allow_unicode=True).encode()))
    return out


CORPUS = malformed_corpus()


def test_the_corpus_is_big() -> None:
    assert len(CORPUS) >= 300


@pytest.mark.parametrize("label, raw", CORPUS, ids=[label for label, _ in CORPUS])
def test_every_malformed_scenario_is_a_scenario_error(tmp_path: Path, label: str, raw: bytes) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(raw)
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert str(path) in str(e.value)


def test_random_damage_is_a_scenario_error_or_a_valid_scenario(tmp_path: Path) -> None:
    """Cuts and flipped bytes may leave a valid file; they never leave a bare exception."""
    rng = random.Random(4463)
    path = tmp_path / "damaged.yaml"
    n = 0
    for f in EXAMPLES:
        raw = f.read_bytes()
        variants = [raw[:k] for k in range(0, len(raw), 17)]
        for _ in range(60):
            b = bytearray(raw)
            for _ in range(rng.randint(1, 4)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            variants.append(bytes(b))
        for v in variants:
            path.write_bytes(v)
            try:
                load_scenario(path)
            except ScenarioError as e:
                assert str(path) in str(e)
            n += 1
    assert n >= 1000
