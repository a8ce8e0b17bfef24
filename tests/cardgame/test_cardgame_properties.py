"""Random games of the card game at every player count, with the invariants of issue 11 checked
after every action, save round trips and text forms (bench/cardgame_fuzz.py runs thousands)."""

import random

import pytest

from inca_core.cardgame.cards import CARDS, COLUMNS
from inca_core.cardgame.determinize import determinize
from inca_core.cardgame.game import CardGame, key_cells
from inca_core.shelf import GAMES


def check_invariants(g: CardGame) -> None:
    """Tokens conserved, routes connected to Cuzco, columns, restrictions, temples, huts."""
    for s in range(g.n):
        on_table = (sum(v[s] for v in g.roads.values()) + sum(v[s] for v in g.fame.values())
                    + sum(k for h, k in g.temples.values() if h == s)
                    + sum(hut.count(s) for huts in g.huts.values() for hut in huts)
                    + sum(t[3] for t in g.trades if t[1] == s) + g.held(s))
        assert g.supply[s] + g.active[s] + on_table == g.tokens
        assert min(g.supply[s], g.active[s]) >= 0
        net = g.network(s)
        for key, tokens in g.roads.items():
            if tokens[s]:
                a, b = key_cells(key)
                assert a in net and b in net, "a road off the route from Cuzco"
    for key, card in g.table.items():
        c = CARDS[card]
        col = int(key.split(",")[0])
        if c.kind in ("city", "colca") and c.column != "wild":
            assert COLUMNS[col] == c.column
    for key, huts in g.huts.items():
        assert len(huts) == len(CARDS[g.table[key]].huts)
        assert all(len(h) <= 2 for h in huts)
    for key, (seat, count) in g.temples.items():
        assert CARDS[g.table[key]].temple and count >= 1 and 0 <= seat < g.n


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_invariants(players):
    spec = GAMES["cardgame"]
    for seed in range(12):
        rng = random.Random(seed)
        g = spec.new_game(players, seed)
        steps = 0
        while not g.is_over:
            legal = g.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            for a in legal:
                assert spec.parse_action(str(a)) == a
            a = rng.choice(legal)
            assert g.why_not(a) is None
            seat, roads = g.current_player, {k: v[:] for k, v in g.roads.items()}
            blocked = set(g.restricted) if "TA_OPEN_ROADS" not in g.effects(seat) else set()
            g.play(a)
            check_invariants(g)
            for key, tokens in g.roads.items():  # Road Restriction honoured
                if tokens[seat] != roads.get(key, [0] * players)[seat]:
                    assert not blocked & set(key.split("|")), (key, a)
            steps += 1
            if steps % 40 == 0:
                copy = CardGame.from_dict(g.to_dict())
                assert copy.fingerprint() == g.fingerprint()
                assert copy.legal_actions() == g.legal_actions()
                seat = g.current_player
                if seat is not None:
                    d = determinize(g.observation(seat), rng)
                    assert d.legal_actions() == g.legal_actions()
        replay = spec.new_game(players, seed)
        for a in g.actions:
            replay.play(a)
        assert replay.fingerprint() == g.fingerprint()
        assert sorted(g.ranking) == list(range(players))
