"""The "How to play" dialog: the chosen game's first-game steps (``inca_core.howto``) beside a
picture of its board."""

from __future__ import annotations

import dom
import focus

from inca_core.howto import HOW_TO_PLAY


class HowTo:
    """The "How to play" dialog (part of :class:`app.App`)."""

    #: The game whose board the dialog holds now.
    howto_game: str | None = None

    def show_how_to(self) -> None:
        """Open the dialog for the game on screen, or the one chosen on the start screen."""
        view = self.game_view
        info = view.spec.info
        dialog = dom.by_id("howto")
        dom.by_id("howto-title").textContent = f"How to play {info.title}"
        dom.by_id("howto-about").textContent = info.blurb
        steps = HOW_TO_PLAY.get(info.id, ())
        dom.fill(dom.by_id("howto-steps"), [dom.el("li", step) for step in steps])
        if self.howto_game != info.id:
            picture = dom.by_id("howto-board")
            picture.innerHTML = view.board_svg(max(info.players))
            picture.setAttribute("aria-label", f"The {info.title} board")
            for node in picture.querySelectorAll("[tabindex], [data-legal]"):
                for name in ("tabindex", "role", "data-legal"):
                    node.removeAttribute(name)
            self.howto_game = info.id
        focus.opened("howto")
        dialog.showModal()
        dom.query(dialog, "[data-ui=howto-close]").focus()

    def close_how_to(self) -> None:
        dom.by_id("howto").close()
