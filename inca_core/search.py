"""Bots' shared machinery: anytime searches, the time-bounded driver, and a sampling search
any game can use with its own evaluation.

A bot sees only an observation and the legal actions. Hidden information is sampled with the
game's ``determinize`` (information-set sampling, as in OpenSpiel's resampling); each game
supplies an ``evaluate(state, seat) -> float`` (its estimate of ``seat``'s final margin).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from inca_core.protocol import State

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


class SampledLookahead(Search):
    """Tries each legal action on sampled full states and keeps the best mean evaluation.

    Each iteration samples one state consistent with the observation (``determinize``), plays
    one candidate there, lets the other seats and chance run on with ``rollout`` for up to
    ``depth`` actions (``rollout(state, rng)`` picks an action for whoever moves), and adds
    ``evaluate(state, me)``. Candidates are visited round robin, so every legal action gets
    the same number of samples; ``iterations`` caps the samples (None: ``samples`` per action).
    """

    def __init__(self, observation: dict, legal: tuple[Any, ...], rng: random.Random, *,
                 determinize: Callable[[dict, random.Random], State],
                 evaluate: Callable[[State, int], float],
                 rollout: Callable[[State, random.Random], Any] | None = None,
                 depth: int = 0, samples: int = 8, iterations: int | None = None) -> None:
        super().__init__(legal)
        self.obs = observation
        self.me = int(observation["viewer"])
        self.rng = rng
        self.determinize = determinize
        self.evaluate = evaluate
        self.rollout = rollout
        self.depth = depth
        self.budget = iterations if iterations is not None else samples * len(legal)
        self.totals = [0.0] * len(legal)
        self.counts = [0] * len(legal)
        self._next = 0

    def _work(self, deadline: float) -> None:
        while self.iterations < self.budget:
            i = self._next
            self._next = (i + 1) % len(self.legal)
            state = self.determinize(self.obs, self.rng)
            state.play(self.legal[i])
            steps = 0
            while (self.rollout is not None and steps < self.depth and not state.is_over
                   and state.current_player != self.me):
                state.play(self.rollout(state, self.rng))
                steps += 1
            self.totals[i] += self.evaluate(state, self.me)
            self.counts[i] += 1
            self.iterations += 1
            best = max(range(len(self.legal)),
                       key=lambda k: self.totals[k] / self.counts[k] if self.counts[k] else
                       float("-inf"))
            self._best = self.legal[best]
            if time.perf_counter() >= deadline:
                break
        if self.iterations >= self.budget:
            self.finished = True


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
