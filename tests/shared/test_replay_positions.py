"""``inca_core.replay``: a game's earlier positions and who took each action, for every game of
the shelf (the page's replay and its play-back of a received turn step through them)."""

from __future__ import annotations

import random

import pytest

from inca_core import replay
from inca_core.shelf import GAMES, INFOS


@pytest.mark.parametrize("game_id", list(INFOS))
def test_positions_and_movers_follow_the_game_as_it_was_played(game_id):
    spec = GAMES[game_id]
    players = max(spec.info.players)
    game = spec.new_game(players, seed=5, options=frozenset(), names=None)
    rng = random.Random(5)
    fingerprints = [game.fingerprint()]
    movers = []
    while not game.is_over and len(game.actions) < 60:
        movers.append(game.current_player)
        game.play(rng.choice(list(game.legal_actions())))
        fingerprints.append(game.fingerprint())
    assert replay.movers(game) == movers
    for count in (0, 1, len(game.actions) // 2, len(game.actions)):
        position = replay.position(game, count)
        assert list(position.actions) == list(game.actions[:count])
        assert position.fingerprint() == fingerprints[count]
    assert replay.start(game).fingerprint() == fingerprints[0]
    assert len(game.actions) == len(fingerprints) - 1  # the game itself is left as it was
