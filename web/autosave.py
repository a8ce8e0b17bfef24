"""Saving the game on screen to local storage after every action."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import dom
import ui
from session import Session
from store import Entry, Store, StoreError

if TYPE_CHECKING:
    from page import Shown


class Autosave:
    """Saving the game on screen to local storage after every action."""

    def __init__(self, shown: Shown, store: Store) -> None:
        self._shown = shown
        self._store = store
        #: The person was told that saving failed (said once until it works again).
        self._warned = False

    def forget_warning(self) -> None:
        self._warned = False

    def entry_for(self, session: Session) -> Entry:
        """The saved-games entry of ``session``."""
        game = session.game
        return Entry(
            id=session.entry_id or self._store.new_id(),
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

    def save(self) -> None:
        """Save the current game; on failure say so once and go on in memory."""
        store = self._store
        session = self._shown.session
        if session is None:
            return
        if session.entry_id is None:
            session.entry_id = store.new_id()
        state = dom.by_id("save-state")
        started = dom.now_ms()
        try:
            store.put(self.entry_for(session))
            store.set_open(session.entry_id)
        except StoreError as error:
            state.textContent = "Not saved: " + str(error)
            state.classList.add("warn")
            if not self._warned:
                self._warned = True
                ui.notify(str(error), error=True)
            return
        if dom.now_ms() - started > dom.LONG_MS:
            dom.measure("page-save", started)
        self._warned = False
        state.classList.remove("warn")
        state.textContent = f"Saved after {len(session.game.actions)} actions."
