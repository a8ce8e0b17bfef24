"""Screenshots of every game for the README: the guided first game a few steps in, the end
screen, and the review of the finished game (its screen, and its costliest decision on the
board), at desktop and phone sizes (Inca Empire's other screens:
``empire/test_empire_screenshots.py``).

The guided game is opened from the start screen's button and followed by its own highlight; the
review is started by a click on the end screen's "Review the game" (docs/REVIEW.md). The
screenshots go to a temporary folder; with ``INCA_SCREENSHOTS=1`` they replace the ones in
``docs/screenshots/`` (so a plain test run leaves the checkout unchanged)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from page_helpers import (
    SHELF,
    centre_of,
    finished_save,
    import_save,
    open_page,
    press_at_centre,
    state,
)
from shell.test_shell_review import ON_BOARD
from shell.test_shell_tutorial import _SIGNATURE, MARKED, click_marked

from inca_core.shelf import GAMES

pytestmark = pytest.mark.browser

DOC_SHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
NAMES = ["Amaru", "Killa", "Sayri", "Tupaq"]
#: The guide's words are on screen and nothing covers their start.
GUIDE_IN_SIGHT = """() => {
  const r = document.getElementById("guide-text").getBoundingClientRect();
  if (r.height < 30 || r.bottom > innerHeight) return false;
  const n = document.elementFromPoint(r.left + 20, r.top + 8);
  return !!n && !!n.closest("#guide");
}"""
#: Guided steps followed before the picture (the table has something on it by then).
STEPS = 4
#: A review of a whole game at its fewest players, in Pyodide at the page's (only) setting.
REVIEW_TIMEOUT = 240_000
#: What the review screen shows: its labelled decisions, the graph's lines, the key moments,
#: whether the graph is wholly in the window and the players' table fits its card (no sideways
#: scroll).
REVIEW_SHOWN = """() => {
  const graph = document.querySelector('#review-graph svg').getBoundingClientRect();
  const table = document.getElementById('review-players');
  return {
    tableFits: table.scrollWidth <= table.clientWidth,
    labels: document.querySelectorAll('#review-decisions [data-review-label]').length,
    lines: document.querySelectorAll('#review-graph svg polyline').length,
    moments: [...document.querySelectorAll('#review-moments [data-ui=review-open]')]
      .map((b) => Number(b.dataset.n)),
    graphInView: graph.height > 100 && graph.top >= 0 && graph.bottom <= innerHeight,
  };
}"""


def shoot(page, path: Path, full_page: bool = False) -> None:
    page.evaluate("document.getElementById('messages').replaceChildren()")
    page.screenshot(path=str(path), full_page=full_page)
    assert path.stat().st_size > 10_000


def follow_the_guide(page, site_url: str, game_id: str) -> None:
    """Open the guided first game of ``game_id`` from the start screen and follow its highlight
    for :data:`STEPS` steps, at the page's current size."""
    open_page(page, site_url)
    page.click(f"[data-ui=tutorial][data-game={game_id}]")
    page.wait_for_selector("body[data-tutorial-step]")
    while int(page.evaluate("document.body.dataset.tutorialStep")) < STEPS:
        page.wait_for_selector(MARKED, timeout=60_000)
        before = page.evaluate(_SIGNATURE)
        click_marked(page)
        page.wait_for_function(f"({_SIGNATURE})() !== {before!r}", timeout=60_000)
    page.mouse.move(0, 0)  # no hover zoom over the table
    # Settled: a step the page plays by itself (a card handed back) has gone on to the next.
    settled = None
    while settled != (now := page.evaluate(_SIGNATURE)):
        settled = now
        page.wait_for_selector(MARKED, timeout=60_000)
        page.wait_for_timeout(1_000)


@pytest.mark.parametrize("game_id", SHELF)
def test_screenshots_of_the_guided_game_and_the_end(page, site_url, game_id, tmp_path):
    shots = DOC_SHOTS if os.environ.get("INCA_SCREENSHOTS") == "1" else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        if name == "phone":  # a first visit again, not the desktop's guided game resumed
            page.evaluate("localStorage.clear()")
        follow_the_guide(page, site_url, game_id)
        # The highlighted target is in the picture as the page shows it, nothing over it; on a
        # phone the guide's words stand on the first screen too, in the sheet under the board.
        centre_of(page, MARKED, scroll=False)
        assert name == "desktop" or page.evaluate(GUIDE_IN_SIGHT)
        shoot(page, shots / f"{game_id}-guided-{name}.png")

    page.set_viewport_size(DESKTOP)
    page.click("[data-ui=menu]")
    import_save(page, finished_save(game_id, names=NAMES))
    assert state(page)["screen"] == "end"
    shoot(page, shots / f"{game_id}-end-desktop.png")
    page.set_viewport_size(PHONE)
    shoot(page, shots / f"{game_id}-end-phone.png", full_page=True)


def _on_the_board(page, game_id: str, moments: list[int]) -> int:
    """The first of the key ``moments`` whose move played and better one both act on the board
    (the review kept in the open game's save), else the first."""
    saved = json.loads(json.loads(page.evaluate(
        "localStorage.getItem('inca-empire:game:' + localStorage.getItem('inca-empire:open'))"
    ))["save"])
    spec = GAMES[game_id]
    decisions = {d["n"]: d for d in saved["reviews"][0]["decisions"]}
    for n in moments:
        texts = (decisions[n]["played_text"], decisions[n]["best_text"])
        if all(t and ON_BOARD[game_id](spec.parse_action(t)) for t in texts):
            return n
    return moments[0]


@pytest.mark.parametrize("game_id", SHELF)
def test_screenshots_of_the_review(page, site_url, game_id, tmp_path):
    """A finished game reviewed from its end screen's button (a click at its centre): the review
    screen at its graph and key moments, then the costliest key moment whose moves are both on
    the board (else the costliest) opened there, the move played and the better one named and
    marked."""
    shots = DOC_SHOTS if os.environ.get("INCA_SCREENSHOTS") == "1" else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(DESKTOP)
    open_page(page, site_url + "?pace=instant")
    import_save(page, finished_save(game_id, names=NAMES))
    players = page.locator("#ranking li").count()
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        assert state(page)["screen"] == "end"
        # The first press runs the review (the progress bar, then the screen); the second shows
        # the review kept with the game.
        press_at_centre(page, "#screen-end [data-ui=review]")
        page.wait_for_selector("body[data-screen='review']", timeout=REVIEW_TIMEOUT)
        page.mouse.move(0, 0)
        page.evaluate("document.getElementById('review-graph').closest('.card').scrollIntoView()")
        shown = page.evaluate(REVIEW_SHOWN)
        assert shown["labels"] > 0 and shown["lines"] == players, shown
        assert shown["moments"] and shown["graphInView"] and shown["tableFits"], shown
        shoot(page, shots / f"{game_id}-review-{name}.png")

        n = _on_the_board(page, game_id, shown["moments"])
        press_at_centre(page, f"#review-moments [data-ui=review-open][data-n='{n}']")
        page.wait_for_selector("#review-note:not([hidden])")
        assert state(page)["actions"] == n
        note = page.locator("#review-note").inner_text()
        assert "Played:" in note and "Better:" in note, note
        if "marks both" in note:  # the moves' badges on the board, drawn after a frame
            page.wait_for_selector("#board .review-badge")
            page.wait_for_timeout(500)  # the marked pieces have grown in (300 ms)
        page.mouse.move(0, 0)
        shoot(page, shots / f"{game_id}-review-board-{name}.png")
        press_at_centre(page, "#review-note [data-ui=review-back]")
        page.wait_for_selector("body[data-screen='review']")
        press_at_centre(page, "#screen-review [data-ui=review-close]")
        page.wait_for_selector("body[data-screen='end']")
