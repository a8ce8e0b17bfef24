"""Bot games of every game, pinned: the same seeds and budgets give the same actions and scores,
so a change that should leave the bots' play alone (a refactor of their scaffolding, a faster
search) shows here if it does not. Update a pin only when the play is meant to change."""

import hashlib

import pytest

from inca_core.search import bot_seed
from inca_core.shelf import GAMES

#: (game, strengths by seat, iterations a move, seed) -> (digest of the actions, final scores).
PINS = {
    ("empire", ("random", "easy", "medium", "hard"), 100, 1):
        ("de581223ca0be92b", [62, 93, 91, 113]),
    ("cardgame", ("hard", "medium", "easy", "random"), 1, 1):
        ("04bd7c6a2971bab8", [74, 82, 66, 60]),
    ("wiraqocha", ("hard", "easy"), 30, 42):
        ("19ff01de7fc4f0ab", [11, 115]),
}


@pytest.mark.parametrize("setting", list(PINS), ids=lambda s: s[0])
def test_bot_games_play_the_same_actions_for_the_same_seeds(setting):
    game_id, seats, iterations, seed = setting
    spec = GAMES[game_id]
    game = spec.new_game(len(seats), seed=seed)
    bots = [spec.make_bot(s, bot_seed(seed, i)) for i, s in enumerate(seats)]
    while not game.is_over:
        seat = game.current_player
        game.play(bots[seat].choose(game.observation(seat), game.legal_actions(),
                                    iterations=iterations))
    digest = hashlib.sha256(" ".join(map(str, game.actions)).encode()).hexdigest()[:16]
    assert (digest, list(game.scores)) == PINS[setting]
