"""Play by link in every game of the shelf, started from the form: two people on two devices
(browser contexts with storage of their own) pass the game back and forth by the send link, each
device acting only for its own seat; a bot between them plays on the device that sends."""

from __future__ import annotations

import json

import pytest
from page_helpers import (
    SHELF,
    open_page,
    play_a_move,
    saved_entries,
    start_from_form,
    state,
)

from inca_core import links, save
from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

SEND_BOX = "#send-turn"


def play_until_sent(page) -> str:
    """Play this device's moves by clicks until the game waits for the other device; the link."""
    for _ in range(60):
        page.wait_for_function(
            f"!document.querySelector('{SEND_BOX}').hidden || "
            "document.querySelector(\"#screen-game [data-legal='1']\") !== null", timeout=60_000)
        if page.locator(SEND_BOX).is_visible():
            return page.locator("a#send-link").get_attribute("href")
        assert not page.locator("#pass-screen").is_visible()  # never a hand-over on one's device
        play_a_move(page)
    raise AssertionError("the game never went to the other device")


def code_of(link: str) -> str:
    from urllib.parse import parse_qs

    return parse_qs(link.partition("#")[2])["play"][0]


def settled(page) -> None:
    page.wait_for_selector("body:not([data-playback])", timeout=30_000)
    page.wait_for_function("document.body.dataset.actions !== undefined")


def the_one_entry(page) -> dict:
    (item,) = saved_entries(page)
    return json.loads(item.partition("=")[2])


@pytest.mark.parametrize("game_id", SHELF)
def test_two_devices_play_a_game_by_links(page, other_device, site_url, game_id):
    players = min(INFOS[game_id].players)
    seats = ["human", "human"] + ["easy"] * (players - 2)
    ana, bo = page, other_device
    start_from_form(ana, site_url, game_id, seats, remote=True)
    assert ana.get_attribute("body", "data-device-seats") == "0"
    link = play_until_sent(ana)
    sent = links.decode(code_of(link))
    assert sent.game_id == game_id and sent.fingerprint() == state(ana)["fingerprint"]

    # The other device has never seen the game: it asks once who plays there.
    open_page(bo, link)
    assert bo.locator("#claim").is_visible()
    assert bo.locator("#claim-seat").inner_text() == "I am Player 2"
    bo.click("#claim-seat")
    settled(bo)
    assert bo.get_attribute("body", "data-device-seats") == "1"
    assert state(bo)["fingerprint"] == state(ana)["fingerprint"]

    # Bo plays his turn and sends it back; Ana's device updates her one saved game.
    link = play_until_sent(bo)
    back = links.decode(code_of(link))
    ana.evaluate("link => { location.hash = new URL(link).hash; }", link)
    ana.wait_for_function("location.hash === ''")
    settled(ana)
    assert state(ana)["fingerprint"] == state(bo)["fingerprint"] == back.fingerprint()
    assert len(back.actions) > len(sent.actions)
    for device, seat in ((ana, 0), (bo, 1)):
        entry = the_one_entry(device)
        assert entry["game"] == game_id and entry["device"] == [seat]
        assert save.loads(entry["save"]).fingerprint() == back.fingerprint()
    # Ana's turn again, on her device only.
    assert ana.locator("#screen-game [data-legal='1']").count() > 0
    assert bo.locator("#screen-game [data-legal='1']").count() == 0
