"""Helpers for the page's browser tests: open the page, act on it as a person would, read it back.

Every helper drives the real page in Chromium through Playwright: clicks go to the elements the
page marks as legal (``data-legal="1"``), and state is read from the page's test contract
(``body[data-screen]``, ``body[data-fingerprint]``, ``body[data-actions]``, ``#status``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from inca_core.shelf import INFOS

READY = "body[data-ready='1']"
LEGAL_CONNECTION = "#board [data-connection][data-legal='1']"
LEGAL_REGION = "#board [data-region][data-legal='1']"

#: Start-up scripts that break local storage in the ways real browsers do.
STORAGE_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""
STORAGE_DISABLED = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""


def open_page(page: Page, url: str, timeout: float = 60_000) -> Page:
    """Load ``url`` and wait until the page says it is interactive, with no Python error shown."""
    page.goto(url)
    page.wait_for_selector(READY, timeout=timeout)
    assert page.locator(".py-error").count() == 0
    return page


def new_game_url(
    base: str,
    *,
    players: int = 4,
    seats: str = "human,human,human,human",
    seed: int = 7,
    variants: str = "",
    bot_time: float | None = None,
    pace: str = "instant",
) -> str:
    """A start link; ``pace`` instant by default: bots move as soon as they decide, no caption
    or summary covers the board (the page as the tests script it)."""
    url = f"{base}?new=1&players={players}&seats={seats}&seed={seed}&pace={pace}"
    if variants:
        url += f"&variants={variants}"
    if bot_time is not None:
        url += f"&bot_time={bot_time}"
    return url


def requests_since(site_server: Any, since: int) -> list[str]:
    """Paths the server was asked for after its first ``since`` requests, leaving out the
    browser's own update checks of the service worker: the browser makes them on navigation
    whatever the page does, and Playwright's offline switch does not cover them."""
    return [path for path in site_server.requests[since:] if path != "/sw.js"]


def state(page: Page) -> dict[str, Any]:
    """What the page reports about the game on screen."""
    return page.evaluate(
        """() => ({
            screen: document.body.dataset.screen,
            fingerprint: document.body.dataset.fingerprint || null,
            actions: Number(document.body.dataset.actions || -1),
            status: document.getElementById("status").textContent,
        })"""
    )


def wait_actions(page: Page, count: int, timeout: float = 10_000) -> None:
    page.wait_for_function(f"Number(document.body.dataset.actions) === {count}", timeout=timeout)


_TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def ready_for_next_player(page: Page) -> None:
    """Confirm the hot-seat 'pass the device' screen if it is showing (and wait for the panels,
    which follow the board a frame later)."""
    if page.locator("#pass-screen").is_visible():
        page.click("#pass-ready")
        page.wait_for_selector("#pass-screen", state="hidden")
        page.evaluate(_TWO_FRAMES)


#: The visual centre of an element (client px) and what lies on top there. Off the board: the
#: centre of its box. On the board: the point nearest that centre where the element shows, that
#: is where nothing drawn lies over its own shapes or hit area (the invisible hit areas of other
#: targets, ``line.hit``, do not count: the page weighs those itself; but an area such as a
#: region shows only outside the hit areas of the legal sites and roads drawn on it, which the
#: page may prefer there); a road passing under a site's marker shows on either side of it.
#: ``top`` describes what lies on top when nothing of the element shows anywhere.
_CENTRE = """(node) => {
  const box = node.getBoundingClientRect();
  const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
  const board = node.closest("#board");
  const mark = !!node.querySelector(":scope > line.hit");
  const weighed = (n) => board && n.classList.contains("hit") && board.contains(n)
    && (mark || n.parentNode.getAttribute("data-legal") !== "1");
  const over = (x, y) => {  // what lies over the element at (x, y), or null
    const stack = document.elementsFromPoint(x, y);
    for (const n of stack) {
      if (node === n || node.contains(n)) return null;
      if (!weighed(n)) return n;
    }
    return stack[0] || document.body;
  };
  const describe = (n) => n.outerHTML.slice(0, 200);
  let x = cx, y = cy, top = over(cx, cy);
  if (top && board) {
    let best = null;
    for (let i = 1; i < 24; i++) for (let j = 1; j < 24; j++) {
      const px = box.left + box.width * i / 24, py = box.top + box.height * j / 24;
      if (over(px, py)) continue;
      if (!best || Math.hypot(px - cx, py - cy) < Math.hypot(best[0] - cx, best[1] - cy))
        best = [px, py];
    }
    if (best) { [x, y] = best; top = null; }
  }
  const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  return {x, y, top: top ? describe(top) : null, inView};
}"""


def centre_of(page: Page, target: Any, scroll: bool = True) -> tuple[float, float]:
    """The visual centre (client px) of ``target`` (a selector or locator; see :data:`_CENTRE`),
    scrolled into the window first if it is outside it (as a person scrolls the page; not with
    ``scroll=False``: then it must be in view as the page shows it); fails if something lies on
    top of it there."""
    node = page.locator(target).first if isinstance(target, str) else target
    with contextlib.suppress(PlaywrightTimeout):  # shown first (a panel drawn a frame later)
        node.wait_for(state="visible", timeout=10_000)
    found = node.evaluate(_CENTRE)
    if not found["inView"] and scroll:
        with contextlib.suppress(PlaywrightTimeout):
            node.scroll_into_view_if_needed(timeout=5_000)
        found = node.evaluate(_CENTRE)
    html = node.evaluate("(n) => n.outerHTML.slice(0, 160)")
    assert found["inView"], f"out of view at ({found['x']:.0f}, {found['y']:.0f}): {html}"
    assert found["top"] is None, (
        f"something lies on top of {html} at ({found['x']:.0f}, {found['y']:.0f}): "
        f"{found['top']}"
    )
    return found["x"], found["y"]


def is_touch(page: Page) -> bool:
    """Whether the page's browser context has a touch screen (a phone)."""
    return bool(page.evaluate("navigator.maxTouchPoints > 0"))


def press_at_centre(page: Page, target: Any, touch: bool | None = None) -> tuple[float, float]:
    """Click (mouse) or tap (touch screen) ``target`` at its visual centre, as a person does:
    real pointer input at a point, so the page's hit testing and whatever lies on top decide
    what it reaches (see :func:`centre_of`). ``touch`` defaults to whether the page has a touch
    screen. Returns the point."""
    x, y = centre_of(page, target)
    top, dx, dy = _top_page(page)
    if is_touch(page) if touch is None else touch:
        top.touchscreen.tap(x + dx, y + dy)
    else:
        # The pointer arrives (the hover preview shows), then the button goes down.
        top.mouse.move(x + dx, y + dy)
        page.evaluate(_TWO_FRAMES)
        top.mouse.click(x + dx, y + dy)
    return x, y


def _top_page(page: Any) -> tuple[Page, float, float]:
    """The page whose pointer reaches ``page`` (itself, or for a frame the page it is embedded
    in) and the offset of ``page``'s client area in it."""
    if isinstance(page, Page):
        return page, 0.0, 0.0
    box = page.frame_element().bounding_box()
    assert box is not None, "the frame is not shown"
    inner = page.frame_element().evaluate("(f) => [f.clientLeft, f.clientTop]")
    return page.page, box["x"] + inner[0], box["y"] + inner[1]


def hover_at_centre(page: Page, target: Any) -> tuple[float, float]:
    """Move the mouse to ``target``'s visual centre (the hover preview shows what a click there
    would do)."""
    x, y = centre_of(page, target)
    top, dx, dy = _top_page(page)
    top.mouse.move(x + dx, y + dy)
    return x, y


def click_board(page: Page, selector: str) -> None:
    """Click the first board element matching ``selector`` at its visual centre."""
    press_at_centre(page, selector)


def act(page: Page, click: Any, prefer: str | None = None) -> None:
    """Do ``click`` and, when the page offers a choice of actions there, take ``prefer``."""
    before = state(page)["actions"]
    click()
    if prefer is not None:
        choice = page.locator(f"#actions [data-action^='{prefer} ']")
        page.wait_for_function(
            f"Number(document.body.dataset.actions) > {before} || "
            f"document.querySelector(\"#actions [data-action^='{prefer} ']\") !== null"
        )
        if state(page)["actions"] == before and choice.count():
            choice.first.click()
    wait_actions(page, before + 1)


def build_road(page: Page) -> None:
    """Build a free road on the first highlighted connection."""
    act(page, lambda: click_board(page, LEGAL_CONNECTION), prefer="road")


def click_action(page: Page, kind: str) -> None:
    """Click the choice button whose action starts with ``kind`` (``end``, ``pass``, ...)."""
    act(page, lambda: page.locator(f"#actions [data-action^='{kind}']").first.click())


def finish_turn(page: Page) -> None:
    """End the current People-phase turn by skipping or ending roads and passing construction."""
    for kind in ("end", "pass"):
        ready_for_next_player(page)
        if page.locator(f"#actions [data-action='{kind}']").count():
            click_action(page, kind)


def play_roads(page: Page, roads: int) -> None:
    """Build ``roads`` free roads in an all-human game, ending turns where none is legal (the
    clicks the page benchmarks time)."""
    done = 0
    for _ in range(roads * 4):
        ready_for_next_player(page)
        if page.locator(LEGAL_CONNECTION).count():
            build_road(page)
            done += 1
            if done >= roads:
                break
        else:
            finish_turn(page)
    page.wait_for_timeout(300)


def place_sun_card(page: Page) -> tuple[str, str]:
    """Place the first playable hand card on the first free quadrant; returns (card, quadrant)."""
    ready_for_next_player(page)
    before = state(page)["actions"]
    card = page.locator("#hand [data-card][data-legal='1']").first
    card_id = card.get_attribute("data-card")
    press_at_centre(page, card)
    quadrant = page.locator("#sun [data-quadrant][data-legal='1']").first
    quadrant_id = quadrant.get_attribute("data-quadrant")
    press_at_centre(page, quadrant)
    wait_actions(page, before + 1)
    return card_id, quadrant_id


def play_to_sun_phase(page: Page, max_steps: int = 60) -> None:
    """Pass every People-phase turn until the Sun phase asks the player to move for a card."""
    for _ in range(max_steps):
        ready_for_next_player(page)
        if "Sun phase" in state(page)["status"] and page.locator("#hand [data-legal='1']").count():
            return
        finish_turn(page)
    raise AssertionError("the Sun phase was not reached")


def saved_entries(page: Page) -> list[str]:
    """Keys and values of our saved games in local storage, as the browser holds them."""
    return page.evaluate(
        """() => Object.keys(localStorage).filter(k => k.startsWith("inca-empire:game:")).sort()
             .map(k => k + "=" + localStorage.getItem(k))"""
    )


def accessible_name_missing(page: Page) -> list[str]:
    """Elements a person can act on that have no accessible name (should be empty)."""
    return page.evaluate(
        """() => {
          const out = [];
          const sel = "button, a[href], input, select, textarea, [role=button], "
            + "[tabindex='0'], [data-legal='1']";
          for (const el of document.querySelectorAll(sel)) {
            if (el.closest("[hidden]") || el.type === "hidden") continue;
            let name = el.getAttribute("aria-label") || "";
            if (!name && el.getAttribute("aria-labelledby"))
              name = el.getAttribute("aria-labelledby").split(" ")
                .map(id => (document.getElementById(id) || {}).textContent || "").join(" ");
            if (!name && el.labels && el.labels.length) name = el.labels[0].textContent;
            if (!name) {
              const title = el.querySelector(":scope > title");
              name = (title && title.textContent) || el.getAttribute("title")
                || el.textContent || "";
            }
            if (!name.trim()) out.push(el.outerHTML.slice(0, 120));
          }
          return out;
        }"""
    )


def save_text_for(
    players: int = 4, seed: int = 7, names: list[str] | None = None, actions: int = 0
) -> str:
    """A real save made by the engine in the test process (``actions`` first legal actions)."""
    import inca_core

    game = inca_core.new_game(players=players, seed=seed, names=names)
    for _ in range(actions):
        game.play(game.legal_actions()[0])
    return inca_core.dumps(game)


def fingerprint_of(save_text: str) -> str:
    return json.loads(save_text)["fingerprint"]


def bot_game_save(
    seed: int = 5, stop_after: int | None = None, names: list[str] | None = None,
    until: Callable[[Any], bool] | None = None,
) -> str:
    """The save of a 4-player game played by easy bots in the test process, whole or cut short
    (after ``stop_after`` actions, or at the first position where ``until(game)`` holds)."""
    import inca_core
    from inca_core.empire.bots import make_bot

    game = inca_core.new_game(players=4, seed=seed, names=names)
    bots = [make_bot("easy", seed * 8 + seat) for seat in range(4)]
    while not game.is_over and (stop_after is None or len(game.actions) < stop_after):
        if until is not None and until(game):
            break
        seat = game.current_player
        game.play(bots[seat].choose(game.observation(seat), game.legal_actions()))
    return inca_core.dumps(game)


def png_grey(data: bytes) -> tuple[int, int, list[int]]:
    """Width, height and grey levels (0-255) of an 8-bit RGB or RGBA PNG, decoded with zlib only."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, width, height, colour = 8, b"", 0, 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
        elif kind == b"IDAT":
            chunks += body
        pos += 12 + length
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(chunks)
    stride = width * channels
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = prev[i]
            corner = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    grey = []
    for line in rows:
        for x in range(width):
            r, g, b = line[x * channels : x * channels + 3]
            grey.append((299 * r + 587 * g + 114 * b) // 1000)
    return width, height, grey


# -- every game of the shelf, played the way a person does ----------------------------------------

#: The games of the shelf: the shell's tests run over each (``inca_core.shelf.INFOS``).
SHELF = tuple(INFOS)
CHOICE = "#actions [data-action]"
#: The page's own setting (kept in the URL), not a game's: bots move as soon as they decide.
INSTANT = "?pace=instant"

_PAGE_STATE = """() => {
  const key = (n) => n.tagName.toLowerCase() + [...n.attributes]
    .filter((a) => a.name.startsWith("data-") && a.name !== "data-last")
    .map((a) => `[${a.name}=${a.value}]`).sort().join("");
  const shown = (n) => !n.closest("[hidden]") && n.getClientRects().length > 0;
  const legal = [...document.querySelectorAll("#screen-game [data-legal='1']")];
  const targets = [];
  legal.forEach((n, i) => {
    if (shown(n) && !n.matches("#actions [data-action], #hint *, [aria-pressed='true']"))
      targets.push({i, key: key(n), svg: n instanceof SVGElement});
  });
  const choices = [...document.querySelectorAll("#actions [data-action]")].filter(shown)
    .map((n) => n.dataset.action);
  const pressed = [...document.querySelectorAll("#screen-game [aria-pressed='true']")].map(key);
  const pass = !document.getElementById("pass-screen").hidden;
  const actions = Number(document.body.dataset.actions || -1);
  return {actions, targets, choices, pass,
          sig: JSON.stringify([actions, targets.map((t) => t.key), choices, pressed, pass])};
}"""

#: True once a click answered: the game, its targets or choices changed, or a new reason shows.
_ANSWERED = f"""([sig, reason]) => ({_PAGE_STATE})().sig !== sig || (
  document.getElementById("preview").dataset.kind === "illegal"
  && document.getElementById("preview").textContent !== reason)"""
_REASON = "document.getElementById('preview').textContent"

#: True while a person at this device may act: a legal target or choice on the game screen.
_PERSON_TO_ACT = """() => document.body.dataset.screen === "game"
  && (!document.getElementById("pass-screen").hidden
      || document.querySelector("#screen-game [data-legal='1']") !== null)"""


def start_from_form(
    page: Page, site_url: str, game_id: str, seats: list[str] | tuple[str, ...],
    query: str = INSTANT, remote: bool = False, reopen: bool = True,
) -> None:
    """Open the site and start ``game_id`` as a person does: choose the game, the number of
    players and who plays each seat in the form, then press Start (no seed: the page picks one).
    ``remote``: tick "Play with friends on their own devices" (this device plays seat 0);
    ``reopen=False``: use the start screen already open."""
    if reopen:
        open_page(page, site_url + query)
    assert state(page)["screen"] == "start"
    page.check(f"#game-{game_id}")
    counts = list(INFOS[game_id].players)
    page.wait_for_function(
        "(counts) => JSON.stringify([...document.querySelectorAll('#player-counts input')]"
        ".map((n) => Number(n.value))) === JSON.stringify(counts)", arg=counts)
    page.check(f"#player-counts input[value='{len(seats)}']")
    page.wait_for_function(f"document.querySelectorAll('#seat-rows li').length === {len(seats)}")
    for seat, kind in enumerate(seats):
        page.select_option(f"select[name=seat-{seat}]", kind)
    if remote:
        page.check("#remote-play")
    page.click("[data-ui=start]")
    page.wait_for_selector("body[data-screen='game']")
    assert page.locator(".py-error").count() == 0


def wait_for_person(page: Page, timeout: float = 60_000) -> None:
    """Wait until a person at this device may act (bots have moved), past the hand-over screen."""
    page.wait_for_function(_PERSON_TO_ACT, timeout=timeout)
    ready_for_next_player(page)
    page.wait_for_function(_PERSON_TO_ACT, timeout=timeout)


def _press(page: Page, node: Any, board: bool = False) -> str:
    """Click ``node`` (a button: Playwright's click, which hit-tests; a board element: the mouse
    or a finger at its visual centre); if it went away meanwhile (the page redrew it), the caller
    looks again. Returns why a board element could not be pressed (out of view, covered), else
    an empty string."""
    with contextlib.suppress(PlaywrightTimeout):
        if not board:
            node.click(timeout=5_000)
            return ""
        try:
            press_at_centre(page, node)
        except AssertionError as error:
            return str(error)
    return ""


def play_a_move(page: Page, timeout: float = 60_000) -> None:
    """Make some legal move for the person to move, by clicks only, in any game.

    A click goes to a legal target (``[data-legal="1"]``: on the board, a hand card, a die's
    button) or to a choice button (``#actions [data-action]``). Choices that a click just offered
    come first; then targets not clicked yet (one that only selects, such as a hand card, leads to
    new targets or choices); then the choices always on offer (end, pass, roll). Returns once the
    game holds one action more."""
    wait_for_person(page, timeout)
    now = page.evaluate(_PAGE_STATE)
    before, standing = now["actions"], set(now["choices"])
    tried: set[str] = set()
    misses: list[str] = []
    for _ in range(40):
        reason = page.evaluate(_REASON)
        offered = [c for c in now["choices"] if c not in standing]
        untried = [t for t in now["targets"] if t["key"] not in tried]
        if offered:
            _press(page, page.locator(f"#actions [data-action='{offered[0]}']"))
        elif untried:
            target = untried[0]
            tried.add(target["key"])
            missed = _press(
                page, page.locator("#screen-game [data-legal='1']").nth(target["i"]), target["svg"]
            )
            if missed:  # out of view or under something: try the next one
                misses.append(missed)
                continue
        elif now["choices"]:
            _press(page, page.locator(f"#actions [data-action='{now['choices'][0]}']"))
        else:
            raise AssertionError(f"nothing to click for the person: {now}; not pressed: {misses}")
        with contextlib.suppress(PlaywrightTimeout):  # no answer: try the next one
            page.wait_for_function(_ANSWERED, arg=[now["sig"], reason], timeout=5_000)
        page.evaluate(_TWO_FRAMES)  # the panels follow the board a frame later
        now = page.evaluate(_PAGE_STATE)
        if now["actions"] > before:
            return
    raise AssertionError(f"no move made by clicks: {now}; not pressed: {misses}")


def open_entry(page: Page) -> dict[str, Any]:
    """The saved-game entry of the game on screen, as the page keeps it in local storage."""
    key = page.evaluate("localStorage.getItem('inca-empire:open')")
    return json.loads(page.evaluate(f"localStorage.getItem('inca-empire:game:{key}')"))


def saved_games(page: Page) -> list[dict[str, Any]]:
    """The saves (JSON) of every saved game in local storage."""
    return [json.loads(json.loads(item.partition("=")[2])["save"]) for item in saved_entries(page)]


def import_save(page: Page, text: str, name: str = "game.json") -> None:
    """Import ``text`` with the file picker of the start screen and open it."""
    page.set_input_files(
        "#import-file", files=[{"name": name, "mimeType": "application/json",
                                "buffer": text.encode("utf-8")}])
    page.click("#messages button:has-text('Open it')")
    page.wait_for_function("['game', 'end'].includes(document.body.dataset.screen)")


def finished_save(game_id: str, seed: int = 3, names: list[str] | None = None) -> str:
    """The save of a whole game of ``game_id`` at its fewest players, played by the engine in the
    test process with seeded random legal actions."""
    import random

    from inca_core import save
    from inca_core.shelf import GAMES

    spec = GAMES[game_id]
    players = min(spec.info.players)
    game = spec.new_game(players, seed, frozenset(), names and tuple(names[:players]))
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_actions())))
    assert game.is_over
    return save.dumps(game)
