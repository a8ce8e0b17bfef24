"""Moving games in and out: import (file, drag and drop, share link), export, share."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import dom
import sharelink
import ui
from pyscript import document, window
from session import SEAT_TYPES, Session, saved_seats
from startform import seat_select
from store import Entry, Store, StoreError
from views import SAVE_ERRORS

if TYPE_CHECKING:
    from autosave import Autosave
    from page import Shown
    from remote import Remote
    from savedlist import SavedList


class Transfer:
    """Moving games in and out."""

    def __init__(
        self,
        shown: Shown,
        store: Store,
        remote: Remote,
        saved: SavedList,
        autosave: Autosave,
        open_session: Callable[[Session], None],
    ) -> None:
        self._shown = shown
        self._store = store
        self._remote = remote
        self._saved = saved
        self._autosave = autosave
        #: Puts a session on screen (``App.open_session``).
        self._open_session = open_session

    def bind(self) -> None:
        dom.on(dom.by_id("import-file"), "change", self.on_file_chosen)
        zone = dom.by_id("drop-zone")
        dom.on(zone, "dragover", self.on_drag_over)
        dom.on(zone, "dragleave", lambda _e: zone.classList.remove("over"))
        dom.on(zone, "drop", self.on_drop)
        dom.on(window, "hashchange", lambda _e: self.offer_shared_game())

    def import_text(self, text: str, source: str) -> None:
        """Add the game in ``text`` as a new saved entry (never replacing one); a turn file of a
        game played by link goes to that game instead (``remote.py``)."""
        if self._remote.receive_turn_file(text, source):
            return
        try:
            session = Session.from_save(text)
        except SAVE_ERRORS as error:
            ui.notify(f"The {source} was not imported: {error}. Nothing was changed.", error=True)
            return
        kept = self.kept_copy(session)
        if kept is not None:
            # The same game at the same move is kept once: importing it again adds no entry,
            # only the reviews the kept one does not have yet.
            added = self.add_reviews(kept, session)
            ui.notify(
                f"You already have this game of {', '.join(session.names())} at this move in "
                "your saved games: "
                + ("its review was added to it." if added else "nothing was added."),
                buttons=(("Open it", lambda: self._saved.open_by_id(kept)),),
            )
            return
        session.entry_id = self._store.new_id()
        entry = self._autosave.entry_for(session)
        try:
            self._store.put(entry)
        except StoreError as error:
            ui.notify(f"{error} The imported game is open in this tab.", error=True)
            self._open_session(session)
            return
        names = ", ".join(session.names())
        said = f"Imported the game of {names}."
        picker = None
        if not saved_seats(text):
            said += " The save does not say who plays each seat: choose, then open it."
            picker = self.seat_picker(session)
        ui.notify(
            said,
            extra=picker,
            buttons=(("Open it", lambda: self.open_imported(session, picker)),),
        )
        if document.body.dataset.screen == "start":
            self._saved.render()

    def kept_copy(self, session: Session) -> str | None:
        """The id of a saved entry holding the same game as ``session`` at the same move (its
        game id and the fingerprint of its save), else ``None``."""
        fingerprint = session.game.fingerprint()
        for entry in self._store.entries():
            if not isinstance(entry, Entry) or entry.game != session.game_id:
                continue
            try:
                data = json.loads(entry.save)
            except ValueError:
                continue
            if isinstance(data, dict) and data.get("fingerprint") == fingerprint:
                return entry.id
        return None

    def add_reviews(self, entry_id: str, session: Session) -> bool:
        """Add to the saved entry ``entry_id`` the reviews of ``session`` (the same game) that
        it does not hold; whether any was added."""
        try:
            entry = self._store.get(entry_id)
            if not isinstance(entry, Entry):
                return False
            kept = Session.from_save(entry.save, entry.seats, entry.id, entry.bot_time)
        except StoreError:
            return False
        except SAVE_ERRORS:
            return False
        new = {seat: r for seat, r in session.reviews.items() if seat not in kept.reviews}
        if not new:
            return False
        kept.reviews.update(new)
        kept.device = entry.device
        try:
            self._store.put(self._autosave.entry_for(kept))
        except StoreError:
            return False
        return True

    def seat_picker(self, session: Session) -> Any:
        """Who plays each seat of an imported game whose save does not say (people at first)."""
        rows = [
            dom.el(
                "li",
                children=[
                    dom.el("span", name),
                    seat_select(f"import-seat-{seat}", f"Who plays {name}", "human"),
                ],
            )
            for seat, name in enumerate(session.names())
        ]
        return dom.el("ul", cls="import-seats", attrs={"data-ui": "import-seats"}, children=rows)

    def open_imported(self, session: Session, picker: Any) -> None:
        """Open an imported game, with the seats chosen in ``picker`` (if any) kept in its
        saved entry."""
        assert session.entry_id is not None
        if picker is not None:
            chosen = tuple(str(select.value) for select in picker.querySelectorAll("select"))
            if len(chosen) == session.players and all(kind in SEAT_TYPES for kind in chosen):
                session.seats = chosen
                try:
                    self._store.put(self._autosave.entry_for(session))
                except StoreError as error:
                    ui.notify(f"{error} The game opens with the seats chosen.", error=True)
                    self._open_session(session)
                    return
        self._saved.open_by_id(session.entry_id)

    def offer_shared_game(self) -> None:
        """Take the game a link's fragment carries: a turn link, or a shared game to import."""
        fragment = str(window.location.hash)
        if self._remote.receive_turn_link(fragment):
            return
        try:
            text = sharelink.decode(fragment)
        except sharelink.ShareError as error:
            ui.notify(str(error), error=True)
            ui.clear_hash()
            return
        if text is None:
            return
        ui.clear_hash()
        ui.notify(
            "This link carries a shared game. Import it as a new saved game?",
            buttons=(("Import", lambda: self.import_text(text, "shared game")),),
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
        if files is None or dom.is_null(files) or not files.length:
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
        """Download the game on screen as a save file named after its game and players."""
        session = self._shown.session
        if session is None:
            return
        names = "-".join(
            "".join(ch for ch in n if ch.isalnum())[:12] or "player" for n in session.names()
        )
        ui.download(f"{session.view.texts.file_stem}-{names}.json", session.save_text())

    def export_raw(self, key: str) -> None:
        """Download an unreadable saved entry as it is stored."""
        try:
            ui.download(key.split(":")[-1] + "-unreadable.json", self._store.raw(key))
        except StoreError as error:
            ui.notify(str(error), error=True)

    def share(self) -> None:
        session = self._shown.session
        if session is None:
            return
        link = (
            str(window.location.origin)
            + str(window.location.pathname)
            + "#"
            + sharelink.encode(session.save_text())
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
            # Copied: a message that goes by itself; else the link stays to be copied by hand.
            if ok:
                ui.notify("Link copied.", extra=field)
            else:
                ui.notify("Copy the link below:", extra=field, sticky=True)

        ui.copy_text(link, done)
