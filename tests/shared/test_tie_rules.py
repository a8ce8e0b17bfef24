"""The end screen's tie sentence comes from the engine and follows the game's rules edition."""

import random

import pytest

from inca_core.shelf import GAMES


def finished(game_id: str, players: int, edition: int, seed: int = 5):
    game = GAMES[game_id].new_game(players, seed, (), None, edition=edition)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(("game_id", "edition", "words"), [
    ("cardgame", 2, "more tokens on the table"),
    ("cardgame", 3, "share the place"),
    ("wiraqocha", 3, "earlier seat"),
    ("wiraqocha", 4, "later in turn order"),
])
def test_a_finished_game_says_how_its_edition_breaks_ties(game_id, edition, words):
    obs = finished(game_id, 2, edition).observation(None)
    assert words in obs["tie_rule"]
