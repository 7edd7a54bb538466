"""The seal: dice that neither the GM nor the players choose, and that anyone can check afterwards.

Standard library only (``gmkit verify --script`` writes this construction out for players who
have no gmkit), and nothing here touches a fight: :mod:`gmkit.encounter` keeps the seal in the
journal and :mod:`gmkit.checker` checks a thread with it. The construction, exactly:

1. **Secret.** 32 random bytes from :mod:`secrets` (256 bits), written as 64 lower-case hex
   digits ``SECRET``.
2. **Commitment**, posted before play: the SHA-256, in lower-case hex, of the UTF-8 text
   ``"gmkit-seal-1\\n" + SCENARIO + "\\n" + JOURNAL + "\\n" + SECRET`` where ``SCENARIO`` is the
   scenario's hash (64 hex digits, the journal header's ``scenario_hash``) and ``JOURNAL`` the
   journal's id (16 hex digits: the checksum of the journal's header line). In a shell:
   ``printf 'gmkit-seal-1\\n%s\\n%s\\n%s' SCENARIO JOURNAL SECRET | sha256sum``.
3. **Salt**, posted by the players after the commitment: any words or numbers. It is taken in
   Unicode NFC with every run of white space made one space and none at either end; it may not be
   empty, longer than 1024 bytes in UTF-8, or hold control or invisible characters.
4. **Stream key**: HMAC-SHA-256 keyed with the secret's 32 bytes over the UTF-8 text
   ``"gmkit-dice-1\\n" + SCENARIO + "\\n" + JOURNAL + "\\n" + SALT``.
5. **Draw n** (n = 1, 2, 3, ...; the number a post shows as ``#n``): ``D = HMAC-SHA-256(key, n
   written in decimal ASCII digits)``; ``m`` = the first 8 bytes of ``D`` as an unsigned
   big-endian integer, shifted right by 11 bits (53 bits remain); ``u = m / 2**53``, a fraction
   in [0, 1) exact in a double.
6. **Face** of draw n on a die of ``s`` sides: ``floor(u * s) + 1``, the product taken in IEEE
   double arithmetic (what Python's ``int(u * s) + 1`` and JavaScript's ``Math.floor(u * s) + 1``
   give), the same rule gmkit applies to every die.

Nobody can tell a face from the commitment (SHA-256 hides the secret), the GM cannot choose the
stream (the salt comes after the commitment) and the players cannot either (the secret is
unknown to them until the reveal).

>>> key = stream_key("00" * 32, "a" * 64, "b" * 16, "Ветер с севера")
>>> [face(key, n, 6) for n in range(1, 6)] == [face(key, n, 6) for n in range(1, 6)]
True
>>> s = SealedStream(key)
>>> int(s.random() * 6) + 1 == face(key, 1, 6)
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from typing import Any

__all__ = ["SEAL_DOMAIN", "DICE_DOMAIN", "SECRET_BYTES", "SALT_MAX_BYTES", "SaltRefused",
           "new_secret", "commitment", "stream_key", "draw_fraction", "face", "SealedStream",
           "normalize_salt", "is_hex"]

SEAL_DOMAIN = "gmkit-seal-1"
"""The first line of the text a commitment hashes (a new construction gets a new name)."""
DICE_DOMAIN = "gmkit-dice-1"
"""The first line of the text the stream key is keyed over."""
SECRET_BYTES = 32
"""The secret's length: 256 bits (at least 128 are asked for)."""
SALT_MAX_BYTES = 1024
"""The longest salt, in UTF-8 bytes."""

_SCALE = 1.0 / 9007199254740992.0  # 2**-53
_SPACE = re.compile(r"\s+")


def is_hex(text: str, digits: int) -> bool:
    """Whether ``text`` is exactly ``digits`` lower-case hex digits."""
    return len(text) == digits and all(c in "0123456789abcdef" for c in text)


def new_secret() -> str:
    """A fresh secret: 32 bytes from the operating system's generator, as 64 hex digits."""
    return secrets.token_hex(SECRET_BYTES)


def commitment(secret: str, scenario: str, journal: str) -> str:
    """The commitment a thread is shown before play (construction step 2)."""
    text = f"{SEAL_DOMAIN}\n{scenario}\n{journal}\n{secret}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def stream_key(secret: str, scenario: str, journal: str, salt: str) -> bytes:
    """The key of the fight's dice: the secret and the players' salt together (step 4)."""
    text = f"{DICE_DOMAIN}\n{scenario}\n{journal}\n{salt}"
    return hmac.digest(bytes.fromhex(secret), text.encode("utf-8"), "sha256")


def draw_fraction(key: bytes, n: int) -> float:
    """Draw ``n`` as a fraction in [0, 1) with 53 random bits (step 5)."""
    digest = hmac.digest(key, str(n).encode("ascii"), "sha256")
    return (int.from_bytes(digest[:8], "big") >> 11) * _SCALE


def face(key: bytes, n: int, sides: int) -> int:
    """The face draw ``n`` gives on a die of ``sides`` sides (step 6)."""
    return int(draw_fraction(key, n) * sides) + 1


class SealedStream:
    """The sealed draws as :class:`gmkit.dice.Dice` reads a generator: ``random()`` gives the
    next draw's fraction; ``seed()`` goes back to the first draw (a restore then skips ahead)."""

    def __init__(self, key: bytes):
        self.key = key
        self.n = 0
        """How many draws were made."""

    def seed(self, _seed: object = None) -> None:
        self.n = 0

    def random(self) -> float:
        self.n += 1
        return draw_fraction(self.key, self.n)


class SaltRefused(ValueError):
    """A salt that cannot be used: ``key`` names the catalogue's message, ``params`` its values."""

    def __init__(self, key: str, **params: Any):
        self.key = key
        self.params = params
        super().__init__(f"{key}: {params}")


def normalize_salt(text: str) -> str:
    """The salt as the stream uses it (step 3): NFC, white space runs made one space, trimmed;
    refused when empty, over 1024 bytes, or holding a control or invisible character.

    >>> normalize_salt("  Ветер\\n с   севера ")
    'Ветер с севера'
    """
    if not isinstance(text, str):
        raise SaltRefused("seal.error.salt_empty")
    salt = _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()
    if not salt:
        raise SaltRefused("seal.error.salt_empty")
    size = len(salt.encode("utf-8"))
    if size > SALT_MAX_BYTES:
        raise SaltRefused("seal.error.salt_long", size=size, limit=SALT_MAX_BYTES)
    for i, ch in enumerate(salt, 1):
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise SaltRefused("seal.error.salt_char", position=i)
    return salt
