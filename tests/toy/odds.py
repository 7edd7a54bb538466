"""The race's exact odds: the chance that ``n`` d6 reach ``need`` (R-1)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product


def reach(n: int, need: int) -> Fraction:
    hits = sum(1 for faces in product(range(1, 7), repeat=n) if sum(faces) >= need)
    return Fraction(hits, 6 ** n)
