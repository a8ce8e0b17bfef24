"""Rules edition 7 of the card game: the card set of issue 22, fourth step
(docs/cardgame/CARDGAME.md, "Rules editions"): 95 tokens a player at 4 and 5 players.
Each test of the change fails under edition 6 (``EDITION_UNDER_TEST = 6`` shows it), whose games
keep their data; ``test_the_cards_goals_and_small_counts_are_edition_6s`` pins what did not
change."""

from cardgame_positions import saved_game

from inca_core.cardgame.cards import era_cards, goal_need
from inca_core.cardgame.game import EDITION
from inca_core.cardgame.spec import SPEC, data_digest

EDITION_UNDER_TEST = 7


def test_new_games_are_edition_7_or_later():
    assert EDITION >= EDITION_UNDER_TEST
    assert SPEC.new_game(4, 1, edition=EDITION_UNDER_TEST).edition == EDITION_UNDER_TEST


def test_at_four_and_five_players_each_player_has_95_tokens():
    # With hard bots in every seat about 76 (4 players) and 75 (5 players) tokens a player get
    # placed before the actions run out; with 85 an eighth and a sixth placed them all.
    for players in (4, 5):
        g = SPEC.new_game(players, 1, edition=EDITION_UNDER_TEST)
        assert g.tokens == 95
        assert all(g.supply[s] + g.active[s] == 95 for s in range(players))
        assert SPEC.new_game(players, 1, edition=6).tokens == 85


def test_the_cards_goals_and_small_counts_are_edition_6s():
    assert era_cards(EDITION_UNDER_TEST) == era_cards(6)
    for gid in ("G12", "G18", "G23"):
        for players in (2, 3, 4, 5):
            assert goal_need(gid, players, EDITION_UNDER_TEST) == goal_need(gid, players, 6)
    for players in (2, 3):
        assert SPEC.new_game(players, 1, edition=EDITION_UNDER_TEST).tokens == 110
    a, b = SPEC.new_game(4, 11, edition=6), SPEC.new_game(4, 11, edition=EDITION_UNDER_TEST)
    assert (a.decks, a.hands, a.goals) == (b.decks, b.hands, b.goals)


def test_edition_7_data_has_a_digest_of_its_own_and_edition_6s_fixture_keeps_its_own():
    assert data_digest(4, EDITION_UNDER_TEST) != data_digest(4, 6)
    assert saved_game(6).tokens == 110


def test_the_fixture_of_edition_7_replays_under_its_own_data():
    # A finished 4-player game of medium bots (made by tools/cardgame_fixture.py).
    game = saved_game(EDITION_UNDER_TEST)
    assert game.n == 4 and game.tokens == 95
