"""Inca Empire: rules engine, board data and SVG rendering for a digital edition."""

from inca_core.board import Board, Connection, Region, Site, WildernessRoad, board_for

__all__ = ["Board", "Connection", "Region", "Site", "WildernessRoad", "board_for"]
__version__ = "0.1.0"
