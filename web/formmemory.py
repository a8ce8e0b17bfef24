"""What the start form remembers between visits: the players' names and the last setup.

One local-storage key, ``inca-empire:form``, holds JSON: the game started last, the names typed
last and, for each game, its last player count, seat kinds (a person or a bot's strength) and
options. The form fills itself from it and writes it when a game is started from the form.
Storage is optional: when it is disabled, full or holds something else (broken, hostile or too
big), the form shows its defaults and nothing is said. The storage object is passed in, so this
module has no browser imports.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from safejson import too_deep

KEY = "inca-empire:form"
KIND = "inca-empire-form"
VERSION = 1
#: Longest stored text read (a real one is a few hundred characters).
MAX_TEXT = 10_000
#: Most names and seats kept (more than any game seats).
MAX_SEATS = 8
#: Longest name kept (the form's own limit).
MAX_NAME = 40


@dataclass(frozen=True)
class Setup:
    """One game's last setup: the player count, each seat's kind and the options ticked."""

    players: int
    seats: tuple[str, ...]
    variants: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {"players": self.players, "seats": list(self.seats), "variants": list(self.variants)}


@dataclass(frozen=True)
class Memory:
    """What the form remembers (empty: nothing, the form's defaults)."""

    #: The game started last (``None``: none remembered).
    game: str | None = None
    #: The names typed last, seat by seat.
    names: tuple[str, ...] = ()
    #: Each game's last setup, by game id.
    setups: dict[str, Setup] = field(default_factory=dict)

    def remember(
        self,
        game: str,
        players: int,
        names: tuple[str, ...],
        seats: tuple[str, ...],
        variants: Collection[str],
    ) -> Memory:
        """This memory with a game just started from the form."""
        setup = Setup(players, tuple(seats[:MAX_SEATS]), tuple(sorted(variants)))
        return Memory(game, tuple(n[:MAX_NAME] for n in names[:MAX_SEATS]),
                      {**self.setups, game: setup})

    def to_json(self) -> str:
        return json.dumps(
            {
                "kind": KIND,
                "version": VERSION,
                "game": self.game,
                "names": list(self.names),
                "setups": {gid: setup.to_data() for gid, setup in self.setups.items()},
            }
        )


def _strings(value: Any, allowed: Collection[str] | None = None) -> tuple[str, ...] | None:
    """``value`` as a tuple of strings (each in ``allowed`` if given), or ``None``."""
    if not isinstance(value, list) or len(value) > MAX_SEATS:
        return None
    if not all(isinstance(v, str) and (allowed is None or v in allowed) for v in value):
        return None
    return tuple(value)


def _setup(value: Any, seat_types: Collection[str]) -> Setup | None:
    """One game's setup read from stored data, or ``None`` if any part of it is wrong."""
    if not isinstance(value, dict):
        return None
    players = value.get("players")
    seats = _strings(value.get("seats"), seat_types)
    variants = _strings(value.get("variants", []))
    if type(players) is not int or not 1 <= players <= MAX_SEATS or seats is None:
        return None
    if variants is None or any(len(v) > MAX_NAME for v in variants):
        return None
    return Setup(players, seats, variants)


def parse(text: Any, games: Collection[str], seat_types: Collection[str]) -> Memory:
    """The memory stored as ``text``; the parts that are not what this page writes (unknown
    games, seat kinds or fields of the wrong kind) are left out, and anything unreadable gives
    the empty memory. Never raises."""
    if not isinstance(text, str) or len(text) > MAX_TEXT or too_deep(text, 4):
        return Memory()
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return Memory()
    if not isinstance(data, dict) or data.get("kind") != KIND or data.get("version") != VERSION:
        return Memory()
    game = data.get("game")
    names = _strings(data.get("names"))
    stored = data.get("setups")
    setups: dict[str, Setup] = {}
    if isinstance(stored, dict):
        for gid, value in stored.items():
            setup = _setup(value, seat_types) if gid in games else None
            if setup is not None:
                setups[gid] = setup
    return Memory(
        game if isinstance(game, str) and game in games else None,
        tuple(n[:MAX_NAME] for n in names) if names is not None else (),
        setups,
    )


def load(storage: Callable[[], Any], games: Collection[str], seat_types: Collection[str]) -> Memory:
    """The memory in ``storage()`` (a Web Storage object); empty if storage is unusable."""
    try:
        text = storage().getItem(KEY)
    except Exception:  # storage disabled or missing: nothing remembered
        return Memory()
    return parse(text, games, seat_types)


def save(storage: Callable[[], Any], memory: Memory) -> bool:
    """Write ``memory`` to ``storage()``; whether it was written (full or disabled storage:
    not, and nothing else happens)."""
    try:
        storage().setItem(KEY, memory.to_json())
    except Exception:  # storage full or disabled: the form simply forgets
        return False
    return True
