"""Random full games over 3 and 4 players and every variant combination, with invariants checked
after every action; observation and determinization properties."""

import dataclasses
import itertools
import json
import os
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inca_core import Action, IllegalAction, determinize, new_game
from inca_core.empire import components as C
from inca_core.empire.actions import ARITY
from inca_core.empire.codes import UNCONQUERED
from inca_core.empire.game import HISTORY, Game

VARIANT_SETS = [frozenset(c) for n in range(4) for c in itertools.combinations(C.VARIANTS, n)]
#: Games per (players, variants) setting: 2 x 8 x 25 = 400 games in the suite; set
#: INCA_PROPERTY_GAMES to run more (e.g. 200 for 3,200 games).
GAMES_PER_SETTING = int(os.environ.get("INCA_PROPERTY_GAMES", "25"))


def _reachable(game, seat):
    t = game.t
    root = t.root_site[game.pos[seat]]
    seen = {root}
    stack = [root]
    while stack:
        s = stack.pop()
        for link in t.site_links[s]:
            if seat in game.road[link]:
                a, b = t.link_ends[link]
                o = b if a == s else a
                if o not in seen:
                    seen.add(o)
                    stack.append(o)
    return seen


def check_invariants(game, prev_scores, cut, rule_check=True):
    n = game.n
    t = game.t
    assert all(x >= 0 for x in game.labor)
    assert all(a >= b for a, b in zip(game.score, prev_scores, strict=True)), "VP decreased"
    for seat in range(n):
        assert sum(game.breakdown[seat].values()) == game.score[seat]
        net = set(game.net[seat])
        assert net == _reachable(game, seat)
        assert len(net) == len(game.net[seat])
        if not cut[seat]:  # every road is part of the network unless Rural Unrest cut it
            for link, owners in enumerate(game.road):
                if seat in owners:
                    a, b = t.link_ends[link]
                    assert a in net and b in net
        # one terrace per marker, only beside own markers
        mine = [r for r in t.standard_regions if game.owner[r] == seat]
        assert game.terraces[seat] == sum(game.terrace[r] for r in mine)
    assert all(game.owner[r] != UNCONQUERED for r in range(len(t.region_ids)) if game.terrace[r])
    if rule_check:  # the cached conquered-region rule is up to date
        conquered = [owner != UNCONQUERED for owner in game.owner]
        rule = [all(conquered[r] for r in t.link_regions[link])
                or any(conquered[r] for r in t.link_end_regions[link])
                for link in range(len(t.link_ids))]
        assert rule == [bool(b) for b in game.buildable]
    # the start roads stay (starting regions are conquered)
    for seat in range(n):
        assert game.road[t.start_link[game.pos[seat]]] == (seat,)
    # cards and markers are conserved
    cards = Counter(game.deck) + Counter(game.discard)
    for hand in game.hands:
        assert len(hand) <= C.HAND_SIZE
        cards.update(hand)
    for q in game.qcards:
        cards.update(c[0] for c in q)
    expected = C.deck_counts(n, game.variants)
    assert [cards[k] for k in range(len(C.CARD_KINDS))] == expected
    markers = Counter(m for m in game.marker if m >= 0) + Counter(game.set_aside)
    assert [markers[k] for k in range(6)] == C.marker_counts(n)
    if not game.is_over:
        assert game.legal_actions(), "a player to move must have an action"


def random_position(players, seed, variants, steps):
    """The game after up to ``steps`` random legal actions."""
    game = new_game(players, seed=seed, variants=variants)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


def play_checked(players, seed, variants):
    game = new_game(players, seed=seed, variants=variants)
    rng = random.Random(seed)
    trace = []
    cut = [False] * players
    while not game.is_over:
        key = (game.round, game.phase_i, game.phase)
        if not trace or trace[-1] != key:
            trace.append(key)
        prev = list(game.score)
        legal = game.legal_actions()
        action = rng.choice(legal)
        preview = game.preview(action)
        seat = game.current_player
        labor = game.labor[seat]
        assert preview["labor"] <= labor
        game.play(action)
        if (game.round, game.phase_i) == key[:2]:  # no income or scoring in between
            assert labor - game.labor[seat] == preview["labor"], action
            assert game.score[seat] - prev[seat] == preview["vp"], action
        for q, cards in enumerate(game.qcards):
            if any(c[0] == C.RURAL_UNREST for c in cards):
                for seat in game.quadrant_seats[q]:
                    cut[seat] = True
        check_invariants(game, prev, cut, rule_check=action.kind == "conquer" or game.is_over)
    expected = [(r.number, i, p) for r in C.era_track(variants) for i, p in enumerate(r.phases)
                if p in (C.SUN, C.PEOPLE)]
    if C.PIZARRO in variants:
        assert trace == expected[: len(trace)]
        final = [k for k in expected if k[0] == 7 and k[2] == C.PEOPLE]
        assert len([k for k in trace if k[0] == 7 and k[2] == C.PEOPLE]) == game.invasion_turned
        assert game.invasion_turned <= len(final)
    else:
        assert trace == expected
    assert len(game.vp_history) == len(C.era_track(variants)) - 1
    return game


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(sorted(v)) or "base")
def test_random_games_keep_every_invariant(players, variants):
    for i in range(GAMES_PER_SETTING):
        game = play_checked(players, 1000 * players + i, variants)
        assert game.is_over and game.current_player is None
        assert sorted(game.ranking) == list(range(players))


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    game = new_game(4, seed=9)
    rng = random.Random(9)
    probes = [Action.parse(t) for t in ("road c001", "city cuzco", "conquer cuzco", "pass",
                                        "end", "sun rural_unrest q0", "terrace cuzco",
                                        "pilgrim great_pilgrimage roads", "upgrade cuzco")]
    while not game.is_over:
        legal = set(game.legal_actions())
        before = game.fingerprint() if rng.random() < 0.05 else None
        for probe in probes:
            if probe not in legal:
                with pytest.raises(IllegalAction) as err:
                    game.play(probe)
                assert err.value.reason and "takes an Action" not in err.value.reason
        if before is not None:
            assert game.fingerprint() == before
        game.play(rng.choice(game.legal_actions()))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([3, 4]), st.sampled_from(VARIANT_SETS),
       st.integers(0, 400))
def test_determinize_is_consistent_with_the_observation(seed, players, variants, steps):
    game = random_position(players, seed, variants, steps)
    state = game.to_dict()
    assert Game.from_dict(state, 1, game.board).fingerprint() == game.fingerprint()
    for viewer in range(players):
        obs = game.observation(viewer)
        assert json.loads(json.dumps(obs)) == obs  # JSON-ready
        sample = determinize(json.loads(json.dumps(obs)), random.Random(seed + viewer))
        assert sample.observation(viewer) == obs
        if viewer == game.current_player:
            assert sample.legal_actions() == game.legal_actions()
        # the sample plays on to the end
        r = random.Random(viewer)
        while not sample.is_over:
            sample.play(r.choice(sample.legal_actions()))


def test_observation_hides_exactly_the_hidden_parts():
    game = new_game(4, seed=3, variants={"pizarro"})
    rng = random.Random(3)
    while game.phase != "sun" or not any(game.placed):
        game.play(rng.choice(game.legal_actions()))
    full = game.to_dict()
    for viewer in range(4):
        obs = game.observation(viewer)
        assert obs["deck"] is None and obs["set_aside"] is None
        assert obs["hands"][viewer] == full["hands"][viewer]
        assert all(obs["hands"][s] is None for s in range(4) if s != viewer)
        assert obs["hand_sizes"] == full["hand_sizes"]
        for qo, qf in zip(obs["quadrants"], full["quadrants"], strict=True):
            for co, cf in zip(qo["cards"], qf["cards"], strict=True):
                visible = cf["face_up"] or cf["owner"] == viewer
                assert co["card"] == (cf["card"] if visible else None)
        for rid, region in obs["regions"].items():
            hidden = not full["regions"][rid]["revealed"]
            assert (region["marker"] is None) == (hidden or full["regions"][rid]["marker"] is None)
        assert all(m is None for m in obs["invasion"]["markers"])
        same = {k for k in full if full[k] == obs[k]}
        assert set(full) - same <= {"viewer", "hands", "deck", "set_aside", "quadrants",
                                    "regions", "invasion"}


def test_copy_shares_no_mutable_state():
    game = new_game(4, seed=4)
    rng = random.Random(4)
    for _ in range(150):
        game.play(rng.choice(game.legal_actions()))
    before = game.fingerprint()
    twin = game.copy()
    assert twin.fingerprint() == before
    while not twin.is_over:
        twin.play(rng.choice(twin.legal_actions()))
    assert game.fingerprint() == before
    again = game.copy()
    r1, r2 = random.Random(1), random.Random(1)
    a, b = game.copy(), again
    while not a.is_over:
        a.play(r1.choice(a.legal_actions()))
        b.play(r2.choice(b.legal_actions()))
    assert a.fingerprint() == b.fingerprint()  # copies carry the random generator too


def _perft_copy(game, depth):
    if depth == 0 or game.is_over:
        return [tuple(map(str, game.legal_actions()))]
    leaves = []
    for action in game.legal_actions():
        child = game.copy()
        child.play(action)
        leaves.extend(_perft_copy(child, depth - 1))
    return leaves


def _perft_replay(players, seed, actions, depth):
    game = new_game(players, seed=seed)
    for action in actions:
        game.play(action)
    if depth == 0 or game.is_over:
        return [tuple(map(str, game.legal_actions()))]
    leaves = []
    for action in game.legal_actions():
        leaves.extend(_perft_replay(players, seed, [*actions, action], depth - 1))
    return leaves


@pytest.mark.parametrize("players,seed,steps", [(4, 21, 3), (3, 22, 40)])
def test_perft_by_copy_equals_perft_by_replay(players, seed, steps):
    game = random_position(players, seed, frozenset(), steps)
    by_copy = _perft_copy(game, 2)
    assert by_copy == _perft_replay(players, seed, list(game.actions), 2)
    assert len(by_copy) > 20


def _position(seed):
    game = new_game(4, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(300)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


_POSITIONS = {}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 5), st.data())
def test_any_action_is_either_legal_or_refused_with_a_reason(seed, data):
    if seed not in _POSITIONS:
        _POSITIONS[seed] = _position(seed)
    game = _POSITIONS[seed]
    board = game.board
    ids = (sorted(board.connections) + [w.id for w in board.wilderness] + sorted(board.sites)
           + sorted(board.regions) + list(C.CARD_IDS) + ["q0", "q3", "q9", "x", "roads", "build"])
    kind = data.draw(st.sampled_from(sorted(ARITY)))
    target = data.draw(st.sampled_from(ids))
    extra = data.draw(st.sampled_from(ids)) if kind in ("sun", "pilgrim") else ""
    action = Action(kind, target if kind not in ("end", "pass") else "", extra)
    before = game.fingerprint()
    if game.is_legal(action):
        assert isinstance(game.preview(action)["text"], str)
        return
    with pytest.raises(IllegalAction) as err:
        game.play(action)
    assert isinstance(err.value.reason, str) and err.value.reason.endswith(".")
    with pytest.raises(IllegalAction):
        game.preview(action)
    assert game.fingerprint() == before


def test_copies_reshuffle_alike_whichever_plays_first():
    game = new_game(4, seed=6)
    rng = random.Random(6)
    while game.phase != "sun":
        game.play(rng.choice(game.legal_actions()))
    game.discard, game.deck = game.deck, []  # the next draw reshuffles
    first, second = game.copy(), game.copy()
    action = game.legal_actions()[0]
    first.play(action)
    game.play(action)
    second.play(action)
    assert first.deck == game.deck == second.deck
    assert first.fingerprint() == game.fingerprint() == second.fingerprint()
    assert any("shuffled" in e["text"] for e in game.log[-3:])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([3, 4]), st.sampled_from(VARIANT_SETS),
       st.integers(0, 400))
def test_the_dict_form_keeps_every_field_of_the_typed_state(seed, players, variants, steps):
    game = random_position(players, seed, variants, steps)
    back = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    kept = [f.name for f in dataclasses.fields(Game)
            if f.metadata.get("state", True) and f.name not in HISTORY]
    assert len(kept) > 50
    for name in kept:
        assert getattr(back, name) == getattr(game, name), name
