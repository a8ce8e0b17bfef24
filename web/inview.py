"""Keeping in sight what the person to move may act on.

After each position is drawn for a person, a legal target that is off view (outside the board's
visible part, under a caption or a panel, below the fold of a scrolled panel or the phone's
sheet) is brought into view: the board pans to its targets (zooms if panning is not enough), the
page scrolls back to the board, the sheet opens and scrolls to the panel that holds a target.
It acts once per set of targets, so a person who pans away is not pulled back on every redraw,
except when nothing at all to act on is left in view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import dom
from pyscript import document, window
from views import Turn

if TYPE_CHECKING:
    from boardview import BoardView

BOARD_TARGETS = "#board [data-legal='1']"
#: Targets in the panels (a hand card, a die, a quadrant), not the choice buttons, nor one
#: chosen already (the next card to choose is what the person looks for).
PANEL_TARGETS = (
    "#screen-game [data-legal='1']:not(#board *):not(#actions *):not([aria-pressed='true'])"
)
CHOICES = "#actions button:not([disabled])"
#: Attributes that mark a target without naming it.
MARKS = frozenset(("data-last", "data-since", "data-fresh", "data-hover", "data-asking"))


def in_view(node: Any) -> bool:
    """Whether the centre of ``node`` is on screen, inside every box that clips it (the board,
    a scrolled panel, the sheet) and not under anything else drawn there (a caption, a legend,
    the sheet): what a click or tap at its centre reaches is the node, or the board it lies on."""
    rect = node.getBoundingClientRect()
    if rect.width <= 0 and rect.height <= 0:
        return False
    x, y = rect.left + rect.width / 2, rect.top + rect.height / 2
    if not (0 <= x < window.innerWidth and 0 <= y < window.innerHeight):
        return False
    hit = document.elementFromPoint(x, y)
    if dom.is_null(hit):
        return False
    board = dom.by_id("board")
    if board.contains(node):
        # On the board, its own drawing decides which target a click takes (clicks.py).
        return bool(board.contains(hit))
    return bool(node.contains(hit) or hit.contains(node))


class Sight:
    """Brings the person's targets into view once per set of targets."""

    def __init__(
        self, board: BoardView, busy: Callable[[], bool], unfold: Callable[[], None]
    ) -> None:
        self._board = board
        #: Whether something else holds the board now (the guide, the summary, the hand-over
        #: screen): nothing is brought into view then.
        self._busy = busy
        #: Opens the phone's sheet of choices.
        self._unfold = unfold
        #: The set of targets last looked at: (game, actions, targets' names).
        self._seen: tuple[int, int, str] | None = None
        #: The choice buttons then (their actions).
        self._choices: set[str | None] = set()
        #: The decision the phone's sheet was last brought to its top for: (game, actions).
        self._decision: tuple[int, int] | None = None

    def keep(self, turn: Turn | None) -> None:
        """Bring the legal targets of ``turn`` into view if none of a kind is (a person to move,
        no summary nor hand-over screen over the board; in the guided first game the guide
        brings its step's one target into view, clear of its own box: ``Guide.uncover``)."""
        if (
            turn is None
            or not turn.human
            or not turn.legal
            or turn.replay
            or self._busy()
            or dom.attr(document.body, "data-ready") != "1"
            or dom.by_id("board").getBoundingClientRect().width <= 0
        ):
            return  # nothing to bring into view, or the page not laid out yet (start-up)
        board = [n for n in document.querySelectorAll(BOARD_TARGETS) if n.getClientRects().length]
        panel = [n for n in document.querySelectorAll(PANEL_TARGETS) if n.getClientRects().length]
        every = board + panel
        ends = "|".join(_name(n) for n in (every[0], every[-1])) if every else ""
        chosen = len(document.querySelectorAll("#screen-game [aria-pressed='true']"))
        names = f"{len(board)}/{len(panel)}/{chosen}:{ends}"
        key = (id(turn.game), len(turn.game.actions), names)
        fresh = key != self._seen
        self._seen = key
        self.sheet_to_top(key[:2])
        if fresh and board and not any(in_view(n) for n in board):
            self.show_board_targets(board)
        if fresh and panel and not any(in_view(n) for n in panel):
            self.show_in_panel(panel[0])
        # A choice a click just offered (two cards chosen: "Lay them") is what comes next.
        choices = list(document.querySelectorAll(CHOICES))
        offered = [n for n in choices if dom.attr(n, "data-action") not in self._choices]
        self._choices = {dom.attr(n, "data-action") for n in choices}
        if fresh and offered and not any(in_view(n) for n in offered):
            self.show_in_panel(offered[0])
        # Never a screen with nothing to act on in view, whatever the person scrolled.
        if any(in_view(n) for n in board + panel + choices):
            return
        if board:
            self.show_board_targets(board)
        for node in (*panel[:1], *choices[:1]):
            if any(in_view(n) for n in board + panel + choices):
                break
            self.show_in_panel(node)

    def sheet_to_top(self, decision: tuple[int, int]) -> None:
        """A new decision on a phone starts with the sheet at its top: the prompt and the
        choices first (a person's scroll to a card of the last decision does not hide them
        under the sheet's handle)."""
        if decision == self._decision:
            return
        self._decision = decision
        sheet = dom.by_id("right-panel")
        if dom.query(sheet, ".sheet-toggle").getClientRects().length:
            sheet.scrollTop = 0

    def show_board_targets(self, nodes: list[Any]) -> None:
        """Scroll the page back to the board, then pan the board to the middle of ``nodes``;
        zoom to them if that is not enough."""
        container = dom.by_id("board")
        box = container.getBoundingClientRect()
        if box.top < 0 or box.bottom > window.innerHeight:
            window.scrollTo(0, 0)
            box = container.getBoundingClientRect()
        svg = self._board.svg()
        matrix = None if svg is None else svg.getScreenCTM()
        if matrix is not None and not dom.is_null(matrix) and matrix.a:
            rects = [n.getBoundingClientRect() for n in nodes]
            cx = (min(r.left for r in rects) + max(r.right for r in rects)) / 2
            cy = (min(r.top for r in rects) + max(r.bottom for r in rects)) / 2
            per_px = 1 / float(matrix.a)
            dx = cx - (box.left + box.width / 2)
            dy = cy - (box.top + box.height / 2)
            self._board.pan(dx * per_px, dy * per_px)
        if not any(in_view(n) for n in nodes):
            self._board.zoom_to_targets()

    def show_in_panel(self, node: Any) -> None:
        """Open the phone's sheet if it is folded and scroll ``node`` into view in its panel."""
        if dom.attr(document.body, "data-sheet") == "folded" and not dom.is_null(
            node.closest("#right-panel")
        ):
            self._unfold()
        node.scrollIntoView(dom.js_options(block="nearest", inline="nearest"))


def _name(node: Any) -> str:
    """A short name of a target for telling sets of targets apart (its data attributes)."""
    return ",".join(
        f"{a.name}={a.value}"
        for a in node.attributes
        if str(a.name).startswith("data-") and str(a.name) not in MARKS
    )
