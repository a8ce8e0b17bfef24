"""The card game's page read by a newcomer (issue 24): live scores, hand cards large enough to
read with a zoom, a How to play picture of the table, a Rules panel to learn from, the one laid
card left taken without a click, legal marks in no player's colour, a word on why nothing can be
built, tokens that never hide each other or a connector, no grid cell or card id anywhere a
person reads, and an end screen that names every player."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from page_helpers import (
    finished_save,
    import_save,
    open_page,
    ready_for_next_player,
    start_from_form,
    state,
)

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "web"))

from inca_core import save  # noqa: E402
from inca_core.cardgame import words  # noqa: E402
from inca_core.cardgame.actions import Pass  # noqa: E402
from inca_core.cardgame.cards import CARDS  # noqa: E402
from inca_core.cardgame.spec import SPEC  # noqa: E402
from inca_core.cardgame.svg import SEAT_COLOURS  # noqa: E402

PLAYABLE = "#hand [data-card][data-legal='1']"
POOL_LEGAL = "#draft [data-card][data-legal='1']"
#: A grid cell or a card id as the text form writes them (``0,-1``, ``A07``, ``G12``, ``S2``).
ENGINE_SYNTAX = re.compile(r"-?\d+,-?\d+|\b[A-DG]\d\d\b|\bS\d\b|\bCZ\b")
#: The engine's words on the one laid card left (``games/cardgame/moments.py``).
LAST_TAKE = "It was the one card left, taken without a choice."


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


SEAT_RGB = {rgb(c) for c in SEAT_COLOURS}


def no_engine_syntax(page, selector: str) -> None:
    text = page.locator(selector).inner_text()
    found = ENGINE_SYNTAX.findall(text)
    assert not found, (selector, found, text[:300])


def legal_mark_style(page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(
        "(n) => { const s = getComputedStyle(n); return {stroke: s.stroke, "
        "dash: s.strokeDasharray}; }")


def wait_actions_at_least(page, count: int, timeout: float = 30_000) -> None:
    page.wait_for_function(f"Number(document.body.dataset.actions) >= {count}", timeout=timeout)


def test_a_newcomer_learns_drafts_and_reads_scores_hand_and_marks(page, site_url):
    page.set_viewport_size({"width": 1440, "height": 900})
    start_from_form(page, site_url, "cardgame", ["human", "easy"])
    # The first player is drawn (edition 8): start again, as a person would, until the person
    # leads Era I, so that the draft below opens with their lay and ends with their last take.
    for _ in range(30):
        page.wait_for_selector(PLAYABLE)
        if state(page)["actions"] == 0:
            break
        page.click("[data-ui=menu]")
        page.wait_for_selector("body[data-screen='start']")
        start_from_form(page, site_url, "cardgame", ["human", "easy"], reopen=False)
    else:
        pytest.fail("the person never led Era I in 30 games")

    # How to play shows the game's own table: cards, roads with tokens, a stocked hut.
    page.click("[data-ui=howto]")
    assert page.locator("#howto-board g.placed").count() >= 4
    assert page.locator("#howto-board [data-on^='road:']").count() >= 3
    assert page.locator("#howto-board [data-on^='hut:']").count() >= 1
    page.click("[data-ui=howto-close]")

    # The Rules panel is enough to learn from (setup, eras, draft, actions, end).
    page.click("[data-ui=rules]")
    rules = page.locator("#rules-body").inner_text()
    assert len(rules) >= 3500
    for topic in ("Setup", "draft", "Terrace", "Road", "temple", "Goal", "Era IV"):
        assert topic in rules, topic
    page.click("[data-ui=rules-close]")

    # Live scores: each player's VP now, the person's own goals counted, the bot's hidden.
    scores = page.locator("#players .cg-score")
    assert scores.count() == 2
    own = page.locator("#players li[data-seat='0'] .cg-score").inner_text()
    other = page.locator("#players li[data-seat='1'] .cg-score").inner_text()
    assert re.match(r"\d+ VP now: \d+ on the table \+ \d+ goals", own), own
    assert "goals hidden" in other

    # Hand cards are drawn large enough to read, and shown larger on hover and keyboard focus.
    face = page.locator("#hand .cg-card > .cg-face svg").first.bounding_box()
    assert face["width"] >= 72 and face["height"] >= 90
    first = page.locator("#hand .cg-card").first
    first.hover()
    zoom = first.locator(".cg-zoom")
    zoom.wait_for(state="visible")
    assert zoom.locator("svg").bounding_box()["width"] >= 180
    page.mouse.move(5, 5)
    zoom.wait_for(state="hidden")
    page.locator("#hand .cg-card").nth(1).focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.card") == \
        first.get_attribute("data-card")
    zoom.wait_for(state="visible")
    no_engine_syntax(page, "#hand")

    # The draft: lay two, take one; the bot takes two; the one card left comes without a click.
    cards = page.locator(PLAYABLE)
    a, b = cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")
    cards.nth(0).click()
    page.locator(f"#hand [data-card='{b}']").click()
    page.click(f"#actions [data-action='lay {min(a, b)} {max(a, b)}']")
    page.wait_for_selector(POOL_LEGAL, timeout=30_000)
    before = state(page)["actions"]
    page.locator(POOL_LEGAL).first.click()
    # 2 lays and 4 takes: the last take (the person's) is made for them.
    wait_actions_at_least(page, 6)
    assert before == 2
    assert LAST_TAKE in page.locator("#log").inner_text()
    page.wait_for_function("document.getElementById('status').textContent.includes('to act')")
    # Undo takes the automatic take back and leaves the card to the person's click.
    taken = state(page)["actions"]
    page.click("[data-ui=undo]")
    page.wait_for_function(f"Number(document.body.dataset.actions) === {taken - 1}")
    page.wait_for_timeout(1500)  # longer than the automatic take waits
    assert state(page)["actions"] == taken - 1
    page.locator(POOL_LEGAL).first.click()
    wait_actions_at_least(page, taken)

    # A chosen City or Colca lights its places in a colour no player has, dashed.
    places = [c.get_attribute("data-card") for c in page.locator(PLAYABLE).all()
              if CARDS[c.get_attribute("data-card")].is_place]
    for card in places:
        page.locator(f"#hand [data-card='{card}']").click()
        page.wait_for_selector(f"#hand [data-card='{card}'][aria-pressed='true']")
        if page.locator("#board rect.slot[data-legal='1']").count():
            break
    else:
        pytest.fail("no City or Colca of the hand can be built")
    style = legal_mark_style(page, "#board rect.slot[data-legal='1']")
    assert style["stroke"] not in SEAT_RGB and style["dash"] != "none", style
    # A Terrace's road step: the roads to build are marked the same way.
    actions = state(page)["actions"]
    terrace = next(c for c in places + [c.get_attribute("data-card")
                                        for c in page.locator(PLAYABLE).all()]
                   if CARDS[c].kind != "start")
    if terrace != card:  # the card chosen above stays chosen
        page.locator(f"#hand [data-card='{terrace}']").click()
    page.click(f"#actions [data-action='terrace {terrace}']")
    wait_actions_at_least(page, actions + 1)
    road = "#board line[data-link][data-legal='1']"
    page.wait_for_selector(road, state="attached")
    style = legal_mark_style(page, road)
    assert style["stroke"] not in SEAT_RGB and style["dash"] != "none", style
    for selector in ("#board", "#log", "#prompt", "#status", "#actions", "#draft", "#players"):
        no_engine_syntax(page, selector)
    titles = page.locator("#board title").all_text_contents()
    assert titles and not [t for t in titles if ENGINE_SYNTAX.search(t)]

    # The saved games list gives the card game's progress in its own words: an Era, no round.
    page.click("[data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    entry = page.locator("#saved-list li").first.inner_text()
    assert "Era I" in entry and "round" not in entry.lower(), entry


def crowded_position():
    """A 4-player game of seeded random moves, stopped where the person to move can build no
    City or Colca for want of tokens, with roads of several players on one connection and
    stocked huts on the table."""
    for seed in range(20):
        game = SPEC.new_game(4, seed)
        rng = random.Random(seed)
        while not game.is_over:
            note = words.idle_note(game)
            if (note and note.startswith("Too few tokens") and len(game.actions) > 80
                    and any(sum(1 for k in t if k) > 2 for t in game.roads.values())
                    and any(any(h) for huts in game.huts.values() for h in huts)):
                return game, note
            legal = game.legal_actions()
            moves = [a for a in legal if not isinstance(a, Pass)] or list(legal)
            game.play(rng.choice(moves))
    raise AssertionError("no crowded position found")


def test_a_crowded_table_stays_readable_and_the_end_names_everyone(page, site_url):
    game, note = crowded_position()
    open_page(page, site_url)
    import_save(page, save.dumps(game))
    ready_for_next_player(page)
    page.wait_for_function("document.getElementById('prompt').textContent.length > 0")
    # Nothing lights up on the table, and the prompt says why (the engine's words).
    assert note in page.locator("#prompt").inner_text()
    assert page.locator("#board rect.slot[data-legal='1']").count() == 0

    # Tokens of several players on one road lie side by side; hut tokens clear the connectors.
    boxes = page.evaluate(
        """() => {
          const box = (n) => { const r = n.getBoundingClientRect();
            return {x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2}; };
          const roads = {};
          for (const t of document.querySelectorAll("#board [data-on^='road:'] circle"))
            (roads[t.parentNode.dataset.on] ||= []).push(box(t));
          const huts = [];
          for (const card of document.querySelectorAll("#board g.placed")) {
            const conns = [...card.querySelectorAll("circle.conn")].map(box);
            for (const t of card.querySelectorAll("[data-on^='hut:'] circle"))
              huts.push({token: box(t), conns});
          }
          return {roads: Object.values(roads), huts};
        }""")
    apart = lambda a, b: ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5 >= \
        a["r"] + b["r"] - 0.5  # noqa: E731
    shared = [tokens for tokens in boxes["roads"] if len(tokens) > 2]
    assert shared
    for tokens in boxes["roads"]:
        for i, one in enumerate(tokens):
            assert all(apart(one, other) for other in tokens[i + 1:]), tokens
    assert boxes["huts"]
    for hut in boxes["huts"]:
        assert all(apart(hut["token"], conn) for conn in hut["conns"]), hut
    titles = page.locator("#board title").all_text_contents()
    assert not [t for t in titles if ENGINE_SYNTAX.search(t)]
    for selector in ("#board", "#log", "#prompt", "#hand", "#draft", "#goals"):
        no_engine_syntax(page, selector)

    # The end screen names each player's goals: "Bo has", never "you" or "not yet".
    open_page(page, site_url)
    import_save(page, finished_save("cardgame", names=["Ana", "Bo"]))
    assert state(page)["screen"] == "end"
    breakdown = page.locator("#breakdown").inner_text()
    assert "you have" not in breakdown and "not yet" not in breakdown
    assert "Ana has" in breakdown and "Bo has" in breakdown
    no_engine_syntax(page, "#breakdown")
