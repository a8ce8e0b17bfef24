"""A game in progress on the page: the engine's game, who sits in each seat, and undo by replay.

The page holds no rules: everything here asks ``inca_core``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from safejson import too_deep

import inca_core
from inca_core.empire.bots import make_bot

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
    def from_save(
        cls,
        text: str,
        seats: tuple[str, ...] | None = None,
        entry_id: str | None = None,
        bot_time: float = DEFAULT_BOT_TIME,
    ) -> Session:
        """The game in a save text; raises ``inca_core.SaveError`` with a readable reason."""
        if isinstance(text, str) and too_deep(text):
            raise inca_core.SaveError("this is not a save file (its data is nested far too deeply)")
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

    def is_bot_turn(self) -> bool:
        seat = self.game.current_player
        return seat is not None and self.seats[seat] != "human"

    def legal(self) -> tuple[Any, ...]:
        return tuple(self.game.legal_actions())

    # -- acting ------------------------------------------------------------------------------

    def play(self, action: Any) -> None:
        """Play ``action``; raises ``inca_core.IllegalAction`` (game unchanged) if not legal."""
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
        game = inca_core.new_game(
            players=self.players,
            seed=self.game.seed,
            variants=self.game.variants,
            names=self.game.names,
        )
        for action in actions:
            game.play(action)
        return game

    def bot_search(self) -> Any:
        """Start the bot of the seat to move on its decision: a search to run in slices."""
        seat = self.game.current_player
        bot = make_bot(self.seats[seat], bot_seed(self.game.seed, seat))
        return bot.start(self.game.observation(seat), self.game.legal_actions())


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``: fixed by the game's seed, so a replay plays the same."""
    return game_seed * 8 + seat
