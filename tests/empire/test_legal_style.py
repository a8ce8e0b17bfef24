"""The legal-target style of the board: two tones that reach 3:1 on every fill of the board, and
dashes, so colour is never the only signal."""

from __future__ import annotations

import re

import pytest

from inca_core.empire import svg
from inca_core.empire.svg_play import render_pieces_svg


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def blend(top: str, bottom: str, alpha: float) -> str:
    """``top`` at ``alpha`` over ``bottom``."""
    mix = [
        round(alpha * int(top[i : i + 2], 16) + (1 - alpha) * int(bottom[i : i + 2], 16))
        for i in (1, 3, 5)
    ]
    return "#" + "".join(f"{c:02x}" for c in mix)


def board_fills() -> dict[str, str]:
    """Every flat fill a legal target can sit on: sea, land, region tones, Cuzco, the starting
    regions (suyu colour at half opacity over land), conquered regions (their suyu colour)."""
    style = svg._STYLE
    fill = {name: re.search(rf"\.{name}\{{fill:(#[0-9a-f]{{6}})", style).group(1)
            for name in ("sea", "land", "region-cuzco")}
    fills = {"sea": fill["sea"], "land": fill["land"], "cuzco": fill["region-cuzco"]}
    fills.update({f"tone {t}": t for t in svg.REGION_TONES})
    for suyu, colour in svg.SUYU_COLOURS.items():
        fills[f"start {suyu}"] = blend(colour, fill["land"], 0.5)
        fills[f"conquest {suyu}"] = colour
    return fills


@pytest.mark.parametrize(("name", "fill"), sorted(board_fills().items()))
def test_a_legal_target_reaches_3_to_1_on_every_fill(name, fill):
    best = max(contrast(svg.LEGAL_DARK, fill), contrast(svg.LEGAL_LIGHT, fill))
    assert best >= 3, (name, fill, best)


def test_the_two_tones_are_far_apart():
    assert contrast(svg.LEGAL_DARK, svg.LEGAL_LIGHT) >= 7


def test_legal_roads_sites_and_regions_are_dashed_in_both_tones():
    style = svg._STYLE
    for selector in ('[data-legal="1"]>line.connection', '[data-legal="1"]>.ring',
                     'path.region[data-legal="1"]'):
        rule = style[style.index(selector + "{") :].split("}", 1)[0]
        assert "stroke-dasharray" in rule, selector
        assert svg.LEGAL_DARK in rule or svg.LEGAL_LIGHT in rule, selector
    halo = style[style.index('[data-legal="1"]>.halo{') :].split("}", 1)[0]
    assert svg.LEGAL_DARK in halo and "non-scaling-stroke" in halo
    hit = style[style.index('[data-legal="1"]>.hit{') :].split("}", 1)[0]
    assert "stroke-width:28px" in hit and "non-scaling-stroke" in hit


def test_every_connection_and_wilderness_candidate_has_a_hit_line_and_a_halo():
    import inca_core

    game = inca_core.new_game(players=4, seed=7)
    board = game.board
    drawn = svg.render_board_svg(board)
    assert drawn.count('<line class="halo"') == len(board.connections)
    assert drawn.count('<circle class="ring"') == len(board.sites)
    wild = [road.id for road in board.wilderness[:3]]
    pieces = render_pieces_svg(board, game.observation(0), wild)
    assert pieces.count('<line class="hit"') == 3 and pieces.count('<line class="halo"') == 3
