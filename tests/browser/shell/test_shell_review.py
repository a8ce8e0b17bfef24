"""The page's review of a finished game (issue 62, ``web/reviewscreen.py``, docs/REVIEW.md), in
every game: the game is finished by a click (a save one action before its end, people in every
seat, its last move made at the element's centre), then reviewed by clicks with real pointer
input at each element's visual centre (a finger on the phone): the end screen's "Review the
game", the progress bar and its words (and Cancel, on the phone), the review screen with its
labels, accuracy, luck and graph, a decision opened on the board (the move played and the
better one marked there, each with its badge and name, the marks gone a step on) and back, a
good move opened (marked alone), "Find a better move"; then the review is kept over a reload
(shown at once, no progress), and over export and import into an empty browser (and into one
that holds the game without it); a save whose review was tampered with is refused with a
reason, nothing imported; no engine syntax and nothing serious for axe-core on the review
screen."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from in_sight import decide
from page_helpers import SHELF, import_save, open_page, press_at_centre, state
from shell.test_shell_axe import serious_violations
from shell.test_shell_covers import save_before_end

from inca_core.cardgame import targets as cardgame_targets
from inca_core.empire import targets as empire_targets
from inca_core.shelf import GAMES
from inca_core.wiraqocha import targets as wiraqocha_targets

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "shared"))
from test_shared_words import SYNTAX

pytestmark = pytest.mark.browser

#: A review of a short game in Pyodide, at the page's default.
REVIEW_TIMEOUT = 240_000
#: True while no slice of a review ran since the page loaded (a kept review shows at once).
NOT_RUN = "performance.getEntriesByName('review-slice').length === 0"
CASES = [*[("desktop", g) for g in SHELF], ("phone", "cardgame")]
#: Whether a move of each game acts on the board (the engine's targets name its elements there).
ON_BOARD = {
    "empire": lambda a: any(e.partition(":")[0] in ("connection", "site", "region", "quadrant")
                            for e in empire_targets.elements(a)),
    "cardgame": lambda a: (cardgame_targets.element(a) or "").partition(":")[0] in (
        "cell", "link", "hut", "temple"),
    "wiraqocha": lambda a: wiraqocha_targets.tile_of(a) is not None,
}
#: The review's marks on the board: badges (role, word, name, role attribute, on screen) and the
#: marked elements' ``data-review``.
REVIEW_MARKS = """() => {
  const box = document.getElementById('board').getBoundingClientRect();
  return {
    badges: [...document.querySelectorAll('#board .review-badge')].map((b) => {
      const r = b.getBoundingClientRect();
      return [b.dataset.reviewBadge, b.textContent, b.getAttribute('aria-label'),
              b.getAttribute('role'), r.width > 20 && r.left >= box.left && r.right <= box.right
              && r.top >= box.top && r.bottom <= box.bottom];
    }),
    marked: [...document.querySelectorAll('#board [data-review]')].map((n) => n.dataset.review),
  };
}"""


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """axe is injected as a script tag, which the site's Content Security Policy forbids."""
    return {**browser_context_args, "bypass_csp": True}


def _finish(page, site_url: str, game_id: str, touch: bool) -> None:
    """Open a game one action before its end and end it by a click (a tap on the phone)."""
    open_page(page, site_url + "?pace=instant")
    import_save(page, save_before_end(game_id))
    decide(page, touch, random.Random(1))
    page.wait_for_selector("body[data-screen='end']")


def _review_screen(page) -> dict:
    return page.evaluate("""() => ({
      labels: [...document.querySelectorAll('#review-decisions [data-review-label]')]
        .map((n) => n.dataset.reviewLabel),
      words: [...document.querySelectorAll('#review-decisions [data-review-label]')]
        .map((n) => n.textContent.trim()),
      lines: document.querySelectorAll('#review-graph svg polyline').length,
      graphText: document.getElementById('review-graph-text').textContent,
      players: document.getElementById('review-players').innerText,
      seat: document.body.dataset.reviewSeat,
    })""")


def _kept_review(page, button: str) -> dict:
    """Press ``button`` and find the review screen shown from the kept review (no slice of
    review run since the page loaded); what it shows."""
    press_at_centre(page, button)
    page.wait_for_selector("body[data-screen='review']")
    assert page.evaluate(NOT_RUN), "the kept review was worked out again"
    return _review_screen(page)


def _check_review(page, players: int) -> dict:
    shown = _review_screen(page)
    assert shown["labels"], shown
    assert all(label in ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
               for label in shown["labels"]), shown
    assert all(w.endswith(label) for w, label in zip(shown["words"], shown["labels"],
                                                     strict=True)), shown
    assert shown["lines"] == players, shown
    assert "win chance went from" in shown["graphText"], shown
    assert "of 100" in shown["players"] and "points of win chance" in shown["players"], shown
    return shown


def _open_decision(page, n: int) -> dict:
    """Open decision ``n`` from the review's list of decisions; the board's review marks once
    their badges are drawn."""
    press_at_centre(page, f"#review-decisions [data-ui=review-open][data-n='{n}']")
    page.wait_for_selector("#review-note:not([hidden])")
    assert state(page)["screen"] == "game"
    assert state(page)["actions"] == n
    page.wait_for_selector("#board .review-badge")
    return page.evaluate(REVIEW_MARKS)


@pytest.mark.parametrize(("layout", "game_id"), CASES, ids=[f"{d}-{g}" for d, g in CASES])
def test_a_finished_game_is_reviewed_kept_and_carried(page, site_url, layout, game_id,
                                                      tmp_path):
    touch = layout == "phone"
    _finish(page, site_url, game_id, touch)
    players = page.locator("#ranking li").count()
    press_at_centre(page, "#screen-end [data-ui=review]")
    page.wait_for_selector("#review-run:not([hidden])")
    bar = page.locator("[data-ui=review-progress]")
    assert bar.get_attribute("role") == "progressbar"
    page.wait_for_function(
        "/^Reviewing decision \\d+ of \\d+$/.test("
        "document.getElementById('review-progress-text').textContent)", timeout=60_000)
    if touch:
        # Cancel stops it, keeping nothing; the button starts it again.
        press_at_centre(page, "[data-ui=review-cancel]")
        page.wait_for_selector("#review-run", state="hidden")
        page.wait_for_timeout(300)
        assert state(page)["screen"] == "end"
        assert "reviews" not in json.loads(json.loads(page.evaluate(
            "localStorage.getItem('inca-empire:game:' + "
            "localStorage.getItem('inca-empire:open'))"))["save"])
        press_at_centre(page, "#screen-end [data-ui=review]")
        page.wait_for_selector("#review-run:not([hidden])")
    page.wait_for_selector("body[data-screen='review']", timeout=REVIEW_TIMEOUT)
    shown = _check_review(page, players)
    assert shown["seat"] == "0"
    # Plain words: no engine syntax on the review screen.
    lines = [t.strip() for t in page.locator("#screen-review").inner_text().split("\n")]
    seen = [(line, name) for line in lines for name, pattern in SYNTAX if pattern.search(line)]
    assert seen == [], seen[:10]
    # In slices between frames (their times are bench/review_page.py's, docs/REVIEW.md).
    slices = page.evaluate("performance.getEntriesByName('review-slice').length")
    assert slices > 1, slices
    assert serious_violations(page) == []
    # Each opening target on the phone is 40 px or more.
    if touch:
        small = page.evaluate("""() => [...document.querySelectorAll('#screen-review button')]
          .map((b) => b.getBoundingClientRect()).filter((r) => r.height < 40).length""")
        assert small == 0
        # The graph takes the card's width, its text 12 px or more.
        graph = page.evaluate("""() => {
          const svg = document.querySelector('#review-graph svg');
          const scale = svg.getScreenCTM().a;
          return {width: svg.getBoundingClientRect().width,
                  room: document.getElementById('review-graph').clientWidth,
                  text: Math.min(...[...svg.querySelectorAll('text')].map(
                    (t) => parseFloat(getComputedStyle(t).fontSize) * scale))};
        }""")
        assert graph["width"] >= 0.95 * graph["room"] and graph["text"] >= 11.9, graph

    # A decision opens its position in the replay, the move played and the better one marked
    # on the board and named; a step on, the marks go; and back.
    saved = json.loads(json.loads(page.evaluate(
        "localStorage.getItem('inca-empire:game:' + localStorage.getItem('inca-empire:open'))"
    ))["save"])
    spec = GAMES[game_id]

    def on_board(text: str) -> bool:
        return bool(text) and ON_BOARD[game_id](spec.parse_action(text))

    decisions = saved["reviews"][0]["decisions"]
    worse = next(d for d in decisions if d["best"] != d["played"]
                 and on_board(d["played_text"]) and on_board(d["best_text"]))
    marks = _open_decision(page, worse["n"])
    assert marks["badges"] == [
        ["played", "Played", f"Played: {worse['played']}", "img", True],
        ["better", "Better", f"Better: {worse['best']}", "img", True]], marks
    assert {"played", "better"} <= {w for m in marks["marked"] for w in m.split()}, marks
    note = page.locator("#review-note").inner_text()
    assert "The board marks both: Played and Better." in note, note
    press_at_centre(page, "[data-replay=forward]")
    page.wait_for_function(f"document.body.dataset.replayPos === '{worse['n'] + 1}'")
    assert page.evaluate(REVIEW_MARKS) == {"badges": [], "marked": []}
    press_at_centre(page, "#review-note [data-ui=review-back]")
    page.wait_for_selector("body[data-screen='review']")
    # A good move (the better one is the move played) is marked alone.
    good = next((d for d in decisions if d["best"] == d["played"] and on_board(d["played_text"])),
                None)
    if good is not None:
        marks = _open_decision(page, good["n"])
        assert [b[:2] for b in marks["badges"]] == [["played", "Played"]], marks
        assert set(marks["marked"]) == {"played"}, marks
        assert "The board marks it: Played." in page.locator("#review-note").inner_text()
        press_at_centre(page, "#review-note [data-ui=review-back]")
        page.wait_for_selector("body[data-screen='review']")
    assert page.evaluate(REVIEW_MARKS) == {"badges": [], "marked": []}

    # Find a better move at a key moment: the answer hidden until a move is picked.
    tries = page.locator("#review-moments [data-ui=review-try]")
    if tries.count():
        moment = tries.first.get_attribute("data-n")
        answer = page.locator(f"#review-moments [data-answer='{moment}']")
        assert answer.is_hidden()
        press_at_centre(page, tries.first)
        box = f"#review-moments [data-try='{moment}']"
        press_at_centre(page, f"{box} [data-ui=review-pick]")
        assert page.locator(f"{box} .result").inner_text()
        assert answer.is_visible()
        # Any other legal move, chosen from the list, is weighed on the review's playouts.
        other = page.locator(f"{box} select")
        assert other.locator("option").count() >= 1
        words = other.locator("option").last.inner_text()
        other.select_option(index=other.locator("option").count() - 1)
        press_at_centre(page, f"{box} [data-ui=review-weigh]")
        page.wait_for_function(
            f"/^(You picked|Well found)/.test(document.querySelector(\"{box} .result\")"
            ".textContent)", timeout=60_000)
        said = page.locator(f"{box} .result").inner_text()
        assert words in said, (words, said)

    # Kept with the saved game: a reload and the end screen's button show it at once.
    assert [r["seat"] for r in saved["reviews"]] == [0]
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("body[data-screen='end']")
    assert _kept_review(page, "#screen-end [data-ui=review]")["labels"] == shown["labels"]

    # Carried by export and import into a browser that has no saved games.
    press_at_centre(page, "#screen-review [data-ui=review-close]")
    page.wait_for_selector("body[data-screen='end']")
    with page.expect_download() as download:
        press_at_centre(page, "#screen-end [data-ui=export]")
    text = Path(download.value.path()).read_text("utf-8")
    assert json.loads(text)["reviews"][0]["seat"] == 0
    page.evaluate("localStorage.clear()")
    open_page(page, site_url)
    # A tampered review is refused with its reason, and nothing is imported.
    bad = json.loads(text)
    bad["reviews"][0]["decisions"][0]["label"] = "<script>"
    page.set_input_files("#import-file", files=[{
        "name": "bad.json", "mimeType": "application/json",
        "buffer": json.dumps(bad).encode("utf-8")}])
    page.wait_for_selector("#messages .error")
    said = page.locator("#messages .error").last.inner_text()
    assert "not imported" in said and "review" in said, said
    assert page.locator("#saved-list li[data-entry]").count() == 0
    press_at_centre(page, "#messages .error [aria-label='Dismiss this message']")
    # The same game without its review, then the file with it: the review joins the kept game.
    plain = json.loads(text)
    del plain["reviews"]
    import_save(page, json.dumps(plain))
    page.wait_for_selector("body[data-screen='end']")
    press_at_centre(page, "#screen-end [data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    page.set_input_files("#import-file", files=[{
        "name": "game.json", "mimeType": "application/json", "buffer": text.encode("utf-8")}])
    page.wait_for_selector("#messages .message:has-text('its review was added')")
    press_at_centre(page, "#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='end']")
    assert page.locator("#saved-list li[data-entry]").count() == 1
    assert _kept_review(page, "#screen-end [data-ui=review]")["labels"] == shown["labels"]
    # The saved games list offers the review of a finished game.
    press_at_centre(page, "#screen-review [data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    _kept_review(page, "#saved-list [data-ui=review]")
    assert page.locator(".py-error").count() == 0

