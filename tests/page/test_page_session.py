"""``web/session.py`` (no browser imports): a game on the page keeps one bot per seat, made as
tournaments make it, and undoes with the engine."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from session import Session, page_seats, saved_seats

from inca_core import save
from inca_core.search import bot_seed
from inca_core.shelf import GAMES, INFOS


def _session(game_id: str) -> Session:
    spec = GAMES[game_id]
    players = min(spec.info.players)
    game = spec.new_game(players, seed=None, options=frozenset(), names=None)
    view = SimpleNamespace(spec=spec, game_id=game_id)
    seats = ("human",) + ("easy",) * (players - 1)
    return Session(game, seats, None, 0.0, view)  # type: ignore[arg-type]


def _decide(search):
    while not search.step(0.05):
        pass
    return search.best()


@pytest.mark.parametrize("game_id", list(INFOS))
def test_each_bot_seat_keeps_one_bot_seeded_as_in_tournaments(game_id):
    session = _session(game_id)
    game = session.game
    assert isinstance(game.seed, int)  # a form start (no seed) records one
    spec = GAMES[game_id]
    seen: dict[int, object] = {}
    for _ in range(40):
        if game.is_over:
            break
        seat = game.current_player
        if session.seats[seat] == "human":
            game.play(next(iter(game.legal_actions())))
            continue
        same = spec.make_bot("easy", bot_seed(game.seed, seat)) if seat not in seen else None
        action = _decide(session.bot_search())
        seen.setdefault(seat, session.bot(seat))
        assert session.bot(seat) is seen[seat]
        if same is not None:
            assert _decide(same.start(game.observation(seat), game.legal_actions())) == action
        session.play(action)
    assert seen


@pytest.mark.parametrize("game_id", list(INFOS))
def test_undo_is_the_engines(game_id):
    session = _session(game_id)
    game = session.game
    for _ in range(30):
        if session.undo_steps():
            break
        game.play(next(iter(game.legal_actions())))
    assert session.undo_steps() and session.undo_refusal() == ""
    before = list(game.actions)
    fingerprint = game.fingerprint()
    session.undo()
    assert session.game is game
    assert list(game.actions) == before[:-1]
    game.play(before[-1])
    assert game.fingerprint() == fingerprint


@pytest.mark.parametrize("game_id", list(INFOS))
def test_a_save_keeps_who_plays_each_seat(game_id):
    session = _session(game_id)
    session.seats = ("human",) + ("hard",) * (session.players - 1)
    text = session.save_text()
    assert saved_seats(text)
    assert save.load_with_seats(text)[1] == session.seats
    older = save.dumps(session.game)  # as saves were written before seats were kept
    assert not saved_seats(older)
    assert page_seats(save.load_with_seats(older)[1]) is None


def test_a_bot_strength_the_page_does_not_offer_plays_as_its_weakest_bot():
    assert page_seats(("human", "random", "hard")) == ("human", "easy", "hard")
