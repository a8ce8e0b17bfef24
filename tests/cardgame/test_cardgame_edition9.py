"""Rules edition 9 of the card game: the printed counts (issue 60; docs/cardgame/CARDGAME.md,
"Rules register: the printed counts"): 70 tokens a player and the activation of 6 plus one per
pair of Terraces at every player count, 111 Era cards, and ordinary Colcas with corners a Wild
Colca can meet. Each test of the change fails under edition 8 (``EDITION_UNDER_TEST = 8`` shows
it), whose games keep their data."""

from collections import Counter

from cardgame_positions import saved_game

from inca_core.cardgame.cards import CARDS, SLOTS, era_cards
from inca_core.cardgame.game import EDITION, link_cost
from inca_core.cardgame.spec import SPEC

EDITION_UNDER_TEST = 9
PLAYERS = (2, 3, 4, 5)


def test_new_games_are_edition_9():
    assert EDITION == EDITION_UNDER_TEST and SPEC.new_game(4, 1).edition == EDITION_UNDER_TEST


def test_each_player_has_a_set_of_70_tokens_at_every_player_count():
    # Rulebook CONTENTS "70 (5 sets) Fame/Road tokens", SETUP 3 "a set of 70".
    for players in PLAYERS:
        g = SPEC.new_game(players, 1, edition=EDITION_UNDER_TEST)
        assert g.tokens == 70
        assert all(g.supply[s] + g.active[s] == 70 for s in range(players))


def test_each_era_activates_6_tokens_plus_one_per_pair_of_terraces_at_every_count():
    # Rulebook "1. ACTIVATE TOKENS": 6 plus 1 for each pair of Terraces (no 7 at 2 players).
    for players in PLAYERS:
        g = SPEC.new_game(players, 1, edition=EDITION_UNDER_TEST)
        assert g.active == [6] * players
        while g.era == 1:  # Terraces only, so every seat has some at Era II
            legal = g.legal_actions()
            g.play(next((a for a in legal if type(a).__name__ == "Terrace"), legal[0]))
        era2 = next(e["event"] for e in g.log_entries
                    if e.get("event", {}).get("kind") == "era" and e["event"]["era"] == 2)
        terraces = [len(t) for t in g.terraces]
        assert any(t >= 2 for t in terraces)
        assert era2["tokens"] == [6 + t // 2 for t in terraces]


def test_the_era_decks_hold_111_cards_30_27_27_27():
    # Rulebook CONTENTS "111 Era cards"; at 5 players 25 of each deck are dealt.
    cards = era_cards(EDITION_UNDER_TEST)
    assert len(cards) == 111
    assert Counter(c.era for c in cards.values()) == {1: 30, 2: 27, 3: 27, 4: 27}
    for players in PLAYERS:
        g = SPEC.new_game(players, 3, edition=EDITION_UNDER_TEST)
        held = [c for h in g.hands for c in h if CARDS[c].kind != "start"]
        assert sum(map(len, g.decks)) + len(held) == 111


def test_era_i_holds_exactly_five_trade_agreements_one_dealt_to_each_of_five_players():
    # SETUP 5 deals a Trade Agreement to each player from Era I's deck (at least five there).
    era1 = [c for c in era_cards(EDITION_UNDER_TEST).values() if c.era == 1]
    assert sum(c.kind == "trade" for c in era1) == 5
    g = SPEC.new_game(5, 2, edition=EDITION_UNDER_TEST)
    assert all(sum(CARDS[c].kind == "trade" for c in h) == 1 for h in g.hands)
    assert not any(CARDS[c].kind == "trade" for c in g.decks[0])


def test_an_ordinary_colca_shows_the_corners_its_column_allows():
    allowed = {"coast": {"NE", "SE"}, "plateau": {"NE", "SE", "SW", "NW"},
               "mountain": {"SW", "NW"}}
    colcas = [c for c in era_cards(EDITION_UNDER_TEST).values()
              if c.kind == "colca" and c.column != "wild"]
    assert len(colcas) == 28
    for c in colcas:
        corners = {s for s, n in zip(SLOTS, c.conn, strict=True) if n and len(s) == 2}
        assert corners == allowed[c.column], c.id


def test_a_wild_colcas_corner_meets_an_ordinary_colca():
    # "Wild Colcas may connect corners to other Colcas": with ordinary Colcas showing corners,
    # a Wild Colca at 0,2 meets a plateau Colca at 1,1 (its SE corner, the Colca's NW corner).
    cards = era_cards(EDITION_UNDER_TEST).values()
    wild = next(c for c in cards if c.column == "wild" and c.conn[SLOTS.index("SE")])
    plateau = next(c for c in cards if c.kind == "colca" and c.column == "plateau")
    cost = link_cost((0, 2), wild.id, (1, 1), plateau.id, True, EDITION_UNDER_TEST)
    assert cost == wild.conn[SLOTS.index("SE")] + plateau.conn[SLOTS.index("NW")]
    links = sum(link_cost((1, 1), w.id, (1 + dx, 1 + dy), o.id, True, EDITION_UNDER_TEST)
                is not None
                for w in cards if w.column == "wild"
                for o in cards if o.kind == "colca" and o.column == "plateau"
                for dx, dy in ((1, 1), (1, -1), (-1, -1), (-1, 1)))
    assert links > 0
    # Two ordinary Colcas never meet, corner or edge.
    other = next(c for c in cards if c.kind == "colca" and c.column == "coast")
    assert link_cost((0, 2), other.id, (1, 1), plateau.id, True, EDITION_UNDER_TEST) is None


def test_the_fixture_of_edition_9_replays():
    game = saved_game(EDITION_UNDER_TEST)
    assert game.n == 4 and game.tokens == 70
    assert all(game.tokens_in_play(s) <= 70 for s in range(4))
