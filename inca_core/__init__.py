"""Inca Empire: rules engine, board data and SVG rendering for a digital edition."""

from inca_core.actions import Action, InvalidAction
from inca_core.board import Board, Connection, Region, Site, WildernessRoad, board_for
from inca_core.game import Game, IllegalAction, new_game
from inca_core.observe import determinize
from inca_core.save import SaveError, dumps, loads

__all__ = [
    "Action",
    "Board",
    "Connection",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "Region",
    "SaveError",
    "Site",
    "WildernessRoad",
    "board_for",
    "determinize",
    "dumps",
    "loads",
    "new_game",
]
__version__ = "0.1.0"
