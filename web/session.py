"""A game in progress on the page: the engine's game, who sits in each seat, and undo by replay.

The page holds no rules: everything here asks ``inca_core``.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import inca_core

SEAT_TYPES = ("human", "easy", "medium", "hard")
DEFAULT_BOT_TIME = 1.0


@dataclass
class Session:
    """The engine game plus the page's facts about it (seat types, saved-entry id, bot speed)."""

    game: Any
    seats: tuple[str, ...]
    entry_id: str | None = None
    bot_time: float = DEFAULT_BOT_TIME

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        variants: frozenset[str],
        names: tuple[str, ...],
        seats: tuple[str, ...],
        bot_time: float = DEFAULT_BOT_TIME,
    ) -> Session:
        game = inca_core.new_game(players=players, seed=seed, variants=variants, names=list(names))
        return cls(game, seats, None, bot_time)

    @classmethod
    def from_save(cls, text: str, seats: tuple[str, ...] | None = None, entry_id: str | None = None,
                  bot_time: float = DEFAULT_BOT_TIME) -> Session:
        """The game in a save text; raises ``inca_core.SaveError`` with a readable reason."""
        game = inca_core.loads(text)
        if seats is None or len(seats) != game.players:
            seats = ("human",) * game.players
        return cls(game, tuple(seats), entry_id, bot_time)

    # -- facts --------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return int(self.game.players)

    def names(self) -> tuple[str, ...]:
        return tuple(self.game.names)

    def save_text(self) -> str:
        return inca_core.dumps(self.game)

    def save_data(self) -> dict[str, Any]:
        return json.loads(self.save_text())

    def current_type(self) -> str | None:
        seat = self.game.current_player
        return None if seat is None else self.seats[seat]

    def is_bot_turn(self) -> bool:
        kind = self.current_type()
        return kind is not None and kind != "human"

    def legal(self) -> tuple[Any, ...]:
        return tuple(self.game.legal_actions())

    # -- acting ------------------------------------------------------------------------------

    def play(self, action: Any) -> None:
        """Play ``action``; raises ``inca_core.IllegalAction`` (game unchanged) if it is not legal."""
        self.game.play(action)

    def undo_steps(self) -> int:
        """How many of the current player's latest actions may be taken back (0: none)."""
        if self.game.current_player is None or self.is_bot_turn():
            return 0
        return int(self.game.undoable())

    def undo(self) -> None:
        """Take back the latest action of the current player by replaying the game without it."""
        if self.undo_steps() < 1:
            raise ValueError("Nothing to undo.")
        self.game = self.fresh_game(self.game.actions[:-1])

    def fresh_game(self, actions: Any = ()) -> Any:
        """The same game from its setup, with ``actions`` replayed."""
        game = inca_core.new_game(players=self.players, seed=self.game.seed,
                                  variants=self.game.variants, names=self.game.names)
        for action in actions:
            game.play(action)
        return game

    def bot_action(self) -> Any:
        """The action a bot seat chooses now (see :func:`choose_for_bot`)."""
        seat = self.game.current_player
        return choose_for_bot(self.game, seat, self.seats[seat], self.bot_time)


def choose_for_bot(game: Any, seat: int, strength: str, budget: float) -> Any:
    """One legal action for a bot seat, from its observation only.

    Fallback until the bots module (issue 6) lands: a uniformly random legal action from a
    ``random.Random`` seeded by the game's seed and move number, so replays are the same.
    """
    legal = tuple(game.legal_actions())
    rng = random.Random(f"{game.seed}:{len(game.actions)}:{strength}")
    return rng.choice(legal)
