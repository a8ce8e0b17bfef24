"""Wiraqocha's drawing (`inca_core.wiraqocha.svg`) and the page's helpers
(`inca_core.wiraqocha.targets`)."""

import random
import xml.etree.ElementTree as ET

from inca_core.wiraqocha import svg, targets
from inca_core.wiraqocha.actions import Conquer, Protect, Raise, Roll
from inca_core.wiraqocha.data import EDITIONS, TILE_ORDER, TILES, TILES_OF
from inca_core.wiraqocha.spec import SPEC

NS = {"s": "http://www.w3.org/2000/svg"}


def played(players: int = 3, seed: int = 7, steps: int = 150, options=()):
    """A game after ``steps`` random actions (fewer if it ends)."""
    g = SPEC.new_game(players, seed, frozenset(options), [f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    return g


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def tile_node(root: ET.Element, tile: str) -> ET.Element:
    found = [n for n in root.iter() if n.get("data-tile") == tile]
    assert len(found) == 1
    return found[0]


def test_the_drawing_is_well_formed_and_draws_every_tile_once():
    for players in (2, 3, 4):
        g = played(players)
        root = parse(svg.render_svg(g.observation(None)))
        drawn = [n.get("data-tile") for n in root.iter() if n.get("data-tile")]
        assert sorted(drawn) == sorted(TILE_ORDER)
        # The valley alone: what the players hold off it is the page's players panel.
        assert not [n for n in root.iter() if n.get("data-camp") or n.get("data-grave")]
        assert root.get("viewBox") == f"0 0 {svg._n(svg.WIDTH)} {svg._n(svg.HEIGHT)}"
        assert 0.9 < svg.WIDTH / svg.HEIGHT < 1.2


def test_each_tile_shows_its_dice_requirement_and_its_editions_ground():
    for edition in EDITIONS:
        root = parse(svg.render_svg(SPEC.new_game(2, 3, edition=edition).observation(None)))
        for tile, t in TILES_OF[edition].items():
            node = tile_node(root, tile)
            if t.kind == "sum":
                texts = [n.text for n in node.iter(f"{{{NS['s']}}}text")]
                assert tile in texts
            else:  # one die face per die asked for, each with its pips
                faces = [n for n in node.iter(f"{{{NS['s']}}}rect")
                         if n.get("fill") == "#fffdf6"]
                assert len(faces) == len(t.need)
            assert f": {t.ground}," in node.get("aria-label")
            assert "needs" in node.get("aria-label")
            assert node.get("data-ground") == t.ground


def test_tokens_are_drawn_where_the_state_has_them_with_shape_and_name():
    g = played(3, steps=200)
    obs = g.observation(None)
    root = parse(svg.render_svg(obs))
    occupied = svg.occupants(obs)
    assert occupied  # the random game put tokens on the board
    for tile, (seat, token) in occupied.items():
        node = tile_node(root, tile)
        drawn = [(n.get("data-seat"), n.get("data-token")) for n in node.iter()
                 if n.get("data-token")]
        assert drawn == [(str(seat), token)]
        assert obs["names"][seat] in node.get("aria-label")
    # Tokens off the valley are not drawn.
    for seat, tokens in enumerate(obs["where"]):
        for token, place in tokens.items():
            where = [n for n in root.iter() if n.get("data-token") == token
                     and n.get("data-seat") == str(seat)]
            assert len(where) == (1 if place in TILES else 0)


def test_seats_differ_by_shape_not_only_colour():
    shapes = [svg.token_shape(s, 0, 0, 10).split()[0] for s in range(4)]
    assert len({s.split()[0] for s in svg.SEAT_SHAPES}) == 4
    assert len(set(shapes)) >= 3  # circle, rect, two different paths
    paths = [svg.token_shape(s, 0, 0, 10) for s in (2, 3)]
    assert paths[0] != paths[1]


def test_protecting_dice_show_their_value_and_relics_their_ruins():
    g = SPEC.new_game(2, seed=1)
    g.layout = TILE_ORDER
    g.where[0]["B"], g.where[0]["E1"], g.where[1]["Z1"] = "5", "4", "11"
    g.guard["4"] = 6
    obs = g.observation(None)
    root = parse(svg.render_svg(obs))
    guards = {n.get("data-guard") for n in tile_node(root, "4").iter() if n.get("data-guard")}
    assert guards == {"6"}
    base = {n.get("data-guard") for n in tile_node(root, "5").iter() if n.get("data-guard")}
    assert base == {"2"}  # the Base Camp's own protection
    assert not [n for n in tile_node(root, "11").iter() if n.get("data-guard")]
    relics = [t for t in TILES if any(n.get("data-relic") for n in tile_node(root, t).iter())]
    assert sorted(relics) == sorted(obs["relic_on"])


def test_the_caves_are_drawn_only_with_their_option():
    with_caves = parse(svg.render_svg(SPEC.new_game(2, 1, {"caves"}).observation(None)))
    without = parse(svg.render_svg(SPEC.new_game(2, 1).observation(None)))
    assert tile_node(with_caves, "7").get("data-feature") == "caves"
    assert tile_node(without, "7").get("data-feature") == "vein"


def test_legal_tiles_are_marked_and_focusable():
    obs = SPEC.new_game(2, 1).observation(None)
    root = parse(svg.render_svg(obs, {"7", "3-3"}))
    marked = {n.get("data-tile") for n in root.iter() if n.get("data-legal") == "1"}
    assert marked == {"7", "3-3"}
    assert tile_node(root, "7").get("tabindex") == "0"
    assert tile_node(root, "8").get("tabindex") is None


def test_names_are_escaped():
    g = SPEC.new_game(2, 1, names=["<script>x</script>", "A&B"])
    text = svg.render_svg(g.observation(None))
    parse(text)
    assert "<script>" not in text


def test_the_drawing_shows_nothing_hidden():
    """The pile order and the dice to come are the only hidden things: games that differ only
    in them draw the same."""
    g = played(4, steps=150)
    assert any(place in g.tiles for place in g.where[0].values())
    other = g.copy()
    other.pile = list(reversed(other.pile))
    other.seed = g.seed + 1
    assert other.pile != g.pile or len(g.pile) < 2
    assert svg.render_svg(g.observation(None)) == svg.render_svg(other.observation(None))
    # A seat's drawing differs from the spectator's only by naming its own tokens "your".
    mine = svg.render_svg(g.observation(0))
    assert mine != svg.render_svg(g.observation(None))
    assert svg.render_svg({**g.observation(0), "viewer": None}) == \
        svg.render_svg(g.observation(None))
    assert "Your " in mine and f"{g.names[0]}'s " not in mine


# ----- targets: what a pick of dice and a click on a tile mean -----

def placing_base(dice):
    g = SPEC.new_game(2, seed=1)
    g.layout = TILE_ORDER
    g.turn = g.first = 0
    g.phase, g.round, g.dice = "act", 1, sorted(dice)
    return g


def test_picked_dice_mark_exactly_the_tiles_they_take():
    g = placing_base([3, 4, 6])
    legal = g.legal_actions()
    every = targets.legal_tiles(legal)
    assert every == {a.tile for a in legal if isinstance(a, Conquer)}
    assert targets.legal_tiles(legal, (3, 4)) == {"7"}
    assert targets.legal_tiles(legal, (4, 3)) == {"7"}
    assert targets.legal_tiles(legal, (6,)) == {"6"}
    assert targets.legal_tiles(legal, (3, 4, 6)) == set()  # 13 is no tile
    for tile in every:
        for a in targets.tile_actions(legal, tile, ()):
            assert g.why_not(a) is None


def test_a_conquest_of_a_protected_tile_offers_the_beating_die_after_the_meeting_dice():
    g = placing_base([1, 3, 4, 5, 6])
    g.where[0]["B"], g.where[0]["E1"] = "1", "2"
    g.where[1]["E1"], g.guard["7"] = "7", 4
    legal = g.legal_actions()
    offered = targets.tile_actions(legal, "7", (3, 4))
    assert {a.beat for a in offered} == {5, 6}
    exact = targets.tile_actions(legal, "7", (3, 4, 6))
    assert exact and {a.beat for a in exact} == {6}
    assert all(g.why_not(a) is None for a in offered + exact)


def test_one_die_on_ones_own_territory_is_protection():
    g = placing_base([2, 5])
    g.where[0]["B"], g.where[0]["E1"] = "1", "2"
    legal = g.legal_actions()
    assert targets.tile_actions(legal, "2", (5,)) == [Protect("2", 5)]
    assert targets.die_actions(legal, 5) == []  # no Resources to change a die
    g.resources[0] = 2
    assert Raise(5) in targets.die_actions(g.legal_actions(), 5)


def test_usual_action_lets_the_engine_explain_a_refused_click():
    g = placing_base([3, 5])
    ask = targets.usual_action(g, "7", (3, 5))
    assert isinstance(ask, Conquer) and ask.token == "B"
    assert g.why_not(ask) == "Dice 3 and 5 add up to 8, not 7."
    prep = SPEC.new_game(2, 1)
    assert prep.why_not(targets.usual_action(prep, "7", ())) == "Roll the dice first (Phase I)."
    assert targets.tile_of(Roll()) is None


def test_victory_progress_counts_toward_each_condition():
    g = SPEC.new_game(3, 1, edition=5)  # the Tanks 3 R and the Death Ray 4 R + 1 S
    g.relics[1] = ["9", "12"]
    g.somnium[1] = 4
    g.cards[1] = ["tanks", "ray"]
    progress = targets.victory_progress(g.observation(None), 1)
    assert progress == {"relics": (2, 4), "somnium": (4, 9),
                        "leviathan_resources": (7, 18), "leviathan_somnium": (1, 2)}
