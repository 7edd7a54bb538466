"""A message's self-corrections (``ой``, ``нет``, ``точнее``, ``вместо этого``, a line starting
``*``): boundaries where the last word wins, applied to the clauses the grammar read
(:func:`correct`); the prose that marks them is :mod:`gmkit.language.prose`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .grammar import Clause, NameRef, Token
from .prose_words import ARGUMENTS

__all__ = ["correct"]


def correct(clauses: list[Clause], slot: Callable[[str], str],
            keeps: Callable[[Clause, Clause], bool] = lambda old, new: True) -> list[Clause]:
    """Apply the message's self-corrections: after each ``CORR`` boundary, an order replaces the
    last one before it in the same slot (``slot(rule)``: a dragon's movement, its actions...);
    bare arguments (``ой, нет — Мглу``, ``точнее на 2``, ``*в Волка 1``) replace the arguments of
    the same kind in the last order before it, and so does an order of arguments alone (``… on the
    Ghost. Actually no, magic bolt``) when ``keeps(old, new)``: the rest of the old one still
    fits it (a heal does not keep a bolt's enemy)."""
    groups: list[list[Clause]] = [[]]
    for c in clauses:
        if c.rule == "sep" and any(t.value == "CORR" for t in c.tokens):
            groups.append([])
        else:
            groups[-1].append(c)
    acc = list(groups[0])
    for g in groups[1:]:
        lead = 0
        while lead < len(g) and g[lead].rule in ("sep", "stray"):
            lead += 1
        if 0 < lead < len(g):  # "(нет, на 1) и жгу Мглу": the bare part corrects, the rest follows
            acc = _corrected(acc, g[:lead])
            g = g[lead:]
        heads = [c for c in g if c.rule not in ("sep", "stray")]
        if heads and all(t.kind in ARGUMENTS for h in heads for t in h.tokens) and any(
                slot(a.rule) == slot(h.rule) and len(a.tokens) > len(h.tokens) and keeps(a, h)
                for a in acc for h in heads):  # «…on the Ghost. Actually no, magic bolt»: the
            acc = _corrected(acc, g)              # spell changes, the target stays
            continue
        if heads:
            for h in heads:
                for j in range(len(acc) - 1, -1, -1):
                    if acc[j].rule not in ("sep", "stray") and slot(acc[j].rule) == slot(h.rule):
                        del acc[j]
                        break
            acc += g
            continue
        acc = _corrected(acc, g)
    return acc


def _corrected(acc: list[Clause], g: list[Clause]) -> list[Clause]:
    """``acc`` with the bare arguments of ``g`` put in the last order's place."""
    args = [t for c in g for t in c.tokens if t.kind in ARGUMENTS or t.kind == "SELF"]
    target = next((j for j in range(len(acc) - 1, -1, -1)
                   if acc[j].rule not in ("sep", "stray")), None)
    if not args or target is None:
        return acc + g
    acc = list(acc)
    acc[target] = _patch(acc[target], args)
    # a stray argument that a correction replaced is not read again
    return [c for c in acc if not (c.rule == "stray" and any(_same(t, a) for t in c.tokens
                                                            for a in args))]


def _group(kind: str) -> str:
    return {"SIGNED": "NUM", "ORD": "NAME", "HULL": "SYSTEMS", "SELF": "NAME"}.get(kind, kind)


def _same(t: Token, a: Token) -> bool:
    return _group(t.kind) == _group(a.kind) and t.start < a.start


def _patch(c: Clause, args: list[Token]) -> Clause:
    tokens = list(c.tokens)
    for k, a in enumerate(args):
        if a.kind == "ORD":  # "Волка 1... ой, второго": the same set, another number
            args[k] = _renumbered(tokens, a)
    for a in args:
        for j in range(len(tokens) - 1, -1, -1):  # the head too, when it is an argument (a spell)
            if _group(tokens[j].kind) == _group(a.kind):
                tokens[j] = a
                break
        else:
            tokens.append(a)
    return Clause(c.rule, tuple(tokens))


def _renumbered(tokens: list[Token], a: Token) -> Token:
    """An ordinal correcting a numbered name: the name of the same set with that number."""
    from .names import LAST

    for t in reversed(tokens):
        if t.kind == "NAME" and isinstance(t.value, NameRef) and t.value.number is not None:
            pool = t.value.everyone
            nums = {n: n.rsplit(" ", 1)[-1] for n in pool}
            if a.value == LAST:
                top = max((int(v) for v in nums.values() if v.isdigit()), default=None)
                want = str(top)
            else:
                want = str(a.value)
            got = tuple(n for n in pool if nums[n] == want)
            return replace(a, kind="NAME", value=NameRef(got, a.text, a.value, t.value.kind, pool))
    return a
