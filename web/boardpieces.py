"""The played game over the board SVG, and the legal targets marked on the board.

The board is drawn once per side (``render_board_svg(board)``); after each action only its
``pieces`` layer is replaced with the engine's drawing of the play (``render_pieces_svg``) and the
legal targets get ``data-legal="1"``, so the view (pan and zoom) and the big board stay put.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import dom

from inca_core.svg_play import render_pieces_svg

TARGET_ATTRS = ("data-connection", "data-site", "data-region")
#: Board elements outside the pieces layer (the printed board), the ones ``mark_legal`` touches.
OUTSIDE_PIECES = ":not(g.pieces *)"


class Pieces:
    """The pieces layer of one board SVG; redrawn only when the engine's drawing changed."""

    def __init__(self) -> None:
        self.svg: Any = None
        self.markup: str | None = None

    def draw(self, svg: Any, board: Any, obs: dict, highlights: Collection[str]) -> None:
        """Show the play in ``obs``; ``highlights`` marks legal Wilderness Roads and quadrants."""
        if svg is not self.svg:
            self.svg = svg
            self.markup = None
        markup = render_pieces_svg(board, obs, highlights)
        if markup == self.markup:
            return
        layer = dom.query(svg, "g.pieces")
        if layer is None:
            layer = dom.svg_el("g", {"class": "pieces"})
            svg.appendChild(layer)
        layer.innerHTML = markup
        self.markup = markup


def mark_legal(svg: Any, targets: set[str]) -> None:
    """Mark printed-board elements whose id is in ``targets`` legal, and make every legal element
    on the board (pieces layer included) focusable as a button."""
    for node in list(svg.querySelectorAll(f"{OUTSIDE_PIECES}[data-legal]")):
        for name in ("data-legal", "tabindex", "role"):
            node.removeAttribute(name)
    if targets:
        selector = ",".join(
            f'{OUTSIDE_PIECES}[{attr}="{_css(t)}"]'
            for t in sorted(targets)
            for attr in TARGET_ATTRS
        )
        for node in list(svg.querySelectorAll(selector)):
            node.setAttribute("data-legal", "1")
    for node in list(svg.querySelectorAll("[data-legal='1']:not([tabindex])")):
        node.setAttribute("tabindex", "0")
        node.setAttribute("role", "button")


def _css(value: str) -> str:
    """``value`` made safe inside a double-quoted CSS attribute selector."""
    return value.replace("\\", "\\\\").replace('"', '\\"')
