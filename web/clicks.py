"""Clicks and hovers on the game screen, turned into actions by the game's view."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import dom
from pyscript import window
from views import ILLEGAL, Click

if TYPE_CHECKING:
    from app import App


class Clicks:
    """Clicks to actions."""

    def __init__(self, app: App) -> None:
        self._app = app

    def click_node(self, node: Any) -> None:
        """A click on an element of the game view: play, offer a choice, or explain why not."""
        app = self._app
        turn = app.panels.turn()
        if app.session is None or app.replay.active() or app.handover.hidden() or turn is None:
            return
        outcome = app.view.click(node, turn)
        if outcome is None:
            return
        app.focus.remember_spot(node)
        self.follow(outcome)

    def legal_at(self, event: Any, node: Any) -> Any:
        """The board target a click on ``node`` means: the nearest of the legal targets whose
        hit areas lie under the click (a tap between a legal road and a region, on a road that
        cannot be played beside one that can, or where two roads' hit areas meet, plays the
        nearest legal road); ``node`` if there is none, or if it is not on the board."""
        board = node.closest("#board")
        if dom.is_null(board):
            return node
        x, y = float(event.clientX), float(event.clientY)
        found = dom.legal_under(x, y, board, self._app.view.targets)
        if len(found) < 2:
            return found[0] if found else node
        return min(found, key=lambda target: _distance(target, x, y))

    def follow(self, outcome: Click) -> None:
        """Do what the view made of a click."""
        app = self._app
        session = app.session
        assert session is not None
        if outcome.play is not None:
            app.play(outcome.play)
        elif outcome.choose:
            self.offer(outcome.choose)
        elif outcome.ask is not None:
            try:
                session.game.preview(outcome.ask)
            except ILLEGAL as error:
                app.panels.show_reason(error.reason)
                return
            app.play(outcome.ask)
        elif outcome.refuse:
            app.panels.show_reason(outcome.refuse)
        else:
            app.panels.render()
            app.focus.keep()

    def offer(self, actions: Any) -> None:
        """Offer ``actions`` as choice buttons, beside the choices always on offer."""
        app = self._app
        session = app.session
        assert session is not None
        buttons = [app.panels.action_button(session.game, action) for action in actions]
        always = {str(a) for a in app.view.choices(session.legal())}
        shown = list(dom.by_id("actions").querySelectorAll("button"))
        extra = [b for b in shown if (dom.attr(b, "data-action") or "") in always]
        # A choice still open for another place is replaced, and the prompt says so.
        asked = [dom.attr(b, "data-action") for b in shown if b not in extra]
        moved = bool(asked) and asked != [str(a) for a in actions]
        app.panels.forget_panel("actions")
        dom.fill(dom.by_id("actions"), [*buttons, *extra])
        dom.by_id("prompt").textContent = (
            "The choice moved to the place you clicked last: choose what to do there."
            if moved
            else "Choose what to do there:"
        )
        buttons[0].focus()

    def on_hover(self, event: Any) -> None:
        """Show what the hovered or focused target's legal action would cost and score."""
        app = self._app
        session = app.session
        turn = app.panels.turn()
        if session is None or app.replay.active() or app.focus.quiet() or turn is None:
            return
        view = app.view
        node = dom.closest(event, "[data-action]," + view.targets)
        if node is None:
            return
        if node.hasAttribute("data-action"):
            actions = [view.spec.parse_action(str(dom.attr(node, "data-action")))]
        else:
            actions = view.hover(node, turn)
        lines = []
        for action in actions:
            try:
                preview = session.game.preview(action)
            except ILLEGAL:
                continue
            cost = view.cost_text(preview)
            lines.append(preview["text"] + (f": {cost}" if cost else ""))
        app.panels.show_preview(lines)


def _distance(target: Any, x: float, y: float) -> float:
    """How far the point (client px) is from what ``target`` draws: the segment of its hit line
    (a road, or a site's dot), else its box's centre (a region: after any road or site)."""
    line = target.querySelector("line.hit")
    if dom.is_null(line):
        rect = target.getBoundingClientRect()
        return 1e6 + math.hypot(rect.x + rect.width / 2 - x, rect.y + rect.height / 2 - y)
    matrix = line.getScreenCTM()
    ends = []
    for px, py in (("x1", "y1"), ("x2", "y2")):
        point = window.DOMPoint.new(float(line.getAttribute(px)), float(line.getAttribute(py)))
        point = point.matrixTransform(matrix)
        ends.append((float(point.x), float(point.y)))
    (ax, ay), (bx, by) = ends
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length))
    return math.hypot(ax + t * dx - x, ay + t * dy - y)
