"""Bots' shared machinery: the base every game's bot builds on, the anytime search every bot
runs, the time-bounded driver, the check of a bot's inputs and the bots' random generators.

A bot sees only an observation and the legal actions; each game samples what it cannot see with
its own ``determinize`` (information-set sampling, as in OpenSpiel's resampling).
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

#: Seconds a bot takes per move when neither a time nor an iteration budget is given.
DEFAULT_SECONDS = 1.0
#: A wall-clock move stops this much early, so it ends within its budget.
SEARCH_MARGIN = 0.05


class Search:
    """An anytime search for one decision: call :meth:`step` until it returns True (or time
    runs out), then read :meth:`best`."""

    #: Whether running out of time may end the search (``False``: a comparison that is only
    #: done when done, cut into steps so that a page stays responsive).
    anytime = True

    def __init__(self, legal: tuple[Any, ...]) -> None:
        self.legal = legal
        self._best = legal[0]
        self.iterations = 0
        self.finished = len(legal) == 1

    def step(self, max_seconds: float) -> bool:
        """Work for at most about ``max_seconds``; True when there is nothing more to do."""
        if not self.finished:
            deadline = time.perf_counter() + max(0.0, max_seconds)
            self._work(deadline)
        return self.finished

    def best(self) -> Any:
        """The best action found so far (always one of the legal actions)."""
        return self._best

    def _work(self, deadline: float) -> None:
        raise NotImplementedError


class Fixed(Search):
    """A decision made at once."""

    def __init__(self, legal: tuple[Any, ...], action: Any) -> None:
        super().__init__(legal)
        self._best = action
        self.finished = True


def run(search: Search, *, seconds: float | None, begin: float) -> Any:
    """Drive ``search`` to its end, or until ``seconds`` after ``begin`` have passed."""
    if seconds is None:
        while not search.step(3600.0):
            pass
        return search.best()
    deadline = begin + max(seconds - SEARCH_MARGIN, seconds / 2)
    while True:
        left = deadline - time.perf_counter()
        if (left <= 0 and search.anytime) or search.step(min(max(left, 0.0), 0.05)):
            return search.best()


def check_inputs(observation: Any, legal_actions: Sequence[Any]) -> tuple[Any, ...]:
    """The legal actions as a tuple, after checking the bot was handed a player's observation
    on that player's turn (never a state)."""
    if not isinstance(observation, dict) or observation.get("viewer") is None:
        raise TypeError("a bot needs a player's observation: state.observation(seat)")
    if observation.get("current_player") != observation["viewer"]:
        raise ValueError("it is not this player's turn in the observation")
    legal = tuple(legal_actions)
    if not legal:
        raise ValueError("a bot needs at least one legal action to choose from")
    return legal


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game of ``game_seed`` when no bot seed is given (the
    page and the ``tournament`` command both use it, so a bot plays the same in both). A hash:
    a bot cannot work the game's seed, and so the hidden cards and dice, back from its own."""
    digest = hashlib.sha256(f"inca-bot-seed:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")  # 48 bits: exact in a JavaScript number too


def position_rng(strength: str, seed: int, key: str) -> random.Random:
    """The generator of one decision of a bot of ``strength`` and ``seed`` at the position
    ``key`` identifies (facts a bot sees, e.g. :func:`observation_key`): the same bot at the
    same position draws the same numbers, however often it is rebuilt (the page makes a new bot
    for every move) and whatever it chose before."""
    return random.Random(f"{strength}:{seed}:{key}")


def observation_key(observation: dict) -> str:
    """A hash of what ``observation`` shows, less the log's text and the players' names (which
    must not change how bots play), plus the number of the latest action that wrote to the log
    (so a position met again later in the game is a new decision)."""
    facts = {k: v for k, v in observation.items() if k not in ("log", "names")}
    log = observation.get("log") or []
    facts["log_n"] = log[-1].get("n") if log and isinstance(log[-1], dict) else len(log)
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def check_strength(strength: str, strengths: Mapping[str, str]) -> None:
    """Refuse a ``strength`` that is not a key of the game's ``strengths``."""
    if strength not in strengths:
        raise ValueError(f"unknown bot strength {strength!r}: choose one of "
                         f"{', '.join(strengths)}")


class SeededBot:
    """A computer player of one strength whose choices follow its seed and the position: the
    scaffolding every game's bot shares. A game's bot gives :meth:`search` (how it chooses at
    its strengths other than ``random``, which plays any legal action) and may change
    :meth:`position_key`, :meth:`legal_of` and :meth:`budget_of`."""

    def __init__(self, strength: str, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("a bot's seed is an integer")
        self.strength = strength
        self.seed = seed

    def __repr__(self) -> str:
        return f"make_bot({self.strength!r}, {self.seed})"

    def position_key(self, observation: dict) -> str:
        """What identifies the decision point of ``observation`` (:func:`position_rng`'s key)."""
        return observation_key(observation)

    def legal_of(self, observation: Any, legal_actions: Sequence[Any]) -> tuple[Any, ...]:
        """The legal actions as a tuple, once the inputs are checked (:func:`check_inputs`)."""
        return check_inputs(observation, legal_actions)

    def budget_of(self, iterations: int | None,
                  seconds: float | None) -> tuple[int | None, float | None]:
        """The iterations and seconds one :meth:`choose` runs with, given the caller's."""
        return iterations, seconds

    def start(self, observation: dict, legal_actions: Sequence[Any], *,
              iterations: int | None = None) -> Search:
        """Begin choosing a move from ``observation`` (``state.observation(seat)``) among
        ``legal_actions``; ``iterations`` caps the work (None: the strength's own budget)."""
        legal = self.legal_of(observation, legal_actions)
        rng = position_rng(self.strength, self.seed, self.position_key(observation))
        if self.strength == "random":
            return Fixed(legal, rng.choice(legal))
        return self.search(observation, legal, rng, iterations)

    def search(self, observation: dict, legal: tuple[Any, ...], rng: random.Random,
               iterations: int | None) -> Search:
        """The search of one decision among ``legal``, drawing its numbers from ``rng`` (this
        decision's: :func:`position_rng`)."""
        raise NotImplementedError

    def choose(self, observation: dict, legal_actions: Sequence[Any], *,
               iterations: int | None = None, seconds: float | None = None) -> Any:
        """One of ``legal_actions`` for the player who sees ``observation``: deterministic for a
        given seed and ``iterations``; ``seconds`` bounds the wall-clock time."""
        begin = time.perf_counter()
        iterations, seconds = self.budget_of(iterations, seconds)
        return run(self.start(observation, legal_actions, iterations=iterations),
                   seconds=seconds, begin=begin)
