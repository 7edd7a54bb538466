"""The dragons' order language (D-1): one movement and any actions, in Russian or English.

>>> from gmkit.dragons import DragonDuel, EXAMPLE
>>> duel = DragonDuel(EXAMPLE, seed=1)
>>> r = LANGUAGE.read(duel, "Ash", "Заявка: ровно +1, атакую Бейна пламенем")
>>> r.ok, r.orders[0]
(True, DragonOrder(move=Move(kind='level', amount=1), actions=(Attack(weapon='Flame', target='Bane'),)))

Movement: ``набор высоты 2`` / ``climb 2``; ``пикирую на 3`` / ``dive 3``; ``ровно, +2 скорости``
/ ``level +2`` (``скорость 8``: the Speed wanted). Actions: ``атакую Бейна пламенем`` / ``attack
Bane with Flame``; ``сажусь на хвост Бейну`` / ``tail Bane``; ``принуждаю снизить скорость`` /
``force speed down`` (``... или высота вверх`` / ``... or height up``: the choice on a raise);
``сбрасываю хвост`` / ``shake off``; ``бочка`` / ``barrel roll``; ``применяю Силу «Буря» (d8)`` /
``use power "Storm" (d8)``. Bennies (D-7): ``трачу фишку на переброс`` / ``spend a benny to
reroll``; ``фишку на поглощение урона`` / ``spend a benny to soak``; ``трачу фишку на снятие
потрясения`` / ``spend a benny to unshake`` (a number before ``фишки``/``bennies``: up to that
many). The GM's own ``TurnCheck`` and ``CritFall`` are not a player's order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from ..i18n import format_message
from ..i18n.grammar import cast
from ..language.base import Context, Draft, OrderLanguage
from ..language.context import name_before
from ..language.grammar import Clause, NameRef, Token
from .orders import Attack, Benny, DragonOrder, Force, Manoeuvre, Move, ShakeOff, TailAttempt, UsePower
from .rules import listed_dives
from .words import _GENERIC_FIGURES, RULES, VOCABULARY

__all__ = ["LANGUAGE", "DragonLanguage"]


_MOVE_RULES = {"climb", "dive", "up", "down", "level", "faster", "slower", "change", "keep"}


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
        me = _dragon(encounter.board(encounter.side_of(actor)), actor)
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

    def build(self, ctx: Context, clauses: list[Clause]) -> Draft:
        d = Draft()
        me = _dragon(ctx.board, ctx.actor) or {}
        moves: list[tuple[Move, str]] = []
        change: int | None = None
        actions: list[Any] = []
        last_target: str | None = None
        nothing = False
        said = {_direction(c.rule) for c in clauses if c.rule in _MOVE_RULES and
                _amount(c.tokens, None) is not None}
        for k, c in enumerate(clauses):
            rule = c.rule
            if rule in ("sep", "stray"):
                continue
            if rule == "change":
                change = _speed_change(c, me)
                continue
            if rule == "keep":
                change = 0
                continue
            if rule in _MOVE_RULES:
                if _direction(rule) in said and _amount(c.tokens, None) is None and \
                        _direction(rule) in ("up", "down"):
                    continue  # "направляет вниз, пикируем на 2": one dive, its depth given
                got = _move(c, me, d, ctx)
                if got is not None:
                    moves.append((got, c.text))
                continue
            target_ref = name_before(clauses, k)
            if rule in ("attack", "weapon"):
                unknown = ctx.unknown_name(clauses, k) if not c.all("NAME") and \
                    target_ref is None else None
                if unknown is not None:
                    d.problem("reading.unknown_target", None, said=unknown,
                              names=", ".join(ctx.shown(n) for n in _enemies(ctx)))
                    continue
                made = self._attacks(ctx, c, target_ref, last_target, d)
                actions += made
                if made:
                    last_target = made[-1].target
            elif rule == "tail":
                t = self._target(ctx, c, target_ref, d, _tail_targets(ctx, me))
                if t is not None:
                    actions.append(TailAttempt(t))
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
                actions += _bennies(clauses, k, d)
        actions = list(dict.fromkeys(actions))  # the same action said twice is one
        move = self._one_move(moves, change, me, d)
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
        return d

    @staticmethod
    def _one_move(moves: list[tuple[Move, str]], change: int | None, me: dict[str, Any],
                  d: Draft) -> Move | None:
        """D-1: one movement. A plain "level" joins a speed change ("ровно, +2 скорости"); a
        Speed named with a climb or dive must be the one the move gives."""
        plain = [(m, t) for m, t in moves if m.kind == "level" and m.amount == 0
                 and not any(ch.isdigit() for ch in t)]
        rest = [(m, t) for m, t in moves if (m, t) not in plain]
        if change is not None:
            if rest and rest[0][0].speed_change != change:
                d.problem("language.dragons.two_moves", "D-1",
                          moves=" / ".join([t for _, t in rest] + [f"{change:+d}"]))
                return None
            if not rest:
                rest = [(Move.level(change), f"{change:+d}")]
        if len({m for m, _ in rest}) > 1:
            d.problem("language.dragons.two_moves", "D-1", moves=" / ".join(t for _, t in rest))
            return None
        if rest:
            return rest[0][0]
        return plain[0][0] if plain else None

    def _attacks(self, ctx: Context, c: Clause, before: NameRef | None, last: str | None,
                 d: Draft) -> list[Attack]:
        weapons = [t.value for t in c.all("WEAPON")]
        names = [t.value for t in c.all("NAME")]
        ref = names[0] if names else before
        said = [w.one for w in weapons if w.one]
        verb, params = ("attack_with", {"weapon": said[0]}) if said else ("attack", {})
        target = d.pick(_narrowed(ctx, ref), "target", verb, **params) \
            if ref is not None else None
        if ref is not None and target is None:
            return []
        if target is None:
            target = last
        if target is None:
            foes = _enemies(ctx)
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
            me = _dragon(ctx.board, ctx.actor) or {}
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
            return d.pick(_narrowed(ctx, ref, fallback or None), "target", verb)
        foes = fallback or _enemies(ctx)
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
        target = d.pick(_narrowed(ctx, names[0]), "target", "power") if names else None
        return UsePower(q.value, die.text if die else None, target)

    # --- options and rendering --------------------------------------------------------------

    def options(self, ctx: Context) -> list[Any]:
        me = _dragon(ctx.board, ctx.actor) or {}
        speed = int(me.get("speed", 0))
        cands = [Move.level(n) for n in (0, 1, 2, -1)]
        cands += [Move.climb(n) for n in range(1, speed // 3 + 1)]
        deepest = listed_dives(speed, int(me.get("max_speed", speed)), None)
        cands += [Move.dive(n) for n in range(1, deepest + 1)]
        moves = [DragonOrder(m, ()) for m in cands if ctx.check(DragonOrder(m, ())) is None]
        acts: list[Any] = [Attack(w["name"], t) for w in me.get("weapons", ()) for t in _enemies(ctx)]
        acts += [TailAttempt(t) for t in _enemies(ctx)] + [Force("down"), ShakeOff()]
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


def _bennies(clauses: list[Clause], k: int, d: Draft) -> list[Benny]:
    """D-7: the Bennies clause ``k`` spends (``трачу фишку на переброс``, ``spend 2 bennies to
    soak``); a use or a number just before it counts too (``soak with a benny``), and uses just
    after it (``фишку на переброс и поглощение``, ``фишку, чтобы выйти из потрясения``)."""
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
    count = next((abs(int(t.value)) for t in tokens if t.kind == "NUM"), 1)
    if not uses:
        d.problem("language.dragons.benny_use", "D-7")
        return []
    return [Benny(u, max(1, count) if len(uses) == 1 else 1)  # type: ignore[arg-type]
            for u in uses]


def _direction(rule: str) -> str:
    return {"climb": "up", "up": "up", "dive": "down", "down": "down"}.get(rule, rule)


def _narrowed(ctx: Context, ref: NameRef, plausible: list[str] | None = None) -> NameRef:
    """A pronoun (``атакую её``) bound to the foes it may mean (see :meth:`Context.narrow`)."""
    return ctx.narrow(ref, plausible if plausible is not None else _enemies(ctx))


def _dragon(board: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((d for d in board.get("dragons", ()) if d["name"] == name), None)


def _enemies(ctx: Context) -> list[str]:
    return [d["name"] for d in ctx.board.get("dragons", ())
            if d["name"] != ctx.actor and not d.get("out") and (d["side"] != ctx.side or d.get("turned"))]


def _tail_targets(ctx: Context, me: dict[str, Any]) -> list[str]:
    pos = (me.get("speed"), me.get("height"))
    return [d["name"] for d in ctx.board.get("dragons", ())
            if d["name"] in _enemies(ctx) and (d["speed"], d["height"]) == pos]


def _amount(tokens: Iterable[Token], default: int | None) -> int | None:
    for t in tokens:
        if t.kind in ("NUM", "SIGNED"):
            return abs(int(t.value))
    return default


def _move(c: Clause, me: dict[str, Any], d: Draft, ctx: Context) -> Move | None:
    """D-4: the movement a clause names. A climb or dive with no number is asked about unless
    one depth is all the rules allow (a number is never guessed); ``до 5`` / ``to 5`` is the
    Speed wanted, ``на 2`` / ``by 2`` a change."""
    rule = c.rule
    speed = int(me.get("speed", 0))
    if rule in ("climb", "up", "dive", "down"):
        n = _amount(c.tokens, None)
        climbing = rule in ("climb", "up")
        if n is None:
            legal = [k for k in (1, 2, 3) if ctx.check(DragonOrder(
                Move.climb(k) if climbing else Move.dive(k), ())) is None]
            if len(legal) == 1:
                n = legal[0]
            elif not legal:
                n = 1  # no depth is allowed: the least is read, and the rules refuse it
            else:
                d.ask(NameRef(tuple(str(k) for k in (legal or [1, 2])), c.text), "amount",
                      "climb" if climbing else "dive")
                return None
        return Move.climb(n) if climbing else Move.dive(n)
    if rule == "level":
        signed = list(dict.fromkeys(t.text for t in c.tokens if t.kind == "SIGNED"))
        if len({int(t.value) for t in c.tokens if t.kind == "SIGNED"}) > 1:  # «level +1 (maybe +2)»
            d.problem("language.dragons.two_moves", "D-1", moves=" / ".join(signed))
            return None
        got = _speed_change(c, me)
        return Move.level(got or 0)
    if c.first("TO") is not None:
        target = _amount(c.tokens, None)
        if target is not None:
            return Move.level(target - speed)
    if rule == "slower":
        return Move.level(-(_amount(c.tokens, 1) or 1))
    n = _amount(c.tokens, None)
    if n is None:
        d.ask(NameRef(("+1", "+2"), c.text), "amount", "faster")
        return None
    return Move.level(n)


def _speed_change(c: Clause, me: dict[str, Any]) -> int | None:
    signed = c.first("SIGNED")
    if signed is not None:
        return int(signed.value)
    num = c.first("NUM")
    if num is not None and (c.first("SPEED") is not None or c.first("TO") is not None):
        return int(num.value) - int(me.get("speed", 0))
    return None


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
