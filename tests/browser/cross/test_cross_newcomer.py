"""The newcomer's path of every game in Firefox and WebKit (Chromium runs the same path, and much
more, in ``tests/browser/shell``): started from the form by clicks, moves by real pointer clicks,
a reload that resumes, export and import, the game resumed offline; and play by link between two
devices. Each test runs once per browser (``cross_browser``) and game of the shelf."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from person import (
    at_rest,
    must_click,
    open_site,
    play_a_move,
    start_from_form,
    state,
    wait_for_person,
    wait_ready,
)

from inca_core import links, save
from inca_core.shelf import INFOS

SHELF = tuple(INFOS)
INSTANT = "?pace=instant"
SEND_BOX = "#send-turn"
WORKER_ACTIVE = """() => navigator.serviceWorker.ready.then((r) => r.active !== null)"""


def person_and_bots(game_id: str) -> list[str]:
    return ["human"] + ["easy"] * (min(INFOS[game_id].players) - 1)


@pytest.mark.parametrize("game_id", SHELF)
def test_a_newcomer_plays_reloads_exports_imports_and_resumes_offline(
        device, own_server, game_id):
    tab = device
    open_site(tab, own_server.url + INSTANT)
    start_from_form(tab, game_id, person_and_bots(game_id))
    assert tab.call("() => document.querySelectorAll('#players li').length") == len(
        person_and_bots(game_id))
    play_a_move(tab)
    played = at_rest(tab)

    # A reload resumes the game where it was, and it goes on.
    tab.reload()
    wait_ready(tab)
    assert state(tab) == played
    play_a_move(tab)
    played = at_rest(tab)

    # The export is a save of this game that the engine replays to the same position.
    must_click(tab, "#left-panel [data-ui=export]")
    (saved,) = _downloaded(tab)
    text = saved.read_text("utf-8")
    exported = json.loads(text)
    assert exported["game"] == game_id
    assert save.loads(text).fingerprint() == played["fingerprint"]

    # Imported from the start screen's file picker, it opens as the same game: a new entry, or
    # none where this device keeps that game at that move already ("You already have this game").
    must_click(tab, "[data-ui=menu]")
    tab.wait("() => document.body.dataset.screen === 'start'")
    assert tab.call("() => document.querySelectorAll('#saved-list li[data-entry]').length") == 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(text, "utf-8")
        tab.choose_file("#import-file", path)
        tab.wait("() => /Imported|You already have this game/"
                 ".test(document.getElementById('messages').textContent)")
    kept = "You already have this game" in tab.call(
        "() => document.getElementById('messages').textContent")
    count = tab.call("() => document.querySelectorAll('#saved-list li[data-entry]').length")
    assert count == (1 if kept else 2)
    must_click(tab, "#messages button", "Open it")
    tab.wait("() => document.body.dataset.screen === 'game'")
    assert state(tab)["fingerprint"] == played["fingerprint"]

    # With the site cached by the service worker, a reload with the server gone resumes the game.
    assert tab.wait(WORKER_ACTIVE, timeout=120)
    tab.reload()
    wait_ready(tab)
    assert tab.call("() => navigator.serviceWorker.controller !== null")
    own_server.shutdown()
    own_server.server_close()
    tab.reload()
    wait_ready(tab)
    assert state(tab) == played
    play_a_move(tab)


def _downloaded(tab) -> list[Path]:
    """The one file the export saved, once the browser has written it."""
    for _ in range(100):
        files = tab.downloads()
        if files:
            time.sleep(0.3)  # written whole
            return tab.downloads()
        time.sleep(0.1)
    raise AssertionError(f"{tab.name}: the export saved no file")


def play_until_sent(tab) -> str:
    """This device's moves by clicks until the game waits for the other device; the link."""
    for _ in range(60):
        tab.wait(f"() => !document.querySelector('{SEND_BOX}').hidden || "
                 "document.querySelector(\"#screen-game [data-legal='1']\") !== null",
                 timeout=120)
        if tab.call(f"() => !document.querySelector('{SEND_BOX}').hidden"):
            return tab.call("() => document.getElementById('send-link').href")
        play_a_move(tab)
    raise AssertionError(f"{tab.name}: the game never went to the other device")


def code_of(link: str) -> str:
    return parse_qs(link.partition("#")[2])["play"][0]


def settled(tab) -> None:
    tab.wait("() => !document.body.hasAttribute('data-playback') "
             "&& document.body.dataset.actions !== undefined")


@pytest.mark.parametrize("game_id", SHELF)
def test_two_devices_play_by_links(device, other_device, site_url, game_id):
    ana, bo = device, other_device
    players = min(INFOS[game_id].players)
    open_site(ana, site_url + INSTANT)
    start_from_form(ana, game_id, ["human", "human"] + ["easy"] * (players - 2), remote=True)
    link = play_until_sent(ana)
    sent = links.decode(code_of(link))
    assert sent.game_id == game_id and sent.fingerprint() == state(ana)["fingerprint"]

    # The other device asks once who plays there, then shows the same game.
    open_site(bo, link)
    must_click(bo, "#claim-seat")
    settled(bo)
    assert state(bo)["fingerprint"] == state(ana)["fingerprint"]

    # Bo's turn goes back by link; Ana's device updates her game.
    link = play_until_sent(bo)
    back = links.decode(code_of(link))
    ana.goto(link)
    ana.wait("() => location.hash === ''")
    settled(ana)
    wait_for_person(ana)
    assert state(ana)["fingerprint"] == state(bo)["fingerprint"] == back.fingerprint()
    assert len(back.actions) > len(sent.actions)
