"""What a Wiraqocha action did, for showing it as it happens: a caption and the valley tiles it
changed (``views.Moment``).

Everything comes from the engine: the log entries of action ``k`` carry ``n == k``, the
automatic steps (Phase III harvest and Resources returned, the next player's Resources, a
victory) carry their figures in ``event`` (``docs/wiraqocha/WIRAQOCHA.md``, "The log"). The
marks are the tiles an action on the valley (a tile action of ``targets.TILE_ACTIONS`` or a
swap) acted on, and every tile whose drawing changed with it: the tile a token flew from, a
Flying Fortress left, a card's token changed hands on. The steps of a
turn's end are short, so they go in the caption; a victory also gets a summary. The game is
read through the protocol (its public observation) only. Nothing is worked out here.
"""

from __future__ import annotations

from views import Moment, entries_of

from inca_core import replay
from inca_core.protocol import State
from inca_core.wiraqocha import svg, targets
from inca_core.wiraqocha.actions import Swap

#: Actions that change the valley (the others change dice, camps, cards or the turn).
ON_THE_VALLEY = (*targets.TILE_ACTIONS, Swap)


def tile_parts(game: State) -> dict[str, tuple]:
    """Each tile of the valley as what its drawing (``svg.render_parts``) shows of ``game``'s
    public observation: the token on it, its protecting die and protection, Force Field, Flying
    Fortress, Death Ray and relic."""
    return parts_of(game.observation(None))


def parts_of(obs: dict) -> dict[str, tuple]:
    """:func:`tile_parts` of the observation ``obs``."""
    occ = svg.occupants(obs)
    return {t: (occ.get(t), obs["guard"].get(t), obs["protection"].get(t, 0),
                t == obs["shield"], t == obs["fortress"], t in obs["rayed"],
                t in obs["relic_on"])
            for t in obs["layout"]}


def moment(game: State, before: dict[str, tuple] | None = None,
           now: dict[str, tuple] | None = None) -> Moment | None:
    """What the latest action of ``game`` did; ``None`` before the first action.

    ``before`` and ``now``: the :func:`tile_parts` of the position before that action and of
    ``game`` when the caller has them (the page keeps the last one); otherwise the position
    before is replayed from the setup."""
    actions = game.actions
    if not actions:
        return None
    entries = entries_of(game.log, len(actions))
    own = [e for e in entries if "event" not in e and e["seat"] is not None]
    seat = own[0]["seat"] if own else None
    caption = " ".join(e["text"] for e in entries)
    action = actions[-1]
    marks: tuple[str, ...] = ()
    if isinstance(action, ON_THE_VALLEY):
        obs = game.observation(None)
        if before is None:
            before = tile_parts(replay.position(game, len(actions) - 1))
        if now is None:
            now = parts_of(obs)
        tile = targets.tile_of(action)
        if isinstance(action, Swap) and seat is not None:
            tile = obs["where"][seat].get(action.token)
        marks = tuple(t for t in obs["layout"] if t == tile or before.get(t) != now.get(t))
    wins = [e["text"] for e in entries if (e.get("event") or {}).get("kind") == "win"]
    return Moment(seat, caption, marks, (("Game over", tuple(wins)),) if wins else ())
