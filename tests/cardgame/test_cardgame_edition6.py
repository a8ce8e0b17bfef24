"""Rules edition 6 of the card game: the card set of issue 22, third step
(docs/cardgame/CARDGAME.md, "Rules editions"): 110 tokens a player at 2 and 3 players.
Each test of the change fails under edition 5 (``EDITION_UNDER_TEST = 5`` shows it), whose games
keep their data; ``test_the_cards_and_goals_are_edition_5s`` pins what did not change."""

from cardgame_positions import saved_game

from inca_core.cardgame.cards import era_cards, goal_need
from inca_core.cardgame.game import EDITION
from inca_core.cardgame.spec import SPEC, data_digest

EDITION_UNDER_TEST = 6


def test_edition_6_games_can_still_be_made():
    assert EDITION >= EDITION_UNDER_TEST
    assert SPEC.new_game(3, 1, edition=EDITION_UNDER_TEST).edition == EDITION_UNDER_TEST


def test_at_two_and_three_players_each_player_has_110_tokens_and_at_four_and_five_85():
    # With hard bots in every seat about 82 (2 players) and 88 (3 players) tokens a player get
    # placed before the actions run out; with 95 a quarter of the players placed them all.
    for players in (2, 3):
        g = SPEC.new_game(players, 1, edition=EDITION_UNDER_TEST)
        assert g.tokens == 110
        assert all(g.supply[s] + g.active[s] == 110 for s in range(players))
        assert g.tokens > SPEC.new_game(players, 1, edition=5).tokens
    for players in (4, 5):
        assert (SPEC.new_game(players, 1, edition=EDITION_UNDER_TEST).tokens
                == SPEC.new_game(players, 1, edition=5).tokens == 85)


def test_the_cards_and_goals_are_edition_5s():
    assert era_cards(EDITION_UNDER_TEST) == era_cards(5)
    for gid in ("G12", "G18", "G23"):
        for players in (2, 3, 4, 5):
            assert goal_need(gid, players, EDITION_UNDER_TEST) == goal_need(gid, players, 5)
    a, b = SPEC.new_game(3, 11, edition=5), SPEC.new_game(3, 11, edition=EDITION_UNDER_TEST)
    assert (a.decks, a.hands, a.goals) == (b.decks, b.hands, b.goals)


def test_edition_6_data_has_a_digest_of_its_own_and_edition_5s_fixture_keeps_its_own():
    assert data_digest(3, EDITION_UNDER_TEST) != data_digest(3, 5)
    assert saved_game(5).tokens == 95


def test_the_fixture_of_edition_6_replays_under_its_own_data():
    # A finished 3-player game of medium bots (made by tools/cardgame_fixture.py).
    game = saved_game(EDITION_UNDER_TEST)
    assert game.n == 3 and game.tokens == 110
