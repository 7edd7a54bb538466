"""The one error a campaign raises: a message key and its parameters, worded in the reader's
language (``str()`` stays English, as every gmkit error)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import GmkitError

__all__ = ["CampaignError"]


class CampaignError(GmkitError, ValueError):
    """A campaign refused what it was asked: the file, the member, the fight or the field, and why.

    Nothing is written when it is raised: the campaign file is as it was.
    """

    def __init__(self, key: str, /, **params: Any):
        self.key = key
        self.params = params
        super().__init__(_words(key, "en", params))

    def message(self, lang: str | None = None) -> str:
        try:
            return _words(self.key or "", lang, self.params)
        except (KeyError, ValueError, IndexError, TypeError):  # shown, never a crash
            return str(self)

    def __reduce__(self) -> Any:
        return (_rebuild, (self.key, dict(self.params)))


def _rebuild(key: str, params: dict[str, Any]) -> CampaignError:
    return CampaignError(key, **params)


def _words(key: str, lang: str | None, params: Mapping[str, Any]) -> str:
    from ..i18n import format_message

    return format_message(key, lang, **params)
