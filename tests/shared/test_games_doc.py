"""The toy game of docs/GAMES.md runs and keeps the protocol (its code is the document's)."""

import random

import pytest
from fixtures.toy import load_toy

from inca_core.protocol import GameSpec, IllegalAction, State


def test_the_documented_toy_game_is_a_game_of_the_protocol():
    toy = load_toy()
    assert isinstance(toy.PILE, GameSpec)
    state = toy.PILE.new_game(2, seed=3)
    assert isinstance(state, State)
    assert state.stones == random.Random(3).randint(5, 9)


def test_the_toy_game_plays_to_a_winner():
    toy = load_toy()
    state = toy.PILE.new_game(2, seed=1)
    while not state.is_over:
        state.play(state.legal_actions()[-1])
    winner = state.ranking[0]
    assert state.scores[winner] == 1 and state.scores[1 - winner] == 0
    assert state.log[-1]["seat"] == winner and state.current_player is None


def test_an_illegal_take_gives_the_reason_and_changes_nothing():
    toy = load_toy()
    state = toy.PILE.new_game(2, seed=1)
    state.stones = 1
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as err:
        state.play("take 2")
    assert err.value.reason == state.why_not("take 2") == "You cannot take 2 now."
    assert state.fingerprint() == before
