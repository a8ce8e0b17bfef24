"""What the card game's and Wiraqocha's pages show of a move as it happens (``views.Moment``):
the caption is the engine's log text of that action, the marks name elements the board's SVG
draws, the summaries carry the engine's figures. Pure Python: the moment modules need no browser.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))
from games.cardgame import moments as cardgame_moments  # noqa: E402
from games.wiraqocha import moments as wiraqocha_moments  # noqa: E402

from inca_core.cardgame import game as cardgame  # noqa: E402
from inca_core.cardgame.actions import Build, Road  # noqa: E402
from inca_core.cardgame.bots import make_bot as card_bot  # noqa: E402
from inca_core.cardgame.svg import render_table  # noqa: E402
from inca_core.shelf import GAMES  # noqa: E402
from inca_core.wiraqocha.actions import Conquer, End  # noqa: E402
from inca_core.wiraqocha.bots import make_bot as wq_bot  # noqa: E402
from inca_core.wiraqocha.svg import render_svg  # noqa: E402

NAMES = ("Ana", "Bo", "Cy")
#: A card game element kind to the SVG attribute that names it (``cardgame_view.BOARD_ATTRS``).
CARD_ATTRS = {"cell": "data-cell", "link": "data-link", "hut": "data-hut", "temple": "data-temple"}


def bot_game(game_id: str, make_bot, players: int, seed: int, steps: int | None = None):
    """A game of easy bots, as a list of (game after the action, moment) per action."""
    game = GAMES[game_id].new_game(players, seed, names=NAMES[:players])
    bots = [make_bot("easy", seat) for seat in range(players)]
    out = []
    while not game.is_over and (steps is None or len(out) < steps):
        seat = game.current_player
        game.play(bots[seat].choose(game.observation(seat), game.legal_actions()))
        out.append((game.copy(), game.log[:]))
    return game, out


@pytest.fixture(scope="module")
def card_game():
    return bot_game("cardgame", card_bot, 3, 7)


@pytest.fixture(scope="module")
def wq_game():
    return bot_game("wiraqocha", wq_bot, 2, 3)


def own_entries(log: list[dict], count: int) -> list[dict]:
    return [e for e in log if e["n"] == count and "event" not in e and e["seat"] is not None]


@pytest.mark.parametrize("which", ["card_game", "wq_game"])
def test_every_log_entry_carries_its_action_number(which, request):
    game, _ = request.getfixturevalue(which)
    numbers = [e["n"] for e in game.log]
    assert numbers == sorted(numbers)
    assert numbers[0] == 0
    # Every action of a seat writes its own entry, the mover's first.
    movers = {e["n"]: e["seat"] for e in reversed(game.log) if "event" not in e and e["n"]}
    assert sorted(movers) == list(range(1, len(game.actions) + 1))


def test_card_game_moments_caption_the_action_and_mark_elements_the_table_draws(card_game):
    game, steps = card_game
    builds = roads = eras = 0
    for count, (position, log) in enumerate(steps, start=1):
        moment = cardgame_moments.moment(position)
        own = own_entries(log, count)
        assert moment.seat == own[0]["seat"]
        assert moment.caption.startswith(own[0]["text"])
        table = render_table(position.observation(None))
        for mark in moment.marks:
            kind, _, value = mark.partition(":")
            assert f' {CARD_ATTRS[kind]}="{value}"' in table, mark
        action = position.actions[-1]
        if isinstance(action, Build):
            builds += 1
            assert len(moment.marks) == 2 and moment.marks[0].startswith("cell:")
        elif isinstance(action, Road):
            roads += 1
            assert moment.marks == (f"link:{cardgame.link_key(action.a, action.b)}",)
        events = [e["event"] for e in log if e["n"] == count and "event" in e]
        for event in events:
            if event["kind"] == "era":
                eras += 1
                heading, lines = moment.summary[0]
                assert heading == f"Era {cardgame.ERA_NAMES[event['era'] - 1]} begins"
                tokens = ", ".join(f"{NAMES[s]} {k}" for s, k in enumerate(event["tokens"]))
                assert lines[0] == f"Tokens to the Active Pool: {tokens}."
        if not any(e["kind"] in ("era", "over") for e in events):
            assert moment.summary == ()
    assert builds and roads and eras == 3
    heading, lines = cardgame_moments.moment(game).summary[-1]
    assert heading == "Era IV is over"
    assert lines == (
        "Final scores: " + ", ".join(f"{NAMES[s]} {v} VP" for s, v in enumerate(game.scores)) + ".",
    )


def test_the_card_games_era_figures_are_the_engines():
    """Era I's tokens to each Active Pool and cards dealt, as the setup left the game (each
    seat held one Trade Agreement and, from the card game's rules edition 3, its Start card
    before the deal)."""
    game = GAMES["cardgame"].new_game(3, 7)
    event = game.log[-1]["event"]
    assert event == {"kind": "era", "era": 1, "tokens": game.active,
                     "cards": [len(h) - 2 for h in game.hands]}
    assert all(k > 0 for k in event["tokens"] + event["cards"])


def test_wiraqocha_moments_caption_the_action_and_mark_the_tile(wq_game):
    game, steps = wq_game
    conquests = ends = flights = 0
    for count, (position, log) in enumerate(steps, start=1):
        moment = wiraqocha_moments.moment(position)
        own = own_entries(log, count)
        assert moment.seat == own[0]["seat"]
        # Every entry of the action, the automatic steps' figures included, in the log's order.
        assert moment.caption == " ".join(e["text"] for e in log if e["n"] == count)
        valley = render_svg(position.observation(None))
        for mark in moment.marks:
            assert f'data-tile="{mark}"' in valley
        action = position.actions[-1]
        if isinstance(action, Conquer):
            conquests += 1
            # The tile taken, and the tile the token flew from (it is left empty).
            before = steps[count - 2][0] if count > 1 else None
            came = before.where[moment.seat].get(action.token) if before else None
            left = {came} if came in position.layout and action.take in ("", "hostage") else set()
            flights += bool(left)
            assert set(moment.marks) == {action.tile} | left, (count, action)
        if isinstance(action, End):
            ends += 1
            assert re.match(r"(Ana|Bo) ends the turn\.", moment.caption)
            assert moment.marks == ()
    assert conquests and ends and flights
    moment = wiraqocha_moments.moment(game)
    assert moment.summary == (("Game over", (game.log[-1]["text"],)),)
    assert " wins with " in game.log[-1]["text"]


def test_no_moment_before_the_first_action():
    assert cardgame_moments.moment(GAMES["cardgame"].new_game(3, 7)) is None
    assert wiraqocha_moments.moment(GAMES["wiraqocha"].new_game(2, 7)) is None
