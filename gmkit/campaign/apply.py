"""A finished fight applied to the campaign: what it changes, shown before it is saved, and undone.

:func:`plan` reads the fight's journal (every line checked and replayed, as a resumed desk would),
refuses a fight that is not this campaign's, not finished, or applied already, and asks the rule
set (its ``campaign.carry``) what the fight changes for the roster, by the rules and the GM's calls
(a rest rule, healing, repairs). The :class:`Plan` is a table the GM reads before saying yes;
:func:`apply` saves it, in one transaction, with a line of history per change; :func:`undo` takes
the last fight applied back.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .build import bases
from .errors import CampaignError
from .part import ALIVE, Carry, Choice, entries_of, lean, part_of, said, state_word
from .store import Beast, Campaign, Fight, Member, file_hash, relative

__all__ = ["Plan", "plan", "apply", "undo", "choices_of", "read_choices", "fight_key"]


def choices_of(system: str) -> tuple[Choice, ...]:
    """The calls the rule set asks the GM for at a fight's end."""
    return tuple(part_of(system).CHOICES)


def read_choices(system: str, given: Mapping[str, Any]) -> dict[str, str | int]:
    """The GM's calls, each checked (a :class:`CampaignError` naming the call or the value); a
    call not given takes its default."""
    choices = {c.name: c for c in choices_of(system)}
    for name in given:
        if name not in choices:
            raise CampaignError("campaign.choice.unknown", choice=name, known=", ".join(choices))
    return {name: c.read(given[name]) if name in given else c.default for name, c in choices.items()}


def fight_key(header: Mapping[str, Any]) -> str:
    """A fight's identity: its journal's first line (the scenario's hash and the seed)."""
    text = json.dumps({"seed": header.get("seed"), "scenario_hash": header.get("scenario_hash")},
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@dataclass
class Plan:
    """What applying a fight would change; nothing is saved until :func:`apply`."""

    number: int
    key: str
    journal: str
    journal_hash: str
    scenario: dict[str, Any]
    result: dict[str, Any]
    choices: dict[str, str | int]
    carry: Carry
    beasts: list[Beast] = field(default_factory=list)
    """Enemies met for the first time: added to the bestiary."""

    def rows(self, campaign: Campaign, lang: str | None = None) -> tuple[list[str], list[list[str]]]:
        """The table the GM checks: who, what, before, after, why; in the reader's words."""
        from ..i18n import format_message, get_language
        from ..i18n.grammar import cast
        from ..report.tables import label, value_text
        from .build import cast_of

        lang = lang or get_language()
        part = part_of(campaign.system)
        head = [format_message(f"campaign.table.{c}", lang)
                for c in ("member", "what", "before", "after", "why")]

        def cell(member: str, fld: str, value: Any) -> str:
            if fld == "state":
                return said(state_word(campaign.system, str(value), member), lang)
            got = part.shown(fld, value, lang)
            return got if got is not None else value_text(value, lang, fld)

        body = []
        with cast(cast_of(campaign)):
            for c in self.carry.changes:
                what = (format_message("campaign.table.state", lang) if c.field == "state"
                        else label(c.field, lang))
                why = said(c.why, lang) if c.why else ""
                body.append([c.member, what, cell(c.member, c.field, c.before),
                             cell(c.member, c.field, c.after), why])
            for b in self.beasts:
                body.append([b.name, format_message("campaign.table.bestiary", lang), "",
                             format_message("campaign.table.added", lang, name=b.name), ""])
        return head, body


def _read(journal: str | Path) -> Any:
    from ..encounter import Encounter

    return Encounter.resume(journal, autosave=False)


def plan(campaign: Campaign, journal: str | Path, choices: Mapping[str, Any] | None = None) -> Plan:
    """What the fight of ``journal`` changes for ``campaign`` (nothing is saved)."""
    from ..encounter import canonical_hash

    part = part_of(campaign.system)
    picked = read_choices(campaign.system, choices or {})
    path = Path(journal)
    enc = _read(path)
    if enc.system != campaign.system:
        raise CampaignError("campaign.apply.other_system", journal=str(path),
                            system={"key": f"report.system.{enc.system}"},
                            mine={"key": f"report.system.{campaign.system}"})
    scenario = enc.scenario
    mark = scenario.get("campaign")
    members = {m.name: m for m in campaign.members()}
    if mark is not None and mark != campaign.id:
        raise CampaignError("campaign.apply.other_campaign", journal=str(path), name=campaign.name)
    fighting = [n for n in enc.participants() if n in members]
    if not fighting or (mark is None and any(enc.side_of(n) != campaign.party for n in fighting)):
        raise CampaignError("campaign.apply.not_ours", journal=str(path), name=campaign.name,
                            party=campaign.party)
    if not enc.is_over:
        raise CampaignError("campaign.apply.unfinished", journal=str(path), round=enc.round)
    key = fight_key({"seed": enc.seed, "scenario_hash": canonical_hash(scenario)})
    done = campaign.fight(key)
    if done is not None:
        raise CampaignError("campaign.apply.twice", journal=str(path), n=done.number, at=done.at[:10])
    fallen = [n for n in fighting if members[n].state != ALIVE]
    if fallen:
        m = members[fallen[0]]
        raise CampaignError("campaign.apply.fallen", name=m.name, n=m.fell or 0,
                            state=state_word(campaign.system, m.state, m.name))
    carry = part.carry(enc, {n: members[n] for n in fighting}, picked)
    known = {b.name for b in campaign.bestiary()} | set(members)
    enemies = [e for e in entries_of(part, scenario) if e.get("name") not in members]
    new = [Beast(str(e["name"]), lean(part, e)) for e in bases(enemies) if e["name"] not in known]
    outcome = dict(enc.outcome() or {})
    outcome.setdefault("rounds", enc.round)
    return Plan(number=len(campaign.fights()) + 1, key=key, journal=relative(path, campaign.path),
                journal_hash=file_hash(path), scenario=scenario, result=outcome, choices=picked,
                carry=carry, beasts=new)


def apply(campaign: Campaign, p: Plan) -> Fight:
    """Save what :func:`plan` found, in one transaction: every changed member, a line of history
    per change, the fight itself and the enemies met for the first time."""
    part = part_of(campaign.system)
    members = {m.name: m for m in campaign.members()}
    if campaign.fight(p.key) is not None or len(campaign.fights()) + 1 != p.number:
        raise CampaignError("campaign.apply.stale")
    before: dict[str, Any] = {"members": {}, "beasts": [b.name for b in p.beasts]}
    after: dict[str, Member] = {}
    for name, entry in p.carry.entries.items():
        m = members[name]
        state = p.carry.states.get(name, m.state)
        if entry == m.entry and state == m.state:
            continue
        before["members"][name] = {"entry": m.entry, "state": m.state, "fell": m.fell}
        after[name] = Member(name, entry, state, m.base, m.aliases,
                             p.number if state != ALIVE else m.fell)
    with campaign.writing() as w:
        before["first_change"] = w.last_id()
        for m in after.values():
            w.put_member(m)
        for c in p.carry.changes:
            w.log("apply", c.member, c.field, c.before, c.after, fight=p.number,
                  why=dict(c.why) if c.why else None)
        for b in p.beasts:
            w.put_beast(b)
            w.log("apply", b.name, "bestiary", None, "added", fight=p.number)
        now = {**members, **after}
        party = {n: {"state": m.state, **part.figures(m.entry)} for n, m in now.items()}
        fell = {n: dict(why) for n, why in p.carry.fell.items()}
        before["last_change"] = w.last_id()
        fight = Fight(p.number, p.key, str(p.scenario.get("name", "")), p.scenario, p.journal,
                      p.journal_hash, {**p.result, "fell": fell}, dict(p.choices), party, before, w.at)
        w.add_fight(fight)
    return fight


def undo(campaign: Campaign) -> Fight:
    """Take the last fight applied back: its members as they were before it, its new beasts gone,
    the fight no longer counted. Refused when the roster was changed after it (an edit, a sheet)."""
    fights = campaign.fights()
    if not fights:
        raise CampaignError("campaign.undo.nothing")
    last = fights[-1]
    later = [r for r in campaign.history() if r.id > int(last.before.get("last_change", 0))]
    if later:
        raise CampaignError("campaign.undo.changed", n=last.number, member=later[0].member,
                            source={"key": f"campaign.source.{later[0].source}"})
    members = {m.name: m for m in campaign.members()}
    first, end = int(last.before.get("first_change", 0)), int(last.before.get("last_change", 0))
    undone = [r for r in campaign.history() if first < r.id <= end and r.source == "apply"]
    with campaign.writing() as w:
        for name, was in last.before.get("members", {}).items():
            m = members.get(name)
            if m is not None:
                w.put_member(Member(name, was["entry"], was["state"], m.base, m.aliases, was["fell"]))
        for name in last.before.get("beasts", []):
            w.remove_beast(name)
        for r in reversed(undone):  # each line of the apply, taken back
            w.log("undo", r.member, r.field, r.after, r.before, fight=last.number)
        w.remove_fight(last.number)
    return last
