"""Perft: pinned sizes of the legal-action tree from fixed positions (python-chess's oracle).

Each position is a seeded game played on with seeded random actions; the count of action
sequences to ``depth`` (and, for two positions, a hash of every leaf's fingerprint) was computed
once and written here. A change to move generation, to what an action does, or to chance makes
these numbers move, so a refactoring cannot pass by accident; a deliberate rule change recomputes
them (and starts a new rules edition: docs/RULES.md).
"""

from __future__ import annotations

import hashlib
import random

import pytest

from inca_core import new_game


def _position(seed: int, steps: int, edition: int):
    game = new_game(4, seed=seed, edition=edition)
    rng = random.Random(seed)
    for _ in range(steps):
        game.play(rng.choice(game.legal_actions()))
    return game


def _leaves(game, depth: int):
    if depth == 0 or game.is_over:
        yield game
        return
    for action in game.legal_actions():
        child = game.copy()
        child.play(action)
        yield from _leaves(child, depth - 1)


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("seed,steps,depth,where,count", [
    (1, 0, 4, (1, "people"), 4783),
    (2, 40, 4, (2, "sun"), 1296),
    (3, 120, 3, (5, "people"), 2262),
    (4, 200, 3, (6, "people"), 754),
    (5, 150, 3, (5, "sun"), 1710),
])
def test_perft_counts(seed, steps, depth, where, count, edition):
    game = _position(seed, steps, edition)
    assert (game.round, game.phase) == where
    assert sum(1 for _ in _leaves(game, depth)) == count


@pytest.mark.parametrize("seed,steps,depth,digest", [
    (2, 40, 2, "82563d2d44c8b04d"),
    (3, 120, 2, "0386c5658293cbef"),
])
def test_perft_leaves_are_the_same_positions(seed, steps, depth, digest):
    game = _position(seed, steps, 2)
    prints = sorted(leaf.fingerprint() for leaf in _leaves(game, depth))
    assert hashlib.sha256("".join(prints).encode()).hexdigest()[:16] == digest
