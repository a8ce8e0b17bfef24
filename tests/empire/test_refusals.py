"""Refusals: ``why_not`` names what stands in an action's way, found by the move generator itself
(``inca_core/empire/explain.py`` asks it again with facts of the position supposed otherwise)."""

from __future__ import annotations

import random
import re

from fixtures.helpers import set_labor

from inca_core.empire.actions import Action
from inca_core.empire.tables import SITE_GARRISON
from inca_core.shelf import GAMES

_COST = re.compile(r"costs (\d+) labor")


def _refusals(players: int, seed: int):
    """Positions of a seeded random game, with each action legal somewhere in it but not there."""
    game = GAMES["empire"].new_game(players, seed=seed)
    rng = random.Random(seed)
    positions, pool = [], set()
    while not game.is_over:
        legal = game.legal_actions()
        pool.update(legal)
        if len(game.actions) % 13 == 0:
            positions.append(game.copy())
        game.play(rng.choice(legal))
    for position in positions:
        legal = set(position.legal_actions())
        yield position, [a for a in sorted(pool, key=str) if a not in legal]


def test_every_refusal_in_play_names_its_cause():
    kinds = set()
    for players in (3, 4):
        for position, refused in _refusals(players, seed=players):
            for action in refused[::3]:
                reason = position.why_not(action)
                assert reason != "That is not possible now.", (str(action), position)
                kinds.add(reason.split(" ")[0])
    assert len(kinds) >= 8  # many different causes met, not one answer for all


def test_a_labor_refusal_is_lifted_by_that_labor_and_not_by_less():
    checked = 0
    for position, refused in _refusals(4, seed=11):
        seat = position.current_player
        for action in refused:
            found = _COST.search(position.why_not(action))
            if not found:
                continue
            cost = int(found.group(1))
            richer = position.copy()
            set_labor(richer, seat, cost - 1)
            assert not richer.is_legal(action)
            set_labor(richer, seat, cost)
            assert richer.is_legal(action), (str(action), position.why_not(action))
            checked += 1
    assert checked >= 5


def test_a_city_on_a_garrison_site_is_refused_for_the_kind_of_site(north):
    game, _ = north
    kinds = zip(game.t.site_ids, game.t.site_kind, strict=True)
    site = next(s for s, kind in kinds if kind == SITE_GARRISON)
    name = game.t.site_names[game.t.site_index[site]]
    assert game.why_not(Action("city", site)) == f"{name} is not a city site."
    assert game.why_not(Action("city", "nowhere")) == "There is no site 'nowhere'."
