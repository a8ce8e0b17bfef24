"""The start form remembers, for every game of the shelf, the names typed last and the game's last
setup (player count, who plays each seat, options), in local storage under ``inca-empire:form``;
broken, full or hostile storage leaves the form at its defaults and says nothing about it."""

from __future__ import annotations

import json

import pytest
from page_helpers import INSTANT, SHELF, STORAGE_DISABLED, STORAGE_FULL, open_page, state

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

KEY = "inca-empire:form"

#: What the start form shows, as a person would read it back.
FORM = """() => ({
  game: document.querySelector("input[name=game]:checked").value,
  players: Number(document.querySelector("input[name=players]:checked").value),
  names: [...document.querySelectorAll("#seat-rows input[type=text]")].map((n) => n.value),
  seats: [...document.querySelectorAll("#seat-rows select")].map((n) => n.value),
  options: [...document.querySelectorAll("input[name=variant]:checked")].map((n) => n.value),
})"""

#: Start-up scripts chosen by the page's URL, so that one test can use several in turn.
BREAK_STORAGE = f"""
if (location.search.includes("storage=full")) {{ {STORAGE_FULL} }}
if (location.search.includes("storage=off")) {{ {STORAGE_DISABLED} }}
"""


def choose(page, game_id: str) -> None:
    page.check(f"#game-{game_id}")
    counts = list(INFOS[game_id].players)
    page.wait_for_function(
        "(counts) => JSON.stringify([...document.querySelectorAll('#player-counts input')]"
        ".map((n) => Number(n.value))) === JSON.stringify(counts)", arg=counts)


def set_up(page, game_id: str, index: int) -> dict:
    """Fill the form for ``game_id`` with a setup that is not the default one; what it shows."""
    choose(page, game_id)
    players = min(INFOS[game_id].players)
    page.check(f"#player-counts input[value='{players}']")
    page.wait_for_function(f"document.querySelectorAll('#seat-rows li').length === {players}")
    kinds = ["human", "hard", "easy", "human", "medium"]
    for seat in range(players):
        page.fill(f"input[name=name-{seat}]", f"Name {index}.{seat}")
        page.select_option(f"select[name=seat-{seat}]", kinds[(seat + index) % len(kinds)])
    options = page.locator("input[name=variant]")
    if options.count():
        options.first.check()
    return page.evaluate(FORM)


def start_and_leave(page) -> None:
    page.click("[data-ui=start]")
    page.wait_for_selector("body[data-screen='game']")
    page.click("#topbar [data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")


def test_the_form_remembers_names_and_each_games_last_setup(page, site_url):
    open_page(page, site_url + INSTANT)
    shown = {}
    for index, game_id in enumerate(SHELF):
        shown[game_id] = set_up(page, game_id, index)
        start_and_leave(page)
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is not None

    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    last = SHELF[-1]
    assert page.evaluate(FORM) == shown[last]  # the game started last, as it was set up
    for game_id in SHELF[:-1]:
        choose(page, game_id)
        form = page.evaluate(FORM)
        # Each game's own setup; the names are the ones typed last.
        assert {**form, "names": shown[game_id]["names"]} == shown[game_id]
        assert form["names"] == shown[last]["names"][: form["players"]] + [
            f"Player {seat + 1}" for seat in range(len(shown[last]["names"]), form["players"])
        ]


def test_broken_full_or_hostile_storage_leaves_the_defaults_quietly(page, site_url):
    page.add_init_script(BREAK_STORAGE)
    open_page(page, site_url + INSTANT)
    defaults = page.evaluate(FORM)

    hostile = {
        "kind": "inca-empire-form",
        "version": 1,
        "game": "<img src=x onerror=window.__pwned=1>",
        "names": [{"toString": "x"}],
        "setups": {
            "empire": {"players": 99, "seats": ["root", "human"], "variants": ["x"]},
            "__proto__": {"players": 2},
        },
    }
    for text in (json.dumps(hostile), "[" * 100_000, '{"kind": "inca-empire-form"'):
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, text])
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        assert page.evaluate(FORM) == defaults
        assert page.locator("#messages .message").count() == 0
    assert page.evaluate("window.__pwned") is None

    # Storage full: a game started from the form goes on; the form is not remembered, and the
    # only word is the page's usual one about saving the game.
    page.evaluate(f"localStorage.removeItem('{KEY}')")
    open_page(page, site_url + INSTANT + "&storage=full")
    set_up(page, SHELF[0], 1)
    page.click("[data-ui=start]")
    page.wait_for_selector("body[data-screen='game']")
    assert state(page)["screen"] == "game"
    for message in page.locator("#messages .message").all_inner_texts():
        assert "saved" in message
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None

    # Storage disabled: the form shows its defaults and starts a game.
    open_page(page, site_url + INSTANT + "&storage=off")
    assert page.evaluate(FORM) == defaults
    page.click("[data-ui=start]")
    page.wait_for_selector("body[data-screen='game']")
    assert page.locator(".py-error").count() == 0
