"""What the page's parts are handed instead of the page itself: small protocols that ``App``
(``app.py``, the one owner) fulfils.

A part gets typed references to the few parts it calls, callbacks for what it tells the page,
and, when it reads what is on screen, :class:`Shown`; the game screen (``panels.py``) reads what
it draws through :class:`Screen`. No part knows ``App``, and no two parts call each other
(``tests/page/test_page_parts.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from session import Session
    from views import GameView, Marks, Moment


class Shown(Protocol):
    """What is on screen: the open game and the game view."""

    @property
    def session(self) -> Session | None:
        """The game on screen (``None``: the start screen)."""
        ...

    @property
    def view(self) -> GameView:
        """The view of the game on screen, or of the game chosen in the start form."""
        ...


class Screen(Shown, Protocol):
    """What the game screen (``panels.Panels``) asks of the page as it draws a position, and
    tells it once drawn."""

    def viewer(self) -> int | None:
        """The seat whose view is drawn."""
        ...

    def replayed(self) -> Any:
        """The replay's position on screen (``None``: no replay)."""
        ...

    def covered(self, current: int | None, human_to_move: bool) -> bool:
        """Whether the hand-over screen hides the hand of the person to move (put up or taken
        down for ``current`` first)."""
        ...

    def bot_thinking(self) -> bool:
        """Whether the bot to move is shown thinking."""
        ...

    def moment_of(self, game: Any) -> Moment | None:
        """What ``game``'s latest action did."""
        ...

    def marks_of(self, game: Any, last: Moment | None) -> Marks:
        """The board's marks for ``game``."""
        ...

    def summary_open(self) -> bool:
        """Whether the summary of the automatic phases is open."""
        ...

    def rendered(self) -> None:
        """A position was drawn: what follows a drawing (a bot's move, the send offer, the
        guide's mark)."""
        ...

    def published(self) -> None:
        """A new position was published: what an earlier one showed (a hint) goes."""
        ...
