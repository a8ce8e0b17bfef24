"""Hot-seat: the 'pass the device' screen between two people."""

from __future__ import annotations

import dom


class HandOver:
    """Hot-seat (part of :class:`app.App`)."""

    def check_pass_screen(self, current: int | None, human_to_move: bool) -> None:
        """Hide the hand behind 'pass the device' when a different person is to act."""
        session = self.session
        assert session is not None
        humans = len(session.people_here())
        overlay = dom.by_id("pass-screen")
        if human_to_move and humans > 1 and current != self.last_human:
            if not self.hidden_for_pass:
                self.hidden_for_pass = True
                name = session.names()[current]
                dom.by_id("pass-title").textContent = f"Pass the device to {name}"
                dom.by_id("pass-ready").textContent = f"I am {name}: show my cards"
                overlay.hidden = False
                dom.later(lambda: dom.by_id("pass-ready").focus(), 0)
            return
        if human_to_move:
            self.last_human = current
        self.hidden_for_pass = False
        overlay.hidden = True

    def pass_ready(self) -> None:
        session = self.session
        if session is None:
            return
        self.last_human = session.game.current_player
        self.hidden_for_pass = False
        dom.by_id("pass-screen").hidden = True
        self.render()
        self.keep_focus()
