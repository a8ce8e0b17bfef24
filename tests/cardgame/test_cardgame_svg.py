"""The card game's table drawing: recognisable cards, tokens with a second cue, legal marks."""

import math
import random
import xml.etree.ElementTree as ET

import pytest

from inca_core.cardgame.actions import Build, Road, Stock
from inca_core.cardgame.cards import CARDS
from inca_core.cardgame.game import link_key
from inca_core.cardgame.spec import SPEC
from inca_core.cardgame.svg import CONN_R, SEAT_COLOURS, render_table, table_parts

NS = "{http://www.w3.org/2000/svg}"


def midgame(seed: int = 3, steps: int = 160):
    g = SPEC.new_game(4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        g.play(rng.choice(g.legal_actions()))
    return g


def test_every_card_drawn_with_its_connectors_and_huts():
    g = midgame()
    root = ET.fromstring(render_table(g.observation(None)))
    placed = {e.get("data-cell"): e.get("data-card") for e in root.iter(f"{NS}g")
              if e.get("data-card")}
    assert placed == g.table
    for key, card_id in g.table.items():
        group = next(e for e in root.iter(f"{NS}g") if e.get("data-cell") == key)
        numbers = [t.text for t in group.iter(f"{NS}text") if t.get("class") == "conn-n"]
        assert sorted(numbers) == sorted(str(n) for n in CARDS[card_id].conn if n)
        huts = [e for e in group.iter(f"{NS}g") if e.get("data-hut")]
        assert len(huts) == len(CARDS[card_id].huts)


def test_tokens_show_colour_and_seat_number():
    g = midgame()
    root = ET.fromstring(render_table(g.observation(None)))
    tokens = [e for e in root.iter(f"{NS}g") if e.get("class") == "token"]
    assert tokens
    for t in tokens:
        seat = int(t.get("data-seat"))
        assert t.find(f"{NS}circle").get("fill") == SEAT_COLOURS[seat]
        assert t.find(f"{NS}text").text.split("\u00d7")[0] == str(seat + 1)


def test_legal_targets_marked():
    g = SPEC.new_game(4, 1)
    while g.phase in ("lay", "take"):
        g.play(g.legal_actions()[0])
    legal = g.legal_actions()
    svg = render_table(g.observation(g.turn), legal)
    root = ET.fromstring(svg)
    marked = {e.get("data-cell") for e in root.iter() if e.get("data-legal") == "1"
              and e.get("class") == "slot"}
    assert marked == {f"{a.cell[0]},{a.cell[1]}" for a in legal if isinstance(a, Build)}
    assert marked
    plain = ET.fromstring(render_table(g.observation(g.turn)))
    assert not [e for e in plain.iter() if e.get("data-legal")]


def test_legal_roads_and_huts_marked():
    g = midgame(5, 200)
    while not g.pending or g.is_over:
        g.play(random.Random(len(g.actions)).choice(g.legal_actions()))
    legal = g.legal_actions()
    root = ET.fromstring(render_table(g.observation(g.turn), legal))
    links = {e.get("data-link") for e in root.iter() if e.get("data-legal") == "1"
             and e.get("data-link")}
    huts = {e.get("data-hut") for e in root.iter() if e.get("data-legal") == "1"
            and e.get("data-hut")}
    assert links == {f"{a.a[0]},{a.a[1]}|{a.b[0]},{a.b[1]}" for a in legal
                     if isinstance(a, Road)}
    assert huts == {f"{a.cell[0]},{a.cell[1]}:{a.hut}" for a in legal if isinstance(a, Stock)}


def test_links_shown_before_a_road_is_built():
    """A connection named in ``links`` (a move a review marks) is drawn with no road and not
    legal; one between places that hold no card is not drawn."""
    g = midgame(5, 200)
    while not any(isinstance(a, Road) for a in g.legal_actions()) or g.is_over:
        g.play(random.Random(len(g.actions)).choice(g.legal_actions()))
    road = next(a for a in g.legal_actions() if isinstance(a, Road))
    key = f"{road.a[0]},{road.a[1]}|{road.b[0]},{road.b[1]}"
    markup, _ = table_parts(g.observation(None), (), (), [key, "9,9|9,10"])
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')
    shown = [e for e in root.iter() if e.get("class") == "link-shown"]
    assert [e.get("data-link") for e in shown] == [key]
    assert not shown[0].get("data-legal")
    plain, _ = table_parts(g.observation(None))
    assert "link-shown" not in plain


# Four cards around the corner north-east of Cuzco: Cuzco (1,0), Quito (1,1), Vilcabamba (2,0)
# and a mountain City (2,1). The rising diagonal joins Cuzco's NE corner to the City's SW
# corner, the falling one Quito's SE corner to Vilcabamba's NW corner: both cross in the gap.
CORNER_TABLE = {"1,0": "CZ", "1,1": "S2", "2,0": "S4", "2,1": "A08", "0,0": "S1",
                "1,-1": "S3", "1,2": "A04", "2,2": "A05"}
# Two roads across an empty plateau cell (1,1), from coast Cities to mountain Cities.
LONG_TABLE = {"1,0": "CZ", "0,0": "S1", "2,0": "S4", "0,2": "A04", "2,2": "A05", "0,1": "C04",
              "2,1": "A08", "1,-1": "S3"}


def seats(owners: int, count: int = 1, n: int = 5) -> list[int]:
    return [count] * owners + [0] * (n - owners)


def road_circles(obs: dict) -> tuple[list, list, list]:
    """The table's road tokens as (road, x, y, r), its connectors as (x, y) and its view box
    (x, y, width, height)."""
    root = ET.fromstring(render_table(obs))
    tokens = []
    for g in root.iter(f"{NS}g"):
        if (g.get("data-on") or "").startswith("road:"):
            c = g.find(f"{NS}circle")
            tokens.append((g.get("data-on"), float(c.get("cx")), float(c.get("cy")),
                           float(c.get("r"))))
    conns = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(f"{NS}circle")
             if c.get("class") == "conn"]
    return tokens, conns, [float(v) for v in root.get("viewBox").split()]


CORNER = (CORNER_TABLE, ((1, 0), (2, 1)), ((1, 1), (2, 0)))
LONG = (LONG_TABLE, ((0, 0), (2, 2)), ((0, 2), (2, 0)))


# counts: owners of the rising road and each one's tokens, the same for the falling road
@pytest.mark.parametrize(("table", "rising", "falling", "counts"), [
    pytest.param(*CORNER, (1, 1, 1, 1), id="corner-1-1"),
    pytest.param(*CORNER, (2, 2, 3, 1), id="corner-2x2-3"),
    pytest.param(*CORNER, (5, 1, 5, 1), id="corner-5-5"),
    pytest.param(*CORNER, (5, 3, 4, 1), id="corner-5x3-4"),
    pytest.param(*CORNER, (5, 2, 5, 4), id="corner-5x2-5x4"),
    pytest.param(*CORNER, (5, 3, 0, 1), id="corner-5x3-alone"),
    pytest.param(*LONG, (1, 3, 1, 4), id="long-1x3-1x4"),
    pytest.param(*LONG, (1, 3, 2, 4), id="long-1x3-2x4"),
    pytest.param(*LONG, (5, 3, 5, 2), id="long-5x3-5x2"),
])
def test_crossing_diagonal_roads_keep_their_tokens_apart_and_the_numbers_in_sight(
        table, rising, falling, counts):
    obs = SPEC.new_game(5, 1).observation(None)
    up, up_count, down, down_count = counts
    obs["table"] = table
    obs["roads"] = {link_key(*rising): seats(up, up_count), link_key(*falling):
                    seats(down, down_count)}
    if table is CORNER_TABLE:  # crowded roads along the gaps around that corner too
        obs["roads"] |= {link_key((1, 1), (2, 1)): seats(3), link_key((1, 0), (2, 0)): seats(4),
                         link_key((1, 0), (1, 1)): seats(3), link_key((1, 1), (1, 2)): seats(2)}
    tokens, conns, (left, top, width, height) = road_circles(obs)
    assert len([t for t in tokens if t[0] == f"road:{link_key(*rising)}"]) == up
    assert len([t for t in tokens if t[0] == f"road:{link_key(*falling)}"]) == down
    for i, (road, x, y, r) in enumerate(tokens):
        for other, u, v, q in tokens[i + 1:]:
            if other != road:
                assert math.dist((x, y), (u, v)) >= r + q, (road, other)
        # no token touches a connector's circle (and so never hides its number)
        assert all(math.dist((x, y), c) >= r + CONN_R for c in conns), (road, x, y)
        assert left + r <= x <= left + width - r and top + r <= y <= top + height - r


def test_road_tokens_on_crowded_tables_keep_every_connector_in_sight():
    # Five medium bots build crowded tables: several players' tokens in a row across a
    # straight road reached the corner connectors of the cards beside it. Every drawn table of
    # two such games: no token touches a connector circle or another road's token.
    from inca_core.cardgame.bots import make_bot
    tables = 0
    for seed in (2, 5):
        g = SPEC.new_game(5, seed)
        bots = [make_bot("medium", seed * 10 + i) for i in range(5)]
        while not g.is_over:
            seat = g.current_player
            g.play(bots[seat].choose(g.observation(seat), g.legal_actions()))
            if len(g.actions) % 40 and not g.is_over:
                continue
            tables += 1
            tokens, conns, _ = road_circles(g.observation(None))
            for i, (road, x, y, r) in enumerate(tokens):
                assert all(math.dist((x, y), c) >= r + CONN_R for c in conns), (road, x, y)
                for other, u, v, q in tokens[i + 1:]:
                    assert math.dist((x, y), (u, v)) >= r + q - 0.01, (road, other)
    assert tables > 10
