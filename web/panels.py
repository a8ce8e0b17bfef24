"""Drawing the game screen: status, board, panels, log, end screen; publishing the game."""

from __future__ import annotations

from typing import Any

import dom
import gameview
import texts
import ui
from clicks import BOARD_TARGETS, TARGET_KINDS
from pyscript import document, window

import inca_core
from inca_core.svg_play import public_observation


class Panels:
    """Drawing the game screen (part of :class:`app.App`)."""

    def render(self, settle_later: bool = False) -> None:
        """Draw everything from the engine's observation and schedule a bot if one is to move.

        With ``settle_later`` only the board, the status line and the hand-over screen are drawn
        now; the panels and ``body[data-fingerprint]``/``body[data-actions]`` wait for
        :meth:`settle` (unless the game is over: the end screen comes at once)."""
        session = self.session
        if session is None:
            return
        started = window.performance.now()
        game = session.game
        if self.replay is not None:
            game = self.replay["game"]
        viewer = self.viewer()
        obs = public_observation(game) if viewer is None else game.observation(viewer)
        self.obs = obs
        current = obs["current_player"]
        human_to_move = (
            self.replay is None and current is not None and session.seats[current] == "human"
        )
        self.check_pass_screen(current, human_to_move)
        legal = tuple(game.legal_actions()) if human_to_move and not self.hidden_for_pass else ()
        self.index_legal(legal)
        document.body.dataset.screen = "end" if obs["over"] and self.replay is None else "game"
        dom.by_id("status").textContent = gameview.status_text(obs, session.seats, self.thinking)
        legal_cards = {a.target for a in legal if a.kind == "sun"}
        if self.selected_card not in legal_cards:
            self.selected_card = None
        if self.selected_card is None and len(legal_cards) == 1:
            self.selected_card = next(iter(legal_cards))
        quadrants = {a.extra for a in legal if a.kind == "sun" and a.target == self.selected_card}
        self.render_board(obs, legal, quadrants)

        def panels() -> None:
            self.render_panels(obs, viewer, legal, human_to_move, legal_cards, quadrants)
            if obs["over"] and self.replay is None:
                self.render_end(obs)
            undo = document.querySelector("[data-ui=undo]")
            steps = session.undo_steps() if human_to_move else 0
            undo.hidden = False
            undo.disabled = steps < 1
            undo.setAttribute(
                "aria-label", "Undo your last action" if steps else "Nothing to undo now"
            )

        if settle_later and not obs["over"]:
            self.unsettled = panels
        else:
            self.unsettled = None
            panels()
            self.publish()
        document.body.dataset.renderMs = f"{window.performance.now() - started:.0f}"
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

    def index_legal(self, legal: tuple[Any, ...]) -> None:
        by_target: dict[str, list[Any]] = {}
        for action in legal:
            if action.kind == "sun":
                by_target.setdefault("card:" + action.target, []).append(action)
                by_target.setdefault("quadrant:" + action.extra, []).append(action)
            elif action.target and action.kind != "pilgrim":
                by_target.setdefault(action.target, []).append(action)
        self.legal_by_target = by_target

    def render_board(self, obs: dict, legal: tuple[Any, ...], quadrants: set[str]) -> None:
        if self.pieces.svg is None:
            return
        board = inca_core.board_for(obs["players"])
        targets = {a.target for a in legal if a.kind not in ("sun", "pilgrim") and a.target}
        self.pieces.draw(board, obs, targets | quadrants)
        self.pieces.mark_legal(targets)

    def render_panels(
        self,
        obs: dict,
        viewer: int | None,
        legal: tuple[Any, ...],
        human: bool,
        legal_cards: set[str],
        quadrants: set[str],
    ) -> None:
        session = self.session
        assert session is not None
        seats = session.seats
        players_key = [
            obs["names"],
            obs["scores"],
            obs["labor"],
            obs["hand_sizes"],
            obs["turn_order"],
            obs["current_player"],
            self.thinking,
            seats,
            [(r.get("owner"), r.get("terrace")) for r in obs["regions"].values()],
        ]
        self.panel(
            "players", players_key, lambda: gameview.players_panel(obs, seats, self.thinking)
        )
        self.panel(
            "era",
            [obs["round_index"], obs["phase_index"], obs["over"], obs["invasion"]],
            lambda: gameview.era_panel(obs),
        )
        self.panel(
            "forecast",
            [obs["income_forecast"], obs["current_player"], obs["turn_order"]],
            lambda: gameview.forecast_panel(obs),
        )
        self.panel(
            "sun",
            [
                obs["quadrants"],
                sorted(quadrants),
                obs["effects"],
                obs["current_player"],
                obs["deck_size"],
                len(obs["discard"]),
            ],
            lambda: gameview.sun_panel(obs, quadrants),
        )
        hidden = self.hidden_for_pass or (viewer is not None and seats[viewer] != "human")
        hand_viewer = None if hidden else viewer
        hand = obs["hands"][hand_viewer] if hand_viewer is not None else None
        self.panel(
            "hand",
            [hand_viewer, hand, sorted(legal_cards), self.selected_card],
            lambda: gameview.hand_panel(obs, hand_viewer, legal_cards, self.selected_card),
        )
        self.render_log(obs)
        dom.by_id("prompt").textContent = (
            gameview.prompt_text(obs)
            if human
            else "Replay: use the controls below."
            if self.replay
            else "Waiting for "
            + (
                obs["names"][obs["current_player"]]
                if obs["current_player"] is not None
                else "nobody"
            )
        )
        choices = [a for a in legal if a.kind in ("end", "pass", "pilgrim")]

        def buttons() -> list[Any]:
            out = []
            for action in choices:
                preview = session.game.preview(action)
                out.append(self.action_button(action, preview["text"], preview))
            return out

        self.panel("actions", [str(a) for a in choices] + [len(session.game.actions)], buttons)
        dom.by_id("actions-title").textContent = (
            "Your move" if human else "Replay" if self.replay else "Waiting"
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
        entries = obs["log"]
        shown = self.log_shown
        if shown is None or shown[0] != self.log_owner() or shown[1] > len(entries):
            dom.clear(log)
            shown = (self.log_owner(), 0)
        if shown[1] < len(entries):
            last_round = entries[shown[1] - 1]["round"] if shown[1] else None
            fragment = document.createDocumentFragment()
            for node in gameview.log_items(entries[shown[1] :], last_round):
                fragment.appendChild(node)
            log.appendChild(fragment)
        self.log_shown = (self.log_owner(), len(entries))

    def log_owner(self) -> int:
        """Identifies the game whose log is on screen (a new game, undo or replay redraws it)."""
        return id(self.shown_game())

    def action_button(self, action: Any, label: str, preview: dict) -> Any:
        cost = _cost_text(preview)
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

    def render_end(self, obs: dict) -> None:
        items, note = gameview.ranking_panel(obs)
        dom.fill(dom.by_id("ranking"), items)
        dom.by_id("tie-break").textContent = note + " " + texts.TIE_BREAK
        dom.fill(dom.by_id("breakdown"), [gameview.breakdown_table(obs)])
        dom.fill(dom.by_id("chart"), [gameview.vp_chart(obs)])

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

    def on_hover(self, event: Any) -> None:
        """Show what the hovered or focused target's legal action would cost and score."""
        session = self.session
        if session is None or self.replay is not None:
            return
        node = dom.closest(event, "[data-action],[data-quadrant]," + BOARD_TARGETS)
        if node is None:
            return
        actions: list[Any] = []
        if node.hasAttribute("data-action"):
            actions = [inca_core.Action.parse(str(dom.attr(node, "data-action")))]
        elif node.hasAttribute("data-quadrant") and self.selected_card:
            actions = [
                a
                for a in self.legal_by_target.get(
                    "quadrant:" + str(dom.attr(node, "data-quadrant")), []
                )
                if a.target == self.selected_card
            ]
        else:
            for attr in TARGET_KINDS:
                if node.hasAttribute(attr):
                    actions = self.legal_by_target.get(str(dom.attr(node, attr)), [])
        lines = []
        for action in actions:
            try:
                preview = session.game.preview(action)
            except inca_core.IllegalAction:
                continue
            cost = _cost_text(preview)
            lines.append(preview["text"] + (f": {cost}" if cost else ""))
        box = dom.by_id("preview")
        if not lines:
            if dom.attr(box, "data-kind") != "illegal":
                self.hide_preview()
            return
        box.dataset.kind = "preview"
        box.textContent = "; ".join(lines)
        box.hidden = False


def _cost_text(preview: dict) -> str:
    parts = []
    if preview.get("labor"):
        parts.append(f"costs {preview['labor']} labor")
    if preview.get("vp"):
        parts.append(f"scores {preview['vp']} VP")
    return ", ".join(parts)
