"""Undo, the same contract in every game: ``undoable()``, ``undo()``, ``undo_refusal()``."""

from __future__ import annotations

import random

import pytest

from inca_core.protocol import IllegalAction
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)
#: Words of one game that another game's refusal must not use.
FOREIGN_WORDS = {"empire": ("dice", "roll", "card turned up"),
                 "cardgame": ("marker", "dice", "roll", "Sapa", "region"),
                 "wiraqocha": ("marker", "card", "Sapa", "region", "reveal")}


def _walk(game_id: str, seed: int):
    """Every state of a random game (a copy at each step) with the action played from it."""
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[0], seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.actions) < 400:
        action = rng.choice(state.legal_actions())
        yield state.copy(), action
        state.play(action)
    yield state.copy(), None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_then_replay_gives_the_same_game(game_id):
    undone = 0
    for state, action in _walk(game_id, seed=11):
        if action is None or len(state.actions) % 7:
            continue
        before = state.fingerprint()
        after = state.copy()
        after.play(action)
        played = after.fingerprint()
        if after.undoable():
            after.undo()
            undone += 1
            assert after.fingerprint() == before
            assert list(after.actions) == list(state.actions)
            after.play(action)
            assert after.fingerprint() == played
    assert undone, "some action of a random game can be taken back"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_refusal_is_empty_exactly_when_something_may_be_undone(game_id):
    refused = allowed = 0
    for state, _ in _walk(game_id, seed=12):
        refusal = state.undo_refusal()
        assert isinstance(refusal, str)
        if state.undoable():
            allowed += 1
            assert refusal == ""
            continue
        refused += 1
        assert refusal.strip(), "a refusal says why"
        assert not any(w.lower() in refusal.lower() for w in FOREIGN_WORDS[game_id]), refusal
        before = state.fingerprint()
        with pytest.raises(IllegalAction) as err:
            state.undo()
        assert err.value.reason == refusal
        assert state.fingerprint() == before
    assert refused and allowed


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_new_game_has_nothing_to_undo(game_id):
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[0], 1)
    assert state.undoable() == 0
    assert state.undo_refusal()
