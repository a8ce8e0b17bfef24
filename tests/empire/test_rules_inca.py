"""Inca phase: income and aid (rulebook: INCA PHASE and its worked example)."""

from fixtures.helpers import (
    advance_until,
    conquer_for,
    give_vp,
    reposition,
    seat_of,
    set_terrace,
    small_game,
)

from inca_core import new_game


def _to_round(game, number):
    advance_until(game, lambda g: g.round == number)


def test_rulebook_example_income_3_plus_5_plus_1_is_9():
    # Orange has conquered 2 regions (markers giving 5 labor) and built one terrace; in the
    # Inca phase of an era II round he receives 3 + 5 + 1 = 9 labor.
    game = small_game(4, seed=4)
    orange = seat_of(game, "Cuntisuyu")
    conquer_for(game, orange, "r0_0", "F")  # 3 labor
    conquer_for(game, orange, "r0_1", "C")  # 2 labor
    set_terrace(game, "r0_0")
    reposition(game, lambda d: d.update(labor=[0, 0, 0, 0]))
    assert game.income_forecast()[orange] == 9
    _to_round(game, 3)  # round 2 income 9, kept 3 at its Sapa Inca phase, round 3 income 9
    texts = [e["text"] for e in game.log if e["round"] == 3 and e["phase"] == "inca"]
    assert any(t == "Orange receives 9 labor: 3 from the era, 5 from markers, 1 from terraces."
               for t in texts)


def test_era_two_first_gives_last_one_labor():
    game = small_game(4, seed=4)
    blue = seat_of(game, "Chinchaysuyu")
    orange = seat_of(game, "Cuntisuyu")
    green = seat_of(game, "Antisuyu")
    brown = seat_of(game, "Collasuyu")
    give_vp(game, (orange, 9), (green, 5), (brown, 5))
    _to_round(game, 2)
    # everyone had 5 + 3; Orange (first) gives Blue (last) one
    assert game.labor[orange] == 7 and game.labor[blue] == 9
    assert game.labor[green] == game.labor[brown] == 8
    assert any(e["text"] == "Aid: Orange gives 1 labor to Blue." for e in game.log)


def test_edition_1_gives_no_aid_between_tied_players():
    game = small_game(4, seed=4, edition=1)
    _to_round(game, 2)
    assert game.scores == (0, 0, 0, 0)
    assert not any("Aid" in e["text"] for e in game.log)
    assert game.labor == [8, 8, 8, 8]


def test_aid_flows_between_tied_players_in_track_order():
    # Edition 2: the figure that reached a score first ranks ahead, so with all at 0 the track
    # still has a first and a last, and era II's aid goes from the one to the other.
    game = small_game(4, seed=4)
    first, last = game.ranking[0], game.ranking[-1]
    _to_round(game, 2)
    assert game.scores == (0, 0, 0, 0)
    assert game.labor[first] == 7 and game.labor[last] == 9
    assert sorted(game.labor) == [7, 8, 8, 9]
    assert any(e["text"] == f"Aid: {game.names[first]} gives 1 labor to {game.names[last]}."
               for e in game.log)


def test_no_aid_in_era_one():
    # Edition 2 ranks tied players, so aid would flow here if era I had any.
    game = small_game(4, seed=4)
    assert game.edition >= 2 and game.round == 1 and game.phase != "inca"
    assert any(e["phase"] == "inca" and "receives 5 labor" in e["text"] for e in game.log)
    assert game.labor == [5] * 4
    assert not any("Aid" in e["text"] for e in game.log)


def _at_round_five(players):
    game = small_game(players, seed=6)
    _to_round(game, 5)
    return game


def test_era_three_first_gives_two_to_last_and_second_one_to_third():
    game = small_game(4, seed=6)
    _to_round(game, 4)
    advance_until(game, lambda g: g.round == 4 and g.phase == "people")
    give_vp(game, *enumerate((40, 30, 20, 10)))
    before = None
    advance_until(game, lambda g: g.round == 5)
    before = [3 + 1] * 4  # kept era II box (3) + era III income (1)
    assert game.labor == [before[0] - 2, before[1] - 1, before[2] + 1, before[3] + 2]


def test_three_players_ignore_second_place_aid():
    game = small_game(3, seed=6)
    advance_until(game, lambda g: g.round == 4 and g.phase == "people")
    give_vp(game, *enumerate((40, 30, 20)))
    advance_until(game, lambda g: g.round == 5)
    assert game.labor == [4 - 2, 4, 4 + 2]


def test_a_player_gives_only_what_they_have():
    game = small_game(4, seed=6)
    advance_until(game, lambda g: (
        g.round == 6 and g.phase == "people" and g.phase_i == 6))
    give_vp(game, *enumerate((40, 30, 20, 10)))
    reposition(game, lambda d: d.update(labor=[1, 1, 1, 1]))
    advance_until(game, lambda g: g.round == 7)
    # era III box 1 kept, era IV income 0: first has 1 and gives 1 (not 2)
    assert game.labor == [0, 0, 2, 2]


def test_income_forecast_is_next_rounds_income_before_aid():
    game = new_game(4, seed=2)
    assert game.income_forecast() == (3, 3, 3, 3)


def test_terrace_income_comes_from_the_printed_value(monkeypatch):
    # The reference text tells players a terrace brings TERRACE_INCOME labor each Inca phase:
    # the engine's income uses that one value.
    from inca_core.empire import components as C

    game = small_game(4, seed=4)
    orange = seat_of(game, "Cuntisuyu")
    for region in ("r0_0", "r0_1"):
        conquer_for(game, orange, region)
        set_terrace(game, region)
    base = game.income_forecast()[orange]
    monkeypatch.setattr(C, "TERRACE_INCOME", 3)
    assert game.income_forecast()[orange] == base - 2 + 6
