"""Setup (rulebook: SETUP, changes for three players; board-and-components sections 2 and 4)."""

import random
from collections import Counter

import pytest
from fixtures.helpers import play_random, small_game

from inca_core import board_for, new_game
from inca_core.empire import components as C


@pytest.mark.parametrize("players", [3, 4])
def test_seats_get_distinct_suyus_colours_and_starting_roads(players):
    game = new_game(players, seed=4)
    board = board_for(players)
    assert sorted(game.pos) == list(range(players))
    obs = game.to_dict()
    suyus = [s["suyu"] for s in obs["seats"]]
    assert sorted(suyus) == sorted(board.suyus)
    for seat in obs["seats"]:
        assert seat["colour"] == C.SUYU_COLOURS[seat["suyu"]]
        assert obs["roads"][board.start_connection(seat["suyu"]).id] == seat["seat"]
    assert len(obs["roads"]) == players
    if players == 3:
        assert "orange" not in {s["colour"] for s in obs["seats"]}


def test_seat_assignment_follows_the_seed():
    assert {new_game(4, seed=s).pos for s in range(30)} != {new_game(4, seed=0).pos}
    assert new_game(4, seed=9).pos == new_game(4, seed=9).pos


@pytest.mark.parametrize("players", [3, 4])
def test_markers_face_down_on_standard_regions_and_leftovers_set_aside(players):
    game = new_game(players, seed=2)
    state = game.to_dict()
    board = board_for(players)
    on_board = Counter()
    for rid, region in state["regions"].items():
        kind = board.regions[rid].kind
        if kind == "standard":
            assert region["marker"] is not None and not region["conquered"]
            on_board[region["marker"]] += 1
        else:
            assert region["marker"] is None and region["conquered"]
    total = on_board + Counter(state["set_aside"])
    expected = {m.code: (m.count4 if players == 4 else m.count3) for m in C.MARKER_TYPES}
    assert dict(total) == expected
    assert sum(expected.values()) == (45 if players == 4 else 39)


@pytest.mark.parametrize("players", [3, 4])
def test_markers_next_to_starting_regions_are_revealed_and_no_others(players):
    game = new_game(players, seed=7)
    board = board_for(players)
    near = set()
    for region in board.regions.values():
        if region.kind == "start":
            near |= region.neighbours
    for suyu in board.suyus:
        for end in board.start_connection(suyu).ends:
            near |= board.sites[end].regions
    state = game.to_dict()
    for rid, region in state["regions"].items():
        if board.regions[rid].kind == "standard":
            assert region["revealed"] == (rid in near), rid
    hidden = game.observation(0)["regions"]
    assert all(r["marker"] is None for rid, r in hidden.items()
               if board.regions[rid].kind == "standard" and rid not in near)


@pytest.mark.parametrize("players", [3, 4])
def test_three_cards_dealt_each_and_the_3_player_removals(players):
    game = new_game(players, seed=3)
    state = game.to_dict()
    assert state["hand_sizes"] == [3] * players
    cards = Counter(state["deck"])
    for hand in state["hands"]:
        cards.update(hand)
    assert sum(cards.values()) == (32 if players == 4 else 27)
    if players == 3:
        for kind in ("great_pilgrimage", "annual_pilgrimage", "local_pilgrimage"):
            assert cards[kind] == 0
        assert cards["rural_unrest"] == 1 and cards["wilderness_road"] == 3
    else:
        assert cards["rural_unrest"] == 2 and cards["wilderness_road"] == 4
        assert cards["great_pilgrimage"] == 1


def test_the_deck_has_21_kinds_and_32_cards():
    assert len(C.CARD_KINDS) == 21
    assert sum(k.count for k in C.CARD_KINDS) == 32
    assert sum(k.count3 for k in C.CARD_KINDS) == 27


def test_turn_order_tiles_dealt_and_era_marker_on_round_one():
    game = new_game(4, seed=12)
    assert sorted(game.order) == [0, 1, 2, 3]
    assert game.round == 1 and game.era == 1
    assert game.phase == C.PEOPLE  # the Inca phase of round 1 ran automatically
    assert game.current_player == game.order[0]
    assert game.labor == [5, 5, 5, 5]
    assert game.scores == (0, 0, 0, 0)
    # At the start the dealt order stands for the track order: tile 1 is last.
    assert game.ranking == tuple(reversed(game.order))


def test_quadrants_border_neighbouring_suyus():
    game = new_game(4, seed=1)
    for q, (a, b) in enumerate(game.quadrant_seats):
        assert game.pos[a] == q and game.pos[b] == (q + 1) % 4
    colours = {frozenset(game.colour[s] for s in pair) for pair in game.quadrant_seats}
    assert colours == {frozenset(p) for p in (("blue", "green"), ("green", "brown"),
                                              ("brown", "orange"), ("orange", "blue"))}


def test_three_player_sectors_each_pair_shares_one():
    game = new_game(3, seed=1)
    pairs = [frozenset(p) for p in game.quadrant_seats]
    assert len(set(pairs)) == 3 and all(len(p) == 2 for p in pairs)


@pytest.mark.parametrize("players", [3, 4])
def test_gods_agree_places_four_face_up_f_markers_on_hand_of_god_regions(players):
    game = new_game(players, seed=5, variants={"gods_agree"})
    board = board_for(players)
    gods = [r.id for r in board.regions.values() if r.hand_of_god]
    assert len(gods) == 4
    obs = game.observation(1)
    for rid in gods:
        assert obs["regions"][rid]["marker"] == "F" and obs["regions"][rid]["revealed"]


def test_new_game_rejects_bad_arguments():
    with pytest.raises(ValueError, match="3 or 4"):
        new_game(5)
    with pytest.raises(ValueError, match="unknown variant"):
        new_game(4, seed=1, variants={"zombies"})
    with pytest.raises(ValueError, match="names"):
        new_game(4, seed=1, names=["a"])
    with pytest.raises(ValueError, match="at most 100"):
        new_game(4, seed=1, names=["a", "b", "c", "d" * 101])
    with pytest.raises(ValueError, match="valid Unicode"):
        new_game(4, seed=1, names=["a", "b", "c", "\ud800"])
    with pytest.raises(ValueError, match="seed"):
        new_game(4, seed=2**130)
    with pytest.raises(ValueError, match="seed"):
        new_game(4, seed="7")  # type: ignore[arg-type]


def test_default_names_are_colours_and_given_names_are_used_in_the_log():
    game = new_game(4, seed=2, names=["Ana", "Bo", "Cy", "Di"])
    assert game.names == ("Ana", "Bo", "Cy", "Di")
    assert any("Ana" in e["text"] for e in game.log)
    default = new_game(4, seed=2)
    assert set(default.names) == {"Blue", "Green", "Brown", "Orange"}
    play_random(default, random.Random(1), until=lambda g: g.round >= 2)
    assert not any("you" in e["text"].lower().split() for e in default.log)


def test_repr_names_round_phase_and_player_to_move():
    game = new_game(4, seed=12)
    assert repr(game) == f"<Game 4 players, round 1 people, {game.names[game.order[0]]} to move>"


def test_small_boards_work_for_rule_tests():
    game = small_game(4, seed=1)
    assert game.current_player is not None and game.legal_actions()
