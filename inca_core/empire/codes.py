"""Small integer codes of the game state lists (kept in one place for the rules and views)."""

from __future__ import annotations

#: Progress of each part of a People-phase turn (road building, construction).
TODO, ACTIVE, DONE = 0, 1, 2
PART_NAMES: tuple[str, ...] = ("todo", "active", "done")

#: What stands on a site.
NONE, GARRISON, CITY = 0, 1, 2

#: Region owner values besides a seat: not conquered / part of the empire from the start.
UNCONQUERED, EMPIRE = -1, -2

#: Where VP come from, for the per-player breakdown.
SOURCES: tuple[str, ...] = (
    "conquest", "city", "garrison", "temple", "terrace", "pilgrimage",
    "scoring_terrace", "scoring_garrison", "scoring_city", "scoring_temple",
)
