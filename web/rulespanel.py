"""The rules panel: the open game's reference text (from its view), shown and hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING

import dom
import focus
from pyscript import document

if TYPE_CHECKING:
    from page import Shown


class RulesPanel:
    """The rules panel."""

    def __init__(self, shown: Shown, keeper: focus.Focus) -> None:
        self._shown = shown
        self._focus = keeper

    def build(self) -> None:
        """Fill the panel with the rules of the game on screen (or of the chosen game)."""
        dom.fill(dom.by_id("rules-body"), self._shown.view.rules())

    def toggle(self, show: bool | None = None) -> None:
        panel = dom.by_id("rules-panel")
        show = bool(panel.hidden) if show is None else show
        panel.hidden = not show
        document.querySelector("[data-ui=rules]").setAttribute(
            "aria-expanded", "true" if show else "false"
        )
        if show:
            focus.opened("rules")
            dom.query(panel, "button").focus()
        elif not focus.closed("rules"):
            self._focus.keep()
