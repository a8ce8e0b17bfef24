"""Nothing the page shows over the game stays in a person's way (issue 59), on a desktop
(1440x900, the mouse) and a phone (390x844, touch), by real clicks and taps at elements' centres:

- a message with nothing to answer ("Link copied.") goes by itself, and with the screen it was
  shown on;
- the legend of the numbered moves ("Numbers 1 to N") never lies over the board;
- while the summary of automatic phases waits, the status line says so in whole sentences that
  fit, the prompt never blames another player, Escape closes it wherever the focus is, and its
  Continue is under no caption;
- at the end of a game no status asks for a Continue that is not there, and the replay shows no
  summary;
- on a phone, Wiraqocha's dice are in view after the roll;
- a badge of the moves since the person's last turn stays small on screen when the board zooms
  in, and no badge lies on another.
"""

from __future__ import annotations

import json
import random

import pytest
from in_sight import decide, press_node, reachable
from page_helpers import SHELF, import_save, open_page, start_from_form, wait_for_person
from sitebuild import DEVICES

from inca_core import save
from inca_core.shelf import GAMES, INFOS

#: Every test on each screen (tests/browser/conftest.py gives the context its size).
pytestmark = [pytest.mark.browser, pytest.mark.parametrize("layout", DEVICES)]


def seats(game_id: str) -> list[str]:
    return ["human"] + ["easy"] * (min(INFOS[game_id].players) - 1)


BOX = """(s) => { const e = document.querySelector(s);
  if (!e || e.closest("[hidden]") || !e.getClientRects().length) return null;
  const r = e.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }"""


def box(page, selector: str) -> dict | None:
    return page.evaluate(BOX, selector)


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and (
        b["top"] < a["bottom"]
    )


def test_a_message_goes_by_itself(page, site_url, layout):
    touch = layout == "phone"
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    start_from_form(page, site_url, "wiraqocha", seats("wiraqocha"))
    press_node(page, ".sec-save [data-ui=share]", touch)
    message = page.locator("#messages .message")
    page.wait_for_selector("#messages .message:has-text('Link copied.')")
    page.wait_for_selector("#messages .message", state="detached", timeout=9_000)
    # Shown again, it leaves with the game screen: the start screen and the next game are clear.
    press_node(page, ".sec-save [data-ui=share]", touch)
    page.wait_for_selector("#messages .message:has-text('Link copied.')")
    page.evaluate("window.scrollTo(0, 0)")
    press_node(page, "[data-ui=menu]", touch)
    page.wait_for_selector("body[data-screen='start']")
    assert message.count() == 0


@pytest.mark.parametrize("game_id", ["wiraqocha", "empire"])
def test_the_legend_is_never_over_the_board(page, site_url, layout, game_id):
    touch = layout == "phone"
    rng = random.Random(5)
    players = max(INFOS[game_id].players)
    start_from_form(page, site_url, game_id, ["human"] + ["easy"] * (players - 1))
    for _ in range(12):
        wait_for_person(page)
        if page.locator("#since-legend").is_visible():
            break
        decide(page, touch, rng)
    else:
        pytest.fail("no legend of the moves since the person's last turn")
    legend, board = box(page, "#since-legend"), box(page, "#board")
    assert not overlap(legend, board), (legend, board)
    zoom = box(page, ".zoom-controls")
    assert not overlap(legend, zoom), (legend, zoom)
    covered = [r for r in reachable(page) if r["kind"] == "target" and r["onBoard"]
               and not r["reached"] and r["cover"].startswith("p#since-legend")]
    assert not covered


def test_the_summary_waits_in_plain_sight(page, site_url, layout):
    """Inca Empire's automatic phases after the first round, a person and two bots."""
    touch = layout == "phone"
    rng = random.Random(3)
    start_from_form(page, site_url, "empire", [*seats("empire"), "easy"], query="?pace=normal")
    summary = page.locator("#phase-summary")
    for _ in range(40):
        page.wait_for_function(
            "() => !document.getElementById('phase-summary').hidden"
            " || document.querySelector(\"#screen-game [data-legal='1']\")", timeout=60_000)
        if summary.is_visible():
            break
        ends = page.locator("#actions [data-action^='end'], #actions [data-action^='pass']")
        if ends.count():
            before = page.evaluate("Number(document.body.dataset.actions)")
            press_node(page, "#actions [data-action^='end'], #actions [data-action^='pass']", touch)
            page.wait_for_function(f"Number(document.body.dataset.actions) > {before}"
                                   " || !document.getElementById('phase-summary').hidden")
        else:
            decide(page, touch, rng)
    else:
        pytest.fail("no summary of automatic phases")
    page.wait_for_timeout(300)
    status = page.evaluate("""() => { const s = document.getElementById('status');
      return {text: s.textContent, cut: s.scrollWidth > s.clientWidth + 1
        || s.scrollHeight > s.clientHeight + 1}; }""")
    assert status["text"].endswith("Press Continue to go on."), status
    assert ". Press" in status["text"], status
    assert not status["cut"], status
    assert not page.locator("#prompt").text_content().startswith("Waiting for")
    # Its Continue is reached by a tap or click at its centre (no caption over it).
    cont = [r for r in reachable(page) if r["kind"] == "continue"]
    assert cont and all(r["reached"] for r in cont), cont
    # Escape closes it with the focus on the board.
    page.focus("#board")
    page.keyboard.press("Escape")
    page.wait_for_selector("#phase-summary", state="hidden")
    assert "Continue" not in page.locator("#status").text_content()


def save_before_end(game_id: str) -> str:
    """A save of ``game_id`` (people in every seat) where every legal action ends the game."""
    spec = GAMES[game_id]
    players = min(spec.info.players)
    for seed in range(1, 40):
        game = spec.new_game(players, seed, frozenset(), None)
        rng = random.Random(seed)
        texts = []
        while not game.is_over:
            texts.append(save.dumps(game, ["human"] * players))
            game.play(rng.choice(list(game.legal_actions())))
        for text in reversed(texts[-4:]):
            position = save.loads(text)
            actions = list(position.legal_actions())
            if len(actions) > 20:
                continue
            ends = True
            for action in actions:
                after = save.loads(text)
                after.play(action)
                ends = ends and after.is_over
            if ends:
                return text
    raise AssertionError(f"no position of {game_id} one action before its end")


@pytest.mark.parametrize("game_id", SHELF)
def test_the_end_asks_for_no_continue(page, site_url, layout, game_id):
    touch = layout == "phone"
    text = save_before_end(game_id)
    assert json.loads(text)["seats"]
    open_page(page, site_url + "?pace=normal")
    import_save(page, text)
    decide(page, touch, random.Random(1))
    page.wait_for_selector("body[data-screen='end']")
    page.wait_for_timeout(300)
    assert "Continue" not in page.locator("#status").text_content()
    page.locator("#screen-end [data-ui=replay]").first.click()
    page.wait_for_selector("body[data-screen='game']")
    page.wait_for_timeout(300)
    assert page.locator("#phase-summary").is_hidden()
    assert "Continue" not in page.locator("#status").text_content()


def test_the_dice_are_in_view_after_the_roll(page, site_url, layout):
    touch = layout == "phone"
    start_from_form(page, site_url, "wiraqocha", seats("wiraqocha"))
    wait_for_person(page)
    if page.locator("#actions [data-action='roll']").count():
        press_node(page, "#actions [data-action='roll']", touch)
    page.wait_for_selector("#dice [data-die]")
    page.wait_for_timeout(300)
    dice = [r for r in reachable(page) if "data-die" in r["key"]]
    assert dice and all(r["reached"] for r in dice), dice


BADGES = """() => [...document.querySelectorAll('#board .since-badge rect')].map((n) => {
  const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


def test_badges_stay_small_and_apart(page, site_url, layout):
    touch = layout == "phone"
    rng = random.Random(9)
    start_from_form(page, site_url, "empire", [*seats("empire"), "easy"])
    for _ in range(12):
        wait_for_person(page)
        if page.locator("#board .since-badge").count() >= 2:
            break
        decide(page, touch, rng)
    page.wait_for_timeout(300)
    for zoom in (None, "in", "in", "targets"):
        if zoom:
            page.locator(f"[data-zoom={zoom}]").click()
            page.wait_for_timeout(200)
        rects = page.evaluate(BADGES)
        assert rects
        for r in rects:
            assert r[3] - r[1] <= 24, (zoom, r)
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                inter = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                assert not (inter[0] > 2 and inter[1] > 2), (zoom, a, b)


def test_start_game_is_in_view(page, site_url, layout):
    open_page(page, site_url)
    page.check("#game-empire")
    page.check("#player-counts input[value='4']")
    start = page.evaluate(REACHED_START)
    assert start and start[0]["reached"], start


REACHED_START = """() => [...document.querySelectorAll("[data-ui=start]")].map((n) => {
  const r = n.getBoundingClientRect();
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  const hit = y < innerHeight && x < innerWidth ? document.elementFromPoint(x, y) : null;
  return {x, y, reached: !!hit && n.contains(hit)};
})"""
