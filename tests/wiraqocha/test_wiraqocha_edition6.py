"""Rules edition 6 of Wiraqocha (issue 23; docs/wiraqocha/WIRAQOCHA.md, "Rules editions" and
"Technology cards"): the Death Ray and the Transport Tunneller cost 3 R + 1 S, and the straight
3-4-5 lies in the valley. Each change is pinned against edition 5, which keeps its data."""

import random

import pytest

from inca_core.wiraqocha import data, words
from inca_core.wiraqocha.actions import Buy, Conquer
from inca_core.wiraqocha.data import CARDS_OF, EDITIONS, TILE_ORDER, TILES_OF
from inca_core.wiraqocha.determinize import determinize
from inca_core.wiraqocha.game import Wiraqocha
from inca_core.wiraqocha.spec import SPEC, data_digest
from inca_core.wiraqocha.svg import render_svg

#: Edition 6's costs (Resources, Somnium) of the cards it changes, and edition 5's.
CHANGED = {"ray": ((4, 1), (3, 1)), "tunneller": ((4, 1), (3, 1))}


def act(edition: int, dice=(), resources: int = 0, somnium: int = 0,
        market: tuple[str, ...] = ()) -> Wiraqocha:
    """Seat 0 in Phase II, the valley in printed order, its Base Camp on tile 8 and a Drilling
    token on tile 2, with ``dice`` unused, ``resources`` and ``somnium``."""
    g = SPEC.new_game(2, seed=1, edition=edition)
    g.layout = TILE_ORDER
    g.turn, g.first, g.phase, g.round = 0, 0, "act", 2
    g.where[0]["B"], g.where[0]["D1"] = "8", "2"
    g.dice = sorted(dice)
    g.resources[0], g.somnium[0] = resources, somnium
    g.market = list(market)
    return g


def test_edition_6_changes_only_three_values_of_edition_5():
    assert 6 in EDITIONS
    cards = {c for c in data.CARD_ORDER if CARDS_OF[6][c] != CARDS_OF[5][c]}
    assert cards == set(CHANGED)
    tiles = {t: (TILES_OF[5][t].ground, TILES_OF[6][t].ground)
             for t in TILE_ORDER if TILES_OF[6][t] != TILES_OF[5][t]}
    assert tiles == {"3-4-5": ("mountain", "valley")}
    assert TILES_OF[6]["3-4-5"]._replace(ground="mountain") == TILES_OF[5]["3-4-5"]
    assert data.FIRST_LAYOUT_OF[6] == data.FIRST_LAYOUT_OF[5]
    # Edition 5 keeps its data, and a save says which edition's data it was played with.
    assert TILES_OF[5]["3-4-5"].ground == "mountain"
    assert (CARDS_OF[5]["ray"].resources, CARDS_OF[5]["tunneller"].resources) == (4, 4)
    for players in (2, 3, 4):
        assert data_digest(players, 6) != data_digest(players, 5)


@pytest.mark.parametrize("card", list(CHANGED))
def test_edition_6_sells_the_death_ray_and_the_tunneller_for_3_resources_and_a_crystal(card):
    old, new = CHANGED[card]
    for edition, (r, s) in ((5, old), (6, new)):
        c = CARDS_OF[edition][card]
        assert (c.resources, c.somnium) == (r, s)
        assert act(edition, resources=r - 1, somnium=s, market=(card,)).why_not(Buy(card))
        g = act(edition, resources=r, somnium=s, market=(card,))
        assert g.why_not(Buy(card)) is None
        g.play(Buy(card))
        assert (g.resources[0], g.somnium[0]) == (0, 0)
        assert g.leviathan(0) == (r, s)  # the Leviathan counts the edition's cost
    # 3 Resources and a crystal, what a player may keep between turns: refused under edition 5.
    assert act(5, resources=3, somnium=1, market=(card,)).why_not(Buy(card)) is not None


def test_the_words_and_a_bots_sampled_state_read_edition_6s_costs():
    for edition, cost in ((5, "4 Resources and 1 Somnium"), (6, "3 Resources and 1 Somnium")):
        g = act(edition, resources=4, somnium=1, market=("ray",))
        assert words.describe(g, Buy("ray")) == f"Build the Death Ray ({cost})"
        assert determinize(g.observation(1), random.Random(1)).card_info == CARDS_OF[edition]


def test_edition_6_lays_the_straight_3_4_5_in_the_valley():
    # Edition 5: a mountain, so only a Zeppelin takes it. Edition 6: any token, like the
    # straights 1-2-3, 2-3-4 and 4-5-6.
    take = Conquer("3-4-5", "D1", (3, 4, 5))
    old = act(5, dice=(3, 4, 5))
    assert "mountain" in old.why_not(take)
    new = act(6, dice=(3, 4, 5))
    assert take in new.legal_actions()
    new.play(take)
    assert new.where[0]["D1"] == "3-4-5"
    assert determinize(new.observation(1), random.Random(1)).tiles["3-4-5"].ground == "valley"


def test_the_valley_is_drawn_with_the_games_own_ground_for_the_3_4_5():
    # The drawing (and its spoken names) read the game's edition.
    for edition, ground in ((5, "mountain"), (6, "valley")):
        drawn = render_svg(SPEC.new_game(2, seed=3, edition=edition).observation(0))
        assert f'data-tile="3-4-5" data-ground="{ground}"' in drawn
