"""Undo of the player's own actions, and the replay of a game action by action (stepping or
playing by itself at the page's pace)."""

from __future__ import annotations

import dom
import ui
from pyscript import document

#: Seconds between two actions of a replay playing by itself, by pace (``movedisplay.PACES``).
AUTOPLAY_STEP = {"instant": 0.25, "normal": 1.0, "slow": 2.0}


class UndoReplay:
    """Undo and replay (part of :class:`app.App`)."""

    def undo(self) -> None:
        session = self.session
        if session is None or self.replay is not None:
            return
        if session.undo_steps() < 1:
            refusal = getattr(self.game_view, "undo_refusal", None)
            why = refusal(session.game) if refusal is not None else ""
            self.show_reason(
                why
                or "nothing to undo: undo stops at a new turn, a revealed marker or a drawn card."
            )
            return
        session.undo()
        self.game_view.reset()
        self.autosave()
        self.render()
        ui.notify("Undone.")

    def start_replay(self) -> None:
        session = self.session
        if session is None:
            return
        actions = list(session.game.actions)
        self.replay = {"actions": actions, "pos": len(actions), "game": session.game.copy()}
        dom.by_id("replay-bar").hidden = False
        self.replay_to(len(actions))

    def replay_to(self, pos: int) -> None:
        replay = self.replay
        session = self.session
        if replay is None or session is None:
            return
        pos = max(0, min(pos, len(replay["actions"])))
        game = replay["game"]
        if pos < len(game.actions):
            game = session.fresh_game()
        for action in replay["actions"][len(game.actions) : pos]:
            game.play(action)
        replay["game"] = game
        replay["pos"] = pos
        dom.by_id("replay-pos").textContent = f"Action {pos} of {len(replay['actions'])}"
        document.body.dataset.replayPos = str(pos)
        self.render()
        document.body.dataset.screen = "game"
        if pos >= len(replay["actions"]):
            self.autoplay(False)

    def autoplay(self, on: bool) -> None:
        """Start or stop the replay playing by itself, one action per step at the page's pace."""
        replay = self.replay
        button = dom.query(document, "[data-replay=play]")
        if replay is None:
            return
        if on and replay["pos"] >= len(replay["actions"]):
            self.replay_to(0)
        replay["playing"] = on
        if button is not None:
            button.setAttribute("aria-pressed", "true" if on else "false")
            dom.query(button, ".label").textContent = "Pause" if on else "Play"
        if on:
            self.autoplay_step(replay)

    def autoplay_step(self, replay: dict) -> None:
        def step() -> None:
            if self.replay is replay and replay.get("playing"):
                self.replay_to(replay["pos"] + 1)
                self.autoplay_step(replay)

        dom.later(step, AUTOPLAY_STEP[self.pace] * 1000)

    def stop_replay(self) -> None:
        if self.replay is None:
            return
        self.autoplay(False)
        self.replay = None
        dom.by_id("replay-bar").hidden = True
        if self.session is not None:
            self.render()

    def on_replay(self, name: str) -> None:
        if self.replay is None:
            return
        pos = self.replay["pos"]
        total = len(self.replay["actions"])
        if name == "close":
            self.stop_replay()
            return
        if name == "play":
            self.autoplay(not self.replay.get("playing"))
            return
        self.autoplay(False)
        target = {"first": 0, "back": pos - 1, "forward": pos + 1, "last": total}[name]
        self.replay_to(target)
