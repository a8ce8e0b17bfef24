"""Rules edition 8 of the card game: the first player is drawn from the game's seed (the
rulebook's SETUP 1, "Decide on a first player", leaves the choice to the table; seat 1 led Era I
under editions 1-7, docs/cardgame/CARDGAME.md, "Rules editions"). Each test of the change fails
under edition 7 (``EDITION_UNDER_TEST = 7`` shows it); ``test_the_setup_deals_what_edition_7_deals``
pins what did not change."""

from cardgame_positions import saved_game

from inca_core.cardgame.game import EDITION
from inca_core.cardgame.spec import SPEC, data_digest

EDITION_UNDER_TEST = 8
SEEDS = range(200)


def test_new_games_are_edition_8_or_later():
    assert EDITION >= EDITION_UNDER_TEST
    assert SPEC.new_game(4, 1, edition=EDITION_UNDER_TEST).edition == EDITION_UNDER_TEST


def test_every_seat_leads_era_i_in_some_games_at_every_player_count():
    for players in (2, 3, 4, 5):
        firsts = [SPEC.new_game(players, seed, edition=EDITION_UNDER_TEST).first for seed in SEEDS]
        counts = [firsts.count(seat) for seat in range(players)]
        # Drawn evenly: each seat leads in roughly 1/players of 200 games.
        assert min(counts) >= 200 / players / 2, counts
        assert all(SPEC.new_game(players, seed, edition=7).first == 0 for seed in range(20))


def test_the_drawn_first_player_lays_and_acts_first_and_the_log_names_them():
    seed = next(s for s in SEEDS if SPEC.new_game(4, s, edition=EDITION_UNDER_TEST).first == 2)
    g = SPEC.new_game(4, seed, names=("A", "B", "C", "D"), edition=EDITION_UNDER_TEST)
    assert g.phase == "lay" and g.current_player == 2
    assert g.seat_order() == [2, 3, 0, 1]
    assert g.log[0]["text"].endswith("C plays first.")


def test_the_setup_deals_what_edition_7_deals():
    # The draw comes after every other draw of the setup: a seed deals the same decks, goals and
    # Start cards; only who is dealt Era I's cards first follows the first player.
    for seed in range(20):
        a, b = SPEC.new_game(4, seed, edition=7), SPEC.new_game(4, seed, edition=EDITION_UNDER_TEST)
        assert (a.decks, a.goals, a.tokens) == (b.decks, b.goals, b.tokens)
        assert sorted(c for h in a.hands for c in h) == sorted(c for h in b.hands for c in h)
        if b.first == 0:
            assert a.hands == b.hands
    assert data_digest(4, EDITION_UNDER_TEST) == data_digest(4, 7)


def test_the_fixture_of_edition_8_replays_with_its_drawn_first_player():
    # A finished 4-player game of medium bots (tools/cardgame_fixture.py), seed 2027: the third
    # seat (2) led Era I, so after four Eras the lead is back with it.
    game = saved_game(EDITION_UNDER_TEST)
    assert game.n == 4 and game.first == 2
    assert game.log[0]["text"].endswith("plays first.")
