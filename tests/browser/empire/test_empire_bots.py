"""Inca Empire's bots on the page (thinking, a whole game with variants on the 3-player board)
and its end screen (ranking, tie-break, breakdown, chart)."""

from __future__ import annotations

import pytest
from page_helpers import (
    bot_game_save,
    import_save,
    new_game_url,
    open_page,
    state,
)

pytestmark = pytest.mark.browser

GAME_TIMEOUT = 240_000


def test_bots_think_and_a_finished_game_shows_the_end_screen(page, site_url):
    url = new_game_url(site_url, seats="easy,medium,hard,easy", seed=7, bot_time=0.5)
    open_page(page, url)
    assert state(page)["screen"] == "game"
    page.wait_for_selector(".player .thinking", timeout=10_000)
    assert "thinking" in state(page)["status"]
    # The end screen of a whole 4-player game of easy bots played by the engine.
    page.click("[data-ui=menu]")
    import_save(page, bot_game_save(seed=5))
    page.wait_for_selector("body[data-screen='end']")

    ranking = page.locator("#ranking li")
    assert ranking.count() == 4
    scores = [int(text.rsplit(":", 1)[1].split()[0]) for text in ranking.all_inner_texts()]
    assert scores == sorted(scores, reverse=True)
    assert page.locator("#tie-break").inner_text().count("Ties are broken") == 1
    # Without the Pizarro variant the game ends after the last era.
    assert page.locator("#end-title").inner_text() == "The fourth era is over: the game is over"
    totals = page.locator("#breakdown tr.total td").all_inner_texts()
    assert [int(t) for t in totals] == scores
    chart = page.locator("#chart svg")
    assert chart.locator("polyline").count() == 4
    assert "Game over" in state(page)["status"]
    assert page.locator(".py-error").count() == 0

    # The replay's first position: the board as dealt (every game's replay: shell/).
    page.click("#screen-end [data-ui=replay]")
    page.click("[data-replay=first]")
    page.wait_for_function("Number(document.body.dataset.actions) === 0")
    assert page.locator("#board g.road").count() == 4


def test_three_bots_with_variants_on_the_three_player_board(page, site_url):
    url = new_game_url(
        site_url,
        players=3,
        seats="easy,easy,medium",
        seed=11,
        variants="pizarro,gods_agree",
        bot_time=0.0,
    )
    open_page(page, url)
    assert page.locator("#board svg").get_attribute("data-players") == "3"
    assert page.locator("#sun [data-quadrant]").count() == 3
    page.wait_for_selector("body[data-screen='end']", timeout=GAME_TIMEOUT)
    assert page.locator("#ranking li").count() == 3
    # The end title says Pizarro only when his marker ended the game (the log says when).
    arrived = "Pizarro arrives" in page.locator("#log").text_content()
    assert ("Pizarro" in page.locator("#end-title").inner_text()) == arrived


