"""The next fight, built from the campaign rather than typed as YAML.

By default the living roster meets the last fight's enemies, on the last fight's battlefield with
its options; the GM may pick who of the roster fights, enemies from the bestiary with counts
(``Волк ×5`` gives Волк 1 … Волк 5, each with every field of the bestiary's Волк) and change the
settings. The result is a scenario of the campaign's rule set, checked by its model before it is
written, and marked as this campaign's, so its journal is applied to this campaign only.

>>> pick("Волк ×5"), pick("Pack leader"), pick("3 x Goblin")
(('Волк', 5), ('Pack leader', 1), ('Goblin', 3))
>>> [e["name"] for e in copies({"name": "Волк", "hp": 5}, 3, set())]
['Волк 1', 'Волк 2', 'Волк 3']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CampaignError
from .part import ALIVE, copy_entry, entries_of, lean, part_of, state_word
from .store import Beast, Campaign

__all__ = ["Draft", "pick", "copies", "bases", "settings_of", "last_enemies", "build", "write",
           "cast_of", "MAX_COPIES"]

MAX_COPIES = 100
"""The most copies one pick makes (``Волк ×100``): a fight has tens of participants."""

_PICK = (re.compile(r"^(?P<name>.+?)\s*[×xх*]\s*(?P<n>\d+)$", re.I),
         re.compile(r"^(?P<n>\d+)\s*[×xх*]\s*(?P<name>.+)$", re.I))
_NUMBERED = re.compile(r"^(?P<base>.*\S) (?P<n>\d+)$")


@dataclass
class Draft:
    """What the GM chose for the next fight; what is left as None comes from the last fight."""

    members: list[str] | None = None
    """Who of the roster fights (None: every living member)."""
    enemies: list[tuple[str, int]] | None = None
    """Bestiary picks with counts (None: the last fight's enemies, as they were)."""
    settings: dict[str, Any] | None = None
    """The battlefield and options (None: the last fight's)."""
    name: str | None = None
    description: str = ""
    seed: int | None = None
    changes: dict[str, Any] = field(default_factory=dict)
    """Settings to change, by path (``options.variant``: 2; ``battlefield``: firmament)."""


def pick(text: str) -> tuple[str, int]:
    """A bestiary pick as the GM writes it: ``Волк ×5``, ``Волк x5``, ``5×Волк``, or a name alone."""
    t = " ".join(text.split())
    for rx in _PICK:
        m = rx.match(t)
        if m:
            return m["name"].strip(), int(m["n"])
    return t, 1


def copies(entry: Mapping[str, Any], count: int, taken: set[str]) -> list[dict[str, Any]]:
    """``count`` copies of a bestiary entry, numbered after its name when more than one (or when
    its own name is taken): every field copied, a declined name's ``forms`` numbered too."""
    if not 1 <= count <= MAX_COPIES:
        raise CampaignError("campaign.build.count", name=str(entry.get("name")), got=count,
                            max=MAX_COPIES)
    base = str(entry["name"])
    out = []
    n = 0
    for _ in range(count):
        if count == 1 and base not in taken:
            name, suffix = base, ""
        else:
            n += 1
            while f"{base} {n}" in taken:
                n += 1
            name, suffix = f"{base} {n}", f" {n}"
        e = copy_entry(entry)
        e["name"] = name
        forms = e.get("forms")
        if suffix and isinstance(forms, dict):
            e["forms"] = {k: f"{v}{suffix}" if isinstance(v, str) else v for k, v in forms.items()}
        taken.add(name)
        out.append(e)
    return out


def bases(entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Entries with numbered copies of one creature (``Волк 1`` … ``Волк 5``, alike but for the
    name) folded back into one (``Волк``): what a bestiary keeps of a fight's enemies."""
    items = list(entries)
    names = {str(e.get("name")) for e in items}
    groups: dict[str, list[int]] = {}
    for i, e in enumerate(items):
        m = _NUMBERED.match(str(e.get("name", "")))
        if m:
            groups.setdefault(m["base"], []).append(i)
    folded: dict[int, dict[str, Any]] = {}
    dropped: set[int] = set()
    for base, at in groups.items():
        first = items[at[0]]
        if len(at) < 2 or base in names or not all(_alike(items[i], first) for i in at[1:]):
            continue
        one = copy_entry(first)
        one["name"] = base
        suffix = str(first["name"])[len(base):]
        forms = one.get("forms")
        if isinstance(forms, dict):
            one["forms"] = {k: v[:-len(suffix)] if isinstance(v, str) and v.endswith(suffix) else v
                            for k, v in forms.items()}
        folded[at[0]] = one
        dropped.update(at[1:])
    return [folded.get(i) or copy_entry(e) for i, e in enumerate(items) if i not in dropped]


def _alike(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    skip = ("name", "forms")
    return {k: v for k, v in a.items() if k not in skip} == {k: v for k, v in b.items() if k not in skip}


def _last_scenario(campaign: Campaign) -> dict[str, Any] | None:
    fights = campaign.fights()
    return fights[-1].scenario if fights else campaign.origin


def settings_of(campaign: Campaign) -> dict[str, Any]:
    """The last fight's battlefield and options (or those of the scenario the campaign was made
    from; the rule set's defaults when there is none)."""
    part = part_of(campaign.system)
    last = _last_scenario(campaign)
    return dict(part.stage(last or {}))


def last_enemies(campaign: Campaign) -> list[dict[str, Any]]:
    """The last fight's enemies as they were at its start (everyone not of the roster)."""
    part = part_of(campaign.system)
    last = _last_scenario(campaign)
    roster = {m.name for m in campaign.members()}
    return [lean(part, e) for e in entries_of(part, last or {}) if e.get("name") not in roster]


def _settings(draft: Draft, campaign: Campaign) -> dict[str, Any]:
    out = copy_entry(draft.settings if draft.settings is not None else settings_of(campaign))
    for path, value in draft.changes.items():
        here = out
        *parents, last = path.split(".")
        for p in parents:
            nxt = here.get(p)
            if not isinstance(nxt, dict):
                nxt = here[p] = {}
            here = nxt
        here[last] = value
    return _no_nulls(out)


def _no_nulls(value: Any) -> Any:
    """Settings without the fields a validated scenario spelled out as null (their default)."""
    if isinstance(value, dict):
        return {k: _no_nulls(v) for k, v in value.items() if v is not None}
    return value


def build(campaign: Campaign, draft: Draft | None = None, lang: str | None = None) -> dict[str, Any]:
    """The next fight's scenario as plain data, checked by the rule set's model (a
    :class:`~gmkit.errors.ScenarioError` naming the field when the choice breaks a rule)."""
    from ..i18n import format_message
    from ..scenario import validate_scenario

    draft = draft or Draft()
    part = part_of(campaign.system)
    lang = lang or campaign.language
    members = campaign.members()
    by_name = {m.name: m for m in members}
    if draft.members is None:
        chosen = [m for m in members if m.state == ALIVE]
    else:
        chosen = []
        for name in draft.members:
            m = by_name.get(name)
            if m is None:
                raise CampaignError("campaign.build.no_member", name=name,
                                    known=[x.name for x in members])
            if m.state != ALIVE:
                raise CampaignError("campaign.build.fallen", name=name,
                                    state=state_word(campaign.system, m.state, name))
            chosen.append(m)
    if not chosen:
        raise CampaignError("campaign.build.no_party")
    party = []
    for m in chosen:
        e = copy_entry(m.entry)
        e["side"] = campaign.party
        party.append(e)
    taken = {e["name"] for e in party}
    if draft.enemies is None:
        enemies = [e for e in last_enemies(campaign) if e["name"] not in taken]
        taken |= {e["name"] for e in enemies}
    else:
        enemies = []
        beasts = {b.name: b for b in campaign.bestiary()}
        for name, count in draft.enemies:
            beast = beasts.get(name)
            if beast is None:
                raise CampaignError("campaign.build.no_beast", name=name, known=_closest(name, beasts))
            enemies += copies(beast.entry, count, taken)
    if not enemies:
        raise CampaignError("campaign.build.no_enemies", command="--enemy")
    number = len(campaign.fights()) + 1
    scenario: dict[str, Any] = {
        "system": campaign.system,
        "name": draft.name or format_message("campaign.fight.name", lang, campaign=campaign.name,
                                             n=number),
    }
    if draft.description:
        scenario["description"] = draft.description
    scenario["language"] = lang
    if draft.seed is not None:
        scenario["seed"] = draft.seed
    scenario["campaign"] = campaign.id
    aliases = _aliases(campaign, [e["name"] for e in (*party, *enemies)])
    if aliases:
        scenario["aliases"] = aliases
    scenario.update(part.build(party, enemies, _settings(draft, campaign)))
    validate_scenario(scenario, format_message("campaign.fight.source", lang, n=number))
    return scenario


def _closest(name: str, beasts: Mapping[str, Beast]) -> list[str]:
    from rapidfuzz import process

    found = process.extract(name, list(beasts), limit=3, score_cutoff=50)
    return [str(f[0]) for f in found] or list(beasts)[:10]


def _aliases(campaign: Campaign, names: Sequence[str]) -> dict[str, list[str]]:
    """The other names players use, of the members and beasts that fight."""
    known: dict[str, list[str]] = {m.name: m.aliases for m in campaign.members() if m.aliases}
    known.update({b.name: b.aliases for b in campaign.bestiary() if b.aliases})
    return {n: list(known[n]) for n in names if n in known}


def cast_of(campaign: Campaign) -> Any:
    """The campaign's names with what its entries say of their grammar (``gender:``, ``forms:``),
    for the messages that name them (``with grammar.cast(cast_of(c)):``)."""
    from ..i18n.grammar import Cast

    part = part_of(campaign.system)
    rows = [(m.name, part.kind(m.entry), m.entry.get("gender"), m.entry.get("forms"))
            for m in campaign.members()]
    rows += [(b.name, part.kind(b.entry), b.entry.get("gender"), b.entry.get("forms"))
             for b in campaign.bestiary()]
    return Cast.of(rows)


def write(scenario: Mapping[str, Any], path: str | Path, lang: str = "en", force: bool = False) -> Path:
    """The scenario as a YAML file naming its JSON Schema on its first line, with the schema
    written beside it (as ``gmkit new`` does), so an editor checks any hand change."""
    import yaml

    from ..schema import schema_text

    p = Path(path)
    if p.exists() and not force:
        raise CampaignError("campaign.build.exists", path=str(p), option="--force")
    schema = f"{scenario['system']}.ru.schema.json" if lang == "ru" else f"{scenario['system']}.schema.json"
    text = (f"# yaml-language-server: $schema={schema}\n"
            + yaml.safe_dump(dict(scenario), allow_unicode=True, sort_keys=False, width=100))
    try:
        p.write_text(text, encoding="utf-8")
        (p.parent / schema).write_text(schema_text(str(scenario["system"]), lang), encoding="utf-8")
    except OSError as e:
        raise CampaignError("campaign.build.unwritable", path=str(p), why=str(e.strerror)) from None
    return p
