"""Undo of the player's own actions, and the replay of a game action by action."""

from __future__ import annotations

import dom
import ui
from pyscript import document


class UndoReplay:
    """Undo and replay (part of :class:`app.App`)."""

    def undo(self) -> None:
        session = self.session
        if session is None or self.replay is not None:
            return
        if session.undo_steps() < 1:
            self.show_reason(
                "nothing to undo: undo stops at a new turn, a revealed marker or a drawn card."
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
        self.render()
        document.body.dataset.screen = "game"

    def stop_replay(self) -> None:
        if self.replay is None:
            return
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
        target = {"first": 0, "back": pos - 1, "forward": pos + 1, "last": total}[name]
        self.replay_to(target)
