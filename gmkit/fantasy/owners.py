"""Whose: a pet said by what it is or by its owner (F-1, F-6: a pet fights beside its owner;
``лечу собаку Борина``, ``пёсика``, ``heal the dog``, ``Борин's dog``), and an item said with its
owner (``выпиваю зелье Миры``: Мира owns it, she is not its target).

The scenario names the pet (``Пёс``); players call it by its kind or by its owner. A word for a
pet that no name matched stands for the pets it may mean: the owner's when one is named beside
it, else the actor's own, else every pet in the fight (one is read, several are asked about).
An owner named in the genitive after any other creature (``друга Борина``) is no target either:
the reader must not hit or heal the owner for the creature the player meant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..i18n import grammar
from ..language.base import Context
from ..language.grammar import Clause, NameRef, Token
from ..language.morph import analyser, forms, is_cyrillic
from ..language.names import translit

__all__ = ["pets_named", "item_owner"]

PET_WORDS = frozenset({
    "питомец", "питомица", "собака", "собачка", "собачонка", "песик", "псина", "пес", "пёсик",
    "pet", "dog", "doggy", "doggo", "doggie", "pup", "puppy", "companion"})
"""What players call a pet when they do not use its name (dictionary forms); not «зверь» or
«beast», which a wolf is as much."""
_BLOWS = frozenset({"strike", "weapon", "shoot"})
"""Clauses that hit: a pet word there is a foe's pet (``рублю эту псину`` is no friend's)."""


def pets_named(ctx: Context, clauses: list[Clause]) -> list[Clause]:
    """The clauses with each pet word the names left loose made a name, and an owner in the
    genitive after a creature's word taken out of the targets (it says whose, not whom)."""
    board = ctx.encounter.board(None)
    fighters = [c for c in board.get("combatants", ()) if c.get("status", "active") == "active"]
    pets = [c for c in fighters if c.get("kind") == "pet"]
    for a, b in ctx.loose:
        word = ctx.text[a:b]
        owner = _owner_beside(ctx, clauses, a, b)
        if _is_pet_word(word):
            k = _holding(clauses, a)
            blow = k is not None and clauses[k].rule in _BLOWS
            fit = [c for c in pets if not blow or c.get("side") != ctx.side]
            if not fit:
                continue
            whose = [c["name"] for c in fit if owner is not None and c.get("owner") == owner[1]]
            mine = [c["name"] for c in fit if c.get("owner") == ctx.actor]
            names = tuple(whose or mine or [c["name"] for c in fit])
            said = ctx.text[min(a, owner[0].start) if owner else a:
                            max(b, owner[0].end) if owner else b]
            token = Token("NAME", NameRef(names, said, kind="participant", everyone=names), said,
                          None, False, a, b)
            clauses = _placed(_without(clauses, owner[0]) if owner else clauses, token)
        elif owner is not None and _creature(word):
            clauses = _without(clauses, owner[0])  # «лечу друга Борина»: not Борин
    return clauses


def _is_pet_word(word: str) -> bool:
    w = word.lower()
    return any(f in PET_WORDS for f in (w, *forms(w)))


def _creature(word: str) -> bool:
    """A Russian noun for a living thing (``друга``, ``лошадь``): pymorphy's animacy."""
    morph = analyser()
    if morph is None or not is_cyrillic(word.lower()):
        return False
    tag = morph.parse(word.lower())[0].tag
    return tag.POS == "NOUN" and tag.animacy == "anim"


def _owner_beside(ctx: Context, clauses: list[Clause], a: int, b: int) -> tuple[Token, str] | None:
    """A participant's name said as the owner of the word at ``a``..``b``: right after it in
    the genitive (``собаку Борина``), or right before it with ``'s`` (``Borin's dog``)."""
    for c in clauses:
        for t in c.tokens:
            if t.kind != "NAME" or not isinstance(t.value, NameRef) or t.value.one is None \
                    or t.value.pronoun:
                continue
            if t.start >= b and not ctx.text[b:t.start].strip() and _genitive(ctx, t):
                return t, t.value.one
            if t.end <= a and ctx.text[t.end:a].strip() in ("", "'s", "’s") and \
                    (t.text + ctx.text[t.end:a]).rstrip().lower().endswith(("'s", "’s")):
                return t, t.value.one
    return None


def _genitive(ctx: Context, t: Token) -> bool:
    """Name token ``t`` written in the genitive (``Миры``, ``Борина``): as the fight's grammar
    declines its name, else as the dictionary parses the word."""
    said = t.text.lower().replace("ё", "е")
    with grammar.cast(ctx.cast):
        if said == grammar.decline(t.value.one, "gen", "character").lower().replace("ё", "е"):
            return True
    morph = analyser()
    words = said.split()
    if morph is None or not words or not is_cyrillic(words[0]):
        return False
    return any(p.tag.case == "gent" for p in morph.parse(words[0]))


def _without(clauses: list[Clause], gone: Token) -> list[Clause]:
    out = []
    for c in clauses:
        kept = tuple(t for t in c.tokens if t is not gone)
        if kept or not c.tokens:
            out.append(Clause(c.rule, kept))
    return out


def _placed(clauses: list[Clause], token: Token) -> list[Clause]:
    """``clauses`` with ``token`` in the clause it was written in (in the order of the words),
    or a clause of its own before them all (``Собаку лечу``: an object before its order)."""
    k = _holding(clauses, token.start)
    if k is None:
        return [Clause("stray", (token,)), *clauses]
    c = clauses[k]
    tokens = sorted([*c.tokens, token], key=lambda t: t.start)
    return [*clauses[:k], replace(c, tokens=tuple(tokens)), *clauses[k + 1:]]


def _holding(clauses: Sequence[Clause], at: int) -> int | None:
    found = None
    for k, c in enumerate(clauses):
        if c.tokens and c.tokens[0].start >= 0 and c.tokens[0].start <= at and c.rule != "sep":
            found = k
    return found



def item_owner(ctx: Context, c: Clause) -> tuple[int, str] | None:
    """Who an item of clause ``c`` is said to belong to (``зелье Миры``, ``Mira's potion``), and
    where the words saying so start: a name right after the item in the genitive (not after an
    item in the instrumental, ``пою зельем Борина``, whom it is given to), or a word right
    before it with ``'s`` (the name, or a word no name matched: never the actor's own then)."""
    item = c.first("ITEM")
    if item is None:
        return None
    for t in c.all("NAME"):
        if not isinstance(t.value, NameRef) or t.value.one is None or t.value.pronoun:
            continue
        if t.start >= item.end and not ctx.text[item.end:t.start].strip() and \
                _genitive(ctx, t) and not _instrumental(item.text):
            return t.end, t.value.one
        if t.end <= item.start and ctx.text[t.end:item.start].strip() in ("", "'s", "’s") and \
                (t.text + ctx.text[t.end:item.start]).rstrip().lower().endswith(("'s", "’s")):
            return t.start, t.value.one
    said = _POSSESSIVE.search(ctx.text[:item.start])  # «drink Mira's potion»: a name not read
    if said is not None and said.group(1).lower() not in _NOT_OWNERS:
        word = said.group(1)
        mine = word.lower() in (ctx.actor.lower(), translit(ctx.actor.lower()))
        return said.start(), ctx.actor if mine else word
    return None


_POSSESSIVE = re.compile(r"(\w+)['’]s\s*$")
_NOT_OWNERS = frozenset({"it", "one", "that", "what", "who", "he", "she", "there", "here", "let"})


def _instrumental(text: str) -> bool:
    morph = analyser()
    words = text.lower().split()
    if morph is None or not words or not is_cyrillic(words[0]):
        return False
    return morph.parse(words[0])[0].tag.case == "ablt"
