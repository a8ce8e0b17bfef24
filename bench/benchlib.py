"""What the benches share: the repository's paths, the seeded play loops, percentiles and
intervals.

A bench in ``bench/`` imports it first (``import benchlib``), which puts the repository on
``sys.path``; a bench in a folder below puts ``bench/`` there itself.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The repository's root.
ROOT = Path(__file__).resolve().parents[1]


def on_path(*folders: str) -> None:
    """Put the repository and ``folders`` (relative to it) first on ``sys.path``."""
    for path in (*(str(ROOT / f) for f in reversed(folders)), str(ROOT)):
        if path in sys.path:
            sys.path.remove(path)
        sys.path.insert(0, path)


on_path()

from inca_core.protocol import State  # noqa: E402
from inca_core.tournament import wilson  # noqa: E402

__all__ = ["ROOT", "Move", "bot_moves", "corr", "mean_se", "on_path", "percentile",
           "play_random", "wilson"]


def play_random(game: State, rng: random.Random) -> State:
    """``game`` played to its end by actions ``rng`` picks among the legal ones."""
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


@dataclass(frozen=True)
class Move:
    """One bot decision of :func:`bot_moves`, before it is played."""

    seat: int
    observation: dict
    legal: tuple[Any, ...]
    action: Any
    #: CPU seconds the bot took to choose.
    seconds: float


def bot_moves(game: State, bots: Sequence[Any], *,
              iterations: int | Sequence[int | None] | None = None,
              seconds: float | None = None) -> Iterator[Move]:
    """Play ``game`` to its end, the bot of each seat choosing from its observation (with
    ``iterations``, one budget or one per seat, and ``seconds``); each move is yielded before it
    is played, so the caller sees the position it was chosen in."""
    while not game.is_over:
        seat = game.current_player
        assert seat is not None  # the game is not over
        observation, legal = game.observation(seat), game.legal_actions()
        budget = iterations[seat] if isinstance(iterations, Sequence) else iterations
        start = time.process_time()
        action = bots[seat].choose(observation, legal, iterations=budget, seconds=seconds)
        took = time.process_time() - start
        yield Move(seat, observation, legal, action, took)
        game.play(action)


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (NaN where there are too few)."""
    if not xs:
        return float("nan"), float("nan")
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("nan")
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def corr(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation of ``xs`` and ``ys`` (NaN when either does not vary)."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    if sx == 0 or sy == 0:
        return float("nan")
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sx / sy
