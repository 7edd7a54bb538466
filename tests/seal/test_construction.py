"""The seal's construction (gmkit.seal), checked against its documented steps written out here
again with the standard library: commitment, stream key, draws and faces; the salt's rules."""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter

import pytest

from gmkit.dice import Dice
from gmkit.seal import (
    SALT_MAX_BYTES,
    SaltRefused,
    SealedStream,
    commitment,
    draw_fraction,
    face,
    new_secret,
    normalize_salt,
    stream_key,
)

SECRET = "0f" * 32
SCENARIO = "ab" * 32
JOURNAL = "0123456789abcdef"


def test_a_secret_is_256_fresh_bits() -> None:
    a, b = new_secret(), new_secret()
    assert len(a) == 64 and int(a, 16) >= 0 and a == a.lower()
    assert a != b  # 2**-256 to fail by chance


def test_the_commitment_is_sha256_of_the_documented_text() -> None:
    text = f"gmkit-seal-1\n{SCENARIO}\n{JOURNAL}\n{SECRET}".encode()
    assert commitment(SECRET, SCENARIO, JOURNAL) == hashlib.sha256(text).hexdigest()
    assert commitment(SECRET, SCENARIO, "fedcba9876543210") != commitment(SECRET, SCENARIO, JOURNAL)


def test_the_stream_key_and_every_face_follow_the_documented_steps() -> None:
    salt = "Ветер с севера"
    key = hmac.new(bytes.fromhex(SECRET), f"gmkit-dice-1\n{SCENARIO}\n{JOURNAL}\n{salt}".encode(),
                   hashlib.sha256).digest()
    assert stream_key(SECRET, SCENARIO, JOURNAL, salt) == key
    for n in (1, 2, 57, 10_000):
        d = hmac.new(key, str(n).encode(), hashlib.sha256).digest()
        m = int.from_bytes(d[:8], "big") >> 11
        assert draw_fraction(key, n) == m / 2**53
        for sides in (2, 3, 6, 8, 12, 20, 100):
            assert face(key, n, sides) == int(m / 2**53 * sides) + 1


def test_neither_the_secret_nor_the_salt_alone_makes_the_stream() -> None:
    base = [face(stream_key(SECRET, SCENARIO, JOURNAL, "a"), n, 1000) for n in range(1, 30)]
    other_salt = [face(stream_key(SECRET, SCENARIO, JOURNAL, "b"), n, 1000) for n in range(1, 30)]
    other_secret = [face(stream_key("1f" * 32, SCENARIO, JOURNAL, "a"), n, 1000) for n in range(1, 30)]
    assert base != other_salt and base != other_secret


def test_faces_are_even_over_sixty_thousand_draws() -> None:
    """Each face of a d6 within 4 % of 10,000 (a chi-square far past p = 1e-6 would exceed it;
    the key is fixed, so the figure is the same on every run)."""
    key = stream_key(SECRET, SCENARIO, JOURNAL, "even")
    counts = Counter(face(key, n, 6) for n in range(1, 60_001))
    assert set(counts) == set(range(1, 7))
    assert all(abs(c - 10_000) < 400 for c in counts.values()), counts


def test_the_sealed_stream_is_what_the_dice_draw_from() -> None:
    key = stream_key(SECRET, SCENARIO, JOURNAL, "dice")
    d = Dice(5, stream=SealedStream(key))
    faces = [d.d(6).total for _ in range(20)]
    assert faces == [face(key, n, 6) for n in range(1, 21)]
    snap = d.snapshot()
    after = [d.d(20).total for _ in range(5)]
    d.restore(snap)
    assert [d.d(20).total for _ in range(5)] == after == [face(key, n, 20) for n in range(21, 26)]
    d.setstate({"seed": 5, "draws": 3})
    assert d.d(8).total == face(key, 4, 8)


def test_an_unsealed_dice_stream_is_untouched() -> None:
    rng, d = random.Random(11), Dice(11)
    assert [d.d(6).total for _ in range(50)] == [int(rng.random() * 6) + 1 for _ in range(50)]


@pytest.mark.parametrize("given, want", [
    ("  Ветер\n с   севера ", "Ветер с севера"),
    ("e\u0301te\u00a0d'or", "\u00e9te d'or"),  # NFC, and a no-break space is a space
    ("[b]42[/b] `x`", "[b]42[/b] `x`"),
])
def test_a_salt_is_taken_in_one_normal_form(given: str, want: str) -> None:
    assert normalize_salt(given) == want
    assert normalize_salt(want) == want


@pytest.mark.parametrize("given, key", [
    ("", "seal.error.salt_empty"),
    (" \n\t ", "seal.error.salt_empty"),
    ("x" * (SALT_MAX_BYTES + 1), "seal.error.salt_long"),
    ("ж" * 513, "seal.error.salt_long"),  # 1026 bytes in UTF-8
    ("a\u200bb", "seal.error.salt_char"),
    ("a\x07b", "seal.error.salt_char"),
])
def test_a_salt_that_cannot_be_used_is_refused_naming_why(given: str, key: str) -> None:
    with pytest.raises(SaltRefused) as e:
        normalize_salt(given)
    assert e.value.key == key


def test_a_salt_of_exactly_1_kb_is_taken() -> None:
    assert len(normalize_salt("ж" * 512).encode()) == SALT_MAX_BYTES
