"""Checks every game on the shelf (and the toy game of docs/GAMES.md) must pass, written once
against the protocol: random play, replay, copies, dict form, reasons, observations."""

from __future__ import annotations

import json
import random

import pytest
from fixtures.toy import load_toy

from inca_core.protocol import GameSpec, IllegalAction, State
from inca_core.shelf import GAMES, INFOS


def _specs() -> list:
    return [pytest.param(game_id, id=game_id) for game_id in INFOS] + [
        pytest.param("pile", id="toy")]


def _spec(game_id: str) -> GameSpec:
    return load_toy().PILE if game_id == "pile" else GAMES[game_id]


def _new(spec: GameSpec, players: int, seed: int) -> State:
    return spec.new_game(players, seed=seed, options=frozenset(), names=None)


def _random_game(spec: GameSpec, players: int, seed: int, *, stop: int | None = None):
    """A game played at random (``stop``: after that many actions), with every action and
    the legal actions seen on the way."""
    rng = random.Random(seed)
    state = _new(spec, players, seed)
    seen: set = set()
    while not state.is_over and (stop is None or len(state.actions) < stop):
        legal = state.legal_actions()
        assert legal, "a game that is not over has a legal action"
        assert state.current_player is not None
        seen.update(legal)
        state.play(rng.choice(legal))
    return state, seen


@pytest.mark.parametrize("game_id", _specs())
def test_random_games_end_with_a_full_ranking(game_id):
    spec = _spec(game_id)
    for players in (spec.players[0], spec.players[-1]):
        state, _ = _random_game(spec, players, seed=players)
        assert state.is_over and state.current_player is None
        assert state.legal_actions() == ()
        assert sorted(state.ranking) == list(range(players))
        assert len(state.scores) == players == state.players
        assert state.scores[state.ranking[0]] == max(state.scores)


@pytest.mark.parametrize("game_id", _specs())
def test_text_forms_round_trip_and_why_not_agrees_with_legal_actions(game_id):
    spec = _spec(game_id)
    players = spec.players[-1]
    rng = random.Random(5)
    state = _new(spec, players, 5)
    seen: list = []
    while not state.is_over:
        legal = state.legal_actions()
        for action in legal:
            assert spec.parse_action(str(action)) == action
            assert state.why_not(action) is None
        illegal = [a for a in seen if a not in set(legal)]
        for action in rng.sample(illegal, min(3, len(illegal))):
            reason = state.why_not(action)
            assert isinstance(reason, str) and reason
            before = state.fingerprint()
            with pytest.raises(IllegalAction) as err:
                state.play(action)
            assert err.value.reason == reason
            assert state.fingerprint() == before
        seen.extend(a for a in legal if a not in seen)
        state.play(rng.choice(legal))


@pytest.mark.parametrize("game_id", _specs())
def test_seed_and_actions_replay_exactly(game_id):
    spec = _spec(game_id)
    state, _ = _random_game(spec, spec.players[0], seed=11)
    again = _new(spec, spec.players[0], 11)
    for action in state.actions:
        again.play(spec.parse_action(str(action)))
    assert again.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("game_id", _specs())
def test_copies_share_nothing_and_the_dict_form_keeps_the_position(game_id):
    spec = _spec(game_id)
    state, _ = _random_game(spec, spec.players[-1], seed=2, stop=25)
    before = state.fingerprint()
    twin = state.copy()
    assert twin.fingerprint() == before
    while not twin.is_over:
        twin.play(twin.legal_actions()[0])
    assert state.fingerprint() == before
    back = type(state).from_dict(json.loads(json.dumps(state.to_dict())))
    assert back.fingerprint() == before


@pytest.mark.parametrize("game_id", _specs())
def test_a_determinized_observation_looks_the_same_to_its_viewer(game_id):
    spec = _spec(game_id)
    rng = random.Random(4)
    state, _ = _random_game(spec, spec.players[-1], seed=4, stop=30)
    seat = state.current_player
    for viewer in (seat, None):
        obs = state.observation(viewer)
        json.dumps(obs)
        assert obs["viewer"] == viewer
        sample = spec.determinize(obs, rng)
        assert sample.observation(viewer) == obs
    mine = spec.determinize(state.observation(seat), rng)
    assert mine.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", list(INFOS))
def test_the_simulate_and_tournament_commands_play_every_game(game_id, capsys):
    from inca_core.__main__ import main

    spec = GAMES[game_id]
    assert main(["simulate", "--game", game_id, "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert f"1 random {spec.players[-1]}-player games of {spec.title}" in out
    players = ",".join(["random"] * spec.players[0])
    assert main(["tournament", "--game", game_id, "--players", players, "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{spec.title}: 1 games") and "random" in out.splitlines()[2]


@pytest.mark.parametrize("game_id", _specs())
def test_the_spectator_sees_nothing_a_seat_does_not_know(game_id):
    """Whatever is hidden from a seat and sampled anew, the spectator's view stays the same."""
    spec = _spec(game_id)
    rng = random.Random(6)
    state, _ = _random_game(spec, spec.players[-1], seed=6, stop=30)
    public = state.observation(None)
    for seat in range(state.players):
        for _ in range(3):
            sample = spec.determinize(state.observation(seat), rng)
            assert sample.observation(None) == public
