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

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from ..i18n import format_message, grammar
from ..language.base import Context, Draft, OrderLanguage
from ..language.context import name_before
from ..language.grammar import Clause, NameRef
from .narration import to_a_friend, told
from .orders import Cast, Flee, Pass, Shoot, Strike, UseItem
from .owners import item_owner, pets_named
from .parts import Made, beside, held, own_examples, same_target, settle
from .rendering import cast_of, names_of, order_words
from .targets import (
    bound,
    foes,
    friends,
    named_after,
    named_later,
    ordinal_after,
    said_more,
    two_targets,
    whom,
)

__all__ = ["LANGUAGE", "FantasyLanguage"]

VOCABULARY: dict[str, dict[str, list[str]]] = {
    "STRIKE": {"ru": ["бить", "ударить", "удар", "атаковать", "атака", "атакую", "рубить",
                      "рубануть", "колоть", "кольнуть", "пырнуть", "резать", "кусать", "укусить",
                      "напасть", "нападать", "врезать", "махнуть", "сражаться", "биться",
                      "зарубить", "ткнуть", "лупить", "треснуть", "огреть", "вцепиться",
                      "вцепляться", "вгрызаться", "вгрызться", "цапнуть", "грызть", "терзать",
                      "рвать", "разрубить", "рассечь", "обрушить", "добивать", "добить", "кусь"],
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
                   "глотнуть", "принять", "достать", "дать", "влить", "напоить", "пью", "даю",
                   "отдать", "передать", "отдаю", "передаю"],
            "en": ["use", "drink", "quaff", "apply", "take", "give"]},
    "HEAL": {"ru": ["лечить", "вылечить", "подлечить", "исцелять", "исцелить", "излечить",
                    "залечить", "лечиться", "подлечиться", "вылечиться", "исцеляться",
                    "исцелиться", "латать", "подлатать", "подлечивать", "вылечивать",
                    "залечивать", "излечивать", "полечить", "лечение"],
             "en": ["heal", "cure", "patch up", "heal up"]},
    "FLEE": {"ru": ["бежать", "убегать", "убежать", "бегство", "отступать", "отступить", "драпать",
                    "удирать", "удрать", "спасаться", "сбежать", "дать деру", "уходить", "уйти",
                    "бегу", "делать ноги"],
             "en": ["flee", "run", "escape", "retreat", "run away"]},
    "PASS": {"ru": ["пропускать", "пропуск", "пропустить ход", "пропустить", "ждать", "ничего",
                    "выжидать", "стоять", "подождать", "обождать", "переждать"],
             "en": ["pass", "wait", "nothing", "skip", "hold"]},
    "SELF": {"ru": ["себя", "себе", "сам", "самому", "сама"], "en": ["myself", "me", "self"]},
    "MELEE_PART": {"ru": ["ближний бой", "рукопашная", "рукопашный", "рукопашка", "врукопашную",
                          "сойтись", "сходиться", "сцепиться", "ближний", "в упор"],
                   "en": ["melee", "in melee", "close combat", "hand to hand", "close quarters",
                          "into melee"]},
    "SAME": {"ru": ["он же", "тот же", "тот самый", "она же", "та же", "туда же", "они же"],
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
        """A companion's name one stands by is no target; a pet may be said by what it is or
        whose (:mod:`.owners`); ``его же`` is the last target named; ``cast heal`` is a heal."""
        enemies = foes(ctx)
        clauses = pets_named(ctx, beside(ctx, clauses))
        said: list[Any] = []
        if any(c.first("SAME") for c in clauses):  # «…во второго волка, а я стреляю в того же»
            said = [t for t in self.tokens(ctx, ctx.text) if t.kind == "NAME" and
                    isinstance(t.value, NameRef) and t.value.one in enemies and not t.value.pronoun]
        return _heal_cast(same_target(clauses, enemies, said))

    def unused(self, clauses: Sequence[Clause]) -> list[Any]:
        """Besides numbers and names: an ordinal no order took (``…EDIT: the third``) is a
        target the player named, never dropped in silence."""
        out = super().unused(clauses)
        return out + [t for c in clauses if c.rule == "stray" for t in c.tokens
                      if t.kind == "ORD" and t not in out]

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
        telling = told(ctx, clauses, ranged)  # «Мира поднимает посох»: no blow
        for k, c in enumerate(clauses):
            rule = c.rule
            if rule == "melee_part":
                marked = True
                continue
            if telling.get(k) is False:
                continue
            joined = k in telling  # «перехватывает топор. Рублю Волка 1»: the blow's weapon
            before = None if joined else name_before(clauses, k)  # «raises her bow»: whose
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
                target = self._target(ctx, c, before, d, foes(ctx), verb)
                if target is False or two_targets(ctx, clauses, k, target, d):
                    continue
                if target is None and not joined:
                    target = named_after(ctx, clauses, k, d)
                if target is None and not joined and not named_later(clauses, k) and \
                        self._unsaid(ctx, c, clauses, k, d, verb):
                    continue  # a later strike naming its target says whom ("того, кто подойдёт")
                if verb == "shoot":
                    got = Shoot(target)  # type: ignore[arg-type]
                else:
                    got = Strike(target, weapons[0] if weapons else None)  # type: ignore[arg-type]
                if target is None and not named_later(clauses, k) and not d.questions and not joined:
                    d.note("language.fantasy.note.by_die")  # not beside a question whom
            elif rule == "heal":
                got = self._heal(ctx, me, c, before, d)
            elif rule in ("cast", "spell"):
                got = self._cast(ctx, me, c, before, d)
            elif rule in ("use", "item"):
                got = self._use(ctx, me, c, before, d)
            elif rule == "flee":  # «бегу к Борину»: to a friend, not out of the fight
                got = None if to_a_friend(ctx, c, friends(ctx), self.tokens(ctx, ctx.text)) else Flee()
            elif rule == "pass":
                got = Pass()
            if got is not None:
                made.append((got, c.text, marked))
        if d.questions or d.problems:
            return d
        if _self_left(clauses, made):  # «Лечу Эльвен. Нет, себя»: not Эльвен in silence
            whom(ctx, next(c for c in clauses if c.rule == "stray" and c.first("SELF")), d, "heal")
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
        ref = bound(ctx, refs[0], plausible if plausible is not None else foes(ctx))
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
                      names=", ".join(ctx.shown(n) for n in foes(ctx)))
            return True
        if said_more(ctx, c, clauses, k):
            numbered = [n for n in foes(ctx) if n.rsplit(" ", 1)[-1].isdigit()]
            ordinal = ordinal_after(clauses, k)
            pool = numbered if ordinal and numbered else foes(ctx)
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
        target = None if self_ else self._target(ctx, c, before, d, friends(ctx), "heal")
        if target is False or (c in ctx.clauses and two_targets(
                ctx, ctx.clauses, list(ctx.clauses).index(c), target, d, friends(ctx))):
            return None
        if spells or (healing and not items):
            name = d.pick(spells[0], "spell") if spells else (
                healing[0] if len(healing) == 1 else None)
            if name is None:
                if not spells:
                    d.ask(NameRef(tuple(healing), c.text, kind="spell"), "spell", "heal")
                return None
            if target is None and not self_ and _aimed(me, "spells", name) == "ally":
                whom(ctx, c, d, "heal")  # «лечу всех», «heal»: not the healer in silence
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
        plausible = friends(ctx) if heals else foes(ctx)
        target = None if c.first("SELF") else self._target(ctx, c, before, d, plausible, "cast",
                                                           spell=spell)
        if spell is None or target is False:
            return None
        if c in ctx.clauses and two_targets(ctx, ctx.clauses, list(ctx.clauses).index(c), target, d,
                                             plausible):
            return None
        if target is None and c.first("SELF") is None and _aimed(me, "spells", spell) == "ally":
            whom(ctx, c, d, "cast", spell=spell)  # «Исцеление»: whom is asked
            return None
        if target is None and not heals and c.first("SELF") is None and c in ctx.clauses:
            k = list(ctx.clauses).index(c)
            target = named_after(ctx, list(ctx.clauses), k, d)
            if target is None:
                if self._unsaid(ctx, c, list(ctx.clauses), k, d, "cast"):
                    return None
                if not d.questions:
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
        owner = item_owner(ctx, c)
        if owner is not None and owner[1] != ctx.actor:  # «выпиваю зелье Миры»: not on Мира
            t = c.first("ITEM") or c.tokens[0]  # item_owner found the item there
            d.problem("language.fantasy.not_yours", "F-8", owner=owner[1],
                      said=ctx.text[min(t.start, owner[0]):max(t.end, owner[0])])
            return None
        if owner is not None:  # «пью зелье Борина» from Борин: his own
            c = Clause(c.rule, tuple(t for t in c.tokens if t.kind != "NAME" or t.end != owner[0]))
        target = None if c.first("SELF") else self._target(ctx, c, before, d, friends(ctx), "use",
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
                out = held(ctx, foes(ctx)) or out
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
        names = [n for n in names_of(order) if n is not None]
        shown = {n: ctx.shown(n, lang) if ctx is not None else n for n in names}
        me = _me(ctx.scenario, ctx.actor) if ctx is not None else {}
        mine = frozenset(s["name"] for s in me.get("spells") or ()
                         if _aimed(me, "spells", s["name"]) in ("ally", "self"))
        with grammar.cast(cast_of(ctx, shown)):
            return order_words(order, lang, shown, mine)

    def understand(self, order: Any, lang: str, ctx: Context) -> str:
        """A melee order given in the ranged phase says plainly that the actor does nothing
        until melee (F-6: it is held for the melee turn)."""
        said = self.render(order, lang, ctx)
        if ctx.encounter.phase == "ranged" and isinstance(order, (Strike, Flee)):
            return format_message("fantasy.order.held", lang, melee=said)
        return said


def _heal_cast(clauses: list[Clause]) -> list[Clause]:
    """``cast heal on the dog`` / ``колдую лечение на Пса``: a spell word with no spell named,
    right before a heal, is that heal (one order, not a spell asked about and a heal)."""
    out: list[Clause] = []
    for c in clauses:
        if out and c.rule == "heal" and out[-1].rule == "cast" and len(out[-1].tokens) == 1:
            out[-1] = Clause("heal", (c.tokens[0], out[-1].tokens[0], *c.tokens[1:]))
            continue
        out.append(c)
    return out


def _self_left(clauses: list[Clause], made: list[Made]) -> bool:
    """A «себя» no order took beside a heal or an item aimed at someone: whom is asked."""
    return any(c.rule == "stray" and c.first("SELF") for c in clauses) and any(
        isinstance(o, (Cast, UseItem)) and o.target is not None for o, _, _ in made)


def _aimed(me: dict[str, Any], kind: str, name: str | None) -> str:
    """Whom the actor's spell or item ``name`` is for (``enemy``, ``ally``, ``self``): the engine
    casts an ally's spell that names nobody on its caster, so a reading asks whom instead."""
    default = "enemy" if kind == "spells" else "self"
    return next((str(x.get("target", default)) for x in me.get(kind) or () if x["name"] == name),
                default)


def _me(scenario: Any, actor: str) -> dict[str, Any]:
    return next((c for c in scenario.get("combatants", ()) if c["name"] == actor), {})


def _melee(me: dict[str, Any]) -> list[dict[str, Any]]:
    m = me.get("melee") or []
    return [m] if isinstance(m, dict) else list(m)


LANGUAGE = FantasyLanguage()
"""The fantasy skirmish's order language, built once."""
