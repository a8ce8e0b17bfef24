"""The hint: the move the strongest bot would make for the person to move, and why.

The search runs in slices between frames, like a bot's, on that person's observation only;
the sentence comes from the engine side (``inca_core.hint``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import dom

from inca_core import hint

if TYPE_CHECKING:
    from page import Shown
    from panels import Panels

#: Longest search for a hint (s), and the longest slice of it between two frames.
HINT_TIME = 1.0
HINT_SLICE = 0.02


class HintBox:
    """The hint button's answer."""

    def __init__(self, shown: Shown, panels: Panels) -> None:
        self._shown = shown
        self._panels = panels

    def show(self) -> None:
        """Search for the person to move, then show the move, why, and a button to play it."""
        shown = self._shown
        session = shown.session
        turn = self._panels.turn()
        box = dom.by_id("hint")
        if session is None or turn is None or not turn.human or not turn.legal:
            box.textContent = "A hint is there when it is your move."
            box.hidden = False
            return
        seat = session.game.current_player
        spec = shown.view.spec
        observation = session.game.observation(seat)
        search = hint.start(spec, observation, turn.legal, seed=len(session.game.actions))
        actions = len(session.game.actions)
        started = time.perf_counter()
        box.textContent = "Thinking of a hint…"
        box.hidden = False

        def work() -> None:
            if session is not shown.session or len(session.game.actions) != actions:
                return
            done = search.step(HINT_SLICE)
            if not done and time.perf_counter() - started < HINT_TIME:
                dom.later(work, 0)
                return
            action = search.best()
            text = hint.explain(spec, observation, seat, action, seed=actions)
            play = dom.el(
                "button",
                "Play it",
                attrs={"type": "button", "data-action": str(action), "data-hint": "1"},
            )
            dom.fill(box, [dom.el("span", f"Hint: {text} "), play])

        dom.after_frame(work)

    def clear(self) -> None:
        """Forget a hint given for an earlier position."""
        box = dom.by_id("hint")
        if box is not None and not box.hidden:
            box.hidden = True
            dom.clear(box)
