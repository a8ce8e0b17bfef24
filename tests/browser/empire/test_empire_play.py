"""Inca Empire on the page by clicking: roads, conquest, Sun cards, illegal clicks, hover, pan and
zoom, keyboard, the rules panel, the start form's variants (undo, reload and embed of every game:
``shell/``)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from page_helpers import (
    LEGAL_CONNECTION,
    LEGAL_REGION,
    accessible_name_missing,
    act,
    bot_game_save,
    build_road,
    click_board,
    finish_turn,
    hover_at_centre,
    import_save,
    new_game_url,
    open_page,
    place_sun_card,
    play_to_sun_phase,
    press_at_centre,
    ready_for_next_player,
    state,
    wait_actions,
)

import inca_core
from inca_core.empire.bots import STRENGTHS
from inca_core.empire.components import MARKER_TYPES
from inca_core.empire.svg_play import pieces_parts

pytestmark = pytest.mark.browser
SVG = "http://www.w3.org/2000/svg"


def test_new_game_roads_and_a_conquest_by_clicking(page, site_url):
    open_page(page, new_game_url(site_url))
    assert state(page)["screen"] == "game"
    assert "People phase" in state(page)["status"]
    conquered = False
    for _turn in range(8):
        ready_for_next_player(page)
        mover = page.locator(".player.to-move .name").inner_text()
        assert mover.split("\n")[0] in state(page)["status"]
        while page.locator(LEGAL_CONNECTION).count() and not page.locator(LEGAL_REGION).count():
            roads_before = page.locator("#board g.road").count()
            build_road(page)
            assert page.locator("#board g.road").count() == roads_before + 1
            if "free left" not in state(page)["status"]:
                break
        if page.locator(LEGAL_REGION).count():
            seat = page.locator(".player.to-move").get_attribute("data-seat")
            vp = page.locator(f".player[data-seat='{seat}'] .stats b").first
            vp_before = int(vp.inner_text())
            act(page, lambda: click_board(page, LEGAL_REGION), prefer="conquer")
            conquered = True
            assert int(vp.inner_text()) > vp_before
            break
        finish_turn(page)
    assert conquered, "no region could be conquered by clicking"
    # The conquest shows on the board (the owner's pattern over the region) and in the log.
    assert page.locator("#board g.conquest").count() == 1
    assert "onquer" in page.locator("#log").inner_text()
    assert page.locator(".py-error").count() == 0


def test_illegal_click_shows_the_engine_reason_and_changes_nothing(page, site_url):
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    before = state(page)
    illegal = "#board [data-connection]:not([data-legal])"
    click_board(page, illegal)
    page.wait_for_selector("#preview:not([hidden])")
    reason = page.locator("#preview").inner_text()
    assert reason.startswith("Not allowed:")
    assert len(reason) > len("Not allowed: ") + 10
    assert state(page) == before
    # A hand card outside the Sun phase: the engine's reason, nothing changes.
    page.locator("#hand [data-card]").first.click()
    page.wait_for_function(
        "(old) => { const t = document.getElementById('preview').textContent;"
        " return t.startsWith('Not allowed:') && t !== old; }",
        arg=reason,
    )
    assert state(page) == before


def test_hover_previews_cost_and_score(page, site_url):
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    hover_at_centre(page, page.locator(LEGAL_CONNECTION).first)
    page.wait_for_selector("#preview:not([hidden])")
    text = page.locator("#preview").inner_text()
    assert "road" in text.lower()
    page.locator("#actions [data-action='pass']").focus()
    page.wait_for_function("document.getElementById('preview').textContent.includes('Pass')")


def test_sun_card_placed_on_a_quadrant(page, site_url):
    open_page(page, new_game_url(site_url))
    play_to_sun_phase(page)
    hand_before = page.locator("#hand [data-card]").count()
    # A card picked: the prompt says what comes next (the card's quadrant).
    asked = page.locator("#prompt").text_content()
    press_at_centre(page, "#hand [data-card][data-legal='1']")
    page.wait_for_function("document.getElementById('prompt').textContent.includes('chosen')")
    chosen = page.locator("#prompt").text_content()
    assert "quadrant" in chosen and chosen != asked
    press_at_centre(page, "#hand [data-card][aria-pressed='true']")  # dropped again
    page.wait_for_function(f"document.getElementById('prompt').textContent === {asked!r}")
    card, quadrant = place_sun_card(page)
    assert card and quadrant
    # The quadrant now holds a card, and the next player to place one is asked.
    ready_for_next_player(page)
    cell = page.locator(f"#sun [data-quadrant='{quadrant}']")
    assert "empty" not in cell.inner_text()
    assert page.locator(f"#sun [data-quadrant='{quadrant}'][data-legal='1']").count() == 0
    assert "places a card face down" in page.locator("#log").inner_text()
    assert hand_before == 3


def test_pan_and_zoom_by_buttons_wheel_and_keyboard(page, site_url):
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    board = page.locator("#board")

    def view_box() -> str:
        return page.locator("#board svg").get_attribute("viewBox")

    def scale() -> float:
        return float(board.get_attribute("data-scale"))

    page.click("[data-zoom=reset]")
    assert scale() == 1.0
    page.click("[data-zoom=in]")
    assert scale() > 1.0
    box = board.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    zoomed = scale()
    page.mouse.wheel(0, -300)
    page.wait_for_function(f"Number(document.getElementById('board').dataset.scale) > {zoomed}")
    before = view_box()
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 80, box["y"] + box["height"] / 2 + 40, steps=5)
    page.mouse.up()
    assert view_box() != before
    board.focus()
    before = view_box()
    page.keyboard.press("ArrowRight")
    assert view_box() != before
    page.keyboard.press("0")
    assert scale() == 1.0
    page.keyboard.press("+")
    assert scale() > 1.0


def test_keyboard_plays_a_highlighted_road(page, site_url):
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    before = state(page)["actions"]
    target = page.locator(LEGAL_CONNECTION).first
    assert target.get_attribute("tabindex") == "0"
    target.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"Number(document.body.dataset.actions) > {before} || "
        "document.querySelector(\"#actions [data-action^='road ']\") !== null"
    )
    if state(page)["actions"] == before:
        page.locator("#actions [data-action^='road ']").first.focus()
        page.keyboard.press("Enter")
    wait_actions(page, before + 1)


def test_everything_clickable_has_an_accessible_name(page, site_url):
    open_page(page, site_url)
    assert accessible_name_missing(page) == []
    page.goto(new_game_url(site_url))
    page.wait_for_selector("body[data-ready='1']")
    assert accessible_name_missing(page) == []
    ready_for_next_player(page)
    assert page.locator("[data-legal='1']").count() > 0
    assert accessible_name_missing(page) == []


def test_rules_panel_lists_phases_costs_and_every_card(page, site_url):
    open_page(page, site_url)
    page.click("[data-ui=rules]")
    panel = page.locator("#rules-panel")
    assert panel.is_visible()
    text = panel.inner_text()
    for phrase in (
        "Inca phase",
        "Sun phase",
        "People phase",
        "Sapa Inca phase",
        "City",
        "Temple",
        "Rural Unrest",
        "Wilderness Road",
        "Solar Eclipse",
        "Local Pilgrimage",
        "Pizarro's Arrival",
    ):
        assert phrase in text
    page.keyboard.press("Escape")
    assert not panel.is_visible()


def test_start_form_starts_a_game_with_chosen_seats(page, site_url):
    open_page(page, site_url)
    assert state(page)["screen"] == "start"
    page.check("input[name=players][value='3']")
    assert page.locator("#seat-rows li").count() == 3
    page.fill("input[name=name-0]", "Ana")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "easy")
    page.select_option("select[name=seat-2]", "hard")
    assert page.locator("#seat-desc-2").inner_text() == STRENGTHS["hard"]
    page.check("#variant-gods_agree")
    page.click("[data-ui=start]")
    page.wait_for_selector("body[data-screen='game']")
    names = page.locator("#players .name").all_inner_texts()
    assert len(names) == 3
    assert any(n.startswith("Ana") for n in names)
    assert page.locator("#sun [data-quadrant]").count() == 3


@pytest.fixture
def finger_page(browser, browser_context_args, site_url):
    """A page on a touch screen (Playwright's own touch API taps with one finger only)."""
    context = browser.new_context(**{**browser_context_args, "has_touch": True})
    yield context.new_page()
    context.close()


def test_two_finger_pinch_zooms_and_one_finger_drag_pans(finger_page, site_url):
    """Fingers on the screen as the browser gets them from a touch screen (Chromium's input
    pipeline: hit testing, touch and pointer events), not events sent to the board."""
    page = finger_page
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    page.click("[data-zoom=reset]")
    box = page.locator("#board").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def fingers(kind: str, *points: tuple[float, float]) -> None:
        cdp.send("Input.dispatchTouchEvent", {
            "type": kind,
            "touchPoints": [{"x": px, "y": py, "id": i} for i, (px, py) in enumerate(points)],
        })

    fingers("touchStart", (x - 20, y), (x + 20, y))
    for step in range(1, 6):
        fingers("touchMove", (x - 20, y), (x + 20 + step * 20, y))
    fingers("touchEnd")
    page.wait_for_function("Number(document.getElementById('board').dataset.scale) > 1.5")
    before = page.locator("#board svg").get_attribute("viewBox")
    fingers("touchStart", (x, y))
    for step in range(1, 4):
        fingers("touchMove", (x + 20 * step, y + 10 * step))
    fingers("touchEnd")
    page.wait_for_function(
        f"document.querySelector('#board svg').getAttribute('viewBox') !== {json.dumps(before)}"
    )


def test_a_click_replaces_only_the_pieces_that_changed(page, site_url):
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    layer = "#board g.pieces > *"
    shown = page.evaluate(
        f"() => {{ const nodes = document.querySelectorAll('{layer}');"
        " nodes.forEach((n) => { n.__seen = true; }); return nodes.length; }"
    )
    build_road(page)
    fresh = page.evaluate(
        f"() => [...document.querySelectorAll('{layer}')].filter((n) => !n.__seen)"
        ".map((n) => n.getAttribute('class'))"
    )
    assert "road" in fresh
    assert len(fresh) < shown / 4
    for _ in range(3):
        ready_for_next_player(page)
        if page.locator(LEGAL_CONNECTION).count():
            build_road(page)
        else:
            finish_turn(page)
    ready_for_next_player(page)
    # What the page shows, part by part, is what the engine draws for the saved game from scratch.
    key = page.evaluate("localStorage.getItem('inca-empire:open')")
    entry = json.loads(page.evaluate(f"localStorage.getItem('inca-empire:game:{key}')"))
    game = inca_core.loads(entry["save"])
    targets = {a.target for a in game.legal_actions() if a.kind != "pilgrim" and a.target}
    parts = pieces_parts(game.board, game.observation(game.current_player), targets)
    expected = [ET.fromstring(f'<svg xmlns="{SVG}">{m}</svg>')[0].find(f"{{{SVG}}}title").text
                for _, m in parts]
    titles = page.evaluate(
        f"() => [...document.querySelectorAll('{layer}')]"
        ".map((n) => n.querySelector('title').textContent)"
    )
    assert titles == expected


def test_a_conquered_region_shows_its_marker_on_the_page(page, site_url):
    """A game with conquests (and a terrace) imported through the page: each conquered region's
    marker is on the board, its values and its conqueror's colour and name."""
    def conquered(game) -> dict:
        return {rid: r for rid, r in game.observation(None)["regions"].items()
                if r["owner"] is not None and r["marker"] is not None}

    text = bot_game_save(seed=5, until=lambda game: len(conquered(game)) >= 3 and any(
        r["terrace"] for r in conquered(game).values()))
    game = inca_core.loads(text)
    obs = game.observation(None)
    regions = conquered(game)
    assert len(regions) >= 3
    open_page(page, site_url)
    import_save(page, text)
    ready_for_next_player(page)
    kinds = {m.code: m for m in MARKER_TYPES}
    for rid, region in regions.items():
        marker = page.locator(f"#board .pieces .marker-conquered[data-marker='{region['marker']}']",
                              has=page.locator(f"title:text-is('{_title(game, rid, region)}')"))
        assert marker.count() == 1, rid
        assert marker.is_visible(), rid
        kind = kinds[region["marker"]]
        assert marker.locator("text").text_content() == (
            f"{kind.resistance}·{kind.vp}·{kind.labor}")
        suyu = obs["seats"][region["owner"]]["suyu"]
        assert marker.get_attribute("data-owner-suyu") == suyu
        box = marker.locator("rect").bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0


def _title(game, rid: str, region: dict) -> str:
    kind = {m.code: m for m in MARKER_TYPES}[region["marker"]]
    owner = game.observation(None)["names"][region["owner"]]
    return (f"{game.board.regions[rid].name}, conquered by {owner}: resistance "
            f"{kind.resistance}, {kind.vp} VP, {kind.labor} labor")
