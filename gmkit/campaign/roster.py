"""The GM's own changes to a campaign: making it (empty, or from a scenario whose one side becomes
the roster and the others the bestiary), adding a member or a beast, editing a member's fields.

Every entry is checked by its rule set's model before it is saved (a
:class:`~gmkit.errors.ScenarioError` naming the field), and every change is a line of history.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .build import bases
from .errors import CampaignError
from .part import ALIVE, copy_entry, entries_of, part_of
from .store import Beast, Campaign, Member

__all__ = ["new", "add_from", "check_entry", "add_member", "add_beast", "edit_member", "JOINED"]

JOINED = "joined"
"""The history's field for a member or beast that came into the campaign."""


def new(path: str | Path, *, system: str | None = None, name: str | None = None,
        scenario: str | Path | None = None, party: str | None = None,
        language: str | None = None) -> Campaign:
    """A new campaign file, open for writing: empty, or made from ``scenario`` (its side ``party``
    becomes the roster, every other side's participants the bestiary, numbered copies folded)."""
    from ..scenario import normalise_data, read_yaml, validate_scenario

    if scenario is None:
        if system is None:
            raise CampaignError("campaign.new.no_system", option="--from", other="--system")
        part_of(system)
        return Campaign.create(path, system=system, name=name or Path(path).stem,
                               party=party or "party", language=language or "en")
    data = normalise_data(read_yaml(scenario))
    model = validate_scenario(data, str(scenario))
    system = str(model.system)
    part = part_of(system)
    entries = entries_of(part, data)
    sides = list(dict.fromkeys(str(e.get("side")) for e in entries))
    if party is None or party not in sides:
        raise CampaignError("campaign.new.party", option="--party", got=party or "", sides=sides)
    lang = language or str(data.get("language") or "en")
    aliases = dict(data.get("aliases") or {})
    c = Campaign.create(path, system=system, name=name or str(data.get("name") or Path(path).stem),
                        party=party, language=lang, origin=data)
    try:
        with c.writing() as w:
            for e in entries:
                if e.get("side") == party:
                    w.put_member(Member(str(e["name"]), e, ALIVE, copy_entry(e),
                                        list(aliases.get(e["name"], []))))
                    w.log("new", str(e["name"]), JOINED, None, str(e["name"]))
            for e in bases(x for x in entries if x.get("side") != party):
                w.put_beast(Beast(str(e["name"]), e, list(aliases.get(e["name"], []))))
                w.log("new", str(e["name"]), "bestiary", None, "added")
    except BaseException:
        c.close()
        raise
    return c


def add_from(campaign: Campaign, scenario: str | Path) -> tuple[list[str], list[str]]:
    """A scenario's participants added to the campaign: those of the party's side join the roster,
    the others (numbered copies folded) go to the bestiary; all of them or none (a name the
    campaign holds already is refused). The names added, to the roster and to the bestiary."""
    from ..scenario import normalise_data, read_yaml, validate_scenario

    data = normalise_data(read_yaml(scenario))
    model = validate_scenario(data, str(scenario))
    if model.system != campaign.system:
        raise CampaignError("campaign.apply.other_system", journal=str(scenario),
                            system={"key": f"report.system.{model.system}"},
                            mine={"key": f"report.system.{campaign.system}"})
    part = part_of(campaign.system)
    entries = entries_of(part, data)
    aliases = dict(data.get("aliases") or {})
    members = [e for e in entries if e.get("side") == campaign.party]
    beasts = bases(e for e in entries if e.get("side") != campaign.party)
    for e in (*members, *beasts):
        _taken(campaign, str(e["name"]))
    with campaign.writing() as w:
        for e in members:
            w.put_member(Member(str(e["name"]), e, ALIVE, copy_entry(e), list(aliases.get(e["name"], []))))
            w.log("edit", str(e["name"]), JOINED, None, str(e["name"]))
        for e in beasts:
            w.put_beast(Beast(str(e["name"]), e, list(aliases.get(e["name"], []))))
            w.log("edit", str(e["name"]), "bestiary", None, "added")
    return [str(e["name"]) for e in members], [str(e["name"]) for e in beasts]


def check_entry(campaign: Campaign, entry: Mapping[str, Any], where: str) -> dict[str, Any]:
    """``entry`` checked by the rule set's model (a ScenarioError naming ``where`` and the field);
    returned as given (the GM's own writing kept), texts normalised."""
    from ..scenario import normalise_data, validate_part

    part = part_of(campaign.system)
    validate_part(part.entry_model(), entry, str(campaign.path), where)
    return dict(normalise_data(dict(entry)))


def _taken(campaign: Campaign, name: str) -> None:
    if campaign.member(name) is not None or any(b.name == name for b in campaign.bestiary()):
        raise CampaignError("campaign.roster.taken", name=name)


def add_member(campaign: Campaign, entry: Mapping[str, Any], source: str = "edit",
               aliases: list[str] | None = None) -> Member:
    """A new member of the roster, on the party's side."""
    e = dict(entry)
    e["side"] = campaign.party
    e = check_entry(campaign, e, f"roster.{e.get('name', '?')}")
    _taken(campaign, str(e["name"]))
    m = Member(str(e["name"]), e, ALIVE, copy_entry(e), list(aliases or []))
    with campaign.writing() as w:
        w.put_member(m)
        w.log(source, m.name, JOINED, None, m.name)
    return m


def add_beast(campaign: Campaign, entry: Mapping[str, Any], source: str = "edit",
              aliases: list[str] | None = None) -> Beast:
    """A new creature or enemy ship in the bestiary."""
    e = check_entry(campaign, entry, f"bestiary.{entry.get('name', '?')}")
    _taken(campaign, str(e["name"]))
    b = Beast(str(e["name"]), e, list(aliases or []))
    with campaign.writing() as w:
        w.put_beast(b)
        w.log(source, b.name, "bestiary", None, "added")
    return b


def edit_member(campaign: Campaign, name: str, changes: Mapping[str, Any]) -> Member:
    """Set fields of a member (``hp: 12``, ``pilot.fighting: d10``; None removes a field); the
    entry is checked whole before anything is saved, and the GM's values become what a rest or a
    repair gives back."""
    m = campaign.member(name)
    if m is None:
        raise CampaignError("campaign.build.no_member", name=name,
                            known=[x.name for x in campaign.members()])
    entry = copy_entry(m.entry)
    for path, value in changes.items():
        if path in ("name", "side"):
            raise CampaignError("campaign.roster.fixed", field=path)
        here = entry
        *parents, last = path.split(".")
        for p in parents:
            nxt = here.get(p)
            if not isinstance(nxt, dict):
                nxt = here[p] = {}
            here = nxt
        if value is None:
            here.pop(last, None)
        else:
            here[last] = value
    entry = check_entry(campaign, entry, f"roster.{name}")
    base = copy_entry(m.base)
    for key in set(entry) | set(m.entry):
        if entry.get(key) != m.entry.get(key):
            if key in entry:
                base[key] = copy_entry({"v": entry[key]})["v"]
            else:
                base.pop(key, None)
    new_m = Member(name, entry, m.state, base, m.aliases, m.fell)
    with campaign.writing() as w:
        w.put_member(new_m)
        for key in sorted(set(entry) | set(m.entry)):
            if entry.get(key) != m.entry.get(key):
                w.log("edit", name, key, m.entry.get(key), entry.get(key))
    return new_m
