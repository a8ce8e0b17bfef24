"""Every game on a phone (390x844), started from the start screen by taps: the board in view after
Start, the board and the action area (the choices and the panels holding a legal target: a hand,
the draft, the dice tray) both on the first screen, every legal target 40 px or more to tap after
the page's own "Zoom to your choices", no text under 12 px, the seat select read in full.

The board's own text is measured as drawn (its font size times the drawing's scale on screen):
Wiraqocha's valley and the card game's table at the view the page opens them at, and every
game's numbered badges of the moves since the person's last turn, are 12 px or more. (Inca
Empire's map is a printed board whose names are read zoomed in: docs/PAGE.md, "The board's
text on a phone".)"""

from __future__ import annotations

import pytest
from page_helpers import SHELF, play_a_move, start_from_form, wait_for_person

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
#: The smallest tap target, CSS px.
FINGER = 40


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": PHONE, "has_touch": True}


def seats(game_id: str) -> list[str]:
    return ["human"] + ["medium"] * (min(INFOS[game_id].players) - 1)


#: Seat selects whose chosen option's text is wider than the room the select gives it.
CUT_SELECTS = """() => {
  const out = [];
  for (const select of document.querySelectorAll("#seat-rows select")) {
    const probe = document.createElement("span");
    probe.style.font = getComputedStyle(select).font;
    probe.style.position = "absolute";
    probe.style.whiteSpace = "nowrap";
    document.body.appendChild(probe);
    for (const option of select.options) {
      probe.textContent = option.textContent;
      // The text, the select's own padding and about 20 px for its arrow.
      const cs = getComputedStyle(select);
      const room = select.clientWidth - parseFloat(cs.paddingLeft)
        - parseFloat(cs.paddingRight) - 20;
      if (probe.getBoundingClientRect().width > room) out.push(option.textContent);
    }
    probe.remove();
  }
  return out;
}"""

#: Where the board, the prompt and the first legal target of each action panel stand, and
#: whether a tap at that target's middle reaches it (nothing covers it).
FIRST_SCREEN = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom};
  };
  const reached = (el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (el.contains(hit) || hit.contains(el));
  };
  const shown = (n) => !n.closest("[hidden]") && n.getClientRects().length > 0;
  const targets = [...document.querySelectorAll("#screen-game [data-legal='1']:not(#board *)")]
    .filter(shown);
  const firsts = new Map();
  for (const t of targets) {
    const section = t.closest("section");
    if (!firsts.has(section)) firsts.set(section, t);
  }
  const prompt = document.getElementById("prompt");
  return {
    height: innerHeight,
    board: box(document.getElementById("board-wrap")),
    prompt: {...box(prompt), reached: reached(prompt)},
    targets: [...firsts.values()].map((t) => ({
      what: t.outerHTML.slice(0, 80), ...box(t), reached: reached(t)})),
  };
}"""

#: Each legal target's size for a finger, CSS px: a road's length and its hit area's width, a
#: site's hit dot, anything else its box.
TARGET_SIZES = """() => {
  const shown = (n) => !n.closest("[hidden]") && n.getClientRects().length > 0;
  const out = [];
  for (const el of document.querySelectorAll("#screen-game [data-legal='1']")) {
    if (!shown(el)) continue;
    const hit = el.closest("#board") ? el.querySelector(".hit") : null;
    let w, h;
    if (hit && hit.tagName === "line") {
      const m = hit.getScreenCTM();
      const p = (x, y) => new DOMPoint(x, y).matrixTransform(m);
      const a = p(+hit.getAttribute("x1"), +hit.getAttribute("y1"));
      const b = p(+hit.getAttribute("x2"), +hit.getAttribute("y2"));
      const cs = getComputedStyle(hit);
      const fixed = cs.vectorEffect === "non-scaling-stroke";
      const stroke = parseFloat(cs.strokeWidth) * (fixed ? 1 : Math.hypot(m.a, m.b));
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      w = stroke;
      h = len < 1 ? stroke : len + (cs.strokeLinecap === "butt" ? 0 : stroke);
    } else {
      const r = el.getBoundingClientRect();
      [w, h] = [r.width, r.height];
    }
    out.push({what: el.outerHTML.slice(0, 80), w: Math.round(w), h: Math.round(h)});
  }
  return out;
}"""

#: Visible text of the page's own (HTML) elements under 12 px. The board's and the cards'
#: drawings (SVG) are pictures, read by zooming.
SMALL_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el instanceof SVGElement) continue;
    if (el.closest("[hidden], .sr-only, .skip") || !el.getClientRects().length) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || parseFloat(cs.fontSize) >= 12) continue;
    out.push(`${el.tagName}.${el.className} ${cs.fontSize}: ${n.textContent.trim().slice(0, 30)}`);
  }
  return out;
}"""


#: Texts drawn on the board (``selector`` inside ``#board``) under 12 px on screen: font size
#: times the scale of the drawing they are in.
SMALL_BOARD_TEXT = """(selector) => {
  const out = [];
  for (const t of document.querySelectorAll(`#board :is(${selector})`)) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    const m = t.getScreenCTM();
    if (!m || getComputedStyle(t).visibility === "hidden") continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < 12) out.push(`${t.getAttribute("class")} ${px.toFixed(1)}px: ${t.textContent}`);
  }
  return out;
}"""

#: The board's texts a person reads there, per game, at the view the page opens the board at.
BOARD_TEXTS = {"empire": ".since-badge text", "cardgame": "text", "wiraqocha": "text"}


TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def first_screen_problems(page) -> list[str]:
    """What of the board and the action area is not on the first screen, or not reachable."""
    seen = page.evaluate(FIRST_SCREEN)
    height = seen["height"]
    problems = []
    if seen["board"]["top"] < 0 or seen["board"]["bottom"] > height:
        problems.append(f"board at {seen['board']} of {height}")
    for what in (seen["prompt"], *seen["targets"]):
        if what["top"] < 0 or what["bottom"] > height or not what["reached"]:
            problems.append(f"not on the first screen: {what}")
    return problems


@pytest.mark.parametrize("game_id", SHELF)
def test_a_phone_shows_the_board_and_the_choices_on_one_screen(page, site_url, game_id):
    page.goto(site_url + "?pace=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.check(f"#game-{game_id}")
    page.wait_for_function("document.querySelectorAll('#seat-rows select').length > 0")
    assert page.evaluate(CUT_SELECTS) == []
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down to the Start button
    start_from_form(page, site_url, game_id, seats(game_id), reopen=False)
    wait_for_person(page)
    assert page.evaluate("window.scrollY") == 0
    for move in range(3):
        if move:
            play_a_move(page)
            wait_for_person(page)
            page.evaluate("window.scrollTo(0, 0)")
        page.evaluate(TWO_FRAMES)
        assert first_screen_problems(page) == [], move
        assert page.evaluate(SMALL_TEXT) == []
        # The board's text at the page's own view (after Start; later, after "whole board").
        covered = BOARD_TEXTS.get(game_id, "text") if move == 0 else ".since-badge text"
        assert page.evaluate(SMALL_BOARD_TEXT, covered) == [], move
        page.click("[data-zoom=targets]")
        sizes = page.evaluate(TARGET_SIZES)
        assert sizes, "no legal target"
        assert [s for s in sizes if min(s["w"], s["h"]) < FINGER] == [], move
        page.click("[data-zoom=reset]")
        # Zoomed out to the whole board, the badges keep their size.
        assert page.evaluate(SMALL_BOARD_TEXT, ".since-badge text") == [], move
    # The sheet folds down to its handle and opens again.
    page.click("[data-ui=sheet]")
    assert page.locator("#prompt").is_hidden()
    page.click("[data-ui=sheet]")
    assert page.locator("#prompt").is_visible()
