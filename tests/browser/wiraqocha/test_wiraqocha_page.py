"""Wiraqocha on the page: a person's roll, conquest with picked dice, protection and purchase
through clicks; undo up to the roll; bots taking their turns; the end screen naming the victory.
What every game shares (start from the form, saves, offline, links): ``shell/``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from page_helpers import (
    finished_save,
    import_save,
    open_page,
    press_at_centre,
    state,
    wait_actions,
)

from inca_core import save
from inca_core.wiraqocha.actions import Buy, Conquer, Protect, Roll
from inca_core.wiraqocha.spec import SPEC
from inca_core.wiraqocha.targets import legal_tiles

pytestmark = pytest.mark.browser

START = "?new=1&game=wiraqocha&players=3&seats=human,easy,hard&seed=7&bot_time=0.05"
LEGAL_TILES = "#board [data-tile][data-legal='1']"


def marked_tiles(page) -> set[str]:
    return set(page.eval_on_selector_all(LEGAL_TILES, "ns => ns.map(n => n.dataset.tile)"))


def pick_dice(page, values) -> None:
    """Press the tray's dice showing ``values`` (one button per value listed)."""
    used: set[int] = set()
    dice = page.locator("#dice [data-die]")
    for value in values:
        for i in range(dice.count()):
            die = dice.nth(i)
            if i not in used and die.get_attribute("data-value") == str(value):
                die.click()
                used.add(i)
                break
        else:
            raise AssertionError(f"no die showing {value} in the tray")
    page.wait_for_function(
        f"document.querySelectorAll('#dice [data-die][aria-pressed=true]').length === {len(used)}"
    )


def take(page, tile: str, action: str) -> None:
    """Click ``tile``; if the page offers several actions there, choose ``action``."""
    before = state(page)["actions"]
    press_at_centre(page, f"#board [data-tile='{tile}']")
    page.wait_for_function(
        f"Number(document.body.dataset.actions) > {before} || "
        f"document.querySelector(\"#actions [data-action='{action}']\") !== null"
    )
    if state(page)["actions"] == before:
        page.click(f"#actions [data-action='{action}']")
    wait_actions(page, before + 1)


def shopping_position():
    """A 2-player game in the engine where seat 0, about to roll, will be able to take a tile
    with two dice or more, then protect a territory and buy a card (random play, found by
    asking the engine; no bot involved)."""
    for seed in range(1, 200):
        game = SPEC.new_game(2, seed)
        rng = random.Random(seed)
        while not game.is_over and game.round < 30:
            if game.current_player == 0 and game.phase == "prep" and game.round > 1:
                rolled = game.copy()
                rolled.play(Roll())
                for conquest in rolled.legal_actions():
                    if not isinstance(conquest, Conquer) or conquest.beat or conquest.take \
                            or len(conquest.dice) < 2 or conquest.token == "B":
                        continue
                    after = rolled.copy()
                    after.play(conquest)
                    protect = [a for a in after.legal_actions() if isinstance(a, Protect)]
                    buy = [a for a in after.legal_actions() if isinstance(a, Buy)]
                    if protect and buy:
                        return game, rolled, conquest, protect[0], buy[0]
            game.play(rng.choice(game.legal_actions()))
    raise AssertionError("no position found")


def test_the_start_link_opens_wiraqocha_and_the_chooser_offers_it(page, site_url):
    open_page(page, site_url + START)
    assert state(page)["screen"] == "game"
    assert page.locator("#board [data-tile]").count() == 22
    assert "Player 1" in state(page)["status"] and "Phase I" in state(page)["status"]
    assert page.locator("#market [data-market]").count() == 3
    assert page.locator("#race tr[data-seat]").count() == 3
    assert page.locator("#dice-title").inner_text().lower() == "dice tray"

    # The roll: the tray shows the dice; every tile they reach is marked, as the engine says.
    engine = SPEC.new_game(3, 7, names=["Player 1", "Player 2", "Player 3"])
    engine.play(Roll())
    page.click("#actions [data-action='roll']")
    wait_actions(page, 1)
    shown = sorted(int(v) for v in page.eval_on_selector_all(
        "#dice [data-die]", "ns => ns.map(n => n.dataset.value)"))
    assert shown == engine.dice
    assert marked_tiles(page) == legal_tiles(engine.legal_actions())
    # A pick of one die narrows the marks to the tiles that die takes.
    die = engine.dice[0]
    pick_dice(page, [die])
    assert marked_tiles(page) == legal_tiles(engine.legal_actions(), (die,))

    # The Base Camp goes where the picked die takes; undo takes it back, never the roll.
    tile = sorted(marked_tiles(page))[0]
    action = next(a for a in engine.legal_actions()
                  if isinstance(a, Conquer) and a.tile == tile and a.dice == (die,))
    take(page, tile, str(action))
    assert page.locator(f"#board [data-tile='{tile}'] [data-token='B'][data-seat='0']").count()
    page.click("[data-ui=undo]")
    wait_actions(page, 1)
    assert page.locator("[data-ui=undo]").is_disabled()
    page.keyboard.press("Control+z")
    page.wait_for_timeout(300)
    assert state(page)["actions"] == 1
    pick_dice(page, [die])
    take(page, tile, str(action))
    engine.play(action)
    assert page.get_attribute("body", "data-fingerprint") == engine.fingerprint()

    # Ending the turn hands over to the bots, who play until the person's next turn.
    page.click("#actions [data-action='end']")
    page.wait_for_function(
        "document.getElementById('status').textContent.includes('Round 2, Phase I: Player 1')",
        timeout=60_000)
    assert page.locator(".py-error").count() == 0

    # The start screen's chooser lists Wiraqocha.
    page.click("[data-ui=menu]")
    assert page.locator("#game-rows input[value='wiraqocha']").count() == 1


def test_a_person_takes_a_tile_with_picked_dice_protects_and_buys(page, site_url, tmp_path):
    game, rolled, conquest, protect, buy = shopping_position()
    open_page(page, site_url)
    page.set_input_files("#import-file", files=[{
        "name": "wiraqocha.json", "mimeType": "application/json",
        "buffer": save.dumps(game).encode()}])
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    if page.locator("#pass-screen").is_visible():
        page.click("#pass-ready")
    count = len(game.actions)
    wait_actions(page, count)

    page.click("#actions [data-action='roll']")
    wait_actions(page, count + 1)
    pick_dice(page, conquest.dice)
    assert conquest.tile in marked_tiles(page)
    assert marked_tiles(page) == legal_tiles(rolled.legal_actions(), conquest.dice)
    # A tile those dice do not take: the engine's reason is shown and nothing changes.
    wrong = next(t for t in rolled.layout if t not in marked_tiles(page))
    press_at_centre(page, f"#board [data-tile='{wrong}']")
    page.wait_for_selector("#preview[data-kind='illegal']")
    assert "Not allowed" in page.locator("#preview").inner_text()
    assert state(page)["actions"] == count + 1

    take(page, conquest.tile, str(conquest))
    pick_dice(page, [protect.value])
    take(page, protect.tile, str(protect))
    guard = page.locator(f"#board [data-tile='{protect.tile}'] [data-guard]")
    assert guard.get_attribute("data-guard") == str(protect.value)

    before = state(page)["actions"]
    page.click(f"#market [data-action='{buy}']")
    wait_actions(page, before + 1)
    rolled.play(conquest)
    rolled.play(protect)
    rolled.play(buy)
    assert page.get_attribute("body", "data-fingerprint") == rolled.fingerprint()
    assert page.locator("#players li[data-seat='0'] .owned-card").count() == len(rolled.cards[0])
    assert "builds" in page.locator("#log").inner_text()

    # The saved game in the export is the same game.
    with page.expect_download() as download:
        page.click("#left-panel [data-ui=export]")
    exported = json.loads(Path(download.value.path()).read_text("utf-8"))
    assert exported["game"] == "wiraqocha"
    assert exported["fingerprint"] == rolled.fingerprint()


def test_the_end_screen_names_the_victory(page, site_url):
    # A whole 2-player game played by the engine (the shell's end screen and replay of every
    # game: shell/test_shell_screens.py).
    open_page(page, site_url)
    import_save(page, finished_save("wiraqocha"))
    assert state(page)["screen"] == "end"
    title = page.locator("#end-title").inner_text()
    assert " wins with " in title
    assert any(how in title for how in ("relics", "Somnium", "Leviathan", "most progress"))
    assert page.locator("#ranking li").count() == 2
    # The ranking says what placed each player in words: the victory, else what counted.
    first, second = (page.locator("#ranking li").nth(i).inner_text() for i in range(2))
    assert " won with " in first and "progress points" not in first
    assert re.search(r" \d+ progress points from \d+ relics?, \d+ Somnium, cards costing \d+ "
                     r"Resources and \d+ territor(y|ies)$", second), second
    assert page.locator("#chart tr[data-seat]").count() == 2
    assert "Game over" in state(page)["status"]
    page.click("#screen-end [data-ui=replay]")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("[data-replay=first]")
    wait_actions(page, 0)
    # Every token in its reserve: none on the valley, the players panel lists them.
    assert page.locator("#board [data-token]").count() == 0
    assert page.locator("#players li", has_text="In reserve: Base Camp").count() == 2
    assert page.locator(".py-error").count() == 0


