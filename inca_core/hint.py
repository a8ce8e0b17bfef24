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
    """Why ``action`` is a good move for ``seat``, in a sentence: the preview's text, then the
    reasons in the game's own words (``spec.explain``, given the state before and after)."""
    state = spec.determinize(observation, random.Random(seed))
    preview = state.preview(action)
    after = state.copy()
    after.play(action)
    parts = spec.explain(state, after, seat, preview) if spec.explain is not None else []
    if not parts:
        parts = ["nothing changes at once, but it sets up the rest of the game best"]
    return f"{preview['text']}: {', '.join(parts)}."
