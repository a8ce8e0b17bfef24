"""Screenshots of the start and game screens, a move and a phase summary at desktop and phone
sizes (for the README; the end screen: ``shell/test_shell_screenshots.py``),
and a check that every player's colour swatch stays distinct in greyscale.

The screenshots go to a temporary folder; with ``INCA_SCREENSHOTS=1`` they replace the ones in
``docs/screenshots/`` (so a plain test run leaves the checkout unchanged)."""

from __future__ import annotations

import os
from itertools import combinations
from pathlib import Path

import pytest
from page_helpers import (
    bot_game_save,
    open_page,
    png_grey,
    ready_for_next_player,
    state,
)

pytestmark = pytest.mark.browser

DOC_SHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}
NAMES = ["Amaru", "Killa", "Sayri", "Tupaq"]


def import_and_open(page, text: str) -> None:
    page.set_input_files(
        "#import-file",
        files=[
            {"name": "game.json", "mimeType": "application/json", "buffer": text.encode("utf-8")}
        ],
    )
    page.click("#messages button:has-text('Open it')")
    page.wait_for_function("['game', 'end'].includes(document.body.dataset.screen)")


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_start_and_game(page, site_url, size, tmp_path):
    shots = DOC_SHOTS if os.environ.get("INCA_SCREENSHOTS") == "1" else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(SIZES[size])
    open_page(page, site_url)
    import_and_open(page, bot_game_save(seed=5, names=NAMES))  # leaves a saved game in the list
    assert state(page)["screen"] == "end"
    page.click("#screen-end [data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    page.evaluate("document.getElementById('messages').replaceChildren()")
    path = shots / f"start-{size}.png"
    page.screenshot(path=str(path), full_page=size == "phone")
    assert path.stat().st_size > 10_000

    import_and_open(page, bot_game_save(seed=5, stop_after=150, names=NAMES))
    ready_for_next_player(page)
    page.evaluate("document.getElementById('messages').replaceChildren()")
    assert state(page)["screen"] == "game"
    assert page.locator("[data-legal='1']").count() > 0
    page.evaluate("window.scrollTo(0, 0)")
    path = shots / f"game-{size}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000


def test_players_differ_in_greyscale(page, site_url):
    open_page(page, site_url + "?new=1&players=4&seats=human,human,human,human&seed=7")
    ready_for_next_player(page)
    page.evaluate("document.body.style.filter = 'grayscale(1)'")
    images = []
    for seat in range(4):
        swatch = page.locator(f".player[data-seat='{seat}'] .swatch")
        width, height, grey = png_grey(swatch.screenshot())
        images.append(grey)
        assert width > 10 and height > 10
    for a, b in combinations(range(4), 2):
        diff = sum(abs(x - y) for x, y in zip(images[a], images[b], strict=True)) / len(images[a])
        assert diff > 12, f"seats {a} and {b} look alike in greyscale (mean difference {diff:.1f})"


def _action_before_a_summary(seed: int) -> int:
    """How many actions of the easy bots' game ``seed`` come before the first "pass" that sets
    off the automatic phases (income in its log entries)."""
    import inca_core

    game = inca_core.loads(bot_game_save(seed=seed))
    for entry in game.log:
        kind = entry.get("event", {}).get("kind")
        n = entry["n"]
        if kind == "income" and n and game.actions[n - 1].kind == "pass":
            return n - 1
    raise AssertionError("no pass sets off an Inca phase")


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_a_move_and_a_phase_summary(page, site_url, size, tmp_path):
    shots = DOC_SHOTS if os.environ.get("INCA_SCREENSHOTS") == "1" else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(SIZES[size])
    names = ",".join(NAMES)
    url = f"{site_url}?new=1&players=4&seats=human,easy,easy,easy&seed=7&bot_time=0.05"
    open_page(page, url + f"&pace=slow&names={names}")
    page.wait_for_function("Number(document.body.dataset.actions) >= 2", timeout=20_000)
    page.wait_for_selector("#move-caption:not([hidden])")
    assert page.locator("#board [data-last='1']").count() > 0
    path = shots / f"move-{size}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000

    page.click("[data-ui=menu]")
    before = _action_before_a_summary(5)
    import_and_open(page, bot_game_save(seed=5, stop_after=before, names=NAMES))
    ready_for_next_player(page)
    page.evaluate("document.getElementById('messages').replaceChildren()")
    page.click("#actions [data-action='pass']")
    ready_for_next_player(page)
    page.wait_for_selector("#phase-summary:not([hidden])")
    page.evaluate("window.scrollTo(0, 0)")
    path = shots / f"summary-{size}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
