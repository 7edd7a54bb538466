"""The dragons' order language (D-1): one movement and any actions, in Russian or English.

>>> from gmkit.dragons import DragonDuel, EXAMPLE
>>> duel = DragonDuel(EXAMPLE, seed=1)
>>> r = LANGUAGE.read(duel, "Ash", "Заявка: ровно +1, атакую Бейна пламенем")
>>> r.ok, r.orders[0]
(True, DragonOrder(move=Move(kind='level', amount=1), actions=(Attack(weapon='Flame', target='Bane'),)))

Movement: ``набор высоты 2`` / ``climb 2``; ``пикирую на 3`` / ``dive 3``; ``ровно, +2 скорости``
/ ``level +2`` (``скорость 8``: the Speed wanted; ``до высоты 10``: the Height wanted).
Actions: ``атакую Бейна пламенем`` / ``attack Bane with Flame`` (``жгу Бейна и Вела``: the same
weapon at both, which D-5 refuses); ``сажусь на хвост Бейну`` / ``tail Bane``; ``принуждаю
снизить скорость`` / ``force speed down`` (``... или высота вверх`` / ``... or height up``: the
choice on a raise); ``сбрасываю хвост`` / ``shake off``; ``бочка`` / ``barrel roll``; ``применяю
Силу «Буря» (d8)`` / ``use power "Storm" (d8)``. Bennies (D-7): ``трачу фишку на переброс`` /
``spend a benny to reroll``; ``фишку на поглощение урона`` / ``spend a benny to soak``; ``трачу
фишку на снятие потрясения`` / ``spend a benny to unshake`` (a number before ``фишки``/``bennies``:
up to that many). The GM's own ``TurnCheck`` and ``CritFall`` are not a player's order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from ..i18n import format_message
from ..i18n.grammar import cast
from ..language.base import Context, Draft, OrderLanguage
from ..language.context import name_before
from ..language.grammar import Clause, NameRef, Token
from .language_moves import MOVE_RULES as _MOVE_RULES
from .language_moves import amount as _amount
from .language_moves import direction as _direction
from .language_moves import height_goal, heights, level_units, one_move, read_move, speed_change
from .language_names import (
    and_also,
    dragon,
    enemies,
    loose_foes,
    narrowed,
    ordinal_before,
    said_of_another,
    tail_targets,
)
from .orders import Attack, Benny, DragonOrder, Force, Manoeuvre, Move, ShakeOff, TailAttempt, UsePower
from .rules import listed_dives
from .words import _GENERIC_FIGURES, RULES, VOCABULARY

__all__ = ["LANGUAGE", "DragonLanguage"]


class DragonLanguage(OrderLanguage):
    format_key = "dragons.order.format"
    vocabulary = VOCABULARY
    rules = RULES
    terminals: ClassVar[dict[str, str]] = {"participant": "NAME", "weapon": "WEAPON"}
    patterns = (("die", r"\bd(?:4|6|8|10|12)(?:[+-]\d{1,2})?\b"),)
    captures = frozenset({"POWER"})
    turn_rule = "D-1"
    stray_before = frozenset({"benny"})
    conditional_ok = frozenset({"BENNY", "SPEND", "REROLL", "SOAK", "UNSHAKE"})
    noun_kinds: ClassVar[dict[str, str]] = {"participant": "dragon", "weapon": "weapon"}

    def slot(self, rule: str) -> str:
        """D-1: one movement and any actions; a correction replaces a movement by a movement,
        an action by an action."""
        if rule in _MOVE_RULES:
            return "move"
        return "benny" if rule == "benny" else "action"

    def names(self, encounter: Any, actor: str) -> Iterable[tuple[str, str]]:
        out = [(p, "participant") for p in encounter.participants()]
        me = dragon(encounter.board(encounter.side_of(actor)), actor)
        out += [(w["name"], "weapon") for w in (me or {}).get("weapons", ())]
        return out

    def context(self, encounter: Any, actor: str, lang: str = "en") -> Context:
        ctx = super().context(encounter, actor, lang)
        if not getattr(ctx.names, "_pilots", False):  # pilots answer for their dragons
            pilots = [(d["name"], (d.get("pilot") or {}).get("name", ""))
                      for d in ctx.scenario.get("dragons", ())]
            counts = [p for _, p in pilots]
            for dragon, pilot in pilots:
                if pilot and counts.count(pilot) == 1:
                    ctx.names.add(dragon, "participant", [pilot])
            ctx.names._pilots = True  # type: ignore[attr-defined]
        return ctx

    # --- reading --------------------------------------------------------------------------------

    def prepare(self, ctx: Context, clauses: list[Clause]) -> list[Clause]:
        """The Height wanted (``до высоты 10``) read as a part of its own (see :func:`heights`),
        and English ``level`` as a unit of depth (``climb a level``, see :func:`level_units`)."""
        return heights(level_units(clauses))

    def build(self, ctx: Context, clauses: list[Clause]) -> Draft:
        d = Draft()
        me = dragon(ctx.board, ctx.actor) or {}
        moves: list[tuple[Move, str]] = []
        change: int | None = None
        actions: list[Any] = []
        last_target: str | None = None
        nothing = False
        said = {_direction(c.rule) for c in clauses if c.rule in _MOVE_RULES and
                _amount(c.tokens, None) is not None}
        goal = height_goal(clauses, me, d)
        made: list[Attack] = []
        for k, c in enumerate(clauses):
            rule = c.rule
            if rule == "stray":
                actions += and_also(ctx, clauses, k, made)
            if rule in ("sep", "stray", "altitude"):
                continue
            if rule == "change":
                change = speed_change(c, me)
                continue
            if rule == "keep":
                change = 0
                continue
            if rule in _MOVE_RULES:
                if _direction(rule) in said and _amount(c.tokens, None) is None and \
                        _direction(rule) in ("up", "down"):
                    continue  # "направляет вниз, пикируем на 2": one dive, its depth given
                if rule in ("up", "down") and _amount(c.tokens, None) is None and \
                        said_of_another(ctx, clauses, k):
                    continue  # «Шквал выше», «они ниже»: where another is, no movement
                got = read_move(c, me, d, ctx, goal)
                if got is not None:
                    moves.append((got, c.text))
                continue
            target_ref = name_before(clauses, k)
            if rule in ("attack", "weapon"):
                unknown = ctx.unknown_name(clauses, k) if not c.all("NAME") and \
                    target_ref is None else None
                if unknown is not None:
                    d.problem("reading.unknown_target", None, said=unknown,
                              names=", ".join(ctx.shown(n) for n in enemies(ctx)))
                    continue
                numbered = ordinal_before(ctx, clauses, k, last_target) \
                    if target_ref is None and not c.all("NAME") else None
                made = self._attacks(ctx, c, numbered or target_ref, None if numbered else last_target, d)
                actions += made
                if made:
                    last_target = made[-1].target
                continue
            made = []
            if rule == "tail":
                t = self._target(ctx, c, target_ref, d, tail_targets(ctx, me))
                if t is not None:
                    actions.append(TailAttempt(t))
                    last_target = t  # «Tail Шквал, then claws»: the claws at him
            elif rule == "force":
                actions.append(_force(c))
            elif rule == "shake":
                actions.append(ShakeOff())
            elif rule == "manoeuvre":
                q = c.first("QUOTE")
                word = c.tokens[0].value
                actions.append(Manoeuvre(q.value if q else ("aerobatics" if word in _GENERIC_FIGURES
                                                              else word)))
            elif rule == "power":
                power = self._power(ctx, c, d)
                if power is not None:
                    actions.append(power)
            elif rule == "nothing":
                nothing = True
            elif rule == "benny":
                actions += _bennies(clauses, k, d, _quantity(ctx, c.tokens[0], int(me.get("bennies", 0))))
        actions = list(dict.fromkeys(actions))  # the same action said twice is one
        move = one_move(moves, change, goal, d)
        if d.problems:
            return d
        if move is None and not actions and not nothing:
            return d
        if move is None and not d.questions:
            asked = next((a for a in ctx.asked if any(
                c.rule in _MOVE_RULES or c.rule in ("change", "keep")
                for c in self.grammar.clauses(list(a.tokens)))), None)
            if asked is not None:  # «Ровно +1? Пламя по Шквалу»: the move is not level by default
                d.problem("reading.asked", None, words=asked.said(ctx.text))
                return d
            d.note("language.dragons.note.no_move")
        if not d.problems:  # with a question open, what is certain is kept (not yet accepted)
            d.orders.append(DragonOrder(move=move, actions=tuple(actions)))
            loose = [] if d.questions else loose_foes(ctx, clauses, actions)
            if loose:
                d.problem("reading.unused_name", None, names=[ctx.shown(n) for n in loose])
        return d

    def _attacks(self, ctx: Context, c: Clause, before: NameRef | None, last: str | None,
                 d: Draft) -> list[Attack]:
        weapons = [t.value for t in c.all("WEAPON")]
        names = [t.value for t in c.all("NAME")]
        ref = names[0] if names else before
        said = [w.one for w in weapons if w.one]
        verb, params = ("attack_with", {"weapon": said[0]}) if said else ("attack", {})
        target = d.pick(narrowed(ctx, ref), "target", verb, **params) \
            if ref is not None else None
        if ref is not None and target is None:
            return []
        if target is None:
            target = last
        if target is None:
            foes = enemies(ctx)
            if len(foes) == 1:
                target = foes[0]
                d.note("language.dragons.note.only_target", target=ctx.shown(target))
            else:
                d.ask(NameRef(tuple(foes), c.text, kind="participant"), "target", verb, **params)
                return []
        chosen: list[str] = []
        for w in weapons:
            name = d.pick(w, "weapon")
            if name is None:
                return []
            chosen.append(name)
        if not chosen:
            me = dragon(ctx.board, ctx.actor) or {}
            usable = [w["name"] for w in me.get("weapons", ()) if not w.get("out")]
            other = ctx.unknown_instrument(ctx.clauses, list(ctx.clauses).index(c)) \
                if c in ctx.clauses else None
            if other is not None:  # «жгу Шквала хвостом»: not the Flame in silence
                d.problem("language.dragons.unknown_weapon", None, said=other,
                          weapons=", ".join(ctx.shown(w) for w in usable))
                return []
            legal = [w for w in usable if ctx.check(DragonOrder(None, (Attack(w, target),))) is None]
            pick = legal if legal else usable
            if len(pick) == 1:
                chosen = pick
                d.note("language.dragons.note.only_weapon", weapon=ctx.shown(pick[0]))
            else:
                d.ask(NameRef(tuple(pick), c.text, kind="weapon"), "weapon", target=target)
                return []
        return [Attack(w, target) for w in chosen]

    def _target(self, ctx: Context, c: Clause, before: NameRef | None, d: Draft,
                fallback: list[str], verb: str = "tail") -> str | None:
        names = [t.value for t in c.all("NAME")]
        ref = names[0] if names else before
        if ref is not None:
            return d.pick(narrowed(ctx, ref, fallback or None), "target", verb)
        foes = fallback or enemies(ctx)
        if len(foes) == 1:
            d.note("language.dragons.note.only_target", target=ctx.shown(foes[0]))
            return foes[0]
        d.ask(NameRef(tuple(foes), c.text, kind="participant"), "target", verb)
        return None

    def _power(self, ctx: Context, c: Clause, d: Draft) -> UsePower | None:
        """A Power used; None when the clause names none. The word alone (``берегу силы``,
        ``силы на исходе``) is no order; a Power used without its name (``применяю силу на
        Бейна``) is not taken, and the reply asks for the name."""
        q = c.first("QUOTE")
        die = c.first("DIE")
        names = [t.value for t in c.all("NAME")]
        if q is None:
            head = c.first("POWER")
            if head is not None and head.value in _POWER_NOUNS and die is None and not names:
                return None
            d.problem("language.dragons.note.power_name")
            return None
        target = d.pick(narrowed(ctx, names[0]), "target", "power") if names else None
        return UsePower(q.value, die.text if die else None, target)

    # --- options and rendering --------------------------------------------------------------

    def options(self, ctx: Context) -> list[Any]:
        me = dragon(ctx.board, ctx.actor) or {}
        speed = int(me.get("speed", 0))
        cands = [Move.level(n) for n in (0, 1, 2, -1)]
        cands += [Move.climb(n) for n in range(1, speed // 3 + 1)]
        deepest = listed_dives(speed, int(me.get("max_speed", speed)), None)
        cands += [Move.dive(n) for n in range(1, deepest + 1)]
        moves = [DragonOrder(m, ()) for m in cands if ctx.check(DragonOrder(m, ())) is None]
        acts: list[Any] = [Attack(w["name"], t) for w in me.get("weapons", ()) for t in enemies(ctx)]
        acts += [TailAttempt(t) for t in enemies(ctx)] + [Force("down"), ShakeOff()]
        legal = [DragonOrder(None, (a,)) for a in acts if ctx.check(DragonOrder(None, (a,))) is None]
        return moves[:8] + legal[:6]

    def examples(self, ctx: Context, n: int = 2) -> list[Any]:
        """A move joined to the first action it allows (a dragon's order is both), then the rest."""
        opts = self._options(ctx)
        both = next((DragonOrder(m.move, o.actions) for m in opts if m.move is not None for o in opts
                     if o.move is None and ctx.check(DragonOrder(m.move, o.actions)) is None), None)
        return ([both, *opts] if both is not None else opts)[:n]

    def render(self, order: Any, lang: str, ctx: Context | None = None) -> str:
        """``order`` as the player could write it (``ровно +1, атакую Шквала когтями``), each
        name in the case its phrase needs, declined by the fight's cast (catalogue keys
        ``dragons.order.*``)."""
        if ctx is None:
            return _render(order, lang, lambda n: n)
        with cast(ctx.encounter.cast):
            return _render(order, lang, lambda n: ctx.shown(n, lang))


_POWER_NOUNS = frozenset({"сила", "power"})
"""The Power's words that are only a noun: no order without a verb or a name."""


def _render(order: Any, lang: str, shown: Callable[[str], str]) -> str:
    """``order`` in ``lang``, its names as ``shown`` gives them (an alias in the reply's script)."""
    def t(key: str, **params: Any) -> str:
        return format_message(f"dragons.order.{key}", lang, **params)

    if isinstance(order, DragonOrder):
        parts = ([_render(order.move, lang, shown)] if order.move is not None else [])
        parts += [_render(a, lang, shown) for a in order.actions]
        return ", ".join(parts) if parts else t("nothing")
    if isinstance(order, Move):
        return t(order.kind, n=order.amount)
    if isinstance(order, Attack):
        return t("attack", target=shown(order.target), weapon=shown(order.weapon))
    if isinstance(order, TailAttempt):
        return t("tail", target=shown(order.target))
    if isinstance(order, Force):
        speed = {"key": f"dragons.order.{order.speed}"}
        if order.height is None:
            return t("force", speed=speed)
        return t("force_or", speed=speed, height={"key": f"dragons.order.{order.height}"})
    if isinstance(order, ShakeOff):
        return t("shake")
    if isinstance(order, Manoeuvre):
        return t("aerobatics") if order.name == "aerobatics" else t("figure", name=order.name)
    if isinstance(order, Benny):
        use = {"key": f"dragons.order.use.{order.use}"}
        return t("benny", use=use) if order.up_to == 1 else t("bennies", n=order.up_to, use=use)
    if isinstance(order, UsePower):
        return t("power", power=order.power,
                 die={"key": "dragons.order.power_die", "die": order.die} if order.die else "",
                 target={"key": "dragons.order.power_on", "target": shown(order.target)}
                 if order.target else "")
    return repr(order)


_USES = {"REROLL": "reroll", "SOAK": "soak", "UNSHAKE": "unshake"}


_QUANTITIES = {"обе": 2, "оба": 2, "обеих": 2, "both": 2, "все": 0, "всё": 0, "all": 0}
"""Words of how many Bennies that are no number (0: all the dragon has)."""


def _quantity(ctx: Context, t: Token, have: int) -> int | None:
    """``обе фишки``, ``все свои фишки``, ``all my bennies``: how many, from the words just
    before the Bennies word (never read as one Benny in silence)."""
    before = (ctx.text or "")[:t.start] if t.start > 0 else ""
    tail = re.split(r"[.,;:!?\n]", before)[-1].split()[-3:]  # in its own phrase
    got = next((_QUANTITIES[w.lower()] for w in reversed(tail) if w.lower() in _QUANTITIES), None)
    return None if got is None else got or max(1, have)


def _bennies(clauses: list[Clause], k: int, d: Draft, quantity: int | None = None) -> list[Benny]:
    """D-7: the Bennies clause ``k`` spends (``трачу фишку на переброс``, ``spend 2 bennies to
    soak``); a use or a number just before it counts too (``soak with a benny``), and uses just
    after it (``фишку на переброс и поглощение``, ``фишку, чтобы выйти из потрясения``).
    ``quantity``: how many the words said (``все фишки``), not split among several uses."""
    tokens = list(clauses[k].tokens[1:])
    if k > 0 and clauses[k - 1].rule == "stray":
        tokens = list(clauses[k - 1].tokens) + tokens
    after = k + 1
    if after < len(clauses) and clauses[after].rule == "sep":
        after += 1  # "трачу фишку, чтобы выйти из потрясения"
    if after < len(clauses) and clauses[after].rule == "stray" and \
            all(t.kind in _USES for t in clauses[after].tokens):
        tokens += clauses[after].tokens
    uses = list(dict.fromkeys(_USES[t.kind] for t in tokens if t.kind in _USES))
    count = next((abs(int(t.value)) for t in tokens if t.kind == "NUM"), quantity or 1)
    if not uses:
        d.problem("language.dragons.benny_use", "D-7")
        return []
    if quantity is not None and len(uses) > 1:  # «все фишки на переброс и поглощение»
        d.problem("language.dragons.benny_split", "D-7")
        return []
    return [Benny(u, max(1, count) if len(uses) == 1 else 1)  # type: ignore[arg-type]
            for u in uses]


def _force(c: Clause) -> Force:
    axes = {"SPEED": "speed", "HEIGHT": "height"}
    verbs = {"CLIMB": ("height", "up"), "DIVE": ("height", "down"), "FASTER": ("speed", "up"),
             "SLOWER": ("speed", "down")}
    got: dict[str, str] = {}
    axis: str | None = None
    pending: str | None = None
    for t in c.tokens[1:]:
        if t.kind in verbs:
            a, v = verbs[t.kind]
            got.setdefault(a, v)
            axis = pending = None
        elif t.kind in axes:
            axis = axes[t.kind]
            if pending is not None:
                got.setdefault(axis, pending)
                axis = pending = None
        elif t.kind in ("UP", "DOWN"):
            v = "up" if t.kind == "UP" else "down"
            if axis is not None:
                got.setdefault(axis, v)
                axis = None
            else:
                pending = v
    if pending is not None:
        got.setdefault("speed", pending)
    return Force(got.get("speed", "down"), got.get("height"))  # type: ignore[arg-type]


LANGUAGE = DragonLanguage()
"""The dragons' order language, built once."""
