"""Wiraqocha's page speaks plainly and asks before a loss (issue 24): How to play pictures the
game's own table, the players panel shows every victory race with its leader in words, the
Victory race table fits at desktop and phone widths, the valley's labels name no token id, and a
click never flies the Base Camp (or a protecting token) off its tile without a word: the move is
offered as a choice that says what it leaves, and both tiles it changed are marked."""

from __future__ import annotations

import random
import re

import pytest
from page_helpers import (
    import_save,
    open_page,
    play_a_move,
    press_at_centre,
    start_from_form,
    state,
    wait_actions,
    wait_for_person,
)

from inca_core import save
from inca_core.wiraqocha import targets, words
from inca_core.wiraqocha.actions import Conquer, Roll
from inca_core.wiraqocha.spec import SPEC

pytestmark = pytest.mark.browser

#: A token id of the text form (``E1``, ``Z2``, ``AE``...) or a grid coordinate.
TOKEN_ID = re.compile(r"\b(B|E1|E2|D1|D2|Z1|Z2|AE|MM|JG)\b|\d+,\d+")

#: Every cell of the Victory race that cuts its text (more to it than it shows) or sticks out.
CUT_CELLS = """() => {
  const box = document.getElementById('race').getBoundingClientRect();
  return [...document.querySelectorAll('#race th, #race td, #race td span')]
    .filter(n => n.scrollWidth > n.clientWidth + 1
                 || n.getBoundingClientRect().right > box.right + 1)
    .map(n => n.textContent);
}"""


def labels(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "ns => ns.map(n => n.getAttribute('aria-label'))")


def test_a_game_from_the_form_shows_races_plain_labels_and_how_to_play_the_table(page,
                                                                                site_url):
    start_from_form(page, site_url, "wiraqocha", ["human", "easy"])

    # How to play pictures a valley with tokens on their tiles and protecting dice.
    page.click("[data-ui=howto]")
    picture = page.locator("#howto-board")
    assert picture.locator("[data-tile]").count() == 22
    assert picture.locator("[data-tile] [data-token]").count() >= 6
    assert picture.locator("[data-tile] [data-guard]").count() >= 2
    assert picture.locator("[data-legal], [tabindex]").count() == 0
    page.click("[data-ui=howto-close]")
    # The game's own valley replaced the sample (tokens of three players): two players.
    assert page.locator("#board [data-token][data-seat='2']").count() == 0

    # The person rolls and takes a tile (the bot may have played its turn first).
    wait_for_person(page)
    count = state(page)["actions"]
    page.click("#actions [data-action='roll']")
    wait_actions(page, count + 1)
    play_a_move(page)
    on_board = page.locator("#board [data-tile] [data-token][data-seat='0']")
    assert on_board.count() >= 1

    # Tokens and tiles are named in words, the viewer's own as "Your".
    named = labels(page, "#board [data-token]") + labels(page, "#board [data-tile]")
    assert named and not [n for n in named if TOKEN_ID.search(n)]
    assert all(n.startswith("Your ") for n in labels(page, "#board [data-tile] "
                                                          "[data-token][data-seat='0']"))

    # Each player shows the three races in full; a leader is said in words.
    for seat in range(2):
        lines = page.locator(f"#players li[data-seat='{seat}'] [data-race]")
        assert [lines.nth(i).get_attribute("data-race") for i in range(3)] == [
            "relics", "somnium", "leviathan"]
        assert re.search(r"Relics: \d+ of 4", lines.nth(0).inner_text())
        assert re.search(r"Leviathan: \d+ of \d+ Resources, \d+ of \d+ Somnium",
                         lines.nth(2).inner_text())
    for line in page.locator("#players [data-race]").all():
        leads = line.get_attribute("data-leads") == "1"
        assert leads == ("lead" in line.inner_text())

    # The Victory race table shows every word, on a desktop and on a phone.
    page.set_viewport_size({"width": 1440, "height": 900})
    page.wait_for_timeout(100)
    assert page.evaluate(CUT_CELLS) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#race").scroll_into_view_if_needed()
    page.wait_for_timeout(100)
    assert page.evaluate(CUT_CELLS) == []
    assert page.locator(".py-error").count() == 0


def flight_position():
    """A 2-player game in the engine where seat 0, about to roll, will have a tile that only
    its Base Camp can take with some dice, flying it off a tile a die protects (random play,
    found by asking the engine)."""
    for seed in range(1, 300):
        game = SPEC.new_game(2, seed)
        rng = random.Random(seed)
        while not game.is_over and game.round < 30:
            if game.current_player == 0 and game.phase == "prep" \
                    and game.where[0]["B"] in game.guard:
                rolled = game.copy()
                rolled.play(Roll())
                legal = rolled.legal_actions()
                for action in legal:
                    if isinstance(action, Conquer) and action.token == "B" \
                            and words.departure(rolled, action) \
                            and targets.tile_actions(legal, action.tile,
                                                     targets.dice_of(action)) == [action]:
                        return game, rolled, action
            game.play(rng.choice(game.legal_actions()))
    raise AssertionError("no position found")


def test_flying_the_base_camp_is_a_worded_choice_and_marks_both_tiles(page, site_url):
    game, rolled, flight = flight_position()
    home = rolled.where[0]["B"]
    open_page(page, site_url)
    import_save(page, save.dumps(game))
    if page.locator("#pass-screen").is_visible():
        page.click("#pass-ready")
    count = len(game.actions)
    wait_actions(page, count)
    page.click("#actions [data-action='roll']")
    wait_actions(page, count + 1)

    # Each player's leader of a race is the engine's.
    for key, have in (("relics", [len(r) for r in rolled.relics]), ("somnium", rolled.somnium)):
        best = max(have)
        for seat in range(2):
            line = page.locator(f"#players li[data-seat='{seat}'] [data-race='{key}']")
            assert (line.get_attribute("data-leads") == "1") == (best > 0 and have[seat] == best)

    # The pick and the click on the tile only the Base Camp can take: nothing is played yet.
    used: set[int] = set()
    dice = page.locator("#dice [data-die]")
    for value in targets.dice_of(flight):
        i = next(i for i in range(dice.count()) if i not in used
                 and dice.nth(i).get_attribute("data-value") == str(value))
        dice.nth(i).click()
        used.add(i)
    page.wait_for_function(f"document.querySelectorAll('#dice [aria-pressed=true]').length"
                           f" === {len(used)}")
    press_at_centre(page, f"#board [data-tile='{flight.tile}']")
    choice = page.locator(f"#actions [data-action='{flight}']")
    choice.wait_for()
    assert state(page)["actions"] == count + 1
    assert page.locator(f"#board [data-tile='{home}'] [data-token='B'][data-seat='0']").count()
    text = choice.inner_text()
    assert text.startswith("Fly the Base Camp to ")
    assert f"(it leaves {words.tile_name(rolled, home)} and its protecting " in text
    assert not TOKEN_ID.search(text)

    # Chosen, it is played; the tile it left and the tile it took are both marked.
    choice.click()
    wait_actions(page, count + 2)
    rolled.play(flight)
    assert page.get_attribute("body", "data-fingerprint") == rolled.fingerprint()
    marked = set(page.eval_on_selector_all("#board [data-last='1']",
                                           "ns => ns.map(n => n.dataset.tile)"))
    assert marked == {home, flight.tile}
    assert page.locator(".py-error").count() == 0
