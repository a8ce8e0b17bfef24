"""Saving the game on screen to local storage after every action."""

from __future__ import annotations

import time

import dom
import ui
from session import Session
from store import Entry, StoreError


class Autosave:
    """Saving the game on screen to local storage after every action (part of :class:`app.App`)."""

    def entry_for(self, session: Session) -> Entry:
        game = session.game
        return Entry(
            id=session.entry_id or self.store.new_id(),
            save=session.save_text(),
            names=session.names(),
            seats=session.seats,
            round=session.view.progress(game),
            game=session.game_id,
            updated=time.time(),
            finished=game.is_over,
            bot_time=session.bot_time,
            device=session.device,
        )

    def autosave(self) -> None:
        """Save the current game; on failure say so once and go on in memory."""
        session = self.session
        if session is None:
            return
        if session.entry_id is None:
            session.entry_id = self.store.new_id()
        state = dom.by_id("save-state")
        try:
            self.store.put(self.entry_for(session))
            self.store.set_open(session.entry_id)
        except StoreError as error:
            state.textContent = "Not saved: " + str(error)
            state.classList.add("warn")
            if not self.save_warned:
                self.save_warned = True
                ui.notify(str(error), error=True)
            return
        self.save_warned = False
        state.classList.remove("warn")
        state.textContent = f"Saved after {len(session.game.actions)} actions."
