"""Bots on the page: a bot's search run in short slices between frames, shown thinking."""

from __future__ import annotations

import time
from typing import Any

import dom
from pyscript import document
from session import Session

#: Longest piece of bot work between two chances for the browser to paint and take input (s).
BOT_SLICE = 0.02
#: Shortest time a bot is shown thinking, unless its budget (``bot_time``) is shorter (s).
MIN_THINKING = 0.4


class BotRunner:
    """Bots on the page (part of :class:`app.App`)."""

    def maybe_schedule_bot(self) -> None:
        """If a bot is to move, show it thinking and run its search in short slices."""
        session = self.session
        if session is None or self.replay is not None or self.bot_pending:
            return
        if session.game.is_over or not session.is_bot_turn():
            self.thinking = False
            return
        self.bot_pending = True
        if not self.thinking:
            self.thinking = True
            if self.obs is not None:
                dom.by_id("status").textContent = self.game_view.status(
                    self.obs, session.seats, True
                )
            for node in document.querySelectorAll(".player.to-move .name"):
                node.appendChild(dom.el("span", "  thinking…", cls="thinking"))
        search = session.bot_search()
        budget = max(0.0, session.bot_time)
        started = time.perf_counter()
        # A bot that decides at once still shows its thinking for a moment, so people can follow;
        # at a slower pace the move before it stays on screen longer.
        shown = max(min(budget, MIN_THINKING), self.move_hold())
        actions = len(session.game.actions)
        decided = False

        def work() -> None:
            nonlocal decided
            if (
                session is not self.session
                or self.replay is not None
                or len(session.game.actions) != actions
            ):
                self.bot_pending = False
                return
            elapsed = time.perf_counter() - started
            if not decided:
                done = search.step(min(BOT_SLICE, max(0.0, budget - elapsed)))
                elapsed = time.perf_counter() - started
                decided = done or elapsed >= budget
            if decided and elapsed >= shown and not self.summary_open:
                self.bot_pending = False
                self.bot_play(session, search.best())
            elif decided:
                # Waiting for the pace, or for the person to close the summary.
                dom.later(work, max(shown - elapsed, 0.1) * 1000)
            else:
                dom.later(work, 0)

        # The first slice waits for the next frame, so the move before it is seen at once.
        dom.after_frame(work)

    def bot_play(self, session: Session, action: Any) -> None:
        session.play(action)
        self.thinking = session.is_bot_turn()
        self.render()
        # Saved in a task of its own, so drawing and saving never add up to one long task.
        dom.later(lambda: self.autosave() if session is self.session else None, 0)
