"""Wiraqocha's words for a hint (``GameSpec.explain``): territories, Resources, relics, Somnium
and the Leviathan, each against what wins."""

from __future__ import annotations

from typing import Any

from inca_core.wiraqocha.data import LEVIATHAN, SOMNIUM_WIN


def explain(before: Any, after: Any, seat: int, preview: dict) -> list[str]:
    """Why the move that made ``after`` from ``before`` is good for ``seat``."""
    if after.is_over and after.winner == seat:
        return ["wins the game at once"]
    parts = []
    if preview.get("dice"):
        parts.append(f"rolls {_count(preview['dice'], 'die', 'dice')}")
    if preview.get("territories", 0) > 0:
        parts.append(f"takes {_count(preview['territories'], 'territory', 'territories')}")
    relics = len(after.relics[seat])
    if relics > len(before.relics[seat]):
        parts.append(f"brings you to {relics} of the 4 relics")
    somnium = after.somnium[seat]
    if somnium > before.somnium[seat]:
        parts.append(f"brings your Somnium to {somnium} of {SOMNIUM_WIN[after.n]}")
    resources = after.resources[seat] - before.resources[seat]
    if resources:
        parts.append(f"{'gains' if resources > 0 else 'spends'} "
                     f"{_count(abs(resources), 'Resource', 'Resources')}")
    if after.leviathan(seat) != before.leviathan(seat):
        (have_r, have_s), (need_r, need_s) = after.leviathan(seat), LEVIATHAN[after.n]
        parts.append(f"builds the Leviathan to {have_r} of {need_r} Resources and "
                     f"{have_s} of {need_s} Somnium")
    return parts


def _count(k: int, one: str, many: str) -> str:
    return f"{k} {one if k == 1 else many}"
