"""A campaign as readable YAML and back: for hand edits and version control.

:func:`export` writes everything the file holds (what it is, the roster, the bestiary, the fights
applied, the history) as plain data; :func:`import_file` reads it back into a new campaign file,
or into the same campaign's file (its ``id`` must match), replacing what it held in one
transaction. A member changed by hand in the YAML gets its lines of history (``import``). Every
roster and bestiary entry is checked by its rule set's model first, and a fault is named by its
place in the YAML (``roster[2].entry.ac``); nothing is written until everything has passed.
Exporting a campaign, importing it and exporting again gives the same text.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .errors import CampaignError
from .part import part_of
from .store import FORMAT, Beast, Campaign, Fight, Member, Record

__all__ = ["VERSION_KEY", "export", "export_text", "write_text", "read", "import_file"]

VERSION_KEY = "gmkit_campaign"
"""The key of the campaign format in the YAML (its first line)."""


def export(campaign: Campaign) -> dict[str, Any]:
    """The whole campaign as plain data, in the order a reader wants it."""
    meta = campaign.meta
    out: dict[str, Any] = {VERSION_KEY: FORMAT, "id": campaign.id, "name": campaign.name,
                           "system": campaign.system, "party": campaign.party,
                           "language": campaign.language, "gmkit": meta.get("gmkit", "")}
    roster = []
    for m in campaign.members():
        item: dict[str, Any] = {"name": m.name, "state": m.state}
        if m.fell is not None:
            item["fell"] = m.fell
        if m.aliases:
            item["aliases"] = list(m.aliases)
        item["entry"] = m.entry
        if m.base != m.entry:
            item["base"] = m.base
        roster.append(item)
    out["roster"] = roster
    out["bestiary"] = [{"name": b.name, **({"aliases": b.aliases} if b.aliases else {}), "entry": b.entry}
                       for b in campaign.bestiary()]
    out["fights"] = [{"number": f.number, "name": f.name, "key": f.key, "journal": f.journal,
                      "journal_hash": f.journal_hash, "at": f.at, "result": f.result,
                      "choices": f.choices, "party": f.party, "before": f.before,
                      "scenario": f.scenario} for f in campaign.fights()]
    out["history"] = [{"id": r.id, "at": r.at, "source": r.source,
                       **({"fight": r.fight} if r.fight is not None else {}), "member": r.member,
                       "field": r.field, "before": r.before, "after": r.after,
                       **({"why": r.why} if r.why is not None else {})} for r in campaign.history()]
    if campaign.origin:
        out["origin"] = campaign.origin
    return out


def export_text(campaign: Campaign) -> str:
    import yaml

    return yaml.safe_dump(export(campaign), allow_unicode=True, sort_keys=False, width=100)


def write_text(path: str | Path, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise CampaignError("campaign.build.unwritable", path=str(path), why=str(e.strerror)) from None


# --- reading it back ----------------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Named(_Strict):
    name: str
    aliases: list[str] = []
    entry: dict[str, Any]


class _MemberIn(_Named):
    state: Literal["alive", "dead", "lost"] = "alive"
    fell: int | None = None
    base: dict[str, Any] | None = None


class _BeastIn(_Named):
    pass


class _FightIn(_Strict):
    number: int
    name: str
    key: str
    journal: str
    journal_hash: str
    at: str
    result: dict[str, Any]
    choices: dict[str, Any]
    party: dict[str, dict[str, Any]]
    before: dict[str, Any]
    scenario: dict[str, Any]


class _RecordIn(_Strict):
    id: int
    at: str
    source: str
    fight: int | None = None
    member: str
    field: str
    before: Any = None
    after: Any = None
    why: Any = None


class CampaignFile(_Strict):
    """The shape of an exported campaign."""

    gmkit_campaign: int
    id: str
    name: str
    system: str
    party: str
    language: Literal["en", "ru"] = "en"
    gmkit: str = ""
    roster: list[_MemberIn] = []
    bestiary: list[_BeastIn] = []
    fights: list[_FightIn] = []
    history: list[_RecordIn] = []
    origin: dict[str, Any] | None = None


def read(path: str | Path) -> CampaignFile:
    """An exported campaign, every part checked (a ScenarioError naming the place in the YAML)."""
    from ..scenario import read_yaml, validate_part

    source = str(path)
    data = read_yaml(path)
    if isinstance(data, dict) and isinstance(data.get(VERSION_KEY), int) and data[VERSION_KEY] > FORMAT:
        raise CampaignError("campaign.file.newer", path=source, got=data[VERSION_KEY], max=FORMAT)
    got = validate_part(CampaignFile, data, source)
    assert isinstance(got, CampaignFile)
    part = part_of(got.system)
    model = part.entry_model()
    names: set[str] = set()
    places: list[tuple[str, list[_Named]]] = [("roster", list(got.roster)),
                                              ("bestiary", list(got.bestiary))]
    for where, items in places:
        for i, item in enumerate(items):
            validate_part(model, item.entry, source, f"{where}[{i}].entry")
            if item.entry.get("name") != item.name:
                raise CampaignError("campaign.import.name", where=f"{where}[{i}]", name=item.name,
                                    got=str(item.entry.get("name")))
            if item.name in names:
                raise CampaignError("campaign.roster.taken", name=item.name)
            names.add(item.name)
    for i, m in enumerate(got.roster):
        if m.entry.get("side") != got.party:
            raise CampaignError("campaign.import.side", where=f"roster[{i}].entry.side",
                                got=str(m.entry.get("side")), party=got.party)
    return got


@contextmanager
def import_file(campaign: str | Path, yaml_path: str | Path) -> Iterator[Campaign]:
    """The campaign of ``yaml_path`` in the file ``campaign`` (made, or the same campaign's file
    replaced), open for writing while the ``with`` block lasts."""
    got = read(yaml_path)
    p = Path(campaign)
    if p.exists() and p.stat().st_size > 0:
        c = Campaign.open(p, write=True)
        if c.id != got.id or c.system != got.system:
            c.close()
            raise CampaignError("campaign.import.other", path=str(p), source=str(yaml_path),
                                name=c.name, got=got.name)
    else:
        c = Campaign.create(p, system=got.system, name=got.name, party=got.party,
                            language=got.language)
    try:
        _replace(c, got)
        yield c
    finally:
        c.close()


def _replace(c: Campaign, got: CampaignFile) -> None:
    old = {m.name: m for m in c.members()}
    with c.writing() as w:
        w.clear()
        for key in ("id", "name", "party", "language", "gmkit", "origin"):
            w.set_meta(key, getattr(got, key))
        for m in got.roster:
            w.put_member(Member(m.name, m.entry, m.state, m.base if m.base is not None else m.entry,
                                list(m.aliases), m.fell))
        for b in got.bestiary:
            w.put_beast(Beast(b.name, b.entry, list(b.aliases)))
        for f in got.fights:
            w.add_fight(Fight(f.number, f.key, f.name, f.scenario, f.journal, f.journal_hash, f.result,
                              f.choices, f.party, f.before, f.at))
        w.restore_history(Record(r.id, r.at, r.source, r.fight, r.member, r.field, r.before, r.after,
                                 r.why) for r in got.history)
        for m in got.roster:
            was = old.get(m.name)
            if was is None:
                continue
            for key in sorted(set(m.entry) | set(was.entry)):
                if m.entry.get(key) != was.entry.get(key):
                    w.log("import", m.name, key, was.entry.get(key), m.entry.get(key))
            if m.state != was.state:
                w.log("import", m.name, "state", was.state, m.state)
