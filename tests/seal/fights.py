"""Sealed fights for the seal tests: journaled, sealed, salted, played by the autopilot."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any
from unittest import mock

from gmkit.encounter import Encounter
from gmkit.scenario import load_scenario
from gmkit.systems import get

ROOT = Path(__file__).resolve().parents[2]
SALT = "Ветер с севера, 42"


def scenario(name: str) -> dict[str, Any]:
    return load_scenario(ROOT / "templates" / "scenarios" / f"{name}.yaml").model_dump(mode="json")


def new_fight(name: str, folder: Path, *, seed: int = 7, file: str | None = None) -> Encounter:
    data = scenario(name)
    return get(data["system"]).engine_class(data, seed, journal=folder / (file or f"{name}.jsonl"))


def seal(enc: Encounter, seed: int = 7) -> dict[str, str]:
    """``enc.seal()`` with a secret fixed by the scenario and ``seed`` instead of a fresh one, so
    that a test's dice are the same on every run."""
    secret = hashlib.sha256(f"test {enc.scenario.get('name')} {seed}".encode()).hexdigest()
    with mock.patch("gmkit.seal.new_secret", return_value=secret):
        return enc.seal()


def sealed(name: str, folder: Path, rounds: int, *, seed: int = 7, salt: str = SALT,
           file: str | None = None) -> Encounter:
    """A fight sealed (with a fixed secret) and salted, then resolved by the autopilot
    ``rounds`` times (or to its end); still open (the caller closes it)."""
    enc = new_fight(name, folder, seed=seed, file=file)
    seal(enc, seed)
    enc.set_salt(salt)
    for _ in range(rounds):
        if enc.is_over:
            break
        enc.resolve_round(autopilot=True)
    return enc
