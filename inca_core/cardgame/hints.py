"""The card game's words for a hint (``GameSpec.explain``): tokens put on the table, points
scored, and the goals a move brings closer."""

from __future__ import annotations

from typing import Any

from inca_core.cardgame.cards import GOALS, goal_need
from inca_core.cardgame.goals import MEASURES


def explain(before: Any, after: Any, seat: int, preview: dict) -> list[str]:
    """Why the move that made ``after`` from ``before`` is good for ``seat``."""
    parts = []
    placed = after.tokens_in_play(seat) - before.tokens_in_play(seat)
    if placed > 0:
        parts.append(f"puts {placed} more of your tokens on the table")
    gained = after.scores[seat] - before.scores[seat]
    if gained:
        points = "point" if abs(gained) == 1 else "points"
        parts.append(f"{'adds' if gained > 0 else 'costs'} {abs(gained)} {points}")
    for goal_id in after.goals[seat] if seat < len(after.goals) else ():
        measure, have_of = MEASURES[GOALS[goal_id].measure]
        have, had = have_of(after, seat), have_of(before, seat)
        need = goal_need(goal_id, after.n, after.edition)
        if have > had and had < need:
            what = measure.format(n=need)
            if have >= need:
                parts.append(f"meets your goal \"{what}\"")
            else:
                parts.append(f"takes your goal \"{what}\" to {have} of {need}")
    return parts
