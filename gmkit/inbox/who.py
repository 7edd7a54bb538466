"""Who in a fight a name in a paste means: a player's forum nickname, an actor's name or alias, or
another name its rule set lists for it (a dragon's rider).

A nickname counts only as written (letters' case and ``ё`` aside); a name of the fight also in
any case (``Заявка Пепла``) and with the reader's spelling tolerance, but only when the words are
that name and nothing else, so a stray word never gives a message away.

>>> who = Identities([("Пепел", "Sky_Kira", False, ("Кира",)), ("Гроза", None, False, ("Дорн",))])
>>> who.of("sky_kira"), who.of("Киры"), who.of("Дорн"), who.of("Бейн")
(['Пепел'], ['Пепел'], ['Гроза'], [])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from ..language.names import NameIndex
from ..scenario import ActorRow

__all__ = ["Identities", "plain"]

_SPACES = re.compile(r"\s+")
_EDGES = " \t\"'«»“”„@*_.,:;!?()[]{}<>-—–"


def plain(text: str) -> str:
    """A name as compared: trimmed of quotes, ``@`` and punctuation, lower case, ``ё`` as ``е``,
    one space between words."""
    return _SPACES.sub(" ", text.strip(_EDGES).lower().replace("ё", "е")).strip()


class Identities:
    """The names a message may be signed with, by actor."""

    def __init__(self, actors: Iterable[ActorRow], aliases: Mapping[str, Sequence[str]] | None = None):
        aliases = aliases or {}
        self.rows = list(actors)
        self.player = {name: player for name, player, _, _ in self.rows}
        """Each actor's player (forum nickname), None when not given."""
        self._exact: dict[str, list[str]] = {}
        index_aliases: dict[str, list[str]] = {}
        others: dict[str, list[str]] = {}
        for name, player, _, more in self.rows:
            for spelling in (name, *aliases.get(name, ()), *more, *([player] if player else [])):
                key = plain(spelling)
                if key and name not in self._exact.setdefault(key, []):
                    self._exact[key].append(name)
            for other in more:
                others.setdefault(plain(other), []).append(name)
            index_aliases[name] = [*aliases.get(name, ()), *more]
        for name in index_aliases:  # a rider shared by several (a hired pilot) names none of them
            index_aliases[name] = [o for o in index_aliases[name] if len(others.get(plain(o), [])) < 2]
        self._index = NameIndex([(name, "actor") for name, _, _, _ in self.rows], index_aliases)

    def of(self, text: str) -> list[str]:
        """The actors ``text`` names (a nickname, a name, a rider), in scenario order; empty
        when it names none, several when it fits several."""
        key = plain(text)
        if not key:
            return []
        exact = self._exact.get(key)
        if exact:
            return list(exact)
        words = [w for w in re.findall(r"\w+", key) if w]
        if not words or len(words) > 6:
            return []
        m = self._index.match(words)
        if m is None or m.length != len(words) or not m.exact:
            return []
        return [e.name for e in m.entries]

    def names(self, text: str) -> bool:
        """Whether ``text`` names someone of the fight."""
        return bool(self.of(text))
