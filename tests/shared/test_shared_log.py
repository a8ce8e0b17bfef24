"""The log's entry shape, the same in every game: ``{"text", "seat", "n", ...}``."""

from __future__ import annotations

import json
import random

import pytest

from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_log_entry_has_text_seat_and_the_action_that_wrote_it(game_id, seed):
    spec = GAMES[game_id]
    players = spec.players[seed % len(spec.players)]
    state = spec.new_game(players, seed)
    rng = random.Random(seed)
    seen = 0
    while True:
        log = state.log
        assert len(log) >= seen, "the log only grows"
        for entry in log[seen:]:
            assert isinstance(entry, dict)
            assert {"text", "seat", "n"} <= set(entry), entry
            assert isinstance(entry["text"], str) and entry["text"].strip()
            seat = entry["seat"]
            assert seat is None or (type(seat) is int and 0 <= seat < players), entry
            assert type(entry["n"]) is int and entry["n"] == len(state.actions), entry
            json.dumps(entry)
        seen = len(log)
        if state.is_over:
            break
        state.play(rng.choice(state.legal_actions()))
    assert seen > len(state.actions) // 2
