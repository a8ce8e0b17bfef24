"""After one visit every game of the shelf starts from the form, plays and resumes with the
network off (the service worker serves the site)."""

from __future__ import annotations

import pytest
from page_helpers import (
    SHELF,
    open_page,
    play_a_move,
    requests_since,
    start_from_form,
    state,
    wait_for_person,
)

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game_id", SHELF)
def test_a_game_starts_plays_and_resumes_offline(page, context, site_url, site_server,
                                                 worker_ready, game_id):
    open_page(page, site_url)
    worker_ready(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    served_before = len(site_server.requests)
    start_from_form(page, site_url, game_id, ["human"] * min(INFOS[game_id].players), query="")
    play_a_move(page)
    wait_for_person(page)
    played = state(page)
    page.wait_for_function(
        f"document.getElementById('save-state').textContent === "
        f"'Saved after {played['actions']} actions.'")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert state(page)["fingerprint"] == played["fingerprint"]
    assert state(page)["actions"] == played["actions"]
    play_a_move(page)
    assert page.locator(".py-error").count() == 0
    assert requests_since(site_server, served_before) == [], "the server was reached while offline"
