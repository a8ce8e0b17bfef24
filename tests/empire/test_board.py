"""The committed board sides load, match the contract and pass the validator."""

from __future__ import annotations

import math

import pytest

from inca_core import board_for
from inca_core.empire.board import SUYUS
from inca_core.empire.validate import WILDERNESS_MAX, validate_board, wilderness_route


@pytest.mark.parametrize("players", [3, 4])
def test_committed_side_is_valid(players: int) -> None:
    assert validate_board(board_for(players)) == []


@pytest.mark.parametrize(("players", "standard"), [(4, 42), (3, 36)])
def test_region_counts(players: int, standard: int) -> None:
    kinds = [r.kind for r in board_for(players).regions.values()]
    assert kinds.count("cuzco") == 1
    assert kinds.count("start") == players
    assert kinds.count("standard") == standard


def test_three_player_side_leaves_out_cuntisuyu() -> None:
    board = board_for(3)
    assert board.suyus == ("Chinchaysuyu", "Antisuyu", "Collasuyu")
    assert all(r.suyu != "Cuntisuyu" for r in board.regions.values())
    assert board.out_of_play


@pytest.mark.parametrize("players", [3, 4])
def test_first_roads_join_cuzco_to_each_starting_region(players: int) -> None:
    board = board_for(players)
    for suyu in board.suyus:
        road = board.start_connection(suyu)
        assert "cuzco" in road.ends
        other = next(e for e in road.ends if e != "cuzco")
        assert board.start_region(suyu).id in board.sites[other].regions


def test_significant_sites_on_both_sides() -> None:
    bonus = {
        "machu_picchu": 1,
        "pachacamac": 2,
        "huanuco_pampa": 2,
        "chiquitoy_viejo": 3,
        "pucara_de_andagala": 3,
        "ranchillo": 4,
    }
    for players in (3, 4):
        board = board_for(players)
        assert {s: board.sites[s].temple_bonus for s in bonus} == bonus
        assert all(board.sites[s].kind == "city" for s in bonus)


def test_unknown_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match="3 or 4"):
        board_for(5)


def test_suyu_order() -> None:
    assert SUYUS == ("Chinchaysuyu", "Antisuyu", "Collasuyu", "Cuntisuyu")


@pytest.mark.parametrize("players", [3, 4])
def test_wilderness_candidates_are_every_allowed_pair(players: int) -> None:
    board = board_for(players)
    listed = {frozenset(w.ends): w.regions for w in board.wilderness}
    ids = sorted(board.sites)
    allowed = {}
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if math.dist(board.sites[a].pos, board.sites[b].pos) > WILDERNESS_MAX:
                continue
            route = wilderness_route(board, a, b)
            if route is not None:
                allowed[frozenset((a, b))] = route
    assert set(listed) == set(allowed)
    assert all(listed[k] == allowed[k] for k in listed)


def test_wilderness_route_follows_the_card() -> None:
    board = board_for(4)
    first = board.start_connection("Antisuyu")
    assert wilderness_route(board, *first.ends) == {"cuzco"}  # beside a printed road
    assert wilderness_route(board, "tumbes", "maule") is None  # far across everything
