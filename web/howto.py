"""The "How to play" dialog: the chosen game's first-game steps (its ``texts.how_to_play``)
beside a picture of its board."""

from __future__ import annotations

from typing import TYPE_CHECKING

import dom
import focus
import ui
import views
from tutorial import start_button

if TYPE_CHECKING:
    from page import Shown


class HowTo:
    """The "How to play" dialog."""

    def __init__(self, shown: Shown) -> None:
        self._shown = shown
        #: The game whose board the dialog holds now.
        self._game: str | None = None

    def show(self) -> None:
        """Open the dialog for the game on screen, or the one chosen on the start screen."""
        view = self._shown.view
        info = view.spec.info
        dialog = dom.by_id("howto")
        dom.by_id("howto-title").textContent = f"How to play {info.title}"
        dom.by_id("howto-about").textContent = info.blurb
        steps = view.texts.how_to_play
        dom.fill(dom.by_id("howto-steps"), [dom.el("li", step) for step in steps])
        self.offer_tutorial(info.id)
        if self._game != info.id:
            picture = dom.by_id("howto-board")
            picture.innerHTML = view.board_svg(max(info.players))
            picture.setAttribute("aria-label", f"The {info.title} board")
            for node in picture.querySelectorAll("[tabindex], [data-legal]"):
                for name in ("tabindex", "role", "data-legal"):
                    node.removeAttribute(name)
            self._game = info.id
        focus.opened("howto")
        ui.clear_passing()
        dialog.showModal()
        dom.query(dialog, "[data-ui=howto-close]").focus()

    def offer_tutorial(self, game_id: str) -> None:
        """Below the steps, a button that starts the game's guided first game (if it has one)."""
        row = dom.query(dom.by_id("howto"), "#howto-tutorial")
        if row is None:
            row = dom.el("p", cls="howto-tutorial", attrs={"id": "howto-tutorial"})
            dom.by_id("howto-steps").after(row)
        buttons = []
        if views.load_script(game_id) is not None:
            buttons = [start_button(game_id, "Play a guided first game")]
        dom.fill(row, buttons)

    def close(self) -> None:
        dom.by_id("howto").close()
