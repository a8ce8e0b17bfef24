"""Every game's board does what the player aims at (``web/clicks.py``, ``Clicks.target_at``): in
positions of a hot-seat game played by clicks, on a desktop (1440x900, the mouse) and on a phone
(390x844, touch, after the page's own "Zoom to your choices"), the mouse at the visual centre of
every legal board target (up to ``PER_POSITION`` of them) previews what that target's own
keyboard focus previews, at the centre of a site that cannot be played beside one that can
nothing, and a click or tap at the centre of one of them plays an action on that
very element (its board element carries ``data-last`` afterwards), through the choice the page
offers there if it offers one, or shows the reason a press of Enter on it shows."""

from __future__ import annotations

import contextlib

import pytest
from page_helpers import (
    SHELF,
    hover_at_centre,
    play_a_move,
    press_at_centre,
    start_from_form,
    state,
    wait_for_person,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from sitebuild import DEVICES

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

#: Positions looked at per game and screen, and targets hovered per position at most.
POSITIONS = 14
PER_POSITION = 16

#: The attributes that name a board element, one per kind of target of every game.
KEYS = ("data-connection", "data-site", "data-region", "data-hut", "data-temple", "data-link",
        "data-cell", "data-tile", "data-card", "data-quadrant", "data-wild")

#: The legal board targets whose visual centre lies inside the board's view: their keys.
_TARGETS = """(keys) => {
  const board = document.getElementById("board").getBoundingClientRect();
  const out = [];
  document.querySelectorAll("#board [data-legal='1']").forEach((n, i) => {
    const name = keys.find((k) => n.hasAttribute(k));
    const box = n.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (name && x > board.left && x < board.right && y > board.top && y < board.bottom)
      out.push({i, name, value: n.getAttribute(name), x, y,
                mark: !!n.querySelector(":scope > line.hit")});
  });
  return out;
}"""

#: The board's points that cannot be played (a site: its hit area a line of no length) within
#: 40 px of a legal target's centre, in the board's view: their index among ``#board *`` and
#: their centre.
_NEAR_POINTS = """() => {
  const board = document.getElementById("board").getBoundingClientRect();
  const centre = (n) => { const b = n.getBoundingClientRect();
                          return [b.left + b.width / 2, b.top + b.height / 2]; };
  const legal = [...document.querySelectorAll("#board [data-legal='1']")].map(centre);
  const all = [...document.querySelectorAll("#board *")];
  const out = [];
  all.forEach((n, i) => {
    const hit = n.querySelector(":scope > line.hit");
    if (!hit || n.getAttribute("data-legal") === "1") return;
    if (hit.getAttribute("x1") !== hit.getAttribute("x2")
        && Math.abs(hit.getAttribute("x1") - hit.getAttribute("x2")) > 0.1) return;
    const [x, y] = centre(n);
    if (x < board.left || x > board.right || y < board.top || y > board.bottom) return;
    if (legal.some(([a, b]) => Math.hypot(a - x, b - y) < 40)) out.push({i, x, y});
  });
  return out;
}"""

#: What the preview says once the target ``i`` of ``#board [data-legal='1']`` has focus.
_FOCUS_PREVIEW = """(i) => {
  document.activeElement.blur();
  document.querySelectorAll("#board [data-legal='1']")[i].focus();
  return document.getElementById("preview").textContent;
}"""

#: What lies under a point, top first (for failure messages).
_UNDER = """([x, y]) => document.elementsFromPoint(x, y).slice(0, 6)
  .map((n) => n.outerHTML.slice(0, 90))"""
_TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
#: The reason the page shows for a refused click, else false.
_REFUSED = """(document.getElementById('preview').dataset.kind === 'illegal'
  && document.getElementById('preview').textContent)"""
_PREVIEW = "document.getElementById('preview').textContent"
_CHOICES = "[...document.querySelectorAll('#actions [data-action]')].map((n) => n.dataset.action)"


def _spread(items: list, count: int) -> list:
    """At most ``count`` of ``items``, spread over the whole list."""
    if len(items) <= count:
        return items
    return [items[i * len(items) // count] for i in range(count)]


@pytest.mark.parametrize("layout", DEVICES)
@pytest.mark.parametrize("game_id", SHELF)
def test_the_centre_of_every_legal_target_means_that_target(page, site_url, game_id, layout):
    players = min(INFOS[game_id].players)
    start_from_form(page, site_url, game_id, ["human"] * players)
    seen, clicked, refused = 0, 0, 0
    for turn in range(POSITIONS * 6):
        if seen >= POSITIONS or state(page)["screen"] != "game":
            break
        wait_for_person(page)
        page.evaluate(_TWO_FRAMES)  # the panels follow the board a frame later
        if layout == "phone" and page.locator("[data-zoom=targets]").is_visible():
            page.click("[data-zoom=targets]")
        page.mouse.move(0, 0)  # off the board: no preview
        targets = page.evaluate(_TARGETS, list(KEYS))
        if not targets:
            play_a_move(page)
            continue
        seen += 1
        previews = {}
        for target in _spread(targets, PER_POSITION):
            node = page.locator("#board [data-legal='1']").nth(target["i"])
            focused = previews[target["i"]] = page.evaluate(_FOCUS_PREVIEW, target["i"])
            point = hover_at_centre(page, node)
            hovered = page.evaluate(_PREVIEW)
            assert hovered == focused, (
                f"the mouse at the centre of {target} previews {hovered!r}, not {focused!r}; "
                f"there: {page.evaluate(_UNDER, list(point))}")
        # The centre of a site that cannot be played never previews a legal site or road beside
        # it (an area it lies in, a region to conquer, it may).
        for point in page.evaluate(_NEAR_POINTS)[:PER_POSITION]:
            node = page.locator("#board *").nth(point["i"])
            try:
                hover_at_centre(page, node)
            except AssertionError:  # under the board's legend or a caption: not pointed at
                continue
            hovered = page.evaluate(_PREVIEW)
            near = {previews[t["i"]] for t in targets if t["mark"] and t["i"] in previews
                    and abs(t["x"] - point["x"]) + abs(t["y"] - point["y"]) < 60}
            what = node.evaluate("(n) => n.outerHTML.slice(0, 80)")
            assert not hovered or hovered not in near, (
                f"the mouse at the centre of {what} previews its neighbour: {hovered!r}")
        # A click (a tap) at the centre of one of them plays an action on it, or says why not
        # just as a press of Enter on it does (Wiraqocha: pick the dice first).
        target = targets[turn % len(targets)]
        node = page.locator("#board [data-legal='1']").nth(target["i"])
        before, choices = state(page)["actions"], page.evaluate(_CHOICES)
        page.evaluate("document.getElementById('preview').dataset.kind = ''")
        press_at_centre(page, node)
        answer = page.wait_for_function(
            f"([n, c]) => Number(document.body.dataset.actions) > n "
            f"|| ({_CHOICES}).some((a) => !c.includes(a)) || {_REFUSED}",
            arg=[before, choices], timeout=10_000).json_value()
        if state(page)["actions"] == before and isinstance(answer, str):
            page.evaluate("document.getElementById('preview').dataset.kind = ''")
            node.focus()
            page.keyboard.press("Enter")
            again = page.wait_for_function(_REFUSED).json_value()
            assert again == answer, (target, answer, again)
            refused += 1
            play_a_move(page)
            continue
        if state(page)["actions"] == before:  # a choice of actions there: take the first
            offered = [c for c in page.evaluate(_CHOICES) if c not in choices]
            assert offered, f"a click at the centre of {target} played nothing"
            page.click(f"#actions [data-action='{offered[0]}']")
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(f"Number(document.body.dataset.actions) > {before}",
                                   timeout=10_000)
        assert state(page)["actions"] > before, f"a click at the centre of {target} played nothing"
        last = f"#board [{target['name']}='{target['value']}'][data-last='1']"
        assert page.locator(last).count(), f"a click at the centre of {target} played elsewhere"
        clicked += 1
    assert seen >= POSITIONS // 2 and clicked + refused == seen and clicked, (seen, clicked)
