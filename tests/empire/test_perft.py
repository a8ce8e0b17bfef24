"""Perft: pinned sizes of the legal-action tree from fixed positions (python-chess's oracle).

Each position is a seeded game played on with seeded random actions; the count of action
sequences to ``depth`` (and, for two positions, a hash of every leaf's fingerprint) was computed
once and written here. A change to move generation, to what an action does, or to chance makes
these numbers move, so a refactoring cannot pass by accident; a deliberate rule change recomputes
them (and starts a new rules edition: docs/empire/RULES.md).
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


@pytest.mark.parametrize("seed,steps,depth,edition,where,count", [
    (1, 0, 4, 1, (1, "people"), 4783),
    (1, 0, 4, 2, (1, "people"), 4783),
    (2, 40, 4, 1, (2, "sun"), 1296),
    (2, 40, 4, 2, (2, "sun"), 1296),
    (3, 120, 3, 1, (5, "people"), 2262),
    (3, 120, 2, 2, (5, "people"), 2503),
    (4, 200, 3, 1, (6, "people"), 754),
    (4, 200, 3, 2, (7, "people"), 445),
    (5, 150, 3, 1, (5, "sun"), 1710),
    (5, 150, 3, 2, (5, "sun"), 162),
    (1, 0, 4, 3, (1, "people"), 4783),
    (2, 40, 4, 3, (2, "sun"), 1296),
    (3, 120, 2, 3, (5, "people"), 1469),
    (4, 200, 3, 3, (6, "people"), 101),
    (5, 150, 3, 3, (5, "people"), 522),
    # edition 3 positions with Rapid Expansion before the construction on offer (seed 6 after
    # 26 actions) and a Wilderness Road on a route another player holds (after 106)
    (6, 26, 3, 3, (2, "people"), 5537),
    (6, 106, 2, 3, (4, "people"), 1556),
])
def test_perft_counts(seed, steps, depth, edition, where, count):
    game = _position(seed, steps, edition)
    assert (game.round, game.phase) == where
    assert sum(1 for _ in _leaves(game, depth)) == count


@pytest.mark.parametrize("seed,steps,depth,edition,digest", [
    (2, 40, 2, 2, "82563d2d44c8b04d"),
    (3, 120, 2, 2, "859f33ce501458ba"),
    (2, 40, 2, 3, "6d4c76ba0f495c04"),
    (6, 26, 2, 3, "d28c697d7624eca4"),
])
def test_perft_leaves_are_the_same_positions(seed, steps, depth, edition, digest):
    game = _position(seed, steps, edition)
    prints = sorted(leaf.fingerprint() for leaf in _leaves(game, depth))
    assert hashlib.sha256("".join(prints).encode()).hexdigest()[:16] == digest
