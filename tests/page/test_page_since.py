"""The moves since a seat's last turn (``views.since_start``), read from the engine's log as the
page does, agree with who took each action by replaying the game (``inca_core.replay.movers``),
in games of every game on the shelf played with seeded random legal actions: the span starts
after the seat's last action before the turn it is taking now, if it is taking one."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))
import views  # noqa: E402

from inca_core import replay  # noqa: E402
from inca_core.shelf import GAMES  # noqa: E402


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_since_start_agrees_with_the_replayed_movers(game_id):
    spec = GAMES[game_id]
    players = min(spec.info.players)
    game = spec.new_game(players, 11, frozenset(), None)
    rng = random.Random(11)
    for _ in range(150):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_actions())))
    movers = replay.movers(game)
    checked = in_turn = 0
    for count in range(1, len(game.actions) + 1, 3):
        state = replay.position(game, count)
        for seat in range(players):
            before = count
            while before and movers[before - 1] in (seat, None):  # its turn in progress
                before -= 1
            in_turn += before < count and seat in movers[before:count]
            mine = [k for k, mover in enumerate(movers[:before], start=1) if mover == seat]
            assert views.since_start(state.log, seat) == (mine[-1] + 1 if mine else 1)
            checked += 1
    assert checked > 20 and in_turn > 5
