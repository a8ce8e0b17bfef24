"""Inca Empire's words for a hint (``GameSpec.explain``): labor spent, victory points scored
and the labor income a move changes."""

from __future__ import annotations

from typing import Any


def explain(before: Any, after: Any, seat: int, preview: dict) -> list[str]:
    """Why the move that made ``after`` from ``before`` is good for ``seat``: what it costs and
    scores now, and what it brings later (labor each round)."""
    parts = []
    if preview.get("labor"):
        parts.append(f"costs {preview['labor']} labor")
    gained = after.scores[seat] - before.scores[seat]
    if gained:
        parts.append(f"scores {gained} VP now")
    elif preview.get("vp"):
        parts.append(f"scores {preview['vp']} VP")
    income_before = _income(before.observation(seat), seat)
    income = _income(after.observation(seat), seat)
    if income_before is not None and income is not None and income != income_before:
        change = "raises" if income > income_before else "lowers"
        parts.append(f"{change} your labor income from {income_before} to {income} a round")
    return parts or ["costs and scores nothing now, but sets up the rest of the game best"]


def _income(observation: dict, seat: int) -> int | None:
    """The seat's forecast labor income (None when no Inca phase is left)."""
    forecast = observation.get("income_forecast")
    if not isinstance(forecast, list) or seat >= len(forecast):
        return None
    value = forecast[seat]
    return value if isinstance(value, int) else None
