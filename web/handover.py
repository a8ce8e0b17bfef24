"""Hot-seat: the 'pass the device' screen between two people."""

from __future__ import annotations

from typing import TYPE_CHECKING

import dom

if TYPE_CHECKING:
    from focus import Focus
    from page import Shown
    from panels import Panels


class HandOver:
    """Hot-seat: who of the people here acted last, and the screen that hides the next one's
    cards until they are ready."""

    def __init__(self, shown: Shown, panels: Panels, focus: Focus) -> None:
        self._shown = shown
        self._panels = panels
        self._focus = focus
        #: The person who acted last on this device (``None``: nobody yet in this game).
        self._last: int | None = None
        #: The hand-over screen is up.
        self._hidden = False

    def last_human(self) -> int | None:
        return self._last

    def hidden(self) -> bool:
        """Whether the hand-over screen hides the person's cards now."""
        return self._hidden

    def forget(self) -> None:
        """A game was opened: nobody has acted on this device yet."""
        self._last = None

    def moved(self, seat: int) -> None:
        """The person in ``seat`` acted here."""
        self._last = seat

    def check(self, current: int | None, human_to_move: bool) -> None:
        """Hide the hand behind 'pass the device' when a different person is to act."""
        session = self._shown.session
        assert session is not None
        humans = len(session.people_here())
        overlay = dom.by_id("pass-screen")
        if human_to_move and current is not None and humans > 1 and current != self._last:
            if not self._hidden:
                self._hidden = True
                name = session.names()[current]
                dom.by_id("pass-title").textContent = f"Pass the device to {name}"
                dom.by_id("pass-ready").textContent = f"I am {name}: show my cards"
                overlay.hidden = False
                dom.later(lambda: dom.by_id("pass-ready").focus(), 0)
            return
        if human_to_move:
            self._last = current
        self._hidden = False
        overlay.hidden = True

    def ready(self) -> None:
        """The next person took the device: show their view."""
        session = self._shown.session
        if session is None:
            return
        self._last = session.game.current_player
        self._hidden = False
        dom.by_id("pass-screen").hidden = True
        # The board answers the click in the next frame; the panels (drawn hiding every hand
        # while the screen was up) and the focus follow.
        self._panels.render(settle_later=True)
        dom.after_frame(self._settle)

    def _settle(self) -> None:
        self._panels.settle()
        self._focus.keep()
