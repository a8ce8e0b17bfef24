"""A game in progress on the page: the engine's game, who sits in each seat, its bots.

The page holds no rules: everything here asks the game's engine, through its view
(its ``spec``) and the shelf's save format (``inca_core.save``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import views
from safejson import too_deep

from inca_core import review, save
from inca_core.protocol import Bot, SaveError, Search
from inca_core.search import bot_seed

SEAT_TYPES = ("human", "easy", "medium", "hard")

DEFAULT_BOT_TIME = 1.0


@dataclass
class Session:
    """The engine game plus the page's facts about it (its view, seat types, saved-entry id, bot
    speed)."""

    game: Any
    seats: tuple[str, ...]
    entry_id: str | None
    bot_time: float
    view: views.GameView
    #: The seats of people who play on this device, in a game played by link (``remote.py``);
    #: ``None``: every person plays here.
    device: tuple[int, ...] | None = None
    #: The bot of each bot seat, made once (as in tournaments) when it first moves.
    bots: dict[int, Bot] = field(default_factory=dict)
    #: The reviews of the game by seat (``inca_core.review.Review``), kept in its save.
    reviews: dict[int, review.Review] = field(default_factory=dict)

    @classmethod
    def new(
        cls,
        view: views.GameView,
        players: int,
        seed: int | None,
        options: frozenset[str],
        names: tuple[str, ...],
        seats: tuple[str, ...],
        bot_time: float = DEFAULT_BOT_TIME,
    ) -> Session:
        game = view.spec.new_game(players, seed, options, names)
        return cls(game, seats, None, bot_time, view)

    @classmethod
    def from_save(
        cls,
        text: str,
        seats: tuple[str, ...] | None = None,
        entry_id: str | None = None,
        bot_time: float = DEFAULT_BOT_TIME,
    ) -> Session:
        """The game in a save text, any game of the shelf; raises one of ``views.SAVE_ERRORS``
        with a readable reason."""
        if isinstance(text, str) and too_deep(text):
            raise SaveError("this is not a save file (its data is nested far too deeply)")
        view = views.load(save_game_id(text))
        game, saved, records = save.load_all(text)
        reviews = review.kept(records, game)
        if seats is None:
            seats = page_seats(saved)
        if seats is None or len(seats) != game.players:
            seats = ("human",) * game.players
        return cls(game, tuple(seats), entry_id, bot_time, view,
                   reviews={r.seat: r for r in reviews})

    # -- facts --------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return int(self.game.players)

    @property
    def game_id(self) -> str:
        return str(self.view.game_id)

    def names(self) -> tuple[str, ...]:
        return tuple(self.game.names)

    def save_text(self) -> str:
        """The save of the game, with who plays each seat and its reviews."""
        reviews = [review.record(self.reviews[seat]) for seat in sorted(self.reviews)]
        return save.dumps(self.game, seats=self.seats, reviews=reviews)

    def is_bot_turn(self) -> bool:
        seat = self.game.current_player
        return seat is not None and self.seats[seat] != "human"

    def person_here(self, seat: int | None) -> bool:
        """Whether ``seat`` is a person who plays on this device."""
        return (
            seat is not None
            and self.seats[seat] == "human"
            and (self.device is None or seat in self.device)
        )

    def people_here(self) -> tuple[int, ...]:
        """The seats of the people who play on this device."""
        return tuple(s for s in range(self.players) if self.person_here(s))

    def legal(self) -> tuple[Any, ...]:
        return tuple(self.game.legal_actions())

    # -- acting ------------------------------------------------------------------------------

    def play(self, action: Any) -> None:
        """Play ``action``; raises one of ``views.ILLEGAL`` (game unchanged) if not legal."""
        self.game.play(action)

    def undo_steps(self) -> int:
        """How many of the current player's latest actions may be taken back (0: none)."""
        if not self.person_here(self.game.current_player):
            return 0
        return int(self.game.undoable())

    def undo_refusal(self) -> str:
        """Why the player to move may take nothing back now, in the game's own words."""
        return str(self.game.undo_refusal())

    def undo(self) -> None:
        """Take back the latest action of the current player (the engine's ``undo``)."""
        if self.undo_steps() < 1:
            raise ValueError("Nothing to undo.")
        self.game.undo()

    def bot(self, seat: int) -> Bot:
        """The bot of ``seat``: made once per game on the page, seeded from the game's seed."""
        if seat not in self.bots:
            self.bots[seat] = self.view.spec.make_bot(
                self.seats[seat], bot_seed(self.game.seed, seat)
            )
        return self.bots[seat]

    def bot_search(self) -> Search:
        """Start the bot of the seat to move on its decision: a search to run in slices."""
        seat = self.game.current_player
        return self.bot(seat).start(self.game.observation(seat), self.game.legal_actions())


def page_seats(seats: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """A save's seat kinds as the page's :data:`SEAT_TYPES`: a bot strength the page does not
    offer (``"random"``) plays as its weakest bot; ``None`` (the save does not say) stays."""
    if seats is None:
        return None
    return tuple(kind if kind in SEAT_TYPES else SEAT_TYPES[1] for kind in seats)


def saved_seats(text: str) -> bool:
    """Whether a save text says who plays each seat (saves written before seats were kept do
    not)."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return False
    return isinstance(data, dict) and isinstance(data.get("seats"), list)


def save_game_id(text: str | bytes) -> str:
    """The game a save text holds: its top-level ``"game"`` (format 2), else the default game
    (format 1 saves are Inca Empire's). Text that is not a JSON object is left to the default
    game's loader, which says what is wrong with it."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return views.DEFAULT_GAME
    game = data.get("game") if isinstance(data, dict) else None
    if game is None:
        return views.DEFAULT_GAME
    if not isinstance(game, str) or game not in views.VIEW_MODULES:
        raise SaveError(f"this save is of a game this page does not know ({str(game)[:40]!r})")
    return game

