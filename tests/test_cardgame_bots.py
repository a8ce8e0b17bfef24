"""The card game's bots: each strength plays legal actions from an observation alone."""

import random

import pytest

from inca_core.cardgame.bots import STRENGTHS, make_bot
from inca_core.cardgame.game import new_game
from inca_core.cardgame.observe import determinize
from inca_core.search import run


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_each_strength_plays_legal_actions_from_an_observation(strength):
    g = new_game(3, seed=4)
    bot = make_bot(strength, seed=1)
    for _ in range(40):
        seat = g.current_player
        action = bot.choose(g.observation(seat), g.legal_actions(), iterations=2)
        assert action in g.legal_actions()
        g.play(action)


def test_a_bot_refuses_a_state_or_another_seats_observation():
    g = new_game(4, seed=2)
    bot = make_bot("medium", 0)
    with pytest.raises(TypeError):
        bot.choose(g, g.legal_actions())
    with pytest.raises(ValueError):
        bot.choose(g.observation((g.current_player + 1) % 4), g.legal_actions())


def test_observation_hides_hands_goals_decks_and_laid_cards():
    g = new_game(4, seed=6)
    g.play(g.legal_actions()[0])  # seat 0 lays two cards
    obs = g.observation(1)
    text = str(obs)
    for card in g.hands[0] + g.laid[0] + g.decks[1]:
        if card not in g.hands[1]:
            assert f"'{card}'" not in text
    for gid in g.goals[0]:
        if gid not in g.goals[1]:
            assert f"'{gid}'" not in text
    spectator = g.observation(None)
    assert spectator["hand"] == [] and spectator["goals"] == [] and "seed" not in spectator


@pytest.mark.parametrize("edition", [1, 2])
def test_determinize_keeps_the_public_and_own_facts(edition):
    g = new_game(5, seed=8, edition=edition)
    rng = random.Random(0)
    for _ in range(120):
        g.play(rng.choice(g.legal_actions()))
    seat = g.current_player
    d = determinize(g.observation(seat), rng)
    assert d.hands[seat] == sorted(g.hands[seat]) or sorted(d.hands[seat]) == sorted(
        g.hands[seat])
    assert d.table == g.table and d.roads == g.roads and d.goals[seat] == g.goals[seat]
    assert d.edition == edition
    assert [len(h) for h in d.hands] == [len(h) for h in g.hands]
    assert [len(x) for x in d.decks] == [len(x) for x in g.decks]
    assert d.legal_actions() == g.legal_actions()
    cards = [c for h in d.hands for c in h] + [c for x in d.decks for c in x]
    assert len(cards) == len(set(cards))


def test_hard_search_is_anytime():
    g = new_game(4, seed=3)
    while g.phase != "act":
        g.play(g.legal_actions()[0])
    bot = make_bot("hard", 0)
    search = bot.start(g.observation(g.turn), g.legal_actions())
    first = search.best()
    assert first in g.legal_actions()
    assert run(search, seconds=None, begin=0.0) in g.legal_actions()
    assert search.finished and search.iterations >= 1


def test_cardgame_imports_only_the_shared_protocol():
    """The card game's modules import nothing of the Inca Empire engine (only the shared
    protocol, typed state, search and shelf, and the standard library)."""
    import ast
    import pathlib

    import inca_core.cardgame as pkg
    allowed = {"inca_core.protocol", "inca_core.typedstate", "inca_core.search",
               "inca_core.shelf", "inca_core.cardgame"}
    for path in pathlib.Path(pkg.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                if name.startswith("inca_core"):
                    assert name in allowed or name.startswith("inca_core.cardgame."), (
                        path.name, name)


def _in_act_phase(seed):
    g = new_game(4, seed=seed)
    while g.phase != "act":
        g.play(g.legal_actions()[0])
    return g


def test_an_own_trade_agreement_in_play_is_worth_its_weight():
    from inca_core.cardgame.bots import FULL, Weights, value
    g = _in_act_phase(5)
    seat = g.turn
    with_trade = g.copy()
    with_trade.trades.append(["A18", seat, 0, 1])
    with_trade.supply[seat] -= 1
    w = Weights(trade=2.0)
    plain = value(with_trade, seat, FULL) - value(g, seat, FULL)
    assert value(with_trade, seat, w) - value(g, seat, w) >= plain + 2.0 + w.active - 1e-9


def test_active_pool_beyond_the_hand_is_worth_nothing_at_the_end():
    from inca_core.cardgame.bots import FULL, Weights, value
    g = _in_act_phase(7)
    seat = g.turn
    g.era = 4
    g.hands[seat] = g.hands[seat][:1]
    g.trades = [t for t in g.trades if t[1] != seat]
    low, high = g.copy(), g.copy()
    low.active[seat], high.active[seat] = 3, 10  # seven more tokens out of the Supply
    high.supply[seat] = low.supply[seat] - 7
    w = Weights(capacity=3.0)
    assert value(high, seat, w) == value(low, seat, w)
    assert value(high, seat, FULL) > value(low, seat, FULL)


def test_a_goal_half_done_counts_less_in_a_later_era():
    from inca_core.cardgame.bots import Weights, value
    g = _in_act_phase(9)
    seat = g.turn
    w = Weights(late_curve=0.5, hand_place=0.0, hand_action=0.0, route=0.0, active=0.0,
                supply=0.0, spare=0.0)
    late = g.copy()
    late.era = 3
    assert value(late, seat, w) < value(g, seat, w)
