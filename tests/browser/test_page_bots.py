"""Bots play whole games on the page; the end screen explains the result; replay steps back."""

from __future__ import annotations

import pytest
from page_helpers import (
    new_game_url,
    open_page,
    state,
)

pytestmark = pytest.mark.browser

GAME_TIMEOUT = 240_000


def test_four_bots_play_a_whole_game_to_the_end_screen(page, site_url):
    url = new_game_url(site_url, seats="easy,medium,hard,easy", seed=7, bot_time=0.01)
    open_page(page, url)
    assert state(page)["screen"] == "game"
    page.wait_for_selector(".player .thinking", timeout=10_000)
    assert "thinking" in state(page)["status"]
    page.wait_for_selector("body[data-screen='end']", timeout=GAME_TIMEOUT)

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

    # Replay: step back and forward through the finished game, then return to the end screen.
    total = state(page)["actions"]
    page.click("#screen-end [data-ui=replay]")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert state(page)["screen"] == "game"
    page.click("[data-replay=back]")
    page.wait_for_function(f"Number(document.body.dataset.actions) === {total - 1}")
    page.click("[data-replay=first]")
    page.wait_for_function("Number(document.body.dataset.actions) === 0")
    assert page.locator("#board g.road").count() == 4
    page.click("[data-replay=forward]")
    page.wait_for_function("Number(document.body.dataset.actions) === 1")
    page.click("[data-replay=last]")
    page.wait_for_function(f"Number(document.body.dataset.actions) === {total}")
    page.click("[data-replay=close]")
    page.wait_for_selector("body[data-screen='end']")


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


def test_a_human_among_bots_is_never_asked_to_pass_the_device(page, site_url):
    open_page(page, new_game_url(site_url, seats="human,easy,easy,easy", seed=3, bot_time=0.0))
    page.wait_for_function(
        "document.querySelectorAll('#board [data-legal=\"1\"]').length > 0", timeout=60_000
    )
    assert page.locator("#pass-screen").is_hidden()
    assert "Player 1 to" in state(page)["status"]
    assert page.locator("#hand [data-card]").count() == 3


def test_bad_start_link_is_explained(page, site_url):
    open_page(page, f"{site_url}?new=1&players=5&seats=human")
    assert state(page)["screen"] == "start"
    assert "cannot start a game" in page.locator("#messages").inner_text()
