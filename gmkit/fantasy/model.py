"""Combatants and sides as the engine reads them: the scenario's data, parsed once, never mutated.

Everything that changes in a fight (hit points, statuses, uses left, reward points) lives in the
skirmish's ``state``; these frozen values are what a combatant *is* (F-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .notation import DamageSpec, LifeDice, SpecialAttack, parse_damage, parse_life, parse_special
from .rules import unarmoured_ac

__all__ = ["Effect", "Attack", "Spell", "Item", "Combatant", "Side", "build_effects"]


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
    def from_spec(cls, d: Mapping[str, Any]) -> "Effect":
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
    index: int = 0
    spell_by_name: dict[str, Spell] = field(default_factory=dict, compare=False)
    item_by_name: dict[str, Item] = field(default_factory=dict, compare=False)

    @classmethod
    def from_spec(cls, d: Mapping[str, Any], index: int = 0) -> "Combatant":
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
        spells = tuple(Spell(s["name"], _effect_of(s), s.get("target", "enemy"), s.get("uses"),
                             bool(s.get("to_hit", False)), s.get("protection"))
                       for s in d.get("spells") or ())
        items = tuple(Item(i["name"], _effect_of(i), i.get("target", "self"), int(i.get("uses", 1)),
                           i.get("protection"))
                      for i in d.get("items") or ())
        esc = d.get("escape")
        return cls(
            name=d["name"], side=d["side"], kind=d.get("kind", "monster"), hp=hp,
            ac=ac if ac is not None else unarmoured_ac(int(d.get("dexterity", 0))),
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


@dataclass(frozen=True, slots=True)
class Side:
    """A side: its name and members in scenario order; each side fights for itself (F-6)."""

    name: str
    members: tuple[str, ...]
    has_players: bool = False


def build_effects(defaults: Mapping[str, Mapping[str, Any]],
                  overrides: Mapping[str, Mapping[str, Any]]) -> dict[str, Effect]:
    """F-4: every special kind's effect: the scenario's, else gmkit's default."""
    out = {k: Effect.from_spec(v) for k, v in defaults.items()}
    out.update({k: _effect_of(v) for k, v in overrides.items()})
    return out
