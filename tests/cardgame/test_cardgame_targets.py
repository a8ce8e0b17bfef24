"""The card game's click targets, action words and goal lines for the page
(``inca_core.cardgame.targets``), checked against the engine."""

import random

from inca_core.cardgame import targets
from inca_core.cardgame.actions import Build, Done, Lay, Pass, Stock, Temple, Terrace
from inca_core.cardgame.cards import CUZCO_CELL, GOALS, goal_need
from inca_core.cardgame.goals import MEASURES
from inca_core.cardgame.spec import SPEC


def random_positions(games: int = 6, players: int = 4):
    """Every position of a few random games, with its legal actions."""
    for seed in range(games):
        g = SPEC.new_game(players, seed)
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            yield g, legal
            g.play(rng.choice(legal))
        yield g, ()


def test_every_legal_action_but_buttons_has_one_element_and_words():
    seen = set()
    for g, legal in random_positions():
        grouped = targets.by_element(legal)
        assert sum(map(len, grouped.values())) == sum(
            1 for a in legal if not isinstance(a, (Lay, Done, Pass)))
        for name, actions in grouped.items():
            seen.add(name.partition(":")[0])
            assert all(targets.element(a) == name for a in actions)
        for action in legal[:6]:
            words = targets.describe(g, action)
            assert words and str(action) != words
            assert g.preview(action)["text"].startswith(words + ": ")
    assert seen == {"cell", "link", "hut", "temple", "pool", "card"}


def test_open_cells_are_empty_places_beside_the_table():
    for g, legal in random_positions(games=3):
        cells = set(targets.open_cells(g))
        for text in cells:
            c, r = (int(v) for v in text.split(","))
            assert 0 <= c <= 2 and g.card_at((c, r)) is None
            assert any(g.card_at((c + dc, r + dr)) for dc, dr in targets.NEIGHBOURS)
        near = {f"{a.cell[0]},{a.cell[1]}" for a in legal if isinstance(a, Build)
                and max(abs(a.cell[0] - a.via[0]), abs(a.cell[1] - a.via[1])) == 1}
        assert near <= cells


def test_a_click_where_nothing_is_legal_gets_the_engines_reason():
    g = SPEC.new_game(4, 3)
    while g.phase in ("lay", "take"):
        g.play(g.legal_actions()[0])
    builds = [a for a in g.legal_actions() if isinstance(a, Build)]
    card = builds[0].card
    legal_cells = {f"{a.cell[0]},{a.cell[1]}" for a in builds if a.card == card}
    refused = [c for c in targets.open_cells(g) if c not in legal_cells]
    assert refused
    for cell in refused:
        action = targets.usual_action(g, f"cell:{cell}", card)
        assert isinstance(action, Build) and action.card == card
        assert g.why_not(action)  # a reason, in the engine's words
    taken = targets.usual_action(g, "cell:1,0", card)
    assert g.why_not(taken) == "That place is taken."
    assert targets.usual_action(g, "cell:1,0") is None  # no card chosen: nothing meant
    hut = targets.usual_action(g, "hut:1,0:0")
    assert isinstance(hut, Stock) and g.why_not(hut)
    temple = targets.usual_action(g, "temple:1,0")
    assert isinstance(temple, Temple) and g.why_not(temple)
    draft = targets.usual_action(g, "pool:A01")
    assert g.why_not(draft) == "Cards are taken only during the draft."
    assert isinstance(targets.usual_action(g, "card:A01"), Terrace)


def test_a_build_starts_from_a_place_of_the_route_next_to_it():
    g = SPEC.new_game(4, 3)
    while g.phase in ("lay", "take"):
        g.play(g.legal_actions()[0])
    net = g.network(g.turn)
    for cell in targets.open_cells(g):
        c, r = (int(v) for v in cell.split(","))
        near = {(c + dc, r + dr) for dc, dr in targets.NEIGHBOURS} & net
        via = targets.usual_action(g, f"cell:{cell}", "A01").via
        assert via in (near or {CUZCO_CELL})


def test_goal_lines_show_own_goals_with_progress_and_everyone_at_the_end():
    g = SPEC.new_game(3, 2)
    rng = random.Random(2)
    while not g.is_over:
        if len(g.actions) == 60:
            seat = g.turn
            obs = g.observation(seat)
            lines = targets.goal_lines(obs, seat)
            assert [line["id"] for line in sorted(lines, key=lambda x: x["id"])] == \
                sorted(g.goals[seat])
            for line in lines:
                goal = GOALS[line["id"]]
                assert line["have"] == MEASURES[goal.measure][1](g, seat)
                need = goal_need(line["id"], 3, g.edition)
                assert line["need"] == need and line["met"] == (line["have"] >= need)
            other = (seat + 1) % 3
            assert targets.goal_lines(obs, other) == []
            assert targets.goal_lines(g.observation(None), seat) == []
        g.play(rng.choice(g.legal_actions()))
    obs = g.observation(None)
    for seat in range(3):
        lines = targets.goal_lines(obs, seat)
        assert len(lines) == 5
        scored = [line for line in lines if line["scored"]]
        assert len(scored) <= 3
        assert sum(line["vp"] for line in scored) == obs["goal_scores"][str(seat)]["total"]
        assert obs["scores"][seat] == obs["tokens_in_play"][seat] + sum(
            line["vp"] for line in scored)
