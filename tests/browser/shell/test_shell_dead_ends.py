"""No dead end, in every game, on a desktop (1440x900, the mouse) and a phone (390x844, taps):
a walk over random positions played by real clicks and taps at the centres of what is on screen
(a person and easy bots, started from the form). At every decision of the person, something that
moves the game on (a legal target, a choice button, a panel's button such as a die, a summary's
Continue) is in view: its centre on screen, inside the box that clips it, nothing over it; and
when the board has legal targets, one of them is in its visible part. From
time to time the page is reloaded (a resumed game keeps its targets in view too: the card game's
huts to stock lay below the board after a reload). Lean: a couple of dozen actions per game."""

from __future__ import annotations

import random

import pytest
from in_sight import decide
from page_helpers import READY, SHELF, start_from_form, wait_for_person
from sitebuild import DEVICES

from inca_core.shelf import INFOS

#: Every test on each screen (tests/browser/conftest.py gives the context its size).
pytestmark = [pytest.mark.browser, pytest.mark.parametrize("layout", DEVICES)]

#: The person's actions per game and device, and a reload after every so many.
ACTIONS = 20
RELOAD_EVERY = 7


@pytest.mark.parametrize("game_id", SHELF)
def test_every_decision_has_something_in_view(page, site_url, layout, game_id):
    touch = layout == "phone"
    rng = random.Random(f"{game_id}-{layout}")
    players = rng.choice(list(INFOS[game_id].players)[:2])
    start_from_form(page, site_url, game_id, ["human"] + ["easy"] * (players - 1))
    for done in range(ACTIONS):
        if page.locator("body[data-screen='end']").count():
            break
        wait_for_person(page)
        if done and done % RELOAD_EVERY == 0:
            page.reload()
            page.wait_for_selector(READY)
            wait_for_person(page)
        decide(page, touch, rng, check_board=True)
