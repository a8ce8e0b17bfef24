"""Screenshots of every game for the README: the guided first game a few steps in and the end
screen, at desktop and phone sizes (Inca Empire's other screens:
``empire/test_empire_screenshots.py``).

The guided game is opened from the start screen's button and followed by its own highlight. The
screenshots go to a temporary folder; with ``INCA_SCREENSHOTS=1`` they replace the ones in
``docs/screenshots/`` (so a plain test run leaves the checkout unchanged)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from page_helpers import SHELF, finished_save, import_save, open_page, state
from shell.test_shell_tutorial import _SIGNATURE, MARKED, click_marked

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


def shoot(page, path: Path, full_page: bool = False) -> None:
    page.evaluate("document.getElementById('messages').replaceChildren()")
    page.screenshot(path=str(path), full_page=full_page)
    assert path.stat().st_size > 10_000


@pytest.mark.parametrize("game_id", SHELF)
def test_screenshots_of_the_guided_game_and_the_end(page, site_url, game_id, tmp_path):
    shots = DOC_SHOTS if os.environ.get("INCA_SCREENSHOTS") == "1" else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(DESKTOP)
    open_page(page, site_url)
    page.click(f"[data-ui=tutorial][data-game={game_id}]")
    page.wait_for_selector("body[data-tutorial-step]")
    while int(page.evaluate("document.body.dataset.tutorialStep")) < STEPS:
        page.wait_for_selector(MARKED, timeout=60_000)
        before = page.evaluate(_SIGNATURE)
        click_marked(page)
        page.wait_for_function(f"({_SIGNATURE})() !== {before!r}", timeout=60_000)
    page.wait_for_selector(MARKED, timeout=60_000)
    page.mouse.move(0, 0)  # no hover zoom over the table
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, shots / f"{game_id}-guided-desktop.png")
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    # On a phone the guide's words stand on the first screen, in the sheet under the board.
    assert page.evaluate(GUIDE_IN_SIGHT)
    shoot(page, shots / f"{game_id}-guided-phone.png")

    page.set_viewport_size(DESKTOP)
    page.click("[data-ui=menu]")
    import_save(page, finished_save(game_id, names=NAMES))
    assert state(page)["screen"] == "end"
    shoot(page, shots / f"{game_id}-end-desktop.png")
    page.set_viewport_size(PHONE)
    shoot(page, shots / f"{game_id}-end-phone.png", full_page=True)
