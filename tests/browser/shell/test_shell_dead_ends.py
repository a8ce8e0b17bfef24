"""No dead end, in every game, on a desktop (1440x900, the mouse) and a phone (390x844, taps):
a walk over random positions played by real clicks and taps at the centres of what is on screen
(a person and easy bots, started from the form). At every decision of the person, something that
moves the game on (a legal target, a choice button, a panel's button such as a die, a summary's
Continue) is in view: its centre on screen, inside the box that clips it, nothing over it; and
when the board has legal targets, one of them is in its visible part. From
time to time the page is reloaded (a resumed game keeps its targets in view too: the card game's
huts to stock lay below the board after a reload). Lean: a couple of dozen actions per game."""

from __future__ import annotations

import random

import pytest
from in_sight import DEVICES, press, reachable
from page_helpers import READY, SHELF, start_from_form, wait_for_person

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

#: The person's actions per game and device, and a reload after every so many.
ACTIONS = 20
RELOAD_EVERY = 7
#: Presses tried at one decision before the walk gives up (a dead end is nothing in view that
#: answers a press).
TRIES = 40


@pytest.fixture(params=list(DEVICES))
def form(request) -> str:
    return request.param


@pytest.fixture
def browser_context_args(browser_context_args: dict, form: str) -> dict:
    return {**browser_context_args, **DEVICES[form]}


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
MOVED = """(before) => Number(document.body.dataset.actions) > before
  || document.body.dataset.screen === 'end'"""


def decide(page, touch: bool, rng: random.Random) -> None:
    """At the person's decision: check something that moves the game on is in view, then press
    such things (targets first, at random) until the game has one action more."""
    before = page.evaluate("Number(document.body.dataset.actions)")
    trail: list[str] = []
    standing: set[str] | None = None
    #: What was pressed since the page last changed, with no answer.
    dead: set[str] = set()
    for tried in range(TRIES):
        if tried and tried % 6 == 0:
            # A person who finds nothing that works scrolls a panel (a row of cards) on.
            page.evaluate(SCROLL_ON, rng.random())
        page.wait_for_function(SETTLED, arg=before, timeout=30_000)
        if page.evaluate(MOVED, before):
            return
        found = reachable(page)
        usable = [r for r in found if r["reached"] and r["key"] not in dead]
        board = [r for r in found if r["onBoard"] and r["kind"] == "target"]
        # Targets on the board: one at least in its visible part, nothing over it (the page
        # pans to them; the card game's huts lay below the board after a reload).
        assert not board or any(r["reached"] for r in board), f"board targets off view: {board}"
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


@pytest.mark.parametrize("game_id", SHELF)
def test_every_decision_has_something_in_view(page, site_url, form, game_id):
    touch = form == "phone"
    rng = random.Random(f"{game_id}-{form}")
    players = rng.choice(list(INFOS[game_id].players)[:2])
    start_from_form(page, site_url, game_id, ["human"] + ["easy"] * (players - 1))
    for done in range(ACTIONS):
        if page.locator("body[data-screen='end']").count():
            break
        wait_for_person(page)
        if done and done % RELOAD_EVERY == 0:
            page.reload()
            page.wait_for_selector(READY)
            wait_for_person(page)
        decide(page, touch, rng)
