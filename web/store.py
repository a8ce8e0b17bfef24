"""Saved games in the browser's local storage, with every failure reported, never hidden.

An entry is one key ``inca-empire:game:<id>`` holding JSON: the engine's save text plus a little
metadata for the list (names, seat types, round, last played). Entries that cannot be read are
listed as unreadable and are only removed when the person asks for it. The storage object is
passed in, so this module has no browser imports.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from safejson import too_deep
from views import DEFAULT_GAME

PREFIX = "inca-empire:game:"
OPEN_KEY = "inca-empire:open"
ENTRY_KIND = "inca-empire-entry"
ENTRY_VERSION = 1
SEAT_TYPES = ("human", "easy", "medium", "hard")


class StorageBackend(Protocol):
    """The part of the Web Storage interface this module uses."""

    length: int

    def key(self, index: int) -> str | None: ...
    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class StoreError(Exception):
    """Local storage could not do what was asked; the message is meant for the player."""


@dataclass(frozen=True)
class Entry:
    """A readable saved game."""

    id: str
    save: str
    names: tuple[str, ...]
    seats: tuple[str, ...]
    round: int
    updated: float
    finished: bool = False
    bot_time: float = 1.0
    key: str = field(default="", compare=False)
    #: The game id; entries written before the page held several games have none: Inca Empire.
    game: str = DEFAULT_GAME
    #: The seats this device plays in a game played by link (``None``: every person plays here).
    device: tuple[int, ...] | None = None

    def to_json(self) -> str:
        return json.dumps(
            {
                "kind": ENTRY_KIND,
                "version": ENTRY_VERSION,
                "id": self.id,
                "save": self.save,
                "names": list(self.names),
                "seats": list(self.seats),
                "round": self.round,
                "updated": self.updated,
                "finished": self.finished,
                "bot_time": self.bot_time,
                "game": self.game,
                "device": None if self.device is None else list(self.device),
            }
        )


@dataclass(frozen=True)
class Unreadable:
    """A stored item under our prefix that is not a readable entry: shown, kept until deleted."""

    key: str
    reason: str
    size: int


def parse_entry(key: str, text: str | None) -> Entry | Unreadable:
    """The entry stored as ``text`` under ``key``, or why it cannot be read."""
    if text is None:
        return Unreadable(key, "The entry is empty.", 0)
    if too_deep(text):
        return Unreadable(
            key, "The entry is not a saved game (its data is nested far too deeply).", len(text)
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return Unreadable(key, "The entry is not valid JSON.", len(text))
    if not isinstance(data, dict) or data.get("kind") != ENTRY_KIND:
        return Unreadable(key, "The entry was not written by this game.", len(text))
    if data.get("version") != ENTRY_VERSION:
        return Unreadable(key, f"Unknown entry version {data.get('version')!r}.", len(text))
    try:
        names = data["names"]
        seats = data["seats"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise TypeError("names")
        if not isinstance(seats, list) or not all(s in SEAT_TYPES for s in seats):
            raise TypeError("seats")
        if not isinstance(data["save"], str) or not isinstance(data["id"], str):
            raise TypeError("save")
        entry_round = data["round"]
        updated = data["updated"]
        bot_time = data.get("bot_time", 1.0)
        game = data.get("game", DEFAULT_GAME)
        if not isinstance(game, str):
            raise TypeError("game")
        device = data.get("device")
        if device is not None and not (
            isinstance(device, list) and all(type(s) is int and 0 <= s < len(seats) for s in device)
        ):
            raise TypeError("device")
        if isinstance(entry_round, bool) or not isinstance(entry_round, int):
            raise TypeError("round")
        for number in (updated, bot_time):
            if isinstance(number, bool) or not isinstance(number, int | float):
                raise TypeError("number")
        return Entry(
            id=data["id"],
            save=data["save"],
            names=tuple(names),
            seats=tuple(seats),
            round=entry_round,
            updated=float(updated),
            finished=bool(data.get("finished", False)),
            bot_time=float(bot_time),
            key=key,
            game=game,
            device=None if device is None else tuple(device),
        )
    except (KeyError, TypeError):
        return Unreadable(
            key, "The entry is missing parts or has parts of the wrong kind.", len(text)
        )


class Store:
    """Saved games in Web Storage; ``backend()`` returns the storage or raises if it is disabled."""

    def __init__(self, backend: Any) -> None:
        self._backend = backend

    def _storage(self) -> StorageBackend:
        try:
            storage = self._backend()
        except Exception as error:
            raise StoreError(
                "This browser does not allow saving (local storage is disabled, for example in "
                "private mode). Your game goes on, but it is not saved."
            ) from error
        if storage is None:
            raise StoreError(
                "This browser has no local storage. Your game goes on, but it is not saved."
            )
        return storage

    def entries(self) -> list[Entry | Unreadable]:
        """Every item under our prefix, newest readable entries first, unreadable ones last."""
        storage = self._storage()
        try:
            keys = [storage.key(i) for i in range(int(storage.length))]
            found = [parse_entry(k, storage.getItem(k)) for k in keys if k and k.startswith(PREFIX)]
        except StoreError:
            raise
        except Exception as error:
            raise StoreError("The saved games could not be read from local storage.") from error
        readable = sorted((e for e in found if isinstance(e, Entry)), key=lambda e: -e.updated)
        unreadable = sorted((e for e in found if isinstance(e, Unreadable)), key=lambda e: e.key)
        return [*readable, *unreadable]

    def get(self, entry_id: str) -> Entry | Unreadable:
        """The entry with ``entry_id``."""
        key = PREFIX + entry_id
        try:
            text = self._storage().getItem(key)
        except StoreError:
            raise
        except Exception as error:
            raise StoreError("The saved game could not be read from local storage.") from error
        if text is None:
            return Unreadable(key, "There is no saved game with this id.", 0)
        return parse_entry(key, text)

    def put(self, entry: Entry) -> Entry:
        """Write ``entry`` (replacing the entry with the same id) and return it with its key."""
        key = PREFIX + entry.id
        try:
            self._storage().setItem(key, entry.to_json())
        except StoreError:
            raise
        except Exception as error:
            name = str(getattr(error, "name", "")) + " " + str(error)
            if "quota" in name.lower() or "full" in name.lower():
                raise StoreError(
                    "Local storage is full, so this game was not saved. It goes on in this tab; "
                    "export it or delete old games to make room."
                ) from error
            raise StoreError(
                "The game could not be saved to local storage. It goes on in this tab."
            ) from error
        return replace(entry, key=key)

    def delete(self, key: str) -> None:
        """Remove the stored item ``key`` (only called after the person confirmed)."""
        if not key.startswith(PREFIX):
            raise StoreError("That is not a saved game of this page.")
        try:
            self._storage().removeItem(key)
        except StoreError:
            raise
        except Exception as error:
            raise StoreError("The saved game could not be deleted.") from error

    def raw(self, key: str) -> str:
        """The stored text under ``key`` as it is (to export an unreadable entry)."""
        try:
            return self._storage().getItem(key) or ""
        except StoreError:
            raise
        except Exception as error:
            raise StoreError("The saved game could not be read from local storage.") from error

    def new_id(self) -> str:
        """A fresh id that no stored item uses."""
        try:
            storage = self._storage()
            taken = {storage.key(i) for i in range(int(storage.length))}
        except Exception:
            taken = set()
        stamp = int(time.time() * 1000)
        while PREFIX + f"g{stamp}" in taken:
            stamp += 1
        return f"g{stamp}"

    def open_id(self) -> str | None:
        """The id of the game that was on screen when the page was last left, if any."""
        try:
            value = self._storage().getItem(OPEN_KEY)
        except Exception:
            return None
        return value if isinstance(value, str) and value else None

    def set_open(self, entry_id: str | None) -> None:
        """Remember which game is on screen (``None``: none), ignoring storage failures."""
        try:
            storage = self._storage()
            if entry_id is None:
                storage.removeItem(OPEN_KEY)
            else:
                storage.setItem(OPEN_KEY, entry_id)
        except Exception:
            return
