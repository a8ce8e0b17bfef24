"""Every rule once: ``why_not(a) is None`` exactly when ``a`` is among ``legal_actions()``.

The candidates of a game are every action that was legal anywhere in a few seeded random games
of it (at each player count); each is asked at positions of those games, so an action the
move generator offers but the checks refuse, or one the checks let through but the generator
leaves out, fails here, for every game of the shelf.
"""

from __future__ import annotations

import random

import pytest

from inca_core.shelf import GAMES

CASES = [(game_id, players) for game_id, spec in GAMES.items() for players in spec.players]


def _games(game_id: str, players: int, seeds: range):
    """Positions of seeded random games and every action legal in any of them."""
    spec = GAMES[game_id]
    positions, pool = [], set()
    for seed in seeds:
        state = spec.new_game(players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            pool.update(legal)
            if step % 5 == 0:
                positions.append(state.copy())
            state.play(rng.choice(legal))
            step += 1
    return positions, sorted(pool, key=str)


@pytest.mark.parametrize("game_id,players", CASES)
def test_why_not_is_none_exactly_for_the_legal_actions(game_id, players):
    positions, candidates = _games(game_id, players, range(2))
    disagreements = []
    for state in positions:
        legal = set(state.legal_actions())
        for action in candidates:
            reason = state.why_not(action)
            if (reason is None) != (action in legal):
                disagreements.append((len(state.actions), str(action), reason))
            elif reason is not None:
                assert isinstance(reason, str) and reason.strip()
    assert not disagreements[:5]
    assert len(positions) * len(candidates) > 1000
