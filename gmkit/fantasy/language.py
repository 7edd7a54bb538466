"""The fantasy skirmish's order language (F-6, F-8, F-10): one order a turn, Russian or English.

>>> import yaml
>>> from gmkit.fantasy import Skirmish
>>> from importlib import resources
>>> sk = Skirmish(yaml.safe_load(open("templates/scenarios/fantasy_wolves.yaml")))  # doctest: +SKIP
>>> LANGUAGE.read(sk, "Elwen", "стреляю из лука во второго волка").orders  # doctest: +SKIP
(Shoot(target='Wolf 2'),)

Strikes (``бью второго волка топором`` / ``hit wolf 2 with the axe``), shots (``стреляю из лука в
вожака`` / ``shoot the leader``), spells (``колдую искру на волка 3`` / ``cast spark on wolf 3``),
a strike followed by a spell (``бью волка и колдую искру``), items and potions (``пью зелье
лечения`` / ``drink the healing potion``), flight (``бегу`` / ``flee``) and a skipped turn
(``пропускаю ход`` / ``pass``). A strike that names no target leaves it to the die (F-6); a name
that fits several ("волк" among five wolves) is asked back. The GM's own fields (a spell's effect
described in the order, ``Flee(gm_allows=...)``) are not a player's to write.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, ClassVar

from ..i18n import format_message, grammar
from ..language.base import Context, Draft, OrderLanguage
from ..language.context import name_before
from ..language.grammar import Clause, NameRef
from .orders import Both, Cast, Flee, Pass, Shoot, Strike, UseItem
from .parts import Made, beside, held, own_examples, same_target, settle

__all__ = ["LANGUAGE", "FantasyLanguage"]

VOCABULARY: dict[str, dict[str, list[str]]] = {
    "STRIKE": {"ru": ["бить", "ударить", "удар", "атаковать", "атака", "атакую", "рубить",
                      "рубануть", "колоть", "кольнуть", "пырнуть", "резать", "кусать", "укусить",
                      "напасть", "нападать", "врезать", "махнуть", "сражаться", "биться",
                      "зарубить", "ткнуть", "лупить", "треснуть", "огреть", "вцепиться",
                      "вцепляться", "вгрызаться", "вгрызться", "цапнуть", "грызть", "терзать",
                      "рвать", "разрубить", "рассечь", "обрушить", "добивать", "добить"],
               "en": ["strike", "hit", "attack", "swing", "stab", "slash", "chop", "bite",
                      "smash", "cut", "whack", "bash"]},
    "SHOOT": {"ru": ["стрелять", "выстрелить", "пустить стрела", "выпустить стрела", "метнуть",
                     "пускать стрела", "выпускать стрела", "всадить стрела", "спускать тетива",
                     "спустить тетива", "стрела",
                     "метать", "выстрел", "обстрелять", "пальнуть", "стрельба"],
              "en": ["shoot", "fire", "loose", "shoot an arrow", "throw"]},
    "CAST": {"ru": ["колдовать", "наколдовать", "заклинание", "кастовать", "скастовать",
                    "читать заклинание", "прочитать заклинание", "применить заклинание", "творить",
                    "сотворить", "магия", "колдую", "метнуть заклинание", "чаровать"],
             "en": ["cast", "spell", "conjure", "cast a spell", "invoke"]},
    "USE": {"ru": ["использовать", "применить", "применять", "пить", "выпить", "испить",
                   "глотнуть", "принять", "достать", "дать", "влить", "напоить", "пью"],
            "en": ["use", "drink", "quaff", "apply", "take", "give"]},
    "HEAL": {"ru": ["лечить", "вылечить", "подлечить", "исцелять", "исцелить", "излечить",
                    "залечить", "лечиться", "подлечиться", "вылечиться", "исцеляться",
                    "исцелиться", "латать", "подлатать", "подлечивать", "вылечивать",
                    "залечивать", "излечивать"],
             "en": ["heal", "cure", "patch up", "heal up"]},
    "FLEE": {"ru": ["бежать", "убегать", "убежать", "бегство", "отступать", "отступить", "драпать",
                    "удирать", "удрать", "спасаться", "сбежать", "дать деру", "уходить", "уйти",
                    "бегу", "делать ноги"],
             "en": ["flee", "run", "escape", "retreat", "run away"]},
    "PASS": {"ru": ["пропускать", "пропуск", "пропустить ход", "пропустить", "ждать", "ничего",
                    "выжидать", "стоять"],
             "en": ["pass", "wait", "nothing", "skip", "hold"]},
    "SELF": {"ru": ["себя", "себе", "сам", "самому", "сама"], "en": ["myself", "me", "self"]},
    "MELEE_PART": {"ru": ["ближний бой", "рукопашная", "рукопашный", "рукопашка", "врукопашную",
                          "сойтись", "сходиться", "сцепиться", "ближний", "в упор"],
                   "en": ["melee", "in melee", "close combat", "hand to hand", "close quarters",
                          "into melee"]},
    "SAME": {"ru": ["он же", "тот же", "тот самый", "она же", "та же"],
             "en": ["the same one", "the same target", "same target", "same one"]},
}
"""Every concept of a combatant's order, with its phrases in dictionary form."""

RULES = r"""
start: _item*
_item: strike | weapon | shoot | cast | spell | heal | use | item | flee | pass | melee_part | sep | stray
strike: STRIKE _s*
weapon: WEAPON _s*
shoot: SHOOT _s*
_s: NAME | WEAPON | SAME
cast: CAST _c*
spell: SPELL _c*
heal: HEAL _h*
_c: NAME | SPELL | SELF | SAME
_h: NAME | SPELL | ITEM | SELF | SAME
use: USE _u*
item: ITEM _u*
_u: NAME | ITEM | SELF | SAME
flee: FLEE
pass: PASS
melee_part: MELEE_PART
sep: SEP
stray: NAME | NUM | SIGNED | ORD | QUOTE | SELF | SAME
"""
"""The grammar: which concepts start an order and which arguments each takes."""


class FantasyLanguage(OrderLanguage):
    format_key = "fantasy.order.format"
    vocabulary = VOCABULARY
    rules = RULES
    terminals: ClassVar[dict[str, str]] = {"participant": "NAME", "spell": "SPELL", "item": "ITEM",
                                           "attack": "WEAPON", "ranged": "WEAPON"}
    turn_rule = "F-6"
    max_options = 40
    part_markers = frozenset({"MELEE_PART"})
    noun_kinds: ClassVar[dict[str, str]] = {"participant": "character", "spell": "spell",
                                            "item": "item", "attack": "weapon", "ranged": "weapon"}

    def names(self, encounter: Any, actor: str) -> Iterable[tuple[str, str]]:
        out = [(p, "participant") for p in encounter.participants()]
        me = _me(encounter.scenario, actor)
        out += [(a["name"], "attack") for a in _melee(me)]
        if me.get("ranged"):
            out.append((me["ranged"]["name"], "ranged"))
        out += [(s["name"], "spell") for s in me.get("spells") or ()]
        out += [(i["name"], "item") for i in me.get("items") or ()]
        return out

    def prepare(self, ctx: Context, clauses: list[Clause]) -> list[Clause]:
        """A companion's name one stands by is no target; ``его же`` is the last target named."""
        return same_target(beside(ctx, clauses), _foes(ctx))

    def keeps(self, ctx: Context, old: Clause, new: Clause) -> bool:
        """A spell or item said again keeps the target only when it is aimed the same way (a
        bolt's enemy is no heal's target: «Искра на вожака. Ой, нет, Исцеление» asks whom)."""
        me = _me(ctx.scenario, ctx.actor)

        def aim(c: Clause) -> str | None:
            t = c.first("SPELL") or c.first("ITEM")
            if t is None:
                return None
            name = t.value.one if isinstance(t.value, NameRef) else t.value
            return _aimed(me, "spells" if t.kind == "SPELL" else "items", name)

        return aim(old) == aim(new)

    def build(self, ctx: Context, clauses: list[Clause]) -> Draft:
        d = Draft()
        me = _me(ctx.scenario, ctx.actor)
        ranged = (me.get("ranged") or {}).get("name")
        made: list[Made] = []
        seen: set[str] = set()
        marked = False
        for k, c in enumerate(clauses):
            rule = c.rule
            if rule == "melee_part":
                marked = True
                continue
            before = name_before(clauses, k)
            got: Any = None
            if rule in seen and len(c.tokens) == 1 and before is None:
                continue  # the order said again, bare ("бью вожака, бью!")
            seen.add(rule)
            if rule in ("strike", "weapon", "shoot"):
                weapons = [d.pick(t.value, "weapon") for t in c.all("WEAPON")]
                if any(w is None for w in weapons):
                    continue
                other = None if weapons else ctx.unknown_instrument(clauses, k)
                if other is not None:  # «бью вожака щитом»: not the axe in silence
                    d.problem("language.fantasy.unknown_weapon", None, said=other,
                              weapons=", ".join(n for n in [*(a["name"] for a in _melee(me)), ranged] if n))
                    continue
                verb = "shoot" if rule == "shoot" or (weapons and weapons[0] == ranged) else "strike"
                target = self._target(ctx, c, before, d, _foes(ctx), verb)
                if target is False:
                    continue
                if target is None:
                    target = _named_after(clauses, k, d)
                if target is None and not _named_later(clauses, k) and \
                        self._unsaid(ctx, c, clauses, k, d, verb):
                    continue  # a later strike naming its target says whom ("того, кто подойдёт")
                if verb == "shoot":
                    got = Shoot(target)  # type: ignore[arg-type]
                else:
                    got = Strike(target, weapons[0] if weapons else None)  # type: ignore[arg-type]
                if target is None and not _named_later(clauses, k):
                    d.note("language.fantasy.note.by_die")
            elif rule == "heal":
                got = self._heal(ctx, me, c, before, d)
            elif rule in ("cast", "spell"):
                got = self._cast(ctx, me, c, before, d)
            elif rule in ("use", "item"):
                got = self._use(ctx, me, c, before, d)
            elif rule == "flee":
                got = Flee()
            elif rule == "pass":
                got = Pass()
            if got is not None:
                made.append((got, c.text, marked))
        if d.questions or d.problems:
            return d
        d.orders.extend(settle(d, made, ctx.encounter.phase))
        return d

    def _target(self, ctx: Context, c: Clause, before: NameRef | None, d: Draft,
                plausible: list[str] | None = None, verb: str = "", **params: Any
                ) -> str | bool | None:
        """The named target; None when none is named; False when the name needs asking. A
        pronoun is bound to the ``plausible`` targets of the order (foes, or friends to heal)."""
        refs = [t.value for t in c.all("NAME")] or ([before] if before is not None else [])
        if not refs:
            return None
        ref = ctx.narrow(refs[0], plausible if plausible is not None else _foes(ctx))
        picked = d.pick(ref, "target", verb, **params)
        return False if picked is None else picked

    def _unsaid(self, ctx: Context, c: Clause, clauses: list[Clause], k: int, d: Draft,
                verb: str) -> bool:
        """A target written but not recognised (F-6: the die picks a target only when none is
        named): a name no one has is refused by name, other words are asked about. True when
        the order cannot be read as it stands."""
        unknown = ctx.unknown_name(clauses, k)
        if unknown is not None:
            d.problem("reading.unknown_target", None, said=unknown,
                      names=", ".join(ctx.shown(n) for n in _foes(ctx)))
            return True
        if _said_more(ctx, c, clauses, k):
            numbered = [n for n in _foes(ctx) if n.rsplit(" ", 1)[-1].isdigit()]
            ordinal = _ordinal_after(clauses, k)
            pool = numbered if ordinal and numbered else _foes(ctx)
            d.ask(NameRef(tuple(pool), c.text, kind="participant"), "target", verb)
            return True
        return False

    def _heal(self, ctx: Context, me: dict[str, Any], c: Clause, before: NameRef | None,
              d: Draft) -> Cast | UseItem | None:
        """A heal by what it does (``лечу Борина``, ``лечусь``): the actor's one healing spell,
        else its one healing item; asked when several fit, or none."""
        spells = [t.value for t in c.all("SPELL")]
        items = [t.value for t in c.all("ITEM")]
        healing = [s["name"] for s in me.get("spells") or () if s.get("heal")]
        potions = [i["name"] for i in me.get("items") or () if i.get("heal")]
        self_ = c.first("SELF") is not None or c.tokens[0].text.endswith(("сь", "ся"))
        target = None if self_ else self._target(ctx, c, before, d, _friends(ctx), "heal")
        if target is False:
            return None
        if spells or (healing and not items):
            name = d.pick(spells[0], "spell") if spells else (
                healing[0] if len(healing) == 1 else None)
            if name is None:
                if not spells:
                    d.ask(NameRef(tuple(healing), c.text, kind="spell"), "spell", "heal")
                return None
            if target is None and not self_ and _aimed(me, "spells", name) == "ally":
                _whom(ctx, c, d, "heal")  # «лечу всех», «heal»: not the healer in silence
                return None
            return Cast(name, target)  # type: ignore[arg-type]
        name = d.pick(items[0], "item") if items else (potions[0] if len(potions) == 1 else None)
        if name is None:
            if not items:
                d.ask(NameRef(tuple(healing + potions), c.text, kind="spell"), "spell", "heal")
            return None
        return UseItem(name, target)  # type: ignore[arg-type]

    def _cast(self, ctx: Context, me: dict[str, Any], c: Clause, before: NameRef | None,
              d: Draft) -> Cast | None:
        spells = [t.value for t in c.all("SPELL")]
        if spells:
            spell = d.pick(spells[0], "spell")
        else:
            known = [s["name"] for s in me.get("spells") or ()]
            if len(known) == 1:
                spell = known[0]
            else:
                d.ask(NameRef(tuple(known), c.text, kind="spell"), "spell")
                spell = None
        heals = any(s["name"] == spell and s.get("heal") for s in me.get("spells") or ())
        plausible = _friends(ctx) if heals else _foes(ctx)
        target = None if c.first("SELF") else self._target(ctx, c, before, d, plausible, "cast",
                                                           spell=spell)
        if spell is None or target is False:
            return None
        if target is None and c.first("SELF") is None and _aimed(me, "spells", spell) == "ally":
            _whom(ctx, c, d, "cast", spell=spell)  # «Исцеление»: whom is asked
            return None
        if target is None and not heals and c.first("SELF") is None and c in ctx.clauses:
            k = list(ctx.clauses).index(c)
            target = _named_after(list(ctx.clauses), k, d)
            if target is None:
                if self._unsaid(ctx, c, list(ctx.clauses), k, d, "cast"):
                    return None
                d.note("language.fantasy.note.by_die")
        return Cast(spell, target)  # type: ignore[arg-type]

    def _use(self, ctx: Context, me: dict[str, Any], c: Clause, before: NameRef | None,
             d: Draft) -> UseItem | None:
        items = [t.value for t in c.all("ITEM")]
        if items:
            item = d.pick(items[0], "item")
        else:
            known = [i["name"] for i in me.get("items") or ()]
            if len(known) == 1:
                item = known[0]
            else:
                d.ask(NameRef(tuple(known), c.text, kind="item"), "item")
                item = None
        target = None if c.first("SELF") else self._target(ctx, c, before, d, _friends(ctx), "use",
                                                           item=item)
        if item is None or target is False:
            return None
        return UseItem(item, target)  # type: ignore[arg-type]

    # --- options and rendering --------------------------------------------------------------

    def options(self, ctx: Context) -> list[Any]:
        """Every legal order, each target named (a strike once per target, whatever the
        weapon); in the ranged phase, for one who has nothing to shoot or cast, the strikes
        it may give ahead for melee (F-6)."""
        try:
            legal = list(ctx.encounter.legal_orders(ctx.actor))
        except Exception:  # the options are a courtesy: never let them cost the reply
            return []
        out = [o for o in legal if not (isinstance(o, Flee) and o.gm_allows is not None)
               and not (isinstance(o, Strike) and o.attack is not None and Strike(o.target) in legal)]
        if ctx.encounter.phase == "ranged":  # what is played now first, the blows held for melee after
            if not any(isinstance(o, (Shoot, Cast, UseItem)) for o in out):
                out = held(ctx, _foes(ctx)) or out
            out.sort(key=lambda o: isinstance(o, (Strike, Pass)))
        return out

    def examples(self, ctx: Context, n: int = 2) -> list[Any]:
        """Orders of the reader's own fight: its weapon named in a strike, and in the ranged
        phase a message for both parts (a shot, then a blow in melee), when the rules take it."""
        return own_examples(ctx, super().examples(ctx, n), _melee(_me(ctx.scenario, ctx.actor)), n)

    def render(self, order: Any, lang: str, ctx: Context | None = None) -> str:
        """An order as its player could write it (``бью Волка 2 топором``), from the catalogue's
        ``fantasy.order.*`` messages; names as the player knows them (their aliases in the
        order's script), declined by the fight's cast."""
        names = [n for n in _names_of(order) if n is not None]
        shown = {n: ctx.shown(n, lang) if ctx is not None else n for n in names}
        me = _me(ctx.scenario, ctx.actor) if ctx is not None else {}
        mine = frozenset(s["name"] for s in me.get("spells") or ()
                         if _aimed(me, "spells", s["name"]) in ("ally", "self"))
        with grammar.cast(_cast_of(ctx, shown)):
            return self._words(order, lang, shown, mine)

    def understand(self, order: Any, lang: str, ctx: Context) -> str:
        """A melee order given in the ranged phase says plainly that the actor does nothing
        until melee (F-6: it is held for the melee turn)."""
        said = self.render(order, lang, ctx)
        if ctx.encounter.phase == "ranged" and isinstance(order, (Strike, Flee)):
            return format_message("fantasy.order.held", lang, melee=said)
        return said

    def _words(self, order: Any, lang: str, shown: dict[str, str],
               mine: frozenset[str] = frozenset()) -> str:
        """``mine``: the actor's spells for an ally or itself, which the engine casts on the
        caster when they name nobody (said «на себя»)."""
        def say(key: str, **params: Any) -> str:
            return format_message(f"fantasy.order.{key}", lang,
                                  **{k: shown.get(v, v) for k, v in params.items()})

        if isinstance(order, Both):
            return format_message("fantasy.order.both", lang,
                                  ranged=self._words(order.ranged, lang, shown, mine),
                                  melee=self._words(order.melee, lang, shown, mine))
        if isinstance(order, Strike):
            target, attack = order.target, order.attack
            if target is None:
                text = say("strike.with", attack=attack) if attack is not None else say("strike")
            else:
                text = (say("strike.target.with", target=target, attack=attack) if attack is not None
                        else say("strike.target", target=target))
            if order.cast is not None:
                text = format_message("fantasy.order.and", lang, first=text,
                                      then=self._words(order.cast, lang, shown, mine))
            return text
        if isinstance(order, Shoot):
            return say("shoot") if order.target is None else say("shoot.target", target=order.target)
        if isinstance(order, Cast):
            if order.target is None:
                return say("cast.self" if order.spell in mine else "cast", spell=order.spell)
            return say("cast.target", spell=order.spell, target=order.target)
        if isinstance(order, UseItem):
            return (say("use", item=order.item) if order.target is None
                    else say("use.target", item=order.item, target=order.target))
        if isinstance(order, Flee):
            return say("flee")
        if isinstance(order, Pass):
            return say("pass")
        return repr(order)


def _foes(ctx: Context) -> list[str]:
    """Those the actor may fight: every combatant of another side still standing."""
    board = ctx.encounter.board(None)
    mine = ctx.side
    return [c["name"] for c in board.get("combatants", ())
            if c.get("side") != mine and c.get("status", "active") == "active"]


def _friends(ctx: Context) -> list[str]:
    """The actor's own side, the actor itself last (a heal on someone else named by a pronoun)."""
    board = ctx.encounter.board(None)
    mine = ctx.side
    out = [c["name"] for c in board.get("combatants", ())
           if c.get("side") == mine and c["name"] != ctx.actor and c.get("status", "active") == "active"]
    return out


def _said_more(ctx: Context, c: Clause, clauses: list[Clause], k: int) -> bool:
    """Words of the player's own after an order's head that no name or word of the rules
    matched (``стреляю в валка``), or an ordinal with no name (``во второго``): something was
    named that was not understood."""
    return bool(ctx.loose_in(clauses, k)) or _ordinal_after(clauses, k)


def _ordinal_after(clauses: list[Clause], k: int) -> bool:
    after = clauses[k + 1] if k + 1 < len(clauses) else None
    return any(t.kind == "ORD" for t in clauses[k].tokens) or (
        after is not None and after.rule == "stray" and any(t.kind == "ORD" for t in after.tokens))


def _named_after(clauses: list[Clause], k: int, d: Draft) -> str | None:
    """``Стреляю! В вожака.`` / ``целюсь в вожака и стреляю``: a name standing alone next to an
    order with no target (after it, else before it, no other order between) is its target."""
    for side in (clauses[k + 1:], clauses[k - 1::-1] if k else []):
        for c in side:  # after the order first, then before it ("целюсь в вожака и стреляю")
            if c.rule not in ("sep", "stray"):
                break
            names = [t.value for t in c.all("NAME")]
            if c.rule == "stray" and names:
                return d.pick(names[0])
    return None


def _named_later(clauses: list[Clause], k: int) -> bool:
    """Another order of the same kind later in the message names a target (they join)."""
    return any(c.rule in ("strike", "weapon", "shoot") and c.all("NAME") for c in clauses[k + 1:])


def _names_of(order: Any) -> list[str | None]:
    """The names an order gives (targets, weapons, spells, items), its joined spell's included."""
    if isinstance(order, Both):
        return [*_names_of(order.ranged), *_names_of(order.melee)]
    if isinstance(order, Strike):
        return [order.target, order.attack, *(_names_of(order.cast) if order.cast is not None else [])]
    if isinstance(order, Shoot):
        return [order.target]
    if isinstance(order, Cast):
        return [order.spell, order.target]
    if isinstance(order, UseItem):
        return [order.item, order.target]
    return []


def _cast_of(ctx: Context | None, shown: dict[str, str]) -> grammar.Cast:
    """The fight's grammar for the names as shown: an alias (``Элвен`` for ``Elwen``) is declined
    as what its name belongs to, with the gender the scenario gives it."""
    fight = ctx.encounter.cast if ctx is not None else grammar.current_cast()
    return _aliases_cast(fight, tuple(shown.items()))


@lru_cache(maxsize=1024)
def _aliases_cast(fight: grammar.Cast, shown: tuple[tuple[str, str], ...]) -> grammar.Cast:
    rows: list[grammar.CastRow] = []
    for name, said in shown:
        e = fight.entry(name)
        if e is None:
            continue
        rows.append((said, e.kind, e.gender, dict(e.forms) if said == name else None))
    return grammar.Cast.of(rows)


def _aimed(me: dict[str, Any], kind: str, name: str | None) -> str:
    """Whom the actor's spell or item ``name`` is for (``enemy``, ``ally``, ``self``): the engine
    casts an ally's spell that names nobody on its caster, so a reading asks whom instead."""
    default = "enemy" if kind == "spells" else "self"
    return next((str(x.get("target", default)) for x in me.get(kind) or () if x["name"] == name),
                default)


def _whom(ctx: Context, c: Clause, d: Draft, verb: str, **params: Any) -> None:
    """Ask which of the actor's side (the actor last) a spell for an ally is meant for."""
    d.ask(NameRef((*_friends(ctx), ctx.actor), c.text, kind="participant"), "target", verb, **params)


def _me(scenario: Any, actor: str) -> dict[str, Any]:
    return next((c for c in scenario.get("combatants", ()) if c["name"] == actor), {})


def _melee(me: dict[str, Any]) -> list[dict[str, Any]]:
    m = me.get("melee") or []
    return [m] if isinstance(m, dict) else list(m)


LANGUAGE = FantasyLanguage()
"""The fantasy skirmish's order language, built once."""
