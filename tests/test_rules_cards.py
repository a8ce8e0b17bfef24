"""The 21 Sun Event card kinds (rulebook: OVERVIEW OF SUN EVENT CARDS).

Rural Unrest and Popular Support are resolved in the Sun phase: see test_rules_sun.py.
"""

import pytest
from fixtures.helpers import (
    actions_of,
    conquer_for,
    give_cards,
    give_road,
    make_current,
    play,
    seat_of,
)

from inca_core import IllegalAction
from inca_core.empire.game import CITY, GARRISON, NONE


def _reach_s2_0(game, seat):
    """North's roads up to s2_0 (Pachacamac, a city site in r2_0), r2_0 conquered."""
    for link in ("c2_1S", "c2_1N", "c2_0S"):
        give_road(game, seat, link)
    conquer_for(game, seat, "r2_0", "A")


def _road_count(game, seat):
    return sum(1 for r in game.road if r == seat)


def test_extra_road_crew_gives_a_third_free_road(north):
    game, seat = north
    give_cards(game, seat, "extra_road_crew")
    play(game, "road c2_1S", "road c2_1N", "road r2_1ES")
    assert game.rs == 2 and game.labor[seat] == 5 and _road_count(game, seat) == 4


def test_el_nino_leaves_one_free_road(north):
    game, seat = north
    give_cards(game, seat, "el_nino")
    play(game, "road c2_1S")
    assert game.rs == 2


def test_two_el_nino_never_below_one_road(north):
    game, seat = north
    give_cards(game, seat, "el_nino", "el_nino")
    assert game.free_left == 1


@pytest.mark.parametrize("cards,free", [((), 2), (("el_nino",), 1),
                                         (("extra_road_crew",), 3),
                                         (("el_nino", "extra_road_crew"), 2)])
def test_el_nino_and_extra_road_crew_cancel_out(north, cards, free):
    game, seat = north
    give_cards(game, seat, *cards)
    assert game.free_left == free
    for _ in range(free):
        play(game, str(next(a for a in game.legal_actions() if a.kind == "road")))
    assert not any(a.kind == "road" for a in game.legal_actions())


def test_two_extra_road_crews_stack(north):
    game, seat = north
    give_cards(game, seat, "extra_road_crew", "extra_road_crew")
    assert game.free_left == 4


def test_workers_press_on_gives_a_free_second_additional_road(north):
    game, seat = north
    give_cards(game, seat, "workers_press_on")
    play(game, "end", "xroad c2_1S")
    assert game.labor[seat] == 4
    assert "xroad c2_1N" in actions_of(game) and "end" in actions_of(game)
    play(game, "xroad c2_1N")
    assert game.labor[seat] == 4 and game.current_player != seat


def test_workers_press_on_second_road_may_be_declined(north):
    game, seat = north
    give_cards(game, seat, "workers_press_on")
    play(game, "xroad c2_1S", "end")
    assert game.bs == 2 and game.rs == 0
    assert "pass" not in actions_of(game)


def test_wilderness_road_only_with_the_card_and_once_per_card(north):
    game, seat = north
    assert not any(a.startswith("road wp") or a.startswith("road w") for a in actions_of(game))
    give_road(game, seat, "c2_1S")  # reaches s2_1
    assert "road w2_1to3_1" not in actions_of(game)
    with pytest.raises(IllegalAction, match="Wilderness Road card"):
        play(game, "road w2_1to3_1")
    give_cards(game, seat, "wilderness_road")
    assert "road w2_1to3_1" in actions_of(game)
    play(game, "road w2_1to3_1")
    assert game.wild_left == 0
    assert not any(a.startswith("road w") for a in actions_of(game))
    assert game.innet[seat][game.t.site_index["s3_1"]]


def test_wilderness_road_may_run_beside_a_claimed_printed_road(north):
    game, seat = north
    other = seat_of(game, "Antisuyu")
    give_road(game, seat, "c2_1S")
    give_road(game, seat, "r2_1SW")  # reaches ev2_1
    give_road(game, other, "c2_1N")  # s2_1 - eh2_1 taken by someone else
    give_cards(game, seat, "wilderness_road")
    # wp2_1 joins the same two sites (s2_1, eh2_1) as the claimed printed road
    assert "road wp2_1" in actions_of(game)
    play(game, "road wp2_1")
    assert game.to_dict()["roads"]["c2_1N"] == other
    assert game.to_dict()["roads"]["wp2_1"] == seat


def test_wilderness_road_beside_an_unclaimed_printed_road_is_not_offered(north):
    game, seat = north
    give_road(game, seat, "c2_1S")
    give_cards(game, seat, "wilderness_road")
    assert "road c2_1N" in actions_of(game)
    assert "road wp2_1" not in actions_of(game)
    with pytest.raises(IllegalAction, match="build that connection instead"):
        play(game, "road wp2_1")


def test_wilderness_road_follows_the_conquered_region_rule(north):
    game, seat = north
    for link in ("c2_1S", "c2_1N", "c2_0S"):
        give_road(game, seat, link)
    give_cards(game, seat, "wilderness_road")
    # s2_0 and s1_0/s3_0 all lie inside unconquered regions only
    assert "road w1_0to2_0" not in actions_of(game)
    conquer_for(game, seat, "r2_0")
    assert "road w1_0to2_0" in actions_of(game)


def test_two_wilderness_cards_allow_two_wilderness_roads(north):
    game, seat = north
    give_road(game, seat, "c2_1S")
    give_cards(game, seat, "wilderness_road", "wilderness_road")
    play(game, "road w2_1to3_1")
    assert game.wild_left == 1
    assert any(a.startswith("road w") for a in actions_of(game))


def test_epidemic_city_costs_two_more(north):
    game, seat = north
    _reach_s2_0(game, seat)
    give_cards(game, seat, "epidemic")
    game.labor[seat] = 7
    assert "city s2_0" not in actions_of(game)
    with pytest.raises(IllegalAction, match="costs 8 labor"):
        play(game, "city s2_0")
    game.labor[seat] = 8
    game._legal = None  # (set-up changed labor)
    play(game, "city s2_0")
    assert game.labor[seat] == 0


def test_urban_renewal_city_scores_two_more(north):
    game, seat = north
    _reach_s2_0(game, seat)
    give_cards(game, seat, "urban_renewal")
    game.labor[seat] = 6
    score = game.score[seat]
    play(game, "city s2_0")
    assert game.score[seat] == score + 6


def test_key_outpost_turns_a_garrison_into_a_city(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    game.improv[game.t.site_index["ev3_1"]] = GARRISON
    assert "upgrade ev3_1" not in actions_of(game)
    give_cards(game, seat, "key_outpost")
    game.labor[seat] = 4
    score = game.score[seat]
    play(game, "upgrade ev3_1")
    assert game.improv[game.t.site_index["ev3_1"]] == CITY
    assert game.score[seat] == score + 4 and game.labor[seat] == 0


def test_key_outpost_with_epidemic_and_urban_renewal(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    game.improv[game.t.site_index["ev3_1"]] = GARRISON
    give_cards(game, seat, "key_outpost", "epidemic", "urban_renewal")
    game.labor[seat] = 6
    score = game.score[seat]
    play(game, "upgrade ev3_1")
    assert game.score[seat] == score + 6 and game.labor[seat] == 0


def test_building_project_allows_a_second_paid_garrison(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    give_road(game, seat, "r2_1SW")
    give_cards(game, seat, "building_project")
    game.labor[seat] = 8
    play(game, "end", "garrison ev3_1")
    assert "garrison ev2_1" in actions_of(game)
    play(game, "garrison ev2_1")
    assert game.labor[seat] == 0 and game.score[seat] == 6
    assert game.current_player != seat


def test_building_project_second_garrison_skipped_when_unaffordable(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    give_road(game, seat, "r2_1SW")
    give_cards(game, seat, "building_project")
    game.labor[seat] = 6
    play(game, "end", "garrison ev3_1")
    assert game.current_player != seat


def test_harsh_weather_and_stores_stop_famine(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    give_cards(game, seat, "harsh_weather", "stores_stop_famine")
    game.labor[seat] = 5
    preview = game.preview(next(a for a in game.legal_actions() if str(a) == "garrison ev3_1"))
    assert (preview["labor"], preview["vp"]) == (5, 4)
    play(game, "garrison ev3_1")
    assert game.labor[seat] == 0 and game.score[seat] == 4


def test_military_superiority_and_resistance(north):
    game, seat = north
    give_road(game, seat, "c2_1S")
    give_road(game, seat, "c2_1N")
    r = game.t.region_index["r2_0"]
    game.marker[r] = 0  # type A, resistance 1
    give_cards(game, seat, "military_superiority")
    game.labor[seat] = 0
    play(game, "end", "conquer r2_0")
    assert game.owner[r] == seat and game.labor[seat] == 0
    make_current(game, seat)
    give_road(game, seat, "c2_0N")
    r = game.t.region_index["r2_0"]
    give_cards(game, seat, "resistance", "resistance")  # cumulative: +2, minus 1
    game.labor[seat] = 3
    r1 = game.t.region_index["r1_0"]
    game.marker[r1] = 1  # type B, resistance 2
    give_road(game, seat, "r2_0SW")
    play(game, "end", "conquer r1_0")
    assert game.labor[seat] == 0


def test_rapid_expansion_conquers_a_second_region_for_two_more(north):
    game, seat = north
    give_road(game, seat, "c2_1S")
    give_road(game, seat, "c2_1N")
    give_road(game, seat, "r2_1ES")  # ev3_1 touches r3_1
    for rid in ("r2_0", "r3_1"):
        game.marker[game.t.region_index[rid]] = 0  # resistance 1
    give_cards(game, seat, "rapid_expansion")
    game.labor[seat] = 4
    play(game, "end", "conquer r2_0")
    assert "conquer r3_1" in actions_of(game)
    assert game.preview(next(a for a in game.legal_actions() if str(a) == "conquer r3_1"))[
        "labor"] == 3
    play(game, "conquer r3_1")
    assert game.labor[seat] == 0 and game.current_player != seat


def test_rapid_expansion_after_another_construction(north):
    game, seat = north
    give_road(game, seat, "c2_1S")
    give_road(game, seat, "c2_1N")
    give_road(game, seat, "r2_1ES")
    game.marker[game.t.region_index["r2_0"]] = 0
    give_cards(game, seat, "rapid_expansion")
    game.labor[seat] = 7
    play(game, "end", "garrison ev3_1")
    assert "conquer r2_0" in actions_of(game)
    play(game, "end")
    assert game.current_player != seat


def test_religious_fervor_temple_on_a_garrison(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    game.improv[game.t.site_index["ev3_1"]] = GARRISON
    game.labor[seat] = 5
    assert "temple ev3_1" not in actions_of(game)
    give_cards(game, seat, "religious_fervor")
    play(game, "temple ev3_1")
    assert game.temple[game.t.site_index["ev3_1"]] and game.score[seat] == 4


def test_solar_eclipse_temple_skips_road_building(north):
    game, seat = north
    _reach_s2_0(game, seat)
    game.improv[game.t.site_index["s2_0"]] = CITY
    give_cards(game, seat, "solar_eclipse")
    game.labor[seat] = 5
    play(game, "temple s2_0")
    assert game.current_player != seat  # road building was skipped


def test_solar_eclipse_no_temple_after_building_roads(north):
    game, seat = north
    _reach_s2_0(game, seat)
    game.improv[game.t.site_index["s2_0"]] = CITY
    give_cards(game, seat, "solar_eclipse")
    game.labor[seat] = 5
    play(game, "road r2_1ES", "end")
    with pytest.raises(IllegalAction, match="Solar Eclipse"):
        play(game, "temple s2_0")


def test_solar_eclipse_temple_allowed_after_skipping_road_building(north):
    game, seat = north
    _reach_s2_0(game, seat)
    game.improv[game.t.site_index["s2_0"]] = CITY
    give_cards(game, seat, "solar_eclipse")
    game.labor[seat] = 5
    play(game, "end", "temple s2_0")
    assert game.temple[game.t.site_index["s2_0"]]


def _temple_at_pachacamac(game, seat):
    _reach_s2_0(game, seat)
    s = game.t.site_index["s2_0"]
    game.improv[s] = CITY
    game.temple[s] = True


def test_pilgrimage_needs_card_and_connected_temple(north):
    game, seat = north
    assert not any(a.startswith("pilgrim") for a in actions_of(game))
    _temple_at_pachacamac(game, seat)
    give_cards(game, seat, "great_pilgrimage")  # wrong sites for Pachacamac
    assert not any(a.startswith("pilgrim") for a in actions_of(game))
    with pytest.raises(IllegalAction, match="temple at Pucara de Andagala or Ranchillo"):
        play(game, "pilgrim great_pilgrimage roads")
    give_cards(game, seat, "annual_pilgrimage")
    acts = actions_of(game)
    assert "pilgrim annual_pilgrimage roads" in acts
    assert "pilgrim annual_pilgrimage build" in acts


def test_pilgrimage_instead_of_road_building_then_construction(north):
    game, seat = north
    _temple_at_pachacamac(game, seat)
    give_cards(game, seat, "annual_pilgrimage", "local_pilgrimage")
    score = game.score[seat]
    play(game, "pilgrim annual_pilgrimage roads")
    assert game.score[seat] == score + 5
    acts = actions_of(game)
    assert not any(a.startswith("pilgrim") for a in acts)  # one pilgrimage per People phase
    assert not any(a.startswith("road ") for a in acts) and "pass" in acts
    assert game.breakdown[seat]["pilgrimage"] == 5


def test_pilgrimage_instead_of_construction(north):
    game, seat = north
    _temple_at_pachacamac(game, seat)
    give_cards(game, seat, "annual_pilgrimage")
    play(game, "road r2_1ES", "end")
    play(game, "pilgrim annual_pilgrimage build")
    assert game.current_player != seat


@pytest.mark.parametrize("eclipse", [False, True])
def test_solar_eclipse_no_temple_and_pilgrimage_together(north, eclipse):
    # A city on the network without a temple, labor to spare, a pilgrimage taken instead of
    # road building: the temple stays open exactly when no Solar Eclipse lies beside the player.
    game, seat = north
    _temple_at_pachacamac(game, seat)
    site = next(s for s in game.network(seat)
                if s != "cuzco" and game.improv[game.t.site_index[s]] == NONE)
    game.improv[game.t.site_index[site]] = CITY
    game.labor[seat] = 20
    cards = ("annual_pilgrimage", "solar_eclipse") if eclipse else ("annual_pilgrimage",)
    give_cards(game, seat, *cards)
    play(game, "pilgrim annual_pilgrimage roads")
    assert (f"temple {site}" in actions_of(game)) is not eclipse


def test_expert_surveyors_allows_a_second_paid_terrace(north):
    game, seat = north
    conquer_for(game, seat, "r2_0")
    conquer_for(game, seat, "r3_0")
    give_cards(game, seat, "expert_surveyors")
    game.labor[seat] = 4
    score = game.score[seat]
    play(game, "end", "terrace r2_0")
    assert "terrace r3_0" in actions_of(game) and "end" in actions_of(game)
    play(game, "terrace r3_0")
    assert game.terraces[seat] == 2 and game.labor[seat] == 0 and game.score[seat] == score + 2
    assert game.current_player != seat


def test_without_expert_surveyors_one_terrace(north):
    game, seat = north
    conquer_for(game, seat, "r2_0")
    conquer_for(game, seat, "r3_0")
    play(game, "end", "terrace r2_0")
    assert game.current_player != seat


def test_key_outpost_needs_the_garrison_in_the_road_system(north):
    game, seat = north
    game.improv[game.t.site_index["ev3_1"]] = GARRISON  # not reached by North's roads
    give_cards(game, seat, "key_outpost")
    game.labor[seat] = 4
    assert "upgrade ev3_1" not in actions_of(game)
    with pytest.raises(IllegalAction, match="not connected to your road system"):
        play(game, "upgrade ev3_1")
