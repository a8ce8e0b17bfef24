"""Saves: versioned JSON replayed and checked; every error path raises SaveError."""

import json
import pathlib
import random

import pytest
from fixtures.helpers import play_random, small_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inca_core import SaveError, determinize, dumps, loads, new_game
from inca_core.save import FORMAT_VERSION, SUPPORTED_VERSIONS
from inca_core.shelf import GAMES

SAVES = pathlib.Path(__file__).parents[1] / "fixtures" / "saves"


def _random_game(players=4, seed=1, variants=frozenset(), stop_round=None):
    game = new_game(players, seed=seed, variants=variants)
    until = (lambda g: g.round >= stop_round) if stop_round else None
    play_random(game, random.Random(seed), until=until)
    return game


@pytest.mark.parametrize("players,variants,stop", [
    (4, frozenset(), 3), (3, frozenset(), None), (4, frozenset({"pizarro", "gods_agree"}), None),
    (3, frozenset({"early_downfall"}), 5), (4, frozenset({"early_downfall", "pizarro"}), None),
])
def test_round_trip(players, variants, stop):
    game = _random_game(players, 5, variants, stop)
    text = dumps(game)
    back = loads(text)
    assert back.fingerprint() == game.fingerprint()
    assert back.actions == game.actions and back.log == game.log
    assert back.is_over == game.is_over
    data = json.loads(text)
    assert data["format_version"] == FORMAT_VERSION and data["players"] == players
    assert data["game"] == "empire" and data["edition"] == game.edition
    assert data["options"] == sorted(variants) and data["seed"] == 5
    # the loaded game plays on exactly like the original
    if not game.is_over:
        action = game.legal_actions()[0]
        game.play(action)
        back.play(action)
        assert back.fingerprint() == game.fingerprint()


def test_edition_3_moves_round_trip():
    # Rapid Expansion before the construction and a Wilderness Road on another player's route.
    game = new_game(4, seed=6, edition=3)
    rng = random.Random(6)
    kinds = set()
    while not game.is_over and len(game.actions) < 140:
        legal = game.legal_actions()
        rapid = [a for a in legal if a.kind == "rapid"]
        action = rapid[0] if rapid else rng.choice(legal)
        kinds.add(action.kind)
        game.play(action)
    assert "rapid" in kinds and game.to_dict()["shared_roads"]
    back = loads(dumps(game))
    assert back.edition == 3 and back.fingerprint() == game.fingerprint()
    assert back.actions == game.actions and back.log == game.log


def test_bytes_are_accepted():
    game = _random_game(stop_round=2)
    assert loads(dumps(game).encode("utf-8")).fingerprint() == game.fingerprint()


def test_every_format_version_has_a_fixture_that_loads():
    versions = set()
    for path in sorted(SAVES.glob("format-*.json")):
        text = path.read_text(encoding="utf-8")
        game = loads(text)
        assert game.fingerprint() == json.loads(text)["fingerprint"]
        assert game.is_over
        versions.add(json.loads(text)["format_version"])
    assert versions == set(SUPPORTED_VERSIONS)


def _edition_1_game_saved_today(game_id: str, players: int):
    """A game of ``game_id`` under rules edition 1, saved and loaded back; checks that the
    save carries edition 1's data digest (not edition 2's) and replays to the same position."""
    spec = GAMES[game_id]
    names = ("A", "B", "C")[:players]
    game = spec.new_game(players, seed=4, options=frozenset(), names=names, edition=1)
    rng = random.Random(4)
    for _ in range(80):
        game.play(rng.choice(game.legal_actions()))
    text = dumps(game)
    assert json.loads(text)["data"] == spec.data_digest(players, 1) != \
        spec.data_digest(players, 2)
    back = loads(text)
    assert back.edition == 1 and back.fingerprint() == game.fingerprint()
    return back


def test_a_card_game_of_rules_edition_1_keeps_its_card_data_and_rules():
    _edition_1_game_saved_today("cardgame", 3)


def test_a_wiraqocha_game_of_rules_edition_1_keeps_its_valley():
    back = _edition_1_game_saved_today("wiraqocha", 2)
    assert back.tiles["4-5-6"].ground == "mountain"


def test_a_format_1_save_replays_under_rules_edition_1():
    game = loads((SAVES / "format-1.json").read_text(encoding="utf-8"))
    assert game.edition == 1 and game.game_id == "empire"


def test_games_not_made_by_new_game_cannot_be_saved():
    game = _random_game(stop_round=2)
    with pytest.raises(SaveError):
        dumps(determinize(game.observation(0), random.Random(1)))
    with pytest.raises(SaveError):
        dumps(small_game())


def _base() -> dict:
    return json.loads(dumps(_random_game(stop_round=2)))


def _mutated(**changes) -> str:
    data = _base()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


BAD = {
    "not json": ("{nope", "not valid JSON"),
    "empty": ("", "not valid JSON"),
    "a list": ("[1, 2]", "no save record"),
    "other format": (json.dumps({"format": "chess"}), "not a save file of this site"),
    "mixed format": (json.dumps({"format": "inca-empire-save", "format_version": 2}),
                     "format and version do not match"),
    "deep nesting": ("[" * 100000 + "]" * 100000, "not valid JSON"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_malformed_text(name):
    text, message = BAD[name]
    with pytest.raises(SaveError, match=message):
        loads(text)


@pytest.mark.parametrize("changes,message", [
    ({"format_version": KeyError}, "no format version"),
    ({"format_version": "1"}, "no format version"),
    ({"format_version": 99}, "version 99 is not supported"),
    ({"format_version": True}, "no format version"),
    ({"surprise": 1}, "unexpected field"),
    ({"seed": KeyError}, "missing: seed"),
    ({"engine_version": 1}, "engine version"),
    ({"players": 5}, "3 or 4"),
    ({"players": "4"}, "3 or 4"),
    ({"players": True}, "3 or 4"),
    ({"options": "pizarro"}, "list of names"),
    ({"options": ["zombies"]}, "unknown option"),
    ({"options": ["pizarro", "pizarro"]}, "listed twice"),
    ({"game": "chess"}, "game this site does not have"),
    ({"game": KeyError}, "missing: game"),
    ({"edition": 99}, "rules this version of Inca Empire does not know"),
    ({"edition": 0}, "rules this version"),
    ({"seed": "7"}, "whole number"),
    ({"seed": 1.5}, "whole number"),
    ({"seed": 2**200}, "whole number"),
    ({"names": ["a", "b"]}, "name 4 players"),
    ({"names": [1, 2, 3, 4]}, "name 4 players"),
    ({"names": ["x" * 500, "b", "c", "d"]}, "at most"),
    ({"actions": "road c1"}, "list of text"),
    ({"actions": [1]}, "list of text"),
    ({"actions": ["fly away"]}, "action 1 .* not readable"),
    ({"actions": ["road nowhere"]}, "action 1 .* not legal"),
    ({"actions": ["pass"] * 20000}, "too many actions"),
    ({"fingerprint": 5}, "fingerprint must be text"),
    ({"data": "0123456789abcdef"}, "another version of Inca Empire's board"),
    ({"data": None}, "another version of Inca Empire's board"),
    ({"fingerprint": "0" * 64}, "altered"),
])
def test_invalid_fields(changes, message):
    with pytest.raises(SaveError, match=message):
        loads(_mutated(**changes))


def test_tampered_action_list_is_detected():
    data = _base()
    data["actions"] = data["actions"][:-1]
    with pytest.raises(SaveError, match="altered"):
        loads(json.dumps(data))


def test_other_names_change_the_fingerprint():
    data = _base()
    data["names"] = ["W", "X", "Y", "Z"]
    with pytest.raises(SaveError, match="altered"):
        loads(json.dumps(data))


@pytest.mark.parametrize("value", [None, 5, 1.5, ["a"], b"\xff\xfe"])
def test_non_text_input(value):
    with pytest.raises(SaveError):
        loads(value)


def test_oversized_input():
    with pytest.raises(SaveError, match="too large"):
        loads(" " * 2_000_000)


_REAL = None


def _real_save() -> str:
    global _REAL
    if _REAL is None:
        _REAL = dumps(_random_game(stop_round=3))
    return _REAL


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_fuzz_mutated_saves_only_raise_save_error(data):
    text = _real_save()
    kind = data.draw(st.sampled_from(["flip", "cut", "insert", "json"]))
    if kind == "flip":
        i = data.draw(st.integers(0, len(text) - 1))
        text = text[:i] + data.draw(st.characters()) + text[i + 1:]
    elif kind == "cut":
        text = text[: data.draw(st.integers(0, len(text)))]
    elif kind == "insert":
        i = data.draw(st.integers(0, len(text)))
        text = text[:i] + data.draw(st.text(max_size=20)) + text[i:]
    else:
        obj = json.loads(text)
        key = data.draw(st.sampled_from(sorted(obj)))
        obj[key] = data.draw(st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                st.text(max_size=5), inner, max_size=4), max_leaves=10))
        text = json.dumps(obj)
    try:
        game = loads(text)
    except SaveError as exc:
        assert str(exc)  # a clear message
    else:
        assert game.fingerprint() == json.loads(text)["fingerprint"]


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_arbitrary_text_only_raises_save_error(text):
    with pytest.raises(SaveError):
        loads(text)


def test_board_digest_ignores_drawing_data_but_not_rules_data(monkeypatch):
    from dataclasses import replace

    from inca_core.empire import board as save

    real = save.board_for(4)
    digest = save.board_digest(4)
    region = next(iter(real.regions.values()))
    regions = {**real.regions, region.id: replace(region, name="Elsewhere", label=(0.0, 0.0))}
    site = next(iter(real.sites.values()))
    sites = {**real.sites, site.id: replace(site, kind="city" if site.kind == "plain" else "plain")}
    cases = ((replace(real, width=real.width + 1, land=()), True),
             (replace(real, regions=regions), True),
             (replace(real, sites=sites), False))
    for board, same in cases:
        monkeypatch.setattr(save, "board_for", lambda players, b=board: b)
        save.board_digest.cache_clear()
        assert (save.board_digest(4) == digest) == same
    monkeypatch.undo()
    save.board_digest.cache_clear()
    assert save.board_digest(4) == digest
