"""An independent ledger of a fantasy skirmish, kept from its record (issue 19, item 3).

:func:`audit` walks a finished skirmish's record and re-derives, from the rule digest (F-1..F-10,
C-5, C-6) and the scenario as written (the YAML mapping, not gmkit's parsed sheets), what every
event must say: hit points from the life dice, each hit or miss from the d18 faces against the
armour class, each damage amount from the table face and Strength/Constitution, each heal capped at
the maximum, every protection, trigger, morale and escape roll, deaths at 0 hit points, reward
points and levels. At the end the ledger must equal the engine's board. Nothing here calls
``gmkit.fantasy.rules`` or the engine's helpers: the formulas and tables are written out below.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from gmkit.fantasy import Skirmish

# --- the sheets, read from the scenario mapping ------------------------------------------------

SPECIAL_KIND = {"яд": "poison", "poison": "poison", "паралич": "paralysis", "paralysis": "paralysis"}
"""F-4: the special kinds the example scenarios write (Russian and Latin spellings)."""


def table(text: Any) -> tuple[float, ...]:
    """C-6: ``a-b-c`` as the list of equally likely values."""
    return tuple(float(v) for v in str(text).split("-"))


@dataclass(frozen=True)
class Special:
    kind: str
    trigger: int
    pr: int | None


def special(text: str) -> Special:
    """F-4: ``яд16ПБ6`` = kind, trigger, protection roll."""
    m = re.fullmatch(r"(\D+?)(\d+)(?:(?:ПБ|PR)(\d+))?", text)
    assert m, text
    return Special(SPECIAL_KIND[m[1]], int(m[2]), int(m[3]) if m[3] else None)


@dataclass(frozen=True)
class Weapon:
    name: str
    damage: tuple[float, ...]
    ranged: bool
    to_hit: int
    specials: tuple[Special, ...]


@dataclass
class Sheet:
    raw: dict[str, Any]
    weapons: dict[str, Weapon] = field(default_factory=dict)

    def __getattr__(self, key: str) -> Any:
        defaults = {"strength": 0, "constitution": 0, "wisdom": 0, "easier_to_hit": 0, "points": 0,
                    "level": 1, "reward": 0, "kind": "monster", "morale": None, "escape": None,
                    "owner": None, "rider": None, "levels": [], "spells": [], "items": []}
        if key in self.raw:
            return self.raw[key]
        if key in defaults:
            return defaults[key]
        raise AttributeError(key)

    def spell(self, name: str) -> dict[str, Any]:
        return next(s for s in self.spells if s["name"] == name)

    def item(self, name: str) -> dict[str, Any]:
        return next(s for s in self.items if s["name"] == name)


def sheets(scenario: dict[str, Any]) -> dict[str, Sheet]:
    out: dict[str, Sheet] = {}
    for raw in scenario["combatants"]:
        sh = Sheet(raw)
        for ranged, key in ((False, "melee"), (True, "ranged")):
            given = raw.get(key) or []
            for a in (given if isinstance(given, list) else [given]):
                specials = a.get("special") or []
                specials = specials if isinstance(specials, list) else [specials]
                sh.weapons[a["name"]] = Weapon(a["name"], table(a["damage"]), ranged, a.get("to_hit", 0),
                                               tuple(special(s) for s in specials))
        out[raw["name"]] = sh
    return out


# --- the dice, read from the rolls -------------------------------------------------------------


def d18(roll: Any) -> int:
    """C-5: a d18 is a d6 plus a three-faced die showing 0, 6 or 12; the faces must make the total."""
    assert roll.expr == "d18", roll
    six, three = roll.dice
    assert six.sides == 6 and three.sides == 3, roll
    face = six.faces[0] + 6 * (three.faces[0] - 1)
    assert face == roll.total and 1 <= face <= 18, roll
    return face


def table_value(roll: Any, values: tuple[float, ...]) -> float:
    """C-6: the value at the face of a die with as many faces as the table has values."""
    (die,) = roll.dice
    assert die.sides == len(values), (roll, values)
    value = values[die.faces[0] - 1]
    assert float(roll.total) == value, (roll, values)
    return value


def base_need(ac: int) -> int | None:
    """F-2: the natural face needed by target AC (None: no roll hits)."""
    if ac <= -3:
        return None
    if ac in (-2, -1):
        return 18
    return 17 - ac  # AC 0 needs 17, AC 15 needs 2, AC 16+ anything


def rolled_hit(ac: int, modifier: int, face: int, second: int | None) -> bool:
    """F-2: d18 plus modifiers reaches the face needed; at AC -2 a 6 on d6 must follow."""
    need = base_need(ac)
    if need is None or face + modifier < need:
        return False
    return second == 6 if ac == -2 else True


def hittable(ac: int, modifier: int) -> bool:
    return any(rolled_hit(ac, modifier, f, 6) for f in range(1, 19))


def key_of(term: Any) -> str | None:
    return term.get("key") if isinstance(term, dict) else None


# --- the ledger -------------------------------------------------------------------------------


@dataclass
class Ledger:
    """What the ledger saw: how many events of each kind it checked (the tests ask for coverage)."""

    checked: Counter[str] = field(default_factory=Counter)


KIND_SPELLINGS = {"яд": "poison", "газ": "gas", "огонь": "fire", "огненный дух": "fire_spirit",
                  "огненныйдух": "fire_spirit", "окаменение": "petrification", "паралич": "paralysis"}
"""F-4: a scenario may key its effects by the Russian name of the kind (``яд:``)."""


def audit(sk: Skirmish, scenario: dict[str, Any]) -> Ledger:
    """Check ``sk``'s whole record against the rules and the ``scenario`` mapping it was made from."""
    assert sk.is_over
    sh = sheets(scenario)
    effects = {KIND_SPELLINGS.get(str(k).lower(), k): v for k, v in scenario.get("effects", {}).items()}
    seen = Ledger()
    hp: dict[str, float] = {}
    top: dict[str, float] = {}
    for n, s in sh.items():
        if not isinstance(s.hp, str):
            hp[n] = top[n] = float(s.hp)
    status = {n: "active" for n in sh}
    conditions: dict[str, set[str]] = {n: set() for n in sh}
    last_swing: dict[str, tuple[str, str, bool]] = {}   # actor -> (target, weapon, hit)
    fired: dict[str, tuple[str, Special]] = {}          # actor -> (target, special that fired)
    last_use: dict[str, tuple[str, str]] = {}           # actor -> ("cast" | "item", name)
    last_cast: tuple[str, str] | None = None            # (caster, spell) since the turn began
    killed_by: list[tuple[str, str]] = []
    weapon_hits = weapon_damage = 0

    # C-1: every die rolled is in the record, so the ledger sees every roll.
    assert list(sk.dice.log) == [r for e in sk.record for r in e.rolls]

    for e in sk.record:
        d, p = e.data, e.params
        if e.kind == "life":  # F-1: life dice, one d6 each, plus the modifier written on the sheet
            m = re.fullmatch(r"(\d+)ЖК(?:\+(\d+))?", sh[e.actor].hp)
            assert m, sh[e.actor].hp
            (r,) = e.rolls
            assert [x.sides for x in r.dice] == [6] * int(m[1])
            rolled = sum(x.faces[0] for x in r.dice) + int(m[2] or 0)
            assert d["hp"] == rolled
            hp[e.actor] = top[e.actor] = float(rolled)
        elif e.kind in ("hit", "miss"):
            target = d["target"]
            t = sh[target]
            me = sh[e.actor]
            weapon = me.weapons.get(p["attack"])
            modifier = (weapon.to_hit if weapon else 0) + t.easier_to_hit
            if e.key == "fantasy.cannot_hit":
                assert not hittable(t.ac, modifier), e
                assert not e.rolls
                seen.checked["cannot_hit"] += 1
                continue
            face = d18(e.rolls[0])
            assert p["roll"] == face
            second = None
            if len(e.rolls) > 1:
                (die,) = e.rolls[1].dice
                assert die.sides == 6
                second = die.faces[0]
            hit = rolled_hit(t.ac, modifier, face, second)
            assert d["hit"] is hit and e.kind == ("hit" if hit else "miss"), (e, face, modifier)
            assert status[target] == "active" and status[e.actor] == "active", e
            if weapon is not None:
                last_swing[e.actor] = (target, weapon.name, hit)
                weapon_hits += hit and not weapon.specials
            seen.checked[e.kind] += 1
        elif e.kind == "trigger":  # F-4: after a hit, a d18 at or above the trigger
            target, name, hit = last_swing[e.actor]
            assert hit
            face = d18(e.rolls[0])
            sp = next((s for s in sh[e.actor].weapons[name].specials if face >= s.trigger), None)
            assert d["fired"] == (sp.kind if sp else None), (e, face)
            if sp:
                fired[e.actor] = (target, sp)
            else:
                weapon_hits += 1  # the normal damage follows
            seen.checked["trigger"] += 1
        elif e.kind == "protection":  # F-5: d18 + Wisdom >= the number given
            face = d18(e.rolls[0])
            need = p["need"]
            given = [sp.pr for (t, sp) in fired.values() if t == e.actor]
            if last_cast is not None:
                given.append(sh[last_cast[0]].spell(last_cast[1]).get("protection"))
            assert need in given, (e, given)
            saved = face + sh[e.actor].wisdom >= need
            assert d["saved"] is saved, (e, face)
            if saved:
                fired = {k: v for k, v in fired.items() if v[0] != e.actor}
            seen.checked["protection"] += 1
        elif e.kind == "damage":
            target, amount = d["target"], float(d["amount"])
            what = p["what"]
            me = sh[e.actor]
            if isinstance(what, str) and what in me.weapons:  # F-3: the table plus Str/Con
                weapon = me.weapons[what]
                assert last_swing.get(e.actor) == (target, what, True), ("damage without a hit", e)
                value = table_value(e.rolls[0], weapon.damage)
                bonus = me.constitution if weapon.ranged else me.strength
                assert amount == max(0.0, value + bonus), (e, value, bonus)  # never below 0
                seen.checked["clamped"] += value + bonus < 0
                weapon_damage += 1
                last_swing.pop(e.actor)
                seen.checked["damage.weapon"] += 1
            elif isinstance(what, str) and last_use.get(e.actor) == ("cast", what):  # a spell's table
                assert amount == table_value(e.rolls[0], table(me.spell(what)["damage"])), e
                seen.checked["damage.spell"] += 1
            elif (key_of(what) or "").startswith("fantasy.special."):  # F-4: the special's effect
                t_, sp = fired.pop(e.actor)
                assert t_ == target and key_of(what) == f"fantasy.special.{sp.kind}"
                dmg = str(effects[sp.kind]["damage"])
                if dmg.endswith("%"):  # F-3: a percentage of the target's current hit points
                    assert not e.rolls and amount == hp[target] * float(dmg[:-1]) / 100, e
                else:
                    assert amount == table_value(e.rolls[0], table(dmg)), e
                seen.checked["damage.special"] += 1
            elif (key_of(what) or "").startswith("fantasy.status."):  # ongoing damage of a condition
                st = key_of(what).removeprefix("fantasy.status.")  # type: ignore[union-attr]
                assert st in conditions[target], e
                ongoing = next(x["ongoing"] for x in effects.values() if x.get("status") == st)
                assert amount == table_value(e.rolls[0], table(ongoing)), e
                seen.checked["damage.ongoing"] += 1
            else:
                raise AssertionError(f"damage from nowhere: {e.to_json()}")
            assert status[target] == "active" and hp[target] > 0, e
            hp[target] = max(0.0, hp[target] - amount)  # F-1: 0 = dead
            if "hp" in d:
                assert d["hp"] == hp[target], (e, hp[target])
        elif e.kind == "hp":
            assert d["hp"] == hp[e.actor], (e, hp[e.actor])
            seen.checked["hp"] += 1
        elif e.kind in ("cast", "item"):
            last_use[e.actor] = (e.kind, d["spell" if e.kind == "cast" else "item"])
            last_cast = (e.actor, d["spell"]) if e.kind == "cast" else None
        elif e.kind == "turn":
            last_cast = None
        elif e.kind == "heal":  # F-8: back from the table, never above the hit points the fight began with
            target = d["target"]
            kind, name = last_use[e.actor]
            source = sh[e.actor].spell(name) if kind == "cast" else sh[e.actor].item(name)
            value = table_value(e.rolls[0], table(source["heal"]))
            after = min(top[target], hp[target] + value)
            seen.checked["heal.capped"] += hp[target] + value > top[target]
            assert d["amount"] == after - hp[target], (e, hp[target], value)
            hp[target] = after
            if "hp" in d:
                assert d["hp"] == after
            seen.checked["heal"] += 1
        elif e.kind == "kill":  # F-1: dead at 0 hit points
            target = d["target"]
            assert hp[target] == 0 and status[target] == "active", (e, hp[target])
            status[target] = "dead"
            killed_by.append((e.actor, target))
            seen.checked["kill"] += 1
        elif e.kind == "reward":  # F-7: a player's kill of an enemy, none for pets or companions
            killer, target = killed_by[-1]
            assert killer == e.actor
            if e.key == "fantasy.reward":
                assert sh[killer].kind == "player" and d["points"] == sh[target].reward
            else:
                assert sh[killer].kind != "player" and sh[target].reward
            seen.checked[e.key] += 1
        elif e.kind == "flee":
            if e.key.startswith("fantasy.flee.morale."):  # F-9: d18 >= morale
                face = d18(e.rolls[0])
                assert d["fled"] is (face >= sh[e.actor].morale), (e, face)
            elif e.key.startswith("fantasy.flee.escape."):  # F-10: the d6 on the hardest enemy's numbers
                (die,) = e.rolls[0].dice
                enemies = {n: sorted(set(c.escape)) for n, c in sh.items()
                           if c.side != sh[e.actor].side and status[n] == "active" and c.escape}
                assert d["numbers"] == enemies[d["enemy"]]
                assert len(d["numbers"]) == min(len(v) for v in enemies.values())
                assert die.sides == 6 and d["fled"] is (die.faces[0] in d["numbers"]), e
            elif e.key == "fantasy.flee.with":  # F-6: a pet or mount leaves with its owner or rider
                leader = p["leader"]
                assert status[leader] == "fled" and leader in (sh[e.actor].owner, sh[e.actor].rider)
            elif e.key == "fantasy.mount.bolts":  # F-6: a mount bolts when its rider dies
                assert sh[e.actor].kind == "mount" and status[sh[e.actor].rider] == "dead"
            else:
                raise AssertionError(f"unchecked flight: {e.to_json()}")
            if d.get("fled", True):
                status[e.actor] = "fled"
            seen.checked[e.key] += 1
        elif e.kind == "effect" and e.key == "fantasy.effect":
            conditions[e.actor].add(d["status"])
            fired.pop(p["source"], None)
            seen.checked["effect"] += 1
        elif e.kind == "effect_end":
            conditions[e.actor].discard(d["status"])
        elif e.kind == "cure":
            for term in p["statuses"]:
                conditions[p["target"]].discard((key_of(term) or term).removeprefix("fantasy.status."))

    # Every weapon hit whose special did not fire did its damage, and no damage came without a hit.
    assert weapon_hits == weapon_damage

    # At the end the ledger is the board.
    out = sk.outcome()
    assert out is not None
    board = {c["name"]: c for c in sk.board()["combatants"]}
    for n, s in sh.items():
        assert float(sk.state.combatants[n].hp) == hp[n] == float(board[n]["hp"]), n
        assert float(board[n]["max_hp"]) == top[n], n
        assert (board[n]["status"] == "dead") is (status[n] == "dead") is (hp[n] <= 0), n
        assert (board[n]["status"] == "fled") is (status[n] == "fled"), n
        # F-7: reward points only for a player's kills of enemies; levels taken after the battle.
        # The board shows a player's points, and what killing anyone else would give.
        if s.kind != "player":
            assert board[n]["reward_points"] == s.reward, n
        else:
            points = s.points + sum(sh[t].reward for k, t in killed_by if k == n and sh[t].side != s.side)
            assert board[n]["reward_points"] == points, n
            crossed = sum(1 for lv in s.levels if s.points < lv <= points)
            seen.checked["level.exact"] += points in s.levels
            level = s.level + (crossed if status[n] != "dead" else 0)
            assert sk.state.combatants[n].level == level, n
    survivors = [n for n in sh if status[n] == "active"]
    assert out["survivors"] == survivors
    if out["reason"] == "last_side_standing":
        assert {sh[n].side for n in survivors} == {out["winner"]}
    elif out["reason"] == "no_side_standing":
        assert not survivors
    return seen
