"""Saves and share links keep who plays each seat, in every game of the shelf: an exported and
re-imported game and a share link opened on another device still have their bots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from page_helpers import SHELF, open_entry, open_page, play_a_move, start_from_form, state

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser


def person_and_bots(game_id: str) -> list[str]:
    """A person in the first seat, then medium and easy bots in turn, at the fewest players."""
    players = min(INFOS[game_id].players)
    return ["human"] + [("medium", "easy")[i % 2] for i in range(players - 1)]


def bots_shown(page, seats: list[str]) -> None:
    """The opened game has the bots of ``seats``: in its saved entry and in its player panels."""
    assert open_entry(page)["seats"] == seats
    shown = page.locator("#players").inner_text()
    for kind in set(seats) - {"human"}:
        assert f"{kind} bot" in shown, shown
    assert page.locator("#pass-screen").is_hidden()


@pytest.mark.parametrize("game_id", SHELF)
def test_export_import_and_share_link_keep_the_bots(page, other_device, site_url, game_id):
    seats = person_and_bots(game_id)
    start_from_form(page, site_url, game_id, seats)
    play_a_move(page)

    with page.expect_download() as download:
        page.click("#left-panel [data-ui=export]")
    text = Path(download.value.path()).read_text("utf-8")
    assert json.loads(text)["seats"] == seats
    page.click("[data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    page.set_input_files("#import-file", files=[
        {"name": "game.json", "mimeType": "application/json", "buffer": text.encode()}])
    # Saved here already at that move (bots may have moved since): no second copy (issue 59).
    page.wait_for_selector("#messages >> text=/Imported|You already have this game/")
    assert "does not say who plays" not in page.locator("#messages").inner_text()
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    bots_shown(page, seats)

    page.click("#left-panel [data-ui=share]")
    field = page.locator("#messages input.share-link")
    field.wait_for()
    other = other_device  # someone else opens the link, in a browser of their own
    open_page(other, field.input_value())
    other.click("#messages button:has-text('Import')")
    other.wait_for_selector("#messages >> text=Imported")
    other.click("#messages button:has-text('Open it')")
    other.wait_for_selector("body[data-screen='game']")
    assert state(other)["screen"] == "game"
    bots_shown(other, seats)
    assert page.locator(".py-error").count() == 0 and other.locator(".py-error").count() == 0


def test_an_older_save_without_seats_asks_who_plays_once(page, site_url):
    from page_helpers import save_text_for

    open_page(page, site_url)
    text = save_text_for(actions=3)
    assert "seats" not in json.loads(text)
    players = len(json.loads(text)["names"])
    page.set_input_files("#import-file", files=[
        {"name": "old.json", "mimeType": "application/json", "buffer": text.encode()}])
    page.wait_for_selector("#messages >> text=does not say who plays each seat")
    picker = page.locator("#messages [data-ui=import-seats] select")
    assert picker.count() == players
    chosen = ["human", *["hard", "easy", "medium"][: players - 1]]
    for seat, kind in enumerate(chosen):
        picker.nth(seat).select_option(kind)
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    assert open_entry(page)["seats"] == chosen
    assert page.locator("#pass-screen").is_hidden()

    # Asked once: the saved entry keeps the seats chosen.
    page.click("[data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    page.reload()
    page.wait_for_selector("#saved-list li[data-entry]")
    page.click("#saved-list li[data-entry] [data-ui=open] >> nth=0")
    page.wait_for_selector("body[data-screen='game']")
    assert open_entry(page)["seats"] == chosen
