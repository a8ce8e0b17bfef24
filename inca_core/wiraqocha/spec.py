"""Wiraqocha's entry on the shelf: ``SPEC``."""

from __future__ import annotations

import hashlib

from inca_core.protocol import GameSpec
from inca_core.shelf import INFOS
from inca_core.wiraqocha import data, hints
from inca_core.wiraqocha.actions import parse_action
from inca_core.wiraqocha.bots import STRENGTHS, make_bot
from inca_core.wiraqocha.determinize import determinize
from inca_core.wiraqocha.game import Wiraqocha


def data_digest(players: int, edition: int) -> str:
    """A short digest of the tiles, cards and thresholds of ``edition`` (saves check it); from
    edition 3 on, of its first-game valley too."""
    fixed: tuple = (sorted(data.TILES_OF[edition].items()), sorted(data.CARDS_OF[edition].items()),
                    data.SOMNIUM_WIN, data.LEVIATHAN, data.ROUND_CAP)
    if edition >= 3:
        fixed += (data.FIRST_LAYOUT_OF[edition],)
    text = repr(fixed)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _create(players: int, seed: int, options: frozenset[str], names: tuple[str, ...] | None,
            edition: int) -> Wiraqocha:
    """A new game (a random valley, relics on the Ruins, three cards face up) from
    :meth:`GameSpec.new_game`'s checked values."""
    game = Wiraqocha(edition=edition, seed=seed, n=players, opts=options,
                     names=names or tuple(f"Player {i + 1}" for i in range(players)))
    game.set_up()
    return game


SPEC = GameSpec(
    info=INFOS["wiraqocha"],
    edition=data.EDITIONS[-1],
    create=_create,
    parse_action=parse_action,
    determinize=determinize,
    make_bot=make_bot,
    strengths=STRENGTHS,
    data_digest=data_digest,
    explain=hints.explain,
)
