"""Rules edition 5 of Wiraqocha: the card market re-costed (issue 23; docs/wiraqocha/WIRAQOCHA.md,
"Technology cards"). Each change is pinned against edition 4, which keeps its costs."""

import random

import pytest

from inca_core.wiraqocha import data, words
from inca_core.wiraqocha.actions import Buy, Factory
from inca_core.wiraqocha.bots import make_bot
from inca_core.wiraqocha.data import CARDS, CARDS_OF, EDITIONS, TILE_ORDER
from inca_core.wiraqocha.determinize import determinize
from inca_core.wiraqocha.game import Wiraqocha
from inca_core.wiraqocha.spec import SPEC, data_digest

#: Edition 5's costs (Resources, Somnium) of the cards it changes, and editions 1-4's.
CHANGED = {"tanks": ((2, 0), (3, 0)), "fortress": ((4, 1), (3, 1)), "field": ((5, 1), (4, 1)),
           "ray": ((5, 1), (4, 1)), "tunneller": ((5, 1), (4, 1))}


def act(edition: int, resources: int, somnium: int, market: list[str]) -> Wiraqocha:
    """Seat 0 in Phase II with its Base Camp on tile 8, ``resources`` and ``somnium``."""
    g = SPEC.new_game(2, seed=1, edition=edition)
    g.layout = TILE_ORDER
    g.turn, g.first, g.phase, g.round = 0, 0, "act", 2
    g.where[0]["B"] = "8"
    g.resources[0], g.somnium[0] = resources, somnium
    g.market = list(market)
    return g


def test_edition_5_changes_only_the_market():
    assert EDITIONS.index(5) == 4  # newer editions: test_wiraqocha_edition6.py
    changed = {c for c in CARDS if CARDS_OF[5][c] != CARDS[c]}
    assert changed == set(CHANGED)
    for e in EDITIONS[:4]:
        assert CARDS_OF[e] == CARDS  # older editions keep their costs
    assert data.TILES_OF[5] == data.TILES_OF[4]
    assert data.FIRST_LAYOUT_OF[5] == data.FIRST_LAYOUT_OF[4]
    # The digest tells the editions' cards apart, so a save says which costs it was played with.
    assert data_digest(2, 5) != data_digest(2, 4) == data_digest(2, 3)


@pytest.mark.parametrize("card", list(CHANGED))
def test_edition_5_costs_each_changed_card_differently(card):
    old, new = CHANGED[card]
    for edition, (r, s) in ((4, old), (5, new)):
        c = CARDS_OF[edition][card]
        assert (c.resources, c.somnium) == (r, s)
        # Exactly the edition's cost buys it; one Resource less does not.
        short = act(edition, r - 1, s, [card])
        assert short.why_not(Buy(card)) is not None
        g = act(edition, r, s, [card])
        assert g.why_not(Buy(card)) is None
        g.play(Buy(card))
        assert (g.resources[0], g.somnium[0]) == (0, 0)
        assert g.leviathan(0) == (r, s)  # the Leviathan counts the edition's cost


def test_the_production_tanks_are_no_longer_the_cheapest_card():
    # Edition 4: the Tanks alone were the cheapest card (and were bought whenever face up).
    others = [c.resources for c in CARDS.values() if c.id != "tanks"]
    assert CARDS["tanks"].resources < min(others)
    others = [c.resources for c in CARDS_OF[5].values() if c.id != "tanks"]
    assert CARDS_OF[5]["tanks"].resources == min(others)


def test_the_words_and_a_bots_sampled_state_use_the_games_own_costs():
    for edition, cost in ((4, "5 Resources and 1 Somnium"), (5, "4 Resources and 1 Somnium")):
        g = act(edition, 5, 1, ["ray"])
        assert words.describe(g, Buy("ray")) == f"Build the Death Ray ({cost})"
        assert determinize(g.observation(1), random.Random(1)).card_info == CARDS_OF[edition]


def test_medium_rolls_the_android_factorys_die_when_it_may_pay():
    # A lone 6 with the Base Camp on tile 8: no tile next to it is a 6, but 6 and a 1 or a 3 make
    # the Vein 7 and the Ruins 9. Medium scores the Factory by the mean over the die's six faces
    # (before, by one sampled die less 3 Resources: it ended the turn, and a bought Factory was
    # hardly ever used).
    g = act(5, 3, 0, ["ray", "field", "tunneller"])
    g.dice = [6]
    g.guard["8"] = 2
    g.cards[0] = ["factory"]
    assert Factory() in g.legal_actions()
    for seed in range(3):
        assert make_bot("medium", seed).choose(g.observation(0), g.legal_actions()) == Factory()


def test_the_victory_race_counts_the_games_own_costs():
    from inca_core.wiraqocha.targets import victory_progress
    for edition, r in ((4, 17), (5, 15)):
        g = act(edition, 0, 0, [])
        g.cards[0] = ["tanks", "ray", "tunneller", "field"]
        assert victory_progress(g.observation(0), 0)["leviathan_resources"][0] == r
        assert g.leviathan(0) == (r, 3)
