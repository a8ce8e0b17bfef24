"""Plain words on the page of every game of the shelf: over a short game of a person and bots at
the normal pace, the visible text of choice buttons, captions, the log, the prompt, hover
previews, summaries and hints shows no engine syntax and no grid coordinate (the patterns of
``tests/shared/test_shared_words.py``); the text form of an action stays in ``data-action``."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest
from page_helpers import SHELF, hover_at_centre, play_a_move, start_from_form, state
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from inca_core.shelf import INFOS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "shared"))
from test_shared_words import SYNTAX

pytestmark = pytest.mark.browser

#: Where a person reads about moves: each element's visible text, one line each.
READ = "#actions button, #move-caption, #log li, #prompt, #preview, #hint, #phase-summary-body"

VISIBLE_LINES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((n) => n.offsetParent !== null || n.getClientRects().length > 0)
  .flatMap((n) => n.innerText.split("\\n")).map((t) => t.trim()).filter((t) => t)"""

#: Each visible button that carries an action: its text form and its visible text.
BUTTONS = """() => [...document.querySelectorAll("#screen-game button[data-action]")]
  .filter((n) => n.getClientRects().length > 0)
  .map((n) => [n.dataset.action, n.innerText.trim()])"""

PERSON_TURN = """() => document.querySelector("#screen-game [data-legal='1']") !== null
  || !document.getElementById("phase-summary").hidden
  || document.body.dataset.screen !== "game\""""


#: The index of the first legal target of the game screen whose centre lies in the window, or -1.
IN_WINDOW = """() => [...document.querySelectorAll("#screen-game [data-legal='1']")]
  .findIndex((n) => {
  const r = n.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  return r.width > 0 && x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
})"""

def syntax_seen(page, seen: dict[str, str]) -> None:
    """Add to ``seen`` every visible line that shows engine syntax, with what it shows."""
    for line in page.evaluate(VISIBLE_LINES, READ):
        for name, pattern in SYNTAX:
            found = pattern.search(line)
            if found:
                seen[line] = f"{name} ({found.group(0)!r})"
    for form, text in page.evaluate(BUTTONS):
        shown = text == form or text.startswith((form + ":", form + " "))
        if shown or (" " in form and form in text):
            seen[text] = f"the text form {form!r}"


@pytest.mark.parametrize("game_id", SHELF)
def test_the_page_speaks_plain_words(page, site_url, game_id):
    players = min(INFOS[game_id].players)
    seats = ["human"] + ["easy"] * (players - 1)
    start_from_form(page, site_url, game_id, seats, query="?pace=normal")
    seen: dict[str, str] = {}
    for _ in range(6):
        page.wait_for_function(PERSON_TURN, timeout=90_000)
        syntax_seen(page, seen)
        if state(page)["screen"] != "game":
            break
        summary = page.locator("#phase-summary")
        if summary.is_visible():
            summary.locator("button:has-text('Continue')").click()
            continue
        shown = page.evaluate(IN_WINDOW)
        if shown >= 0:  # the preview of a legal target in view
            hover_at_centre(page, page.locator("#screen-game [data-legal='1']").nth(shown))
        syntax_seen(page, seen)
        page.click("[data-ui=hint]")
        with contextlib.suppress(PlaywrightTimeout):
            page.locator("#hint [data-hint]").wait_for(timeout=30_000)
        syntax_seen(page, seen)
        play_a_move(page)
        syntax_seen(page, seen)
    assert state(page)["actions"] > players
    assert not seen, seen
    assert page.locator("#actions [data-action]").count() + page.locator("#log li").count() > 0
