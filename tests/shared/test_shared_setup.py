"""Setting up a new game, checked once in ``inca_core.protocol`` for every game of the shelf."""

from __future__ import annotations

import pytest

from inca_core import save
from inca_core.protocol import SetupError
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_without_a_seed_gets_a_fresh_one_that_saves_and_reloads(game_id):
    spec = GAMES[game_id]
    players = spec.players[0]
    state = spec.new_game(players)
    assert isinstance(state.seed, int) and not isinstance(state.seed, bool)
    assert 0 <= state.seed < 2**53
    for _ in range(3):
        state.play(state.legal_actions()[0])
    again = save.loads(save.dumps(state))
    assert again.seed == state.seed
    assert again.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_two_games_without_a_seed_differ(game_id):
    spec = GAMES[game_id]
    first, second = (spec.new_game(spec.players[-1], None) for _ in range(2))
    assert first.seed != second.seed
    assert first.fingerprint() != second.fingerprint()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_positional_call_and_the_keyword_call_agree(game_id):
    spec = GAMES[game_id]
    players = spec.players[0]
    by_position = spec.new_game(players, 5, (), None, spec.edition)
    by_keyword = spec.new_game(players, seed=5, options=frozenset(), names=None,
                               edition=spec.edition)
    assert by_position.fingerprint() == by_keyword.fingerprint()
    assert by_position.edition == spec.edition


def _bad_setups(spec) -> list[tuple[str, dict]]:
    players = spec.players[0]
    return [
        ("players: too few", {"players": min(spec.players) - 1}),
        ("players: too many", {"players": max(spec.players) + 1}),
        ("players: not a number", {"players": str(players)}),
        ("players: a bool", {"players": True}),
        ("seed: text", {"seed": "7"}),
        ("seed: a bool", {"seed": True}),
        ("seed: a float", {"seed": 7.0}),
        ("seed: too long", {"seed": 2**200}),
        ("options: unknown", {"options": ["no_such_option"]}),
        ("options: a string", {"options": "x"}),
        ("options: not text", {"options": [3]}),
        ("names: too few", {"names": ["Ana"] * (players - 1)}),
        ("names: too many", {"names": ["Ana"] * (players + 1)}),
        ("names: too long", {"names": ["A" * 101] * players}),
        ("names: not valid Unicode", {"names": ["A\ud800B"] * players}),
        ("names: not text", {"names": [1] * players}),
        ("names: one string", {"names": "Ana"}),
        ("edition: unknown", {"edition": spec.edition + 1}),
        ("edition: zero", {"edition": 0}),
        ("edition: text", {"edition": "1"}),
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_setups_raise_setup_error(game_id):
    spec = GAMES[game_id]
    for label, change in _bad_setups(spec):
        args = {"players": spec.players[0], "seed": 1, "options": (), "names": None,
                "edition": None} | change
        with pytest.raises(SetupError) as err:
            spec.new_game(args.pop("players"), **args)
        assert str(err.value), label


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_good_setups_keep_what_was_asked(game_id):
    spec = GAMES[game_id]
    players = spec.players[-1]
    names = [f"Seat {i} ü" for i in range(players)]
    for edition in spec.editions:
        state = spec.new_game(players, 2**53 - 1, tuple(spec.options), names, edition=edition)
        assert state.seed == 2**53 - 1
        assert state.names == tuple(names)
        assert state.options == frozenset(spec.options)
        assert state.edition == edition
        assert state.players == players
