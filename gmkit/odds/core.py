"""Exact distributions for the odds: integer weights over one denominator, and the result object.

Aces make a Savage Worlds total unbounded, so a distribution here is known exactly for every value
up to a ``cap`` and keeps the rest as one lump, ``P(X > cap)``, also exact. A question whose answer
only needs values up to the cap ("Toughness 8, how likely are 2 Wounds or more?") is then answered
with no truncation error at all; only infinite sums (an opposed roll against an acing defender) are
cut, and :attr:`Odds.error` states the bound.

Weights are Python integers over a common denominator (a power of the die size), so convolution is
integer arithmetic and :class:`~fractions.Fraction` appears only in the answer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = ["Dist", "Odds", "ERROR_BOUND", "exploding_ge", "pct", "q", "render"]

ERROR_BOUND = Fraction(1, 10**13)
"""Truncated sums stop once the mass left out is below this (stated on every result)."""


def exploding_ge(sides: int, t: int) -> Fraction:
    """P(an acing d``sides`` totals ``t`` or more), exactly (C-3, C-4).

    A total of ``t > sides`` needs a first face of ``sides`` and then ``t - sides`` more, so
    ``P(X >= t) = sides**-q * (sides - m) / sides`` with ``t - 1 = q * sides + m``.

    >>> exploding_ge(6, 4), exploding_ge(6, 7), exploding_ge(6, 13)
    (Fraction(1, 2), Fraction(1, 6), Fraction(1, 36))
    """
    if t <= 1:
        return Fraction(1)
    q, m = divmod(t - 1, sides)
    return Fraction(sides - m, sides ** (q + 1))


@dataclass(frozen=True, slots=True)
class Dist:
    """Integer weights for the values ``lo, lo+1, ...``, exact up to ``cap``; the rest is a lump.

    ``weights[i] / denom`` is ``P(X = lo + i)``; ``(denom - sum(weights)) / denom`` is ``P(X > cap)``
    where ``cap = lo + len(weights) - 1``. A finite distribution has no lump (``bounded``).
    """

    lo: int
    weights: tuple[int, ...]
    denom: int
    bounded: bool = True

    @property
    def cap(self) -> int:
        return self.lo + len(self.weights) - 1

    @property
    def lump(self) -> int:
        """Weight above the cap (0 for a bounded distribution)."""
        return self.denom - sum(self.weights)

    @staticmethod
    def die(sides: int) -> Dist:
        """A plain die: 1..sides equally likely."""
        return Dist(1, (1,) * sides, sides)

    @staticmethod
    def constant(value: int) -> Dist:
        return Dist(value, (1,), 1)

    @staticmethod
    def ace(sides: int, cap: int) -> Dist:
        """An acing die (C-3) known exactly up to ``cap``: ``P(k*s + r) = s**-(k+1)``, r in 1..s-1."""
        if cap < 1:
            cap = 1
        top = (cap - 1) // sides  # most aces a value <= cap can hold
        weights = []
        for v in range(1, cap + 1):
            k, r = divmod(v, sides)
            weights.append(0 if r == 0 else sides ** (top - k))
        return Dist(1, tuple(weights), sides ** (top + 1), bounded=False)

    def shift(self, by: int) -> Dist:
        return Dist(self.lo + by, self.weights, self.denom, self.bounded)

    def add(self, other: Dist, cap: int | None = None) -> Dist:
        """The sum of two independent values, exact up to the lower of the two caps it allows."""
        lo = self.lo + other.lo
        limits = []
        if not self.bounded:
            limits.append(self.cap + other.lo)
        if not other.bounded:
            limits.append(other.cap + self.lo)
        if cap is not None:
            limits.append(cap)
        top = min(limits) if limits else self.cap + other.cap
        top = max(min(top, self.cap + other.cap), lo)
        n = top - lo + 1
        out = [0] * max(n, 1)
        bw = other.weights
        nb = len(bw)
        for i, a in enumerate(self.weights):
            if not a or i >= n:
                continue
            m = min(nb, n - i)
            for j in range(m):
                b = bw[j]
                if b:
                    out[i + j] += a * b
        bounded = self.bounded and other.bounded and top == self.cap + other.cap
        return Dist(lo, tuple(out[:max(n, 1)]), self.denom * other.denom, bounded)

    def le(self, t: int) -> Fraction:
        """P(X <= t); exact for ``t <= cap`` (and everywhere when bounded)."""
        if t < self.lo:
            return Fraction(0)
        if t >= self.cap:
            if self.bounded:
                return Fraction(1)
            if t > self.cap:
                raise ValueError(f"P(X <= {t}) needs values above the cap {self.cap}")
        return Fraction(sum(self.weights[: t - self.lo + 1]), self.denom)

    def ge(self, t: int) -> Fraction:
        """P(X >= t); exact for ``t <= cap + 1``."""
        return 1 - self.le(t - 1)

    def pmf(self) -> Iterator[tuple[int, Fraction]]:
        for i, w in enumerate(self.weights):
            if w:
                yield self.lo + i, Fraction(w, self.denom)


def q(key: str, **params: Any) -> dict[str, Any]:
    """A message to render later: ``q("odds.q.trait", roll=..., tn=4)``."""
    return {"key": f"odds.q.{key}", **params}


def render(question: Any, lang: str | None = None) -> str:
    """A question (plain text or a message spec from :func:`q`) in ``lang``."""
    if isinstance(question, dict):
        from ..i18n import format_message

        params = {k: v for k, v in question.items() if k != "key"}
        return format_message(question["key"], lang, **params)
    return str(question)


def pct(p: Fraction | float, lang: str | None = None) -> str:
    """A chance as a GM reads it: ``62.5%``, ``<0.01%``, ``100%``; in Russian with the decimal
    comma and a space before the sign, ``62,5 %``."""
    x = float(p) * 100
    if x == 0:
        text = "0"
    elif x < 0.01:
        text = "<0.01"
    elif x > 99.99 and x < 100:
        text = ">99.99"
    else:
        text = f"{x:.2f}".rstrip("0").rstrip(".")
    if lang == "ru":
        return text.replace(".", ",") + "\u00a0%"
    return text + "%"


@dataclass(frozen=True)
class Odds:
    """The answer to "how likely?": mutually exclusive outcomes with exact chances.

    ``outcomes`` is an ordered tuple of ``(key, chance)`` that sums to 1; ``chance`` is the headline
    figure (success, hit...). ``error`` bounds the absolute error of every figure (0: exact).
    ``float(odds)`` is the headline chance; :attr:`floats` is the float view of every outcome.
    """

    kind: str
    """What was asked: ``trait``, ``opposed``, ``damage``, ``attack``, ``d18``, ``special``, ``table``,
    ``space``..."""
    question: Any = field(compare=False)
    """The question as a message (``{"key": "odds.q.trait", ...}``) or plain text; shown in the
    language asked for at display time (:meth:`describe`), so a memoised answer never keeps the
    language of its first caller."""
    outcomes: tuple[tuple[str, Fraction], ...] = ()
    chance: Fraction = Fraction(0)
    """The headline chance (success, hit, effect)."""
    error: Fraction = Fraction(0)
    labels: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """Optional display label per outcome key (for values that are not message keys)."""

    def describe(self, lang: str | None = None) -> str:
        """The question in short, in ``lang``: ``d8 Wild Card vs TN 4``."""
        return render(self.question, lang)

    @property
    def query(self) -> str:
        """The question in the current language."""
        return self.describe()

    def __getitem__(self, key: str) -> Fraction:
        for k, p in self.outcomes:
            if k == key:
                return p
        raise KeyError(f"no outcome {key!r}; outcomes: {', '.join(k for k, _ in self.outcomes)}")

    def get(self, key: str, default: Fraction = Fraction(0)) -> Fraction:
        try:
            return self[key]
        except KeyError:
            return default

    def keys(self) -> list[str]:
        return [k for k, _ in self.outcomes]

    @property
    def probabilities(self) -> dict[str, Fraction]:
        return dict(self.outcomes)

    @property
    def floats(self) -> dict[str, float]:
        """The float view of every outcome."""
        return {k: float(p) for k, p in self.outcomes}

    def __float__(self) -> float:
        return float(self.chance)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (fractions as text, floats beside them) for widgets and the CLI."""
        return {"kind": self.kind, "query": self.query, "chance": str(self.chance),
                "chance_float": float(self.chance), "error": str(self.error),
                "outcomes": [{"key": k, "label": self.label(k), "p": str(p), "float": float(p)}
                             for k, p in self.outcomes]}

    def total(self, keys: Sequence[str]) -> Fraction:
        return sum((self.get(k) for k in keys), Fraction(0))

    def label(self, key: str, lang: str | None = None) -> str:
        from ..i18n import format_message

        given = dict(self.labels)
        if key in given:
            return given[key]
        if key.startswith("raise_") or key.startswith("wound_"):
            base, _, n = key.partition("_")
            plus = n.endswith("+")
            num = int(n.rstrip("+"))
            return format_message(f"odds.outcome.{base}{'_plus' if plus else ''}", lang, n=num)
        return format_message(f"odds.outcome.{key}", lang)

    def text(self, lang: str | None = None) -> str:
        """A small table: the question, then one line per outcome with percent and fraction."""
        from ..i18n import format_message, get_language

        lang = lang or get_language()

        lines = [f"{self.describe(lang)}: {pct(self.chance, lang)}"]
        width = max((len(self.label(k, lang)) for k, _ in self.outcomes), default=0)
        for k, p in self.outcomes:
            frac = str(p) if p.denominator < 10**9 else ""
            lines.append(f"  {self.label(k, lang):<{width}}  {pct(p, lang):>8}  {frac}".rstrip())
        if self.error:
            lines.append("  " + format_message("odds.error", lang, bound=f"{float(self.error):.0e}"))
        else:
            lines.append("  " + format_message("odds.exact", lang))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(f"<tr><td>{escape(self.label(k))}</td><td style='text-align:right'>{pct(p)}"
                       f"</td><td><code>{p if p.denominator < 10**9 else ''}</code></td></tr>"
                       for k, p in self.outcomes)
        return (f"<div><b>{escape(self.query)}: {pct(self.chance)}</b><table>{rows}</table>"
                f"</div>")
