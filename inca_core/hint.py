"""Hints for any game of the shelf: the move the strongest bot would make for a seat, and why,
in one sentence.

Like every bot, a hint sees only the seat's observation: the bot searches from it, and the
explanation is read from a state dealt from it (``spec.determinize``), never from the real game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from inca_core.protocol import GameSpec, Search


def strongest(spec: GameSpec) -> str:
    """The strength of the game's best bot (the last of ``spec.strengths``)."""
    return list(spec.strengths)[-1]


def start(spec: GameSpec, observation: dict, legal: Sequence[Any], seed: int = 0) -> Search:
    """The strongest bot's search for the seat whose ``observation`` this is (run it by
    ``step``, then take ``best()``)."""
    return spec.make_bot(strongest(spec), seed).start(observation, legal)


def explain(spec: GameSpec, observation: dict, seat: int, action: Any, seed: int = 0) -> str:
    """Why ``action`` is a good move for ``seat``, in a sentence: what it costs and scores now,
    and what it brings later (labor each round, where the game forecasts it)."""
    state = spec.determinize(observation, random.Random(seed))
    preview = state.preview(action)
    parts = []
    if preview.get("labor"):
        parts.append(f"costs {preview['labor']} labor")
    before = _income(state.observation(seat), seat)
    score_before = state.scores[seat]
    after = state.copy()
    after.play(action)
    gained = after.scores[seat] - score_before
    if gained:
        parts.append(f"scores {gained} VP now")
    elif preview.get("vp"):
        parts.append(f"scores {preview['vp']} VP")
    income = _income(after.observation(seat), seat)
    if before is not None and income is not None and income != before:
        change = "raises" if income > before else "lowers"
        parts.append(f"{change} your labor income from {before} to {income} a round")
    if not parts:
        parts.append("costs and scores nothing now, but sets up the rest of the game best")
    return f"{preview['text']}: {', '.join(parts)}."


def _income(observation: dict, seat: int) -> int | None:
    """The seat's forecast labor income, if the game forecasts one."""
    forecast = observation.get("income_forecast")
    if not isinstance(forecast, list) or seat >= len(forecast):
        return None
    value = forecast[seat]
    return value if isinstance(value, int) else None
