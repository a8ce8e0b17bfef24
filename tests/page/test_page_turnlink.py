"""Play by link, the page's pure-Python part in CPython: turn links and files, the seats a device
plays (in its saved-game entry, never in the save), and how a received game meets local ones."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
import store
import turnlink
from turnlink import TurnLink, TurnLinkError

from inca_core import links, save
from inca_core.shelf import GAMES

SEATS = ("human", "human", "easy")


@given(
    to=st.none() | st.integers(0, 5),
    seats=st.none() | st.lists(st.sampled_from(store.SEAT_TYPES), min_size=2, max_size=5),
    bot_time=st.none() | st.sampled_from([0.0, 0.05, 1.0, 2.5]),
)
def test_turn_links_round_trip(to, seats, bot_time):
    turn = TurnLink("AQZlbXBp-_x", to, None if seats is None else tuple(seats), bot_time)
    assert turnlink.parse("#" + turn.fragment()) == turn
    assert turnlink.parse(turnlink.url("http://x/", turn).partition("#")[2]) == turn


@pytest.mark.parametrize("fragment", ["", "#", "#save=abc", "#player=1"])
def test_other_fragments_are_no_turn_link(fragment):
    assert turnlink.parse(fragment) is None


@pytest.mark.parametrize(
    "fragment",
    [
        "#play=",
        "#play=abc&to=zero",
        "#play=abc&seats=human,robot",
        "#play=abc&bot_time=-1",
        "#play=abc&bot_time=nan",
        "#play=" + "a" * 30_000,
    ],
)
def test_damaged_turn_links_are_refused(fragment):
    with pytest.raises(TurnLinkError):
        turnlink.parse(fragment)


def test_turn_files_carry_the_link_and_saves_are_no_turn_files():
    turn = TurnLink("AQZl", 1, SEATS, 0.05)
    text = turnlink.file_text(turnlink.url("http://x/", turn), "cardgame", "Bo")
    assert json.loads(text)["to"] == "Bo"
    assert turnlink.parse_file(text) == turn
    state = GAMES["cardgame"].new_game(2, seed=1, options=frozenset(), names=None)
    assert turnlink.parse_file(save.dumps(state)) is None
    assert turnlink.parse_file("not json " + turnlink.TURN_KIND) is None
    with pytest.raises(TurnLinkError):
        turnlink.parse_file(json.dumps({"kind": turnlink.TURN_KIND, "version": 1, "link": "x"}))
    with pytest.raises(TurnLinkError):
        turnlink.parse_file(json.dumps({"kind": turnlink.TURN_KIND, "version": 9, "link": "#"}))


def test_the_seats_a_device_plays_from_a_start_url():
    def device(query, seats=SEATS):
        from urllib.parse import parse_qs

        return turnlink.device_from_params(parse_qs(query), seats)

    assert device("new=1") is None
    assert device("remote=1") == (0,)
    assert device("remote=1&me=1") == (1,)
    assert device("remote=1&me=1,0") == (0, 1)
    assert device("remote=1", ("easy", "human", "human")) == (1,)
    for bad in ("remote=1&me=2", "remote=1&me=7", "remote=1&me=x"):
        with pytest.raises(ValueError):
            device(bad)


def test_the_seats_a_device_plays_live_in_the_entry_not_in_the_save():
    entry = store.Entry("g1", "{}", ("Ana", "Bo", "Cy"), SEATS, 1, 1.0, device=(1,))
    back = store.parse_entry("k", entry.to_json())
    assert isinstance(back, store.Entry) and back.device == (1,)
    assert json.loads(back.save) == {}
    older = json.loads(entry.to_json())
    del older["device"]  # entries written before play by link: every person plays here
    assert store.parse_entry("k", json.dumps(older)).device is None
    for bad in ([3], ["0"], [True], 0, [-1]):
        broken = {**json.loads(entry.to_json()), "device": bad}
        assert isinstance(store.parse_entry("k", json.dumps(broken)), store.Unreadable)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_received_game_finds_the_local_game_it_belongs_to(game_id):
    spec = GAMES[game_id]
    players = min(spec.players)

    def game(choices):
        state = spec.new_game(players, seed=5, options=frozenset(), names=None)
        for pick in choices:
            legal = state.legal_actions()
            state.play(legal[pick % len(legal)])
        return state

    local = game([0] * 6)
    text = save.dumps(local)
    assert turnlink.same_setup(text, local.seed, local.names)
    assert not turnlink.same_setup(text, local.seed + 1, local.names)
    assert not turnlink.same_setup("[", local.seed, local.names)
    newer = links.decode(links.encode(game([0] * 9)))
    other = spec.new_game(players, seed=6, options=frozenset(), names=None)
    pairs = [("other", links.compare(local, other)), ("same", links.compare(local, game([0] * 6)))]
    assert turnlink.best_match(pairs) == ("same", "same")
    pairs.append(("newer", links.compare(local, newer)))
    assert turnlink.best_match(pairs) == ("newer", "newer")
    assert turnlink.best_match([("x", "other")]) is None
    assert turnlink.common_prefix(local.actions, newer.actions) == 6


def test_a_new_device_plays_back_from_its_own_last_action():
    assert turnlink.playback_from([1, 1, 2, 0, 0, 1, 2], (0,)) == 5
    assert turnlink.playback_from([1, 1, 2], (0,)) == 0
    assert turnlink.playback_from([], (0,)) == 0
    assert turnlink.best_match([("a", "diverged"), ("b", "older")]) == ("b", "older")
