"""Inca Empire on the shelf: its :class:`~inca_core.protocol.GameSpec`."""

from __future__ import annotations

import random
from collections.abc import Iterable

from inca_core.empire import hints
from inca_core.empire.actions import Action
from inca_core.empire.board import board_digest
from inca_core.empire.bots import STRENGTHS, make_bot
from inca_core.empire.game import EDITION, Game, determinize, new_game
from inca_core.protocol import GameSpec
from inca_core.shelf import INFOS


def _new_game(players: int = 4, seed: int | None = None, options: Iterable[str] = frozenset(),
              names: Iterable[str] | None = None, edition: int = EDITION) -> Game:
    return new_game(players, seed=seed, variants=options, names=names, edition=edition)


def _determinize(observation: dict, rng: random.Random) -> Game:
    return determinize(observation, rng)


def _data_digest(players: int, edition: int) -> str:
    """The printed board's digest (the same in every rules edition)."""
    return board_digest(players)


SPEC = GameSpec(
    info=INFOS["empire"],
    edition=EDITION,
    create=_new_game,
    parse_action=Action.parse,
    determinize=_determinize,
    make_bot=make_bot,
    strengths=STRENGTHS,
    data_digest=_data_digest,
    explain=hints.explain,
    material="board",
)
