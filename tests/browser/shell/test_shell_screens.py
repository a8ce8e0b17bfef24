"""The shell's screens for every game of the shelf: How to play, the end screen of a finished game
(imported from a save the engine made) and its replay."""

from __future__ import annotations

import pytest
from page_helpers import SHELF, finished_save, import_save, open_page, state, wait_actions

from inca_core import save
from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


@pytest.mark.parametrize("game_id", SHELF)
def test_how_to_play_shows_the_chosen_game_traps_tab_and_gives_focus_back(page, site_url,
                                                                         game_id):
    info = INFOS[game_id]
    open_page(page, site_url)
    page.check(f"#game-{game_id}")
    page.locator("[data-ui=howto]").focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#howto")
    assert dialog.is_visible()
    assert page.locator("#howto-title").inner_text() == f"How to play {info.title}"
    assert page.locator("#howto-about").inner_text() == info.blurb
    assert page.locator("#howto-steps li").count() >= 3
    assert page.locator("#howto-board svg").count() == 1
    assert page.locator("#howto [data-legal], #howto [tabindex]").count() == 0
    for key in ("Tab", "Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert page.evaluate("!!document.activeElement.closest('#howto')"), key
    page.keyboard.press("Escape")
    assert dialog.is_hidden()
    assert page.evaluate("document.activeElement.dataset.ui") == "howto"


@pytest.mark.parametrize("game_id", SHELF)
def test_the_end_screen_ranks_the_players_and_the_replay_steps_through(page, site_url, game_id):
    text = finished_save(game_id, names=NAMES)
    game = save.loads(text)
    open_page(page, site_url)
    import_save(page, text)
    assert state(page)["screen"] == "end"
    assert "Game over" in state(page)["status"]
    assert page.locator("#end-title").inner_text().strip()
    ranking = page.locator("#ranking li").all_inner_texts()
    assert len(ranking) == game.players
    for place, seat in enumerate(game.ranking):
        assert game.names[seat] in ranking[place], (place, ranking)
    assert page.locator("#chart *").count() > 0
    assert page.locator(".py-error").count() == 0

    total = len(game.actions)
    assert state(page)["actions"] == total
    page.click("#screen-end [data-ui=replay]")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert state(page)["screen"] == "game"
    page.click("[data-replay=back]")
    wait_actions(page, total - 1)
    page.click("[data-replay=first]")
    wait_actions(page, 0)
    assert page.locator("#screen-game [data-legal='1']").count() == 0  # a replay takes no move
    page.click("[data-replay=forward]")
    wait_actions(page, 1)
    assert page.locator("#replay-pos").inner_text() == f"Action 1 of {total}"
    page.click("[data-replay=last]")
    wait_actions(page, total)
    assert state(page)["fingerprint"] == game.fingerprint()
    page.click("[data-replay=close]")
    page.wait_for_selector("body[data-screen='end']")
