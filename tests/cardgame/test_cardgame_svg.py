"""The card game's table drawing: recognisable cards, tokens with a second cue, legal marks."""

import random
import xml.etree.ElementTree as ET

from inca_core.cardgame.actions import Build, Road, Stock
from inca_core.cardgame.cards import CARDS
from inca_core.cardgame.game import new_game
from inca_core.cardgame.svg import SEAT_COLOURS, render_table

NS = "{http://www.w3.org/2000/svg}"


def midgame(seed: int = 3, steps: int = 160):
    g = new_game(4, seed)
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
    g = new_game(4, 1)
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
