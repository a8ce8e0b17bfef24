"""Rules edition 5 of the card game: the card set of issue 22, second step
(docs/cardgame/CARDGAME.md, "Rules editions", gives each change and why). Each test pins
one change of the data; each fails under edition 4 (``EDITION_UNDER_TEST = 4`` shows it), whose
games keep their data."""

import json
import pathlib

import cardgame_positions
from cardgame_positions import saved_game, with_roads

from inca_core.cardgame.actions import Build
from inca_core.cardgame.cards import CARDS, era_cards, goal_need
from inca_core.cardgame.game import EDITION, CardGame
from inca_core.cardgame.spec import SPEC, data_digest

EDITION_UNDER_TEST = 5
CUZCO = (1, 0)
ROOT = pathlib.Path(__file__).resolve().parents[2]


def position(players: int = 4, seed: int = 1, **fields) -> CardGame:
    """Era I's action phase of a game of edition ``EDITION_UNDER_TEST``, ``fields`` replaced."""
    return cardgame_positions.position(EDITION_UNDER_TEST, players, seed, **fields)


def colcas(edition: int) -> list[str]:
    """The Colcas (not Wild) of ``edition`` in the data's order."""
    return [c.id for c in era_cards(edition).values() if c.kind == "colca" and c.column != "wild"]


def test_edition_5_games_can_still_be_made():
    assert EDITION >= EDITION_UNDER_TEST
    assert SPEC.new_game(4, 1, edition=EDITION_UNDER_TEST).edition == EDITION_UNDER_TEST


def test_an_edition_5_game_plays_its_own_colcas_and_an_edition_4_game_keeps_its_own():
    mine, old = set(colcas(EDITION_UNDER_TEST)), set(colcas(4))
    assert mine.isdisjoint(old)
    for edition in (4, EDITION_UNDER_TEST):
        g = SPEC.new_game(5, 7, edition=edition)
        dealt = {c for deck in g.decks for c in deck} | {c for h in g.hands for c in h}
        assert (mine <= dealt, old <= dealt) == (edition != 4, edition == 4)


# --- Tokens and activation by player count ---

def test_at_two_and_three_players_each_player_has_more_tokens_than_at_four():
    # Six cards an Era at 2-3 players (five at 4-5): strong players ran out of tokens first.
    four = SPEC.new_game(4, 1, edition=EDITION_UNDER_TEST).tokens
    for players in (2, 3):
        g = SPEC.new_game(players, 1, edition=EDITION_UNDER_TEST)
        assert g.supply[0] + g.active[0] == g.tokens > four
    two, three, five = (SPEC.new_game(n, 1, edition=EDITION_UNDER_TEST).tokens for n in (2, 3, 5))
    assert three == two and five == four


def test_at_two_players_each_era_activates_one_token_more():
    two = SPEC.new_game(2, 1, edition=EDITION_UNDER_TEST)
    four = SPEC.new_game(4, 1, edition=EDITION_UNDER_TEST)
    assert two.active[0] == four.active[0] + 1
    # Era II: the activation again, plus one token per two Terraces.
    g = position(players=2, terraces=[["A69", "A70"], []], terrace_open=[[0, 0], []])
    for s in range(2):
        g.active[s] = 0
    g._end_era()
    assert g.era == 2 and g.active == [four.active[0] + 2, four.active[0] + 1]


# --- Colcas: each fame box one higher than edition 4's ---

def test_each_colca_is_edition_4s_with_a_fame_box_one_higher():
    mine, old = colcas(EDITION_UNDER_TEST), colcas(4)
    assert len(mine) == len(old)
    for new_id, old_id in zip(mine, old, strict=True):
        new, was = CARDS[new_id], CARDS[old_id]
        assert (new.era, new.column, new.conn, new.huts) == (was.era, was.column, was.conn,
                                                             was.huts), new_id
        assert new.fame == was.fame + 1, new_id


def test_wild_colcas_and_every_other_card_are_edition_4s():
    mine = {cid: c for cid, c in era_cards(EDITION_UNDER_TEST).items() if cid not in
            colcas(EDITION_UNDER_TEST)}
    assert mine == {cid: c for cid, c in era_cards(4).items() if cid not in colcas(4)}
    assert len(era_cards(EDITION_UNDER_TEST)) == len(era_cards(4))
    assert set(colcas(EDITION_UNDER_TEST)).isdisjoint(era_cards(4))


def test_an_era_i_colca_built_beside_a_city_places_its_road_and_two_fame():
    colca = next(c for c in colcas(EDITION_UNDER_TEST) if CARDS[c].column == "coast"
                 and CARDS[c].era == 1 and CARDS[c].conn[4])
    table = {**SPEC.new_game(4, 1, edition=EDITION_UNDER_TEST).table, "0,1": "A51"}
    g = position(hands=[[colca], [], [], []], active=[20] * 4, table=table)
    g = with_roads(g, 0, ((0, 1), CUZCO))
    before = g.tokens_in_play(0)
    g.play(Build(colca, (0, 2), (0, 1)))
    assert g.fame["0,2"][0] == 2
    assert g.tokens_in_play(0) - before == 2 + sum(v[0] for k, v in g.roads.items()
                                                   if "0,2" in k)


# --- Goal thresholds: G18 (roads) and G23 (fame) set anew ---

def test_the_most_roads_goal_asks_less_at_two_and_four_players():
    for players in (2, 4):
        assert goal_need("G18", players, EDITION_UNDER_TEST) < goal_need("G18", players, 4)


def test_the_fame_goal_asks_more_at_three_and_four_players():
    for players in (3, 4):
        assert goal_need("G23", players, EDITION_UNDER_TEST) > goal_need("G23", players, 4)


# --- Saves: the fixture of edition 5 replays; edition 4's is untouched ---

def test_edition_5_data_has_a_digest_of_its_own():
    assert data_digest(3, EDITION_UNDER_TEST) != data_digest(3, 4)
    e4 = json.loads((ROOT / "tests" / "fixtures" / "saves" / "format-2-cardgame-e4.json")
                    .read_text(encoding="utf-8"))
    assert data_digest(e4["players"], 4) == e4["data"]


def test_the_fixture_of_edition_5_replays_under_its_own_data():
    # A finished 3-player game of medium bots (edition 4's fixture: test_cardgame_edition4.py).
    game = saved_game(EDITION_UNDER_TEST)
    assert game.tokens == SPEC.new_game(3, 1, edition=EDITION_UNDER_TEST).tokens


def test_a_seed_deals_edition_4s_cards_with_the_new_colcas_in_their_places():
    # Each new Colca stands in the data where the edition-4 Colca it replaces stood, so the same
    # seed deals the same places (a bench may compare the editions game by game).
    rename = dict(zip(colcas(4), colcas(EDITION_UNDER_TEST), strict=True))
    old, new = SPEC.new_game(4, 11, edition=4), SPEC.new_game(4, 11, edition=EDITION_UNDER_TEST)
    assert [[rename.get(c, c) for c in deck] for deck in old.decks] == new.decks
    assert [[rename.get(c, c) for c in hand] for hand in old.hands] == new.hands
    assert old.decks != new.decks
