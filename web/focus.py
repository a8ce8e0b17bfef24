"""Keyboard focus: where it lands after an action, and dialogs that keep Tab inside them and give
focus back to where it came from when they close."""

from __future__ import annotations

from typing import Any

import dom
from pyscript import document

#: What Tab can reach.
FOCUSABLE = (
    "button:not([disabled]), a[href], input:not([type=hidden]):not([hidden]), select, "
    "textarea, [tabindex]:not([tabindex='-1'])"
)
#: Where focus lands after an action when it was lost, best first: a legal target in the view's
#: panels (the first in page order: for Inca Empire a quadrant for the chosen card, then a
#: playable card), the board's legal target nearest the last one, then the choices.
PANEL_TARGETS = "#screen-game [data-legal='1']:not(#board *):not(#actions *)"
BOARD_TARGETS = "#board [data-legal='1']"
CHOICES = "#actions button"

#: Element focused when each layer (dialog, panel) opened, by layer id.
_openers: dict[str, Any] = {}


def opened(layer_id: str) -> None:
    """Remember what had focus as layer ``layer_id`` opens (see :func:`closed`)."""
    _openers[layer_id] = document.activeElement


def closed(layer_id: str) -> bool:
    """Give focus back to what had it when layer ``layer_id`` opened; False if that is gone."""
    node = _openers.pop(layer_id, None)
    if dom.is_null(node) or not node.isConnected or node == document.body:
        return False
    node.focus()
    return bool(document.activeElement == node)


def open_dialog() -> Any:
    """The open dialog, if any: the hand-over screen when shown, else a native dialog opened as
    modal; found by id and tag (matching ``dialog[open]`` reads every element of the page)."""
    screen = dom.by_id("pass-screen")
    if screen is not None and not screen.hidden:
        return screen
    for dialog in document.getElementsByTagName("dialog"):
        if dialog.open:
            return dialog
    return None


def focusables(root: Any) -> list[Any]:
    """The elements under ``root`` that Tab reaches, in order (those shown on screen)."""
    return [n for n in root.querySelectorAll(FOCUSABLE) if n.getClientRects().length]


def trap_tab(event: Any) -> None:
    """Keep Tab and Shift+Tab inside the open dialog, going round at either end."""
    if str(event.key) != "Tab":
        return
    dialog = open_dialog()
    if dialog is None:
        return
    nodes = focusables(dialog)
    if not nodes:
        event.preventDefault()
        return
    active = document.activeElement
    inside = [i for i, n in enumerate(nodes) if n == active]
    step = -1 if event.shiftKey else 1
    index = (inside[0] + step) % len(nodes) if inside else (0 if step == 1 else -1)
    event.preventDefault()
    nodes[index].focus()


class Focus:
    """Focus after actions and around dialogs."""

    def __init__(self) -> None:
        #: Set while the page moves focus itself (no hover preview for it).
        self._quiet = False
        #: The centre (client px) of the board target last acted on, to land next to it.
        self._from: tuple[float, float] | None = None
        #: Where focus was put for lack of anything to act on (the board during a bot's turn):
        #: it moves on as soon as there is.
        self._parked: Any = None

    def quiet(self) -> bool:
        """Whether the page is moving focus itself now (no hover preview for it)."""
        return self._quiet

    def bind(self) -> None:
        dom.on(document, "keydown", trap_tab)
        for dialog in document.querySelectorAll("dialog[id]"):
            dom.on(dialog, "close", self.on_dialog_closed)

    def on_dialog_closed(self, event: Any) -> None:
        """Focus back where it was when the dialog opened, else where it is useful now."""
        if not closed(str(event.target.id)):
            self.keep()

    def remember_spot(self, node: Any) -> None:
        """Note where on the board ``node`` (acted on now) is, so focus lands near it."""
        if dom.is_null(node.closest("#board")):
            self._from = None
            return
        rect = node.getBoundingClientRect()
        self._from = (rect.x + rect.width / 2, rect.y + rect.height / 2)

    def keep(self) -> None:
        """If focus was lost (on ``body``, or on an element that left the page or stopped being
        focusable), put it on the next useful thing: the open dialog, else the next choice or
        legal target, else the board."""
        active = document.activeElement
        dialog = open_dialog()
        if dialog is not None:
            if dom.is_null(active) or not dialog.contains(active):
                nodes = focusables(dialog)
                if nodes:
                    self.land(nodes[0])
            return
        if not (
            dom.is_null(active)
            or active == document.body
            or (self._parked is not None and active == self._parked)
            or not active.isConnected
            or not active.matches(FOCUSABLE)
            or not active.getClientRects().length
        ):
            return
        target = self.next_target()
        if self._parked is not None and target == self._parked:
            return
        self.land(target)
        self._parked = target if target.matches("#board, #app") else None

    def next_target(self) -> Any:
        """The best place for focus after an action (see :data:`PANEL_TARGETS`); off the game
        screen, the first control of the screen."""
        if str(document.body.dataset.screen) != "game":
            nodes = focusables(dom.by_id("app"))
            return nodes[0] if nodes else dom.by_id("app")
        for node in document.querySelectorAll(PANEL_TARGETS):
            if node.getClientRects().length:
                return node
        board = list(document.querySelectorAll(BOARD_TARGETS))
        if board:
            spot = self._from
            if spot is None:
                return board[0]

            def distance(node: Any) -> float:
                rect = node.getBoundingClientRect()
                dx = rect.x + rect.width / 2 - spot[0]
                dy = rect.y + rect.height / 2 - spot[1]
                return dx * dx + dy * dy

            return min(board, key=distance)
        choice = dom.query(document, CHOICES)
        return choice if choice is not None else dom.by_id("board")

    def land(self, node: Any) -> None:
        """Focus ``node`` without scrolling and without the hover preview."""
        self._quiet = True
        try:
            node.focus(dom.js_options(preventScroll=True))
        finally:
            self._quiet = False
