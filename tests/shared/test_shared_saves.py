"""Saves and short links of every game: round trips, the fixtures of every edition, and hostile
input (only ``SaveError``, never another exception)."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inca_core import links, save
from inca_core.protocol import SaveError
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)
FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "saves"
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


def _game(game_id: str, seed: int, stop: int | None = None):
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[-1], seed, names=[f"Seat {i}" for i in
                                                          range(spec.players[-1])])
    rng = random.Random(seed)
    while not state.is_over and (stop is None or len(state.actions) < stop):
        state.play(rng.choice(state.legal_actions()))
    return state


_SAVES: dict[str, str] = {}
_LINKS: dict[str, str] = {}


def _seats(game_id: str, players: int) -> list[str]:
    """A person, then bots of each strength in turn (saves and links keep them)."""
    kinds = save.seat_kinds(GAMES[game_id])
    return [kinds[i % len(kinds)] for i in range(players)]


def _real_save(game_id: str) -> str:
    if game_id not in _SAVES:
        state = _game(game_id, seed=21, stop=40)
        _SAVES[game_id] = save.dumps(state, seats=_seats(game_id, state.players))
    return _SAVES[game_id]


def _real_link(game_id: str) -> str:
    if game_id not in _LINKS:
        state = _game(game_id, seed=22, stop=40)
        _LINKS[game_id] = links.encode(state, seats=_seats(game_id, state.players))
    return _LINKS[game_id]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_save_gives_back_the_same_game_mid_way_and_finished(game_id):
    for stop in (17, None):
        state = _game(game_id, seed=8, stop=stop)
        back = save.loads(save.dumps(state))
        assert back.game_id == game_id
        assert list(back.actions) == list(state.actions)
        assert back.fingerprint() == state.fingerprint()
        assert (back.names, back.seed, back.edition) == (state.names, state.seed, state.edition)
        assert back.is_over == state.is_over


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_determinized_sample_cannot_be_saved(game_id):
    """A bot's sample of what a seat cannot see is not the game its seed and actions rebuild:
    ``dumps`` refuses it rather than write a save that ``loads`` would refuse."""
    state = _game(game_id, seed=9, stop=17)
    sample = GAMES[game_id].determinize(state.observation(0), random.Random(1))
    assert state.replayable
    assert not sample.replayable
    with pytest.raises(SaveError):
        save.dumps(sample)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_link_gives_back_the_same_game(game_id):
    spec = GAMES[game_id]
    for players in spec.players:
        state = spec.new_game(players, seed=players)
        rng = random.Random(players)
        while not state.is_over:
            state.play(rng.choice(state.legal_actions()))
        back = links.decode(links.encode(state))
        assert back.fingerprint() == state.fingerprint()
        assert list(back.actions) == list(state.actions)
        assert back.names == state.names and back.seed == state.seed


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rules_edition_has_a_save_fixture_that_replays(game_id):
    spec = GAMES[game_id]
    for edition in spec.editions:
        path = FIXTURES / f"format-{save.FORMAT_VERSION}-{game_id}-e{edition}.json"
        assert path.exists(), f"add a save fixture of {game_id}'s rules edition {edition}"
        text = path.read_text(encoding="utf-8")
        state = save.loads(text)
        assert state.game_id == game_id and state.edition == edition
        assert state.fingerprint() == json.loads(text)["fingerprint"]
        assert len(state.actions) == len(json.loads(text)["actions"]) > 0


def _mutate(data: st.DataObject, text: str) -> str:
    kind = data.draw(st.sampled_from(["flip", "cut", "insert", "swap"]))
    if kind == "flip":
        i = data.draw(st.integers(0, len(text) - 1))
        return text[:i] + data.draw(st.characters()) + text[i + 1:]
    if kind == "cut":
        return text[: data.draw(st.integers(0, len(text)))]
    if kind == "insert":
        i = data.draw(st.integers(0, len(text)))
        return text[:i] + data.draw(st.text(max_size=20)) + text[i:]
    i, j = sorted(data.draw(st.lists(st.integers(0, len(text) - 1), min_size=2, max_size=2)))
    return text[:i] + text[j] + text[i + 1:j] + text[i] + text[j + 1:]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=10)


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_a_damaged_save_raises_only_save_error(game_id, data):
    text = _real_save(game_id)
    if data.draw(st.booleans()):
        text = _mutate(data, text)
    else:
        record = json.loads(text)
        key = data.draw(st.sampled_from(sorted(record)))
        record[key] = data.draw(_JSON)
        if key == "actions" and data.draw(st.booleans()):
            record[key] = [*json.loads(text)["actions"], data.draw(st.text(max_size=30))]
        text = json.dumps(record)
    try:
        state = save.loads(text)
    except SaveError as exc:
        assert str(exc)
    else:
        assert state.fingerprint() == json.loads(text)["fingerprint"]


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_a_damaged_link_raises_only_save_error(game_id, data):
    text = _mutate(data, _real_link(game_id))
    try:
        state = links.decode(text)
    except SaveError as exc:
        assert str(exc)
    else:
        assert state.game_id in INFOS
