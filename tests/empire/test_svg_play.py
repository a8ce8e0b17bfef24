"""The played game drawn on the board: render_board_svg(game, viewer=..., highlights=...)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from inca_core import Action, new_game, render_board_svg
from inca_core.empire.components import CARD_KINDS
from inca_core.empire.game import Game
from inca_core.empire.svg_play import pieces_parts, render_pieces_svg


def _play_until(game: Game, done, seed: int = 1) -> Game:
    rng = random.Random(seed)
    while not game.is_over and not done(game):
        game.play(rng.choice(game.legal_actions()))
    return game


def test_roads_are_drawn_in_their_owners_colour_with_their_name() -> None:
    game = new_game(4, seed=5, names=["Ana", "Bo", "Cy", "Di"])
    svg = render_board_svg(game, viewer=0)
    roads = re.findall(r'<g class="road" data-road="([a-z0-9_]+)" data-owner-suyu="(\w+)"', svg)
    assert len(roads) == 4  # the four first roads
    for seat in range(4):
        suyu = game.observation(0)["seats"][seat]["suyu"]
        link = game.board.start_connection(suyu).id
        assert (link, suyu) in roads
        assert f"Road of {game.observation(0)['names'][seat]}" in svg


def test_hidden_markers_are_backs_and_revealed_ones_show_their_values() -> None:
    game = new_game(4, seed=2)
    obs = game.observation(0)
    hidden = sum(1 for r in obs["regions"].values() if not r["revealed"])
    svg = render_board_svg(game, viewer=0)
    assert svg.count('class="marker marker-hidden"') == hidden
    revealed = [r["marker"] for r in obs["regions"].values() if r["revealed"] and r["owner"] is None
                and r["marker"] is not None]
    assert svg.count('<g class="marker" data-marker=') == len(revealed)



def _box(rect: ET.Element) -> tuple[float, float, float, float]:
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    return x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))


def test_a_conquered_region_keeps_its_marker_label_in_the_conquerors_colour() -> None:
    """Once conquered, a region's marker stays readable: its values (resistance, VP, labor) and
    name, bordered in the conqueror's colour and dash pattern, over the conquest; a terrace
    stands beside it, not under it."""
    from inca_core.empire.components import MARKER_TYPES
    from inca_core.empire.svg import SUYU_COLOURS

    game = _play_until(new_game(4, seed=3, names=["Ana", "Bo", "Cy", "Di"]), lambda g: any(
        r["terrace"] for r in g.observation(None)["regions"].values()), seed=3)
    obs = game.observation(None)
    conquered = {rid: r for rid, r in obs["regions"].items()
                 if r["owner"] is not None and r["marker"] is not None}
    assert conquered and any(r["terrace"] for r in conquered.values())
    kinds = {m.code: m for m in MARKER_TYPES}
    parts = dict(pieces_parts(game.board, obs))
    svg = render_board_svg(game, viewer=None)
    for rid, region in conquered.items():
        assert f"marker:{rid}" in parts, rid
        marker = ET.fromstring(parts[f"marker:{rid}"])
        kind = kinds[region["marker"]]
        suyu = obs["seats"][region["owner"]]["suyu"]
        owner = obs["names"][region["owner"]]
        name = game.board.regions[rid].name
        assert marker.get("data-marker") == region["marker"]
        assert marker.get("data-owner-suyu") == suyu
        assert "".join(marker.itertext()).endswith(
            f"{kind.resistance}·{kind.vp}·{kind.labor}")
        title = marker.find("title")
        assert title is not None and title.text == (
            f"{name}, conquered by {owner}: resistance {kind.resistance}, {kind.vp} VP, "
            f"{kind.labor} labor")
        chip = marker.find("rect")
        assert chip is not None and chip.get("stroke") == SUYU_COLOURS[suyu]
        # Drawn over the conquest, in the whole board too.
        keys = list(parts)
        assert keys.index(f"conquest:{rid}") < keys.index(f"marker:{rid}")
        assert parts[f"marker:{rid}"] in svg
        if region["terrace"]:
            conquest = ET.fromstring(parts[f"conquest:{rid}"])
            x0, y0, x1, y1 = _box(chip)
            steps = [_box(r) for g in conquest.iter("g") if g.get("class") == "terrace"
                     for r in g.iter("rect")]
            assert steps
            assert all(a1 <= x0 or a0 >= x1 or b1 <= y0 or b0 >= y1
                       for a0, b0, a1, b1 in steps), rid


@pytest.mark.parametrize("players", [3, 4])
def test_sun_board_has_one_quadrant_per_player_naming_both_players(players: int) -> None:
    game = new_game(players, seed=1)
    svg = render_board_svg(game, viewer=0)
    quadrants = re.findall(r'data-quadrant="(q\d)"', svg)
    assert quadrants == [f"q{k}" for k in range(players)]
    names = game.observation(0)["names"]
    for quadrant in game.observation(0)["quadrants"]:
        a, b = quadrant["seats"]
        assert f"Sun Event quadrant of {names[a]} and {names[b]}." in svg


def test_a_face_down_card_is_named_only_to_its_owner() -> None:
    game = _play_until(new_game(4, seed=9), lambda g: g.phase == "sun")
    owner = game.current_player
    action = next(a for a in game.legal_actions() if a.kind == "sun")
    game.play(action)
    name = next(k.name for k in CARD_KINDS if k.id == action.target)
    mine = render_board_svg(game, viewer=owner)
    other = render_board_svg(game, viewer=(owner + 1) % 4)
    public = render_board_svg(game)
    quadrant = re.search(rf'data-quadrant="{action.extra}"><title>([^<]*)</title>', mine).group(1)
    assert name in quadrant
    for svg in (other, public):
        title = re.search(rf'data-quadrant="{action.extra}"><title>([^<]*)</title>', svg).group(1)
        assert "face down" in title and name not in title


def test_highlights_mark_legal_targets() -> None:
    game = _play_until(new_game(4, seed=4), lambda g: g.phase == "people")
    targets = {a.target for a in game.legal_actions() if a.kind == "road"}
    assert targets
    svg = render_board_svg(game, viewer=game.current_player, highlights=targets)
    marked = set(re.findall(r'data-connection="([a-z0-9_]+)" data-legal="1"', svg))
    assert marked == targets


def test_player_names_are_text_never_markup() -> None:
    evil = '<script>alert(1)</script><svg onload="x()">'
    game = new_game(3, seed=1, names=[evil, "B", "C"])
    root = ET.fromstring(render_board_svg(game, viewer=0))
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    assert not [e for e in root.iter() for a in e.attrib if a.startswith("on")]
    titles = [e.text or "" for e in root.iter() if e.tag.endswith("title")]
    assert any(evil in t for t in titles)


def test_empty_board_has_no_pieces() -> None:
    game = new_game(4, seed=1)
    svg = render_board_svg(game.board)
    assert '<g class="pieces"></g>' in svg
    assert Action.parse("pass") == Action.parse(str(Action.parse("pass")))


def _parts_after(actions: int, seed: int) -> list[tuple[str, str]]:
    game = new_game(4, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    targets = {a.target for a in game.legal_actions() if a.target and a.kind != "pilgrim"}
    seat = game.current_player if game.current_player is not None else 0
    return pieces_parts(game.board, game.observation(seat), targets)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pieces_parts_are_single_elements_with_keys_in_a_fixed_order(seed: int) -> None:
    game = new_game(4, seed=seed)
    obs = game.observation(0)
    parts = pieces_parts(game.board, obs)
    assert "".join(markup for _, markup in parts) == render_pieces_svg(game.board, obs)
    keys = [key for key, _ in parts]
    assert len(keys) == len(set(keys))
    for _, markup in parts:
        element = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')
        assert len(element) == 1  # exactly one element per part
    # Keys common to two positions of the same game come in the same relative order, so a page
    # may insert new parts before the next part it already shows.
    early, late = _parts_after(10, seed), _parts_after(80, seed)
    common = {k for k, _ in early} & {k for k, _ in late}
    assert len(common) > 5
    assert [k for k, _ in early if k in common] == [k for k, _ in late if k in common]
    assert any(k.startswith("road:") for k in {k for k, _ in late} - common)


def test_parts_made_before_are_reused_only_when_they_would_be_drawn_the_same(monkeypatch) -> None:
    """``pieces_parts`` keeps each part's markup by what it reads: over a whole game, seen by
    every seat in turn, with quadrants and Wilderness Roads highlighted now and then, it gives
    what a fresh drawing (nothing kept) gives."""
    from inca_core.empire import svg_play

    game = new_game(4, seed=11, names=["Ana", "Bo", "Cy", "Di"])
    rng = random.Random(3)
    wild = [road.id for road in game.board.wilderness]
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
        obs = game.observation([None, 0, 1, 2, 3][len(game.actions) % 5])
        highlights = {q["id"] for q in obs["quadrants"] if rng.random() < 0.2}
        highlights |= {w for w in wild if rng.random() < 0.05}
        kept = pieces_parts(game.board, obs, highlights)
        with monkeypatch.context() as fresh:
            fresh.setattr(svg_play, "_MADE", {})
            assert kept == pieces_parts(game.board, obs, highlights)
