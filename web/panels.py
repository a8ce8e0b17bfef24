"""Drawing the game screen: status, board, panels, log, end screen; publishing the game.

What is drawn comes from the game's view (``views.GameView``); this module decides when.
"""

from __future__ import annotations

from typing import Any

import dom
import ui
from pyscript import document, window
from views import Turn


class Panels:
    """Drawing the game screen (part of :class:`app.App`)."""

    def turn(self) -> Turn:
        """The position on screen as the view sees it (from the last :meth:`render`)."""
        return self.last_turn

    def render(self, settle_later: bool = False) -> None:
        """Draw everything from the engine's observation and schedule a bot if one is to move.

        With ``settle_later`` only the board, the status line and the hand-over screen are drawn
        now; the panels and ``body[data-fingerprint]``/``body[data-actions]`` wait for
        :meth:`settle` (unless the game is over: the end screen comes at once)."""
        session = self.session
        if session is None:
            return
        started = window.performance.now()
        view = self.game_view
        game = self.shown_game()
        viewer = self.viewer()
        obs = game.observation(viewer)
        self.obs = obs
        current = game.current_player
        over = bool(game.is_over)
        human_to_move = self.replay is None and session.person_here(current)
        self.check_pass_screen(current, human_to_move)
        legal = tuple(game.legal_actions()) if human_to_move and not self.hidden_for_pass else ()
        hide_private = self.hidden_for_pass or (
            viewer is not None and session.seats[viewer] != "human"
        )
        turn = Turn(
            game=game,
            obs=obs,
            viewer=viewer,
            legal=legal,
            seats=session.seats,
            human=human_to_move,
            thinking=self.thinking,
            hide_private=hide_private,
            replay=self.replay is not None,
            last=self.moment_of(game),
        )
        self.last_turn = turn
        document.body.dataset.screen = "end" if over and self.replay is None else "game"
        dom.by_id("status").textContent = view.status(obs, session.seats, self.thinking)
        view.draw_board(turn)

        def panels() -> None:
            self.render_panels(turn)
            if over and self.replay is None:
                self.render_end(obs)
            undo = document.querySelector("[data-ui=undo]")
            steps = session.undo_steps() if human_to_move else 0
            undo.hidden = False
            undo.disabled = steps < 1
            refusal = getattr(view, "undo_refusal", None)
            why = "" if steps or not human_to_move or refusal is None else refusal(game)
            undo.title = why or ("Undo your last action" if steps else "Nothing to undo now")
            undo.setAttribute("aria-label", "Undo: " + why if why else undo.title)

        if settle_later and not over:
            self.unsettled = panels
        else:
            self.unsettled = None
            panels()
            self.publish()
        document.body.dataset.renderMs = f"{window.performance.now() - started:.0f}"
        self.offer_send()
        self.maybe_schedule_bot()

    def shown_game(self) -> Any:
        """The game on screen: the replay's position, else the session's game (or ``None``)."""
        if self.replay is not None:
            return self.replay["game"]
        return self.session.game if self.session is not None else None

    def publish(self) -> None:
        """Expose the game on screen: ``body[data-fingerprint]`` and ``body[data-actions]``.

        A game changes only by appending actions, so the same game object with as many actions
        as last time needs no new fingerprint."""
        game = self.shown_game()
        if game is None or (
            self.published is not None
            and self.published[0] is game
            and self.published[1] == len(game.actions)
        ):
            return
        self.published = (game, len(game.actions))
        document.body.dataset.fingerprint = game.fingerprint()
        document.body.dataset.actions = str(len(game.actions))
        self.clear_hint()
        self.keep_focus()

    def render_panels(self, turn: Turn) -> None:
        """The view's panels (each only when its key changed), the log, prompt and choices."""
        session = self.session
        assert session is not None
        view = self.game_view
        for element_id, panel in view.panels(turn).items():
            self.heading(f"{element_id}-title", panel.title)
            self.panel(element_id, panel.key, panel.build)
        self.render_log(turn.obs)
        current = turn.game.current_player
        dom.by_id("prompt").textContent = (
            view.prompt(turn)
            if turn.human
            else "Replay: use the controls below."
            if self.replay
            else "Waiting for " + (turn.game.names[current] if current is not None else "nobody")
        )
        choices = view.choices(turn.legal)

        def buttons() -> list[Any]:
            out = []
            for action in choices:
                preview = session.game.preview(action)
                out.append(self.action_button(action, preview["text"], preview))
            return out

        self.panel("actions", [str(a) for a in choices] + [len(session.game.actions)], buttons)
        dom.by_id("actions-title").textContent = (
            "Your move" if turn.human else "Replay" if self.replay else "Waiting"
        )

    def panel(self, element_id: str, key: Any, build: Any) -> None:
        """Redraw panel ``element_id`` with ``build()`` unless it was drawn from this ``key``."""
        text = repr(key)
        if self.panel_keys.get(element_id) == text:
            return
        self.panel_keys[element_id] = text
        dom.fill(dom.by_id(element_id), build())

    def render_log(self, obs: dict) -> None:
        """Append new log entries; redraw the whole log when it shrank (undo, replay)."""
        log = dom.by_id("log")
        entries = obs.get("log", [])
        shown = self.log_shown
        if shown is None or shown[0] != self.log_owner() or shown[1] > len(entries):
            # A redrawn log is not news: screen readers hear only entries added after it.
            log.setAttribute("aria-live", "off")
            dom.later(lambda: log.setAttribute("aria-live", "polite"), 0)
            dom.clear(log)
            shown = (self.log_owner(), 0)
        if shown[1] < len(entries):
            before = entries[shown[1] - 1] if shown[1] else None
            fragment = document.createDocumentFragment()
            for node in self.game_view.log_items(entries[shown[1] :], before):
                fragment.appendChild(node)
            log.appendChild(fragment)
        self.log_shown = (self.log_owner(), len(entries))

    def log_owner(self) -> int:
        """Identifies the game whose log is on screen (a new game, undo or replay redraws it)."""
        return id(self.shown_game())

    def action_button(self, action: Any, label: str, preview: dict) -> Any:
        cost = self.game_view.cost_text(preview)
        return dom.el(
            "button",
            label,
            attrs={
                "type": "button",
                "data-action": str(action),
                "data-legal": "1",
                "aria-label": label + (f" ({cost})" if cost else ""),
                "title": cost or None,
            },
        )

    def heading(self, element_id: str, text: str | None) -> None:
        """Set a heading the view may name (``None``: the page's own text, kept in
        ``data-default``)."""
        node = dom.by_id(element_id)
        if node is None:
            return
        default = dom.attr(node, "data-default")
        if default is None:
            default = str(node.textContent)
            node.setAttribute("data-default", default)
        wanted = text or default
        if str(node.textContent) != wanted:
            node.textContent = wanted

    def render_end(self, obs: dict) -> None:
        parts = self.game_view.end_screen(obs)
        for element_id in ("end-title", "breakdown-title", "chart-title"):
            self.heading(element_id, parts.pop(element_id, None))
        for element_id, content in parts.items():
            if isinstance(content, str):
                dom.by_id(element_id).textContent = content
            else:
                dom.fill(dom.by_id(element_id), content)

    def show_reason(self, reason: str) -> None:
        preview = dom.by_id("preview")
        preview.textContent = "Not allowed: " + reason
        preview.hidden = False
        preview.dataset.kind = "illegal"
        ui.notify("Not allowed: " + reason, error=True, sticky=False)

    def hide_preview(self) -> None:
        preview = dom.by_id("preview")
        preview.hidden = True
        preview.textContent = ""
