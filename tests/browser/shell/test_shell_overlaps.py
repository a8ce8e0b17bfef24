"""Nothing on the game screen covers anything else a person reads, in every game, on a desktop
(1440x900) and on a phone (390x844): the hover or refusal line and the latest move's caption, the
replay bar and that caption, a message ("Link copied.") and the replay bar; dragging the board
with the mouse selects no text of the page; and on a desktop a printed board (Inca Empire's map,
Wiraqocha's valley) fills its box, no empty bands around it."""

from __future__ import annotations

import pytest
from page_helpers import SHELF, hover_at_centre, play_a_move, start_from_form, wait_for_person

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


def seats(game_id: str) -> list[str]:
    return ["human"] + ["easy"] * (min(INFOS[game_id].players) - 1)


BOXES = """(selectors) => selectors.map((s) => {
  const el = document.querySelector(s);
  if (!el || el.closest("[hidden]") || !el.getClientRects().length) return null;
  const r = el.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
})"""


def boxes(page, *selectors: str) -> list[dict | None]:
    return page.evaluate(BOXES, list(selectors))


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and (
        b["top"] < a["bottom"]
    )


#: The share of the board's box the drawing covers on screen (its layers' boxes, clipped to it).
FILLED = """() => {
  const board = document.getElementById("board").getBoundingClientRect();
  let [l, t, r, b] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const g of document.querySelectorAll("#board svg > g")) {
    const box = g.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    [l, t] = [Math.min(l, box.left), Math.min(t, box.top)];
    [r, b] = [Math.max(r, box.right), Math.max(b, box.bottom)];
  }
  const w = Math.max(0, Math.min(r, board.right) - Math.max(l, board.left));
  const h = Math.max(0, Math.min(b, board.bottom) - Math.max(t, board.top));
  return w * h / (board.width * board.height);
}"""
#: Boards that grow with the game (the card game's table starts with two cards): their board is
#: the drawing's own extent, fitted to the box's width (test_shell_phone measures its text).
GROWING = {"cardgame"}


def hover_a_target(page) -> bool:
    """Point at legal targets (choice buttons, on the board, in the panels) until one's preview
    shows; whether one did."""
    targets = page.locator("#screen-game [data-legal='1']:visible")
    for i in range(min(targets.count(), 8)):
        try:
            hover_at_centre(page, targets.nth(i))
        except AssertionError:  # out of view or under something: a person points at another
            continue
        if page.locator("#preview").is_visible():
            return True
    return False


def caption_and_preview_shown(page) -> None:
    """Play until, on the person's turn, another player's move is captioned and pointing at a
    legal target shows its preview."""
    for _ in range(12):
        wait_for_person(page)
        if page.locator("#move-caption").is_visible() and hover_a_target(page):
            return
        play_a_move(page)
    pytest.fail("no captioned move of another player with a preview of the person's choices")


#: A point on a name drawn on the board, nothing over it (a drag from there selected the page's
#: text before).
A_LABEL = """() => {
  for (const text of document.querySelectorAll("#board text")) {
    const r = text.getBoundingClientRect();
    const [x, y] = [r.left + Math.min(4, r.width / 2), r.top + r.height / 2];
    if (r.width > 0 && document.elementFromPoint(x, y) === text) return [x, y];
  }
  return null;
}"""


@pytest.mark.parametrize("game_id", SHELF)
def test_nothing_covers_what_a_person_reads(page, site_url, game_id):
    page.set_viewport_size(DESKTOP)
    start_from_form(page, site_url, game_id, seats(game_id), query="?pace=normal")
    caption_and_preview_shown(page)
    if game_id not in GROWING:
        assert page.evaluate(FILLED) > 0.75
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        assert hover_a_target(page), size
        preview, caption = boxes(page, "#preview", "#move-caption")
        assert preview and caption, size
        assert not overlap(preview, caption), (size, preview, caption)
    # A drag over the board with the mouse moves the map and selects nothing on the page.
    page.set_viewport_size(DESKTOP)
    x, y = page.evaluate(A_LABEL)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 300, y + 250, steps=12)
    page.mouse.move(x - 700, y + 400, steps=12)
    page.mouse.up()
    assert page.evaluate("String(getSelection())") == ""
    # In a replay, the caption of the replayed move stays clear of the replay bar, and so does a
    # message.
    page.click("[data-ui=replay]")
    page.click("[data-replay=back]")
    page.click("[data-replay=forward]")
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_selector("#move-caption", state="visible")
        bar, caption = boxes(page, "#replay-bar", "#move-caption")
        assert not overlap(bar, caption), (size, bar, caption)
        page.locator(".sec-save [data-ui=share]").click()
        page.wait_for_selector("#messages .message")
        bar, message = boxes(page, "#replay-bar", "#messages .message")
        assert not overlap(bar, message), (size, bar, message)
        page.locator("#messages .message button:has-text('Dismiss')").first.click()
