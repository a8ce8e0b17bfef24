"""The board picture: a self-contained, deterministic SVG with the page's data attributes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from inca_core import board_for, new_game, render_board_svg

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", params=[3, 4])
def drawn(request):
    board = board_for(request.param)
    return board, render_board_svg(board)


def test_svg_parses_with_a_viewbox(drawn) -> None:
    board, svg = drawn
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") == f"0 0 {board.width:g} {board.height:g}"


def test_every_region_site_and_connection_has_its_element_and_title(drawn) -> None:
    board, svg = drawn
    root = ET.fromstring(svg)
    for attr, table in (
        ("data-region", board.regions),
        ("data-site", board.sites),
        ("data-connection", board.connections),
    ):
        elements = root.findall(f".//*[@{attr}]")
        assert sorted(e.get(attr) for e in elements) == sorted(table)
        for element in elements:
            title = element.find(f"{NS}title")
            assert title is not None and title.text


def test_titles_name_the_things(drawn) -> None:
    _, svg = drawn
    root = ET.fromstring(svg)
    site = root.find(".//*[@data-site='ranchillo']")
    assert site is not None
    assert site.find(f"{NS}title").text == "Ranchillo (city site, temple bonus 4)"
    region = root.find(".//*[@data-region='cuzco']")
    assert region.find(f"{NS}title").text.startswith("Cuzco")


def test_connections_have_a_wide_hit_line(drawn) -> None:
    _, svg = drawn
    root = ET.fromstring(svg)
    for group in root.findall(".//*[@data-connection]"):
        assert any(line.get("class") == "hit" for line in group.findall(f"{NS}line"))


def test_first_roads_are_marked(drawn) -> None:
    board, svg = drawn
    root = ET.fromstring(svg)
    for suyu in board.suyus:
        c = board.start_connection(suyu)
        group = root.find(f".//*[@data-connection='{c.id}']")
        assert f"first road of {suyu}" in group.find(f"{NS}title").text
        assert any("connection-first" in (e.get("class") or "") for e in group)


def test_site_kinds_have_distinct_shapes(drawn) -> None:
    board, svg = drawn
    root = ET.fromstring(svg)
    shapes = {}
    for site in board.sites.values():
        group = root.find(f".//*[@data-site='{site.id}']")
        drawn_shape = [e.tag for e in group if "site" in (e.get("class") or "").split()]
        key = "significant" if site.temple_bonus else site.kind
        shapes.setdefault(key, set()).add(tuple(drawn_shape))
        if site.temple_bonus:
            assert any(e.text == str(site.temple_bonus) for e in group.iter(f"{NS}text"))
    assert all(len(v) == 1 for v in shapes.values())
    assert len({next(iter(v)) for v in shapes.values()}) == 3  # square, triangle path, circle
    assert shapes["city"] == {(f"{NS}rect",)}
    assert shapes["plain"] == {(f"{NS}circle",)}


def test_hand_of_god_regions_carry_the_symbol(drawn) -> None:
    board, svg = drawn
    assert svg.count('class="hand-of-god"') == 1 + sum(
        r.hand_of_god for r in board.regions.values()
    )  # one per region plus the key


def test_no_external_resources_or_scripts(drawn) -> None:
    _, svg = drawn
    assert "<script" not in svg
    assert "http://" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in svg
    assert "href" not in svg
    assert "style=" not in svg
    assert all(u.startswith("#") for u in re.findall(r"url\(([^)]*)\)", svg))


def test_out_of_play_land_only_on_three_player_side(drawn) -> None:
    board, svg = drawn
    assert ('class="out-of-play"' in svg) == (board.players == 3)


def test_highlights_mark_the_named_elements() -> None:
    board = board_for(4)
    svg = render_board_svg(board, highlights={"cuzco", "pisac", "c001"})
    root = ET.fromstring(svg)
    region = root.find(".//*[@data-region='cuzco']")
    assert "highlight" in region.get("class").split()
    site = root.find(".//*[@data-site='pisac']")
    assert any("highlight" in (e.get("class") or "").split() for e in site)
    conn = root.find(".//*[@data-connection='c001']")
    assert any("highlight" in (e.get("class") or "").split() for e in conn)
    plain = ET.fromstring(render_board_svg(board))
    assert not [e for e in plain.iter() if "highlight" in (e.get("class") or "").split()]


def test_size_sets_pixel_dimensions_and_pieces_go_on_top() -> None:
    board = board_for(4)
    svg = render_board_svg(new_game(4, seed=1), size=500)
    root = ET.fromstring(svg)
    assert root.get("width") == "500"
    assert float(root.get("height")) == pytest.approx(500 * board.height / board.width, abs=0.01)
    layer = root.find(f"{NS}g[@class='pieces']")
    assert layer is not None and layer.find(f"{NS}g[@class='road']") is not None
    assert list(root)[-1] is layer


def test_rendering_is_deterministic() -> None:
    board = board_for(4)
    assert render_board_svg(board) == render_board_svg(board)
