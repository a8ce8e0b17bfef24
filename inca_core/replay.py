"""A played game's earlier positions, for any game of the shelf: the position after its first
actions, and who took each action (both replayed from the game's setup, seed and edition).

The page's "watch replay" and its play-back of a turn received by link step through these; undo
is the engine's own (``State.undo``).
"""

from __future__ import annotations

from inca_core import shelf
from inca_core.protocol import State


def start(game: State) -> State:
    """The game's first position: its setup, before any action."""
    spec = shelf.GAMES[game.game_id]
    return spec.new_game(game.players, game.seed, game.options, game.names, game.edition)


def position(game: State, count: int) -> State:
    """The position after the first ``count`` actions of ``game`` (a new state)."""
    state = start(game)
    for action in game.actions[:count]:
        state.play(action)
    return state


def movers(game: State) -> list[int | None]:
    """The seat that took each action of ``game``, in order."""
    state = start(game)
    out: list[int | None] = []
    for action in game.actions:
        out.append(state.current_player)
        state.play(action)
    return out
