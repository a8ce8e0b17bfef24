"""The guided first games (``web/games/<id>/tutorial.py``, ``views.Script``), in CPython: each
script is replayed with the engine from its seed, the bots moving as the page moves them (one bot
per seat from ``Session.bot``, seeded by ``search.bot_seed``), and every scripted action must be
legal at its step, so a rule or bot change that breaks a guided game fails here, not in front of
a newcomer."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
import views
from session import SEAT_TYPES, Session

from inca_core.shelf import GAMES, INFOS

PAGE_GAMES = [gid for gid in INFOS if gid in views.VIEW_MODULES]


class _View:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.spec = GAMES[game_id]


def _session(game_id: str, script: views.Script) -> Session:
    spec = GAMES[game_id]
    game = spec.new_game(len(script.seats), script.seed, script.options, script.names)
    return Session(game, script.seats, None, 1.0, _View(game_id))  # type: ignore[arg-type]


def _bots_move(session: Session) -> None:
    """The bots play until the person is to move, as the page plays them: the search of the
    seat's one bot, in slices, which must decide whatever time it gets (not anytime: then the
    page's time budget never changes a move)."""
    game = session.game
    while not game.is_over and session.is_bot_turn():
        search = session.bot_search()
        while not search.step(0.0):
            assert not search.anytime, "a guided game's bots must not depend on their time"
        session.play(search.best())


def replay(game_id: str) -> tuple[Session, list[int]]:
    """Play the script of ``game_id``; the number of actions in the game at each step."""
    script = views.load_script(game_id)
    assert script is not None
    session = _session(game_id, script)
    spec = GAMES[game_id]
    counts = []
    for index, step in enumerate(script.steps):
        _bots_move(session)
        counts.append(len(session.game.actions))
        if step.action is None:
            continue
        assert not session.game.is_over
        assert session.person_here(session.game.current_player), f"step {index + 1}"
        legal = {str(a): a for a in session.game.legal_actions()}
        assert step.action in legal, (
            f"{game_id} step {index + 1}: {step.action!r} is not legal here; legal: "
            f"{sorted(legal)[:12]}"
        )
        action = legal[step.action]
        assert spec.parse_action(step.action) == action
        assert script.wants(index, action)
        session.play(action)
    return session, counts


@pytest.mark.parametrize("game_id", PAGE_GAMES)
def test_every_scripted_action_is_legal_at_its_step(game_id):
    session, counts = replay(game_id)
    # The guided game becomes a normal game: it is not over, the person plays on.
    _bots_move(session)
    assert not session.game.is_over
    assert session.person_here(session.game.current_player)
    assert counts == sorted(counts)


@pytest.mark.parametrize("game_id", PAGE_GAMES)
def test_script_shape(game_id):
    script = views.load_script(game_id)
    assert script is not None, f"{game_id} has no guided first game"
    assert 8 <= len(script.steps) <= 15
    assert script.seats[0] == "human"
    assert all(kind in SEAT_TYPES[1:] for kind in script.seats[1:])
    assert len(script.seats) in INFOS[game_id].players
    assert len(script.names) == len(script.seats)
    assert script.options <= set(INFOS[game_id].options)
    # The last step hands over ("you're on your own"): nothing to play, a button to go on.
    assert script.steps[-1].action is None
    played = [i for i, step in enumerate(script.steps) if step.action not in (None, views.ANY)]
    free = [i for i, step in enumerate(script.steps) if step.action == views.ANY]
    assert len(played) >= 6
    # A free step may play anything: later steps could not rely on the position after it.
    assert all(i > max(played) for i in free)
    for step in script.steps:
        assert step.text and len(step.text) <= 400
        if step.action is not None and " " in step.action:
            assert step.action not in step.text  # the guide speaks plain words


def test_a_step_wants_its_action_or_any():
    script = views.Script(
        seed=1,
        seats=("human", "easy"),
        names=("A", "B"),
        steps=(views.Step("x", "end"), views.Step("y", views.ANY), views.Step("z")),
    )
    assert script.wants(0, "end") and not script.wants(0, "pass")
    assert script.wants(1, "pass")
    assert not script.wants(2, "end")


def test_a_game_without_a_script_has_none():
    assert views.load_script("no-such-game") is None
