"""Clicks on the game screen: a board element, a hand card or a Sun quadrant to an action."""

from __future__ import annotations

import dom

import inca_core

#: Which action kinds a click on each kind of board element may mean (first: the usual one).
TARGET_KINDS = {
    "data-connection": ("road", "xroad"),
    "data-site": ("city", "garrison", "temple", "upgrade"),
    "data-region": ("conquer", "terrace"),
}
BOARD_TARGETS = "[data-connection],[data-site],[data-region]"


class Clicks:
    """Clicks to actions (part of :class:`app.App`)."""

    def click_target(self, attr: str, target_id: str) -> None:
        """A click on a board element: play its legal action, offer a choice, or explain why not."""
        session = self.session
        if session is None or self.replay is not None or self.hidden_for_pass:
            return
        if session.is_bot_turn() or session.game.current_player is None:
            self.show_reason("it is not your turn.")
            return
        actions = self.legal_by_target.get(target_id, [])
        if len(actions) == 1:
            self.play(actions[0])
            return
        if len(actions) > 1:
            buttons = []
            for action in actions:
                preview = session.game.preview(action)
                buttons.append(self.action_button(action, preview["text"], preview))
            extra = [
                b
                for b in dom.by_id("actions").querySelectorAll("button")
                if (dom.attr(b, "data-action") or "").split()[0] in ("end", "pass", "pilgrim")
            ]
            self.panel_keys.pop("actions", None)
            dom.fill(dom.by_id("actions"), [*buttons, *extra])
            dom.by_id("prompt").textContent = "Choose what to do there:"
            buttons[0].focus()
            return
        self.explain(attr, target_id)

    def explain(self, attr: str, target_id: str) -> None:
        """Ask the engine why the usual action on this element is not legal, and show it."""
        session = self.session
        assert session is not None
        legal_kinds = {a.kind for a in session.legal()}
        kinds = TARGET_KINDS[attr]
        kind = next((k for k in kinds if k in legal_kinds), kinds[0])
        if attr == "data-region":
            region = (self.obs or {}).get("regions", {}).get(target_id, {})
            mover = session.game.current_player
            kind = "terrace" if region.get("owner") == mover and mover is not None else "conquer"
        if attr == "data-site":
            built = (self.obs or {}).get("sites", {}).get(target_id, {})
            site = inca_core.board_for(session.players).sites.get(target_id)
            if built.get("improvement"):
                kind = "temple"
            elif site is not None and site.kind in ("city", "garrison"):
                kind = site.kind
        try:
            session.game.preview(inca_core.Action(kind, target_id))
        except inca_core.IllegalAction as error:
            self.show_reason(error.reason)
            return
        self.play(inca_core.Action(kind, target_id))

    def click_card(self, card: str) -> None:
        if self.session is None or self.hidden_for_pass or self.replay is not None:
            return
        if "card:" + card not in self.legal_by_target:
            # The engine says why: the reason for placing this card on the first quadrant.
            quadrant = self.session.game.quadrants[0]
            try:
                self.session.game.preview(inca_core.Action("sun", card, quadrant))
            except inca_core.IllegalAction as error:
                self.show_reason(error.reason)
            return
        self.selected_card = None if self.selected_card == card else card
        self.render()

    def click_quadrant(self, quadrant: str) -> None:
        session = self.session
        if session is None or self.hidden_for_pass or self.replay is not None:
            return
        if session.game.phase != "sun" or session.is_bot_turn():
            self.show_reason("cards go on the Sun Event board only in your turn of the Sun phase.")
            return
        if self.selected_card is None:
            self.show_reason("choose a card from your hand first.")
            return
        self.play(inca_core.Action("sun", self.selected_card, quadrant))
