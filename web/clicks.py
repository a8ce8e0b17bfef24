"""Clicks and hovers on the game screen, turned into actions by the game's view."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import dom
from pyscript import window
from views import ILLEGAL, Click

if TYPE_CHECKING:
    from focus import Focus
    from handover import HandOver
    from page import Shown
    from panels import Panels
    from replay import Replay


class Clicks:
    """Clicks to actions."""

    def __init__(
        self,
        shown: Shown,
        panels: Panels,
        focus: Focus,
        handover: HandOver,
        replay: Replay,
        play: Callable[[Any], None],
    ) -> None:
        self._shown = shown
        self._panels = panels
        self._focus = focus
        self._handover = handover
        self._replay = replay
        #: Plays a person's action (``App.play``).
        self._play = play
        #: The element whose preview shows (a move over it while it shows asks nothing again).
        self._hovered: Any = None

    def click_node(self, node: Any) -> None:
        """A click on an element of the game view: play, offer a choice, or explain why not."""
        # What the click shows (a reason, a choice) stays while the pointer rests on the node.
        self._hovered = node
        turn = self._panels.turn()
        if (
            self._shown.session is None
            or self._replay.active()
            or self._handover.hidden()
            or turn is None
        ):
            return
        outcome = self._shown.view.click(node, turn)
        if outcome is None:
            return
        self._focus.remember_spot(node)
        self.follow(outcome)

    def target_at(self, event: Any) -> Any:
        """The game target a click or hover ``event`` means (``None``: none): on the board what
        :data:`_PICK` picks under the pointer, elsewhere the target at or above the event's
        element. The one function that decides both what a click plays and what the hover
        preview shows."""
        node = dom.closest(event, self._shown.view.targets)
        target = event.target
        drawing = None if dom.is_null(target) else target.closest("#board svg")
        x, y = getattr(event, "clientX", None), getattr(event, "clientY", None)
        if dom.is_null(drawing) or x is None or y is None:
            return node
        picked = _PICK(float(x), float(y), dom.by_id("board"), self._shown.view.targets)
        return node if dom.is_null(picked) else picked

    def follow(self, outcome: Click) -> None:
        """Do what the view made of a click."""
        session = self._shown.session
        assert session is not None
        if outcome.play is not None:
            self._play(outcome.play)
        elif outcome.choose:
            self.offer(outcome.choose)
        elif outcome.ask is not None:
            try:
                session.game.preview(outcome.ask)
            except ILLEGAL as error:
                self._panels.show_reason(error.reason)
                return
            self._play(outcome.ask)
        elif outcome.refuse:
            self._panels.show_reason(outcome.refuse)
        else:
            self._panels.render()
            self._focus.keep()

    def offer(self, actions: Any) -> None:
        """Offer ``actions`` as choice buttons, beside the choices always on offer."""
        session = self._shown.session
        assert session is not None
        buttons = [self._panels.action_button(session.game, action) for action in actions]
        always = {str(a) for a in self._shown.view.choices(session.legal())}
        shown = list(dom.by_id("actions").querySelectorAll("button"))
        extra = [b for b in shown if (dom.attr(b, "data-action") or "") in always]
        # A choice still open for another place is replaced, and the prompt says so.
        asked = [dom.attr(b, "data-action") for b in shown if b not in extra]
        moved = bool(asked) and asked != [str(a) for a in actions]
        self._panels.forget_panel("actions")
        dom.fill(dom.by_id("actions"), [*buttons, *extra])
        dom.by_id("prompt").textContent = (
            "The choice moved to the place you clicked last: choose what to do there."
            if moved
            else "Choose what to do there:"
        )
        buttons[0].focus()

    def on_hover(self, event: Any) -> None:
        """Show what the hovered or focused target's legal action would cost and score."""
        session = self._shown.session
        turn = self._panels.turn()
        if session is None or self._replay.active() or self._focus.quiet() or turn is None:
            return
        view = self._shown.view
        node = dom.closest(event, "[data-action]")
        if node is None:
            node = self.target_at(event) if str(event.type) != "focusin" else dom.closest(
                event, view.targets
            )
        if node is None or (node == self._hovered and not dom.by_id("preview").hidden):
            return
        self._hovered = node
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
        self._panels.show_preview(lines)

    def on_leave(self, _event: Any) -> None:
        """The pointer left the board: no preview."""
        self._hovered = None
        self._panels.hide_preview()


#: The board target under the client point ``x, y`` (``null``: none), of the targets
#: (``selector``) whose hit areas lie there, by what is drawn. Marks (a site, a road: a
#: ``line.hit``) are "on" when the pointer is on their drawing (a site's marker, 4 px of a road's
#: line); of those the nearest, a site's marker before the roads that end at it. In this order:
#: that mark if it is legal; that mark when it cannot be played, over a legal neighbour whose
#: wider hit area reaches there, unless a legal area lies there too; the topmost legal area (a
#: region, a tile, a hut, a place to build), which marks drawn on it do not hide while they
#: cannot be played, nor the legal ones unless the pointer is on them; the legal mark nearest
#: to what it draws (a site's marker, a road's segment, not a line's end); the nearest of all.
#: One call into JavaScript per click or pointer move.
_PICK = window.Function.new(
    "x",
    "y",
    "board",
    "selector",
    """
    const found = [], painted = [];
    for (const hit of document.elementsFromPoint(x, y)) {
      if (hit === board) break;
      const target = hit.closest(selector);
      if (!target || !board.contains(target)) continue;
      if (!found.includes(target)) found.push(target);
      if (!hit.classList.contains("hit")) painted.push(target);
    }
    if (!found.length) return null;
    const score = (target, order) => {
      const line = target.querySelector(":scope > line.hit");
      const matrix = line && line.getScreenCTM();
      if (!matrix) return 1e6 + order;
      const end = (a, b) => new DOMPoint(Number(line.getAttribute(a)),
                                         Number(line.getAttribute(b))).matrixTransform(matrix);
      const p = end("x1", "y1"), q = end("x2", "y2");
      const dx = q.x - p.x, dy = q.y - p.y, length = dx * dx + dy * dy;
      if (length < 1) {  // a point (a site): on its marker (or 4 px of its centre) it comes
        // before the roads that end there; else the distance to its marker's edge
        const box = target.getBoundingClientRect();
        const d = Math.hypot(p.x - x, p.y - y);
        if (painted.includes(target) || d <= 4) return d - 1e3;
        return Math.max(0.5, d - Math.min(box.width, box.height) / 2);
      }
      const t = Math.max(0, Math.min(1, ((x - p.x) * dx + (y - p.y) * dy) / length));
      return Math.hypot(p.x + t * dx - x, p.y + t * dy - y) - 4;
    };
    const scored = found.map((target, i) => [score(target, i), target]);
    const best = (list) => list.reduce((a, b) => (b[0] < a[0] ? b : a));
    const legal = (list) => list.filter(([, t]) => t.getAttribute("data-legal") === "1");
    const marks = scored.filter(([d]) => d < 1e6), on = marks.filter(([d]) => d <= 0);
    const areas = legal(scored.filter(([d]) => d >= 1e6));
    const top = on.length ? best(on) : null;
    const pick = top && legal([top]).length ? top
      : top && legal(marks).length && !areas.length ? top
      : areas.length ? areas[0]
      : legal(marks).length ? best(legal(marks))
      : best(scored);
    return pick[1];
    """,
)
