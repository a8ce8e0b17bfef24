"""The card game's bots: each strength plays legal actions from an observation alone."""

import random

import pytest

from inca_core.cardgame.bots import STRENGTHS, make_bot
from inca_core.cardgame.determinize import determinize
from inca_core.cardgame.spec import SPEC
from inca_core.search import run


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_each_strength_plays_legal_actions_from_an_observation(strength):
    g = SPEC.new_game(3, seed=4)
    bot = make_bot(strength, seed=1)
    for _ in range(40):
        seat = g.current_player
        action = bot.choose(g.observation(seat), g.legal_actions(), iterations=2)
        assert action in g.legal_actions()
        g.play(action)


def test_a_bot_refuses_a_state_or_another_seats_observation():
    g = SPEC.new_game(4, seed=2)
    bot = make_bot("medium", 0)
    with pytest.raises(TypeError):
        bot.choose(g, g.legal_actions())
    with pytest.raises(ValueError):
        bot.choose(g.observation((g.current_player + 1) % 4), g.legal_actions())


def test_observation_hides_hands_goals_decks_and_laid_cards():
    g = SPEC.new_game(4, seed=6)
    g.play(g.legal_actions()[0])  # seat 0 lays two cards
    obs = g.observation(1)
    text = str(obs)
    starts = obs["start_cards"]  # public: the setup names each player's Start card
    assert starts == [next(c for c in h if c.startswith("S")) for h in g.hands]
    for card in g.hands[0] + g.laid[0] + g.decks[1]:
        if card not in g.hands[1] and card not in starts:
            assert f"'{card}'" not in text
    for gid in g.goals[0]:
        if gid not in g.goals[1]:
            assert f"'{gid}'" not in text
    spectator = g.observation(None)
    assert spectator["hand"] == [] and spectator["goals"] == [] and "seed" not in spectator


@pytest.mark.parametrize("edition", [1, 2])
def test_determinize_keeps_the_public_and_own_facts(edition):
    g = SPEC.new_game(5, seed=8, edition=edition)
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
    g = SPEC.new_game(4, seed=3)
    while g.phase != "act":
        g.play(g.legal_actions()[0])
    bot = make_bot("hard", 0)
    search = bot.start(g.observation(g.turn), g.legal_actions())
    first = search.best()
    assert first in g.legal_actions()
    assert run(search, seconds=None, begin=0.0) in g.legal_actions()
    assert search.finished and search.iterations >= 1


def test_hard_search_pauses_within_a_plan():
    """A slice with no time left does one greedy action of a plan (the page's 20 ms slices stay
    short), and slicing it so changes nothing about the choice."""
    g = _in_act_phase(3)
    bot = make_bot("hard", 0)
    whole = bot.start(g.observation(g.turn), g.legal_actions())
    expected = run(whole, seconds=None, begin=0.0)
    sliced = bot.start(g.observation(g.turn), g.legal_actions())
    steps = 0
    while not sliced.step(0.0):
        steps += 1
        assert sliced.iterations <= steps
    assert sliced.best() == expected and sliced.iterations == whole.iterations
    assert steps > 2 * whole.iterations


@pytest.mark.parametrize("strength", ["medium", "hard"])
def test_a_search_ranks_the_actions_in_slices(strength, monkeypatch):
    """Starting a search looks ahead from no action (a page starts it in the task that drew the
    move before), and a slice with no time left looks ahead from at most one legal action; until
    every one is ranked, running out of time may not end the search. The choice is the unsliced
    one."""
    from inca_core.cardgame import bots
    g = _in_act_phase(3)
    expected = make_bot(strength, 0).choose(g.observation(g.turn), g.legal_actions())
    looked = []  # the depth of each look-ahead begun
    after = bots._after_steps
    monkeypatch.setattr(bots, "_after_steps", lambda *a: looked.append(a[-1]) or after(*a))
    search = make_bot(strength, 0).start(g.observation(g.turn), g.legal_actions())
    assert looked == [] and not search.anytime
    while not search.anytime:
        begun = len(looked)
        search.step(0.0)
        assert looked[begun:].count(1) <= 1
    assert looked.count(1) == len(g.legal_actions()) > 2
    assert run(search, seconds=None, begin=0.0) == expected


def _in_act_phase(seed, edition=None):
    g = SPEC.new_game(4, seed=seed, edition=edition)
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
    g = _in_act_phase(9, edition=2)  # edition 2: the Start cards' roads are built at setup
    seat = g.turn
    w = Weights(late_curve=0.5, hand_place=0.0, hand_action=0.0, route=0.0, active=0.0,
                supply=0.0, spare=0.0)
    late = g.copy()
    late.era = 3
    assert value(late, seat, w) < value(g, seat, w)


def test_a_goal_not_met_counts_for_nothing_once_era_iv_leaves_no_action():
    from inca_core.cardgame.bots import Weights, value
    from inca_core.cardgame.cards import GOALS
    from inca_core.cardgame.goals import MEASURES
    g = _in_act_phase(6)

    def under_way(seat):
        return [gid for gid in g.goals[seat]
                if 0 < MEASURES[GOALS[gid].measure][1](g, seat) < GOALS[gid].need]

    seat = next(s for s in g.seat_order() if under_way(s))  # a goal under way but not met
    g.era = 4
    g.trades = [t for t in g.trades if t[1] != seat]
    w = Weights(endgame=2.0, hand_place=0.0, hand_action=0.0, route=0.0, active=0.0,
                supply=0.0, spare=0.0)
    one, none = g.copy(), g.copy()
    one.hands[seat], none.hands[seat] = g.hands[seat][:1], []
    met = sorted(GOALS[gid].vp for gid in g.goals[seat]
                 if MEASURES[GOALS[gid].measure][1](g, seat) >= GOALS[gid].need)
    assert value(none, seat, w) == g.tokens_in_play(seat) + sum(met[-3:])
    assert value(none, seat, w) < value(one, seat, w) < value(g, seat, w)
    plain = Weights(hand_place=0.0, hand_action=0.0, route=0.0, active=0.0, supply=0.0,
                    spare=0.0)
    assert value(none, seat, plain) == value(g, seat, plain)


def test_a_plan_counts_only_part_of_what_later_actions_add():
    import dataclasses

    from inca_core.cardgame.bots import HARD, _plan_value, greedy
    g = _in_act_phase(4)
    ranked = [a for _, a in greedy(g, g.legal_actions(), HARD)]
    values = {}
    for patience in (0.0, 0.5, 1.0):
        w = dataclasses.replace(HARD, patience=patience)
        values[patience] = [_plan_value(g, a, w, 8) for a in ranked[:6]]
    gained = 0
    for now, half, full in zip(values[0.0], values[0.5], values[1.0], strict=True):
        assert abs(half - (now + full) / 2) < 1e-9 and now <= full
        gained += full > now
    assert gained  # some plan gains by its later actions


def test_a_goal_of_several_things_counts_each_thing_done():
    from inca_core.cardgame.bots import Weights, value
    g = SPEC.new_game(4, seed=3)
    rng = random.Random(3)
    while True:  # until a seat has tokens on one or two foods, not on all three
        g.play(rng.choice(g.legal_actions()))
        seats = [s for s in range(4) if 0 < sum(v > 0 for v in g.food_tokens(s).values()) < 3]
        if seats and g.phase == "act":
            break
    seat = seats[0]
    foods = sum(v > 0 for v in g.food_tokens(seat).values())
    from inca_core.cardgame.bots import HARD
    assert HARD.parts
    g.goals[seat] = ["G10"]  # 1+ token on each food, 12 VP
    bare = dict(hand_place=0.0, hand_action=0.0, route=0.0, active=0.0, supply=0.0, spare=0.0)
    w, old = Weights(parts=True, **bare), Weights(**bare)
    tokens = g.tokens_in_play(seat)
    assert value(g, seat, old) == tokens
    assert abs(value(g, seat, w) - tokens - 12 * foods / 3) < 1e-9
    g.goals[seat] = ["G07"]  # a goal of one thing is measured as before
    assert value(g, seat, w) == value(g, seat, old)


def test_a_goal_nearly_met_counts_less_in_era_iv():
    from inca_core.cardgame.bots import Weights, value
    g = _in_act_phase(6)
    seat = g.turn
    g.goals[seat] = ["G02"]  # plateau Cities, under way
    bare = dict(hand_place=0.0, hand_action=0.0, route=0.0, active=0.0, supply=0.0, spare=0.0)
    w, old = Weights(finish=0.5, **bare), Weights(**bare)
    assert value(g, seat, w) == value(g, seat, old)  # Era I: no change
    g.era = 4
    tokens = g.tokens_in_play(seat)
    assert abs(value(g, seat, w) - tokens - (value(g, seat, old) - tokens) / 2) < 1e-9
    assert value(g, seat, w) < value(g, seat, old)


def test_an_extra_workforce_card_is_drafted_by_what_it_does_now():
    import dataclasses

    from inca_core.cardgame.bots import HARD, _card_worth
    from inca_core.cardgame.cards import CARDS
    w = dataclasses.replace(HARD, draft_work=True)
    g = SPEC.new_game(4, seed=0, edition=2)  # edition 2: a route beyond Cuzco from the setup
    while g.phase != "take":
        g.play(g.legal_actions()[0])
    seat = g.turn
    works = [c for c in CARDS if CARDS[c].kind == "work" and CARDS[c].era == 1]
    worth = {CARDS[c].effect: _card_worth(g, seat, c, w) for c in works}
    assert len(set(worth.values())) > 2
    assert worth["EW_ROADS2"] > worth["EW_RESTRICT"]
    assert {_card_worth(g, seat, c, HARD) for c in works} == {2.0}


def test_hard_drafts_by_planning_its_era_with_the_hand_left():
    from inca_core.cardgame.bots import HARD, _draft_value
    g = SPEC.new_game(4, seed=0)
    while g.phase != "take":
        g.play(g.legal_actions()[0])
    search = make_bot("hard", 0).start(g.observation(g.turn), g.legal_actions())
    choice = run(search, seconds=None, begin=0.0)
    assert search.iterations == len(g.legal_actions()) > 1
    sampled = search.g  # the state the bot sampled from its observation
    values = [_draft_value(sampled, a, HARD, HARD.draft_plan) for a in g.legal_actions()]
    assert _draft_value(sampled, choice, HARD, HARD.draft_plan) == max(values)
    assert len(set(values)) > 1


def test_the_easy_bot_slips_per_decision_even_when_rebuilt_every_move():
    """The page builds a new bot for every move: the easy bot's slips (a random action instead
    of its choice, 15% of the time) must still come decision by decision, not all or nothing
    per seat. A slip shows as a choice that differs from a twin bot that never slips but draws
    the same numbers."""
    import dataclasses

    from inca_core.cardgame.bots import CRUDE, GreedyBot
    from inca_core.search import bot_seed

    steady = dataclasses.replace(CRUDE, slips=0.0)
    shares = []
    for seed in range(1, 4):
        g = SPEC.new_game(3, seed=seed)
        decisions, slips = [0] * 3, [0] * 3
        while not g.is_over:
            seat = g.current_player
            obs, legal = g.observation(seat), g.legal_actions()
            chosen = make_bot("easy", bot_seed(seed, seat)).choose(obs, legal)
            if len(legal) > 1 and g.phase not in ("lay", "take"):
                twin = GreedyBot("easy", bot_seed(seed, seat), steady).choose(obs, legal)
                decisions[seat] += 1
                slips[seat] += chosen != twin
            g.play(chosen)
        shares += [s / d for s, d in zip(slips, decisions, strict=True) if d >= 15]
    assert len(shares) >= 6
    assert all(share < 0.5 for share in shares), shares  # never a seat that always slips
    assert sum(share > 0 for share in shares) >= len(shares) // 2  # most seats slip sometimes
    assert 0.03 < sum(shares) / len(shares) < 0.3


def test_medium_opens_its_route_with_its_start_card_under_rules_edition_3():
    """A Start card in hand is a route not opened (``Weights.start``): medium builds it first
    (without that term it built another card, or played a Trade Agreement, at most seeds)."""
    import dataclasses

    from inca_core.cardgame.actions import Build
    from inca_core.cardgame.bots import MEDIUM, greedy
    from inca_core.cardgame.cards import CARDS
    built = {True: 0, False: 0}
    for seed in (3, 4, 5, 7, 8):
        g = _in_act_phase(seed, edition=3)
        legal = g.legal_actions()
        for with_term in (True, False):
            w = MEDIUM if with_term else dataclasses.replace(MEDIUM, start=0.0)
            best = greedy(g, legal, w)[0][1]
            built[with_term] += isinstance(best, Build) and CARDS[best.card].kind == "start"
    assert built == {True: 5, False: 0}
