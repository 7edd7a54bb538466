"""SealPanel: the desk's two steps of the seal (and its opening), thin over the encounter.

Seal the dice before the first resolution (the opening post to copy into the thread), paste the
players' salt (the post saying which salt was taken), and at the end open the seal (the closing
post, with the secret), in the forum format the desk's post panel is set to. The words and
posts are :mod:`gmkit.report.seal`'s, the same as ``gmkit
seal`` and ``gmkit reveal`` print; every refusal is the encounter's, shown in the desk's language.
With a player looking at the desk the panel is shut: the secret is the GM's.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..errors import GmkitError, said
from ..i18n import format_message
from .copy_button import CopyButton

if TYPE_CHECKING:
    from ..encounter import Encounter

__all__ = ["SealPanel"]


class SealPanel(w.VBox):
    """The seal of one fight: seal, take the salt, open; each step's post to copy."""

    def __init__(self, encounter: Encounter, *, lang: str = "en",
                 forum_format: Callable[[], str] = lambda: "phpbb") -> None:
        """``forum_format`` gives the forum format the posts are written in (a desk's post
        panel's choice)."""
        self.encounter = encounter
        self.forum_format = forum_format
        self.lang = lang
        self.viewer: str | None = None
        self.opened = False
        """Whether the closing post is shown (the GM asked to open the seal)."""
        self.title = w.HTML()
        self.state = w.HTML()
        self.state.add_class("gm-seal-state")
        self.seal_button = w.Button(icon="lock")
        self.seal_button.add_class("gm-seal")
        self.salt = w.Text(layout=w.Layout(width="30em"))
        self.salt.add_class("gm-seal-salt")
        self.salt_button = w.Button(icon="check")
        self.salt_button.add_class("gm-seal-take")
        self.reveal_button = w.Button(icon="unlock")
        self.reveal_button.add_class("gm-seal-reveal")
        self.text = w.Textarea(layout=w.Layout(width="100%", height="12em"))
        self.text.add_class("gm-seal-text")
        self.copy = CopyButton(lang=lang)
        self.status = w.HTML()
        self.status.add_class("gm-seal-status")
        self.seal_button.on_click(lambda _b: self.seal())
        self.salt_button.on_click(lambda _b: self.take_salt(self.salt.value))
        self.reveal_button.on_click(lambda _b: self.reveal())
        super().__init__([self.title, self.state,
                          w.HBox([self.seal_button, self.salt, self.salt_button, self.reveal_button]),
                          w.HBox([self.copy, self.status]), self.text])
        self.add_class("gmkit-seal")
        self.refresh()

    def t(self, key: str, **params: Any) -> str:
        return format_message(f"seal.desk.{key}", self.lang, **params)

    def _facts(self) -> dict[str, Any]:
        enc = self.encounter
        return {"name": str(enc.scenario.get("name", "")), **enc.fight_id(), "draws": enc.dice.draws}

    def _do(self, step: Any) -> bool:
        try:
            step()
        except GmkitError as e:
            self.status.value = f'<span style="color:#b00020">{escape(said(e, self.lang))}</span>'
            return False
        self.status.value = ""
        self.refresh()
        return True

    def seal(self) -> bool:
        """Seal the dice (the opening post is shown to copy). Returns whether it was done."""
        return self._do(self.encounter.seal)

    def take_salt(self, text: str) -> bool:
        """Take the players' salt (the post of the salt taken is shown)."""
        if self._do(lambda: self.encounter.set_salt(text)):
            self.salt.value = ""
            return True
        return False

    def reveal(self) -> bool:
        """Show the closing post, with the secret (nothing is sent anywhere: the GM copies it)."""
        def opened() -> None:
            self.encounter.reveal()
            self.opened = True

        return self._do(opened)

    def post(self) -> str:
        """The post the panel shows now: the opening, the salt taken, or the closing one."""
        from ..report.seal import closing_block, opening_block, salt_block

        enc = self.encounter
        if enc.sealed is None:
            return ""
        facts = {**self._facts(), **enc.sealed}
        if enc.salt is None:
            return opening_block(facts, self.lang, self.forum_format())
        if self.opened:
            return closing_block({**facts, **enc.reveal()}, self.lang, self.forum_format())
        return salt_block({**facts, "salt": enc.salt}, self.lang, self.forum_format())

    def refresh(self) -> None:
        enc = self.encounter
        self.title.value = f"<b>{escape(self.t('title'))}</b>"
        self.seal_button.description = self.t("seal")
        self.salt_button.description = self.t("take")
        self.reveal_button.description = self.t("reveal")
        self.salt.placeholder = self.t("salt_hint")
        if enc.sealed is None:
            state = self.t("unsealed") if not enc.resolutions else self.t("too_late")
        elif enc.salt is None:
            state = self.t("awaiting")
        else:
            state = self.t("sealed", salt=enc.salt)
        self.state.value = escape(state)
        self.seal_button.disabled = enc.sealed is not None or bool(enc.resolutions)
        self.salt.disabled = self.salt_button.disabled = enc.sealed is None or enc.salt is not None
        self.reveal_button.disabled = enc.salt is None
        text = "" if self.viewer is not None else self.post()
        self.text.value = self.copy.text = text

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.copy.set_language(lang)
        self.refresh()

    def set_viewer(self, side: str | None) -> None:
        """Shut (and emptied) while a side's player looks at the desk: the seal is the GM's."""
        self.viewer = side
        self.layout.display = "none" if side is not None else None
        self.refresh()
