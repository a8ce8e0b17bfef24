"""Perft for every game of the shelf: pinned sizes of the legal-action tree (python-chess's oracle).

Each position is a seeded game under a pinned rules edition, played on with seeded random
actions; the number of action sequences to each depth, and a hash of the fingerprints of every
position two actions on, were computed once and written here. A change to move generation, to
what an action does, or to chance makes these numbers move, so a refactoring cannot pass by
accident; a deliberate rule change starts a new rules edition and adds its rows (the old rows
stay: earlier editions keep playing as they did). Inca Empire's own positions are in
``tests/empire/test_perft.py``.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from inca_core.shelf import GAMES


def _position(game_id: str, players: int, edition: int, seed: int, steps: int):
    state = GAMES[game_id].new_game(players, seed=seed, edition=edition)
    rng = random.Random(seed)
    for _ in range(steps):
        state.play(rng.choice(state.legal_actions()))
    return state


def _leaves(state, depth: int):
    if depth == 0 or state.is_over:
        yield state
        return
    for action in state.legal_actions():
        child = state.copy()
        child.play(action)
        yield from _leaves(child, depth - 1)


PERFT = [
    # game, players, edition, seed, random actions, counts at depth 1, 2, ..., leaves' digest
    ("cardgame", 2, 8, 1, 0, (15, 225, 900), "5682d91986210d3d"),
    ("cardgame", 3, 8, 2, 15, (12, 95, 767), "92a69a31e3029b40"),
    ("cardgame", 4, 8, 3, 40, (3, 3, 9), "51109a6435ca88ae"),
    ("cardgame", 5, 8, 4, 90, (12, 58, 289), "8cae6da1e910f176"),
    ("cardgame", 2, 8, 5, 100, (18, 262, 3121), "3af3c0b998905f1a"),
    ("cardgame", 2, 9, 1, 0, (15, 225, 900), "423586be30328ab2"),
    ("cardgame", 3, 9, 2, 15, (2, 32, 331), "b367f73f0252b139"),
    ("cardgame", 4, 9, 3, 40, (3, 14, 30), "1a616f207891ee15"),
    ("cardgame", 5, 9, 4, 90, (9, 71, 494), "4b7b01d64c371b4c"),
    ("cardgame", 2, 9, 5, 100, (22, 374, 6308), "828c32f97f79c14d"),
    ("wiraqocha", 2, 6, 1, 0, (1, 6, 51, 69), "1ee60b8bf9a6e015"),
    ("wiraqocha", 3, 6, 2, 15, (1, 14, 102), "5087ca2548b5b025"),
    ("wiraqocha", 4, 6, 3, 40, (4, 9, 30), "14b3c6b66309bb21"),
    ("wiraqocha", 2, 6, 4, 90, (43, 844, 10351), "50b61b00028bc2e6"),
    ("wiraqocha", 3, 6, 5, 120, (13, 53, 130), "aa0793f8716d8500"),
    ("wiraqocha", 2, 7, 1, 0, (1, 6, 39, 57), "5525b6b5331a0f40"),
    ("wiraqocha", 3, 7, 2, 15, (1, 11, 57), "867d1e4d2d09d792"),
    ("wiraqocha", 4, 7, 3, 40, (1, 20, 179), "9ed1276fa558dc66"),
    ("wiraqocha", 2, 7, 4, 90, (7, 172, 2754), "4b5688e5beab6bf6"),
    ("wiraqocha", 3, 7, 5, 120, (1, 13, 91), "67b5f00d4fac963c"),
]


@pytest.mark.parametrize("game_id,players,edition,seed,steps,counts,digest", PERFT)
def test_perft_counts_and_leaves(game_id, players, edition, seed, steps, counts, digest):
    state = _position(game_id, players, edition, seed, steps)
    found = tuple(sum(1 for _ in _leaves(state, depth)) for depth in range(1, len(counts) + 1))
    assert found == counts
    prints = sorted(leaf.fingerprint() for leaf in _leaves(state, 2))
    assert hashlib.sha256("".join(prints).encode()).hexdigest()[:16] == digest


def test_perft_covers_every_game_but_inca_empire_here():
    assert {row[0] for row in PERFT} == set(GAMES) - {"empire"}
