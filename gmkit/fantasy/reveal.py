"""What players see of the other side's monsters: one policy per scenario (``reveal:``).

A forum GM shows players the chance of a blow, never the monster's numbers: by default a player
sees neither a monster's hit points, nor its armour class, nor the notation of its special attacks
(``яд17ПБ7``: the trigger and the protection roll), which are told in words instead («копьё
отравлено»). A scenario's ``reveal: [hp, ac, specials]`` lists what players may see after all.

Whom it covers: every combatant of a side other than the viewer's that is not a player character
or a companion (those are known to their players, and at a forum table to everyone), with pets and
mounts counted as their owner or rider is (a goblin's warg is hidden, a ranger's hound is not).
The GM (viewer None) sees everything. The public post's viewer is of no side: every monster is
another side's to it.

:func:`may_see` answers every output: the board of a side (:meth:`Skirmish.board`), the desk, the
posts, briefs and reports. :func:`told` rewrites what an event says for a viewer — never the event
itself: the record and the journal keep every number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["QUANTITIES", "Reveal", "told"]

QUANTITIES = ("hp", "ac", "specials")
"""What ``reveal:`` may list: hit points, armour class, the notation of special attacks (and the
protection numbers of a monster's spells and specials)."""

_KNOWN_KINDS = ("player", "companion")
"""Kinds known to every player: the player characters and the party's companions."""

_NO_AC = {"fantasy.hit": "fantasy.reveal.hit", "fantasy.miss": "fantasy.reveal.miss",
          "fantasy.hit.second": "fantasy.reveal.hit.second",
          "fantasy.miss.second": "fantasy.reveal.miss.second",
          "fantasy.cannot_hit": "fantasy.reveal.cannot_hit"}
"""Event messages naming the target's AC -> the same sentence without it."""

_NO_PR = {"fantasy.protect.saved": "fantasy.reveal.protect.saved",
          "fantasy.protect.failed": "fantasy.reveal.protect.failed"}
"""Protection rolls -> the same sentence without the number needed (the notation's ПБ)."""

_TRIGGERS = ("fantasy.special.fired", "fantasy.special.not")
"""Special attacks taking effect or not: their ``special`` parameter is the notation."""

_FIRED_IN_WORDS = "fantasy.reveal.special.fired"
"""«Особая атака Вождя гоблинов срабатывает (18 на d18): копьё отравлено» (no "instead of")."""

_SOURCES = ("trigger", "cast", "item")
"""Event kinds after which a protection roll is made against their actor's special or spell."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """The scenario's policy: what is shown, and whose numbers it covers."""

    shown: frozenset[str]
    side_of: Mapping[str, str]
    known: frozenset[str]
    """Combatants whose numbers every player sees: player characters, companions, their followers."""

    @classmethod
    def of(cls, scenario: Mapping[str, Any]) -> Reveal:
        """The policy of a validated scenario (plain data): its ``reveal`` list, default nothing."""
        combatants = [c for c in scenario.get("combatants") or () if isinstance(c, Mapping)]
        kinds = {str(c["name"]): str(c.get("kind") or "monster") for c in combatants}
        leader = {str(c["name"]): c.get("owner") or c.get("rider") for c in combatants}

        def known(name: str) -> bool:
            if kinds[name] in ("pet", "mount") and leader.get(name) in kinds:
                return kinds[str(leader[name])] in _KNOWN_KINDS
            return kinds[name] in _KNOWN_KINDS

        return cls(frozenset(scenario.get("reveal") or ()),
                   {str(c["name"]): str(c["side"]) for c in combatants},
                   frozenset(n for n in kinds if known(n)))

    def may_see(self, viewer: str | None, name: str, quantity: str) -> bool:
        """Whether a player of side ``viewer`` (None: the GM) may see ``quantity`` (hp, ac,
        specials) of combatant ``name``. A name that is no combatant's is never shown."""
        if quantity not in QUANTITIES:
            raise ValueError(f"no quantity {quantity!r}: one of {', '.join(QUANTITIES)}")
        if viewer is None:
            return True
        side = self.side_of.get(name)
        if side is None:
            return False
        return side == viewer or name in self.known or quantity in self.shown


def told(events: Iterable[Any], viewer: str | None, reveal: Reveal,
         fields: Callable[[Any], tuple[str, str, str, Mapping[str, Any], str]],
         remake: Callable[..., Any]) -> Iterator[Any]:
    """The events as a player of ``viewer`` is told them: an event naming a number the policy hides
    comes back remade (its key, parameters or visibility changed), any other as it was (the same
    object). ``fields(e)`` gives an event's kind, actor, key, parameters and visibility;
    ``remake(e, key=, params=, visibility=)`` a changed copy: the same walk serves the record's
    :class:`~gmkit.events.Event` objects and run data's plain dicts."""
    if viewer is None:
        yield from events
        return
    weapon: dict[str, Any] = {}  # the attack each actor last hit with: the one whose special fires
    source = ""  # whose special or spell a protection roll is made against
    for e in events:
        kind, actor, key, params, visibility = fields(e)
        if key in _NO_AC:
            weapon[actor] = params.get("attack")
            if "target" in params and not reveal.may_see(viewer, params["target"], "ac"):
                e = remake(e, key=_NO_AC[key], params=_without(params, "ac"), visibility=visibility)
        elif key in _TRIGGERS and not reveal.may_see(viewer, actor, "specials"):
            words = _in_words(params.get("special"), weapon.get(actor))
            e = remake(e, key=_FIRED_IN_WORDS if key == _TRIGGERS[0] else key,
                       params={**params, "special": words}, visibility=visibility)
        elif key in _NO_PR and source and not reveal.may_see(viewer, source, "specials"):
            e = remake(e, key=_NO_PR[key], params=_without(params, "need"), visibility=visibility)
        elif (kind == "hp" and visibility != "all" and actor in reveal.side_of
              and reveal.may_see(viewer, actor, "hp")):
            e = remake(e, key=key, params=params, visibility="all")
        if kind in _SOURCES:
            source = actor
        yield e


def _without(params: Mapping[str, Any], name: str) -> dict[str, Any]:
    return {k: v for k, v in params.items() if k != name}


def _in_words(special: Any, weapon: Any) -> Any:
    """A special attack's notation term (or a list of them) as what it does, in words:
    «копьё отравлено»; without a weapon to name, the kind's name («яд»)."""
    if isinstance(special, list):
        return [_in_words(s, weapon) for s in special]
    kind = special.get("kind") if isinstance(special, Mapping) else special
    code = ""
    if isinstance(kind, Mapping):
        code = str(kind.get("key", "")).removeprefix("fantasy.special.").removesuffix(".short")
    if not weapon:
        return {"key": f"fantasy.special.{code}"} if code else str(kind or "")
    if code:
        return {"key": f"fantasy.reveal.special.{code}", "weapon": weapon}
    return {"key": "fantasy.reveal.special.other", "weapon": weapon, "kind": str(kind or "")}
