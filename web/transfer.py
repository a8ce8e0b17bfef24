"""Moving games in and out: import (file, drag and drop, share link), export, share."""

from __future__ import annotations

from typing import Any

import dom
import sharelink
import ui
from pyscript import document, window
from session import Session
from store import StoreError
from views import SAVE_ERRORS


class Transfer:
    """Moving games in and out (part of :class:`app.App`)."""

    def import_text(self, text: str, source: str) -> None:
        """Add the game in ``text`` as a new saved entry (never replacing one); a turn file of a
        game played by link goes to that game instead (``remote.py``)."""
        if self.receive_turn_file(text, source):
            return
        try:
            session = Session.from_save(text)
        except SAVE_ERRORS as error:
            ui.notify(f"The {source} was not imported: {error}. Nothing was changed.", error=True)
            return
        session.entry_id = self.store.new_id()
        entry = self.entry_for(session)
        try:
            self.store.put(entry)
        except StoreError as error:
            ui.notify(f"{error} The imported game is open in this tab.", error=True)
            self.open_session(session)
            return
        names = ", ".join(session.names())
        ui.notify(
            f"Imported the game of {names}.",
            buttons=(("Open it", lambda: self.open_by_id(entry.id)),),
        )
        if document.body.dataset.screen == "start":
            self.render_saved_list()

    def offer_shared_game(self) -> None:
        fragment = str(window.location.hash)
        if self.receive_turn_link(fragment):
            return
        try:
            text = sharelink.decode(fragment)
        except sharelink.ShareError as error:
            ui.notify(str(error), error=True)
            self.clear_hash()
            return
        if text is None:
            return
        self.clear_hash()
        ui.notify(
            "This link carries a shared game. Import it as a new saved game?",
            buttons=(("Import", lambda: self.import_text(text, "shared game")),),
        )

    def clear_hash(self) -> None:
        window.history.replaceState(
            None, "", str(window.location.pathname) + str(window.location.search)
        )

    def on_file_chosen(self, event: Any) -> None:
        files = event.target.files
        if not dom.is_null(files) and files.length:
            self.read_import(files.item(0))
        event.target.value = ""

    def on_drag_over(self, event: Any) -> None:
        event.preventDefault()
        dom.by_id("drop-zone").classList.add("over")

    def on_drop(self, event: Any) -> None:
        event.preventDefault()
        dom.by_id("drop-zone").classList.remove("over")
        transfer = event.dataTransfer
        files = None if dom.is_null(transfer) else transfer.files
        if dom.is_null(files) or not files.length:
            ui.notify("Drop a save file (.json) to import it.", error=True)
            return
        self.read_import(files.item(0))

    def read_import(self, file: Any) -> None:
        ui.read_file(
            file,
            lambda text: self.import_text(text, "file"),
            lambda message: ui.notify(message, error=True),
        )

    def export(self) -> None:
        if self.session is None:
            return
        names = "-".join(
            "".join(ch for ch in n if ch.isalnum())[:12] or "player" for n in self.session.names()
        )
        ui.download(f"inca-empire-{names}.json", self.session.save_text())

    def share(self) -> None:
        if self.session is None:
            return
        link = (
            str(window.location.origin)
            + str(window.location.pathname)
            + "#"
            + sharelink.encode(self.session.save_text())
        )
        field = dom.el(
            "input",
            attrs={
                "type": "text",
                "readonly": "readonly",
                "aria-label": "Share link",
                "class": "share-link",
            },
        )
        field.value = link

        def done(ok: bool) -> None:
            note = "Link copied." if ok else "Copy the link below:"
            ui.notify(note, extra=field, sticky=True)

        ui.copy_text(link, done)
