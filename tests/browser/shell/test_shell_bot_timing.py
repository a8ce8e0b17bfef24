"""Bots on the page record how long they take, in every game of the shelf: each bot move is a
User Timing measure ``bot-move:STRENGTH`` from the start of its thinking to its decision, with
the search's work in its detail, which ``bench/page_bots.py`` reads against the bot time setting
(a slice of search over 50 ms would be a ``bot-slice:STRENGTH`` measure)."""

from __future__ import annotations

import pytest
from page_helpers import SHELF, start_from_form

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

MEASURES = "[...new Set(performance.getEntriesByType('measure').map((e) => e.name))]"


@pytest.mark.parametrize("game_id", SHELF)
def test_every_bot_move_is_measured_by_strength(page, site_url, game_id):
    seats = ["hard", "easy", "medium", "easy", "medium"][:min(INFOS[game_id].players)]
    start_from_form(page, site_url, game_id, seats)
    page.wait_for_function("performance.getEntriesByName('bot-move:hard').length >= 2 && "
                           "performance.getEntriesByName('bot-move:easy').length >= 1",
                           timeout=60_000)
    names = set(page.evaluate(MEASURES))
    assert {"bot-move:hard", "bot-move:easy"} <= names
    by_strength = {name for name in names if ":" in name}
    assert {name.split(":")[0] for name in by_strength} <= {"bot-move", "bot-slice"}
    assert {name.split(":")[1] for name in by_strength} <= set(seats)
    # The page's own parts over 50 ms, named apart (docs/PAGE.md).
    assert names - by_strength <= {"page-render", "page-save"}
    # Each move says how much its search did.
    work = page.evaluate("performance.getEntriesByName('bot-move:hard')"
                         ".map((e) => e.detail.iterations)")
    assert all(isinstance(n, int) and n >= 0 for n in work) and max(work) > 0
    assert page.locator(".py-error").count() == 0
