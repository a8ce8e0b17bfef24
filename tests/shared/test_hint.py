"""Hints (``inca_core.hint``): the strongest bot's move for a seat, explained in a sentence, from
that seat's observation only."""

from __future__ import annotations

import random

from inca_core import hint
from inca_core.shelf import GAMES


def played(game_id: str, moves: int, seed: int = 1):
    spec = GAMES[game_id]
    game = spec.new_game(max(spec.players), 3, frozenset(), None)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(list(game.legal_actions())))
    return spec, game


def test_the_explanation_names_cost_score_and_later_labor():
    spec, game = played("empire", 0)
    # Play on until a conquest is legal, then ask about it.
    rng = random.Random(2)
    while not any(a.kind == "conquer" for a in game.legal_actions()):
        game.play(rng.choice(list(game.legal_actions())))
    seat = game.current_player
    conquest = next(a for a in game.legal_actions() if a.kind == "conquer")
    preview = game.preview(conquest)
    text = hint.explain(spec, game.observation(seat), seat, conquest)
    assert f"costs {preview['labor']} labor" in text
    assert "labor income from" in text or "VP" in text


def test_the_explanation_sees_only_the_observation():
    spec, game = played("empire", 12)
    seat = game.current_player
    observation = game.observation(seat)
    action = game.legal_actions()[0]
    # Another game with the same observation but different hidden cards explains the same way.
    other = spec.determinize(observation, random.Random(99))
    assert hint.explain(spec, observation, seat, action) == hint.explain(
        spec, other.observation(seat), seat, action
    )


def test_the_strongest_bot_gives_hints():
    assert all(hint.strongest(GAMES[g]) == "hard" for g in GAMES)
