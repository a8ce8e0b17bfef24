"""Other players' moves shown as they happen on the card game's and Wiraqocha's pages: at pace
normal a bot's move is captioned with the engine's log text and the board elements it changed
carry ``data-last="1"``, and the marks move on with the next action (Inca Empire's are in
``empire/test_empire_feel.py``)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from page_helpers import open_page, state

import inca_core

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "web"))
from games.cardgame import moments as cardgame_moments
from games.wiraqocha import moments as wiraqocha_moments

pytestmark = pytest.mark.browser

#: The card game's element kinds to the SVG attributes naming them (``cardgame_view.ATTR_OF``).
CARD_ATTRS = {"cell": "data-cell", "link": "data-link", "hut": "data-hut", "temple": "data-temple"}
PLAYABLE = "#hand [data-card][data-legal='1']"
POOL_LEGAL = "#draft [data-card][data-legal='1']"


def snapshot(page, attrs: list[str]) -> dict:
    """What the page shows, read at one instant: the action count, the caption (``None`` when
    hidden), the marked elements as ``attr=value`` and the autosave."""
    return page.evaluate(
        """(attrs) => {
          const caption = document.getElementById('move-caption');
          const marked = [...document.querySelectorAll("#board [data-last='1']")].flatMap(
            n => attrs.filter(a => n.hasAttribute(a)).map(a => a + '=' + n.getAttribute(a)));
          const saves = Object.keys(localStorage).filter(k => k.startsWith('inca-empire:game:'))
            .map(k => localStorage.getItem(k));
          return {actions: Number(document.body.dataset.actions),
                  caption: caption.hidden ? null : caption.textContent, marked, saves};
        }""",
        attrs,
    )


def follow_bots(page, describe, marked_as, attrs: list[str], bots: set[int]) -> list[tuple]:
    """Watch the bots' moves until one that marked the board was followed by one that marked
    something else (or nothing);
    each move seen at a quiet instant (the autosave holds it too) must show the engine's caption
    and exactly its marks. The moves seen, as (action count, marked)."""
    seen: list[tuple[int, set[str]]] = []
    last = state(page)["actions"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page.wait_for_function(f"Number(document.body.dataset.actions) > {last}", timeout=30_000)
        page.wait_for_timeout(300)  # the autosave's own task; a bot moves every 1.2 s at most
        snap = snapshot(page, attrs)
        last = snap["actions"]
        assert len(snap["saves"]) == 1
        game = inca_core.loads(json.loads(snap["saves"][0])["save"])
        if len(game.actions) != last:
            continue
        moment = describe(game)
        if moment.seat not in bots:
            continue
        assert snap["caption"] == moment.caption
        assert snap["caption"].startswith(game.names[moment.seat] + " ")
        assert set(snap["marked"]) == marked_as(moment.marks), (last, moment)
        seen.append((last, set(snap["marked"])))
        if any(marked and marked != seen[-1][1] for _, marked in seen[:-1]):
            return seen
    raise AssertionError(f"no bot move that marked the board was followed by another: {seen}")


def card_marks(marks) -> set[str]:
    return {f"{CARD_ATTRS[kind]}={value}" for kind, _, value in (m.partition(":") for m in marks)}


def test_card_game_bot_moves_are_captioned_and_marked(page, site_url):
    # The person is the third seat: after the draft the two bots act first in Era I (seed 2
    # draws seat 1 to lead under rules edition 9).
    open_page(page, f"{site_url}?new=1&game=cardgame&players=3&seats=easy,easy,human&seed=2"
                    "&bot_time=0.05&pace=normal")
    assert page.locator("#pace").input_value() == "normal"
    page.wait_for_selector(PLAYABLE, timeout=30_000)
    # The bots' lays were captioned (the person's own moves are not).
    caption = page.locator("#move-caption")
    assert caption.is_visible() and caption.inner_text().endswith(" lays two cards.")
    cards = page.locator(PLAYABLE)
    first, second = (cards.nth(i).get_attribute("data-card") for i in range(2))
    cards.nth(0).click()
    page.wait_for_selector(f"#hand [data-card='{first}'][aria-pressed='true']")
    page.locator(f"#hand [data-card='{second}']").click()
    page.click(f"#actions [data-action='lay {min(first, second)} {max(first, second)}']")
    for _ in range(2):
        page.wait_for_selector(POOL_LEGAL, timeout=30_000)
        before = state(page)["actions"]
        page.locator(POOL_LEGAL).first.click()
        page.wait_for_function(f"Number(document.body.dataset.actions) > {before}")
    assert page.locator("#move-caption").is_hidden()
    follow_bots(page, cardgame_moments.moment, card_marks, list(CARD_ATTRS.values()), {0, 1})


def test_wiraqocha_bot_moves_are_captioned_and_mark_the_tile(page, site_url):
    # The bot has the first turn: roll, take tiles, end.
    open_page(page, f"{site_url}?new=1&game=wiraqocha&players=2&seats=easy,human&seed=7"
                    "&bot_time=0.05&pace=normal")
    assert page.locator("#pace").input_value() == "normal"
    follow_bots(page, wiraqocha_moments.moment,
                lambda marks: {f"data-tile={tile}" for tile in marks}, ["data-tile"], {0})
