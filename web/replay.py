"""Undo of the player's own actions (the engine's ``undo``), and the replay of a game action by
action (stepping or playing by itself at the page's pace; positions from ``inca_core.replay``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import dom
import ui
from pyscript import document

from inca_core import replay as positions

if TYPE_CHECKING:
    from page import Shown
    from panels import Panels
    from session import Session

#: Seconds between two actions of a replay playing by itself, by pace (``movedisplay.PACES``).
AUTOPLAY_STEP = {"instant": 0.25, "normal": 1.0, "slow": 2.0}


@dataclass
class Watching:
    """A replay on screen: the game's actions, the position shown and its state."""

    actions: list[Any]
    pos: int
    game: Any
    playing: bool = False


class Replay:
    """Undo, and the replay of the game on screen."""

    def __init__(
        self,
        shown: Shown,
        panels: Panels,
        pace: Callable[[], str],
        undone: Callable[[Session], None],
    ) -> None:
        self._shown = shown
        self._panels = panels
        #: The page's pace (``MoveDisplay.pace``).
        self._pace = pace
        #: What follows an undo (``App.after_action``: redraw and save).
        self._undone = undone
        self._watching: Watching | None = None

    def active(self) -> bool:
        """Whether a replay is on screen."""
        return self._watching is not None

    def game(self) -> Any:
        """The replay's position on screen (``None``: no replay)."""
        return self._watching.game if self._watching is not None else None

    def token(self) -> object | None:
        """Stands for the replay on screen (another replay, or none, gives another token)."""
        return self._watching

    def position(self) -> tuple[int, int]:
        """The action shown and the number of actions (``(0, 0)``: no replay)."""
        w = self._watching
        return (w.pos, len(w.actions)) if w is not None else (0, 0)

    # -- undo -------------------------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the person's latest action, or say why the engine will not."""
        session = self._shown.session
        if session is None or self.active():
            return
        if session.undo_steps() < 1:
            self._panels.show_reason(session.undo_refusal() or "nothing to undo now.")
            return
        session.undo()
        self._undone(session)
        ui.notify("Undone.")

    # -- replay -----------------------------------------------------------------------------------

    def start(self) -> None:
        session = self._shown.session
        if session is None:
            return
        actions = list(session.game.actions)
        self._watching = Watching(actions, len(actions), session.game.copy())
        dom.by_id("replay-bar").hidden = False
        # The page's style makes room for the bar by this (a :has() rule would be matched again
        # at every change of any element's hidden attribute).
        document.body.dataset.replayBar = "1"
        self.show(len(actions))

    def show(self, pos: int) -> None:
        """Show the position after action ``pos``."""
        w = self._watching
        if w is None or self._shown.session is None:
            return
        pos = max(0, min(pos, len(w.actions)))
        game = w.game
        if pos < len(game.actions):
            game = positions.position(game, pos)
        for action in w.actions[len(game.actions) : pos]:
            game.play(action)
        w.game = game
        w.pos = pos
        dom.by_id("replay-pos").textContent = f"Action {pos} of {len(w.actions)}"
        document.body.dataset.replayPos = str(pos)
        self._panels.render()
        ui.show_screen("game")
        if pos >= len(w.actions):
            self.autoplay(False)

    def autoplay(self, on: bool) -> None:
        """Start or stop the replay playing by itself, one action per step at the page's pace."""
        w = self._watching
        button = dom.query(document, "[data-replay=play]")
        if w is None:
            return
        if on and w.pos >= len(w.actions):
            self.show(0)
        w.playing = on
        if button is not None:
            button.setAttribute("aria-pressed", "true" if on else "false")
            dom.query(button, ".label").textContent = "Pause" if on else "Play"
        if on:
            self._step(w)

    def _step(self, w: Watching) -> None:
        def step() -> None:
            if self._watching is w and w.playing:
                self.show(w.pos + 1)
                self._step(w)

        dom.later(step, AUTOPLAY_STEP[self._pace()] * 1000)

    def stop(self) -> None:
        if self._watching is None:
            return
        self.autoplay(False)
        self._watching = None
        dom.by_id("replay-bar").hidden = True
        document.body.removeAttribute("data-replay-bar")
        if self._shown.session is not None:
            self._panels.render()

    def on_control(self, name: str) -> None:
        """A button of the replay bar."""
        w = self._watching
        if w is None:
            return
        if name == "close":
            self.stop()
            return
        if name == "play":
            self.autoplay(not w.playing)
            return
        self.autoplay(False)
        target = {"first": 0, "back": w.pos - 1, "forward": w.pos + 1, "last": len(w.actions)}
        self.show(target[name])
