"""What a Wiraqocha action did, for showing it as it happens: a caption and the valley tile it
changed (``views.Moment``).

Everything comes from the engine: the log entries of action ``k`` carry ``n == k``, the
automatic steps (Phase III harvest and Resources returned, the next player's Resources, a
victory) carry their figures in ``event`` (``docs/wiraqocha/WIRAQOCHA.md``, "The log"), and the
tile is
``inca_core.wiraqocha.targets.tile_of``. The steps of a turn's end are short, so they go in the
caption; a victory also gets a summary. Nothing is worked out here.
"""

from __future__ import annotations

from typing import Any

from views import Moment, entries_of

from inca_core.wiraqocha import targets
from inca_core.wiraqocha.actions import Swap
from inca_core.wiraqocha.data import TILES


def moment(game: Any) -> Moment | None:
    """What the latest action of ``game`` did; ``None`` before the first action."""
    actions = game.actions
    if not actions:
        return None
    entries = entries_of(game.log, len(actions))
    own = [e for e in entries if "event" not in e and e["seat"] is not None]
    seat = own[0]["seat"] if own else None
    caption = " ".join(e["text"] for e in entries)
    action = actions[-1]
    tile = targets.tile_of(action)
    if isinstance(action, Swap) and seat is not None:
        tile = game.where[seat].get(action.token)
    marks = (tile,) if tile in TILES else ()
    wins = [e["text"] for e in entries if (e.get("event") or {}).get("kind") == "win"]
    return Moment(seat, caption, marks, (("Game over", tuple(wins)),) if wins else ())
