"""The history every game keeps: one list of action values, one text form, one parse error."""

from __future__ import annotations

import random

import pytest

from inca_core.protocol import ActionSyntaxError
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)


def _played(game_id: str, seed: int, count: int):
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[0], seed)
    rng = random.Random(seed)
    played = []
    while not state.is_over and len(played) < count:
        action = rng.choice(state.legal_actions())
        state.play(action)
        played.append(action)
    return spec, state, played


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_actions_is_one_list_of_the_values_played(game_id):
    spec, state, played = _played(game_id, seed=3, count=40)
    assert state.actions is state.actions, "one list, not rebuilt on every read"
    assert list(state.actions) == played
    for mine, theirs in zip(state.actions, played, strict=True):
        assert type(mine) is type(theirs)
        assert spec.parse_action(str(mine)) == mine


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_copy_has_its_own_list_of_actions(game_id):
    _, state, played = _played(game_id, seed=4, count=10)
    twin = state.copy()
    twin.play(twin.legal_actions()[0])
    assert list(state.actions) == played
    assert len(twin.actions) == len(played) + 1


def _garbage(rng: random.Random, words: list[str]) -> str:
    pool = [*words, "", " ", "+", "-1", "0", "99999999999999999999", "1+", "+1", "x", "\x00",
            "é", "from", "beat", "take", "\n"]
    return " ".join(rng.choice(pool) for _ in range(rng.randrange(0, 7)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_text_that_is_no_action_raises_the_shared_syntax_error(game_id):
    spec, _, played = _played(game_id, seed=5, count=30)
    words = sorted({w for a in played for w in str(a).split()})
    rng = random.Random(game_id)
    for _ in range(2000):
        text = _garbage(rng, words)
        try:
            action = spec.parse_action(text)
        except ActionSyntaxError:
            continue
        assert spec.parse_action(str(action)) == action
    for not_text in (None, 3, b"end", ["end"]):
        with pytest.raises(ActionSyntaxError):
            spec.parse_action(not_text)  # type: ignore[arg-type]


def test_the_old_name_of_the_parse_error_still_imports():
    from inca_core import InvalidAction
    from inca_core.cardgame.actions import ActionSyntaxError as CardSyntaxError
    from inca_core.wiraqocha.actions import ActionSyntaxError as WiraSyntaxError

    assert InvalidAction is CardSyntaxError is WiraSyntaxError is ActionSyntaxError
    assert issubclass(ActionSyntaxError, ValueError)
