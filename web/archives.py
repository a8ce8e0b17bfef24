"""Each game's code as its own download.

``build.py`` packs the shared engine and page shell into ``game.zip`` (on the import path from the
start) and each game with a page into ``games/<id>.zip``: its engine package
``inca_core/<id>/`` and its page package ``web/games/<id>/``. The page downloads the archives of
the games it opens first before it starts (:func:`fetch`), and the others in the background
once it is running; both go through the service worker, so they work offline. :func:`install`
puts a finder in front of Python's import system that, on the first import of a game's module,
adds that game's archive to the import path, downloading it on the spot (a blocking request,
which needs the network) if the background download has not brought it yet.
"""

from __future__ import annotations

import asyncio
import importlib.abc
import os
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

import games

import inca_core
from inca_core.shelf import INFOS

#: Packages with one subpackage per game, each shipped in that game's archive.
PER_GAME = {"inca_core": inca_core, "games": games}

#: Folder of the per-game archives, beside ``game.zip`` (in the site and in Python's files).
FOLDER = "games"

#: XMLHttpRequest's "x-user-defined" text holds byte b >= 0x80 as the character U+F700 + b.
_BYTES = {0xF700 + b: b for b in range(0x80, 0x100)}


def _game_of(fullname: str) -> str | None:
    """The game whose archive holds module ``fullname`` (``None``: the shared archive)."""
    head, _, rest = fullname.partition(".")
    game = rest.partition(".")[0] if head in PER_GAME else ""
    return game if game in INFOS else None


def _path(game: str) -> str:
    """Where the archive of ``game`` lies in Python's files."""
    return os.path.abspath(os.path.join(FOLDER, f"{game}.zip"))


def _write(game: str, data: bytes) -> None:
    path = _path(game)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(data)


async def fetch(games: Iterable[str]) -> None:
    """Download the archives of ``games`` that are not in Python's files yet, all at once."""
    from pyodide.http import pyfetch

    async def one(game: str) -> None:
        if os.path.exists(_path(game)):
            return
        response = await pyfetch(f"./{FOLDER}/{game}.zip")
        if not response.ok:
            raise ImportError(f"could not load the code of {game} (HTTP {response.status})")
        _write(game, await response.bytes())

    await asyncio.gather(*(one(game) for game in dict.fromkeys(games)))


#: Downloads running in the background (kept so they are not collected before they finish).
_RUNNING: set[asyncio.Future] = set()


def fetch_later(games: Iterable[str]) -> None:
    """Start :func:`fetch` of ``games`` in the background."""
    task = asyncio.ensure_future(fetch(games))
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)


def _download(url: str) -> bytes:
    """The bytes at ``url`` of this site (a blocking request: the import needs them now)."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise ImportError(f"could not load {url} (HTTP {request.status})")
    return str(request.responseText).translate(_BYTES).encode("latin-1")


class GameArchives(importlib.abc.MetaPathFinder):
    """Finds no module itself: makes a game's archive importable before its first module is
    looked up."""

    def __init__(self, download: Any = _download) -> None:
        self.download = download
        #: Games whose archive is on the import path.
        self.loaded: set[str] = set()

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> None:
        game = _game_of(fullname)
        if game is not None and game not in self.loaded:
            self.add(game)
        return None

    def add(self, game: str) -> None:
        """Fetch ``games/<game>.zip`` and put it on the import path (``inca_core.<game>``
        and ``games.<game>``, the game's page)."""
        archive = _path(game)
        if not os.path.exists(archive):
            _write(game, self.download(f"./{FOLDER}/{game}.zip"))
        for name, package in PER_GAME.items():
            package.__path__.append(os.path.join(archive, name))
        self.loaded.add(game)


def install() -> GameArchives:
    """Put the finder of game archives first among Python's import finders."""
    finder = GameArchives()
    sys.meta_path.insert(0, finder)
    return finder
