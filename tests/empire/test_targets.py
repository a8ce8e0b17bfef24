"""inca_core.empire.targets: what each action acts on, what a click means, the income by source."""

from __future__ import annotations

import random

import pytest

from inca_core import Action, IllegalAction, board_for, new_game
from inca_core.empire.components import MARKER_TYPES, TERRACE_INCOME
from inca_core.empire.targets import (
    by_element,
    elements,
    income_split,
    usual_action,
    worth_asking,
)

LABOR = {m.code: m.labor for m in MARKER_TYPES}


def _positions(seed: int, players: int = 4, every: int = 7, limit: int = 400):
    """Positions of one random game: every ``every``-th one, up to ``limit`` actions."""
    rng = random.Random(seed)
    game = new_game(players, seed=seed)
    for step in range(limit):
        if game.is_over:
            return
        if step % every == 0:
            yield game
        game.play(rng.choice(game.legal_actions()))


def _exists(game, element: str) -> bool:
    kind, _, target = element.partition(":")
    board = board_for(game.players)
    obs = game.observation(game.current_player)
    if kind == "connection":
        return target in board.connections or any(w.id == target for w in board.wilderness)
    if kind == "site":
        return target in board.sites
    if kind == "region":
        return target in board.regions
    if kind == "card":
        return target in obs["hands"][game.current_player]
    if kind == "quadrant":
        return target in {q["id"] for q in obs["quadrants"]}
    return False


@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_action_but_the_buttons_acts_on_elements_that_exist(seed: int) -> None:
    seen = set()
    for game in _positions(seed, players=3 if seed == 2 else 4):
        legal = game.legal_actions()
        index = by_element(legal)
        for action in legal:
            parts = elements(action)
            seen.add(action.kind)
            if action.kind in ("end", "pass", "pilgrim"):
                assert parts == ()
                continue
            assert parts, action
            for element in parts:
                assert _exists(game, element), (action, element)
                assert action in index[element]
        assert sum(len(v) for v in index.values()) == sum(len(elements(a)) for a in legal)
    assert {"sun", "road", "end", "conquer"} <= seen


def test_a_sun_action_acts_on_its_card_and_its_quadrant() -> None:
    action = next(
        a for game in _positions(3, every=1) for a in game.legal_actions() if a.kind == "sun"
    )
    assert elements(action) == (f"card:{action.target}", f"quadrant:{action.extra}")


@pytest.mark.parametrize("seed", [4, 5])
def test_a_click_where_nothing_is_legal_means_an_action_the_engine_refuses(seed: int) -> None:
    rng = random.Random(seed)
    board = board_for(4)
    ids = (
        [f"site:{s}" for s in board.sites]
        + [f"region:{r}" for r in board.regions]
        + [f"connection:{c}" for c in board.connections]
    )
    checked = 0
    for game in _positions(seed, every=11):
        index = by_element(game.legal_actions())
        for element in rng.sample(ids, 12):
            action = usual_action(game, element)
            assert action is not None
            assert elements(action) == (element,)
            if element in index:
                assert action in index[element]
                continue
            with pytest.raises(IllegalAction):
                game.preview(action)
            checked += 1
    assert checked > 50


def test_a_click_on_an_owned_region_asks_for_a_terrace_and_elsewhere_a_conquest() -> None:
    for game in _positions(6, every=3):
        mover = game.current_player
        obs = game.observation(mover)
        owned = [r for r, v in obs["regions"].items() if v.get("owner") == mover]
        free = [r for r, v in obs["regions"].items() if v.get("owner") is None]
        index = by_element(game.legal_actions())
        owned = [r for r in owned if f"region:{r}" not in index]
        free = [r for r in free if f"region:{r}" not in index]
        if owned and free:
            assert usual_action(game, f"region:{owned[0]}").kind == "terrace"
            assert usual_action(game, f"region:{free[0]}").kind == "conquer"
            return
    pytest.fail("no position with an owned and a free region")


def test_off_map_elements_have_no_usual_action() -> None:
    game = new_game(4, seed=1)
    assert usual_action(game, "card:solar_eclipse") is None
    assert usual_action(game, "quadrant:q0") is None


@pytest.mark.parametrize("seed", [7, 8])
def test_the_income_split_adds_up_to_the_engines_forecast(seed: int) -> None:
    seen_markers = False
    for game in _positions(seed, every=5):
        forecast = game.income_forecast()
        for seat in range(game.players):
            split = income_split(game, seat)
            if forecast is None:
                assert split is None
                continue
            assert split is not None
            assert split["total"] == forecast[seat]
            assert split["era"] + split["markers"] + split["terraces"] == split["total"]
            obs = game.observation(seat)
            mine = [r for r in obs["regions"].values() if r.get("owner") == seat]
            terraced = sum(1 for r in mine if r.get("terrace"))
            assert split["terraces"] == TERRACE_INCOME * terraced
            assert split["markers"] == sum(LABOR[r["marker"]] for r in mine if r.get("marker"))
            seen_markers = seen_markers or split["markers"] > 0
    assert seen_markers


@pytest.mark.parametrize("seed", [9, 10])
def test_a_road_click_offers_the_free_road_alone_which_reaches_all_a_bought_one_does(
    seed: int,
) -> None:
    checked = 0
    for game in _positions(seed, every=3, limit=300):
        legal = game.legal_actions()
        for element, actions in by_element(legal).items():
            offered = worth_asking(actions, legal)
            if not element.startswith("connection:"):
                assert offered == actions
                continue
            kinds = sorted(a.kind for a in actions)
            if kinds != ["road", "xroad"]:
                assert offered == actions
                continue
            assert [a.kind for a in offered] == ["road"]
            mover = game.current_player
            bought = game.copy()
            bought.play(Action("xroad", offered[0].target))
            then_free = {a.target for a in bought.legal_actions() if a.kind == "road"}
            free = game.copy()
            free.play(offered[0])
            if free.current_player == mover and Action("end") in free.legal_actions():
                free.play(Action("end"))
            assert free.current_player == mover
            then_bought = {a.target for a in free.legal_actions() if a.kind == "xroad"}
            # The construction after free roads can buy every road the free roads after a
            # bought one could build, for the same labor.
            assert then_free <= then_bought
            assert free.labor[mover] == bought.labor[mover] + 1
            checked += 1
    assert checked > 10


def test_a_road_click_still_asks_while_a_pilgrimage_could_replace_road_building() -> None:
    actions = [Action("road", "c1"), Action("xroad", "c1")]
    assert worth_asking(actions, actions) == [Action("road", "c1")]
    pilgrim = Action("pilgrim", "local_pilgrimage", "roads")
    assert worth_asking(actions, [*actions, pilgrim]) == actions
    instead_of_build = Action("pilgrim", "local_pilgrimage", "build")
    assert worth_asking(actions, [*actions, instead_of_build]) == [Action("road", "c1")]
