"""The environment the suite runs in is the one uv.lock describes (issue 26).

Two distributions that write the same file make an install depend on the order pip or uv writes
them in (d20's lark-parser and gmkit's lark both own ``lark/``: whichever came last won, and with
lark-parser's files ``import jsonschema`` failed). So no file may have two owners, and every
distribution installed must be the one the lock pins. The Makefile's lock check is run too: a
missing or stale lock stops an install in one line.
"""

from __future__ import annotations

import collections
import importlib.metadata as md
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.wheel import ROOT


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def file_owners(dists: list[md.Distribution]) -> dict[str, set[str]]:
    """Every file any of ``dists`` lists in its record, with the distributions that list it."""
    owners: dict[str, set[str]] = collections.defaultdict(set)
    for dist in dists:
        for f in dist.files or ():
            path = str(f)
            if "__pycache__" in path:  # compiled on import, by whoever imports first
                continue
            owners[path].add(f"{dist.metadata['Name']} {dist.version}")
    return owners


def shared_files(dists: list[md.Distribution]) -> dict[str, set[str]]:
    return {path: names for path, names in file_owners(dists).items() if len(names) > 1}


def test_no_file_has_two_owners() -> None:
    shared = shared_files(list(md.distributions()))
    listing = "\n".join(f"{path}: {', '.join(sorted(names))}" for path, names in sorted(shared.items())[:20])
    assert not shared, f"{len(shared)} files are written by two distributions:\n{listing}"


class _Dist(md.Distribution):
    """A distribution with a given name and record, for checking the check."""

    def __init__(self, name: str, files: list[str]):
        self._name, self._files = name, files

    def read_text(self, filename: str) -> str | None:
        if filename == "METADATA":
            return f"Metadata-Version: 2.1\nName: {self._name}\nVersion: 1.0\n"
        if filename == "RECORD":
            return "".join(f"{f},,\n" for f in self._files)
        return None

    def locate_file(self, path: str | md.PackagePath) -> Path:
        return Path(str(path))


def test_the_check_names_both_owners_of_a_file() -> None:
    lark = _Dist("lark", ["lark/__init__.py", "lark/lark.py", "lark/__pycache__/lark.cpython-311.pyc"])
    parser = _Dist("lark-parser", ["lark/__init__.py", "lark/__pycache__/lark.cpython-311.pyc"])
    other = _Dist("six", ["six.py"])
    assert shared_files([lark, parser, other]) == {"lark/__init__.py": {"lark 1.0", "lark-parser 1.0"}}
    assert shared_files([lark, other]) == {}


def locked_versions() -> dict[str, set[str]]:
    """Each locked name with its versions (a universal lock may pin two, one per Python)."""
    lock = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
    out: dict[str, set[str]] = collections.defaultdict(set)
    for package in lock["package"]:
        if "version" in package:
            out[_norm(package["name"])].add(package["version"])
    return out


def test_every_installed_distribution_is_pinned_by_the_lock() -> None:
    pinned = locked_versions()
    unpinned, other = [], []
    for dist in md.distributions():
        name = _norm(dist.metadata["Name"])
        if name == "gmkit":  # the project itself, installed from this checkout
            continue
        if name not in pinned:
            unpinned.append(f"{name} {dist.version}")
        elif dist.version not in pinned[name]:
            other.append(f"{name} {dist.version} (the lock pins {' or '.join(sorted(pinned[name]))})")
    assert not unpinned, f"installed but not in uv.lock: {', '.join(sorted(unpinned))}"
    assert not other, f"installed at another version than uv.lock's: {', '.join(sorted(other))}"


def test_the_lock_is_for_python_3_11_and_has_hashes() -> None:
    lock = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
    assert lock["requires-python"] == ">=3.11"
    registry = [p for p in lock["package"] if p.get("source", {}).get("registry")]
    assert registry
    no_hash = [p["name"] for p in registry
               if not all(w.get("hash", "").startswith("sha256:") for w in p.get("wheels", []))
               or ("sdist" in p and not p["sdist"].get("hash", "").startswith("sha256:"))]
    assert not no_hash, f"locked without a hash: {no_hash}"
    names = {_norm(p["name"]) for p in registry}
    assert "d20" in names and "lark-parser" in names  # the bench group is locked too...
    extras = next(p for p in lock["package"] if p["name"] == "gmkit")["optional-dependencies"]
    assert all("d20" not in {_norm(d["name"]) for d in deps} for deps in extras.values())  # ...in no extra


def _lock_check(tmp: Path, pyproject: str, lock: bool) -> subprocess.CompletedProcess[str]:
    uv = ROOT / ".uv" / "bin" / "uv"
    assert uv.exists(), "the Makefile installs uv into .uv/: run the suite with `make test`"
    for name in ("Makefile", "requirements-uv.txt"):
        shutil.copy(ROOT / name, tmp / name)
    (tmp / ".uv").symlink_to(ROOT / ".uv")
    (tmp / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    if lock:
        shutil.copy(ROOT / "uv.lock", tmp / "uv.lock")
    # -o: the linked uv is taken as made, whatever the copies' times
    # a make of its own, not a sub-make of `make test` (which would print the folders it enters)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    return subprocess.run(["make", "-s", "--no-print-directory", "-o", ".uv/bin/uv", "lock-check"], cwd=tmp,
                          capture_output=True, text=True, timeout=300, env=env)


@pytest.mark.parametrize("case", ["missing", "stale"])
def test_a_missing_or_stale_lock_stops_with_one_line(tmp_path: Path, case: str) -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if case == "stale":  # a dependency added to pyproject.toml, the lock not made again
        pyproject = pyproject.replace('"tqdm>=4.60",', '"tqdm>=4.60",\n    "six>=1.16",', 1)
        assert "six>=1.16" in pyproject
    r = _lock_check(tmp_path, pyproject, lock=case == "stale")
    assert r.returncode != 0
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1 and "make lock" in lines[0], r.stdout + r.stderr
    assert not (tmp_path / ".venv").exists()


def test_the_lock_on_main_matches_pyproject(tmp_path: Path) -> None:
    r = _lock_check(tmp_path, (ROOT / "pyproject.toml").read_text(encoding="utf-8"), lock=True)
    assert r.returncode == 0, r.stdout + r.stderr
