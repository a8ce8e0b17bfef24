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


class Pieces:
    """The pieces layer of one board SVG and the legal marks on its printed board.

    The pieces layer is redrawn only when the engine's drawing changed; legal marks change only
    on the elements whose state changed (an index of the printed board's elements by id is made
    once per board), so a click costs no selector matching over the whole map.
    """

    def __init__(self) -> None:
        self.svg: Any = None
        self.markup: str | None = None
        self.printed: dict[str, list[Any]] = {}
        self.marked: set[str] = set()

    def attach(self, svg: Any) -> None:
        """Start on a freshly drawn board ``svg`` (made by ``render_board_svg(board)``, so its
        ``pieces`` layer is still empty)."""
        self.svg = svg
        self.markup = None
        self.marked = set()
        self.printed = {}
        for node in svg.querySelectorAll(",".join(f"[{attr}]" for attr in TARGET_ATTRS)):
            for attr in TARGET_ATTRS:
                value = node.getAttribute(attr)
                if value:
                    self.printed.setdefault(value, []).append(node)

    def draw(self, board: Any, obs: dict, highlights: Collection[str]) -> None:
        """Show the play in ``obs``; ``highlights`` marks legal Wilderness Roads and quadrants."""
        markup = render_pieces_svg(board, obs, highlights)
        if markup == self.markup:
            return
        layer = dom.query(self.svg, "g.pieces")
        layer.innerHTML = markup
        self.markup = markup
        for node in list(layer.querySelectorAll("[data-legal='1']")):
            _make_button(node)

    def mark_legal(self, targets: set[str]) -> None:
        """Mark the printed-board elements whose id is in ``targets`` legal (``data-legal="1"``,
        focusable as buttons) and unmark the others."""
        wanted = {t for t in targets if t in self.printed}
        for target in self.marked - wanted:
            for node in self.printed[target]:
                for name in ("data-legal", "tabindex", "role"):
                    node.removeAttribute(name)
        for target in wanted - self.marked:
            for node in self.printed[target]:
                node.setAttribute("data-legal", "1")
                _make_button(node)
        self.marked = wanted


def _make_button(node: Any) -> None:
    node.setAttribute("tabindex", "0")
    node.setAttribute("role", "button")
