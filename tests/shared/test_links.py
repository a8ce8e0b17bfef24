"""Short links: every game on the shelf round-trips through a link; damage is refused."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inca_core import links
from inca_core.protocol import SaveError
from inca_core.shelf import GAMES


def _game(game_id: str, players: int, seed: int, stop: int | None = None):
    spec = GAMES[game_id]
    state = spec.new_game(players, seed=seed, options=frozenset(), names=None)
    rng = random.Random(seed)
    while not state.is_over and (stop is None or len(state.actions) < stop):
        state.play(rng.choice(state.legal_actions()))
    return state


def test_options_names_and_negative_seeds_survive():
    spec = GAMES["empire"]
    options = frozenset(list(spec.options)[:2])
    state = spec.new_game(3, seed=-(2**40), options=options, names=("Ana", "Bø", "<Cy>"))
    back = links.decode(links.encode(state))
    assert (back.seed, back.options, back.names) == (state.seed, options, state.names)


def test_a_finished_four_player_empire_game_fits_in_600_characters():
    state = _game("empire", 4, seed=3)
    assert state.is_over
    assert len(links.encode(state)) <= 600


def test_compare_tells_older_newer_same_diverged_and_other():
    early = _game("empire", 4, seed=8, stop=20)
    late = early.copy()
    for _ in range(5):
        late.play(late.legal_actions()[0])
    fork = early.copy()
    fork.play(fork.legal_actions()[-1])
    assert links.compare(early, late) == "newer"
    assert links.compare(late, early) == "older"
    assert links.compare(late, late.copy()) == "same"
    assert fork.actions[-1] != late.actions[len(early.actions)]
    assert links.compare(late, fork) == "diverged"
    assert links.compare(early, _game("empire", 4, seed=9, stop=20)) == "other"


def test_a_changed_character_is_refused():
    text = links.encode(_game("empire", 4, seed=5, stop=60))
    for i in range(0, len(text) - 1, 7):
        other = "A" if text[i] != "A" else "B"
        damaged = text[:i] + other + text[i + 1:]
        try:
            links.decode(damaged)
        except SaveError:
            continue
        pytest.fail(f"a link damaged at character {i} was accepted")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
               max_size=300))
def test_arbitrary_link_text_raises_only_save_error(text):
    with contextlib.suppress(SaveError):
        links.decode(text)
