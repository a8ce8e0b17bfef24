"""A person at the page in any browser (a ``drivers.Tab``): clicks at the visual centre of what
they click, read back through the page's test contract (``docs/PAGE.md``).

The page-reading scripts are the Playwright helpers' own (``page_helpers``), so a move is chosen
the same way in every browser; only the click differs: here always a real pointer click at a
point where the element itself is hit (``document.elementFromPoint``), never an event sent to it.
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

from drivers import Tab
from page_helpers import _ANSWERED, _PAGE_STATE, _PERSON_TO_ACT, _REASON

from inca_core.shelf import INFOS

READY = "() => document.body.dataset.ready === '1'"
SCREEN = "() => document.body.dataset.screen"

# The viewport point where a person would click the ``index``-th element matching ``selector``
# (with ``text`` in it, if given): scrolled into view, the midpoint of an SVG stroke or the box's
# centre, else the first point of a grid over the box where the element (or its label) is what
# the pointer hits. null when nothing of it can be hit.
_POINT = """(selector, text, index) => {
  const found = [...document.querySelectorAll(selector)]
    .filter((n) => text === null || n.textContent.includes(text));
  const el = found[index];
  if (!el) return null;
  el.scrollIntoView({block: "nearest", inline: "nearest"});
  const hits = (x, y) => {
    const at = document.elementFromPoint(x, y);
    if (!at) return false;
    return el.contains(at) || [...(el.labels || [])].some((l) => l.contains(at));
  };
  const points = [];
  if (typeof el.getTotalLength === "function" && el.getScreenCTM()) {
    const mid = el.getPointAtLength(el.getTotalLength() / 2);
    const m = el.getScreenCTM();
    points.push([m.a * mid.x + m.c * mid.y + m.e, m.b * mid.x + m.d * mid.y + m.f]);
  }
  const boxes = [el.getBoundingClientRect(), ...[...(el.labels || [])]
    .map((l) => l.getBoundingClientRect())];
  for (const b of boxes) {
    if (b.width === 0 && b.height === 0) continue;
    points.push([b.left + b.width / 2, b.top + b.height / 2]);
    for (let i = 1; i < 6; i++) for (let j = 1; j < 6; j++)
      points.push([b.left + b.width * i / 6, b.top + b.height * j / 6]);
  }
  return points.find(([x, y]) => hits(x, y)) || null;
}"""

_TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

# Sets a <select> the way a person's choice does (what Playwright's select_option does).
_SELECT = """(selector, value) => {
  const select = document.querySelector(selector);
  select.value = value;
  select.dispatchEvent(new Event("input", {bubbles: true}));
  select.dispatchEvent(new Event("change", {bubbles: true}));
  return select.value === value;
}"""


def click(tab: Tab, selector: str, text: str | None = None, index: int = 0) -> bool:
    """Click the element as a person does; False when no part of it can be hit."""
    point = tab.call(_POINT, selector, text, index)
    if point is None:
        return False
    tab.click_at(*point)
    return True


def must_click(tab: Tab, selector: str, text: str | None = None) -> None:
    tab.wait(_POINT, selector, text, 0, timeout=30)
    assert click(tab, selector, text), f"{tab.name}: nothing of {selector} can be clicked"


def open_site(tab: Tab, url: str) -> None:
    tab.goto(url)
    wait_ready(tab)


#: Where a start stands: the loading line, PyScript's steps marked so far (``web/boot.js``),
#: the page's messages (for the report of a start that never became ready).
_START = """() => ({loading: (document.getElementById("loading") || {}).textContent || null,
  steps: performance.getEntriesByType("mark").map((m) => m.name),
  messages: (document.getElementById("messages") || {}).textContent || ""})"""


def wait_ready(tab: Tab) -> None:
    try:
        tab.wait(READY, timeout=120)
    except AssertionError as exc:
        where: Any = "unknown (the page does not answer)"
        with contextlib.suppress(Exception):
            where = tab.call(_START)
        raise AssertionError(f"{exc}; the start stood at {where}") from None
    assert tab.call("() => document.querySelectorAll('.py-error').length") == 0


def state(tab: Tab) -> dict[str, Any]:
    return tab.call("""() => ({
        screen: document.body.dataset.screen,
        fingerprint: document.body.dataset.fingerprint || null,
        actions: Number(document.body.dataset.actions || -1),
    })""")


def start_from_form(tab: Tab, game_id: str, seats: list[str], remote: bool = False) -> None:
    """Choose the game, the players and the seats in the start form, then press Start."""
    assert tab.call(SCREEN) == "start"
    must_click(tab, f"#game-{game_id}")
    counts = list(INFOS[game_id].players)
    tab.wait("(counts) => JSON.stringify([...document.querySelectorAll('#player-counts input')]"
             ".map((n) => Number(n.value))) === JSON.stringify(counts)", counts)
    must_click(tab, f"#player-counts input[value='{len(seats)}']")
    tab.wait(f"() => document.querySelectorAll('#seat-rows li').length === {len(seats)}")
    for seat, kind in enumerate(seats):
        assert tab.call(_SELECT, f"select[name=seat-{seat}]", kind)
    if remote:
        must_click(tab, "#remote-play")
        assert tab.call("() => document.getElementById('remote-play').checked")
    must_click(tab, "[data-ui=start]")
    tab.wait("() => document.body.dataset.screen === 'game'")
    assert tab.call("() => document.querySelectorAll('.py-error').length") == 0


def wait_for_person(tab: Tab) -> None:
    """Until a person at this device may act (past the hand-over screen)."""
    tab.wait(_PERSON_TO_ACT, timeout=120)
    if tab.call("() => !document.getElementById('pass-screen').hidden"):
        must_click(tab, "#pass-ready")
        tab.wait("() => document.getElementById('pass-screen').hidden")
        tab.wait(_PERSON_TO_ACT)


def play_a_move(tab: Tab) -> None:
    """Some legal move for the person to move, by real clicks (``page_helpers.play_a_move``'s
    choice of what to click: offered choices, then untried targets, then standing choices)."""
    wait_for_person(tab)
    now = tab.call(_PAGE_STATE)
    before, standing = now["actions"], set(now["choices"])
    tried: set[str] = set()
    for _ in range(40):
        reason = tab.call(f"() => {_REASON}")
        offered = [c for c in now["choices"] if c not in standing]
        untried = [t for t in now["targets"] if t["key"] not in tried]
        if offered:
            click(tab, f"#actions [data-action='{offered[0]}']")
        elif untried:
            tried.add(untried[0]["key"])
            click(tab, "#screen-game [data-legal='1']", index=untried[0]["i"])
        elif now["choices"]:
            click(tab, f"#actions [data-action='{now['choices'][0]}']")
        else:
            raise AssertionError(f"{tab.name}: nothing to click for the person: {now}")
        with contextlib.suppress(AssertionError):  # no answer: try the next one
            tab.wait(_ANSWERED, [now["sig"], reason], timeout=5)
        tab.call(_TWO_FRAMES)
        now = tab.call(_PAGE_STATE)
        if now["actions"] > before:
            return
    raise AssertionError(f"{tab.name}: no move made by clicks: {json.dumps(now)}")


def at_rest(tab: Tab) -> dict[str, Any]:
    """The game once the person may act, nothing moves it on by itself (the card game takes
    the one laid card left for the person half a second after drawing it) and the page has
    saved it."""
    while True:
        wait_for_person(tab)
        now = state(tab)
        time.sleep(1.5)
        if state(tab)["actions"] == now["actions"]:
            break
    tab.wait("(n) => document.getElementById('save-state').textContent === "
             "`Saved after ${n} actions.`", now["actions"])
    return now
