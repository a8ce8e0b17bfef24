"""The rules panel: the open game's reference text (from its view), shown and hidden."""

from __future__ import annotations

import dom
import focus
from pyscript import document


class RulesPanel:
    """The rules panel (part of :class:`app.App`)."""

    def build_rules(self) -> None:
        """Fill the panel with the rules of the game on screen (or of the chosen game)."""
        dom.fill(dom.by_id("rules-body"), self.game_view.rules())

    def toggle_rules(self, show: bool | None = None) -> None:
        panel = dom.by_id("rules-panel")
        show = panel.hidden if show is None else show
        panel.hidden = not show
        document.querySelector("[data-ui=rules]").setAttribute(
            "aria-expanded", "true" if show else "false"
        )
        if show:
            focus.opened("rules")
            dom.query(panel, "button").focus()
        elif not focus.closed("rules"):
            self.keep_focus()
