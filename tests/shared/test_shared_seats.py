"""Saves and links keep who plays each seat (a person or a bot of a strength), in every game;
saves and links without seats (all those made before) still load, with seats ``None``."""

from __future__ import annotations

import base64
import json
import pathlib
import random

import pytest

from inca_core import links, save
from inca_core.protocol import SaveError
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)
FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def _game(game_id: str, players: int, seed: int, stop: int | None = 30):
    state = GAMES[game_id].new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_over and (stop is None or len(state.actions) < stop):
        state.play(rng.choice(state.legal_actions()))
    return state


def _seats(game_id: str, players: int, seed: int) -> tuple[str, ...]:
    """A seat list with a person and every strength the game has, in a seed's order."""
    kinds = list(save.seat_kinds(GAMES[game_id]))
    random.Random(seed).shuffle(kinds)
    return tuple(kinds[i % len(kinds)] for i in range(players))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_save_keeps_the_seats_of_every_player_count(game_id):
    spec = GAMES[game_id]
    for players in spec.players:
        state = _game(game_id, players, seed=players)
        seats = _seats(game_id, players, seed=players)
        text = save.dumps(state, seats=seats)
        back, kept = save.load_with_seats(text)
        assert kept == seats
        assert back.fingerprint() == state.fingerprint()
        assert json.loads(text)["seats"] == list(seats)
        assert save.loads(text).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_link_keeps_the_seats_of_every_player_count(game_id):
    spec = GAMES[game_id]
    for players in spec.players:
        state = _game(game_id, players, seed=10 + players, stop=None)
        seats = _seats(game_id, players, seed=players + 1)
        text = links.encode(state, seats=seats)
        back, kept = links.decode_with_seats(text)
        assert kept == seats
        assert back.fingerprint() == state.fingerprint()
        assert links.decode(text).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_without_seats_a_save_and_a_link_say_none_and_stay_as_they_were(game_id):
    state = _game(game_id, GAMES[game_id].players[0], seed=3)
    text = save.dumps(state)
    assert "seats" not in json.loads(text)
    assert save.load_with_seats(text)[1] is None
    code = links.encode(state)
    assert links.decode_with_seats(code)[1] is None
    # the link of a game without seats is the layout every earlier link has (version 1)
    assert base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))[0] & 0x7F == 1


def test_every_fixture_loads_with_no_seats():
    paths = sorted(FIXTURES.glob("format-*.json"))
    assert len(paths) >= len(GAME_IDS)
    for path in paths:
        text = path.read_text(encoding="utf-8")
        state, seats = save.load_with_seats(text)
        assert seats is None
        assert state.fingerprint() == json.loads(text)["fingerprint"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seats_that_do_not_fit_the_game_are_refused(game_id):
    state = _game(game_id, GAMES[game_id].players[-1], seed=4, stop=5)
    n = state.players
    for bad in (["human"] * (n - 1), "human", ["human"] * (n - 1) + [3], ["wizard"] * n):
        with pytest.raises(SaveError):
            save.dumps(state, seats=bad)
        with pytest.raises(ValueError):
            links.encode(state, seats=bad)
    record = json.loads(save.dumps(state, seats=["human"] * n))
    for bad_field in (["human"] * (n + 1), "human", [None] * n, {"0": "human"}):
        record["seats"] = bad_field
        with pytest.raises(SaveError):
            save.load_with_seats(json.dumps(record))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seat_kind_this_version_does_not_know_loses_the_seats_not_the_game(game_id):
    state = _game(game_id, GAMES[game_id].players[0], seed=5, stop=8)
    record = json.loads(save.dumps(state, seats=["human"] * state.players))
    record["seats"][-1] = "grandmaster"
    back, seats = save.load_with_seats(json.dumps(record))
    assert seats is None and back.fingerprint() == state.fingerprint()
