"""Sun phase (rulebook: SUN PHASE and its turn-order example)."""

import pytest
from fixtures.helpers import (
    actions_of,
    advance_until,
    conquer_for,
    give_road,
    give_vp,
    play,
    reposition,
    seat_of,
    small_game,
)

from inca_core import IllegalAction
from inca_core.empire import components as C


def _at_first_sun(seed=3, players=4):
    game = small_game(players, seed=seed)
    advance_until(game, lambda g: g.phase == "sun")
    return game


def test_rulebook_turn_order_example_tie_broken_by_arrival():
    # Blue is last and gets tile 1. Green and Brown tie, but Brown arrived later (outside), so
    # Brown gets 2 and Green 3. Orange leads and gets 4.
    game = small_game(4, seed=8)
    blue, green, brown, orange = (seat_of(game, s) for s in C.SUYU_COLOURS)
    give_vp(game, (orange, 9), (green, 5), (brown, 5), (blue, 2))
    advance_until(game, lambda g: g.phase == "sun")
    assert game.order == [blue, brown, green, orange]
    assert game.current_player == blue


def test_place_face_down_draw_replacement_one_new_card_per_quadrant():
    game = _at_first_sun()
    first = game.current_player
    card = game.hands[first][0]
    deck = len(game.deck)
    play(game, f"sun {C.CARD_IDS[card]} q1")
    assert len(game.hands[first]) == 3 and len(game.deck) == deck - 1
    assert game.qcards[1] == [(card, first, False)]
    second = game.current_player
    assert second != first
    assert not any(a.endswith(" q1") for a in actions_of(game))
    with pytest.raises(IllegalAction, match="already placed on the quadrant of"):
        play(game, f"sun {C.CARD_IDS[game.hands[second][0]]} q1")
    # hidden from the others, known to the one who placed it
    assert game.observation(second)["quadrants"][1]["cards"] == [
        {"card": None, "owner": first, "face_up": False}]
    assert game.observation(first)["quadrants"][1]["cards"][0]["card"] == C.CARD_IDS[card]
    assert game.observation(second)["hands"][first] is None
    assert game.observation(second)["deck"] is None
    assert not any(C.CARD_KINDS[card].name in e["text"] for e in game.log[-3:])


def test_card_not_in_hand_is_refused():
    game = _at_first_sun()
    seat = game.current_player
    missing = next(k for k in C.CARD_IDS if C.CARD_INDEX[k] not in game.hands[seat])
    with pytest.raises(IllegalAction, match="has no"):
        play(game, f"sun {missing} q0")


def test_all_cards_revealed_after_everyone_placed_then_people_phase():
    game = _at_first_sun()
    for _ in range(4):
        game.play(game.legal_actions()[0])
    assert game.phase == "people"
    assert all(len(q) == 1 and q[0][2] for q in game.qcards)
    assert sum("Revealed on the quadrant of" in e["text"] for e in game.log) == 4


def test_cards_stack_through_the_round_and_are_discarded_at_sapa_inca():
    game = _at_first_sun()
    advance_until(game, lambda g: g.phase == "people" and g.phase_i == 4)
    assert [len(q) for q in game.qcards] == [2, 2, 2, 2]
    advance_until(game, lambda g: g.round == 3)
    assert all(not q for q in game.qcards)  # cleared before round 3 starts
    assert len(game.discard) == 8


def test_a_card_affects_the_two_players_whose_lines_border_it():
    game = _at_first_sun()
    q = 2
    card = game.hands[game.current_player][0]
    play(game, f"sun {C.CARD_IDS[card]} q{q}")
    for _ in range(3):
        game.play(game.legal_actions()[0])
    a, b = game.quadrant_seats[q]
    for seat in range(4):
        affected = C.CARD_IDS[card] in game.effects(seat)
        on_other_quadrants = any(c[0] == card for qq in game.seat_quadrants[seat] if qq != q
                                 for c in game.qcards[qq])
        assert affected == (seat in (a, b) or on_other_quadrants)


def test_reshuffle_discards_when_the_deck_runs_out():
    game = _at_first_sun()
    reposition(game, lambda d: d.update(discard=d["deck"][:-1], deck=d["deck"][-1:]))
    game.play(game.legal_actions()[0])
    assert len(game.deck) == 0
    game.play(game.legal_actions()[0])
    assert any("shuffled into a new Sun Event deck" in e["text"] for e in game.log)
    assert game.discard == [] and all(len(h) == 3 for h in game.hands)


def _force_next_card(game, kind, quadrant):
    """The current player places ``kind`` (put in its hand first) on ``quadrant``."""
    seat = game.current_player

    def change(d):
        hand = d["hands"][seat]
        hand[0] = kind
        hand.sort(key=C.CARD_INDEX.__getitem__)
    reposition(game, change)
    play(game, f"sun {kind} q{quadrant}")


def test_rural_unrest_destroys_roads_in_unconquered_regions_of_both_players():
    game = _at_first_sun()
    north = seat_of(game, "Chinchaysuyu")
    q = game.seat_quadrants[north][1]
    east = seat_of(game, "Antisuyu")  # shares quadrant q with North
    south = seat_of(game, "Collasuyu")  # does not border q
    assert set(game.quadrant_seats[q]) == {north, east}
    for link in ("c3_2W", "c3_2E", "c4_2W"):  # c4_2W lies in the unconquered r4_2
        give_road(game, east, link)
    for link in ("c2_3N", "c2_3S", "c2_4N"):  # c2_4N lies in the unconquered r2_4
        give_road(game, south, link)
    give_road(game, north, "c2_1S")
    give_road(game, north, "c2_1N")
    give_road(game, north, "c2_0S")  # in the unconquered r2_0
    give_road(game, north, "r2_0SW")  # in r2_0 too, hangs off s... via eh2_1
    assert game.innet[north][game.t.site_index["s2_0"]]
    _force_next_card(game, "rural_unrest", q)
    while game.phase == "sun":
        game.play(game.legal_actions()[0])
    road = game.to_dict()["roads"]
    assert "c2_0S" not in road and "r2_0SW" not in road
    assert road["c2_1N"] == north  # in the starting region: kept
    assert not game.innet[north][game.t.site_index["s2_0"]]
    assert "c4_2W" not in road and road["c3_2E"] == east
    assert road["c2_4N"] == south


def test_rural_unrest_from_an_earlier_sun_phase_strikes_again():
    game = _at_first_sun()
    north = seat_of(game, "Chinchaysuyu")
    q = game.seat_quadrants[north][1]
    _force_next_card(game, "rural_unrest", q)
    advance_until(game, lambda g: g.phase == "people")
    give_road(game, north, "c2_1S")
    give_road(game, north, "c2_1N")
    give_road(game, north, "c2_0S")
    advance_until(game, lambda g: g.phase == "people" and g.phase_i == 4)
    assert "c2_0S" not in game.to_dict()["roads"]


def test_popular_support_gives_labor_per_resistance_one_marker_each_sun_phase():
    game = _at_first_sun()
    north = seat_of(game, "Chinchaysuyu")
    conquer_for(game, north, "r0_0", "A")
    conquer_for(game, north, "r0_1", "A")
    conquer_for(game, north, "r0_2", "B")
    q = game.seat_quadrants[north][0]
    _force_next_card(game, "popular_support", q)
    labor = game.labor[north]
    advance_until(game, lambda g: g.phase == "people")
    assert game.labor[north] == labor + 2
    labor = game.labor[north]
    spent = 0
    while game.phase == "people":
        if game.current_player == north:
            spent = game.labor[north]
        from fixtures.helpers import passive
        passive(game)
    advance_until(game, lambda g: g.phase == "people")
    assert game.labor[north] == labor + 2 and spent == labor
