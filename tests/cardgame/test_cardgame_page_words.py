"""What the card game's page reads from the engine: the live score in the observation, the word
on why nothing can be built, and a table drawing a person can read (no ids or grid cells in its
titles, tokens clear of each other and of the connectors, legal marks in no player's colour)."""

import random
import re
import xml.etree.ElementTree as ET

from inca_core.cardgame import words
from inca_core.cardgame.actions import Build, Road
from inca_core.cardgame.cards import CARDS
from inca_core.cardgame.goals import best_goals
from inca_core.cardgame.spec import SPEC
from inca_core.cardgame.svg import SEAT_COLOURS, render_table

NS = "{http://www.w3.org/2000/svg}"
#: A grid cell or a card id as the text form writes them.
ENGINE_SYNTAX = re.compile(r"-?\d+,-?\d+|\b[A-DG]\d\d\b|\bS\d\b|\bCZ\b")


def random_game(seed: int, steps: int | None = None):
    g = SPEC.new_game(4, seed)
    rng = random.Random(seed)
    while not g.is_over and (steps is None or len(g.actions) < steps):
        g.play(rng.choice(g.legal_actions()))
    return g


def test_score_now_is_tokens_on_the_table_plus_the_goals_the_viewer_may_see():
    g = random_game(3, 200)  # a goal met by then (edition 5: 180 actions in)
    for seat in (0, 2, None):
        live = g.observation(seat)["score_now"]
        for s in range(4):
            assert live["tokens"][s] == g.tokens_in_play(s)
            if s == seat:
                assert live["goals"][s] == best_goals(g, s)[1]
                assert live["total"][s] == g.scores[s]
            else:  # another player's goals stay hidden before the end
                assert live["goals"][s] is None
                assert live["total"][s] == g.tokens_in_play(s)
    assert any(g.observation(s)["score_now"]["goals"][s] for s in range(4))
    over = random_game(4)
    assert over.observation(1)["score_now"]["total"] == list(over.scores)


def test_idle_note_says_why_no_city_or_colca_can_be_built():
    seen = set()
    for seed in range(3):
        g = SPEC.new_game(4, seed)
        rng = random.Random(seed)
        while not g.is_over:
            note = words.idle_note(g)
            builds = [a for a in g.legal_actions() if isinstance(a, Build)]
            if g.phase in ("act", "close") and not g.pending and g.hands[g.turn]:
                assert (note is None) == bool(builds)
            if note:
                assert not ENGINE_SYNTAX.search(note), note
                if note.startswith("Too few tokens"):
                    have = int(re.search(r"holds (\d+)", note).group(1))
                    need = int(re.search(r"needs (\d+)", note).group(1))
                    pool = g.active if "Active Pool" in note else g.supply
                    assert have == pool[g.turn] < need
                seen.add(note.split(":")[0].split(".")[0])
            g.play(rng.choice(g.legal_actions()))
    assert "Too few tokens to build" in seen


def test_titles_and_labels_name_places_in_words_not_cells_or_ids():
    g = random_game(5, 200)
    legal = g.legal_actions()
    root = ET.fromstring(render_table(g.observation(g.turn), legal))
    texts = [e.text or "" for e in root.iter() if e.tag in (f"{NS}title", f"{NS}text")]
    assert texts
    bad = [t for t in texts if ENGINE_SYNTAX.search(t)]
    assert not bad, bad[:5]
    titles = [e.text for e in root.iter(f"{NS}title")]
    assert any(t.startswith("Road from ") for t in titles)


def _tokens(group) -> list[tuple[float, float, float]]:
    out = []
    for token in group:
        circle = token.find(f"{NS}circle")
        out.append((float(circle.get("cx")), float(circle.get("cy")), float(circle.get("r"))))
    return out


def _apart(a, b) -> bool:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= a[2] + b[2]


def test_road_tokens_of_several_players_lie_side_by_side():
    shared = 0
    for seed in (3, 11):
        g = random_game(seed)
        root = ET.fromstring(render_table(g.observation(None)))
        roads = next(e for e in root.iter(f"{NS}g") if e.get("class") == "roads")
        tokens = [e for e in roads if e.get("class") == "token"]
        for key, counts in g.roads.items():
            owners = sum(1 for k in counts if k)
            lines = [e for e in roads if e.get("data-link") == key and e.tag == f"{NS}line"]
            assert len(lines) == owners
            mine = _tokens([e for e in tokens if e.get("data-on") == f"road:{key}"])
            assert len(mine) == owners
            shared += owners > 1
            for i, a in enumerate(mine):
                for b in mine[i + 1:]:
                    assert _apart(a, b), (key, mine)
    assert shared


def test_hut_tokens_clear_the_connector_numbers():
    g = random_game(11)
    root = ET.fromstring(render_table(g.observation(None)))
    stocked = 0
    for group in root.iter(f"{NS}g"):
        if group.get("class") != "placed":
            continue
        conns = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
                 for c in group.iter(f"{NS}circle") if c.get("class") == "conn"]
        huts = [e for e in group if e.get("data-hut")]
        if not huts:
            continue
        # tokens drawn after the huts are the huts' (fame and temple tokens come before)
        after = list(group)[list(group).index(huts[0]):]
        hut_tokens = _tokens([e for e in after if e.get("class") == "token"])
        stocked += len(hut_tokens)
        for token in hut_tokens:
            for conn in conns:
                assert _apart(token, conn), (group.get("data-cell"), token, conn)
    assert stocked


def test_legal_roads_and_places_in_a_colour_no_player_has_and_dashed():
    g = random_game(5, 200)
    while not any(isinstance(a, Road) for a in g.legal_actions()):
        g.play(random.Random(len(g.actions)).choice(g.legal_actions()))
    root = ET.fromstring(render_table(g.observation(g.turn), g.legal_actions()))
    legal = [e for e in root.iter(f"{NS}line") if e.get("data-legal") == "1"]
    assert legal
    for line in legal:
        assert line.get("stroke").lower() not in {c.lower() for c in SEAT_COLOURS}
        assert line.get("stroke-dasharray")
    style = root.find(f"{NS}style").text
    for rule in re.findall(r"\.(?:slot|link-legal)\{([^}]*)\}", style):
        colour = re.search(r"stroke:(#[0-9a-f]+)", rule).group(1)
        assert colour not in SEAT_COLOURS and "dasharray" in rule


def test_every_card_title_names_its_kind_without_its_id():
    for card_id in CARDS:
        title = words.card_title(card_id)
        assert card_id not in title
