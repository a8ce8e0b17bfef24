"""Engines of a shelf of Andean board games: Inca Empire (``inca_core.empire``), Inca Empire:
The Card Game (``inca_core.cardgame``) and Wiraqocha (``inca_core.wiraqocha``), with the shared
machinery beside them (see ``docs/GAMES.md``).

``inca_core.games`` maps a game id to its spec. The Inca Empire names of the first edition
(``inca_core.new_game``, ``Game``, ``Action``, ``render_board_svg``, ...) stay here; they are
imported on first use, so importing one game never loads another.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from inca_core.protocol import ActionSyntaxError, IllegalAction, SaveError, SetupError
from inca_core.shelf import GAMES as games

if TYPE_CHECKING:
    from inca_core.empire.actions import Action, InvalidAction
    from inca_core.empire.board import (
        Board,
        Connection,
        Region,
        Site,
        WildernessRoad,
        board_for,
    )
    from inca_core.empire.bots import STRENGTHS, Bot, make_bot
    from inca_core.empire.game import Game, determinize, new_game
    from inca_core.empire.svg import render_board_svg
    from inca_core.empire.validate import validate_board
    from inca_core.save import dumps, loads
    from inca_core.search import Search

#: Public name to the module that holds it. They are imported by :func:`__getattr__` on first
#: use, not at the top: every game's modules import ``inca_core``, which must not load Inca
#: Empire's engine with them (tests/shared/test_shared_imports.py).
_LAZY = {
    "Action": "inca_core.empire.actions",
    "InvalidAction": "inca_core.empire.actions",
    "Board": "inca_core.empire.board",
    "Connection": "inca_core.empire.board",
    "Region": "inca_core.empire.board",
    "Site": "inca_core.empire.board",
    "WildernessRoad": "inca_core.empire.board",
    "board_for": "inca_core.empire.board",
    "STRENGTHS": "inca_core.empire.bots",
    "Bot": "inca_core.empire.bots",
    "Search": "inca_core.search",
    "make_bot": "inca_core.empire.bots",
    "Game": "inca_core.empire.game",
    "new_game": "inca_core.empire.game",
    "determinize": "inca_core.empire.game",
    "render_board_svg": "inca_core.empire.svg",
    "validate_board": "inca_core.empire.validate",
    "dumps": "inca_core.save",
    "loads": "inca_core.save",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'inca_core' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "STRENGTHS",
    "Action",
    "ActionSyntaxError",
    "Board",
    "Bot",
    "Connection",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "Region",
    "SaveError",
    "Search",
    "SetupError",
    "Site",
    "WildernessRoad",
    "board_for",
    "determinize",
    "dumps",
    "games",
    "loads",
    "make_bot",
    "new_game",
    "render_board_svg",
    "validate_board",
]
__version__ = "0.2.0"
