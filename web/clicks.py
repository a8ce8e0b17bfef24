"""Clicks and hovers on the game screen, turned into actions by the game's view."""

from __future__ import annotations

import math
from typing import Any

import dom
from pyscript import document, window
from views import ILLEGAL, Click


class Clicks:
    """Clicks to actions (part of :class:`app.App`)."""

    def click_node(self, node: Any) -> None:
        """A click on an element of the game view: play, offer a choice, or explain why not."""
        session = self.session
        if session is None or self.replay is not None or self.hidden_for_pass:
            return
        outcome = self.game_view.click(node, self.turn())
        if outcome is None:
            return
        self.remember_spot(node)
        self.follow(outcome)

    def legal_at(self, event: Any, node: Any) -> Any:
        """The board target a click on ``node`` means: ``node`` if it is legal, else the nearest
        of the legal targets whose hit areas lie under the click (a tap between a legal road and
        a region, or on a road that cannot be played beside one that can, plays the legal road);
        ``node`` if there is none."""
        if dom.attr(node, "data-legal") == "1" or dom.is_null(node.closest("#board")):
            return node
        x, y = float(event.clientX), float(event.clientY)
        found = []
        for hit in document.elementsFromPoint(x, y):
            target = hit.closest(self.game_view.targets)
            if (
                not dom.is_null(target)
                and dom.attr(target, "data-legal") == "1"
                and not dom.is_null(target.closest("#board"))
                and not any(target == other for other in found)
            ):
                found.append(target)
        if not found:
            return node
        return min(found, key=lambda target: _distance(target, x, y))

    def follow(self, outcome: Click) -> None:
        """Do what the view made of a click."""
        session = self.session
        assert session is not None
        if outcome.play is not None:
            self.play(outcome.play)
        elif outcome.choose:
            self.offer(outcome.choose)
        elif outcome.ask is not None:
            try:
                session.game.preview(outcome.ask)
            except ILLEGAL as error:
                self.show_reason(error.reason)
                return
            self.play(outcome.ask)
        elif outcome.refuse:
            self.show_reason(outcome.refuse)
        else:
            self.render()
            self.keep_focus()

    def offer(self, actions: Any) -> None:
        """Offer ``actions`` as choice buttons, beside the choices always on offer."""
        session = self.session
        assert session is not None
        buttons = []
        for action in actions:
            preview = session.game.preview(action)
            buttons.append(self.action_button(action, preview["text"], preview))
        always = {str(a) for a in self.game_view.choices(session.legal())}
        extra = [
            b
            for b in dom.by_id("actions").querySelectorAll("button")
            if (dom.attr(b, "data-action") or "") in always
        ]
        self.panel_keys.pop("actions", None)
        dom.fill(dom.by_id("actions"), [*buttons, *extra])
        dom.by_id("prompt").textContent = "Choose what to do there:"
        buttons[0].focus()

    def on_hover(self, event: Any) -> None:
        """Show what the hovered or focused target's legal action would cost and score."""
        session = self.session
        if session is None or self.replay is not None or self.quiet_focus:
            return
        view = self.game_view
        node = dom.closest(event, "[data-action]," + view.targets)
        if node is None:
            return
        if node.hasAttribute("data-action"):
            actions = [view.spec.parse_action(str(dom.attr(node, "data-action")))]
        else:
            actions = view.hover(node, self.turn())
        lines = []
        for action in actions:
            try:
                preview = session.game.preview(action)
            except ILLEGAL:
                continue
            cost = view.cost_text(preview)
            lines.append(preview["text"] + (f": {cost}" if cost else ""))
        box = dom.by_id("preview")
        if not lines:
            if dom.attr(box, "data-kind") != "illegal":
                self.hide_preview()
            return
        box.dataset.kind = "preview"
        box.textContent = "; ".join(lines)
        box.hidden = False


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
        point = window.DOMPoint.new(float(dom.attr(line, px)), float(dom.attr(line, py)))
        point = point.matrixTransform(matrix)
        ends.append((float(point.x), float(point.y)))
    (ax, ay), (bx, by) = ends
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length))
    return math.hypot(ax + t * dx - x, ay + t * dy - y)
