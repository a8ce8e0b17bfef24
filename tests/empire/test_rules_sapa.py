"""Sapa Inca phase (rulebook: SAPA INCA PHASE; improvements belong to the empire)."""

from fixtures.helpers import (
    advance_until,
    build_at,
    conquer_for,
    give_road,
    reposition,
    seat_of,
    set_terrace,
    small_game,
)

from inca_core.empire.game import EDITION


def _before_first_sapa(seed=3, edition=EDITION):
    game = small_game(4, seed=seed, edition=edition)
    advance_until(game, lambda g: g.round == 2 and g.phase == "people" and g.phase_i == 4)
    return game


def test_scores_terraces_and_connected_improvements_built_by_anyone():
    game = _before_first_sapa()
    north = seat_of(game, "Chinchaysuyu")
    east = seat_of(game, "Antisuyu")
    conquer_for(game, north, "r2_0", "A")
    set_terrace(game, "r2_0")
    for link in ("c2_1S", "c2_1N", "c2_0S", "r2_1ES"):
        give_road(game, north, link)
    build_at(game, "s2_0", "city", temple=True)  # connected city with a temple
    build_at(game, "ev3_1", "garrison")     # connected garrison
    build_at(game, "ev1_0", "garrison")     # not connected
    score = list(game.score)
    advance_until(game, lambda g: g.round == 3)
    assert game.score[north] - score[north] == 1 + 2 + 3 + 1
    b = game.breakdown[north]
    assert (b["scoring_terrace"], b["scoring_garrison"], b["scoring_city"],
            b["scoring_temple"]) == (1, 2, 3, 1)
    assert game.score[east] == score[east]  # East's roads reach none of them
    text = [e["text"] for e in game.log if "scores" in e["text"] and e["round"] == 2]
    assert ("Blue scores 7 VP: 1 terrace (1 VP), 1 connected garrison (2 VP), 1 connected city "
            "(3 VP), 1 connected temple (1 VP).") in text


def test_only_improvements_connected_back_to_cuzco_score():
    game = _before_first_sapa()
    north = seat_of(game, "Chinchaysuyu")
    for link in ("c2_1S", "c2_1N", "c2_0S"):
        give_road(game, north, link)
    build_at(game, "s2_0", "city")
    # cut the road between s2_0 and the start (as Rural Unrest would)
    reposition(game, lambda d: d["roads"].pop("c2_0S"))
    assert "s2_0" not in game.network(north)
    give_road(game, north, "c2_0N")  # an orphan piece at the city is not enough
    score = game.score[north]
    advance_until(game, lambda g: g.round == 3)
    assert game.score[north] == score


def test_labor_above_the_era_box_returns_to_the_bank():
    game = _before_first_sapa(edition=1)
    reposition(game, lambda d: d.update(labor=[0, 2, 3, 9]))
    advance_until(game, lambda g: g.round == 3)
    # kept at most 3 (era II), then round 3 income of 3 (edition 1: no aid, all tie)
    assert game.labor == [3, 5, 6, 6]


def test_scoring_runs_in_track_order_leader_first():
    game = _before_first_sapa()
    for seat in range(4):
        conquer_for(game, seat, f"r{seat}_4", "A")
        set_terrace(game, f"r{seat}_4")
    leader_order = game.ranking
    advance_until(game, lambda g: g.round == 3)
    lines = [e["seat"] for e in game.log if e["round"] == 2 and " scores " in e["text"]]
    assert tuple(lines) == leader_order
    # all gained 1: still the same order, the leader moved first and stays ahead
    assert game.ranking == leader_order


def test_vp_history_records_each_sapa_inca_phase():
    game = _before_first_sapa()
    advance_until(game, lambda g: g.round == 3)
    assert game.vp_history == [{"round": 2, "scores": list(game.score)}]
