"""The saved games list on the start screen: open, resume, delete."""

from __future__ import annotations

import time
from collections.abc import Callable

import dom
import ui
from session import Session
from store import Entry, Store, StoreError, Unreadable
from views import SAVE_ERRORS

from inca_core.shelf import INFOS


class SavedList:
    """The saved games list on the start screen."""

    def __init__(self, store: Store, open_session: Callable[[Session], None]) -> None:
        self._store = store
        #: Puts a session on screen (``App.open_session``).
        self._open_session = open_session

    def resume_open_game(self) -> bool:
        """Open the game that was on screen when the page was last left."""
        store = self._store
        entry_id = store.open_id()
        if not entry_id:
            return False
        try:
            entry = store.get(entry_id)
        except StoreError:
            return False
        if isinstance(entry, Unreadable):
            return False
        return self.open_entry(entry)

    def render(self) -> None:
        """The list of saved games (unreadable entries too, kept until deleted)."""
        target = dom.by_id("saved-list")
        try:
            entries = self._store.entries()
        except StoreError as error:
            dom.fill(target, [dom.el("li", str(error), cls="unreadable")])
            return
        items = []
        for entry in entries:
            if isinstance(entry, Unreadable):
                items.append(
                    dom.el(
                        "li",
                        cls="unreadable",
                        attrs={"data-key": entry.key},
                        children=[
                            dom.el("div", "Unreadable saved game", cls="name"),
                            dom.el(
                                "div",
                                f"{entry.reason} ({entry.size} characters, kept as it is.)",
                                cls="meta",
                            ),
                            dom.el(
                                "div",
                                cls="row-actions",
                                children=[
                                    dom.el(
                                        "button",
                                        "Export as it is",
                                        attrs={
                                            "type": "button",
                                            "data-ui": "export-raw",
                                            "data-key": entry.key,
                                            "aria-label": "Export this unreadable entry as it is",
                                        },
                                    ),
                                    dom.el(
                                        "button",
                                        "Delete",
                                        attrs={
                                            "type": "button",
                                            "data-ui": "delete",
                                            "data-key": entry.key,
                                            "aria-label": "Delete this unreadable entry",
                                        },
                                    ),
                                ],
                            ),
                        ],
                    )
                )
                continue
            who = ", ".join(
                f"{n} ({_seat_label(seat, s, entry.device)})"
                for seat, (n, s) in enumerate(zip(entry.names, entry.seats, strict=False))
            )
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.updated))
            info = INFOS.get(entry.game)
            state = ("finished" if entry.finished else
                     info.progress_label(entry.round) if info is not None else
                     f"round {entry.round}")
            game_title = info.title if info is not None else entry.game
            title = entry_title(game_title, entry.names, entry.seats, state)
            items.append(
                dom.el(
                    "li",
                    attrs={"data-entry": entry.id, "data-game": entry.game},
                    children=[
                        dom.el("div", title, cls="name"),
                        dom.el("div", f"{len(entry.names)} players: {who}", cls="meta"),
                        dom.el("div", f"Last played {when}", cls="meta"),
                        dom.el(
                            "div",
                            cls="row-actions",
                            children=[
                                dom.el(
                                    "button",
                                    "Continue" if not entry.finished else "Open",
                                    attrs={
                                        "type": "button",
                                        "data-ui": "open",
                                        "data-entry": entry.id,
                                        "aria-label": (
                                            f"{'Open' if entry.finished else 'Continue'} {title}"
                                        ),
                                    },
                                ),
                                dom.el(
                                    "button",
                                    "Review the game",
                                    attrs={
                                        "type": "button",
                                        "data-ui": "review",
                                        "data-entry": entry.id,
                                        "aria-label": f"Review the game: {title}",
                                    },
                                )
                                if entry.finished
                                else None,
                                dom.el(
                                    "button",
                                    "Delete",
                                    attrs={
                                        "type": "button",
                                        "data-ui": "delete",
                                        "data-key": entry.key,
                                        "aria-label": f"Delete {title}",
                                    },
                                ),
                            ],
                        ),
                    ],
                )
            )
        if not items:
            items.append(dom.el("li", "No saved games yet.", cls="note"))
        dom.fill(target, items)

    def open_entry(self, entry: Entry) -> bool:
        """Open a saved game; ``False`` (and a message) when its save cannot be read."""
        try:
            session = Session.from_save(entry.save, entry.seats, entry.id, entry.bot_time)
            session.device = entry.device
        except SAVE_ERRORS as error:
            ui.notify(
                f"This saved game cannot be opened: {error}. It is kept in the list.", error=True
            )
            return False
        self._open_session(session)
        return True

    def open_by_id(self, entry_id: str) -> None:
        try:
            entry = self._store.get(entry_id)
        except StoreError as error:
            ui.notify(str(error), error=True)
            return
        if isinstance(entry, Unreadable):
            ui.notify(f"This saved game cannot be read: {entry.reason}", error=True)
            return
        self.open_entry(entry)

    def confirm_delete(self, key: str) -> None:
        def delete() -> None:
            try:
                self._store.delete(key)
            except StoreError as error:
                ui.notify(str(error), error=True)
                return
            ui.notify("Deleted.")
            self.render()

        ui.confirm("Delete this saved game for good? This cannot be undone.", "Delete", delete)


def _seat_label(seat: int, kind: str, device: tuple[int, ...] | None) -> str:
    """Who plays a seat, for the list: a bot, a person here, or a person on their own device."""
    if kind != "human":
        return kind + " bot"
    if device is None:
        return "person"
    return "you, on this device" if seat in device else "on their own device"


def entry_title(game_title: str, names: tuple[str, ...], seats: tuple[str, ...], state: str) -> str:
    """A saved game's title: the game, who plays, and how far it got ("Inca Empire: Ana vs 3
    bots, round 4"); default names ("Player 2") are counted, not listed."""
    people = [(seat, n) for seat, (n, kind) in enumerate(zip(names, seats, strict=False))
              if kind == "human"]
    named = [n for seat, n in people if n != f"Player {seat + 1}"]
    bots = len(names) - len(people)
    if named:
        who = ", ".join(named)
        unnamed = len(people) - len(named)
        if unnamed:
            who += f" and {unnamed} more"
    elif people:
        who = "1 person" if len(people) == 1 else f"{len(people)} people"
    else:
        who = "bots only"
    if people and bots:
        who += f" vs {bots} bot" + ("s" if bots > 1 else "")
    return f"{game_title}: {who}, {state}"
