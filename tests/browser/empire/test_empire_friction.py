"""Small frictions of the Inca Empire page: a road click builds the free road without a question,
the highlight of the place in hand is neutral (no player's colour) and drawn wider, dragging the
map selects no text, and a choice open for one place follows a click on another, saying so."""

from __future__ import annotations

import re

import pytest
from page_helpers import (
    LEGAL_CONNECTION,
    bot_game_save,
    import_save,
    open_entry,
    open_page,
    press_at_centre,
    ready_for_next_player,
    start_from_form,
    state,
    wait_actions,
    wait_for_person,
)

import inca_core
from inca_core.empire.svg import SUYU_COLOURS
from inca_core.empire.targets import by_element, worth_asking

pytestmark = pytest.mark.browser

HALO = """(node) => {
  const style = getComputedStyle(node.querySelector('.halo'));
  return [style.stroke, parseFloat(style.strokeWidth)];
}"""


#: The centre of a place name well inside the board (where a drag once began a text selection).
LABEL_INSIDE = """() => {
  const board = document.getElementById("board").getBoundingClientRect();
  for (const text of document.querySelectorAll("#board text.site-name")) {
    const r = text.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    if (x > board.x + 100 && x < board.right - 100 && y > board.y + 100 && y < board.bottom - 100)
      return [x, y];
  }
}"""


def rgb(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_a_road_click_builds_the_free_road_and_the_map_drags_without_selecting(page, site_url):
    start_from_form(page, site_url, "empire", ["human", "easy", "easy", "easy"])
    wait_for_person(page)
    road = page.locator(LEGAL_CONNECTION).first
    link = road.get_attribute("data-connection")
    # Both the free and the bought road are legal here (the turn has just begun).
    game = inca_core.loads(open_entry(page)["save"])
    assert {str(a) for a in game.legal_actions()} >= {f"road {link}", f"xroad {link}"}

    # The road in hand (focused or hovered) is drawn in a neutral tone, wider than the others.
    page.mouse.move(1, 1)
    road.evaluate("(node) => node.blur()")  # the page may have focused it
    width = road.evaluate(HALO)[1]
    road.focus()
    focused, focused_width = road.evaluate(HALO)
    assert focused not in {rgb(c) for c in SUYU_COLOURS.values()}
    assert len(set(re.findall(r"\d+", focused))) == 1  # a grey: red = green = blue
    assert focused_width > width

    before = state(page)["actions"]
    press_at_centre(page, road)
    wait_actions(page, before + 1)
    assert page.locator("#actions [data-action^='xroad ']").count() == 0
    assert str(inca_core.loads(open_entry(page)["save"]).actions[-1]) == f"road {link}"

    # A mouse drag from a place name pans the map and selects nothing on the page.
    x, y = page.evaluate(LABEL_INSIDE)
    view = page.get_attribute("#board svg", "viewBox")
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 16):
        page.mouse.move(x - 30 * step, y - 20 * step)
    assert page.evaluate("getSelection().toString()") == ""
    page.mouse.up()
    assert page.evaluate("getSelection().toString()") == ""
    assert page.get_attribute("#board svg", "viewBox") != view


def asked_regions(game) -> list[str]:
    """The map elements where a click offers a choice of actions."""
    legal = game.legal_actions()
    return [
        element
        for element, actions in by_element(legal).items()
        if element.startswith("region:") and len(worth_asking(actions, legal)) > 1
    ]


def test_a_choice_marks_its_place_and_follows_a_click_on_another_saying_so(page, site_url):
    # A position with two regions to conquer either way (Rapid Expansion's conquest or the plain
    # one): a click on either asks which.
    text = bot_game_save(seed=1, until=lambda game: len(asked_regions(game)) >= 2)
    first, second = (e.partition(":")[2] for e in asked_regions(inca_core.loads(text))[:2])
    open_page(page, site_url + "?pace=instant")
    import_save(page, text)
    ready_for_next_player(page)
    before = state(page)["actions"]
    asking = "#board [data-asking='1']"

    press_at_centre(page, page.locator(f"#board [data-region='{first}']").first)
    offered = page.locator("#actions [data-action$=' " + first + "']")
    offered.first.wait_for()
    assert offered.count() == 2
    assert page.locator(asking).evaluate_all("ns => ns.map(n => n.dataset.region)") == [first]
    assert page.locator("#prompt").inner_text() == "Choose what to do there:"

    press_at_centre(page, page.locator(f"#board [data-region='{second}']").first)
    page.locator("#actions [data-action$=' " + second + "']").first.wait_for()
    assert offered.count() == 0
    assert page.locator(asking).evaluate_all("ns => ns.map(n => n.dataset.region)") == [second]
    assert "moved" in page.locator("#prompt").inner_text()
    # The place asked about is drawn wider than a legal one, in a neutral tone.
    marked = page.evaluate(
        """([a, b]) => [a, b].map((id) => {
          const s = getComputedStyle(document.querySelector(`#board [data-region='${id}']`));
          return [s.stroke, parseFloat(s.strokeWidth), s.strokeDasharray];
        })""",
        [second, first],
    )
    assert marked[0][1] > marked[1][1] and marked[0][2] != marked[1][2]
    assert len(set(re.findall(r"\d+", marked[0][0]))) == 1

    # A second click on the same place asks the same question, as a plain one.
    press_at_centre(page, page.locator(f"#board [data-region='{second}']").first)
    page.wait_for_function(
        "document.getElementById('prompt').textContent === 'Choose what to do there:'"
    )
    page.locator("#actions [data-action$=' " + second + "']").first.click()
    wait_actions(page, before + 1)
    assert page.locator(asking).count() == 0
