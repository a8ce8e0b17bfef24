"""Clicks and hovers on the game screen, turned into actions by the game's view."""

from __future__ import annotations

from typing import Any

import dom
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
        self.follow(outcome)

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
        if session is None or self.replay is not None:
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
