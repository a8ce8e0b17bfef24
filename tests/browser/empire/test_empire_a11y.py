"""Keyboard, touch and screen-size behaviour of Inca Empire's page: where focus lands after an
action, dialogs that trap and return focus, touch hit areas at the phone size, a tap near a legal
road, saved games' titles, the players panel's order, Wilderness Roads on demand (the embed start
screen, hints and How to play of every game: ``shell/``)."""

from __future__ import annotations

import json

import pytest
from page_helpers import (
    LEGAL_CONNECTION,
    bot_game_save,
    new_game_url,
    open_page,
    press_at_centre,
    ready_for_next_player,
    state,
    wait_actions,
)

import inca_core

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
#: What focus may rest on while a person is to move: a choice, a legal target, the hand-over.
USEFUL = "#actions button, [data-legal='1'], #pass-ready"


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "has_touch": True}


def active(page) -> dict:
    """What has focus: its tag, id and whether it is a choice or legal target."""
    return page.evaluate(
        f"""() => {{
          const a = document.activeElement;
          return {{tag: a ? a.tagName.toLowerCase() : null, id: a ? a.id : null,
                   useful: !!(a && a.matches({json.dumps(USEFUL)})),
                   inPass: !!(a && a.closest('#pass-screen')),
                   inConfirm: !!(a && a.closest('#confirm'))}};
        }}"""
    )


def last_action(page) -> str:
    """The last action of the open game, from its entry in local storage."""
    key = page.evaluate("localStorage.getItem('inca-empire:open')")
    entry = json.loads(page.evaluate(f"localStorage.getItem('inca-empire:game:{key}')"))
    return json.loads(entry["save"])["actions"][-1]


def test_focus_lands_on_the_next_choice_or_target_after_every_action(page, site_url):
    open_page(page, new_game_url(site_url))
    for _ in range(6):
        ready_for_next_player(page)
        info = active(page)
        assert info["tag"] != "body" and info["useful"], info
        before = state(page)["actions"]
        page.keyboard.press("Enter")  # on the road, choice or button focus landed on
        page.wait_for_function(
            f"Number(document.body.dataset.actions) > {before} || "
            "document.activeElement.matches('#actions [data-action]')"
        )
        if state(page)["actions"] == before:  # a choice was offered there: take the first
            page.keyboard.press("Enter")
        wait_actions(page, before + 1)
        info = active(page)
        assert info["tag"] != "body" and info["useful"], info


def test_focus_is_useful_after_bots_moved(page, site_url):
    open_page(page, new_game_url(site_url, seats="human,easy,easy,easy", bot_time=0.05))
    press_at_centre(page, page.locator(LEGAL_CONNECTION).first)
    page.wait_for_function(
        "Number(document.body.dataset.actions) > 0 || "
        "document.querySelector('#actions [data-action^=\"road \"]') !== null"
    )
    if state(page)["actions"] == 0:
        page.locator("#actions [data-action^='road ']").first.click()
    for kind in ("end", "pass"):
        page.wait_for_selector(f"#actions [data-action='{kind}']", timeout=20_000)
        page.locator(f"#actions [data-action='{kind}']").click()
    page.wait_for_function(
        "() => { const s = document.getElementById('status').textContent;"
        " return s.includes('Player 1') && !s.includes('thinking'); }",
        timeout=30_000,
    )
    page.wait_for_timeout(300)
    info = active(page)
    assert info["tag"] != "body" and info["useful"], info


def test_skip_link_shows_above_the_header(page, site_url):
    open_page(page, new_game_url(site_url, seats="human,easy,easy,easy"))
    page.locator(".skip").focus()
    top = page.evaluate(
        """() => { const r = document.activeElement.getBoundingClientRect();
                   const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                   return {top: r.top, visible: hit === document.activeElement}; }"""
    )
    assert top["top"] >= 0 and top["visible"], top
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "board-wrap"


def test_rules_panel_gives_focus_back(page, site_url):
    open_page(page, new_game_url(site_url, seats="human,easy,easy,easy"))
    page.locator("[data-ui=rules]").focus()
    page.keyboard.press("Enter")
    assert page.locator("#rules-panel").is_visible()
    assert page.evaluate("document.activeElement.dataset.ui") == "rules-close"
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.dataset.ui") == "rules"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # on the close button
    assert page.locator("#rules-panel").is_hidden()
    assert page.evaluate("document.activeElement.dataset.ui") == "rules"


def test_hand_over_screen_traps_tab(page, site_url):
    open_page(page, new_game_url(site_url))
    assert page.locator("#pass-screen").is_visible()
    for key in ("Tab", "Tab", "Shift+Tab", "Tab"):
        page.keyboard.press(key)
        assert active(page)["inPass"], key
    page.keyboard.press("Enter")
    page.wait_for_selector("#pass-screen", state="hidden")
    # The view answers in the next frame and focus follows it there (web/handover.py).
    page.wait_for_function(
        f"document.activeElement && document.activeElement.matches({json.dumps(USEFUL)})",
        timeout=5_000,
    )


def test_confirm_dialog_traps_tab_and_gives_focus_back(page, site_url):
    open_page(page, new_game_url(site_url, seats="human,easy,easy,easy"))
    page.click("[data-ui=menu]")
    delete = page.locator("#saved-list [data-ui=delete]").first
    delete.focus()
    page.keyboard.press("Enter")
    assert page.locator("#confirm").is_visible()
    for key in ("Tab", "Tab", "Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert active(page)["inConfirm"], key
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm", state="hidden")
    assert page.evaluate("document.activeElement.dataset.ui") == "delete"


HIT_BOXES = """() => {
  // For every legal board target, the width of the band around it where a tap reaches it,
  // probed 12 px either side of its middle (across a road, around a site).
  const reaches = (el, x, y) => document.elementsFromPoint(x, y).some((n) => el.contains(n));
  const out = [];
  for (const el of document.querySelectorAll("#board [data-legal='1']")) {
    const shape = el.querySelector(".hit") || el;
    const m = shape.getScreenCTM();
    let cx, cy, nx, ny, point = false;
    if (shape.tagName === "line") {
      const p = (x, y) => new DOMPoint(x, y).matrixTransform(m);
      const a = p(+shape.getAttribute("x1"), +shape.getAttribute("y1"));
      const b = p(+shape.getAttribute("x2"), +shape.getAttribute("y2"));
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      [cx, cy] = [(a.x + b.x) / 2, (a.y + b.y) / 2];
      [nx, ny] = len < 1 ? [1, 0] : [(a.y - b.y) / len, (b.x - a.x) / len];
      point = len < 1;  // a site: a dot as wide as its stroke
    } else {
      const r = el.getBoundingClientRect();
      out.push({id: el.outerHTML.slice(0, 60), ok: r.width >= 24 && r.height >= 24});
      continue;
    }
    const ok = [-12, -6, 0, 6, 12].every((d) => reaches(el, cx + d * nx, cy + d * ny))
      && (!point || [-12, 12].every((d) => reaches(el, cx, cy + d)));
    out.push({id: el.outerHTML.slice(0, 60), ok});
  }
  for (const el of document.querySelectorAll("#screen-game [data-legal='1']:not(#board *)")) {
    const r = el.getBoundingClientRect();
    out.push({id: el.outerHTML.slice(0, 60), ok: r.width >= 24 && r.height >= 24});
  }
  return out;
}"""


def test_every_legal_target_is_24_px_to_tap_on_a_phone(page, site_url):
    page.set_viewport_size(PHONE)
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    page.evaluate("window.scrollTo(0, 0)")
    for zoom in ("reset", "in"):
        page.click(f"[data-zoom={zoom}]")
        boxes = page.evaluate(HIT_BOXES)
        assert len(boxes) >= 5
        assert [b["id"] for b in boxes if not b["ok"]] == []


TAP_SPOT = """() => {
  // A point 9 px beside the middle of a legal road, over a region, out of the hit area of any
  // other legal road.
  const ends = (el) => {
    const line = el.querySelector("line.hit");
    const m = line.getScreenCTM();
    const p = (x, y) => new DOMPoint(x, y).matrixTransform(m);
    return [p(+line.getAttribute("x1"), +line.getAttribute("y1")),
            p(+line.getAttribute("x2"), +line.getAttribute("y2"))];
  };
  const away = (el, x, y) => {
    const [a, b] = ends(el);
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(a.x + t * dx - x, a.y + t * dy - y);
  };
  const roads = [...document.querySelectorAll("#board [data-connection][data-legal='1']")];
  for (const el of roads) {
    const [a, b] = ends(el);
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 30) continue;
    for (const side of [1, -1]) {
      const x = (a.x + b.x) / 2 + side * 9 * (a.y - b.y) / len;
      const y = (a.y + b.y) / 2 + side * 9 * (b.x - a.x) / len;
      const under = document.elementsFromPoint(x, y);
      if (roads.some((r) => r !== el && away(r, x, y) < 15)) continue;
      if (!under.some((n) => n.matches("[data-region]"))) continue;
      return {x, y, id: el.dataset.connection};
    }
  }
  return null;
}"""


def test_a_tap_between_a_legal_road_and_a_region_plays_the_road(page, site_url):
    page.set_viewport_size(PHONE)
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    start = state(page)["actions"]
    page.evaluate("window.scrollTo(0, 0)")
    spot = None
    for _ in range(4):  # zoomed in until roads lie apart enough for a near miss
        page.click("[data-zoom=in]")
        spot = page.evaluate(TAP_SPOT)
        if spot is not None:
            break
    assert spot is not None
    page.touchscreen.tap(spot["x"], spot["y"])
    page.wait_for_function(
        f"Number(document.body.dataset.actions) > {start} || "
        "document.querySelector(\"#actions [data-action^='road ']\") !== null"
    )
    if state(page)["actions"] == start:
        assert page.locator(f"#actions [data-action='road {spot['id']}']").count() == 1
        page.locator(f"#actions [data-action='road {spot['id']}']").click()
    wait_actions(page, start + 1)
    assert last_action(page) == f"road {spot['id']}"


def test_saved_games_are_titled_by_game_people_and_round(page, site_url):
    url = new_game_url(site_url, seats="human,easy,easy,easy") + "&names=Ana,Bo,Cy,Di"
    open_page(page, url)
    page.click("[data-ui=menu]")
    title = page.locator("#saved-list li[data-entry] .name").first.inner_text()
    assert title == "Inca Empire: Ana vs 3 bots, round 1"


def test_the_players_panel_keeps_seat_order_when_the_turn_order_changes(page, site_url):
    text = bot_game_save(seed=5, stop_after=150)
    order = inca_core.loads(text).observation(None)["turn_order"]
    assert list(order) != sorted(order)  # the turn order is not the seat order here
    open_page(page, site_url)
    page.set_input_files(
        "#import-file",
        files=[{"name": "g.json", "mimeType": "application/json", "buffer": text.encode()}],
    )
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    seats = page.locator("#players li[data-seat]")
    assert [seats.nth(i).get_attribute("data-seat") for i in range(4)] == ["0", "1", "2", "3"]
    for place, seat in enumerate(order):
        assert f"turn {place + 1}" in seats.nth(seat).inner_text()


def test_wilderness_roads_show_only_once_the_player_asks(page, site_url):
    def wild_roads(game) -> list:
        wild_ids = {road.id for road in game.board.wilderness}
        return [a for a in game.legal_actions() if a.kind == "road" and a.target in wild_ids]

    # The first position of a bot game where a Wilderness Road card lets the player build some.
    text = bot_game_save(seed=3, until=lambda game: len(wild_roads(game)) >= 10)
    wild = wild_roads(inca_core.loads(text))
    assert len(wild) >= 10
    open_page(page, site_url)
    page.set_input_files(
        "#import-file",
        files=[{"name": "g.json", "mimeType": "application/json", "buffer": text.encode()}],
    )
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    ready_for_next_player(page)
    candidates = page.locator("#board g.wilderness[data-legal='1']")
    toggle = page.locator("#hand [data-wild]")
    assert candidates.count() == 0 and toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    shown = "document.querySelectorAll('#board g.wilderness[data-legal=\"1\"]').length"
    page.wait_for_function(f"{shown} === {len(wild)}")
    assert page.locator("#hand [data-wild]").get_attribute("aria-pressed") == "true"
    page.locator("#hand [data-wild]").click()
    page.wait_for_function(f"{shown} === 0")
