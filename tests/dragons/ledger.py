"""An independent ledger of a dragon duel, kept from its record (issue 19, item 3).

:func:`audit` walks a finished duel's record and dice log and re-derives, from the rule digest
(C-3, C-4, D-2..D-12) and the scenario as written (the YAML mapping, not gmkit's parsed sheets),
what every event must say: each Savage Worlds trait roll's total from its faces (aces, the Wild
Die, the modifier), success, raises and critical failures; a Speed/Height ledger moved by D-4,
D-8 and D-9; each attack's range, band, penalties and target number; damage against Toughness
less the Armour AP ignores; Shaken and Wounds and the D-8 table rows; Bennies spent from the
pools; the initiative order; and at the end the ledger must equal the board. Nothing here calls
``gmkit.dragons.rules``, ``gmkit.savage`` or the engine's helpers: the formulas are written out
below or in :mod:`tests.dragons.reference` (test code too).

Left out, because the record does not carry it: the arrival order of the orders (so initiative
ties between two players' dragons and forcing rank between two players are not checked, only
that Extras, GM-run and turned dragons count as last); the modifier of a tail attempt's defender
(it depends on whether the target's secret order also tried); which target a turned dragon picks
(D-10); which Bennies an order budgeted (only that spending follows the pools); and turn
boundaries (a Shaken dragon's recovery roll is checked when made, its absence only by the final
board). Aerobatic manoeuvres, Powers and the GM's reordering of a round are refused as unknown
events: the autopilot plays none of them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from gmkit.dragons import DragonDuel

from .reference import band, distance, fall, move_ok, moved

# --- the sheets, read from the scenario mapping ------------------------------------------------


def trait_die(text: str | None) -> tuple[int, int]:
    """C-3: ``d8`` -> (8, 0), ``d12+1`` -> (12, 1); unskilled (None) is d4-2."""
    if text is None:
        return 4, -2
    m = re.fullmatch(r"d(\d+)([+-]\d+)?", text)
    assert m, text
    return int(m[1]), int(m[2] or 0)


def action_penalty(wounds: int, wild: bool) -> int:
    """D-8: a Wild Card's -1/-2/-3 on actions at 1/2/3+ wounds (an Extra is out at its first)."""
    return -min(wounds, 3) if wild else 0


def other_penalty(wounds: int, wild: bool) -> int:
    """D-8: on other rolls only the third wound's -3 to the pilot counts."""
    return -3 if wild and wounds >= 3 else 0


@dataclass
class Sheet:
    raw: dict[str, Any]
    options: dict[str, Any]

    @property
    def wild(self) -> bool:
        return bool(self.raw.get("wild_card", True))

    @property
    def gm(self) -> bool:
        return bool(self.raw.get("gm", False))

    def pilot(self, trait: str) -> str | None:
        p = self.raw["pilot"]
        if trait == "shooting" and p.get("shooting") is None:
            return str(p["piloting"])  # a dragon's breath is aimed by Piloting when no Shooting
        return p.get(trait)

    @property
    def parry(self) -> int:
        """D-6: 2 + half the pilot's Fighting die (unskilled: 2)."""
        f = self.pilot("fighting")
        return 2 if f is None else 2 + trait_die(f)[0] // 2

    def weapon(self, name: str) -> dict[str, Any]:
        return next(w for w in self.raw["weapons"] if w["name"] == name)

    @property
    def toughness(self) -> int:
        return int(self.raw["toughness"])

    @property
    def armour(self) -> int:
        return int(self.raw.get("armour", 0))

    @property
    def bennies(self) -> int:
        if not self.wild:
            return 0
        own = self.raw.get("bennies")
        return int(self.options.get("bennies", 3) if own is None else own)


# --- the dice, read from the rolls -------------------------------------------------------------


def chain_total(sides: int, faces: tuple[int, ...] | list[int]) -> int:
    """C-3/C-4: an acing die: every face but the last is the maximum, the last is below it."""
    assert faces and all(1 <= f <= sides for f in faces), (sides, faces)
    assert all(f == sides for f in faces[:-1]) and faces[-1] < sides, ("aces", sides, faces)
    return sum(faces)


@dataclass(frozen=True)
class Trait:
    total: int
    success: bool
    raises: int
    crit: bool


def trait(roll: Any, die: str | None, modifier: int, wild: bool, tn: int = 4) -> Trait:
    """C-3: the trait roll ``roll`` must be ``die`` + ``modifier`` (with a Wild Die iff ``wild``);
    returns what its faces give: the better of trait and Wild Die plus the modifier, success at
    ``tn``, one raise per full 4 over, critical failure on double 1s (an Extra: its 1 and a
    further d6's 1)."""
    sides, base = trait_die(die)
    mod = base + modifier
    m = re.fullmatch(r"d(\d+)!([+-]\d+)?( wild)?", roll.expr)
    assert m and int(m[1]) == sides and int(m[2] or 0) == mod and bool(m[3]) is wild, \
        ("trait expression", roll.expr, die, mod, wild)
    first = roll.dice[0]
    assert first.sides == sides and first.label == ""
    t = chain_total(sides, first.faces)
    if wild:
        assert len(roll.dice) == 2 and roll.dice[1].label == "wild" and roll.dice[1].sides == 6
        w = chain_total(6, roll.dice[1].faces)
        best = max(t, w)
        crit = first.faces[0] == 1 and roll.dice[1].faces[0] == 1
        assert first.kept is (t >= w) and roll.dice[1].kept is (w > t), roll
    elif first.faces[0] == 1:  # [decision] an Extra's 1, checked by a further d6
        assert len(roll.dice) == 2 and roll.dice[1].label == "check" and roll.dice[1].sides == 6
        best, crit = t, roll.dice[1].faces[0] == 1
    else:
        assert len(roll.dice) == 1, roll
        best, crit = t, False
    total = best + mod
    assert roll.total == total, ("trait total", roll, total)
    success = total >= tn and not crit
    return Trait(total, success, (total - tn) // 4 if success else 0, crit)


def crit_of(roll: Any) -> bool:
    """C-3: both first faces 1 (a Wild Card's trait and Wild Die, an Extra's die and check d6)."""
    return len(roll.dice) == 2 and roll.dice[0].faces[0] == 1 and roll.dice[1].faces[0] == 1


def parse_move(text: str) -> tuple[str, int]:
    """A move as the record writes it: ``climb 2``, ``level -1``."""
    kind, n = text.split()
    return kind, int(n)


def expr_mod(roll: Any) -> int:
    """The modifier a trait roll's expression states (``d10!-2 wild`` -> -2)."""
    m = re.fullmatch(r"d\d+!([+-]\d+)?( wild)?", roll.expr)
    assert m, roll.expr
    return int(m[1] or 0)


def told_mod(mods: Any) -> int:
    """The modifier a story line tells, as the sum of its parts each with its source (issue 27);
    a part of 0 is never told, and no part at all is told as nothing."""
    if mods == "":
        return 0
    parts = mods["parts"]
    assert parts and all(p["n"] for p in parts), mods
    return sum(int(p["n"]) for p in parts)


def move_key(kind: str, n: int) -> str:
    """The story line of a dragon's own move: level at the same Speed, faster, slower, a climb, a dive."""
    if kind == "level":
        return "dragons.move." + ("level" if n == 0 else "faster" if n > 0 else "slower")
    return f"dragons.move.{kind}"


def damage_total(roll: Any, text: str, raised: bool) -> int:
    """C-4: the weapon's dice, each acing, +1d6 (acing) on a raise, plus the flat bonus."""
    m = re.fullmatch(r"(\d*)d(\d+)([+-]\d+)?", text.replace(" ", ""))
    assert m, text
    n, sides, flat = int(m[1] or 1), int(m[2]), int(m[3] or 0)
    want = [sides] * n + ([6] if raised else [])
    assert [d.sides for d in roll.dice] == want, ("damage dice", roll, text, raised)
    total = sum(chain_total(d.sides, d.faces) for d in roll.dice) + flat
    assert roll.total == total, ("damage total", roll, total)
    return total


ACTIONS = frozenset({"attack", "tail", "tail_failed", "tail_settled", "force", "shake_off",
                     "action_lost"})
"""The events that each tell one ordered action (a tail won the other way round is the attempt of
the dragon its ``name`` says)."""

UNCHECKED = frozenset({"action_lost", "move_void", "order_void", "over", "no_order"})
"""Events that change nothing the ledger keeps (a lost action or move, the end); any other kind
the ledger does not model (a Power, an aerobatic manoeuvre, the GM's initiative) fails the audit,
so a record it cannot follow is never passed unread."""

# --- the ledger -------------------------------------------------------------------------------


@dataclass
class Dragon:
    speed: int
    height: int
    wounds: int = 0
    shaken: bool = False
    falling: bool = False
    fall_turns: int = 0
    out: str | None = None
    turned: bool = False
    tailing: str | None = None
    bennies: int = 0
    weapons_out: set[str] = field(default_factory=set)


@dataclass
class Ledger:
    """What the ledger saw: how many events of each kind it checked (the tests ask for coverage)."""

    checked: Counter[str] = field(default_factory=Counter)


def tail_of(led: dict[str, Dragon], name: str) -> str | None:
    """Who is on ``name``'s tail."""
    return next((n for n, x in led.items() if x.tailing == name), None)


def audit(d: DragonDuel, scenario: dict[str, Any]) -> Ledger:
    """Check ``d``'s whole record against the rules and the ``scenario`` mapping it was made from."""
    assert d.is_over
    opts = dict(scenario.get("options") or {})
    sh = {r["name"]: Sheet(r, opts) for r in scenario["dragons"]}
    blue = scenario.get("battlefield", "blue") == "blue"
    level_min, level_max = opts.get("level_min", -1), opts.get("level_max", 2)
    penalties = tuple(opts.get("range_penalties", (0, -2, -4)))
    # D-2: the lowest dragon starts at Height 10, the others keep their offsets
    low = min(int(r["height"]) for r in scenario["dragons"])
    led = {n: Dragon(int(s.raw["speed"]), int(s.raw["height"]) - low + 10, bennies=s.bennies)
           for n, s in sh.items()}
    gm_pool = opts.get("gm_bennies")
    gm_bennies = sum(1 for s in sh.values() if not s.gm) if gm_pool is None else int(gm_pool)
    seen = Ledger()
    chk = seen.checked
    multi: dict[str, int] = {}                 # this round's multi-action penalty, per dragon
    kept: dict[int, Any] = {}                  # the rolls Benny rerolls kept, still to decide
    dropped: set[int] = set()                  # the rolls Benny rerolls set aside
    last_hit: tuple[str, str, str, bool] | None = None  # (attacker, target, weapon, raised)
    last_damage: tuple[str, int, bool] | None = None     # (target, wounds, shaken) before soaking
    rows: dict[str, list[int]] = {}            # D-8 rows a Wild Card's new Wounds must show
    row: dict[str, int] = {}                   # the row being applied
    speed_stall: set[str] = set()
    prespent: set[int] = set()                 # soak events whose Benny was counted already
    acted: Counter[str] = Counter()            # actions each dragon took this round
    forced: dict[str, tuple[str, str]] = {}    # D-12: won forcings still to be obeyed
    expected_move: dict[str, tuple[str, int]] = {}  # the move a forcing made the target take

    def late(name: str) -> bool:
        """D-3: Extras, GM-run and turned dragons count as ordering last."""
        return not sh[name].wild or sh[name].gm or led[name].turned

    # C-1: every die rolled is in the record, so the ledger sees every roll (a roll a Benny's
    # reroll kept is told twice: in the Benny's event and in the event it decides; an opposed
    # roll's reroll is told before the contest whose first rolls came before it).
    log = {id(r) for r in d.dice.log}
    told = {id(r) for e in d.record for r in e.rolls}
    assert log == told and len(log) == len(d.dice.log)

    def spend(name: str, whose: dict[str, Any]) -> None:
        """D-7: a dragon spends its own Bennies first, then (a GM character) the GM's."""
        nonlocal gm_bennies
        x = led[name]
        if x.bennies > 0 and not x.turned:
            assert whose["key"] == "dragons.benny.own", (name, whose)
            x.bennies -= 1
            assert whose["left"] == x.bennies
        else:
            assert whose["key"] == "dragons.benny.gms" and (sh[name].gm or x.turned), (name, whose)
            gm_bennies -= 1
            assert gm_bennies >= 0

    def rolled(e: Any, roll: Any) -> Any:
        """A roll deciding an event: never one a Benny's reroll set aside (D-7)."""
        assert id(roll) not in dropped, ("a rerolled roll decides", e.to_json())
        kept.pop(id(roll), None)
        return roll

    def start_fall(name: str) -> None:
        x = led[name]
        x.falling, x.fall_turns = True, 0  # its tails end: told by tail_lost events

    def land(target: str, wounds: int, shaken: bool) -> None:
        """The hit's Wounds, after any soak, land (D-7): Shaken, the D-8 rows to come."""
        t = led[target]
        if not shaken:
            return
        t.shaken = True
        if not wounds:
            return
        before, t.wounds = t.wounds, t.wounds + wounds
        if sh[target].wild:
            rows[target] = list(range(before + 1, min(t.wounds, 3) + 1)) + [4] * (t.wounds >= 4 > before)
        chk["wounds"] += 1

    for i, e in enumerate(d.record):
        data, p, k = e.data, e.params, e.kind
        x = led.get(e.actor)
        if k in ("round", "over"):  # D-9: by the round's end the fallen away are out
            for n, y in led.items():
                flying = [z.height for m, z in led.items() if m != n and z.out is None and not z.falling]
                assert not (y.out is None and y.falling and flying and y.height <= min(flying) - 10), \
                    ("D-9: fallen away yet flying", n, y, e.to_json())
                # D-8: an Extra leaves at its first Wound, a Wild Card at its fourth
                assert y.out is not None or y.wounds < (4 if sh[n].wild else 1), ("D-8", n, y)
                # C-4: no more actions than the order held (the multi-action penalty told)
                assert acted[n] <= max(1, 1 - multi.get(n, 0) // 2), ("C-4 actions", n, acted[n], multi)
            multi.clear()
            acted.clear()
            forced.clear()  # a forcing holds for its round only
        elif k == "initiative":  # D-3: higher Speed, then higher Height; players before late ones
            order = data["order"]
            assert order == p["order"]
            assert set(order) == {n for n, y in led.items() if y.out is None}, (order, led)
            keys = [(-led[n].speed, -led[n].height, late(n)) for n in order]
            assert keys == sorted(keys), ("D-3 initiative", order, keys)
            chk["initiative"] += 1
        elif k == "multi":  # C-4: -2 per action beyond the first
            assert p["penalty"] == -2 * (p["n"] - 1) and p["n"] > 1
            multi[e.actor] = p["penalty"]
        elif k == "move":
            assert x is not None and x.out is None and not x.falling
            s0, h0 = data["from"]
            assert (s0, h0) == (x.speed, x.height), ("move from", e.to_json(), x)
            kind, n = data["kind"], data["amount"]
            after = moved(s0, h0, kind, n)
            w_ = p["where"]
            assert tuple(data["to"]) == after == (w_["speed"], w_["height"]), ("D-4", e.to_json())
            assert (w_["from_speed"], w_["from_height"]) == (s0, h0), ("told from", e.to_json())
            assert e.actor not in forced, ("D-12: a won forcing ignored", e.to_json())
            want = expected_move.pop(e.actor, None)
            assert want is None or want == (kind, n), ("D-12: not the forced move", e.to_json(), want)
            if e.key != "dragons.move.follows":
                assert e.key == move_key(kind, n) and p["n"] == abs(n), ("told move", e.to_json())
                assert move_ok(s0, int(sh[e.actor].raw["max_speed"]), kind, n, shaken=x.shaken,
                               level_min=level_min, level_max=level_max,
                               max_dive=opts.get("max_dive")), ("illegal move", e.to_json())
                chk[f"move.{kind}"] += 1
            else:  # D-12: the pursuer copies its target's move
                assert x.tailing == p["target"], e.to_json()
                chk["move.copied"] += 1
            assert not (x.shaken and h0 != after[1]), ("D-8: Shaken changes Height", e.to_json())
            x.speed, x.height = after
            if x.speed <= 0:
                x.speed = 0
                speed_stall.add(e.actor)
            # D-11: a dive that ends above the maximum Speed is dangerous: Piloting must follow
            fast = kind == "dive" and x.speed > int(sh[e.actor].raw["max_speed"])
            nxt = d.record[i + 1] if i + 1 < len(d.record) else None
            if fast:
                j = i + 1
                while d.record[j].kind == "benny":
                    j += 1
                assert d.record[j].kind == "danger" and d.record[j].actor == e.actor, e.to_json()
                chk["dive.fast"] += 1
            else:
                assert nxt is None or nxt.kind != "danger" or nxt.actor != e.actor
        elif k == "danger":  # D-11: Piloting, failure falls
            assert x is not None
            # only after a fast dive (the ledger refuses aerobatics): no action, so only the
            # third wound's -3 counts
            mod = other_penalty(x.wounds, sh[e.actor].wild)
            assert p["mod"] == told_mod(p["mods"]) == mod, (e.to_json(), x)
            r = trait(rolled(e, e.rolls[0]), sh[e.actor].pilot("piloting"), mod, sh[e.actor].wild)
            assert data["success"] is r.success, e.to_json()
            if not r.success:  # D-11: failure starts a fall
                j = i + 1
                assert d.record[j].kind == "fall_start" and d.record[j].key == "dragons.fall.manoeuvre"
            chk["danger.ok" if r.success else "danger.fail"] += 1
        elif k == "fall_start":
            assert x is not None and not x.falling
            if e.key == "dragons.fall.stall":  # D-9: Speed 0
                assert x.speed == 0 and e.actor in speed_stall, (e.to_json(), x)
                chk["fall.stall"] += 1
            elif e.key == "dragons.fall.wound":  # D-8: the third wound
                assert x.wounds >= 3 and row[e.actor] == 3
                chk["fall.wound"] += 1
            elif e.key == "dragons.fall.manoeuvre":  # D-11: a failed dangerous manoeuvre
                prev = d.record[i - 1]
                assert prev.kind == "danger" and prev.actor == e.actor and not prev.data["success"]
                chk["fall.manoeuvre"] += 1
            else:
                raise AssertionError(f"a fall for no reason: {e.to_json()}")
            assert (p["speed"], p["height"]) == (x.speed, x.height), (e.to_json(), x)
            start_fall(e.actor)
        elif k == "fall":  # D-9: the drop by Speed, +2 Speed per level dropped
            assert x is not None and x.falling
            x.fall_turns += 1
            s1, h1, drop = fall(x.speed, x.height)
            assert (p["speed"], p["height"], data["drop"], data["turn"]) == (s1, h1, drop, x.fall_turns), \
                ("D-9 fall", e.to_json(), x)
            x.speed, x.height = s1, h1
            chk["fall"] += 1
        elif k == "recovery":  # D-9: Piloting at minus the turns fallen (and the D-8 penalty)
            assert x is not None and x.falling
            mod = -x.fall_turns + other_penalty(x.wounds, sh[e.actor].wild)
            assert p["mod"] == told_mod(p["mods"]) == mod and data["penalty"] == -x.fall_turns, \
                (e.to_json(), x)
            r = trait(rolled(e, e.rolls[0]), sh[e.actor].pilot("piloting"), mod, sh[e.actor].wild)
            assert data["success"] is r.success
            if r.success:
                x.falling, x.fall_turns = False, 0
            chk["recovery"] += 1
        elif k == "shaken_recovery":  # C-4: Spirit at the start of the turn
            assert x is not None and x.shaken
            r = trait(rolled(e, e.rolls[0]), sh[e.actor].pilot("spirit"),
                      other_penalty(x.wounds, sh[e.actor].wild), sh[e.actor].wild)
            assert data["success"] is r.success, e.to_json()
            assert told_mod(p["mods"]) == other_penalty(x.wounds, sh[e.actor].wild), e.to_json()
            x.shaken = not r.success
            chk["shaken_recovery"] += 1
        elif k == "no_actions":  # D-8: a Shaken dragon takes no actions
            assert x is not None and x.shaken
            chk["no_actions"] += 1
        elif k == "benny":
            assert x is not None
            use = data["use"]
            nxt = d.record[i + 1] if i + 1 < len(d.record) else None
            if use == "reroll" and nxt is not None and nxt.kind == "benny" and nxt.actor == e.actor \
                    and nxt.data["use"] == "soak" and nxt.rolls[0] in e.rolls:
                spend(e.actor, nxt.params["whose"])  # the soak's Benny went first, then the reroll's
                prespent.add(i + 1)
            if i not in prespent:
                spend(e.actor, p["whose"])
            if use == "reroll":  # D-7: the better total stands; a critical failure on the reroll stands
                first, second = e.rolls
                assert first.expr == second.expr and first.actor == second.actor == e.actor
                ft, st_ = first.total, second.total
                assert not crit_of(first), ("D-7: a critical failure is never rerolled", e.to_json())
                crit2 = crit_of(second)
                keep = second if (crit2 or st_ > ft) else first
                assert data["kept"] == keep.total and (data["first"], data["second"]) == (ft, st_)
                kept[id(keep)] = keep
                dropped.add(id(first if keep is second else second))
                chk["benny.reroll"] += 1
            elif use == "soak":  # D-7: Vigor, each success and raise one Wound fewer
                assert last_damage is not None and last_damage[0] == e.actor
                due = last_damage[1]
                assert data["wounds"] == due
                r = trait(rolled(e, e.rolls[0]), sh[e.actor].raw.get("vigor", "d6"),
                          other_penalty(x.wounds, sh[e.actor].wild), sh[e.actor].wild)
                assert told_mod(p["mods"]) == other_penalty(x.wounds, sh[e.actor].wild), e.to_json()
                gone = min(due, r.raises + 1) if r.success else 0
                assert (data["soaked"], data["left"]) == (gone, due - gone), (e.to_json(), r)
                last_damage = None
                if due == gone:  # every Wound soaked: not Shaken either (SWADE)
                    x.shaken = False
                    chk["benny.soak_all"] += 1
                else:
                    land(e.actor, due - gone, True)
                chk["benny.soak"] += 1
            elif use == "unshake":
                assert x.shaken
                x.shaken = False
                chk["benny.unshake"] += 1
            else:
                raise AssertionError(f"unchecked Benny: {e.to_json()}")
        elif k == "attack":
            assert x is not None and x.out is None and not x.shaken
            assert last_hit is None, ("a hit without damage", last_hit, e.to_json())
            s = sh[e.actor]
            w = s.weapon(data["weapon"])
            target = data["target"]
            t = led[target]
            assert t.out is None and w["name"] not in x.weapons_out
            on_tail = x.tailing == target
            if on_tail:  # D-12: a tail holds only at the same Speed and Height
                assert (x.speed, x.height) == (t.speed, t.height) and not x.falling and not t.falling
                chk["attack.from_tail"] += 1
            rng = distance(x.speed, x.height, t.speed, t.height, on_tail)
            assert data["range"] == rng, ("D-5 range", e.to_json(), x, t)
            assert t.tailing != e.actor, ("D-12: attacking its own pursuer", e.to_json())
            if w["kind"] == "ranged":
                assert x.height > t.height or (x.height == t.height and on_tail), ("D-5", e.to_json())
                ranges = tuple(w["ranges"])
                got = band(rng, ranges)
                assert got is not None, ("beyond Long", e.to_json())
                name_, _ = got
                bpen = penalties[("short", "medium", "long").index(name_)]
                assert data["band"] == name_
                tn, die = 4, s.pilot("shooting")
            else:
                assert x.height == t.height, ("D-5 melee", e.to_json())
                assert data["band"] is None
                bpen, tn, die = 0, sh[target].parry, s.pilot("fighting")
            mod = multi.get(e.actor, 0) + bpen + action_penalty(x.wounds, s.wild)
            assert data["modifier"] == mod and data["tn"] == tn, ("modifier/TN", e.to_json(), x)
            assert told_mod(p["mods"]) == mod, ("modifier told", e.to_json(), x)
            r = trait(rolled(e, e.rolls[0]), die, mod, s.wild, tn)
            assert (data["hit"], data["raises"]) == (r.success, r.raises), ("hit", e.to_json(), r)
            assert (e.key == "dragons.roll.attack.crit") is r.crit
            last_hit = (e.actor, target, w["name"], r.raises > 0) if r.success else None
            chk["attack.hit" if r.success else "attack.miss"] += 1
            chk[f"attack.{w['kind']}"] += 1
            chk["attack.raise"] += r.raises > 0
            chk["attack.crit"] += r.crit
        elif k == "damage":  # D-7/C-4: Toughness less the Armour AP ignores
            assert last_hit is not None and last_hit[0] == e.actor, e.to_json()
            _, target, wname, raised = last_hit
            last_hit = None
            w = sh[e.actor].weapon(wname)
            total = damage_total(e.rolls[0], str(w["damage"]), raised)
            ts = sh[target]
            tough = ts.toughness - min(ts.armour, int(w.get("ap", 0)))  # Armour is in Toughness
            shown = p["toughness"]
            assert data["damage"] == total and (shown if isinstance(shown, int) else shown["t"]) == tough, \
                ("D-7 Toughness", e.to_json(), tough)
            shaken = total >= tough
            wounds = (total - tough) // 4 if shaken else 0
            if shaken and wounds == 0 and led[target].shaken:
                wounds = 1  # C-4: Shaken again is a Wound
                chk["damage.shaken_again"] += 1
            assert (data["shaken"], data["wounds"]) == (shaken, wounds), ("damage", e.to_json(), tough)
            chk["damage.armour"] += tough != ts.toughness
            chk["damage"] += 1
            j = i + 1
            while d.record[j].kind == "benny" and d.record[j].data["use"] == "reroll" \
                    and d.record[j].actor == target:
                j += 1
            soaks = d.record[j].kind == "benny" and d.record[j].data["use"] == "soak"
            assert not soaks or wounds > 0, e.to_json()
            if soaks:
                last_damage = (target, wounds, shaken)
            else:
                land(target, wounds, shaken)
        elif k == "wound_row":  # D-8: each row of the table the Wounds reach, in order
            assert x is not None and sh[e.actor].wild and rows.get(e.actor), (e.to_json(), x)
            row[e.actor] = rows[e.actor].pop(0)
            if e.key == "dragons.out.unconscious":
                assert row[e.actor] == 4 and x.wounds >= 4
            else:
                assert e.key == f"dragons.wound.row{row[e.actor]}", (e.to_json(), x)
                assert p["penalty"] == -row[e.actor]
            chk[e.key] += 1
        elif k == "speed_loss":  # D-8: -2 at the first wound, -3 more at the second
            assert x is not None and sh[e.actor].wild
            lost = {1: 2, 2: 3}[row[e.actor]]
            slower = max(0, x.speed - lost)
            assert (p["speed"], p["lost"]) == (slower, x.speed - slower), ("D-8 Speed", e.to_json(), x)
            x.speed = slower
            if slower == 0:
                speed_stall.add(e.actor)
            chk["speed_loss"] += 1
        elif k == "weapon_check":  # D-8: d6 per weapon: 1-2 out at the second wound, 1-4 at the third
            assert x is not None
            (roll,) = e.rolls
            face = roll.dice[0].faces[0]
            assert roll.expr == "d6" and roll.total == face
            limit = p["limit"]
            assert limit == {2: 2, 3: 4}[row[e.actor]], (e.to_json(), row)
            assert p["weapon"] not in x.weapons_out
            assert data["out"] is (face <= limit)
            if data["out"]:
                x.weapons_out.add(p["weapon"])
            chk["weapon_check"] += 1
        elif k == "height_loss":  # D-8: the third wound costs 1 Height
            assert x is not None and row[e.actor] == 3
            x.height -= 1
            assert p["height"] == x.height
            chk["height_loss"] += 1
        elif k == "spirit":  # D-10: Spirit or the dragon turns
            assert x is not None and not x.turned
            r = trait(rolled(e, e.rolls[0]), sh[e.actor].pilot("spirit"),
                      other_penalty(x.wounds, sh[e.actor].wild), sh[e.actor].wild)
            assert data["success"] is r.success
            assert told_mod(p["mods"]) == other_penalty(x.wounds, sh[e.actor].wild), e.to_json()
            if not r.success:
                x.turned = True
            chk["spirit"] += 1
        elif k == "survival":  # D-8/D-13: over the Firmament a d6 decides
            assert x is not None and not blue
            need = opts.get("wild_crash_survival" if sh[e.actor].wild else "extra_crash_survival",
                            4 if sh[e.actor].wild else 6)
            (roll,) = e.rolls
            assert p["need"] == need and data["alive"] is (roll.dice[0].faces[0] >= need)
            chk["survival"] += 1
        elif k == "out":
            assert x is not None and x.out is None
            reason = data["reason"]
            wild = sh[e.actor].wild
            if reason == "withdrew":  # D-8: an Extra's first wound
                assert not wild and x.wounds == 1, (e.to_json(), x)
            elif reason in ("killed", "downed") and x.wounds >= (4 if wild else 2):
                prev = d.record[i - 1]
                if blue:
                    assert reason == "killed", e.to_json()
                else:
                    assert prev.kind == "survival" and prev.actor == e.actor
                    assert (reason == "downed") is prev.data["alive"]
            elif reason in ("fell_away", "killed"):  # D-9: 10 or more below the lowest flyer
                flying = [y.height for n, y in led.items()
                          if n != e.actor and y.out is None and not y.falling]
                assert x.falling and flying and x.height <= min(flying) - 10, (e.to_json(), x)
                assert (reason == "fell_away") is wild
                chk["fell_away"] += 1
            else:
                raise AssertionError(f"out for no reason: {e.to_json()} {x}")
            x.out = reason  # its tails end: told by tail_lost events
            chk[f"out.{reason}"] += 1
        elif k in ("tail", "tail_failed"):  # D-12: same Speed and Height, an opposed Piloting won
            a_name, b_name = p["name"], p["target"]  # the one who tried first, and its target
            a, b = led[a_name], led[b_name]
            assert (a.speed, a.height) == (b.speed, b.height) and not a.falling and not b.falling
            ra_, rd_ = (rolled(e, r) for r in e.rolls)
            amod = multi.get(a_name, 0) + action_penalty(a.wounds, sh[a_name].wild)
            ra = trait(ra_, sh[a_name].pilot("piloting"), amod, sh[a_name].wild)
            dmod = expr_mod(rd_) - trait_die(sh[b_name].pilot("piloting"))[1]
            rd = trait(rd_, sh[b_name].pilot("piloting"), dmod, sh[b_name].wild)
            assert (ra.total, rd.total) == (p["roll"], p["against"])
            assert (told_mod(p["mods"]), told_mod(p["against_mods"])) == (amod, dmod), e.to_json()
            wins = ra.success and ra.total > rd.total  # C-3: a tie goes to the defender
            if e.key == "dragons.roll.tail.gained":
                assert wins and data == {"pursuer": a_name, "target": b_name}
                pursuer, target = a_name, b_name
            elif e.key == "dragons.roll.tail.reversed":  # both tried: the defender ends up behind
                assert not wins and rd.success and data == {"pursuer": b_name, "target": a_name}
                pursuer, target = b_name, a_name
            else:
                assert not wins, ("D-12 evaded", e.to_json(), ra, rd)
                chk[e.key] += 1
                continue
            assert tail_of(led, target) in (None, pursuer), ("D-12: one pursuer", e.to_json())
            if led[target].tailing == pursuer:
                led[target].tailing = None
            led[pursuer].tailing = target
            chk[e.key] += 1
        elif k == "tail_settled":  # D-12: both tried: settled by the first one's contest
            assert led[p["target"]].tailing == e.actor or led[e.actor].tailing == p["target"] \
                or d.record[i - 1].kind != "tail"
        elif k == "tail_lost":
            pursuer, target = data["pursuer"], data["target"]
            assert led[pursuer].tailing == target
            led[pursuer].tailing = None
            chk["tail_lost"] += 1
        elif k in ("force", "shake_off"):  # D-12: opposed Piloting, the actor at -2
            assert x is not None
            other = x.tailing if k == "force" else tail_of(led, e.actor)
            assert other is not None and other == p["target"], (e.to_json(), x)
            a_roll, d_roll = (rolled(e, r) for r in e.rolls)
            amod = -2 + multi.get(e.actor, 0) + action_penalty(x.wounds, sh[e.actor].wild)
            dmod = other_penalty(led[other].wounds, sh[other].wild)
            ra = trait(a_roll, sh[e.actor].pilot("piloting"), amod, sh[e.actor].wild)
            rd = trait(d_roll, sh[other].pilot("piloting"), dmod, sh[other].wild)
            wins = ra.success and ra.total > rd.total  # C-3: a tie goes to the defender
            assert (told_mod(p["mods"]), told_mod(p["against_mods"])) == (amod, dmod), e.to_json()
            won = e.key in ("dragons.roll.force.wins", "dragons.roll.shake.wins")
            assert won is wins, ("D-12 opposed", e.to_json(), ra, rd)
            if k == "force":  # D-12/D-3: only a pursuer whose order came first; an Extra's comes last
                assert not (late(e.actor) and not late(other)), ("D-12: forcing out of turn", e.to_json())
            if k == "force" and wins:
                raises = (ra.total - rd.total) // 4
                assert data["raises"] == raises
                assert data["axis"] == "speed" or raises >= 1, ("D-12: Height needs a raise", e.to_json())
                forced[other] = (data["axis"], data["direction"])
            chk[e.key] += 1
        elif k == "forced_move":  # D-12: the target's move obeys the forcing when a legal one can
            assert x is not None and e.actor in forced, e.to_json()
            axis, direction = forced.pop(e.actor)
            ordered, made = (parse_move(data[w]) for w in ("ordered", "made"))

            def legal(m: tuple[str, int], x: Dragon = x, actor: str = e.actor) -> bool:
                return move_ok(x.speed, int(sh[actor].raw["max_speed"]), m[0], m[1], shaken=x.shaken,
                               level_min=level_min, level_max=level_max, max_dive=opts.get("max_dive"))

            def obeys(m: tuple[str, int], x: Dragon = x, axis: str = axis,
                      up: bool = direction == "up") -> bool:
                after = moved(x.speed, x.height, *m)
                change = after[0] - x.speed if axis == "speed" else after[1] - x.height
                return change > 0 if up else change < 0

            small = [("level", 1), ("dive", 1), ("level", -1), ("climb", 1)]
            if obeys(ordered) and legal(ordered):
                assert made == ordered, e.to_json()
            elif any(obeys(m) and legal(m) for m in small):
                assert obeys(made) and legal(made), ("D-12: forcing not obeyed", e.to_json(), x)
            else:
                assert made == ordered, e.to_json()
            expected_move[e.actor] = made
            chk["forced_move"] += 1
        elif k == "follow":  # D-12: the pursuer copies instead of moving
            assert x is not None and x.tailing == p["target"]
        elif k == "move_void":  # the ordered (or forced) move refused: level flight instead
            expected_move.pop(e.actor, None)
        elif k == "turned_acts":
            assert x is not None and x.turned
        elif k not in UNCHECKED:
            raise AssertionError(f"an event the ledger does not know: {e.to_json()}")
        if k in ACTIONS:
            acted[p["name"] if k == "tail" else e.actor] += 1


    assert not any(v for n, v in rows.items() if led[n].out is None), ("D-8 rows not shown", rows)
    assert last_hit is None and last_damage is None and not kept, (last_hit, kept)

    # At the end the ledger is the board.
    board = {b["name"]: b for b in d.board()["dragons"]}
    for n, x in led.items():
        b = board[n]
        st = d.state.dragons[n]
        assert (st.speed, st.height) == (x.speed, x.height) == (b["speed"], b["height"]), (n, x, b)
        assert st.wounds == x.wounds == b["wounds"], (n, x, b)
        assert st.shaken is x.shaken, (n, x, st)
        assert st.falling is x.falling and st.out_reason == x.out, (n, x, st)
        assert st.turned is x.turned and st.tailing == x.tailing, (n, x, st)
        assert st.bennies == x.bennies, (n, x, st)
        out_now = {w["name"] for w, o in zip(sh[n].raw["weapons"], st.weapons_out, strict=True) if o}
        assert out_now == x.weapons_out, (n, x, st)
        chk["dragon"] += 1
    assert d.state.gm_bennies == gm_bennies
    return seen
