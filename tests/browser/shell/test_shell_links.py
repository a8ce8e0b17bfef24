"""Start links and the game chooser for every game of the shelf: ``?new=1&game=ID`` opens the
same game the engine deals for that setup (embedded, the page keeps only ``embed=1``), the
chooser offers every game, and bad start links are explained."""

from __future__ import annotations

import pytest
from page_helpers import SHELF, open_page, state

from inca_core.shelf import GAMES, INFOS

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


@pytest.mark.parametrize("game_id", SHELF)
def test_a_start_link_opens_the_game_the_engine_deals(page, site_url, game_id):
    players = max(INFOS[game_id].players)
    names = NAMES[:players]
    seats = ",".join(["human"] * players)
    open_page(page, f"{site_url}?embed=1&new=1&game={game_id}&players={players}&seats={seats}"
                    f"&seed=7&names={','.join(names)}&pace=instant&bot_time=0")
    assert state(page)["screen"] == "game"
    assert page.evaluate("document.body.classList.contains('embed')")
    assert page.locator("#topbar .brand").is_hidden()
    assert page.url.endswith("?embed=1&pace=instant")  # the game's parameters are gone
    assert page.locator("#players li").count() == players
    engine = GAMES[game_id].new_game(players, 7, frozenset(), tuple(names))
    assert state(page)["actions"] == 0
    assert state(page)["fingerprint"] == engine.fingerprint()
    assert page.locator(".py-error").count() == 0


def test_the_chooser_offers_every_game_of_the_shelf(page, site_url):
    open_page(page, site_url)
    offered = page.eval_on_selector_all("input[name=game]", "ns => ns.map(n => n.value)")
    assert offered == list(SHELF)
    first = SHELF[0]
    assert page.locator(f"#game-{first}").is_checked()
    for game_id in SHELF:
        page.check(f"#game-{game_id}")
        about = page.locator("#game-about")
        assert about.inner_text() == INFOS[game_id].blurb
        counts = page.eval_on_selector_all("#player-counts input", "ns => ns.map(n => n.value)")
        assert counts == [str(c) for c in INFOS[game_id].players]
        assert page.locator("#variant-choice").is_visible() == bool(INFOS[game_id].options)
        assert page.locator("input[name=variant]").count() == len(INFOS[game_id].options)


def test_bad_start_links_are_explained(page, site_url):
    open_page(page, f"{site_url}?new=1&game=nosuchgame&players=4")
    assert state(page)["screen"] == "start"
    assert "unknown game 'nosuchgame'" in page.locator("#messages").inner_text()
    for game_id in SHELF:
        page.evaluate("document.getElementById('messages').replaceChildren()")
        too_many = max(INFOS[game_id].players) + 1
        open_page(page, f"{site_url}?new=1&game={game_id}&players={too_many}&seats=human")
        assert state(page)["screen"] == "start"
        assert "cannot start a game" in page.locator("#messages").inner_text()
