"""The board validator: each check accepts a sound board and rejects a board broken on purpose.

Most checks run on a small hand-made board (a 3 x 3 grid of squares: Cuzco in the middle, the
four starting regions beside it, four standard regions in the corners) so that each broken case
is obvious and fast; the count checks run on the committed 4-player side.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from inca_core import board_for
from inca_core.empire.board import Board, board_from_dict
from inca_core.empire.validate import (
    _lines_clash,
    check_connections,
    check_counts,
    check_neighbours,
    check_polygons,
    check_reach,
    check_references,
    check_sites,
    check_tiling,
    check_wilderness,
    segments_cross,
    segments_meet,
    validate_board,
)

CELLS = {
    # id: (column, row, kind, suyu)
    "cuzco": (1, 1, "cuzco", None),
    "north": (1, 0, "start", "Chinchaysuyu"),
    "east": (2, 1, "start", "Antisuyu"),
    "south": (1, 2, "start", "Collasuyu"),
    "west": (0, 1, "start", "Cuntisuyu"),
    "nw": (0, 0, "standard", "Chinchaysuyu"),
    "ne": (2, 0, "standard", "Antisuyu"),
    "se": (2, 2, "standard", "Collasuyu"),
    "sw": (0, 2, "standard", "Cuntisuyu"),
}
SITES = {
    "cuzco": ("plain", (150, 150), ["cuzco"]),
    "n_gate": ("garrison", (150, 100), ["cuzco", "north"]),
    "e_gate": ("garrison", (200, 150), ["cuzco", "east"]),
    "s_gate": ("garrison", (150, 200), ["cuzco", "south"]),
    "w_gate": ("garrison", (100, 150), ["cuzco", "west"]),
    "nw_n": ("plain", (100, 50), ["north", "nw"]),
    "ne_n": ("plain", (200, 50), ["ne", "north"]),
    "ne_e": ("plain", (250, 100), ["east", "ne"]),
    "se_e": ("plain", (250, 200), ["east", "se"]),
    "se_s": ("plain", (200, 250), ["se", "south"]),
    "sw_s": ("plain", (100, 250), ["south", "sw"]),
    "sw_w": ("plain", (50, 200), ["sw", "west"]),
    "nw_w": ("plain", (50, 100), ["nw", "west"]),
    "nw_city": ("city", (40, 40), ["nw"]),
    "ne_plain": ("plain", (250, 40), ["ne"]),
}
CONNECTIONS = [
    ("c01", "cuzco", "n_gate", "cuzco", "Chinchaysuyu"),
    ("c02", "cuzco", "e_gate", "cuzco", "Antisuyu"),
    ("c03", "cuzco", "s_gate", "cuzco", "Collasuyu"),
    ("c04", "cuzco", "w_gate", "cuzco", "Cuntisuyu"),
    ("c05", "n_gate", "nw_n", "north", None),
    ("c06", "n_gate", "ne_n", "north", None),
    ("c07", "e_gate", "ne_e", "east", None),
    ("c08", "e_gate", "se_e", "east", None),
    ("c09", "s_gate", "se_s", "south", None),
    ("c10", "s_gate", "sw_s", "south", None),
    ("c11", "w_gate", "sw_w", "west", None),
    ("c12", "w_gate", "nw_w", "west", None),
    ("c13", "nw_n", "nw_w", "nw", None),
    ("c14", "nw_city", "nw_n", "nw", None),
    ("c15", "ne_plain", "ne_e", "ne", None),
    ("c18", "ne_n", "ne_plain", "ne", None),
    ("c16", "se_e", "se_s", "se", None),
    ("c17", "sw_s", "sw_w", "sw", None),
]
WILDERNESS = [
    ("w1", "n_gate", "nw_n", ["north"], "c05"),
    ("w2", "nw_n", "ne_n", ["north"], None),
    ("w3", "ne_plain", "n_gate", ["ne", "north"], None),
    ("w4", "nw_w", "sw_w", ["west"], None),
]


def square(col: int, row: int) -> list[list[float]]:
    x, y = col * 100, row * 100
    return [[x, y], [x + 100, y], [x + 100, y + 100], [x, y + 100]]


def grid_data() -> dict:
    """The small sound board as its JSON form."""
    pos = {rid: (c, r) for rid, (c, r, _, _) in CELLS.items()}
    regions = []
    for rid, (col, row, kind, suyu) in CELLS.items():
        neighbours = [other for other, (c, r) in pos.items() if abs(c - col) + abs(r - row) == 1]
        regions.append(
            {
                "id": rid,
                "name": rid.title(),
                "kind": kind,
                "suyu": suyu,
                "hand_of_god": False,
                "outline": square(col, row),
                "neighbours": neighbours,
                "label": [col * 100 + 70, row * 100 + 80],
                "label_size": 10,
            }
        )
    return {
        "players": 4,
        "width": 300,
        "height": 300,
        "regions": regions,
        "sites": [
            {"id": sid, "name": sid, "kind": kind, "pos": list(p), "regions": rs, "temple_bonus": 0}
            for sid, (kind, p, rs) in SITES.items()
        ],
        "connections": [
            {"id": cid, "ends": [a, b], "region": r, **({"start_of": s} if s else {})}
            for cid, a, b, r, s in CONNECTIONS
        ],
        "wilderness": [
            {"id": wid, "ends": [a, b], "regions": rs, **({"doubles": d} if d else {})}
            for wid, a, b, rs, d in WILDERNESS
        ],
        "land": [[[-50, -50], [350, -50], [350, 350], [-50, 350]]],
        "play_area": [
            [
                [0, 0],
                [100, 0],
                [200, 0],
                [300, 0],
                [300, 100],
                [300, 200],
                [300, 300],
                [200, 300],
                [100, 300],
                [0, 300],
                [0, 200],
                [0, 100],
            ]
        ],
        "out_of_play": [],
    }


GEOMETRY_CHECKS = (
    check_references,
    check_polygons,
    check_tiling,
    check_neighbours,
    check_sites,
    check_connections,
    check_reach,
    check_wilderness,
)


def broken(edit) -> Board:
    """The small board after ``edit`` changed its JSON form."""
    data = copy.deepcopy(grid_data())
    edit(data)
    return board_from_dict(data)


def find(items: list[dict], key: str) -> dict:
    return next(item for item in items if item["id"] == key)


def test_small_board_is_sound() -> None:
    board = board_from_dict(grid_data())
    for check in GEOMETRY_CHECKS:
        assert check(board) == [], check.__name__


# --- counts, ids and the significant sites (on the committed side) ---------------------------
@pytest.fixture(scope="module")
def side4() -> Board:
    return board_for(4)


def test_counts_accept_the_committed_side(side4: Board) -> None:
    assert check_counts(side4) == []


def test_counts_reject_a_missing_standard_region(side4: Board) -> None:
    gone = next(r.id for r in side4.regions.values() if r.kind == "standard" and not r.hand_of_god)
    regions = {k: v for k, v in side4.regions.items() if k != gone}
    problems = check_counts(replace(side4, regions=MappingProxyType(regions)))
    assert any("42 standard regions" in p for p in problems)


def test_counts_reject_a_fifth_hand_of_god(side4: Board) -> None:
    extra = next(r for r in side4.regions.values() if r.kind == "standard" and not r.hand_of_god)
    regions = dict(side4.regions) | {extra.id: replace(extra, hand_of_god=True)}
    problems = check_counts(replace(side4, regions=MappingProxyType(regions)))
    assert any("Hand of God" in p for p in problems)


def test_counts_reject_hand_of_god_in_one_suyu(side4: Board) -> None:
    regions = dict(side4.regions)
    for r in side4.regions.values():
        if r.kind == "standard":
            regions[r.id] = replace(r, hand_of_god=False)
    for r in [r for r in side4.regions.values() if r.suyu == "Collasuyu" and r.kind == "standard"][
        :4
    ]:
        regions[r.id] = replace(r, hand_of_god=True)
    problems = check_counts(replace(side4, regions=MappingProxyType(regions)))
    assert any("spread" in p for p in problems)


def test_counts_reject_a_wrong_temple_bonus(side4: Board) -> None:
    site = side4.sites["ranchillo"]
    sites = dict(side4.sites) | {"ranchillo": replace(site, temple_bonus=1)}
    problems = check_counts(replace(side4, sites=MappingProxyType(sites)))
    assert any("ranchillo" in p and "temple bonus" in p for p in problems)


def test_counts_reject_a_missing_significant_site(side4: Board) -> None:
    sites = {k: v for k, v in side4.sites.items() if k != "pachacamac"}
    problems = check_counts(replace(side4, sites=MappingProxyType(sites)))
    assert any("pachacamac" in p for p in problems)


def test_counts_reject_a_bad_id(side4: Board) -> None:
    site = side4.sites["cuzco"]
    sites = dict(side4.sites) | {"Cuzco-1": replace(site, id="Cuzco-1")}
    problems = check_counts(replace(side4, sites=MappingProxyType(sites)))
    assert any("lowercase" in p for p in problems)


def test_counts_reject_too_few_connections(side4: Board) -> None:
    keep = dict(list(side4.connections.items())[:100])
    problems = check_counts(replace(side4, connections=MappingProxyType(keep)))
    assert any("printed connections" in p for p in problems)


def test_counts_reject_too_many_cities(side4: Board) -> None:
    sites = {
        k: replace(v, kind="city") if v.kind == "garrison" else v for k, v in side4.sites.items()
    }
    problems = check_counts(replace(side4, sites=MappingProxyType(sites)))
    assert any("city sites" in p for p in problems)


# --- references and outlines ------------------------------------------------------------------
def test_references_reject_an_unknown_site() -> None:
    board = broken(lambda d: find(d["connections"], "c05")["ends"].__setitem__(1, "atlantis"))
    assert any("unknown" in p for p in check_references(board))
    assert validate_board(board)


def test_polygons_reject_a_self_crossing_outline() -> None:
    def bow_tie(d):
        find(d["regions"], "nw")["outline"] = [[0, 0], [100, 100], [100, 0], [0, 100]]

    assert any("not a simple polygon" in p for p in check_polygons(broken(bow_tie)))


def test_polygons_reject_a_reversed_outline() -> None:
    def reverse(d):
        find(d["regions"], "se")["outline"].reverse()

    assert any("oriented" in p for p in check_polygons(broken(reverse)))


def test_polygons_reject_a_label_outside() -> None:
    board = broken(lambda d: find(d["regions"], "sw").__setitem__("label", [250, 250]))
    assert any("name outside" in p for p in check_polygons(board))


# --- tiling and adjacency ------------------------------------------------------------------
def test_tiling_rejects_a_gap() -> None:
    def shrink(d):
        find(d["regions"], "ne")["outline"] = [[200, 0], [300, 0], [300, 90], [200, 100]]

    assert any("tile" in p or "cover" in p for p in check_tiling(broken(shrink)))


def test_tiling_rejects_an_overlap() -> None:
    def grow(d):
        find(d["regions"], "ne")["outline"] = [[190, 0], [300, 0], [300, 100], [200, 100]]

    assert check_tiling(broken(grow))


def test_tiling_rejects_land_outside_the_play_area() -> None:
    assert check_tiling(broken(lambda d: d.__setitem__("play_area", [square(0, 0)])))


def test_tiling_rejects_a_play_area_off_land() -> None:
    board = broken(lambda d: d.__setitem__("land", [[[0, 0], [150, 0], [150, 300], [0, 300]]]))
    assert any("not on land" in p for p in check_tiling(board))


def test_neighbours_reject_a_one_sided_neighbour() -> None:
    board = broken(lambda d: find(d["regions"], "nw")["neighbours"].remove("north"))
    assert any("not the other way round" in p for p in check_neighbours(board))


def test_neighbours_reject_a_neighbour_without_a_border() -> None:
    def corner(d):
        find(d["regions"], "nw")["neighbours"].append("cuzco")
        find(d["regions"], "cuzco")["neighbours"].append("nw")

    assert any("differ from its shared borders" in p for p in check_neighbours(broken(corner)))


# --- sites ----------------------------------------------------------------------------------
def test_sites_reject_a_wrong_region_set() -> None:
    board = broken(lambda d: find(d["sites"], "nw_n").__setitem__("regions", ["north"]))
    assert any("nw_n" in p for p in check_sites(board))


def test_sites_reject_a_city_on_a_border() -> None:
    def move(d):
        city = find(d["sites"], "nw_city")
        city["pos"], city["regions"] = [100, 20], ["north", "nw"]

    assert any("city site nw_city" in p for p in check_sites(broken(move)))


def test_sites_reject_four_regions() -> None:
    def corner(d):
        site = find(d["sites"], "nw_city")
        site["pos"], site["regions"] = [100, 100], ["cuzco", "north", "nw", "west"]

    assert any("touches 4 regions" in p for p in check_sites(broken(corner)))


def test_sites_reject_sites_on_top_of_each_other() -> None:
    board = broken(lambda d: find(d["sites"], "ne_plain").__setitem__("pos", [201, 52]))
    assert any("too close" in p for p in check_sites(board))


# --- connections --------------------------------------------------------------------------
def test_connections_reject_a_region_an_end_does_not_touch() -> None:
    board = broken(lambda d: find(d["connections"], "c13").__setitem__("region", "north"))
    assert any("does not touch" in p for p in check_connections(board))


def test_connections_reject_a_line_leaving_its_region() -> None:
    def bend(d):
        find(d["regions"], "nw")["outline"] = [[0, 0], [100, 0], [100, 100], [75, 75], [0, 100]]
        find(d["regions"], "west")["outline"] = [
            [0, 100],
            [75, 75],
            [100, 100],
            [100, 200],
            [0, 200],
        ]

    assert any("leaves its region" in p for p in check_connections(broken(bend)))


def test_connections_reject_a_crossing() -> None:
    def cross(d):
        d["connections"].append({"id": "c28", "ends": ["nw_city", "nw_w"], "region": "nw"})
        d["connections"].append({"id": "c19", "ends": ["nw_n", "sw_w"], "region": "west"})

    problems = check_connections(broken(cross))
    assert any("cross" in p for p in problems)


def test_connections_reject_passing_through_a_site() -> None:
    def through(d):
        d["sites"].append(
            {
                "id": "rock",
                "name": "Rock",
                "kind": "plain",
                "pos": [75, 75],
                "regions": ["nw"],
                "temple_bonus": 0,
            }
        )

    assert any("passes through site rock" in p for p in check_connections(broken(through)))


def test_connections_reject_a_duplicate_pair() -> None:
    def dup(d):
        d["connections"].append({"id": "c28", "ends": ["nw_w", "nw_n"], "region": "nw"})

    assert any("join the same sites" in p for p in check_connections(broken(dup)))


def test_connections_reject_a_missing_first_road() -> None:
    board = broken(lambda d: find(d["connections"], "c02").pop("start_of"))
    assert any("Antisuyu" in p for p in check_connections(board))


def test_connections_reject_a_first_road_away_from_cuzco() -> None:
    def move(d):
        find(d["connections"], "c02").pop("start_of")
        find(d["connections"], "c07")["start_of"] = "Antisuyu"

    assert any("does not join Cuzco" in p for p in check_connections(broken(move)))


# --- reach ----------------------------------------------------------------------------------
def test_reach_rejects_a_cut_off_region() -> None:
    def cut(d):
        d["connections"] = [c for c in d["connections"] if c["id"] not in ("c08", "c09", "c16")]

    problems = check_reach(broken(cut))
    assert any("se cannot be reached" in p for p in problems)


def test_reach_rejects_a_region_touched_by_one_site() -> None:
    def lonely(d):
        d["sites"] = [s for s in d["sites"] if s["id"] != "ne_plain"]
        site = find(d["sites"], "ne_e")
        site["regions"] = ["east"]
        d["connections"] = [c for c in d["connections"] if c["id"] not in ("c15", "c18")]

    assert any("ne is touched by 1 sites" in p for p in check_reach(broken(lonely)))


# --- wilderness -----------------------------------------------------------------------------
def add_wild(d: dict, a: str, b: str, regions: list[str], doubles: str | None = None) -> None:
    d["wilderness"].append(
        {
            "id": "w9",
            "ends": [a, b],
            "regions": regions,
            **({"doubles": doubles} if doubles else {}),
        }
    )


def test_wilderness_rejects_crossing_a_connection() -> None:
    board = broken(lambda d: add_wild(d, "nw_city", "w_gate", ["nw", "west"]))
    assert any("crosses connection" in p for p in check_wilderness(board))


def test_wilderness_rejects_passing_through_a_site() -> None:
    board = broken(lambda d: add_wild(d, "w_gate", "e_gate", ["cuzco"]))
    assert any("passes through site cuzco" in p for p in check_wilderness(board))


def test_wilderness_rejects_more_than_one_border() -> None:
    def far(d):
        find(d["sites"], "ne_plain")["pos"] = [250, 30]
        find(d["sites"], "nw_city")["pos"] = [40, 30]
        add_wild(d, "nw_city", "ne_plain", ["ne", "north", "nw"])

    assert any("more than one border" in p for p in check_wilderness(broken(far)))


def test_wilderness_rejects_wrong_regions() -> None:
    board = broken(lambda d: find(d["wilderness"], "w3").__setitem__("regions", ["ne"]))
    assert any("passes ['ne', 'north'] but lists ['ne']" in p for p in check_wilderness(board))


def test_wilderness_rejects_leaving_the_land_in_play() -> None:
    def sea(d):
        d["regions"] = [r for r in d["regions"] if r["id"] != "north"]

    assert any("leaves the land in play" in p for p in check_wilderness(broken(sea)))


def test_wilderness_rejects_an_unmarked_double() -> None:
    board = broken(lambda d: find(d["wilderness"], "w1").pop("doubles"))
    assert any("not marked as doubling" in p for p in check_wilderness(board))


def test_wilderness_rejects_a_false_double() -> None:
    board = broken(lambda d: find(d["wilderness"], "w2").__setitem__("doubles", "c05"))
    assert any("joins other sites" in p for p in check_wilderness(board))


def test_wilderness_rejects_a_repeated_pair() -> None:
    board = broken(lambda d: add_wild(d, "ne_n", "nw_n", ["north"]))
    assert any("repeats a pair" in p for p in check_wilderness(board))


# --- properties -----------------------------------------------------------------------------
coord = st.floats(min_value=-50, max_value=350, allow_nan=False).map(lambda v: round(v, 2))
point = st.tuples(coord, coord)


@settings(max_examples=60, deadline=None)
@given(
    region=st.sampled_from(sorted(CELLS)),
    corner=st.integers(min_value=0, max_value=3),
    shift=st.tuples(
        st.floats(min_value=-30, max_value=30, allow_nan=False),
        st.floats(min_value=-30, max_value=30, allow_nan=False),
    ).filter(lambda d: abs(d[0]) >= 0.01 or abs(d[1]) >= 0.01),
)
def test_moving_one_corner_of_one_region_breaks_the_tiling(region, corner, shift) -> None:
    def move(d):
        ring = find(d["regions"], region)["outline"]
        ring[corner] = [ring[corner][0] + shift[0], ring[corner][1] + shift[1]]

    board = broken(move)
    problems = check_polygons(board) or check_tiling(board)
    assert problems


@settings(max_examples=200, deadline=None)
@given(a=point, b=point, c=point, d=point)
def test_crossing_tests_are_symmetric(a, b, c, d) -> None:
    assume(a != b and c != d)
    assert _lines_clash((a, b), (c, d)) == _lines_clash((c, d), (a, b))
    assert segments_meet(a, b, c, d) == segments_meet(c, d, a, b)
    if segments_cross(a, b, c, d):
        assert segments_meet(a, b, c, d)
