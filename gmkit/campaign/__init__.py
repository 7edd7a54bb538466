"""A campaign that lives across fights: the roster, the bestiary, what each fight changed.

A forum game lasts months; a fight is one evening of it. A campaign keeps the party between fights
in one file (:mod:`.store`, an embedded SQLite database written by one process at a time), applies
a finished fight's journal to it by its rule set's rules (:mod:`.apply`: reward points, levels,
wounds, hull, the dead), builds the next fight from it (:mod:`.build`), reads a player's forum
character sheet into a roster entry (:mod:`.sheets`), shows it (:mod:`.show`, :mod:`.page`) and
writes it to readable YAML and back (:mod:`.exchange`). What a fight changes is each rule set's own
(its ``campaign.py``, found through :mod:`gmkit.systems`; see :mod:`.part`).
"""

from __future__ import annotations

from .errors import CampaignError
from .store import Campaign

__all__ = ["Campaign", "CampaignError"]
