"""Inca Empire: The Card Game on the page: a person's draft and build by clicks, the hot-seat
screen in the draft, the end screen's goals card by card. What every game shares (start from the
form, saves, share links, offline, links): ``shell/``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from page_helpers import (
    finished_save,
    import_save,
    open_page,
    press_at_centre,
    ready_for_next_player,
    state,
    wait_actions,
)

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "web"))

from inca_core.cardgame.cards import CARDS  # noqa: E402

HAND_CARD = "#hand [data-card]"
PLAYABLE = "#hand [data-card][data-legal='1']"
POOL_LEGAL = "#draft [data-card][data-legal='1']"
LEGAL_SLOT = "#board rect.slot[data-legal='1']"


def card_url(base: str, seats: str, seed: int = 64, bot_time: float = 0.0) -> str:
    """A new game by link; seed 64 draws seat 1 to lead Era I at 2 and 4 players and, after the
    draft below, gives it a City or Colca it can build (rules edition 9; the start form's path,
    with no seed: ``shell/``)."""
    players = len(seats.split(","))
    return (f"{base}?new=1&game=cardgame&players={players}&seats={seats}&seed={seed}"
            f"&bot_time={bot_time}")


def wait_past(page, count: int) -> None:
    """Wait until the game has more than ``count`` actions (bots may add theirs at once)."""
    page.wait_for_function(f"Number(document.body.dataset.actions) > {count}", timeout=30_000)


def lay_two(page) -> None:
    """Choose the first two hand cards and lay them."""
    before = state(page)["actions"]
    cards = page.locator(PLAYABLE)
    first, second = cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")
    cards.nth(0).click()
    page.wait_for_selector(f"#hand [data-card='{first}'][aria-pressed='true']")
    page.locator(f"#hand [data-card='{second}']").click()
    lay = page.locator(f"#actions [data-action='lay {min(first, second)} {max(first, second)}']")
    lay.click()
    wait_past(page, before)


def take_one(page) -> str:
    """Wait until a laid card may be taken, then take the first one; its id."""
    page.wait_for_selector(POOL_LEGAL, timeout=30_000)
    before = state(page)["actions"]
    card = page.locator(POOL_LEGAL).first
    card_id = card.get_attribute("data-card")
    card.click()
    wait_past(page, before)
    return card_id


def test_a_person_drafts_builds_is_refused_and_undoes_by_clicks(page, site_url):
    open_page(page, card_url(site_url, "human,easy,medium,hard"))  # the start link
    assert state(page)["status"] == "Era I, draft: Player 1 to lay two cards"
    assert page.locator("#board [data-card='CZ']").count() == 1
    assert page.locator("#players li").count() == 4
    assert page.locator("#goals-title").inner_text().lower() == "your goals"
    assert page.locator("#goals [data-goal]").count() == 5  # own goals only
    assert page.locator(HAND_CARD).count() == 6  # five Era I cards and a Start card
    lay_two(page)
    assert page.locator(HAND_CARD).count() == 4
    first = take_one(page)  # first in the snake order; the one card left comes last, unasked
    page.wait_for_function("document.getElementById('status').textContent"
                           ".includes('Player 1 to act')")
    hand = [c.get_attribute("data-card") for c in page.locator(HAND_CARD).all()]
    assert first in hand and len(hand) == 6

    # Choose a City or Colca that can be built now (not the Start card, never a Terrace): its
    # places light up on the table.
    places = [c.get_attribute("data-card") for c in page.locator(PLAYABLE).all()
              if CARDS[c.get_attribute("data-card")].kind in ("city", "colca")]
    for card in places:
        page.locator(f"#hand [data-card='{card}']").click()
        page.wait_for_selector(f"#hand [data-card='{card}'][aria-pressed='true']")
        if page.locator(LEGAL_SLOT).count():
            break
    else:
        pytest.fail("no City or Colca of the hand can be built")
    assert page.locator(f"#actions [data-action='terrace {card}']").count() == 1

    # An empty place that is not highlighted: the engine's reason, nothing changes.
    played = state(page)
    press_at_centre(page, page.locator("#board rect.ghost").first)
    page.wait_for_selector("#preview[data-kind='illegal']")
    assert page.locator("#preview").inner_text().startswith("Not allowed: ")
    assert state(page)["fingerprint"] == played["fingerprint"]

    # A Terrace waits for its step: the person may take it back.
    page.click(f"#actions [data-action='terrace {card}']")
    wait_actions(page, played["actions"] + 1)
    assert page.locator(f"#hand [data-card='{card}']").count() == 0
    assert page.locator("#actions [data-action='done']").count() == 1
    page.click("[data-ui=undo]")
    wait_actions(page, played["actions"])
    assert state(page)["fingerprint"] == played["fingerprint"]
    page.locator(f"#hand [data-card='{card}']").click()
    page.wait_for_selector(LEGAL_SLOT)

    # Hover shows what the build places and scores; the click builds it.
    slot = page.locator(LEGAL_SLOT).first
    cell = slot.get_attribute("data-cell")
    slot.hover()
    page.wait_for_selector("#preview[data-kind='preview']")
    assert "tokens placed" in page.locator("#preview").inner_text()
    press_at_centre(page, slot)
    page.wait_for_function(
        f"Number(document.body.dataset.actions) > {played['actions']} || "
        "document.querySelector(\"#actions [data-action^='build ']\") !== null")
    if state(page)["actions"] == played["actions"]:  # several roads lead there: choose one
        page.locator("#actions [data-action^='build ']").first.click()
    wait_past(page, played["actions"])
    assert page.locator(f"#board g.placed[data-cell='{cell}'][data-card='{card}']").count() == 1
    assert page.locator(f"#hand [data-card='{card}']").count() == 0


def test_the_draft_hides_each_hand_behind_the_hand_over_screen(page, site_url):
    open_page(page, card_url(site_url, "human,human"))
    ready_for_next_player(page)
    lay_two(page)
    assert page.locator("#pass-screen").is_visible()
    assert page.locator("#pass-title").inner_text() == "Pass the device to Player 2"
    assert page.locator(HAND_CARD).count() == 0
    assert page.locator("#goals [data-goal]").count() == 0
    ready_for_next_player(page)
    assert page.locator("#hand").inner_text().startswith("Hand of Player 2")
    lay_two(page)
    # All have laid: the four cards are turned up for Player 1 to take first.
    ready_for_next_player(page)
    assert page.locator("#draft [data-card]").count() == 4
    take_one(page)


def test_the_end_screen_scores_the_goals_card_by_card(page, site_url):
    # A whole 2-player game played by the engine (the shell's end screen and replay of every
    # game: shell/test_shell_screens.py).
    open_page(page, site_url)
    import_save(page, finished_save("cardgame"))
    assert state(page)["screen"] == "end"
    assert page.locator("#end-title").inner_text() == "Era IV is over: the game is over"
    ranking = page.locator("#ranking li")
    assert ranking.count() == 2
    scores = [int(t.split(": ", 1)[1].split()[0]) for t in ranking.all_inner_texts()]
    assert scores == sorted(scores, reverse=True)
    totals = page.locator("#breakdown tr.total td").all_inner_texts()
    assert [int(t) for t in totals] == scores
    # The goal scoring card by card: five goals each, at most three scored, adding up.
    blocks = page.locator("#breakdown .cg-goal-block")
    assert blocks.count() == 2
    goal_rows = page.locator("#breakdown tr").nth(2).locator("td").all_inner_texts()
    for i in range(2):
        goals = blocks.nth(i).locator("[data-goal]")
        assert goals.count() == 5
        scored = blocks.nth(i).locator("[data-scored='1']")
        assert scored.count() <= 3
        vp = [int(t.split()[0]) for t in scored.all_inner_texts()]
        assert sum(vp) == int(goal_rows[i])
    assert page.locator("#chart svg g[data-seat]").count() == 2
    assert "Game over" in state(page)["status"]

    page.click("#screen-end [data-ui=replay]")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("[data-replay=first]")
    page.wait_for_function("Number(document.body.dataset.actions) === 0")
    # Cuzco and the two Start cards nobody holds at two players (Start cards are hand cards).
    assert page.locator("#board g.placed").count() == 3


