"""Following the game: the latest move marked (data-last), other players' moves captioned at the
page's pace, the automatic phases summed up with the engine's figures, replay playing by itself,
and the log (numbering, player marks, live region, room at 1280x720)."""

from __future__ import annotations

import json
import re
from itertools import pairwise

import pytest
from page_helpers import (
    LEGAL_CONNECTION,
    build_road,
    click_action,
    finish_turn,
    new_game_url,
    open_page,
    play_to_sun_phase,
    ready_for_next_player,
    state,
)

pytestmark = pytest.mark.browser

MARKED = "#board [data-last='1']"


def saved_game(page):
    """The game on screen, rebuilt by the engine from the page's autosave."""
    import inca_core

    entries = page.evaluate(
        """() => Object.keys(localStorage).filter(k => k.startsWith("inca-empire:game:"))
             .map(k => localStorage.getItem(k))"""
    )
    assert len(entries) == 1
    return inca_core.loads(json.loads(entries[0])["save"])


def test_the_latest_move_is_marked_until_the_next(page, site_url):
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    assert page.locator(MARKED).count() == 0
    first = page.locator(LEGAL_CONNECTION).first.get_attribute("data-connection")
    build_road(page)
    assert page.locator(f"#board [data-connection='{first}'][data-last='1']").count() == 1
    assert page.locator(f"#board [data-road='{first}'][data-last='1']").count() == 1
    second = page.locator(LEGAL_CONNECTION).first.get_attribute("data-connection")
    build_road(page)
    marked = page.locator(MARKED)
    assert {marked.nth(i).get_attribute("data-connection") for i in range(marked.count())} - {
        None
    } == {second}
    assert page.locator(f"#board [data-road='{first}'][data-last]").count() == 0


def test_bot_moves_are_captioned_and_marked_at_normal_pace(page, site_url):
    url = new_game_url(site_url, seats="human,easy,easy,easy", bot_time=0.05, pace="normal")
    open_page(page, url)
    assert page.locator("#pace").input_value() == "normal"
    page.wait_for_function("Number(document.body.dataset.actions) >= 2", timeout=15_000)
    # What the page shows, read at one instant (a bot moves at most every 1.2 s).
    count, caption, roads = page.evaluate(
        """() => [Number(document.body.dataset.actions),
                  document.getElementById('move-caption').hidden ? null
                    : document.getElementById('move-caption').textContent,
                  [...document.querySelectorAll('#board [data-road][data-last="1"]')]
                    .map(n => n.dataset.road)]"""
    )
    game = saved_game(page)
    if len(game.actions) == count:
        last = game.actions[-1]
        mover = next(
            e
            for e in game.log
            if e.get("n") == count and "event" not in e and e["seat"] is not None
        )
        assert caption is not None and caption.startswith(mover["text"])
        assert roads == ([last.target] if last.kind in ("road", "xroad") else [])
    # A readable pace: a bot's move stays at least 1.2 s before the next one.
    times = page.evaluate(
        """async () => {
          const seen = [];
          const watch = new MutationObserver(() => seen.push(performance.now()));
          watch.observe(document.body, {attributes: true, attributeFilter: ['data-actions']});
          await new Promise(r => setTimeout(r, 4000));
          watch.disconnect();
          return seen;
        }"""
    )
    gaps = [b - a for a, b in pairwise(times)]
    assert times and all(gap >= 1100 for gap in gaps), gaps


def test_instant_pace_keeps_bots_at_full_speed_without_captions(page, site_url):
    url = new_game_url(site_url, seats="easy,easy,easy,easy", bot_time=0.01)
    open_page(page, url)
    assert page.locator("#pace").input_value() == "instant"
    # Four bots at 0.01 s a move: dozens of actions in three seconds (normal pace allows two).
    page.wait_for_function("Number(document.body.dataset.actions) >= 20", timeout=15_000)
    assert page.locator("#move-caption").is_hidden()
    assert page.locator("#phase-summary").is_hidden()
    # Some actions (a pass) change nothing on the board; the next that does is marked.
    page.wait_for_selector(MARKED, state="attached", timeout=15_000)
    assert page.locator("#move-caption").is_hidden()
    # The setting is the page's: choosing normal slows the bots down.
    page.select_option("#pace", "normal")
    assert page.evaluate("localStorage.getItem('inca-empire:pace')") == "normal"
    before = state(page)["actions"]
    page.wait_for_timeout(2000)
    assert state(page)["actions"] - before <= 3


def test_automatic_phases_are_summed_up_with_the_engines_figures(page, site_url):
    open_page(page, new_game_url(site_url, pace="normal"))
    play_to_sun_phase(page)
    summary = page.locator("#phase-summary")
    summary.wait_for(state="visible")
    text = summary.inner_text()
    game = saved_game(page)
    count = len(game.actions)
    events = [e for e in game.log if e.get("n") == count and "event" in e]
    incomes = [e for e in events if e["event"]["kind"] == "income"]
    scorings = [e for e in events if e["event"]["kind"] == "scoring"]
    assert len(incomes) == 4
    assert "Inca phase" in text
    for entry in incomes:
        e = entry["event"]
        name = game.names[entry["seat"]]
        assert (
            f"{name}: +{e['total']} labor ({e['era']} from the era, {e['markers']} from markers, "
            f"{e['terraces']} from terraces)"
        ) in text
    for entry in scorings:
        assert f"{game.names[entry['seat']]}: +{entry['event']['total']} VP" in text
    # Kept in the log too, and dismissed with its button (the game waits for no one here).
    log = page.locator("#log").inner_text()
    assert all(entry["text"] in log for entry in incomes)
    summary.get_by_role("button", name="Continue").click()
    assert summary.is_hidden()


def test_replay_plays_by_itself_and_marks_each_action(page, site_url):
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    build_road(page)
    build_road(page)
    click_action(page, "pass")
    ready_for_next_player(page)
    total = state(page)["actions"]
    page.click("#left-panel [data-ui=replay]")
    page.wait_for_selector("#replay-bar:not([hidden])")
    buttons = page.locator("#replay-bar button")
    for i in range(buttons.count()):
        button = buttons.nth(i)
        name = button.get_attribute("aria-label") or button.inner_text()
        assert name.strip(), button.inner_html()
        # No text glyph a font may lack: icons are inline SVG, the rest plain words.
        assert not re.search(r"[\u2190-\u2bff]", button.inner_text())
    page.click("[data-replay=first]")
    page.wait_for_function("document.body.dataset.replayPos === '0'")
    assert page.locator(MARKED).count() == 0
    page.click("[data-replay=play]")
    assert page.locator("[data-replay=play]").get_attribute("aria-pressed") == "true"
    page.wait_for_function("Number(document.body.dataset.replayPos) >= 2", timeout=5_000)
    assert page.locator(MARKED).count() >= 1
    page.wait_for_function(f"document.body.dataset.replayPos === '{total}'", timeout=10_000)
    assert page.locator("[data-replay=play]").get_attribute("aria-pressed") == "false"
    page.click("[data-replay=close]")


def test_the_log_is_numbered_marked_live_and_readable_at_1280x720(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_page(page, new_game_url(site_url, seats="easy,easy,easy,easy", bot_time=0.01))
    page.wait_for_function(
        "document.querySelectorAll('#log li.entry').length >= 120", timeout=60_000
    )
    log = page.locator("#log")
    assert log.get_attribute("aria-live") == "polite"
    # Round headings are not numbered; entries are, in a column wide enough for "999.".
    assert page.evaluate(
        "getComputedStyle(document.querySelector('#log li.round'), '::before').content"
    ) in ("none", "normal")
    fits = page.evaluate(
        """() => {
          const li = document.querySelectorAll('#log li.entry')[110];
          const probe = document.createElement('span');
          probe.style.fontVariantNumeric = 'tabular-nums';
          probe.textContent = '999.';
          li.appendChild(probe);
          const need = probe.getBoundingClientRect().width;
          probe.remove();
          const column = parseFloat(getComputedStyle(li, '::before').width);
          return [need, column];
        }"""
    )
    assert fits[0] <= fits[1], fits
    # Every entry about a player starts with their mark: colour and pattern.
    marks = page.locator("#log li.entry .seat-mark")
    assert marks.count() >= 60
    patterns = {marks.nth(i).get_attribute("class") for i in range(marks.count())}
    assert len(patterns) == 4, patterns
    assert page.evaluate(
        "getComputedStyle(document.querySelector('#log .seat-mark')).backgroundImage"
    ) != "none"
    # No internal ids.
    assert not re.search(r"\bq\d\b", log.inner_text())
    # More than two lines in view at 1280x720.
    room = page.evaluate(
        """() => {
          const box = document.querySelector('.log-scroll').getBoundingClientRect();
          const line = parseFloat(getComputedStyle(document.querySelector('#log')).fontSize) * 1.2;
          const visible = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
          return visible / line;
        }"""
    )
    assert room > 5, room


def test_status_line_agrees_with_the_move_panel(page, site_url):
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    build_road(page)
    assert "build roads (1 free left)" in state(page)["status"]
    assert "1 free road(s) left" in page.locator("#prompt").inner_text()
    click_action(page, "end")
    status = state(page)["status"]
    assert status.endswith("to construct"), status
    assert "Construction" in page.locator("#prompt").inner_text()
    assert "Road Building" not in page.locator("#prompt").inner_text()


def test_an_open_summary_says_it_waits_for_the_person_not_a_bot(page, site_url):
    open_page(page, new_game_url(site_url, seats="human,easy,easy,easy", pace="normal"))
    summary = page.locator("#phase-summary")
    for _ in range(40):
        page.wait_for_function(
            """() => !document.getElementById("phase-summary").hidden
                 || document.querySelector("#actions [data-action='end'],"
                                           + " #actions [data-action='pass']") !== null""",
            timeout=90_000,
        )
        if summary.is_visible():
            break
        finish_turn(page)
    else:
        pytest.fail("no summary was shown")
    status = state(page)["status"]
    assert "Continue" in status and "thinking" not in status, status
    page.wait_for_timeout(1500)  # the bots wait, and the status still says why
    assert state(page)["status"] == status
    summary.get_by_role("button", name="Continue").click()
    page.wait_for_function(
        f"document.getElementById('status').textContent !== {json.dumps(status)}")
