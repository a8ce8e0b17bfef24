"""Bots' random generators, the same machinery in every game (``inca_core.search``)."""

from __future__ import annotations

import random

import pytest

from inca_core.search import bot_seed
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)


def _play(game_id: str, strengths: tuple[str, ...], seed: int, *, rebuild: bool,
          stop: int = 120) -> list:
    """The actions of a game between bots: one bot per seat kept for the whole game (as
    tournaments do) or, with ``rebuild``, a new bot for every move (as the page does)."""
    spec = GAMES[game_id]
    state = spec.new_game(len(strengths), seed)
    kept = [spec.make_bot(s, bot_seed(seed, seat)) for seat, s in enumerate(strengths)]
    while not state.is_over and len(state.actions) < stop:
        seat = state.current_player
        bot = (spec.make_bot(strengths[seat], bot_seed(seed, seat)) if rebuild
               else kept[seat])
        state.play(bot.choose(state.observation(seat), state.legal_actions(), iterations=1))
    return list(state.actions)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_bot_rebuilt_for_every_move_plays_as_one_kept_for_the_game(game_id):
    spec = GAMES[game_id]
    strengths = tuple(s for s in ("random", "easy", "medium") if s in spec.strengths)
    players = min(p for p in spec.players if p >= len(strengths))
    seats = tuple(strengths[i % len(strengths)] for i in range(players))
    for seed in (1, 2):
        assert (_play(game_id, seats, seed, rebuild=True)
                == _play(game_id, seats, seed, rebuild=False))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_random_bot_does_not_repeat_its_first_choice_index(game_id):
    """Seeded per position, a random bot rebuilt every move still varies its choices."""
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[0], 5)
    rng = random.Random(5)
    picked: set[int] = set()
    while not state.is_over and len(state.actions) < 200:
        seat = state.current_player
        legal = state.legal_actions()
        if len(legal) >= 4:
            bot = spec.make_bot("random", bot_seed(5, seat))
            picked.add(legal.index(bot.choose(state.observation(seat), legal)))
        state.play(rng.choice(legal))
    assert len(picked) >= 3


def test_bot_seeds_are_hashes_of_the_game_seed_and_seat():
    seeds = {(g, s): bot_seed(g, s) for g in range(50) for s in range(5)}
    assert len(set(seeds.values())) == len(seeds)
    assert all(0 <= v < 2**53 for v in seeds.values())
    assert bot_seed(7, 1) == bot_seed(7, 1)
    # Not a linear function of the game's seed (``seed * k + seat`` can be inverted).
    steps = {seeds[g + 1, 0] - seeds[g, 0] for g in range(49)}
    assert len(steps) > 40
    assert all(v not in (g * 31 + s, g * 8 + s) for (g, s), v in seeds.items() if g > 1)
