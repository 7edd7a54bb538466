"""What the combatants and sides of a skirmish *are*: the scenario's data parsed once, never mutated.

Everything that changes in a fight (hit points, statuses, uses left, reward points) lives on the
:class:`~gmkit.fantasy.board.Board`; these frozen values are what a combatant is (F-1) and what the
GM chose for the fight (F-6). :func:`sheets_for` parses a scenario once and shares the result, so
thousands of simulated skirmishes of one scenario cost one parse.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import rules
from .notation import DamageSpec, LifeDice, SpecialAttack, parse_damage, parse_life, parse_special, table_text
from .reveal import Reveal

if TYPE_CHECKING:
    from .orders import Cast, UseItem

__all__ = ["Effect", "Attack", "Spell", "Item", "Combatant", "Side", "Options", "Sheets",
           "build_effects", "sheets_for", "cast_effect", "item_effect"]


@dataclass(frozen=True, slots=True)
class Effect:
    """What a special attack, spell or item does (F-4, F-8): data the GM sets."""

    damage: DamageSpec | None = None
    heal: tuple[float, ...] | None = None
    status: str | None = None
    turns: int | None = None
    disables: bool = False
    ongoing: tuple[float, ...] | None = None
    cure: tuple[str, ...] = ()
    initiative: int = 0

    @classmethod
    def from_spec(cls, d: Mapping[str, Any]) -> Effect:
        dmg = d.get("damage")
        heal = d.get("heal")
        ongoing = d.get("ongoing")
        return cls(
            damage=parse_damage(dmg) if dmg else None,
            heal=parse_damage(heal).table if heal else None,
            status=d.get("status"),
            turns=d.get("turns"),
            disables=bool(d.get("disables", False)),
            ongoing=parse_damage(ongoing).table if ongoing else None,
            cure=tuple(d.get("cure") or ()),
            initiative=int(d.get("initiative") or 0),
        )

    def spec(self) -> dict[str, Any]:
        """The effect written back as scenario data (what :meth:`from_spec` reads)."""
        return {"damage": str(self.damage) if self.damage else None,
                "heal": table_text(self.heal) if self.heal else None,
                "status": self.status, "turns": self.turns, "disables": self.disables,
                "ongoing": table_text(self.ongoing) if self.ongoing else None,
                "cure": list(self.cure), "initiative": self.initiative}

    @property
    def harmful(self) -> bool:
        return self.damage is not None or (self.status is not None and self.heal is None)

    @property
    def empty(self) -> bool:
        return (self.damage is None and self.heal is None and self.status is None and not self.cure
                and not self.initiative)


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack: damage (F-3), to-hit bonus (F-2), special attacks (F-4); ranged or melee."""

    name: str
    damage: DamageSpec
    to_hit: int = 0
    specials: tuple[SpecialAttack, ...] = ()
    ranged: bool = False


@dataclass(frozen=True, slots=True)
class Spell:
    """A spell the GM described: its effect, whom it may target, uses (None: unlimited)."""

    name: str
    effect: Effect
    target: str = "enemy"
    uses: int | None = None
    to_hit: bool = False
    protection: int | None = None


@dataclass(frozen=True, slots=True)
class Item:
    """An item or potion (F-8)."""

    name: str
    effect: Effect
    target: str = "self"
    uses: int = 1
    protection: int | None = None


_EFFECT_KEYS = ("damage", "heal", "status", "turns", "disables", "ongoing", "cure", "initiative")


def _effect_of(d: Mapping[str, Any]) -> Effect:
    return Effect.from_spec({k: d.get(k) for k in _EFFECT_KEYS})


def _as_ordered(e: Effect) -> Effect:
    """A spell's or item's effect as an order that names it gets it: written back as data and read
    again (tables to 4 places), so that an order adding nothing gets the very same effect."""
    return Effect.from_spec(e.spec())


@dataclass(frozen=True, slots=True)
class Combatant:
    """A combatant's sheet (F-1): who it is, its numbers, attacks, spells, items, morale, rewards."""

    name: str
    side: str
    kind: str
    hp: float | LifeDice
    ac: int
    owner: str | None = None
    rider: str | None = None
    strength: int = 0
    dexterity: int = 0
    constitution: int = 0
    wisdom: int = 0
    easier_to_hit: int = 0
    melee: tuple[Attack, ...] = ()
    ranged: Attack | None = None
    spells: tuple[Spell, ...] = ()
    items: tuple[Item, ...] = ()
    morale: int | None = None
    escape: tuple[int, ...] | None = None
    reward: int = 0
    points: int = 0
    level: int = 1
    levels: tuple[int, ...] = ()
    strikes: int = 1
    initiative: int = 0
    skip_turns: int = 0
    attacks_alone: bool = False
    max_hp: float | None = None
    """F-1: hit points when unhurt, when the fight starts with fewer (a campaign's wounded)."""
    conditions: tuple[tuple[str, int | None, bool, tuple[float, ...] | None], ...] = ()
    """F-4: states carried in from an earlier fight: (status, turns, disables, ongoing table)."""
    index: int = 0
    spell_by_name: dict[str, Spell] = field(default_factory=dict, compare=False)
    item_by_name: dict[str, Item] = field(default_factory=dict, compare=False)

    @classmethod
    def from_spec(cls, d: Mapping[str, Any], index: int = 0) -> Combatant:
        hp_raw = d["hp"]
        hp: float | LifeDice = parse_life(hp_raw) if isinstance(hp_raw, str) else hp_raw
        ac = d.get("ac")
        melee = tuple(
            Attack(a.get("name", "attack"), parse_damage(a.get("damage", "0-1-2")), int(a.get("to_hit", 0)),
                   tuple(parse_special(s) for s in a.get("special", ())))
            for a in d.get("melee") or ())
        r = d.get("ranged")
        ranged = Attack(r.get("name", "bow"), parse_damage(r["damage"]), int(r.get("to_hit", 0)),
                        ranged=True) if r else None
        spells = tuple(Spell(s["name"], _as_ordered(_effect_of(s)), s.get("target", "enemy"), s.get("uses"),
                             bool(s.get("to_hit", False)), s.get("protection"))
                       for s in d.get("spells") or ())
        items = tuple(Item(i["name"], _as_ordered(_effect_of(i)), i.get("target", "self"),
                           int(i.get("uses", 1)), i.get("protection"))
                      for i in d.get("items") or ())
        esc = d.get("escape")
        return cls(
            name=d["name"], side=d["side"], kind=d.get("kind", "monster"), hp=hp,
            ac=ac if ac is not None else rules.unarmoured_ac(int(d.get("dexterity", 0))),
            owner=d.get("owner"), rider=d.get("rider"),
            strength=int(d.get("strength", 0)), dexterity=int(d.get("dexterity", 0)),
            constitution=int(d.get("constitution", 0)), wisdom=int(d.get("wisdom", 0)),
            easier_to_hit=int(d.get("easier_to_hit", 0)),
            melee=melee, ranged=ranged, spells=spells, items=items,
            morale=d.get("morale"), escape=tuple(esc) if esc is not None else None,
            reward=int(d.get("reward", 0)), points=int(d.get("points", 0)),
            level=int(d.get("level", 1)), levels=tuple(sorted(d.get("levels") or ())),
            strikes=int(d.get("strikes", 1)), initiative=int(d.get("initiative", 0)),
            skip_turns=int(d.get("skip_turns", 0)), attacks_alone=bool(d.get("attacks_alone", False)),
            max_hp=d.get("max_hp"),
            conditions=tuple((k["status"], k.get("turns"), bool(k.get("disables", False)),
                              parse_damage(k["ongoing"]).table if k.get("ongoing") else None)
                             for k in d.get("conditions") or ()),
            index=index,
            spell_by_name={s.name: s for s in spells}, item_by_name={i.name: i for i in items},
        )

    @property
    def is_shooter(self) -> bool:
        """F-6: takes part in the ranged phase (a ranged weapon or a spell)."""
        return self.ranged is not None or bool(self.spells)

    @property
    def flees_by_morale(self) -> bool:
        """F-9 for monsters; F-10 (escape numbers) for players and companions."""
        return self.kind == "monster"

    @property
    def follower(self) -> bool:
        """A pet or a mount: it strikes along with its owner or rider (F-6)."""
        return self.kind in ("pet", "mount")

    @property
    def leader(self) -> str | None:
        """The combatant a pet or mount follows."""
        if self.kind == "pet":
            return self.owner
        if self.kind == "mount":
            return self.rider
        return None

    def attacks(self, name: str | None) -> tuple[Attack, ...]:
        """F-6: the melee attacks a strike makes: all of them, or the one named."""
        if name is None:
            return self.melee
        return tuple(a for a in self.melee if a.name == name)


@dataclass(frozen=True, slots=True)
class Side:
    """A side: its name and members in scenario order; each side fights for itself (F-6)."""

    name: str
    members: tuple[str, ...]
    has_players: bool = False
    called: str = ""
    """How sentences call the side: its ``side_names`` entry (a group: «отряд»), else its name."""


@dataclass(frozen=True, slots=True)
class Options:
    """The GM's choices for this fight (F-6, F-10), as the scenario's ``options`` set them."""

    variant: int = 1
    """F-6: 1 = all of a side strike on its turn; 2 = one striker per turn."""
    cap: str | int = "none"
    """F-6 Variant 1: ``"none"``, ``"twice_opponents"`` or a number of strikers per turn."""
    ranged_phase: bool = True
    first: str | None = None
    """The side that strikes first in melee (None: the d6 roll-off)."""
    ranged_first: str | None = None
    """The side that shoots first in the ranged phase (None: the d6 roll-off)."""
    flight: bool = True
    """F-10: False when the GM forbids fleeing."""

    @classmethod
    def from_spec(cls, d: Mapping[str, Any] | None) -> Options:
        d = d or {}
        return cls(variant=d.get("variant", 1), cap=d.get("cap", "none"),
                   ranged_phase=d.get("ranged_phase", True), first=d.get("first"),
                   ranged_first=d.get("ranged_first"), flight=d.get("flight", True))


@dataclass(frozen=True, slots=True)
class Sheets:
    """Everything a skirmish reads but never changes, built from the validated scenario."""

    options: Options
    combatants: dict[str, Combatant]
    """Every combatant's sheet, in scenario order."""
    sides: tuple[Side, ...]
    """The sides in their listed order, then in order of first appearance."""
    side_of: dict[str, str]
    sides_by_name: dict[str, Side]
    needs_rider: dict[str, str]
    """F-6: a mount that attacks only with its rider -> that rider."""
    followers: dict[str, tuple[str, ...]]
    """F-6: a leader -> the pets and mounts that strike along with it."""
    pet_owner: dict[str, str]
    """F-6: a pet -> its owner, whom it follows while the owner fights."""
    tied_mounts: frozenset[str]
    """F-6: the mounts that attack only with their riders."""
    effects: dict[str, Effect]
    """F-4: what each special kind does."""
    melee_hits: dict[tuple[str, str], bool]
    """F-2: (attacker, target) -> whether any of its melee attacks can hit the target at all."""
    ranged_hits: dict[tuple[str, str], bool]
    """F-2: the same for its ranged weapon."""
    reveal: Reveal
    """What players see of the other sides' monsters (the scenario's ``reveal``)."""
    melee_targets: dict[str, frozenset[str]] = field(default_factory=dict)
    """F-2: attacker -> the combatants one of its melee attacks can hit (:attr:`melee_hits` by row)."""
    ranged_targets: dict[str, frozenset[str]] = field(default_factory=dict)
    """F-2: the same for its ranged weapon."""
    sees_hp: frozenset[tuple[str, str]] = frozenset()
    """(side, combatant) whose hit points a player of that side sees: ``reveal`` asked once, for
    the autopilot that weighs targets every turn."""

    def called(self, side: str) -> str:
        """How sentences call ``side`` (its ``side_names`` entry, else its name)."""
        s = self.sides_by_name.get(side)
        return s.called if s is not None else side

    @classmethod
    def from_scenario(cls, sc: Mapping[str, Any]) -> Sheets:
        from .scenario import DEFAULT_EFFECTS

        combatants: dict[str, Combatant] = {}
        for i, spec in enumerate(sc["combatants"]):
            c = Combatant.from_spec(spec, i)
            combatants[c.name] = c
        present = list(dict.fromkeys(c.side for c in combatants.values()))
        listed = [s for s in (sc.get("sides") or []) if s in present]
        order = listed + [s for s in present if s not in listed]
        called = {k: str(v["name"]) for k, v in (sc.get("side_names") or {}).items()}
        sides = tuple(
            Side(s, tuple(n for n, c in combatants.items() if c.side == s),
                 any(c.kind == "player" for c in combatants.values() if c.side == s), called.get(s, s))
            for s in order)
        followers: dict[str, list[str]] = {}
        for n, c in combatants.items():
            if c.follower and c.leader:
                followers.setdefault(c.leader, []).append(n)
        everyone = list(combatants.values())
        reveal = Reveal.of(sc)
        melee_hits = {(a.name, t.name): any(rules.can_be_hit(t.ac, x.to_hit + t.easier_to_hit)
                                            for x in a.melee)
                      for a in everyone for t in everyone}
        ranged_hits = {(a.name, t.name): a.ranged is not None
                       and rules.can_be_hit(t.ac, a.ranged.to_hit + t.easier_to_hit)
                       for a in everyone for t in everyone}
        return cls(
            options=Options.from_spec(sc.get("options")),
            combatants=combatants, sides=sides,
            side_of={n: c.side for n, c in combatants.items()},
            sides_by_name={s.name: s for s in sides},
            needs_rider={n: c.rider for n, c in combatants.items()
                         if c.kind == "mount" and not c.attacks_alone and c.rider},
            followers={k: tuple(v) for k, v in followers.items()},
            pet_owner={n: c.owner for n, c in combatants.items() if c.kind == "pet" and c.owner},
            tied_mounts=frozenset(n for n, c in combatants.items()
                                  if c.kind == "mount" and not c.attacks_alone),
            effects=build_effects(DEFAULT_EFFECTS, sc.get("effects") or {}),
            melee_hits=melee_hits, ranged_hits=ranged_hits,
            melee_targets={a: frozenset(t for t in combatants if melee_hits[a, t]) for a in combatants},
            ranged_targets={a: frozenset(t for t in combatants if ranged_hits[a, t]) for a in combatants},
            reveal=reveal,
            sees_hp=frozenset((s.name, n) for s in sides for n in combatants
                              if reveal.may_see(s.name, n, "hp")),
        )


def build_effects(defaults: Mapping[str, Mapping[str, Any]],
                  overrides: Mapping[str, Mapping[str, Any]]) -> dict[str, Effect]:
    """F-4: every special kind's effect: the scenario's, else gmkit's default."""
    out = {k: Effect.from_spec(v) for k, v in defaults.items()}
    out.update({k: _effect_of(v) for k, v in overrides.items()})
    return out


_SEEN: list[tuple[dict[str, Any], Sheets]] = []
"""Recent validated scenarios with their sheets: simulations of one scenario parse it once."""
_SEEN_SIZE = 16


def sheets_for(scenario: Mapping[str, Any]) -> Sheets:
    """The sheets of a validated scenario, parsed once and shared while it is among the recent."""
    for seen, sheets in _SEEN:
        if seen == scenario:
            return sheets
    sheets = Sheets.from_scenario(scenario)
    _SEEN.insert(0, (json.loads(json.dumps(scenario, ensure_ascii=False)), sheets))
    del _SEEN[_SEEN_SIZE:]
    return sheets


def cast_effect(c: Combatant, order: Cast) -> tuple[Effect, Spell | None]:
    """F-6: what a Cast does: the sheet's spell with the order's fields laid over it (or, for a
    spell not on the sheet, what the order describes)."""
    spell = c.spell_by_name.get(order.spell)
    given = {k: v for k in ("damage", "heal", "status", "turns", "disables", "initiative")
             if (v := getattr(order, k)) is not None}
    if spell is not None and not given:
        return spell.effect, spell
    base: dict[str, Any] = spell.effect.spec() if spell is not None else {}
    return Effect.from_spec({**base, **given}), spell


def item_effect(c: Combatant, order: UseItem) -> tuple[Effect, Item | None]:
    """F-8: what a UseItem does: the carried item's effect with the order's fields laid over it."""
    item = c.item_by_name.get(order.item)
    given = {k: v for k in ("damage", "heal", "status", "turns") if (v := getattr(order, k)) is not None}
    if item is not None and not given:
        return item.effect, item
    base: dict[str, Any] = item.effect.spec() if item is not None else {}
    return Effect.from_spec({**base, **given}), item
