"""What each action acts on, for a page: the tile it targets and the dice it uses.

The page lets a person pick dice, then a tile; these helpers read the engine's legal actions to
say which tiles the picked dice take and which actions a click on a tile means. Nothing here
decides legality: every answer is a filter over ``legal_actions()`` (or an action to ask
``why_not`` about).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from inca_core.wiraqocha.actions import (
    Action,
    Cave,
    Conquer,
    Exo,
    Field,
    Fortress,
    Lift,
    Lower,
    Probe,
    Protect,
    Raise,
    Ray,
    Reroll,
    Tunnel,
)
from inca_core.wiraqocha.data import CARDS_OF, LEVIATHAN, SOMNIUM_WIN, TOKEN_KIND, TOKEN_ORDER

#: Actions that act on one tile of the valley.
TILE_ACTIONS = (Conquer, Protect, Tunnel, Probe, Ray, Field, Fortress, Lift, Cave)
#: Actions that change one unused die (named by its value).
DIE_ACTIONS = (Raise, Lower, Exo, Reroll)


def tile_of(action: Any) -> str | None:
    """The tile ``action`` acts on (None: it acts on no tile)."""
    return action.tile if isinstance(action, TILE_ACTIONS) else None


def dice_of(action: Any) -> tuple[int, ...]:
    """The unused dice ``action`` spends, sorted (a conquest's beating dice included)."""
    if isinstance(action, Conquer):
        return tuple(sorted(action.dice + tuple(v for v in (action.beat, action.beat2) if v)))
    if isinstance(action, Protect):
        return (action.value,)
    if isinstance(action, Tunnel):
        return tuple(sorted(action.dice))
    return ()


def matches(action: Any, chosen: Sequence[int]) -> bool:
    """Whether ``action`` fits the dice a person picked: exactly those dice, or (for a
    conquest) those dice meeting the tile with the beating die still to choose. Picking no
    dice fits every action."""
    if not chosen:
        return True
    picked = tuple(sorted(chosen))
    if dice_of(action) == picked:
        return True
    return isinstance(action, Conquer) and action.dice == picked


def tile_actions(legal: Iterable[Action], tile: str, chosen: Sequence[int] = ()) -> list[Action]:
    """The legal actions on ``tile`` that fit the picked dice."""
    return [a for a in legal if tile_of(a) == tile and matches(a, chosen)]


def legal_tiles(legal: Iterable[Action], chosen: Sequence[int] = ()) -> set[str]:
    """Tiles some legal action acts on with the picked dice."""
    return {t for a in legal if (t := tile_of(a)) is not None and matches(a, chosen)}


def die_actions(legal: Iterable[Action], value: int) -> list[Action]:
    """The legal changes (raise, lower, Exoskeleton, re-roll) of a die showing ``value``."""
    return [a for a in legal if isinstance(a, DIE_ACTIONS) and a.value == value]


def usual_action(game: Any, tile: str, chosen: Sequence[int]) -> Action:
    """The action a click on ``tile`` with the picked dice would most likely mean, to ask the
    engine why it is refused: protecting one's own territory with one die, else taking the
    tile with the first token of the player that is not lost (the Base Camp first)."""
    seat = game.current_player if game.current_player is not None else 0
    picked = tuple(sorted(chosen))
    mine = game.where[seat]
    if len(picked) == 1 and mine and tile in mine.values():
        return Protect(tile, picked[0])
    ground = game.tiles[tile].ground if tile in game.tiles else "valley"
    ready = [t for t in TOKEN_ORDER if mine.get(t) not in (None, "grave", "out", "held")]
    if mine.get("B") == "reserve":
        token = "B"
    else:
        fits = [t for t in ready if ground != "mountain" or TOKEN_KIND[t] == "zeppelin"]
        token = (fits or ready or ["B"])[0]
    return Conquer(tile, token, picked)


def victory_progress(obs: dict, seat: int) -> dict[str, tuple[int, int]]:
    """How far ``seat`` is toward each victory, as (have, need): the four relics, a cargo of
    Somnium, and the Leviathan's Resources and Somnium (the costs of the cards owned)."""
    n = obs["players"]
    need_r, need_s = LEVIATHAN[n]
    cards = obs["cards"][seat]
    info = CARDS_OF[obs["edition"]]
    return {
        "relics": (len(obs["relics"][seat]), 4),
        "somnium": (obs["somnium"][seat], SOMNIUM_WIN[n]),
        "leviathan_resources": (sum(info[c].resources for c in cards), need_r),
        "leviathan_somnium": (sum(info[c].somnium for c in cards), need_s),
    }
