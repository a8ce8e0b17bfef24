"""Inca Empire: The Card Game on the page: a person's draft and build by clicks, the hot-seat
screen in the draft, saves, bots to the end screen, offline play from the built site."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from page_helpers import open_page, ready_for_next_player, requests_since, state, wait_actions

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
import sharelink  # noqa: E402  (the page's own link format, pure standard library)

from inca_core.cardgame.cards import CARDS  # noqa: E402
from inca_core.cardgame.spec import SPEC  # noqa: E402

HAND_CARD = "#hand [data-card]"
PLAYABLE = "#hand [data-card][data-legal='1']"
POOL_LEGAL = "#draft [data-card][data-legal='1']"
LEGAL_SLOT = "#board rect.slot[data-legal='1']"
GAME_TIMEOUT = 240_000


def card_url(base: str, seats: str, seed: int = 7, bot_time: float = 0.0) -> str:
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
    assert page.locator(HAND_CARD).count() == 5
    lay_two(page)
    assert page.locator(HAND_CARD).count() == 3
    first = take_one(page)  # first in the snake order ...
    last = take_one(page)  # ... and last
    assert {first, last} <= {c.get_attribute("data-card")
                             for c in page.locator(HAND_CARD).all()}
    page.wait_for_function("document.getElementById('status').textContent"
                           ".includes('Player 1 to act')")

    # Choose a City or Colca that can be built now: its places light up on the table.
    places = [c.get_attribute("data-card") for c in page.locator(PLAYABLE).all()
              if CARDS[c.get_attribute("data-card")].is_place]
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
    page.locator("#board rect.ghost").first.dispatch_event("click")
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
    slot.dispatch_event("click")
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
    page.click("#pass-ready")
    assert page.locator("#hand").inner_text().startswith("Hand of Player 2")
    lay_two(page)
    # All have laid: the four cards are turned up for Player 1 to take first.
    ready_for_next_player(page)
    assert page.locator("#draft [data-card]").count() == 4
    take_one(page)


def test_save_reload_export_and_share_link(page, site_url):
    open_page(page, card_url(site_url, "human,easy,easy"))
    lay_two(page)
    take_one(page)
    page.wait_for_selector(POOL_LEGAL)  # the bots have taken theirs: the person takes last
    played = state(page)
    assert page.locator("#save-state").inner_text() == f"Saved after {played['actions']} actions."
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert state(page)["fingerprint"] == played["fingerprint"]
    assert state(page)["actions"] == played["actions"]

    with page.expect_download() as download:
        page.click("#left-panel [data-ui=export]")
    text = Path(download.value.path()).read_text("utf-8")
    save = json.loads(text)
    assert save["game"] == "cardgame" and save["fingerprint"] == played["fingerprint"]
    assert SPEC.data_digest(3, SPEC.edition) in text

    page.click("[data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    assert "Inca Empire: The Card Game" in page.locator("#saved-list").inner_text()
    page.check("#game-cardgame")  # the game chooser offers the card game, for 2 to 5 players
    page.wait_for_selector("#player-counts input[value='5']")
    assert page.locator("#player-counts input").count() == 4
    assert page.locator("#variant-choice").is_hidden()
    open_page(page, site_url + "#" + sharelink.encode(text))
    page.click("#messages button:has-text('Import')")
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    assert state(page)["fingerprint"] == played["fingerprint"]
    assert page.locator("#board [data-card='CZ']").count() == 1


def test_bots_play_a_whole_game_to_the_end_screen(page, site_url):
    # Instant pace: the captions and summaries of each move are tested in test_moves_shown.py.
    open_page(page, card_url(site_url, "medium,easy") + "&pace=instant")
    page.wait_for_selector("body[data-screen='end']", timeout=GAME_TIMEOUT)
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

    total = state(page)["actions"]
    page.click("#screen-end [data-ui=replay]")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("[data-replay=first]")
    page.wait_for_function("Number(document.body.dataset.actions) === 0")
    assert page.locator("#board g.placed").count() == 5  # Cuzco and four Start cards
    page.click("[data-replay=last]")
    page.wait_for_function(f"Number(document.body.dataset.actions) === {total}")
    page.click("[data-replay=close]")
    page.wait_for_selector("body[data-screen='end']")


def test_the_card_game_plays_offline_from_the_built_site(page, context, site_url, site_server,
                                                        worker_ready):
    open_page(page, site_url)
    worker_ready(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    context.set_offline(True)
    served_before = len(site_server.requests)
    open_page(page, card_url(site_url, "human,human"))
    ready_for_next_player(page)
    lay_two(page)
    played = state(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert state(page)["fingerprint"] == played["fingerprint"]
    assert page.locator(".py-error").count() == 0
    assert requests_since(site_server, served_before) == [], "the server was reached while offline"
