"""What the shell does for the person to move in every game of the shelf: undo of their own
action, a hint they can play, a share link that opens as the same game."""

from __future__ import annotations

import pytest
from page_helpers import (
    SHELF,
    open_entry,
    open_page,
    play_a_move,
    start_from_form,
    state,
    wait_actions,
    wait_for_person,
)

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

UNDO = "[data-ui=undo]"


def people(game_id: str) -> list[str]:
    return ["human"] * min(INFOS[game_id].players)


def last_action(page) -> str:
    """The last action of the game on screen, from its autosave."""
    import json

    return json.loads(open_entry(page)["save"])["actions"][-1]


@pytest.mark.parametrize("game_id", SHELF)
def test_undo_takes_back_the_persons_own_action(page, site_url, game_id):
    start_from_form(page, site_url, game_id, people(game_id))  # people take turns at one device
    wait_for_person(page)
    assert page.locator(UNDO).is_disabled()  # nothing done yet
    for _ in range(20):  # moves until one may be taken back (a roll or a deal may not)
        wait_for_person(page)
        before = state(page)
        play_a_move(page)
        wait_for_person(page)
        if page.locator(UNDO).is_enabled():
            break
    else:
        pytest.fail("no action of the person could be taken back")
    assert state(page)["actions"] == before["actions"] + 1
    page.click(UNDO)
    wait_actions(page, before["actions"])
    assert state(page)["fingerprint"] == before["fingerprint"]
    assert page.locator("#messages").inner_text().count("Undone") == 1
    # The game goes on from there, by clicks.
    play_a_move(page)
    assert page.locator(".py-error").count() == 0


@pytest.mark.parametrize("game_id", SHELF)
def test_a_hint_names_a_legal_move_and_plays_it(page, site_url, game_id):
    start_from_form(page, site_url, game_id, ["human"] + ["easy"] * (len(people(game_id)) - 1))
    wait_for_person(page)
    before = state(page)["actions"]
    page.click("[data-ui=hint]")
    play = page.locator("#hint [data-hint]")
    play.wait_for(timeout=30_000)
    text = page.locator("#hint").inner_text()
    assert text.startswith("Hint: ") and len(text) > 12, text
    assert state(page)["actions"] == before  # a hint plays nothing by itself
    action = play.get_attribute("data-action")
    play.click()
    wait_actions(page, before + 1)  # the engine took it: it was legal
    saved = f"Saved after {before + 1} actions."
    page.wait_for_function(f"document.getElementById('save-state').textContent === '{saved}'")
    assert last_action(page) == action
    assert page.locator("#hint").is_hidden()


@pytest.mark.parametrize("game_id", SHELF)
def test_a_share_link_opens_as_the_same_game(page, other_device, site_url, game_id):
    start_from_form(page, site_url, game_id, people(game_id))
    play_a_move(page)
    wait_for_person(page)
    played = state(page)
    page.click("#left-panel [data-ui=share]")
    field = page.locator("#messages input.share-link")
    field.wait_for()
    link = field.input_value()
    assert link.startswith(site_url) and "#save=" in link

    other = other_device  # someone else opens it, on a device of their own
    open_page(other, link)
    other.wait_for_selector("#messages >> text=shared game")
    assert "#" not in other.url
    other.click("#messages button:has-text('Import')")
    other.wait_for_selector("#messages >> text=Imported")
    assert other.locator("#saved-list li[data-entry]").count() == 1
    other.click("#messages button:has-text('Open it')")
    other.wait_for_selector("body[data-screen='game']")
    assert state(other)["fingerprint"] == played["fingerprint"]
    assert state(other)["actions"] == played["actions"]
    assert open_entry(other)["game"] == game_id

    # Opened on this device, over the hot-seat game's hand-over screen, the offer is on top.
    open_page(page, link)
    page.wait_for_selector("#messages >> text=shared game")
    page.click("#messages button:has-text('Import')", timeout=5_000)
    # Saved here already at that move (unless it moved on since): no second copy (issue 59).
    page.wait_for_selector("#messages >> text=/Imported|You already have this game/")
