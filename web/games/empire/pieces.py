"""The played game over the board SVG, and the legal targets marked on the board.

The board is drawn once per side (``render_board_svg(board)``); after each action only the parts
of its ``pieces`` layer that changed are replaced with the engine's drawing of the play
(``pieces_parts``) and the legal targets get ``data-legal="1"``, so the view (pan and zoom), the
big board and the unchanged pieces stay put: the browser lays out and repaints only what changed.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import dom
from movedisplay import Marker
from pyscript import window
from views import Marks

from inca_core.empire.svg_play import pieces_parts

TARGET_ATTRS = ("data-connection", "data-site", "data-region")


class Pieces:
    """The pieces layer of one board SVG and the legal marks on its printed board.

    Each drawn part (one conquest, marker, road, improvement, the Sun Event board) is one element
    of the layer, replaced only when its markup changed; legal marks change only on the elements
    whose state changed (an index of the printed board's elements by id is made once per board),
    so a click costs no selector matching over the whole map.
    """

    def __init__(self) -> None:
        self.svg: Any = None
        self.layer: Any = None
        self.parts: dict[str, str] = {}
        self.nodes: dict[str, Any] = {}
        self.printed: dict[str, list[Any]] = {}
        self.marked: set[str] = set()
        #: The marks of moves on the board (``data-last``, ``data-since``, ``data-hover``).
        self.marker = Marker()
        #: The nodes marked ``data-asking="1"``: the element whose choice of actions is open.
        self.asking: list[Any] = []

    def attach(self, svg: Any) -> None:
        """Start on a freshly drawn board ``svg`` (made by ``render_board_svg(board)``, so its
        ``pieces`` layer is still empty)."""
        self.svg = svg
        self.layer = dom.query(svg, "g.pieces")
        self.parts = {}
        self.nodes = {}
        self.marked = set()
        self.marker = Marker()
        self.asking = []
        self.printed = {}
        for node in svg.querySelectorAll(",".join(f"[{attr}]" for attr in TARGET_ATTRS)):
            for attr in TARGET_ATTRS:
                value = node.getAttribute(attr)
                if value:
                    self.printed.setdefault(value, []).append(node)

    def draw(self, board: Any, obs: dict, highlights: Collection[str]) -> None:
        """Show the play in ``obs``; ``highlights`` marks legal Wilderness Roads and quadrants."""
        parts = pieces_parts(board, obs, highlights)
        old = self.parts
        new = dict(parts)
        if not old:
            self._draw_all(parts)
            return
        for key in old.keys() - new.keys():
            self.nodes.pop(key).remove()
        following = None  # the node drawn just above the current one
        for key, markup in reversed(parts):
            before = old.get(key)
            if before != markup:
                node = self._insert(markup, following)
                if before is not None:
                    self.nodes[key].remove()
                self.nodes[key] = node
            following = self.nodes[key]
        self.parts = new

    def _draw_all(self, parts: list[tuple[str, str]]) -> None:
        """Fill the empty layer with ``parts`` in one go (a new board or game)."""
        self.layer.innerHTML = "".join(markup for _, markup in parts)
        nodes = window.Array.from_(self.layer.children).to_py()
        self.nodes = {key: node for (key, _), node in zip(parts, nodes, strict=True)}
        self.parts = dict(parts)
        for target in self.layer.querySelectorAll("[data-legal='1']"):
            _make_button(target)

    def _insert(self, markup: str, following: Any) -> Any:
        """Add the element in ``markup`` below ``following`` (on top if ``None``)."""
        if following is None:
            self.layer.insertAdjacentHTML("beforeend", markup)
            node = self.layer.lastElementChild
        else:
            following.insertAdjacentHTML("beforebegin", markup)
            node = following.previousElementSibling
        if node.hasAttribute("data-legal"):
            _make_button(node)
        for target in node.querySelectorAll("[data-legal='1']"):
            _make_button(target)
        return node

    def mark_legal(self, targets: set[str]) -> None:
        """Mark the printed-board elements whose id is in ``targets`` legal (``data-legal="1"``,
        focusable as buttons) and unmark the others."""
        wanted = {t for t in targets if t in self.printed}
        printed = self.printed
        dom.set_attrs((n for t in self.marked - wanted for n in printed[t]), UNMARKED)
        dom.set_attrs((n for t in wanted - self.marked for n in printed[t]), MARKED)
        self.marked = wanted

    def mark_last(self, marks: Marks) -> None:
        """Mark the printed elements and the pieces of the elements of ``marks``
        (``connection:ID``, ``region:ID``, ``site:ID``, ``quadrant:qN``): ``data-last="1"``
        on the latest move's, ``data-since`` and ``data-hover`` (``movedisplay.Marker``)."""
        if self.svg is not None:
            self.marker.apply(self.svg, marks, self.nodes_of)

    def nodes_of(self, element: str) -> list[Any]:
        """The printed element and the pieces drawn for ``element``."""
        kind, _, target = element.partition(":")
        if kind == "quadrant":
            sun = self.nodes.get("sun")
            node = dom.query(sun, f'[data-quadrant="{target}"]') if sun is not None else None
            return [node] if node is not None else []
        nodes = list(self.printed.get(target, ()))
        for piece in PIECES_OF.get(kind, ()):
            node = self.nodes.get(f"{piece}:{target}")
            if node is not None:
                nodes.append(node)
        return nodes


    def mark_asking(self, target: str | None) -> None:
        """Mark the printed element ``target`` (a connection, site or region id) as the one a
        choice of actions is open for (``data-asking="1"``, drawn in a neutral tone with its own
        width and dashes); ``None``: no choice is open."""
        for node in self.asking:
            node.removeAttribute("data-asking")
        self.asking = list(self.printed.get(target, ())) if target is not None else []
        for node in self.asking:
            node.setAttribute("data-asking", "1")


#: The attributes of a legal target on the printed board (a focusable button), and of any other.
MARKED: dict[str, str | None] = {"data-legal": "1", "tabindex": "0", "role": "button"}
UNMARKED: dict[str, str | None] = dict.fromkeys(MARKED)

#: Element kind to the kinds of pieces drawn for it (``pieces_parts`` keys).
PIECES_OF = {"connection": ("road", "wild"), "region": ("conquest", "marker"),
             "site": ("site",)}


def _make_button(node: Any) -> None:
    node.setAttribute("tabindex", "0")
    node.setAttribute("role", "button")
