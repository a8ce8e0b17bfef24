"""Hints in every game: a sentence in the game's own words (``GameSpec.explain``)."""

from __future__ import annotations

import random
import re

import pytest

from inca_core import hint
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)
#: Inca Empire's words, which no other game's hint may use.
EMPIRE_WORDS = ("labor", "income", "VP", "Sapa", "marker", "era ", "a round")
#: Words of each game that its hint must not borrow from another game (its own preview text,
#: which the hint starts with, is the game's own).
FOREIGN = {"empire": ("Somnium", "relic", "Leviathan", "Resources", "tokens on the table"),
           "cardgame": (*EMPIRE_WORDS, "Somnium", "relic", "Leviathan"),
           "wiraqocha": (*EMPIRE_WORDS, "tokens on the table", "goal")}


def _positions(game_id: str, seed: int, every: int = 9):
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[-1], seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.actions) < 300:
        if len(state.actions) % every == 0:
            yield spec, state
        state.play(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_hint_is_the_preview_then_reasons_in_the_games_own_words(game_id):
    reasons = set()
    for spec, state in _positions(game_id, seed=2):
        seat = state.current_player
        observation = state.observation(seat)
        legal = state.legal_actions()
        for action in random.Random(len(state.actions)).sample(legal, min(6, len(legal))):
            text = hint.explain(spec, observation, seat, action)
            preview = state.preview(action)["text"]
            assert text.startswith(preview + ": ") and text.endswith(".")
            tail = text[len(preview) + 2:]
            reasons.add(tail)
            for word in FOREIGN[game_id]:
                assert not re.search(rf"\b{re.escape(word.strip())}", tail), (word, text)
    assert len(reasons) >= 3, "the reasons change with the move"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_explains_its_hints(game_id):
    assert GAMES[game_id].explain is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_strongest_bot_hints_a_legal_move(game_id):
    spec = GAMES[game_id]
    for _, state in _positions(game_id, seed=3, every=25):
        seat = state.current_player
        legal = state.legal_actions()
        search = hint.start(spec, state.observation(seat), legal)
        for _ in range(20):
            if search.step(0.01):
                break
        assert search.best() in legal
        break
