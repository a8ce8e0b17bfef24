"""The guided first game of every game (``web/tutorial.py``, ``web/games/<id>/tutorial.py``),
started as a newcomer starts it and played by following only the page's own highlight: each step
the test clicks whatever element carries ``data-tutorial-target``, nothing else, as a person
does: the mouse on a desktop (1440x900), a finger on a phone (390x844, touch), at the element's
visual centre, so the page's hit testing decides what the click reaches and the test fails if
anything (the guide's own box, the phone's sheet) lies on top of it.

Checked, at the page's default pace (the bots' moves shown one by one, summaries waiting for
Continue): the start screen's button per game opens it, ``body[data-tutorial-step]`` counts up
1, 2, ... to the script's last step and goes away when the guide ends, a click on another legal
element is refused by the guide (nothing played), after the guide the game goes on freely by
clicks, axe-core finds nothing serious or critical on the guided screen; ``?tutorial=ID`` and How
to play open it too; a step whose board target lies outside the view (the map zoomed in and
panned away) brings it into view."""

from __future__ import annotations

import pytest
from page_helpers import SHELF, open_page, play_a_move, press_at_centre, state
from shell.test_shell_axe import serious_violations
from sitebuild import DEVICES

pytestmark = pytest.mark.browser

MARKED = "[data-tutorial-target]"
NEXT = "#guide [data-ui=tutorial-next]"

#: What identifies the moment: the step, the actions played, the marked element.
_SIGNATURE = """() => {
  const m = document.querySelector("[data-tutorial-target]");
  return [document.body.dataset.tutorialStep || "", document.body.dataset.actions || "",
          m ? m.outerHTML.slice(0, 160) + (m.getAttribute("aria-pressed") || "") : ""].join("|");
}"""

_SUMMARY_FIRST = """() => {
  const summary = document.getElementById("phase-summary");
  if (!summary || summary.hidden) return true;
  const m = document.querySelector("[data-tutorial-target]");
  return !!m && (summary.contains(m) || m.closest("#guide") !== null);
}"""

_SOME_OTHER_LEGAL = """() => {
  const m = document.querySelector("[data-tutorial-target]");
  const other = [...document.querySelectorAll("#screen-game [data-legal='1']")]
    .find((n) => m && n !== m && !m.contains(n) && !n.contains(m) && !n.closest("#guide"));
  if (!other) return false;
  other.setAttribute("data-test-other", "1");
  return true;
}"""


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """axe is injected as a script tag, which the site's Content Security Policy forbids."""
    return {**browser_context_args, "bypass_csp": True}


def click_marked(page) -> None:
    """Click (tap, on the phone) the highlighted element at its visual centre."""
    press_at_centre(page, MARKED)


def follow_guide(page, checks=None) -> list[int]:
    """Click the highlighted element until the guide ends; the step numbers seen, in order."""
    steps: list[int] = []
    escaped = False
    for _ in range(300):
        step = page.evaluate("document.body.dataset.tutorialStep || null")
        if step is None:
            return steps
        if not steps or steps[-1] != int(step):
            steps.append(int(step))
            if checks is not None:
                checks(page, int(step))
        page.wait_for_selector(MARKED, timeout=60_000)
        # While the summary of the automatic phases waits, its Continue is the one target (or
        # the guide's own Next on a step with nothing to play).
        assert page.evaluate(_SUMMARY_FIRST), page.evaluate(_SIGNATURE)
        before = page.evaluate(_SIGNATURE)
        if not escaped and page.evaluate(f"!!document.querySelector('#phase-summary {MARKED}')"):
            # The first summary closed by Escape: the guide marks what comes next (it kept
            # marking the hidden Continue before).
            escaped = True
            page.locator(f"#phase-summary {MARKED}").focus()
            page.keyboard.press("Escape")
            assert page.locator("#phase-summary").is_hidden()
            assert page.locator(f"#phase-summary {MARKED}").count() == 0
        else:
            click_marked(page)
        page.wait_for_function(f"({_SIGNATURE})() !== {before!r}", timeout=60_000)
    raise AssertionError(f"the guided game did not end: steps {steps}")


@pytest.mark.parametrize("layout", DEVICES)
@pytest.mark.parametrize("game_id", SHELF)
def test_guided_first_game_by_its_highlights(page, site_url, game_id, layout):
    # The page's own pace (normal): the bots' moves shown one by one, summaries to close.
    open_page(page, site_url)
    page.click(f"#screen-start [data-ui=tutorial][data-game={game_id}]")
    page.wait_for_selector("body[data-screen='game'][data-tutorial-step='1']")
    assert page.locator("#guide").is_visible()
    found: dict[int, list[str]] = {}

    def checks(page, step: int) -> None:
        if step != 2:
            return
        # The first step that wants a move: the guide marks one element and names it...
        page.wait_for_selector(MARKED)
        page.wait_for_function(  # keyboard users start on it
            "document.activeElement === document.querySelector('[data-tutorial-target]')")
        assert page.locator("#guide-cue").inner_text().strip()
        assert page.locator("#guide-live").get_attribute("aria-live") == "polite"
        found[step] = serious_violations(page)
        # ... and a click on any other legal element plays nothing and says what to click.
        if page.evaluate(_SOME_OTHER_LEGAL):
            actions = state(page)["actions"]
            press_at_centre(page, "[data-test-other]")
            page.wait_for_function(
                "document.getElementById('guide-note').textContent.startsWith('Not that one')")
            assert state(page)["actions"] == actions
            assert page.evaluate("document.body.dataset.tutorialStep") == "2"

    steps = follow_guide(page, checks)
    last = steps[-1]
    assert steps == list(range(1, last + 1)), steps
    assert 8 <= last <= 15
    assert found == {2: []}, found
    # The guide is gone; the game goes on as a normal game against the bots, by clicks.
    assert page.evaluate("document.body.hasAttribute('data-tutorial-step')") is False
    assert not page.locator("#guide").is_visible()
    assert page.locator(MARKED).count() == 0
    before = state(page)["actions"]
    if page.locator("#phase-summary").is_visible():  # a summary left open waits for Continue
        page.click("#phase-summary button")
    play_a_move(page)
    assert state(page)["actions"] > before
    assert page.locator(".py-error").count() == 0


@pytest.mark.parametrize("game_id", SHELF)
def test_tutorial_link_and_how_to_play_open_it(page, site_url, game_id):
    open_page(page, f"{site_url}?tutorial={game_id}&pace=instant")
    page.wait_for_selector("body[data-screen='game'][data-tutorial-step='1']")
    assert "tutorial" not in page.url
    title = page.locator("#topbar .brand").inner_text()
    # Leaving the guide keeps the game; the step attribute goes.
    page.click("[data-ui=tutorial-leave]")
    assert page.evaluate("document.body.hasAttribute('data-tutorial-step')") is False
    assert state(page)["screen"] == "game"
    # How to play offers the guided game of the game on screen.
    page.click("[data-ui=howto]")
    page.click(f"#howto [data-ui=tutorial][data-game={game_id}]")
    page.wait_for_selector("body[data-tutorial-step='1']")
    assert not page.locator("#howto").is_visible()
    assert page.locator("#topbar .brand").inner_text() == title
    # Going back to the games ends it.
    page.click("[data-ui=menu]")
    assert page.evaluate("document.body.hasAttribute('data-tutorial-step')") is False


_CENTRE_IN_BOARD = """(selector) => {
  const n = document.querySelector(selector), b = document.getElementById("board");
  const r = n.getBoundingClientRect(), v = b.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return {inside: x > v.left && x < v.right && y > v.top && y < v.bottom,
          dx: x - (v.left + v.width / 2), dy: y - (v.top + v.height / 2)};
}"""


@pytest.mark.parametrize("layout", ["phone"])
def test_a_step_brings_its_board_target_into_view(page, site_url, layout):
    # The first board target of Inca Empire's guided game, found once.
    open_page(page, f"{site_url}?tutorial=empire&pace=instant")
    page.click(NEXT)
    page.wait_for_selector(f"#board {MARKED}")
    road = page.get_attribute(f"#board {MARKED}", "data-connection")
    target = f"#board [data-connection='{road}']"
    # Again from step 1, the map zoomed in and panned away from it.
    open_page(page, f"{site_url}?tutorial=empire&pace=instant")
    for _ in range(4):
        page.click("[data-zoom=in]")
    page.locator("#board").focus()
    for _ in range(60):
        where = page.evaluate(_CENTRE_IN_BOARD, target)
        if not where["inside"]:
            break
        if abs(where["dx"]) > abs(where["dy"]):
            page.keyboard.press("ArrowRight" if where["dx"] < 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if where["dy"] < 0 else "ArrowUp")
    assert not page.evaluate(_CENTRE_IN_BOARD, target)["inside"]
    # The step that asks for it pans the board to it: a tap at its centre plays it.
    page.click(NEXT)
    page.wait_for_selector(f"{target}{MARKED}")
    assert page.evaluate(_CENTRE_IN_BOARD, target)["inside"]
    press_at_centre(page, target)
    page.wait_for_selector("body[data-tutorial-step='3']")
