"""A newcomer's path through every game of the shelf, by clicks: open the site, choose the game in
the form, start with a person and bots (no seed: the page picks one), play, reload and go on,
export, import; a second game gets a seed of its own; the embedded page.

Each test runs once per game of ``inca_core.shelf.INFOS``: a game added to the shelf is covered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from page_helpers import (
    SHELF,
    open_page,
    play_a_move,
    saved_games,
    start_from_form,
    state,
    wait_for_person,
)

from inca_core import save
from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser


def person_and_bots(game_id: str) -> list[str]:
    """A person in the first seat and easy bots in the others, at the game's fewest players."""
    return ["human"] + ["easy"] * (min(INFOS[game_id].players) - 1)


def at_rest(page) -> dict:
    """The game once the person may act again and the page has saved it."""
    wait_for_person(page)
    now = state(page)
    page.wait_for_function(
        f"document.getElementById('save-state').textContent === "
        f"'Saved after {now['actions']} actions.'")
    assert state(page) == now  # nothing moves while the person is to act
    return now


@pytest.mark.parametrize("game_id", SHELF)
def test_a_newcomer_starts_plays_reloads_exports_and_imports(page, site_url, game_id):
    seats = person_and_bots(game_id)
    start_from_form(page, site_url, game_id, seats)
    assert page.locator("#players li").count() == len(seats)
    assert page.locator("#topbar .brand").inner_text() == INFOS[game_id].title
    assert page.title() == INFOS[game_id].title
    for _ in range(2):
        play_a_move(page)
        assert page.locator("#pass-screen").is_hidden()  # one person: never a hand-over screen
    played = at_rest(page)
    assert played["actions"] >= 2

    # A reload resumes the game where it was, and it goes on.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert state(page)["screen"] == "game"
    assert state(page)["fingerprint"] == played["fingerprint"]
    assert state(page)["actions"] == played["actions"]
    play_a_move(page)
    played = at_rest(page)

    # The export is a save of this game that the engine replays to the same position.
    with page.expect_download() as download:
        page.click("#left-panel [data-ui=export]")
    text = Path(download.value.path()).read_text("utf-8")
    exported = json.loads(text)
    assert exported["game"] == game_id
    assert exported["fingerprint"] == played["fingerprint"]
    assert save.loads(text).fingerprint() == played["fingerprint"]
    assert isinstance(exported["seed"], int)

    # Imported beside the game it was exported from, it adds no copy (issue 59) and opens as
    # the same game.
    page.click("[data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    assert page.locator("#saved-list li[data-entry]").count() == 1
    page.set_input_files("#import-file", files=[
        {"name": "game.json", "mimeType": "application/json", "buffer": text.encode()}])
    page.wait_for_selector("#messages >> text=You already have this game")
    assert page.locator("#saved-list li[data-entry]").count() == 1
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    assert state(page)["fingerprint"] == played["fingerprint"]
    assert state(page)["actions"] == played["actions"]
    assert page.locator(".py-error").count() == 0


@pytest.mark.parametrize("game_id", SHELF)
def test_each_game_from_the_form_gets_a_seed_of_its_own(page, site_url, game_id):
    seats = ["human"] * min(INFOS[game_id].players)
    start_from_form(page, site_url, game_id, seats)
    wait_for_person(page)
    page.click("[data-ui=menu]")
    page.click("[data-ui=start]")  # the same choices again
    page.wait_for_selector("body[data-screen='game']")
    page.wait_for_function(
        "Object.keys(localStorage).filter(k => k.startsWith('inca-empire:game:')).length === 2")
    first, second = saved_games(page)
    assert first["game"] == second["game"] == game_id
    assert isinstance(first["seed"], int) and isinstance(second["seed"], int)
    assert first["seed"] != second["seed"]


@pytest.mark.parametrize("game_id", SHELF)
def test_the_embedded_page_fits_its_frame_and_starts_the_game(page, site_url, game_id):
    page.set_viewport_size({"width": 1000, "height": 700})
    open_page(page, f"{site_url}?embed=1&pace=instant")
    assert page.evaluate("document.body.classList.contains('embed')")
    page.check(f"#game-{game_id}")
    page.wait_for_function(f"document.getElementById('game-about').textContent === "
                           f"{json.dumps(INFOS[game_id].blurb)}")
    # The start screen of this game fits the documented 1000x700 frame without scrolling.
    size = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= 1000 and size[1] <= 700, size
    start_from_form(page, site_url, game_id, person_and_bots(game_id), reopen=False)
    assert page.locator("#topbar .brand").is_hidden()
    play_a_move(page)
    assert page.evaluate("document.body.classList.contains('embed')")
