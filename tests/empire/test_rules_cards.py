"""The 21 Sun Event card kinds (rulebook: OVERVIEW OF SUN EVENT CARDS).

Rural Unrest and Popular Support are resolved in the Sun phase: see test_rules_sun.py.
"""

import pytest
from fixtures.helpers import (
    actions_of,
    build_at,
    conquer_for,
    give_cards,
    give_road,
    make_current,
    play,
    seat_of,
    set_labor,
    set_marker,
    small_game,
)

from inca_core import Action, IllegalAction, new_game
from inca_core.empire import sun
from inca_core.empire.game import CITY, NONE, Game
from inca_core.empire.svg_play import pieces_parts
from inca_core.empire.tables import wild_crossings
from inca_core.empire.validate import segments_cross


def _reach_s2_0(game, seat):
    """North's roads up to s2_0 (Pachacamac, a city site in r2_0), r2_0 conquered."""
    for link in ("c2_1S", "c2_1N", "c2_0S"):
        give_road(game, seat, link)
    conquer_for(game, seat, "r2_0", "A")


def _road_count(game, seat):
    return sum(1 for owners in game.road if seat in owners)


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


def _shared_route(edition):
    """North to move with a Wilderness Road card, reaching s2_1; South already has a Wilderness
    Road on the off-print route s2_1 - s3_1 (w2_1to3_1)."""
    game = small_game(4, seed=1, edition=edition)
    seat, south = seat_of(game, "Chinchaysuyu"), seat_of(game, "Collasuyu")
    make_current(game, seat)
    give_road(game, south, "w2_1to3_1")
    give_road(game, seat, "c2_1S")  # reaches s2_1
    give_cards(game, seat, "wilderness_road")
    return game, seat, south


def test_a_wilderness_road_may_share_an_off_print_route_with_another_players():
    # Rulebook, PEOPLE PHASE, Road building: one player per connection, except that with the
    # Wilderness Road card a player may join the same two sites as an established road, printed
    # or not (correction 4).
    game, seat, south = _shared_route(3)
    assert "road w2_1to3_1" in actions_of(game)
    play(game, "road w2_1to3_1")
    state = game.to_dict()
    assert state["shared_roads"] == {"w2_1to3_1": [south, seat]}
    assert "w2_1to3_1" not in state["roads"]
    assert "s3_1" in game.network(seat)  # the shared route joins North's road system
    # a player never builds twice on one route
    give_cards(game, seat, "wilderness_road")
    assert "road w2_1to3_1" not in actions_of(game)
    assert "already have a Wilderness Road there" in game.why_not(Action.parse("road w2_1to3_1"))


def test_edition_2_keeps_one_owner_per_off_print_route():
    game, _seat, south = _shared_route(2)
    assert "road w2_1to3_1" not in actions_of(game)
    assert game.why_not(Action.parse("road w2_1to3_1")) == (
        f"That connection already has a road of {game.names[south]}.")
    assert "shared_roads" not in game.to_dict()  # the edition 1/2 dict form is unchanged


def test_a_shared_route_survives_in_the_dict_form_and_rural_unrest_takes_one_owners_road():
    game, seat, south = _shared_route(3)
    play(game, "road w2_1to3_1")
    back = Game.from_dict(game.to_dict(), 0, game.board)
    assert back.fingerprint() == game.fingerprint() and back.edition == 3
    assert "s3_1" in back.network(seat) and "road w2_1to3_1" not in actions_of(back)
    # Rural Unrest beside North only (its quadrant with Antisuyu): r3_1 is unconquered, so
    # North's road on the route goes and South's stays.
    give_cards(game, seat, "rural_unrest")
    sun.resolve(game)
    state = game.to_dict()
    assert state["roads"]["w2_1to3_1"] == south and state["shared_roads"] == {}
    assert "s3_1" not in game.network(seat)


def test_a_shared_route_is_drawn_once_per_owner_side_by_side():
    game, seat, south = _shared_route(3)
    play(game, "road w2_1to3_1")
    parts = dict(pieces_parts(game.board, game.observation(None)))
    assert "road:w2_1to3_1" not in parts
    mine, theirs = parts[f"road:w2_1to3_1:{seat}"], parts[f"road:w2_1to3_1:{south}"]
    assert 'data-owner-suyu="Chinchaysuyu"' in mine and 'data-owner-suyu="Collasuyu"' in theirs
    assert "beside the road of" in mine
    # each owner keeps its own dash pattern (not colour alone) and its own place beside the route
    assert 'stroke-dasharray="10 4"' in theirs and "stroke-dasharray" not in mine
    assert mine.split('x1="')[1] != theirs.split('x1="')[1]


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
    set_labor(game, seat, 7)
    assert "city s2_0" not in actions_of(game)
    with pytest.raises(IllegalAction, match="costs 8 labor"):
        play(game, "city s2_0")
    set_labor(game, seat, 8)
    play(game, "city s2_0")
    assert game.labor[seat] == 0


def test_urban_renewal_city_scores_two_more(north):
    game, seat = north
    _reach_s2_0(game, seat)
    give_cards(game, seat, "urban_renewal")
    set_labor(game, seat, 6)
    score = game.score[seat]
    play(game, "city s2_0")
    assert game.score[seat] == score + 6


def test_key_outpost_turns_a_garrison_into_a_city(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    build_at(game, "ev3_1", "garrison")
    assert "upgrade ev3_1" not in actions_of(game)
    give_cards(game, seat, "key_outpost")
    set_labor(game, seat, 4)
    score = game.score[seat]
    play(game, "upgrade ev3_1")
    assert game.improv[game.t.site_index["ev3_1"]] == CITY
    assert game.score[seat] == score + 4 and game.labor[seat] == 0


def test_key_outpost_with_epidemic_and_urban_renewal(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    build_at(game, "ev3_1", "garrison")
    give_cards(game, seat, "key_outpost", "epidemic", "urban_renewal")
    set_labor(game, seat, 6)
    score = game.score[seat]
    play(game, "upgrade ev3_1")
    assert game.score[seat] == score + 6 and game.labor[seat] == 0


def test_building_project_allows_a_second_paid_garrison(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    give_road(game, seat, "r2_1SW")
    give_cards(game, seat, "building_project")
    set_labor(game, seat, 8)
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
    set_labor(game, seat, 6)
    play(game, "end", "garrison ev3_1")
    assert game.current_player != seat


def test_harsh_weather_and_stores_stop_famine(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    give_cards(game, seat, "harsh_weather", "stores_stop_famine")
    set_labor(game, seat, 5)
    preview = game.preview(next(a for a in game.legal_actions() if str(a) == "garrison ev3_1"))
    assert (preview["labor"], preview["vp"]) == (5, 4)
    play(game, "garrison ev3_1")
    assert game.labor[seat] == 0 and game.score[seat] == 4


def test_military_superiority_and_resistance(north):
    game, seat = north
    give_road(game, seat, "c2_1S")
    give_road(game, seat, "c2_1N")
    r = game.t.region_index["r2_0"]
    set_marker(game, "r2_0", "A")  # resistance 1
    give_cards(game, seat, "military_superiority")
    set_labor(game, seat, 0)
    play(game, "end", "conquer r2_0")
    assert game.owner[r] == seat and game.labor[seat] == 0
    make_current(game, seat)
    give_road(game, seat, "c2_0N")
    r = game.t.region_index["r2_0"]
    give_cards(game, seat, "resistance", "resistance")  # cumulative: +2, minus 1
    set_labor(game, seat, 3)
    set_marker(game, "r1_0", "B")  # resistance 2
    give_road(game, seat, "r2_0SW")
    play(game, "end", "conquer r1_0")
    assert game.labor[seat] == 0


def test_rapid_expansion_conquers_a_second_region_for_two_more(north):
    game, seat = north
    give_road(game, seat, "c2_1S")
    give_road(game, seat, "c2_1N")
    give_road(game, seat, "r2_1ES")  # ev3_1 touches r3_1
    for rid in ("r2_0", "r3_1"):
        set_marker(game, rid, "A")  # resistance 1
    give_cards(game, seat, "rapid_expansion")
    set_labor(game, seat, 4)
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
    set_marker(game, "r2_0", "A")
    give_cards(game, seat, "rapid_expansion")
    set_labor(game, seat, 7)
    play(game, "end", "garrison ev3_1")
    assert "conquer r2_0" in actions_of(game)
    play(game, "end")
    assert game.current_player != seat


#: Rapid Expansion first, then a construction in the region it conquered (rules edition 3): the
#: roads that reach the site, the construction and the labor both cost together.
RAPID_FIRST = [
    (("c2_0S",), "city s2_0", 3 + 6),  # s2_0 lies only in r2_0
    (("r2_0SW",), "garrison ev2_0", 3 + 4),  # ev2_0 borders r1_0 and r2_0
    ((), "terrace r2_0", 3 + 2),  # the player's first marker
]


def _rapid_position(edition, roads, labor):
    """North to move with a Rapid Expansion card, roads to r2_0 (resistance 1) and ``labor``."""
    game = small_game(4, seed=1, edition=edition)
    seat = seat_of(game, "Chinchaysuyu")
    make_current(game, seat)
    give_road(game, seat, "c2_1S")
    give_road(game, seat, "c2_1N")  # to eh2_1, which touches r2_0
    for link in roads:
        give_road(game, seat, link)
    set_marker(game, "r2_0", "A")  # type A: resistance 1
    give_cards(game, seat, "rapid_expansion")
    set_labor(game, seat, labor)
    return game, seat


@pytest.mark.parametrize("roads,build,labor", RAPID_FIRST)
def test_rapid_expansion_conquest_may_come_before_the_construction(roads, build, labor):
    # Rulebook, OVERVIEW OF SUN EVENT CARDS, Rapid Expansion: the second conquest comes "in
    # addition to any other option" of the construction, so also before it (correction 2).
    game, seat = _rapid_position(3, roads, labor)
    assert build not in actions_of(game)  # r2_0 is not conquered yet
    assert game.preview(Action.parse("rapid r2_0"))["labor"] == 3
    play(game, "rapid r2_0")
    assert game.to_dict()["regions"]["r2_0"]["owner"] == seat and game.labor[seat] == labor - 3
    # The construction action is under way: road building waits until it is finished.
    legal = actions_of(game)
    assert build in legal and "end" in legal
    assert not any(a.startswith(("road ", "pilgrim ", "rapid ")) or a == "pass" for a in legal)
    assert game.why_not(Action.parse("road c2_1E")).startswith("Finish construction first")
    play(game, build)
    assert game.labor[seat] == 0 and game.current_player == seat
    assert game.bs == 2 and any(a.startswith("road ") for a in actions_of(game))
    assert any("with Rapid Expansion for 3 labor" in e["text"] for e in game.log)


@pytest.mark.parametrize("roads,build,labor", RAPID_FIRST[:1])
def test_edition_2_offers_rapid_expansion_only_after_the_construction(roads, build, labor):
    game, seat = _rapid_position(2, roads, labor)
    assert not any(a.startswith("rapid ") for a in actions_of(game))
    reason = game.why_not(Action.parse("rapid r2_0"))
    assert "only after the construction" in reason
    with pytest.raises(IllegalAction):
        play(game, "rapid r2_0")
    play(game, "end", "conquer r2_0")  # the plain conquest is the construction
    assert build not in actions_of(game)  # no construction left after it
    assert game.labor[seat] == labor - 1


def test_rapid_expansion_first_may_be_finished_without_a_construction():
    game, seat = _rapid_position(3, (), 3 + 1)
    play(game, "end", "rapid r2_0")
    assert actions_of(game)[-1] == "end" and "pass" not in actions_of(game)
    play(game, "end")
    assert game.current_player != seat and game.labor[seat] == 1


def test_rapid_expansion_is_used_once_per_card_in_either_order():
    game, seat = _rapid_position(3, ("c2_1E",), 20)  # s2_1 - ev3_1 also touches r3_1
    set_marker(game, "r3_1", "A")
    play(game, "end", "rapid r2_0")
    assert "rapid r3_1" not in actions_of(game) and "conquer r3_1" in actions_of(game)
    assert "used" in game.why_not(Action.parse("rapid r3_1"))
    play(game, "conquer r3_1")  # the construction itself, at the plain cost
    assert game.labor[seat] == 20 - 3 - 1
    assert game.current_player != seat  # no second extra conquest after it


def test_religious_fervor_temple_on_a_garrison(north):
    game, seat = north
    give_road(game, seat, "r2_1ES")
    build_at(game, "ev3_1", "garrison")
    set_labor(game, seat, 5)
    assert "temple ev3_1" not in actions_of(game)
    give_cards(game, seat, "religious_fervor")
    play(game, "temple ev3_1")
    assert game.temple[game.t.site_index["ev3_1"]] and game.score[seat] == 4


def test_solar_eclipse_temple_skips_road_building(north):
    game, seat = north
    _reach_s2_0(game, seat)
    build_at(game, "s2_0", "city")
    give_cards(game, seat, "solar_eclipse")
    set_labor(game, seat, 5)
    play(game, "temple s2_0")
    assert game.current_player != seat  # road building was skipped


def test_solar_eclipse_no_temple_after_building_roads(north):
    game, seat = north
    _reach_s2_0(game, seat)
    build_at(game, "s2_0", "city")
    give_cards(game, seat, "solar_eclipse")
    set_labor(game, seat, 5)
    play(game, "road r2_1ES", "end")
    with pytest.raises(IllegalAction, match="Solar Eclipse"):
        play(game, "temple s2_0")


def test_solar_eclipse_temple_allowed_after_skipping_road_building(north):
    game, seat = north
    _reach_s2_0(game, seat)
    build_at(game, "s2_0", "city")
    give_cards(game, seat, "solar_eclipse")
    set_labor(game, seat, 5)
    play(game, "end", "temple s2_0")
    assert game.temple[game.t.site_index["s2_0"]]


def _temple_at_pachacamac(game, seat):
    _reach_s2_0(game, seat)
    build_at(game, "s2_0", "city", temple=True)


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
    build_at(game, site, "city")
    set_labor(game, seat, 20)
    cards = ("annual_pilgrimage", "solar_eclipse") if eclipse else ("annual_pilgrimage",)
    give_cards(game, seat, *cards)
    play(game, "pilgrim annual_pilgrimage roads")
    assert (f"temple {site}" in actions_of(game)) is not eclipse


def test_expert_surveyors_allows_a_second_paid_terrace(north):
    game, seat = north
    conquer_for(game, seat, "r2_0")
    conquer_for(game, seat, "r3_0")
    give_cards(game, seat, "expert_surveyors")
    set_labor(game, seat, 4)
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
    build_at(game, "ev3_1", "garrison")  # not reached by North's roads
    give_cards(game, seat, "key_outpost")
    set_labor(game, seat, 4)
    assert "upgrade ev3_1" not in actions_of(game)
    with pytest.raises(IllegalAction, match="not connected to your road system"):
        play(game, "upgrade ev3_1")


def _crossing_candidate(game):
    """A seat, a Wilderness Road it may build now with the card, and a candidate crossing it."""
    t = game.t
    crossings = wild_crossings(t)
    for seat in range(game.players):
        make_current(game, seat)
        give_cards(game, seat, "wilderness_road")
        for action in game.legal_actions():
            link = t.link_index.get(action.target, -1)
            if action.kind == "road" and link >= 0 and t.link_wild[link] and crossings[link]:
                return seat, action.target, t.link_ids[crossings[link][0]]
    raise AssertionError("no Wilderness Road candidate crossing another one is open")


@pytest.mark.parametrize("players", [3, 4])
def test_the_crossings_of_wilderness_roads_are_every_pair_whose_lines_cross(players):
    t = new_game(players, seed=1).t
    pos = [t.board.sites[sid].pos for sid in t.site_ids]
    wild = [i for i, w in enumerate(t.link_wild) if w]
    ends = {i: (pos[t.link_ends[i][0]], pos[t.link_ends[i][1]]) for i in wild}
    expected = {i: [j for j in wild if j != i and segments_cross(*ends[i], *ends[j])]
                for i in wild}
    crossings = wild_crossings(t)
    assert sum(map(len, expected.values())) > 20  # the board has crossing candidates
    assert {i: list(crossings[i]) for i in wild} == expected
    assert not any(crossings[i] for i in range(len(t.link_ids)) if not t.link_wild[i])


@pytest.mark.parametrize("edition", [1, 2, 3])
def test_a_wilderness_road_may_not_cross_a_wilderness_road_already_built(edition):
    game = new_game(4, seed=1, edition=edition)
    seat, link, crossed = _crossing_candidate(game)
    give_road(game, (seat + 1) % game.players, crossed)  # a rival's Wilderness Road
    make_current(game, seat)
    give_cards(game, seat, "wilderness_road")
    action = Action.parse(f"road {link}")
    if edition == 1:  # edition 1 checked printed connections only
        assert action in game.legal_actions()
    else:
        assert action not in game.legal_actions()
        assert game.why_not(action).startswith("It would cross the Wilderness Road")
