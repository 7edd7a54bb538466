"""The fantasy skirmish engine: rule set F on the :class:`~gmkit.encounter.Encounter` base.

Cadence (F-6): the fight opens with a ranged phase (sides with ranged weapons or spells, in d6
order), then melee with the sides alternating from a d6 roll-off. One resolution is one side's turn:
the acting side's combatants ``submit`` orders, ``resolve_round()`` resolves them (Variant 1: all its
strikers, Variant 2: one) and passes the turn on. ``round`` counts full rounds: the ranged phase is
round 1 when there is one, each melee cycle through the sides is the next.

Where the rules leave it open, the engine does what a GM running the fight would expect:

* the ranged phase gives every shooter of a side its one ranged attack or spell in that side's
  turn, whichever Variant is chosen; the Variants and the GM's cap govern melee turns;
* a combatant's turn holds one action: a strike (with all its attacks, twice for a double strike,
  and optionally a spell after it: "strikes and/or spells"), a spell, an item, a flight attempt
  or nothing;
* a target that falls mid-turn is replaced by one picked by die; a monster with no target named
  picks by die too (logged);
* an effect lasting N turns covers N of its bearer's side's turns (ongoing damage at the start of
  each) and ends at the start of the next; a disabling effect with no end takes its bearer out;
* a pet whose owner is out fights on with its side; a mount whose rider falls leaves the fight
  (unless it may attack alone); a pet or mount leaves with a fleeing owner or rider;
* a monster's remaining hit points are shown only to its own side and the GM.

>>> from gmkit.fantasy import Skirmish
>>> sk = Skirmish.from_scenario({"system": "fantasy", "name": "duel", "seed": 1, "combatants": [
...     {"name": "Ash", "side": "party", "kind": "player", "hp": 8, "ac": 6, "melee": "1-2-3"},
...     {"name": "Rat", "side": "rats", "hp": 2, "ac": 9, "melee": "0.5-1", "reward": 5}]})
>>> sk.phase, sk.round
('melee', 1)
>>> sk.run()["winner"] in ("party", "rats")
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar, Mapping

from ..dice import Roll
from ..encounter import Encounter
from ..errors import IllegalOrder
from ..events import ALL, GM, sides_only
from ..orders import Order
from . import rules
from .model import Attack, Combatant, Effect, Item, Side, Spell, build_effects
from .notation import LifeDice, SpecialAttack, parse_damage
from .orders import Cast, Flee, Pass, Shoot, Strike, UseItem
from .scenario import DEFAULT_EFFECTS

__all__ = ["Skirmish", "StrikeOdds", "AttackLine", "Strike", "Shoot", "Cast", "UseItem", "Flee", "Pass", "KNOWN_STATUSES"]

KNOWN_STATUSES = ("poisoned", "petrified", "paralysed", "asleep", "stunned", "blinded", "burning",
                  "held")
"""Statuses with a message of their own; any other status the GM names is shown as written."""

HELD = "held"
"""F-9: a status (from a spell or item) that keeps its bearer from fleeing."""


@dataclass(frozen=True)
class AttackLine:
    """The exact odds of one attack of a strike at one target (F-2, F-4, F-5, F-3).

    ``hit`` + ``miss`` = 1; a hit then either triggers a special attack (``specials``: kind ->
    chance it happens, the target failing its protection roll; ``avoided``: it triggered and was
    avoided) or deals table damage (``normal``; ``damage``: amount -> chance given a normal hit).
    """

    attack: str
    target: str
    ac: int
    modifier: int
    """F-2: the attack's to-hit bonus plus the target's "easier to hit"."""
    hit: Fraction
    normal: Fraction
    avoided: Fraction = Fraction(0)
    specials: tuple[tuple[str, Fraction], ...] = ()
    damage: tuple[tuple[float, Fraction], ...] | None = None
    """A percentage (F-3) is one value: that share of the target's hit points when asked; None: no table."""
    mean_damage: Fraction | None = None

    @property
    def miss(self) -> Fraction:
        return 1 - self.hit

    @property
    def special(self) -> Fraction:
        """The chance a special attack takes effect (all kinds together)."""
        return sum((p for _, p in self.specials), Fraction(0))


@dataclass(frozen=True)
class StrikeOdds:
    """The exact odds of a Strike or Shoot order: one line per attack it makes at its target.

    A double strike (F-6) repeats every line; ``strikes`` says how many times.
    """

    actor: str
    target: str
    lines: tuple[AttackLine, ...]
    strikes: int = 1

    @property
    def chance(self) -> Fraction:
        """The first attack's hit chance (the headline)."""
        return self.lines[0].hit if self.lines else Fraction(0)

    def __float__(self) -> float:
        return float(self.chance)


_STATUS_KINDS = frozenset({"kill", "flee", "effect", "effect_end", "cure"})
"""Event kinds after which who is in the fight may have changed."""


def _num(x: float) -> int | float:
    """Hit points and damage as plain JSON numbers: whole ones as int."""
    f = float(x)
    return int(f) if f.is_integer() else round(f, 4)


@lru_cache(maxsize=1)
@lru_cache(maxsize=256)
def _label(table: tuple[float, ...]) -> str:
    return "-".join(str(_num(v)) for v in table)


def _status_term(status: str) -> Any:
    if status in KNOWN_STATUSES:
        return {"key": f"fantasy.status.{status}"}
    return status


def _notation_term(sp: SpecialAttack) -> dict[str, Any]:
    """F-4: a special attack's notation as each language writes it (яд16ПБ6 / poison16PR6)."""
    kind = {"key": f"fantasy.special.{sp.kind}.short"} if sp.kind in DEFAULT_EFFECTS else sp.kind
    if sp.protection is None:
        return {"key": "fantasy.notation", "kind": kind, "trigger": sp.trigger}
    return {"key": "fantasy.notation.pr", "kind": kind, "trigger": sp.trigger, "pr": sp.protection}


def _kind_term(kind: str) -> Any:
    if kind in DEFAULT_EFFECTS:
        return {"key": f"fantasy.special.{kind}"}
    return kind.replace("_", " ")


def _copy_c(v: dict[str, Any]) -> dict[str, Any]:
    d = dict(v)
    d["effects"] = [dict(e) for e in v["effects"]]
    d["kills"] = list(v["kills"])
    d["uses"] = dict(v["uses"])
    d["items"] = dict(v["items"])
    return d


class Skirmish(Encounter):
    """A fantasy skirmish (rule set F): any number of sides, each fighting for itself."""

    system = "fantasy"
    order_types = (Strike, Shoot, Cast, UseItem, Flee, Pass)
    reads_record = True  # turn order and morale memos key on the record's length

    combatants: dict[str, Combatant]
    """Every combatant's sheet, in scenario order (static; the board is in ``state``)."""
    side_list: list[Side]
    effects: dict[str, Effect]
    """F-4: what each special kind does."""
    options: dict[str, Any]

    # --- setup --------------------------------------------------------------------------------

    _SHEETS: ClassVar[list[tuple[dict[str, Any], tuple[Any, ...]]]] = []
    """Recent validated scenarios with the sheets parsed from them (frozen, shared): a memo, like
    ``lru_cache``, so that simulations of thousands of skirmishes parse one scenario once."""
    _CACHE_SIZE: ClassVar[int] = 16

    def _setup(self) -> None:
        sc = self.scenario
        static = None
        for seen, parsed in self._SHEETS:
            if seen == sc:
                static = parsed
                break
        if static is None:
            static = self._build_static(sc)
            self._SHEETS.insert(0, (json.loads(json.dumps(sc, ensure_ascii=False)), static))
            del self._SHEETS[self._CACHE_SIZE:]
        (self.options, self.combatants, self.side_list, self._side_of, self._sides_by_name,
         self._needs_rider, self._followers, self.effects, self._melee_hits, self._ranged_hits) = static
        self.options = dict(self.options)
        self._init_state()

    @staticmethod
    def _build_static(sc: Mapping[str, Any]) -> tuple[Any, ...]:
        """Everything a skirmish reads but never changes, from the validated scenario."""
        options = dict(sc.get("options") or {})
        options.setdefault("variant", 1)
        options.setdefault("cap", "none")
        options.setdefault("ranged_phase", True)
        options.setdefault("first", None)
        options.setdefault("ranged_first", None)
        options.setdefault("flight", True)
        combatants: dict[str, Combatant] = {}
        for i, spec in enumerate(sc["combatants"]):
            c = Combatant.from_spec(spec, i)
            combatants[c.name] = c
        present = list(dict.fromkeys(c.side for c in combatants.values()))
        listed = [s for s in (sc.get("sides") or []) if s in present]
        order = listed + [s for s in present if s not in listed]
        side_list = [
            Side(s, tuple(n for n, c in combatants.items() if c.side == s),
                 any(c.kind == "player" for c in combatants.values() if c.side == s))
            for s in order]
        side_of = {n: c.side for n, c in combatants.items()}
        by_name = {s.name: s for s in side_list}
        needs_rider = {n: c.rider for n, c in combatants.items()
                       if c.kind == "mount" and not c.attacks_alone and c.rider}
        followers: dict[str, list[str]] = {}
        for n, c in combatants.items():
            if c.follower and c.leader:
                followers.setdefault(c.leader, []).append(n)
        effects = build_effects(DEFAULT_EFFECTS, sc.get("effects") or {})
        melee_hits = {(a.name, t.name): any(rules.can_be_hit(t.ac, x.to_hit + t.easier_to_hit) for x in a.melee)
                      for a in combatants.values() for t in combatants.values()}
        ranged_hits = {(a.name, t.name): a.ranged is not None and
                       rules.can_be_hit(t.ac, a.ranged.to_hit + t.easier_to_hit)
                       for a in combatants.values() for t in combatants.values()}
        return (options, combatants, side_list, side_of, by_name, needs_rider, followers, effects,
                melee_hits, ranged_hits)

    def _init_state(self) -> None:
        self._memo: dict[tuple[int, str], list[str]] = {}
        self.state = {
            "round": 1, "phase": "melee", "order": [], "turn": 0, "chosen": None, "over": False,
            "result": None, "shot": [], "start": {s.name: len(s.members) for s in self.side_list},
            "c": {},
        }
        for n, c in self.combatants.items():
            hp = c.hp
            if isinstance(hp, LifeDice):
                r = self.dice.roll(hp.expr, purpose="F-1 life dice", actor=n)
                value: float = max(1, r.total)
                self.state["c"][n] = self._fresh(c, value)
                self.emit("life", n, "fantasy.life", {"actor": n, "dice": hp.expr, "hp": _num(value),
                                                       "roll": r.describe()},
                          data={"hp": _num(value)}, rolls=(r,),
                          visibility=GM if c.kind == "monster" else ALL)
            else:
                self.state["c"][n] = self._fresh(c, float(hp))
        shooters = [s.name for s in self.side_list if any(self.combatants[m].is_shooter for m in s.members)]
        if self.options["ranged_phase"] and shooters:
            self.state["phase"] = "ranged"
            first = self.options.get("ranged_first")
            if first in shooters:
                self.state["order"] = [first] + self._roll_off([s for s in shooters if s != first], "ranged")
            else:
                self.state["order"] = self._roll_off(shooters, "ranged")
            self.emit("phase", "GM", "fantasy.phase.ranged", {"order": list(self.state["order"])},
                      data={"phase": "ranged", "order": list(self.state["order"])})
            self._begin_turn()
        else:
            self._start_melee(first_round=True)

    def _fresh(self, c: Combatant, hp: float) -> dict[str, Any]:
        return {"hp": _num(hp), "max_hp": _num(hp), "status": "active", "effects": [],
                "skip": c.skip_turns, "initiative": c.initiative, "kills": [], "dealt": 0,
                "gained": 0, "points": c.points, "level": c.level, "pending": 0,
                "uses": {s.name: s.uses for s in c.spells if s.uses is not None},
                "items": {i.name: i.uses for i in c.items}, "acted": 0, "skipping": False}

    def _restore(self, snap: Any) -> None:
        self.state = snap
        self._memo = {}

    def _snapshot(self) -> Any:
        s = self.state
        out = dict(s)
        out["order"] = list(s["order"])
        out["shot"] = list(s["shot"])
        out["start"] = dict(s["start"])
        out["result"] = dict(s["result"]) if s["result"] else None
        out["c"] = {n: _copy_c(v) for n, v in s["c"].items()}
        return out

    # --- the base's questions -----------------------------------------------------------------

    @property
    def round(self) -> int:
        return int(self.state["round"])

    @property
    def is_over(self) -> bool:
        return bool(self.state["over"])

    @property
    def phase(self) -> str:
        """``"ranged"`` or ``"melee"`` (F-6)."""
        return str(self.state["phase"])

    @property
    def acting_side(self) -> str | None:
        """The side whose turn it is (None once the fight is over)."""
        if self.state["over"] or not self.state["order"]:
            return None
        return str(self.state["order"][self.state["turn"]])

    def participants(self) -> list[str]:
        return list(self.combatants)

    def side_of(self, actor: str) -> str | None:
        return self._side_of.get(actor)

    def outcome(self) -> dict[str, Any] | None:
        r = self.state["result"]
        return dict(r) if r else None

    # --- who may act --------------------------------------------------------------------------

    def status(self, name: str) -> str:
        """``active``, ``dead``, ``fled`` or the status of a disabling effect (``petrified``...)."""
        st = self.state["c"][name]
        if st["status"] != "active":
            return str(st["status"])
        for e in st["effects"]:
            if e["disables"]:
                return str(e["status"])
        return "active"

    def _present(self, name: str) -> bool:
        """On the field and alive (may be disabled for a while)."""
        return self.state["c"][name]["status"] == "active"

    def _out_for_good(self, name: str) -> bool:
        st = self.state["c"][name]
        if st["status"] != "active":
            return True
        effects = st["effects"]
        return bool(effects) and any(e["disables"] and e["turns"] is None for e in effects)

    def _fighter(self, name: str) -> bool:
        """Keeps its side in the fight: present and not disabled for the rest of it.

        A mount that attacks only with its rider counts only while its rider does (F-6).
        """
        if self._out_for_good(name):
            return False
        rider = self._needs_rider.get(name)
        if rider is not None:
            return self._fighter(rider)
        return True

    def _can_act(self, name: str) -> bool:
        st = self.state["c"][name]
        if st["status"] != "active" or st["skipping"]:
            return False
        effects = st["effects"]
        return not effects or not any(e["disables"] for e in effects)

    def _targetable(self, name: str) -> bool:
        return not self._out_for_good(name)

    def _fighting_sides(self) -> list[str]:
        key = (len(self.record), "")
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        out = self._fighting_sides_now()
        self._memo[key] = out
        return out

    def _fighting_sides_now(self) -> list[str]:
        fighter = self._fighter
        out = []
        for s in self.side_list:
            for m in s.members:
                if fighter(m):
                    out.append(s.name)
                    break
        return out

    def enemies_of(self, name: str) -> list[str]:
        """Every combatant of another side still in the fight, in scenario order."""
        return list(self._enemies(name))

    def _enemies(self, name: str) -> list[str]:
        side = self._side_of[name]
        key = (len(self.record), side)
        hit = self._memo.get(key)
        if hit is None:
            out_for_good = self._out_for_good
            hit = [n for n, s in self._side_of.items() if s != side and not out_for_good(n)]
            self._memo[key] = hit
        return hit  # shared with the memo: callers only read it

    def _side(self, name: str) -> Side:
        return self._sides_by_name[name]

    def _following(self, name: str) -> bool:
        """A pet or mount that acts only with its owner or rider now (F-6).

        A pet whose owner is out of the fight fights on as one of its side; a mount that may attack
        alone is never a follower.
        """
        c = self.combatants[name]
        if c.kind == "pet" and c.owner:
            return self._fighter(c.owner)
        return c.kind == "mount" and not c.attacks_alone

    def _shooter_ready(self, name: str) -> bool:
        c = self.combatants[name]
        if c.ranged is not None:
            return True
        uses = self.state["c"][name]["uses"]
        return any(s.uses is None or uses.get(s.name, 0) > 0 for s in c.spells)

    def _principals(self, side: str) -> list[str]:
        """Who of ``side`` may act in its turn now, followers left out (F-6)."""
        key = (len(self.record), "principals:" + side)
        hit = self._memo.get(key)
        if hit is None:
            hit = self._principals_now(side)
            self._memo[key] = hit
        return hit  # shared with the memo: callers only read it

    def _principals_now(self, side: str) -> list[str]:
        st = self.state
        out = []
        for n in self._side(side).members:
            if not self._can_act(n):
                continue
            c = self.combatants[n]
            if st["phase"] == "ranged":
                if n not in st["shot"] and c.is_shooter and self._shooter_ready(n):
                    out.append(n)
                continue
            if self._following(n):
                continue
            out.append(n)
        return out

    def _followers_of(self, leaders: list[str]) -> list[str]:
        out = []
        for lead in leaders:
            for f in self._followers.get(lead, ()):
                c = self.combatants[f]
                if not self._following(f) or not self._can_act(f):
                    continue
                if c.kind == "mount" and not self._can_act(lead):
                    continue
                out.append(f)
        return out

    def _cap(self, side: str) -> int | None:
        """F-6: the most principals that strike this turn (Variant 2: one)."""
        if self.state["phase"] == "ranged":
            return None
        if self.options["variant"] == 2:
            return 1
        cap = self.options["cap"]
        if cap == "none":
            return None
        if cap == "twice_opponents":
            opp = sum(1 for s in self._fighting_sides() if s != side
                      for m in self._side(s).members if self._fighter(m))
            return rules.striker_cap(opp)
        return int(cap)

    def awaiting(self) -> list[str]:
        """The combatants expected to give an order for this turn, in scenario order."""
        if self.state["over"]:
            return []
        side = self.acting_side
        if side is None:
            return []
        principals = self._principals(side)
        if self.state["phase"] == "ranged":
            return [p for p in principals if p not in self._pending]
        cap = self._cap(side)
        ordered = principals
        if self.options["variant"] == 2:
            chosen = self.state["chosen"]
            ordered = [chosen] + [p for p in principals if p != chosen] if chosen in principals else principals
        else:
            ordered = sorted(principals, key=lambda n: (self.state["c"][n]["acted"],
                                                        self.combatants[n].index)) if cap else principals
        have = [p for p in principals if p in self._pending]
        waiting = [p for p in ordered if p not in self._pending]
        if cap is not None:
            waiting = waiting[: max(0, cap - len(have))]
        leaders = have + waiting
        followers = [f for f in self._followers_of(leaders) if f not in self._pending]
        chosen_set = set(waiting) | set(followers)
        return [n for n in self.combatants if n in chosen_set]

    # --- validation -----------------------------------------------------------------------------

    def _need(self, name: str) -> Combatant:
        c = self.combatants.get(name)
        if c is None:
            raise IllegalOrder("F-1", f"no combatant named {name!r}; combatants are "
                                      f"{', '.join(self.combatants)}")
        return c

    def validate_order(self, actor: str, order: Order) -> None:
        c = self._need(actor)
        st = self.state["c"][actor]
        if st["status"] == "dead":
            raise IllegalOrder("F-1", f"{actor} is dead (0 hit points) and cannot act")
        if st["status"] == "fled":
            raise IllegalOrder("F-10", f"{actor} has fled the fight")
        status = self.status(actor)
        if status != "active":
            raise IllegalOrder("F-4", f"{actor} is {status} and cannot act")
        if st["skipping"]:
            raise IllegalOrder("F-6", f"{actor} must skip this turn")
        side = self.acting_side
        phase = self.state["phase"]
        if c.side != side:
            if st["initiative"] <= 0 or not isinstance(order, (Strike, Shoot, Cast)):
                raise IllegalOrder("F-6", f"it is {side}'s turn; {actor} ({c.side}) has no "
                                          f"out-of-turn strike")
        else:
            self._check_turn(actor, c, order)
        if isinstance(order, Pass):
            return
        if isinstance(order, Strike):
            self._check_strike(actor, c, order, phase)
        elif isinstance(order, Shoot):
            self._check_shoot(actor, c, order, phase)
        elif isinstance(order, Cast):
            self._check_cast(actor, c, order)
        elif isinstance(order, UseItem):
            self._check_item(actor, c, order)
        elif isinstance(order, Flee):
            self._check_flee(actor, c, order)

    def _check_turn(self, actor: str, c: Combatant, order: Order) -> None:
        side = c.side
        phase = self.state["phase"]
        principals = self._principals(side)
        if phase == "ranged":
            if actor in self.state["shot"]:
                raise IllegalOrder("F-6", f"{actor} has already made its one ranged attack or spell")
            if actor not in principals:
                raise IllegalOrder("F-6", f"ranged phase: {actor} has no ranged weapon or spell left")
            return
        if self._following(actor) and actor not in principals:
            lead = c.leader
            pending = {a for a in self._pending if a != actor}
            waiting = self.awaiting()
            leaders = [p for p in principals if p in pending or p in waiting]
            if lead not in leaders or actor not in self._followers_of(leaders):
                what = "a pet strikes only when its owner's side acts and its owner strikes" \
                    if c.kind == "pet" else "a mount attacks only with its rider"
                raise IllegalOrder("F-6", f"{what}: {lead} is not striking now")
            return
        if actor not in principals:
            raise IllegalOrder("F-6", f"{actor} cannot act in this turn")
        cap = self._cap(side)
        if cap is not None:
            others = [p for p in principals if p in self._pending and p != actor]
            if len(others) >= cap:
                if self.options["variant"] == 2:
                    raise IllegalOrder("F-6", f"Variant 2: one striker per turn and {others[0]} "
                                              f"already has an order (withdraw it first)")
                raise IllegalOrder("F-6", f"at most {cap} strikers this turn (the GM's cap) and "
                                          f"{len(others)} already have orders")

    def _check_target(self, actor: str, target: str | None, *, enemy: bool = True) -> None:
        if target is None:
            if enemy and not self._enemies(actor):
                raise IllegalOrder("F-6", f"{actor} has no enemy left to strike")
            return
        t = self._need(target)
        if not self._targetable(target):
            raise IllegalOrder("F-6", f"{target} is {self.status(target)} and out of the fight")
        if enemy and t.side == self.combatants[actor].side:
            raise IllegalOrder("F-6", f"{target} fights on {actor}'s own side ({t.side})")

    def _check_strike(self, actor: str, c: Combatant, order: Strike, phase: str) -> None:
        if phase == "ranged":
            raise IllegalOrder("F-6", "the ranged phase comes first: shoot, cast or pass; melee "
                                      "strikes come after it")
        attacks = self._attacks(c, order.attack)
        if order.attack is not None and not attacks:
            raise IllegalOrder("F-6", f"{actor} has no attack named {order.attack!r}; it has "
                                      f"{', '.join(a.name for a in c.melee) or 'none'}")
        if not attacks:
            raise IllegalOrder("F-3", f"{actor} has no melee attack")
        self._check_target(actor, order.target)
        if order.target is not None:
            self._check_hittable(order.target, attacks)
        if order.cast is not None:
            if not isinstance(order.cast, Cast):
                raise IllegalOrder("F-6", f"a strike may be joined only by a Cast, got {order.cast!r}")
            self._check_cast(actor, c, order.cast)

    def _check_hittable(self, target: str, attacks: tuple[Attack, ...]) -> None:
        t = self.combatants[target]
        if not any(rules.can_be_hit(t.ac, a.to_hit + t.easier_to_hit) for a in attacks):
            mod = attacks[0].to_hit + t.easier_to_hit
            if t.ac <= rules.AC_CANNOT_HIT:
                raise IllegalOrder("F-2", f"{target} has AC {t.ac}: AC -3 and better cannot be hit "
                                          f"by a roll, only magic gets through")
            raise IllegalOrder("F-2", f"{target} (AC {t.ac}, modifier {mod:+d}) cannot be hit: "
                                      f"the d18 would need more than 18")

    def _check_shoot(self, actor: str, c: Combatant, order: Shoot, phase: str) -> None:
        if c.ranged is None:
            raise IllegalOrder("F-6", f"{actor} has no ranged weapon")
        if phase != "ranged":
            raise IllegalOrder("F-6", "ranged weapons are used in the ranged phase; in melee "
                                      "strike, cast or use an item")
        self._check_target(actor, order.target)
        if order.target is not None:
            self._check_hittable(order.target, (c.ranged,))

    def spell_effect(self, c: Combatant, order: Cast) -> tuple[Effect, Spell | None]:
        """The effect a Cast order has: the sheet's spell with the order's fields laid over it."""
        spell = c.spell_by_name.get(order.spell)
        base: dict[str, Any] = {}
        if spell is not None:
            e = spell.effect
            base = {"damage": str(e.damage) if e.damage else None,
                    "heal": "-".join(str(_num(v)) for v in e.heal) if e.heal else None,
                    "status": e.status, "turns": e.turns, "disables": e.disables,
                    "ongoing": "-".join(str(_num(v)) for v in e.ongoing) if e.ongoing else None,
                    "cure": list(e.cure), "initiative": e.initiative}
        for k in ("damage", "heal", "status", "turns", "disables", "initiative"):
            v = getattr(order, k)
            if v is not None:
                base[k] = v
        return Effect.from_spec(base), spell

    def _check_effect_fields(self, what: str, fields: Mapping[str, Any]) -> None:
        for k in ("damage", "heal"):
            v = fields.get(k)
            if v is not None:
                try:
                    spec = parse_damage(v)
                except ValueError as e:
                    raise IllegalOrder("F-3", f"{what}.{k}: {e}") from None
                if k == "heal" and spec.percent is not None:
                    raise IllegalOrder("F-8", f"{what}.heal: a table like '1-2-3', got {v!r}")
        t = fields.get("turns")
        if t is not None and (not isinstance(t, int) or t < 1):
            raise IllegalOrder("F-4", f"{what}.turns: at least 1, got {t!r}")

    def _check_cast(self, actor: str, c: Combatant, order: Cast) -> None:
        fields = {k: getattr(order, k) for k in ("damage", "heal", "status", "turns")}
        self._check_effect_fields(f"Cast({order.spell!r})", fields)
        effect, spell = self.spell_effect(c, order)
        if spell is None and effect.empty:
            raise IllegalOrder("F-6", f"{actor} has no spell {order.spell!r} on the sheet; describe "
                                      f"its effect in the order (damage=, heal=, status=...)")
        if spell is not None and spell.uses is not None:
            left = self.state["c"][actor]["uses"].get(spell.name, 0)
            if left <= 0:
                raise IllegalOrder("F-6", f"{actor} has no casts of {spell.name!r} left")
        if order.protection is not None and order.protection < 1:
            raise IllegalOrder("F-5", f"a protection roll needs at least 1, got {order.protection}")
        aim = spell.target if spell is not None else ("enemy" if effect.harmful else "ally")
        if aim == "self":
            if order.target not in (None, actor):
                raise IllegalOrder("F-6", f"{order.spell!r} works on its caster only")
            return
        self._check_target(actor, order.target, enemy=(aim == "enemy"))
        to_hit = order.to_hit if order.to_hit is not None else (spell.to_hit if spell else False)
        if to_hit and order.target is not None:
            t = self.combatants[order.target]
            if not rules.can_be_hit(t.ac, t.easier_to_hit):
                raise IllegalOrder("F-2", f"{order.spell!r} must roll to hit and {order.target} "
                                          f"(AC {t.ac}) cannot be hit by a roll")

    def _check_item(self, actor: str, c: Combatant, order: UseItem) -> None:
        fields = {k: getattr(order, k) for k in ("damage", "heal", "status", "turns")}
        self._check_effect_fields(f"UseItem({order.item!r})", fields)
        item = c.item_by_name.get(order.item)
        if item is None:
            if all(v is None for v in fields.values()):
                raise IllegalOrder("F-8", f"{actor} carries no {order.item!r}; describe its effect "
                                          f"in the order (heal=, damage=, status=...)")
        elif self.state["c"][actor]["items"].get(item.name, 0) <= 0:
            raise IllegalOrder("F-8", f"{actor} has no {item.name!r} left")
        if order.target is not None:
            harmful = order.damage is not None or (item is not None and item.target == "enemy")
            self._check_target(actor, order.target, enemy=harmful)

    def _check_flee(self, actor: str, c: Combatant, order: Flee) -> None:
        if c.follower:
            raise IllegalOrder("F-10", f"a {c.kind} leaves with its {'owner' if c.kind == 'pet' else 'rider'}"
                                       f" ({c.leader}), not on its own")
        if any(e["status"] == HELD for e in self.state["c"][actor]["effects"]):
            raise IllegalOrder("F-9", f"{actor} is held fast by magic and cannot flee")
        if c.flees_by_morale:
            if not rules.can_flee_by_morale(c.morale):
                raise IllegalOrder("F-9", f"{actor} has no morale: it cannot flee")
            return
        if not self.options["flight"]:
            raise IllegalOrder("F-10", "the GM forbids fleeing in this fight")
        for a, o in self._pending.items():
            if a != actor and isinstance(o, Flee) and self._side_of[a] == c.side:
                raise IllegalOrder("F-10", f"party members flee one at a time: {a} is already fleeing "
                                           f"this turn")
        if order.gm_allows is None and self.hardest_escape(actor) is None:
            raise IllegalOrder("F-10", "no enemy lists escape numbers, so the GM decides: "
                                       "Flee(gm_allows=True) or Flee(gm_allows=False)")

    def hardest_escape(self, actor: str) -> tuple[str, tuple[int, ...]] | None:
        """F-10: the enemy in the fight hardest to escape from, with its escape numbers."""
        return rules.hardest_escape({e: self.combatants[e].escape for e in self.enemies_of(actor)})

    def legal_actions(self, name: str) -> list[Order]:
        """Every order ``name`` may give now (targets spelt out); empty when it cannot act.

        A strike joined by a spell (``Strike(t, cast=Cast(...))``) is legal when both parts are,
        and is not listed one combination at a time.
        """
        c = self.combatants.get(name)
        if c is None or self.state["over"]:
            return []
        enemies = self.enemies_of(name)
        allies = [n for n in self.combatants if self._side_of[n] == c.side and self._targetable(n)]
        cands: list[Order] = []
        if self.state["phase"] == "ranged":
            if c.ranged is not None:
                cands += [Shoot(t) for t in enemies]
        else:
            cands += [Strike(t) for t in enemies]
            if len(c.melee) > 1:
                cands += [Strike(t, a.name) for t in enemies for a in c.melee]
        for s in c.spells:
            if s.target == "self":
                cands.append(Cast(s.name))
            else:
                cands += [Cast(s.name, t) for t in (enemies if s.target == "enemy" else allies)]
        for i in c.items:
            if i.target == "self":
                cands.append(UseItem(i.name))
            else:
                cands += [UseItem(i.name, t) for t in (enemies if i.target == "enemy" else allies)]
        if self.state["phase"] == "melee":
            cands += [Flee(), Flee(gm_allows=True)]
        cands.append(Pass())
        out = []
        for o in cands:
            try:
                self.validate_order(name, o)
            except IllegalOrder:
                continue
            out.append(o)
        if any(isinstance(o, Flee) and o.gm_allows is None for o in out):
            out = [o for o in out if not (isinstance(o, Flee) and o.gm_allows is not None)]
        return out

    # --- odds -------------------------------------------------------------------------------------

    def strike_odds(self, name: str, order: Order) -> StrikeOdds | None:
        """The exact odds of ``name``'s ``Strike`` or ``Shoot`` at a named target, from the engine's
        own numbers: AC and modifiers (F-2), trigger and protection roll with the target's Wisdom
        (F-4, F-5), the damage table plus Strength or Constitution (F-3, C-6), or a percentage of
        the target's current hit points (F-3).

        None for another order, no named target (it is picked by die, F-6) or one ``name`` could
        not give now.
        """
        if not isinstance(order, (Strike, Shoot)) or order.target is None:
            return None
        try:
            self.validate_order(name, order)
        except IllegalOrder:
            return None
        c = self.combatants[name]
        if isinstance(order, Strike):
            attacks = self._attacks(c, order.attack)
        else:
            assert c.ranged is not None
            attacks = (c.ranged,)
        lines = tuple(self._attack_line(c, a, order.target) for a in attacks)
        return StrikeOdds(name, order.target, lines, c.strikes if isinstance(order, Strike) else 1)

    def _attack_line(self, c: Combatant, att: Attack, target: str) -> AttackLine:
        t = self.combatants[target]
        mod = att.to_hit + t.easier_to_hit
        hit = rules.hit_probability(t.ac, mod)
        # F-4: one trigger d18 after a hit; the first special whose trigger it reaches happens
        fired: dict[str, Fraction] = {}
        avoided = Fraction(0)
        normal_faces = 0
        for face in range(1, rules.D18 + 1):
            sp = next((x for x in att.specials if rules.special_triggers(face, x.trigger)), None)
            if sp is None:
                normal_faces += 1
                continue
            save = rules.protection_probability(sp.protection, t.wisdom)  # F-5
            p = hit * Fraction(1, rules.D18)
            fired[sp.kind] = fired.get(sp.kind, Fraction(0)) + p * (1 - save)
            avoided += p * save
        normal = hit * Fraction(normal_faces, rules.D18) if att.specials else hit
        dist: tuple[tuple[float, Fraction], ...] | None = None
        mean: Fraction | None = None
        if att.damage.percent is not None:
            dist, mean = self._percent_line(att.damage.percent, target)
        elif att.damage.table:
            bonus = c.constitution if att.ranged else c.strength
            d = rules.damage_distribution(att.damage.table, bonus)
            dist = tuple(sorted(d.items()))
            mean = sum((Fraction(v).limit_denominator(1000) * p for v, p in dist), Fraction(0))
        return AttackLine(att.name, target, t.ac, mod, hit, normal, avoided, tuple(fired.items()),
                          dist, mean)

    def _percent_line(self, percent: float, target: str) -> tuple[tuple[tuple[float, Fraction], ...], Fraction]:
        """F-3: a percentage hit deals that share of the target's hit points *now*, one certain
        value, as :meth:`_roll_damage` applies it (no Strength or Constitution, no rounding, 0 at 0)."""
        from .odds import percent_value  # the exact figure; only percentage attacks need it

        hp = float(self.state["c"][target]["hp"])
        value = rules.percent_damage(hp, percent)
        return ((value, Fraction(1)),), (percent_value(percent, hp) if hp > 0 else Fraction(0))

    def flee_odds(self, name: str) -> Fraction | None:
        """F-9 / F-10: the exact chance ``name``'s Flee() succeeds now (morale d18, or the d6 on the
        hardest enemy's escape numbers); None when it may not flee by a roll now."""
        try:
            self.validate_order(name, Flee())
        except IllegalOrder:
            return None
        c = self.combatants[name]
        if c.flees_by_morale:
            return rules.morale_probability(c.morale)
        hard = self.hardest_escape(name)
        return None if hard is None else rules.escape_probability(hard[1])

    # --- resolution --------------------------------------------------------------------------------

    def _resolve(self, orders: list[tuple[str, Order]]) -> None:
        side = self.acting_side
        if side is None:
            return
        mine_n = sum(1 for a, _ in orders if self._side_of[a] == side)
        if mine_n < len(self._side(side).members):  # someone may have sent no order
            for a in self.awaiting():
                self.emit("pass", a, "fantasy.no_order", {"actor": a}, data={"reason": "no order"})
        out_of_turn = [(a, o) for a, o in orders if self._side_of[a] != side]
        mine = [(a, o) for a, o in orders if self._side_of[a] == side]
        for a, o in out_of_turn:
            if self.state["over"]:
                break
            if not self._can_act(a):
                self.emit("cannot_act", a, "fantasy.cannot_act", {"actor": a, "status": _status_term(self.status(a))})
                continue
            self.state["c"][a]["initiative"] -= 1
            self.emit("out_of_turn", a, "fantasy.out_of_turn", {"actor": a})
            mark = len(self.record)
            self._act(a, o)
            if self._changed_since(mark):
                self._check_over()
        for a, o in mine:
            if self.state["over"]:
                break
            if not self._can_act(a):
                self.emit("cannot_act", a, "fantasy.cannot_act", {"actor": a, "status": _status_term(self.status(a))})
                continue
            if self.state["phase"] == "ranged":
                self.state["shot"].append(a)
                self._memo.clear()
            else:
                self.state["c"][a]["acted"] += 1
            mark = len(self.record)
            self._act(a, o)
            if self._changed_since(mark):
                self._check_over()
        if not self.state["over"]:
            self._next_turn()

    def _changed_since(self, mark: int) -> bool:
        """Whether anyone left the fight or changed status since record index ``mark``."""
        rec = self.record
        return any(rec[i].kind in _STATUS_KINDS for i in range(mark, len(rec)))

    def _act(self, a: str, o: Order) -> None:
        if isinstance(o, Strike):
            self._strike(a, o)
            if o.cast is not None and self._can_act(a) and len(self._fighting_sides_now()) > 1:
                self._cast(a, o.cast)
        elif isinstance(o, Shoot):
            c = self.combatants[a]
            assert c.ranged is not None
            target = self._target(a, o.target, (c.ranged,))
            if target is not None:
                self._attack(a, c.ranged, target)
        elif isinstance(o, Cast):
            self._cast(a, o)
        elif isinstance(o, UseItem):
            self._use_item(a, o)
        elif isinstance(o, Flee):
            self._flee(a, o)
        elif isinstance(o, Pass):
            self.emit("pass", a, "fantasy.pass", {"actor": a})

    def _attacks(self, c: Combatant, name: str | None) -> tuple[Attack, ...]:
        if name is None:
            return c.melee
        return tuple(a for a in c.melee if a.name == name)

    def _target(self, a: str, wanted: str | None, attacks: tuple[Attack, ...]) -> str | None:
        """The target: the one named if still in the fight, else one picked by die (F-6)."""
        if wanted is not None and self._targetable(wanted):
            return wanted
        enemies = self._enemies(a)
        c = self.combatants[a]
        if attacks is c.melee:
            table = self._melee_hits
            hittable = [e for e in enemies if table[a, e]]
        else:
            hittable = [e for e in enemies
                        if any(rules.can_be_hit(self.combatants[e].ac,
                                                x.to_hit + self.combatants[e].easier_to_hit) for x in attacks)]
        pool = hittable or enemies
        if not pool:
            self.emit("no_target", a, "fantasy.no_target", {"actor": a})
            return None
        if len(pool) == 1:
            pick = pool[0]
            if wanted is not None:
                self.emit("target", a, "fantasy.retarget", {"actor": a, "target": pick, "was": wanted})
            return pick
        r = self.dice.d(len(pool), purpose="F-6 target by die", actor=a)
        pick = pool[int(r.total) - 1]
        key = "fantasy.retarget" if wanted is not None else "fantasy.target"
        self.emit("target", a, key,
                  {"actor": a, "target": pick, "was": wanted or "", "roll": f"d{len(pool)}: {r.total}"},
                  data={"target": pick}, rolls=(r,))
        return pick

    def _strike(self, a: str, o: Strike) -> None:
        c = self.combatants[a]
        attacks = self._attacks(c, o.attack)
        wanted = o.target
        for k in range(c.strikes):
            if k:
                self.emit("double", a, "fantasy.double", {"actor": a})
            for att in attacks:
                if not self._can_act(a):
                    return
                target = self._target(a, wanted, attacks)
                if target is None:
                    return
                wanted = target
                self._attack(a, att, target)
                if self.state["over"]:
                    return

    def _attack(self, a: str, att: Attack, target: str) -> None:
        """F-2 to hit, then F-4 special or F-3 damage."""
        c = self.combatants[a]
        t = self.combatants[target]
        mod = att.to_hit + t.easier_to_hit
        need = rules.hit_threshold(t.ac, mod)
        params = {"actor": a, "target": target, "attack": att.name, "ac": t.ac}
        if need is None:
            self.emit("miss", a, "fantasy.cannot_hit", params, data={"target": target, "hit": False})
            return
        r = self.dice.d18(purpose=f"F-2 to hit {target}", actor=a)
        rolls = [r]
        hit = r.total >= need
        if hit and rules.needs_second_roll(t.ac):
            r2 = self.dice.d(6, purpose="F-2 second roll at AC -2", actor=a)
            rolls.append(r2)
            hit = r2.total == rules.SECOND_ROLL_FACE
        key = "fantasy.hit" if hit else "fantasy.miss"
        if rules.needs_second_roll(t.ac) and r.total >= need:
            key += ".second"
        self.emit("hit" if hit else "miss", a, key, {**params, "roll": r.total, "need": need,
                                                     "second": rolls[1].total if len(rolls) > 1 else 0},
                  data={"target": target, "hit": hit, "need": need, "modifier": mod}, rolls=tuple(rolls))
        if not hit:
            return
        if att.specials:
            tr = self.dice.d18(purpose="F-4 special attack trigger", actor=a)
            fired: SpecialAttack | None = None
            for sp in att.specials:
                if rules.special_triggers(int(tr.total), sp.trigger):
                    fired = sp
                    break
            self.emit("trigger", a, "fantasy.special.fired" if fired else "fantasy.special.not",
                      {"actor": a, "roll": tr.total,
                       "special": _notation_term(fired) if fired else [_notation_term(x) for x in att.specials]},
                      data={"fired": fired.kind if fired else None}, rolls=(tr,))
            if fired is not None:
                self._special(a, target, fired)
                return
        value, roll = self._roll_damage(a, att, target)
        mod_dmg = c.constitution if att.ranged else c.strength
        amount = value if att.damage.percent is not None else rules.damage_amount(value, mod_dmg)
        self._damage(a, target, amount, roll, att.name)

    def _roll_damage(self, a: str, att_or_effect: Attack | Effect, target: str) -> tuple[float, Any]:
        spec = att_or_effect.damage
        assert spec is not None
        if spec.percent is not None:
            hp = float(self.state["c"][target]["hp"])
            return rules.percent_damage(hp, spec.percent), None
        assert spec.table is not None
        return self._pick(spec.table, "F-3 damage", a)

    def _pick(self, table: tuple[float, ...], purpose: str, actor: str) -> tuple[float, Roll]:
        """C-6 like :meth:`Dice.pick`, for a table parsed once (the hot path of every hit)."""
        r = self.dice.d(len(table), purpose, actor)
        value = table[int(r.total) - 1]
        rec = Roll(f"{_label(table)} (d{len(table)})", value, r.dice, purpose, actor, r.manual)
        if self.dice.record:
            self.dice.log[-1] = rec
        return value, rec

    def _damage(self, source: str, target: str, amount: float, roll: Any, what: Any) -> None:
        st = self.state["c"][target]
        amount = float(amount)
        before = float(st["hp"])
        hp = max(0.0, before - amount)
        st["hp"] = _num(hp)
        self.state["c"][source]["dealt"] = _num(float(self.state["c"][source]["dealt"]) + (before - hp))
        rolls = (roll,) if roll is not None else ()
        tc = self.combatants[target]
        if tc.kind == "monster" and hp > 0:
            # a monster's hit points are its own side's (and the GM's) to know, as on the board
            self.emit("damage", source, "fantasy.damage.hidden",
                      {"actor": source, "target": target, "amount": _num(amount), "what": what},
                      data={"target": target, "amount": _num(amount)}, rolls=rolls)
            self.emit("hp", target, "fantasy.hp", {"actor": target, "hp": _num(hp)},
                      data={"hp": _num(hp)}, visibility=sides_only(tc.side))
        else:
            self.emit("damage", source, "fantasy.damage",
                      {"actor": source, "target": target, "amount": _num(amount), "hp": _num(hp),
                       "what": what},
                      data={"target": target, "amount": _num(amount), "hp": _num(hp)}, rolls=rolls)
        if hp <= 0:
            self._kill(source, target)

    def _kill(self, source: str, target: str) -> None:
        st = self.state["c"][target]
        st["status"] = "dead"
        st["effects"] = []
        self._memo.clear()
        self.emit("kill", source, "fantasy.kill", {"actor": source, "target": target},
                  data={"target": target})
        src = self.combatants[source]
        tgt = self.combatants[target]
        if src.side != tgt.side:
            self.state["c"][source]["kills"].append(target)
            gain = rules.reward_for_kill(src.kind, tgt.reward)
            if gain:
                sst = self.state["c"][source]
                before = sst["points"]
                sst["points"] += gain
                sst["gained"] += gain
                new = rules.levels_gained(before, sst["points"], src.levels)
                self.emit("reward", source, "fantasy.reward",
                          {"actor": source, "points": gain, "total": sst["points"], "target": target},
                          data={"points": gain})
                if new:
                    sst["pending"] += new
                    self.emit("level", source, "fantasy.level.pending", {"actor": source, "n": new},
                              data={"levels": new})
            elif tgt.reward and src.kind != "player":
                self.emit("reward", source, "fantasy.reward.none",
                          {"actor": source, "kind": {"key": f"fantasy.kind.{src.kind}"}, "target": target},
                          data={"points": 0})
        self._followers_leave(target, "dead")

    def _followers_leave(self, leader: str, why: str) -> None:
        for f in self._followers.get(leader, ()):
            c = self.combatants[f]
            fst = self.state["c"][f]
            if fst["status"] != "active":
                continue
            self._memo.clear()
            if c.kind == "mount" and not c.attacks_alone and why == "dead":
                fst["status"] = "fled"
                self.emit("flee", f, "fantasy.mount.bolts", {"actor": f, "rider": leader})
            elif why == "fled":
                fst["status"] = "fled"
                self.emit("flee", f, "fantasy.flee.with", {"actor": f, "leader": leader})

    def _special(self, a: str, target: str, sp: SpecialAttack) -> None:
        """F-4, F-5: the special attack happens unless the target makes its protection roll."""
        if sp.protection is not None and self._protected(target, sp.protection, _kind_term(sp.kind)):
            return
        effect = self.effects.get(sp.kind)
        if effect is None:
            raise IllegalOrder("F-4", f"no effect is set for special attack {sp.kind!r}")
        self._apply_effect(a, target, effect, _kind_term(sp.kind))

    def _protected(self, target: str, need: int, special: Any) -> bool:
        """F-5: the target's protection roll (d18 + Wisdom modifier >= ``need``), recorded."""
        t = self.combatants[target]
        pr = self.dice.d18(purpose=f"F-5 protection roll {need}", actor=target)
        saved = rules.protection_succeeds(int(pr.total), t.wisdom, need)
        self.emit("protection", target, "fantasy.protect.saved" if saved else "fantasy.protect.failed",
                  {"actor": target, "roll": pr.total, "wisdom": t.wisdom, "need": need,
                   "special": special}, data={"saved": saved}, rolls=(pr,))
        return saved

    def _apply_effect(self, source: str, target: str, e: Effect, label: Any) -> None:
        st = self.state["c"][target]
        if e.cure:
            before = len(st["effects"])
            st["effects"] = [x for x in st["effects"] if x["status"] not in e.cure]
            self._memo.clear()
            if len(st["effects"]) != before:
                self.emit("cure", source, "fantasy.cure", {"actor": source, "target": target,
                                                           "statuses": [_status_term(s) for s in e.cure]})
        if e.heal is not None and st["status"] == "active":
            p = self.dice.pick(e.heal, purpose="F-8 healing", actor=source)
            before_hp = float(st["hp"])
            hp = min(float(st["max_hp"]), before_hp + p.value)
            st["hp"] = _num(hp)
            tc = self.combatants[target]
            if tc.kind == "monster":  # its hit points stay its own side's to know
                self.emit("heal", source, "fantasy.heal.hidden",
                          {"actor": source, "target": target, "amount": _num(hp - before_hp)},
                          data={"target": target, "amount": _num(hp - before_hp)}, rolls=(p.roll,))
                self.emit("hp", target, "fantasy.hp", {"actor": target, "hp": _num(hp)},
                          data={"hp": _num(hp)}, visibility=sides_only(tc.side))
            else:
                self.emit("heal", source, "fantasy.heal", {"actor": source, "target": target,
                                                           "amount": _num(hp - before_hp), "hp": _num(hp)},
                          data={"target": target, "amount": _num(hp - before_hp), "hp": _num(hp)},
                          rolls=(p.roll,))
        if e.damage is not None and st["status"] == "active":
            value, roll = self._roll_damage(source, e, target)
            self._damage(source, target, value, roll, label)
        if e.status is not None and st["status"] == "active":
            if e.status == "dead":
                st["hp"] = 0
                self._kill(source, target)
                return
            st["effects"] = [x for x in st["effects"] if x["status"] != e.status]
            self._memo.clear()
            st["effects"].append({"status": e.status, "turns": e.turns, "disables": e.disables,
                                  "ongoing": list(e.ongoing) if e.ongoing else None, "source": source})
            self.emit("effect", target, "fantasy.effect",
                      {"actor": target, "status": _status_term(e.status), "source": source,
                       "turns": e.turns or 0},
                      data={"status": e.status, "turns": e.turns, "disables": e.disables})
        if e.initiative and st["status"] == "active":
            st["initiative"] += e.initiative
            self.emit("effect", target, "fantasy.initiative.granted",
                      {"actor": target, "n": e.initiative}, data={"initiative": e.initiative})

    def _cast(self, a: str, o: Cast) -> None:
        c = self.combatants[a]
        effect, spell = self.spell_effect(c, o)
        if spell is not None and spell.uses is not None:
            self.state["c"][a]["uses"][spell.name] -= 1
        aim = spell.target if spell is not None else ("enemy" if effect.harmful else "ally")
        self.emit("cast", a, "fantasy.cast", {"actor": a, "spell": o.spell}, data={"spell": o.spell})
        if aim == "self":
            target: str | None = a
        elif aim == "ally":
            target = o.target if o.target is not None and self._present(o.target) else a
        else:
            target = self._target(a, o.target, ())
        if target is None:
            return
        to_hit = o.to_hit if o.to_hit is not None else (spell.to_hit if spell else False)
        if to_hit:
            t = self.combatants[target]
            att = Attack(o.spell, effect.damage or parse_damage("0"), 0)
            need = rules.hit_threshold(t.ac, t.easier_to_hit)
            if need is None:
                self.emit("miss", a, "fantasy.cannot_hit", {"actor": a, "target": target,
                                                            "attack": att.name, "ac": t.ac})
                return
            r = self.dice.d18(purpose=f"F-2 spell to hit {target}", actor=a)
            hit = r.total >= need
            rolls = [r]
            if hit and rules.needs_second_roll(t.ac):
                r2 = self.dice.d(6, purpose="F-2 second roll at AC -2", actor=a)
                rolls.append(r2)
                hit = r2.total == rules.SECOND_ROLL_FACE
            self.emit("hit" if hit else "miss", a, "fantasy.hit" if hit else "fantasy.miss",
                      {"actor": a, "target": target, "attack": o.spell, "ac": t.ac, "roll": r.total,
                       "need": need, "second": 0}, data={"target": target, "hit": hit}, rolls=tuple(rolls))
            if not hit:
                return
        pr_need = o.protection if o.protection is not None else (spell.protection if spell else None)
        if pr_need is not None and target != a and self._protected(target, pr_need, o.spell):
            return
        self._apply_effect(a, target, effect, o.spell)

    def _use_item(self, a: str, o: UseItem) -> None:
        c = self.combatants[a]
        item: Item | None = c.item_by_name.get(o.item)
        base: dict[str, Any] = {}
        if item is not None:
            self.state["c"][a]["items"][item.name] -= 1
            e = item.effect
            base = {"damage": str(e.damage) if e.damage else None,
                    "heal": "-".join(str(_num(v)) for v in e.heal) if e.heal else None,
                    "status": e.status, "turns": e.turns, "disables": e.disables,
                    "ongoing": "-".join(str(_num(v)) for v in e.ongoing) if e.ongoing else None,
                    "cure": list(e.cure), "initiative": e.initiative}
        for k in ("damage", "heal", "status", "turns"):
            v = getattr(o, k)
            if v is not None:
                base[k] = v
        effect = Effect.from_spec(base)
        self.emit("item", a, "fantasy.item", {"actor": a, "item": o.item}, data={"item": o.item})
        aim = item.target if item is not None else ("enemy" if effect.harmful else "self")
        found = self._target(a, o.target, ()) if aim == "enemy" else (o.target or a)
        if found is None or not self._present(found):
            return
        target = found
        if (item is not None and item.protection is not None and target != a
                and self._protected(target, item.protection, o.item)):
            return
        self._apply_effect(a, target, effect, o.item)

    def _flee(self, a: str, o: Flee) -> None:
        c = self.combatants[a]
        if o.gm_allows is not None:
            ok = bool(o.gm_allows)
            self.emit("flee", a, "fantasy.flee.gm",
                      {"actor": a, "ok": {"key": "fantasy.flee.allowed" if ok else "fantasy.flee.refused"}},
                      data={"fled": ok, "rule": "F-9" if c.flees_by_morale else "F-10"})
        elif c.flees_by_morale:
            r = self.dice.d18(purpose=f"F-9 morale {c.morale}", actor=a)
            ok = rules.morale_flees(int(r.total), c.morale)
            self.emit("flee", a, "fantasy.flee.morale.ok" if ok else "fantasy.flee.morale.fail",
                      {"actor": a, "roll": r.total, "morale": c.morale}, data={"fled": ok, "rule": "F-9"},
                      rolls=(r,))
        else:
            hard = self.hardest_escape(a)
            if hard is None:
                self.emit("flee", a, "fantasy.flee.gm_needed", {"actor": a}, data={"fled": False})
                return
            enemy, numbers = hard
            r = self.dice.d(6, purpose=f"F-10 escape from {enemy}", actor=a)
            ok = rules.escape_succeeds(int(r.total), numbers)
            self.emit("flee", a, "fantasy.flee.escape.ok" if ok else "fantasy.flee.escape.fail",
                      {"actor": a, "roll": r.total, "enemy": enemy,
                       "numbers": "-".join(str(n) for n in numbers) or "—"},
                      data={"fled": ok, "rule": "F-10", "enemy": enemy, "numbers": list(numbers)}, rolls=(r,))
        if ok:
            self.state["c"][a]["status"] = "fled"
            self._memo.clear()
            self._followers_leave(a, "fled")

    # --- turns ----------------------------------------------------------------------------------

    def _roll_off(self, sides: list[str], phase: str) -> list[str]:
        """F-6 [decision]: each side rolls d6, highest first, ties roll again among themselves."""
        if len(sides) <= 1:
            return list(sides)
        out: list[str] = []
        groups = [list(sides)]
        guard = 0
        while groups:
            group = groups.pop(0)
            if len(group) == 1:
                out.append(group[0])
                continue
            guard += 1
            faces: dict[str, int] = {}
            rolls = []
            for s in group:
                r = self.dice.d(6, purpose=f"F-6 {phase} order", actor=s)
                faces[s] = int(r.total)
                rolls.append(r)
            self.emit("rolloff", "GM", "fantasy.rolloff",
                      {"phase": {"key": f"fantasy.phase.{phase}.name"},
                       "rolls": ", ".join(f"{s} {faces[s]}" for s in group)},
                      data={"phase": phase, "rolls": faces}, rolls=tuple(rolls))
            ranked = rules.roll_off_order(faces)
            if guard > 50:  # pathological typed-in ties: keep the listed order
                ranked = [[s] for g in ranked for s in g]
            groups = ranked + groups
        return out

    def _start_melee(self, first_round: bool = False) -> None:
        st = self.state
        st["phase"] = "melee"
        self._memo.clear()
        st["shot"] = []
        if not first_round:
            st["round"] += 1
        fighting = self._fighting_sides()
        first = self.options["first"]
        if first in fighting:
            rest = [s for s in fighting if s != first]
            order = [first] + self._roll_off(rest, "melee")
        else:
            order = self._roll_off(fighting, "melee")
        st["order"] = order
        st["turn"] = 0
        self.emit("phase", "GM", "fantasy.phase.melee", {"order": list(order)},
                  data={"phase": "melee", "order": list(order)})
        self._begin_turn()

    def _next_turn(self) -> None:
        self.state["turn"] += 1
        if not self._wrap_turn():
            self._begin_turn()

    def _wrap_turn(self) -> bool:
        """Past the last side (F-6): the ranged phase gives way to melee (True: melee has begun
        and taken the turn on), or a new round starts with the sides still fighting."""
        st = self.state
        if st["turn"] < len(st["order"]):
            return False
        if st["phase"] == "ranged":
            self._start_melee()
            return True
        st["round"] += 1
        st["order"] = [s for s in st["order"] if s in self._fighting_sides()]
        st["turn"] = 0
        return False

    def _begin_turn(self) -> None:
        """A side's turn starts: its statuses tick; if nobody can act the turn passes on (F-6)."""
        st = self.state
        for _ in range(50 * len(self.side_list)):
            if self._check_over():
                return
            side = st["order"][st["turn"]]
            if side in self._fighting_sides():
                mark = len(self.record)
                self._tick(side)
                if self._changed_since(mark) and self._check_over():
                    return
                principals = self._principals(side)
                if principals:
                    st["chosen"] = self._choose(side, principals)
                    self.emit("turn", "GM", "fantasy.turn",
                              {"side": side, "round": st["round"],
                               "phase": {"key": f"fantasy.phase.{st['phase']}.name"}},
                              data={"side": side, "phase": st["phase"], "chosen": st["chosen"]})
                    return
                self.emit("turn", "GM", "fantasy.turn.none", {"side": side},
                          data={"side": side, "phase": st["phase"], "skipped": True})
            st["turn"] += 1
            if self._wrap_turn():
                return
        self._finish(None, "stalemate")

    def _choose(self, side: str, principals: list[str]) -> str | None:
        """F-6 Variant 2: the one striker: players in rotation, monsters picked by die."""
        if self.options["variant"] != 2 or self.state["phase"] != "melee":
            return None
        if self._side(side).has_players or len(principals) == 1:
            return min(principals, key=lambda n: (self.state["c"][n]["acted"], self.combatants[n].index))
        r = self.dice.d(len(principals), purpose="F-6 Variant 2 striker", actor=side)
        pick = principals[int(r.total) - 1]
        self.emit("target", "GM", "fantasy.chosen", {"side": side, "actor": pick, "roll": r.describe()},
                  data={"chosen": pick}, rolls=(r,))
        return pick

    def _tick(self, side: str) -> None:
        """Start of a side's turn: ongoing damage, statuses wearing off, skipped turns (F-4, F-6).

        An effect lasting ``turns`` turns covers that many of its side's turns, then ends at the
        start of the next one; a skipped turn is one turn with no action.
        """
        self._memo.clear()
        for n in self._side(side).members:
            st = self.state["c"][n]
            st["skipping"] = False
            if st["status"] != "active":
                continue
            if st["skip"] > 0:
                st["skip"] -= 1
                st["skipping"] = True
                self.emit("skip", n, "fantasy.skip", {"actor": n}, data={"left": st["skip"]})
            for e in list(st["effects"]):
                if st["status"] != "active":
                    break
                if e["turns"] is not None and e["turns"] <= 0:
                    st["effects"].remove(e)
                    self._memo.clear()
                    self.emit("effect_end", n, "fantasy.effect.ends",
                              {"actor": n, "status": _status_term(e["status"])},
                              data={"status": e["status"]})
                    continue
                if e["ongoing"]:
                    p = self.dice.pick(e["ongoing"], purpose=f"F-4 {e['status']}", actor=n)
                    self._damage(e["source"], n, p.value, p.roll, _status_term(e["status"]))
                if e["turns"] is not None and st["status"] == "active":
                    e["turns"] -= 1

    def _check_over(self) -> bool:
        st = self.state
        if st["over"]:
            return True
        fighting = self._fighting_sides()
        if len(fighting) > 1:
            return False
        winner = fighting[0] if fighting else None
        self._finish(winner, "last_side_standing" if winner else "no_side_standing")
        return True

    def _finish(self, winner: str | None, reason: str) -> None:
        st = self.state
        st["over"] = True
        for n, c in self.combatants.items():
            cs = st["c"][n]
            if c.kind == "player" and cs["pending"] and cs["status"] != "dead":
                cs["level"] += cs["pending"]
                self.emit("level", n, "fantasy.level.applied", {"actor": n, "level": cs["level"]},
                          data={"level": cs["level"], "gained": cs["pending"]})
                cs["pending"] = 0
        survivors = [n for n in self.combatants if st["c"][n]["status"] == "active"]
        st["result"] = {"winner": winner, "reason": reason, "rounds": st["round"], "survivors": survivors}
        if winner:
            self.emit("outcome", "GM", "fantasy.outcome.win", {"side": winner, "round": st["round"]},
                      data=dict(st["result"]))
        else:
            self.emit("outcome", "GM", "fantasy.outcome.none", {"round": st["round"]},
                      data=dict(st["result"]))

    # --- autopilot and views -----------------------------------------------------------------------

    def _legal(self, actor: str) -> list[Order]:
        return self.legal_actions(actor)

    def board(self, side: str | None = None) -> dict[str, Any]:
        """The board as plain JSON; a player of ``side`` does not see other sides' monsters' hit points."""
        st = self.state
        rows = []
        for n, c in self.combatants.items():
            cs = st["c"][n]
            hidden = side is not None and c.side != side and c.kind == "monster"
            rows.append({
                "name": n, "side": c.side, "kind": c.kind,
                "owner": c.owner, "rider": c.rider,
                "hp": None if hidden else cs["hp"], "max_hp": None if hidden else cs["max_hp"],
                "ac": c.ac, "status": self.status(n),
                "effects": [{"status": e["status"], "turns": e["turns"], "disables": e["disables"]}
                            for e in cs["effects"]],
                "reward_points": cs["points"] if c.kind == "player" else c.reward,
                "initiative": cs["initiative"], "skip": cs["skip"],
            })
        return {"system": self.system, "round": self.round, "over": self.is_over,
                "phase": self.phase, "acting_side": self.acting_side,
                "sides": [s.name for s in self.side_list], "combatants": rows}

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["rounds"] = self.round
        st = self.state
        out["participants"] = [
            {"name": n, "side": c.side, "kind": c.kind, "hp": st["c"][n]["hp"],
             "max_hp": st["c"][n]["max_hp"], "status": self.status(n),
             "kills": list(st["c"][n]["kills"]), "damage_dealt": st["c"][n]["dealt"],
             "reward_points_gained": st["c"][n]["gained"],
             "reward_points": st["c"][n]["points"] if c.kind == "player" else c.reward,
             "level": st["c"][n]["level"], "level_ups_pending": st["c"][n]["pending"]}
            for n, c in self.combatants.items()]
        return out
