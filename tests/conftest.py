"""Fixtures shared by the engine's rule tests."""

import pytest
from fixtures.helpers import make_current, seat_of, small_game


@pytest.fixture
def north():
    """A 4-player game on the small grid board with Chinchaysuyu (north of Cuzco) to move."""
    game = small_game(4, seed=1)
    seat = seat_of(game, "Chinchaysuyu")
    make_current(game, seat)
    return game, seat
