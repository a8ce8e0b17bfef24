"""Bots on the page: a bot's search run in short slices between frames, shown thinking."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import dom
from session import Session

if TYPE_CHECKING:
    from movedisplay import MoveDisplay
    from page import Shown
    from panels import Panels
    from replay import Replay

#: Longest piece of bot work between two chances for the browser to paint and take input (s).
BOT_SLICE = 0.02
#: Shortest time a bot is shown thinking, unless its budget (``bot_time``) is shorter (s).
MIN_THINKING = 0.4


class BotRunner:
    """The bots of the game on screen: each decision searched in slices, then played."""

    def __init__(
        self,
        shown: Shown,
        panels: Panels,
        moves: MoveDisplay,
        replay: Replay,
        played: Callable[[Session], None],
    ) -> None:
        self._shown = shown
        self._panels = panels
        self._moves = moves
        self._replay = replay
        #: What follows a bot's move (``App.after_action``: redraw and save).
        self._played = played
        #: The bot to move is thinking (shown on screen).
        self._thinking = False
        #: A bot's search is under way.
        self._pending = False

    def thinking(self) -> bool:
        return self._thinking

    def schedule(self) -> None:
        """If a bot is to move, show it thinking and run its search in short slices."""
        page, replay, moves = self._shown, self._replay, self._moves
        session = page.session
        if session is None or replay.active() or self._pending:
            return
        if session.game.is_over or not session.is_bot_turn():
            self._thinking = False
            return
        self._pending = True
        if not self._thinking:
            self._thinking = True
            self._panels.show_thinking()
        search = session.bot_search()
        # A garbage collection would land inside a slice and traverse the search's positions:
        # none runs while a bot thinks, and one runs in a task of its own after its move.
        gc.disable()
        budget = max(0.0, session.bot_time)
        started = time.perf_counter()
        started_ms = dom.now_ms()
        strength = session.seats[session.game.current_player]
        # A bot that decides at once still shows its thinking for a moment, so people can follow;
        # at a slower pace the move before it stays on screen longer.
        shown = max(min(budget, MIN_THINKING), moves.move_hold())
        actions = len(session.game.actions)
        decided = False

        def work() -> None:
            nonlocal decided
            if (
                session is not page.session
                or replay.active()
                or len(session.game.actions) != actions
            ):
                self._pending = False
                self._collect()
                return
            elapsed = time.perf_counter() - started
            if not decided:
                left = max(0.0, budget - elapsed) if search.anytime else BOT_SLICE
                slice_ms = dom.now_ms()
                collected = [g["collections"] for g in gc.get_stats()]
                done = search.step(min(BOT_SLICE, left))
                if dom.now_ms() - slice_ms > dom.LONG_MS:
                    dom.measure(f"bot-slice:{strength}", slice_ms, collections=[
                        g["collections"] - c for g, c in zip(gc.get_stats(), collected,
                                                             strict=True)])
                elapsed = time.perf_counter() - started
                # An anytime search stops once less than a slice is left, so that the move ends
                # within its budget (a step always does at least one unit of work).
                decided = done or (search.anytime and elapsed >= budget - BOT_SLICE)
                if decided:
                    dom.measure(f"bot-move:{strength}", started_ms, iterations=search.iterations)
            if decided and elapsed >= shown and not moves.summary_open():
                self._pending = False
                self._play(session, search.best())
            elif decided:
                # Waiting for the pace, or for the person to close the summary.
                dom.later(work, max(shown - elapsed, 0.1) * 1000)
            else:
                dom.later(work, 0)

        # The first slice waits for the next frame, so the move before it is seen at once.
        dom.after_frame(work)

    def _play(self, session: Session, action: Any) -> None:
        session.play(action)
        self._thinking = session.is_bot_turn()
        self._played(session)
        # The garbage of the search collected in a task of its own.
        dom.later(self._collect, 0)

    def _collect(self) -> None:
        """Collect garbage now, and again as needed unless another bot's search is under way."""
        gc.collect()
        if not self._pending:
            gc.enable()
