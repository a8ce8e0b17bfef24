"""Inca Empire: rules engine, board data and SVG rendering for a digital edition."""

from inca_core.actions import Action, InvalidAction
from inca_core.board import Board, Connection, Region, Site, WildernessRoad, board_for
from inca_core.bots import STRENGTHS, Bot, Search, make_bot
from inca_core.game import Game, IllegalAction, new_game
from inca_core.observe import determinize
from inca_core.save import SaveError, dumps, loads
from inca_core.svg import render_board_svg
from inca_core.validate import validate_board

__all__ = [
    "STRENGTHS",
    "Action",
    "Board",
    "Bot",
    "Connection",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "Region",
    "SaveError",
    "Search",
    "Site",
    "WildernessRoad",
    "board_for",
    "determinize",
    "dumps",
    "loads",
    "make_bot",
    "new_game",
    "render_board_svg",
    "validate_board",
]
__version__ = "0.1.0"
