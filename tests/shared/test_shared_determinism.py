"""Determinism of every game: the same seed and actions give the same game, under any
PYTHONHASHSEED, and bots choose the same."""

from __future__ import annotations

import os
import pathlib
import random
import subprocess
import sys

import pytest

from inca_core.search import bot_seed
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)
ROOT = pathlib.Path(__file__).resolve().parents[2]

SCRIPT = """
import hashlib, random, sys
from inca_core.search import bot_seed
from inca_core.shelf import GAMES
spec = GAMES[sys.argv[1]]
out = []
for players in spec.players:
    state = spec.new_game(players, 77, tuple(spec.options))
    rng = random.Random(5)
    h = hashlib.sha256()
    while not state.is_over:
        legal = state.legal_actions()
        h.update(" ".join(map(str, legal)).encode())
        if len(state.actions) % 10 == 0:
            seat = state.current_player
            bot = spec.make_bot("medium", bot_seed(77, seat))
            action = bot.choose(state.observation(seat), legal, iterations=1)
        else:
            action = rng.choice(legal)
        state.play(action)
    out.append(state.fingerprint() + ":" + h.hexdigest())
print(" ".join(out))
"""


def _run(game_id: str, hashseed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", SCRIPT, game_id], env=env, cwd=ROOT,
                            capture_output=True, text=True, check=True, timeout=300)
    return result.stdout.strip()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_identical_under_different_hash_seeds(game_id):
    outputs = {_run(game_id, seed) for seed in ("0", "1", "4242")}
    assert len(outputs) == 1
    assert len(outputs.pop().split()) == len(GAMES[game_id].players)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_seed_and_actions_give_the_same_game(game_id):
    spec = GAMES[game_id]
    players = spec.players[-1]
    state = spec.new_game(players, 31, tuple(spec.options))
    rng = random.Random(2)
    while not state.is_over:
        state.play(rng.choice(state.legal_actions()))
    again = spec.new_game(players, 31, tuple(spec.options))
    for action in state.actions:
        again.play(spec.parse_action(str(action)))
    assert again.fingerprint() == state.fingerprint()
    assert [e["text"] for e in again.log] == [e["text"] for e in state.log]
    assert spec.new_game(players, 32).fingerprint() != spec.new_game(players, 31).fingerprint()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_bot_at_the_same_position_chooses_the_same(game_id):
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[0], 9)
    rng = random.Random(9)
    for _ in range(30):
        state.play(rng.choice(state.legal_actions()))
    seat = state.current_player
    choices = {str(spec.make_bot("easy", bot_seed(9, seat)).choose(
        state.observation(seat), state.legal_actions())) for _ in range(3)}
    assert len(choices) == 1
