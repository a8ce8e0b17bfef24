"""Bots' shared machinery: the anytime search every bot runs, the time-bounded driver and the
check of a bot's inputs.

A bot sees only an observation and the legal actions; each game samples what it cannot see with
its own ``determinize`` (information-set sampling, as in OpenSpiel's resampling).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

#: Seconds a bot takes per move when neither a time nor an iteration budget is given.
DEFAULT_SECONDS = 1.0
#: A wall-clock move stops this much early, so it ends within its budget.
SEARCH_MARGIN = 0.05


class Search:
    """An anytime search for one decision: call :meth:`step` until it returns True (or time
    runs out), then read :meth:`best`."""

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
        if left <= 0 or search.step(min(left, 0.05)):
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
