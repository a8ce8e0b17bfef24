"""What a person can reach on the page, and reaching it as they do: the elements that move the
game on (legal targets, enabled choice buttons, a summary's Continue, the hand-over screen's
button) whose visual centre is on screen, inside the boxes that clip it and not under anything
else; a real mouse click or finger tap at that centre; and a person's decision made that way
(``decide``), checking on the way that it is no dead end.

Shared by the browser tests of issue 59 (nothing covers a target, no dead end)."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

#: Every element on screen that moves the game on or opens a choice (a panel's enabled button
#: counts: a die to pick), where its centre is and whether a pointer there reaches it:
#: ``reached`` (the element or something inside it is under its centre; on the board, the
#: board's own drawing, whose hit testing picks the target), ``cover`` (what lies on top
#: otherwise, as a short selector), ``kind``.
REACHABLE = """() => {
  const board = document.getElementById("board");
  const wanted = [
    ["target", "#screen-game [data-legal='1']"],
    ["choice", "#actions button:not([disabled])"],
    ["panel", "#screen-game section.slot button:not([disabled]):not([data-legal='1'])"],
    ["continue", "#phase-summary:not([hidden]) button"],
    ["ready", "#pass-screen:not([hidden]) #pass-ready"],
  ];
  const name = (n) => n ? n.tagName.toLowerCase() + (n.id ? "#" + n.id : "")
    + (n.classList && n.classList.length ? "." + [...n.classList].join(".") : "") : "nothing";
  const out = [];
  for (const [kind, selector] of wanted) {
    for (const node of document.querySelectorAll(selector)) {
      if (node.closest("[hidden]") || !node.getClientRects().length) continue;
      if (node.matches("#hint *, [aria-pressed='true']")) continue;
      const r = node.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      const inside = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
      const hit = inside ? document.elementFromPoint(x, y) : null;
      const onBoard = board.contains(node);
      const reached = !!hit && (node.contains(hit) || (onBoard && board.contains(hit)));
      out.push({kind, x, y, reached, onBoard, cover: reached ? null : name(hit),
                text: (node.getAttribute("aria-label") || node.textContent || "").slice(0, 60),
                key: [...node.attributes].filter((a) => a.name.startsWith("data-")
                  && !["data-last", "data-since", "data-fresh", "data-hover"].includes(a.name))
                  .map((a) => a.name + "=" + a.value).join(" ") || name(node)});
    }
  }
  return out;
}"""


def reachable(page: Page) -> list[dict[str, Any]]:
    """The elements that move the game on, each with its centre and whether it is reached."""
    return page.evaluate(REACHABLE)


def press(page: Page, x: float, y: float, touch: bool) -> None:
    """A real click (mouse) or tap (finger) at the page point (x, y)."""
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def press_node(page: Page, selector: str, touch: bool) -> None:
    """Scroll ``selector``'s first element into view as a person would, then press its centre."""
    node = page.locator(selector).first
    node.scroll_into_view_if_needed()
    box = node.bounding_box()
    assert box is not None, selector
    press(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, touch)


#: Presses tried at one decision before the walk gives up (a dead end is nothing in view that
#: answers a press).
TRIES = 40
#: What a press may change: the screen, the game, its targets and choices, what is chosen.
SIGNATURE = """() => JSON.stringify([document.body.dataset.screen,
  Number(document.body.dataset.actions || -1),
  [...document.querySelectorAll("#screen-game [data-legal='1'], #actions [data-action]")]
    .map((n) => n.outerHTML.length),
  [...document.querySelectorAll("#screen-game [aria-pressed='true']")].length,
  document.getElementById("pass-screen").hidden])"""


#: The scrolled boxes holding the first target (for a dead end's report).
SCROLLS = """() => { const out = [];
  let n = document.querySelector("#screen-game [data-legal='1']");
  for (; n; n = n.parentElement) if (n.scrollLeft || n.scrollTop)
    out.push([n.tagName, n.id, n.className, n.scrollLeft, n.scrollTop]);
  return out; }"""
#: Scroll a legal target of a panel that is out of its box into view (a swipe along a hand).
SCROLL_ON = """(r) => { const hidden = [...document.querySelectorAll(
    "#screen-game [data-legal='1']:not(#board *):not([aria-pressed='true'])")].filter((n) => {
    const b = n.getBoundingClientRect(); return b.right > innerWidth || b.left < 0
      || b.bottom > innerHeight; });
  if (hidden.length) hidden[Math.floor(r * hidden.length)]
    .scrollIntoView({block: "nearest", inline: "nearest"}); }"""
#: True once the person may act again, or the game moved on (``before``: its actions then).
SETTLED = """(before) => Number(document.body.dataset.actions) > before
  || document.body.dataset.screen === "end"
  || !document.getElementById("pass-screen").hidden
  || !document.getElementById("phase-summary").hidden
  || document.querySelector("#screen-game [data-legal='1']") !== null"""
#: What the page shows when it did not settle (for the failure's report).
UNSETTLED = """() => ({body: {...document.body.dataset},
  status: document.getElementById("status").textContent,
  prompt: (document.querySelector("#screen-game .prompt") || {}).textContent || null,
  buttons: [...document.querySelectorAll("#screen-game button:not([disabled])")]
    .filter((n) => n.getClientRects().length).map((n) => n.textContent.trim().slice(0, 30)),
  replayBar: !!document.querySelector(".replay-bar:not([hidden])")})"""
MOVED = """(before) => Number(document.body.dataset.actions) > before
  || document.body.dataset.screen === 'end'"""


def decide(page: Page, touch: bool, rng: random.Random, check_board: bool = False) -> None:
    """At the person's decision: check that something in view answers a press (no dead end;
    ``check_board``: and that one of the board's legal targets is in view when it has any), then
    press such things by pointer (an offered choice first, else mostly targets, at random) until
    the game has one action more or is over."""
    before = page.evaluate("Number(document.body.dataset.actions)")
    trail: list[str] = []
    standing: set[str] | None = None
    #: What was pressed since the page last changed, with no answer.
    dead: set[str] = set()
    for tried in range(TRIES):
        if tried and tried % 6 == 0:
            # A person who finds nothing that works scrolls a panel (a row of cards) on.
            page.evaluate(SCROLL_ON, rng.random())
        try:
            page.wait_for_function(SETTLED, arg=before, timeout=60_000)  # bots on a busy machine
        except PlaywrightTimeout:
            raise AssertionError(
                f"nothing to act on for 60 s after {trail}: {page.evaluate(UNSETTLED)}"
            ) from None
        if page.evaluate(MOVED, before):
            return
        found = reachable(page)
        usable = [r for r in found if r["reached"] and r["key"] not in dead]
        board = [r for r in found if r["onBoard"] and r["kind"] == "target"]
        # Targets on the board: one at least in its visible part, nothing over it (the page
        # pans to them; the card game's huts lay below the board after a reload).
        if check_board:
            assert not board or any(r["reached"] for r in board), f"off view: {board}"
        assert usable, f"dead end, nothing in view answers: {found} {dead} {page.evaluate(SCROLLS)}"
        # A choice the last press offered first (as a person answers it); then mostly the
        # legal targets; else a choice, a panel's button (a die), Continue.
        if standing is None:
            standing = {r["key"] for r in found if r["kind"] == "choice"}
        offered = [r for r in usable if r["kind"] == "choice" and r["key"] not in standing]
        targets = [r for r in usable if r["kind"] == "target"]
        pick = (
            offered[0] if offered
            else rng.choice(targets) if targets and rng.random() < 0.7
            else rng.choice(usable)
        )
        trail.append(f"{pick['kind']} {pick['key']} {pick['text'][:30]!r}")
        signature = page.evaluate(SIGNATURE)
        press(page, pick["x"], pick["y"], touch)
        for _ in range(15):  # the answer: the game, its targets or its choices changed
            if page.evaluate(SIGNATURE) != signature:
                dead.clear()
                break
            page.wait_for_timeout(100)
        else:
            dead.add(pick["key"])
        page.wait_for_timeout(150)  # the panels follow the board a frame later
    raise AssertionError(f"no action played by {TRIES} presses on what is in view: {trail}")
