"""People phase: road building and construction (rulebook: PEOPLE PHASE, Rules easy to forget).

Grid board (tests/fixtures/boards.py), 5x5: Cuzco is cell (2,2); Chinchaysuyu starts in r2_1 north
of it. Its first road is Cuzco - eh2_2 (the edge site between Cuzco and r2_1).
"""

import pytest
from fixtures.helpers import (
    actions_of,
    build_at,
    conquer_for,
    give_road,
    make_current,
    play,
    reposition,
    seat_of,
    set_labor,
    set_marker,
)

from inca_core import IllegalAction


def test_two_free_roads_then_road_building_is_over(north):
    game, seat = north
    play(game, "road c2_1S", "road c2_1N")
    assert game.labor[seat] == 5  # free
    assert game.rs == 2  # done
    acts = actions_of(game)
    assert not any(a.startswith("road ") for a in acts)
    assert "pass" in acts and any(a.startswith("xroad ") for a in acts)


def test_road_building_may_end_early_and_construction_follows(north):
    game, seat = north
    play(game, "road c2_1S", "end")
    assert "pass" in actions_of(game)
    play(game, "pass")
    assert game.current_player != seat


def test_one_action_is_finished_before_the_other_starts(north):
    game, _seat = north
    play(game, "road c2_1S")
    assert "pass" not in actions_of(game)
    with pytest.raises(IllegalAction, match="Finish road building first"):
        play(game, "xroad r2_1ES")


def test_construction_first_then_road_building(north):
    game, seat = north
    play(game, "xroad c2_1S")
    assert game.labor[seat] == 4
    assert game.bs == 2 and game.rs == 0
    play(game, "road c2_1N", "road r2_1ES")
    assert game.current_player != seat


def test_roads_must_connect_to_the_network(north):
    game, _seat = north
    with pytest.raises(IllegalAction, match="join your road system"):
        play(game, "road c2_0N")


def test_one_owner_per_connection(north):
    game, _seat = north
    other = seat_of(game, "Antisuyu")
    give_road(game, other, "r2_2NE")
    assert "road r2_2NE" not in actions_of(game)
    with pytest.raises(IllegalAction, match="already has a road"):
        play(game, "road r2_2NE")


def test_illegal_action_changes_nothing(north):
    game, _seat = north
    before = game.fingerprint()
    with pytest.raises(IllegalAction):
        play(game, "city s0_0")
    with pytest.raises(IllegalAction):
        play(game, "sun rural_unrest q0")
    assert game.fingerprint() == before and not game.actions


def test_road_in_unconquered_region_needs_an_end_touching_a_conquered_region(north):
    game, seat = north
    play(game, "road c2_1S", "road c2_1N")  # reaches eh2_1 on the r2_0 border
    play(game, "pass")
    make_current(game, seat)
    # c2_0S joins s2_0 (inside r2_0) to eh2_1 (touching the conquered r2_1): allowed.
    assert "road c2_0S" in actions_of(game)
    play(game, "road c2_0S")
    # c2_0N joins s2_0 to eh2_0, both touching only the unconquered r2_0: not allowed.
    assert "road c2_0N" not in actions_of(game)
    with pytest.raises(IllegalAction, match="conquered region"):
        play(game, "road c2_0N")


def test_reaching_a_border_site_reveals_the_marker_beyond(north):
    game, seat = north
    r20 = game.t.region_index["r2_0"]
    reposition(game, lambda d: d["regions"]["r2_0"].update(revealed=False))  # still face down
    assert game.observation(seat)["regions"]["r2_0"]["marker"] is None
    play(game, "road c2_1S", "road c2_1N")
    assert game.revealed[r20]
    assert game.observation((seat + 1) % 4)["regions"]["r2_0"]["marker"] is not None
    assert any("Revealed in Region 2-0" in e["text"] for e in game.log)


def test_additional_road_costs_one_labor(north):
    game, seat = north
    play(game, "end", "xroad c2_1S")
    assert game.labor[seat] == 4
    assert game.current_player != seat


def test_conquer_costs_resistance_scores_vp_and_reveals_neighbours(north):
    game, seat = north
    play(game, "road c2_1S", "road c2_1N")
    r = game.t.region_index["r2_0"]
    set_marker(game, "r2_0", "E")  # resistance 4, 4 VP, 1 labor
    play(game, "conquer r2_0")
    assert game.labor[seat] == 1 and game.score[seat] == 4
    assert game.owner[r] == seat
    for n in ("r1_0", "r3_0"):
        assert game.revealed[game.t.region_index[n]]
    assert game.income_forecast()[seat] == 3 + 1


def test_conquer_needs_a_road_to_a_site_touching_the_region(north):
    game, _seat = north
    with pytest.raises(IllegalAction, match="must reach a site"):
        play(game, "conquer r2_0")


def test_conquer_needs_enough_labor(north):
    game, seat = north
    play(game, "road c2_1S", "road c2_1N")
    set_marker(game, "r2_0", "F")
    set_labor(game, seat, 3)
    with pytest.raises(IllegalAction, match="costs 4 labor"):
        play(game, "conquer r2_0")


def test_city_in_conquered_region_on_the_network(north):
    game, seat = north
    play(game, "road c2_1S", "road c2_1N")
    conquer_for(game, seat, "r2_0")
    set_labor(game, seat, 6)
    give_road(game, seat, "c2_0S")  # reaches s2_0, a city site
    play(game, "city s2_0")
    assert game.labor[seat] == 0 and game.score[seat] == 1 + 4
    assert game.to_dict()["sites"]["s2_0"] == {"improvement": "city", "temple": False}


def test_city_not_in_unconquered_region(north):
    game, seat = north
    play(game, "road c2_1S", "road c2_1N")
    set_labor(game, seat, 10)
    give_road(game, seat, "c2_0S")
    with pytest.raises(IllegalAction, match="conquered region"):
        play(game, "city s2_0")


def test_garrison_needs_one_bordering_conquered_region(north):
    game, seat = north
    play(game, "road r2_1ES", "end")
    # ev3_1 borders r2_1 (start, conquered) and r3_1 (unconquered)
    play(game, "garrison ev3_1")
    assert game.labor[seat] == 1 and game.score[seat] == 3


def test_garrison_not_on_a_site_bordering_only_unconquered_regions(north):
    game, seat = north
    play(game, "road c2_1S", "road c2_1N")
    set_labor(game, seat, 20)
    for link in ("c2_0S", "r2_0SW"):
        give_road(game, seat, link)
    # ev2_0 borders r1_0 and r2_0, both unconquered
    with pytest.raises(IllegalAction, match="border at least one conquered"):
        play(game, "garrison ev2_0")


def test_temple_on_any_connected_city_with_bonus(north):
    game, seat = north
    other = seat_of(game, "Antisuyu")
    play(game, "road c2_1S", "road c2_1N")
    conquer_for(game, other, "r2_0")
    build_at(game, "s2_0", "city")  # a city built by someone else
    give_road(game, seat, "c2_0S")
    set_labor(game, seat, 5)
    score = game.score[seat]
    # s2_0 is "Pachacamac" on the grid board, temple bonus 2
    play(game, "temple s2_0")
    assert game.score[seat] == score + 4 + 2
    assert game.labor[seat] == 0


def test_terrace_beside_own_marker_once(north):
    game, seat = north
    conquer_for(game, seat, "r2_0")
    play(game, "terrace r2_0")
    assert game.labor[seat] == 3 and game.terraces[seat] == 1
    make_current(game, seat)
    with pytest.raises(IllegalAction, match="one per marker"):
        play(game, "terrace r2_0")
    other = seat_of(game, "Antisuyu")
    conquer_for(game, other, "r4_4")
    with pytest.raises(IllegalAction, match="your own"):
        play(game, "terrace r4_4")


def test_pass_ends_construction(north):
    game, seat = north
    play(game, "pass")
    assert "pass" not in actions_of(game)
    play(game, "end")
    assert game.current_player != seat


def test_preview_gives_cost_and_vp(north):
    game, _seat = north
    play(game, "road r2_1ES", "end")
    p = game.preview(game.legal_actions()[[str(a) for a in game.legal_actions()].index(
        "garrison ev3_1")])
    assert (p["labor"], p["vp"]) == (4, 3) and "garrison" in p["text"]
    from inca_core import Action
    assert game.preview(Action.parse("xroad c2_1S"))["labor"] == 1
    with pytest.raises(IllegalAction):
        game.preview(Action.parse("city s0_0"))
