"""Dragon duels (rule set D): dragons with pilots fighting in the sky by Speed and Height.

>>> from gmkit.dragons import DragonDuel, DragonOrder, Move, Attack, EXAMPLE
>>> duel = DragonDuel(EXAMPLE, seed=3)
>>> duel.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
>>> events = duel.resolve_round()   # Bane sent nothing: it holds level flight, and the log says so
>>> duel.board()["round"]
2

An order is ``DragonOrder(move=Move(kind, amount) | None, actions=(...))``: ``Move.level(dS)``
(-1..+2), ``Move.climb(n)``, ``Move.dive(n)``; actions ``Attack(weapon, target)``,
``TailAttempt(target)``, ``Force(speed, height)``, ``ShakeOff()``, ``Manoeuvre(name)``,
``UsePower(power, die, target, note)``, and the GM's calls ``TurnCheck(reason)`` (D-10) and
``CritFall(falls)`` (D-9), and ``Benny(use, up_to)`` (D-7: reroll, soak, unshake), which are not
actions. A dragon that is the
GM's (its pilot consumed, D-10) takes ``GMOrder(DragonOrder(...))``: one as the player's is refused.
The GM may set a round's order of action (D-3): ``duel.submit("GM", Initiative(("Bane", "Ash")))``.

Rulings where the rules and the issue are silent (each documented where it is applied):

* Orders are checked on arrival against what is certain then: the dragon's own move and the
  position of any target that acts later (D-3) and follows nobody. Anything that depends on
  other dragons' moves is checked again at the turn; an action that became impossible is lost
  and the log says why (rule and numbers).
* A Shaken dragon's order may hold only level moves and no actions (D-8, as it stands when
  the order is given); it rolls Spirit at the start of its turn (C-4). A dragon Shaken during
  the round before its turn and still Shaken at it flies level at the same Speed instead of a
  climb or dive, and loses its actions.
* Wound penalties (D-8): -1/-2 on action rolls at 1/2 wounds; from 3 wounds -3 on every roll.
  A roll that is not an action (Spirit, fall recovery, defending in an opposed roll) only
  takes the 3-wound penalty.
* Several wounds at once apply every row of the table reached, in order. An Extra downed
  (2+ wounds) or a Wild Card at 4+ is dead in the Blue; over the Firmament a d6 decides
  (options ``extra_crash_survival`` 6+, ``wild_crash_survival`` 4+).
* Falling (D-9): a dragon that starts to fall before its turn falls at its turn; its first
  recovery roll is at -1, then -2... A falling dragon may still attack but not tail or do
  aerobatics. "10 below" is checked after each drop and at the end of every round.
* One movement per dragon per round (D-1): its own, a copy of its target's, or a fall.
* Tails (D-12): one pursuer per target. A tail holds only while both share Speed and Height;
  a wound's Speed loss, a fall or a move the pursuer cannot copy breaks it. A tail gained
  before the dragon's own move replaces that move; one gained after it cannot copy a later
  move of its target (it has moved) and is lost if they part. A pursuer that orders a move
  breaks off, whether its turn or its target's comes first.
  A pursuer copies a target's aerobatics: Piloting, failure falls (option ``copied_manoeuvre``
  ``lose_tail``: failure only loses the tail). Forcing that is won sets the target's move at
  its turn to the smallest legal move obeying it when its own does not.
* Ranged attacks roll the pilot's Shooting when the scenario gives it, else Piloting; melee
  rolls Fighting against the target's Parry (D-6).
* D-10: a turned dragon belongs to nobody: a side wins only when its dragons alone are left.
  "At once": the rest of the player's order is not carried out (a turn still to come is the
  GM's; one under way stops); from then on an order as the player's is refused (``GMOrder``).
* D-9: a critical failure on a manoeuvre's Piloting (either side of an opposed roll) starts a
  fall on the GM's call (``CritFall`` in the order), else by the option
  ``crit_manoeuvre_falls`` (off).
* D-3: the GM may set a round's order of action (``Initiative`` from the actor ``"GM"``).
* D-7 (SWADE): Toughness includes ``armour``; a weapon's ``ap`` ignores up to that much.
  Bennies: each Wild Card has its own pool (``options.bennies``, 3), the GM one for GM-run and
  turned dragons (``options.gm_bennies``, one per player's dragon). An order states what it
  spends (``Benny``): a reroll of a failed trait roll (better total; no reroll of a critical
  failure, one on the reroll stands), a soak of a Wounding hit with Vigor (one roll per hit,
  each success and raise a Wound; all soaked: not Shaken), ending Shaken when Spirit fails.
  The dragon's ``vigor`` is d6 unless the scenario gives it.
* ``max_rounds`` (default 60) ends an undecided fight.
"""

from __future__ import annotations

from ..lightimports import lazy_exports

__all__ = ["DragonDuel", "DragonOrder", "Move", "Attack", "TailAttempt", "Force", "ShakeOff",
           "Manoeuvre", "UsePower", "TurnCheck", "CritFall", "Benny", "GMOrder", "Initiative",
           "Dragon", "Pilot", "Weapon", "DragonState",
           "DuelState", "DragonScenario", "EXAMPLE", "rules"]

_LAZY = {"DragonDuel": "engine", "EXAMPLE": "scenario", "rules": "rules",
         **{n: "sheets" for n in ("Dragon", "Pilot", "Weapon")},
         **{n: "board" for n in ("DragonState", "DuelState")},
         **{n: "orders" for n in ("Attack", "Benny", "CritFall", "DragonOrder", "Force", "GMOrder",
                                  "Initiative", "Manoeuvre", "Move", "ShakeOff", "TailAttempt",
                                  "TurnCheck", "UsePower")},
         "DragonScenario": "scenario"}
"""Where each public name lives: imported on first use, so finding the rule set (its
``system.py``) costs nothing."""

__getattr__ = lazy_exports(__name__, _LAZY)
