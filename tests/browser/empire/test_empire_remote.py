"""Play by link: two people on two devices (separate browser contexts, separate storage) and a bot.

Turns travel as the ``href`` of ``a#send-link``; each device plays only its own seats
(``body[data-device-seats]``) and keeps one saved game; stale, diverging, tampered and unknown
links change nothing that must stay.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from page_helpers import LEGAL_CONNECTION, open_page, press_at_centre, saved_entries, state

import inca_core
from inca_core import links

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "web"))
import turnlink  # noqa: E402  (the page's own turn link format, pure standard library)

NAMES = ("Ana", "Bo", "Cy")
SEATS = "human,human,easy"
SEND_BOX = "#send-turn"


def remote_url(base: str, seed: int = 7) -> str:
    return (
        f"{base}?new=1&players=3&seats={SEATS}&seed={seed}&names={','.join(NAMES)}"
        "&bot_time=0.05&remote=1&me=0"
    )


def import_file(page, text: str) -> None:
    page.set_input_files(
        "#import-file",
        files=[{"name": "turn.json", "mimeType": "application/json", "buffer": text.encode()}],
    )


def code_of(link: str) -> str:
    return parse_qs(link.partition("#")[2])["play"][0]


def open_link(page, link: str, fresh: bool = False) -> None:
    """Open a turn link in the page's tab (``fresh``: as a new load of the page, as from a
    message) and wait until the page has taken it (it clears the fragment at once)."""
    if fresh:
        page.goto("about:blank")
        open_page(page, link)
    else:
        page.evaluate("link => { location.hash = new URL(link).hash; }", link)
    page.wait_for_function("location.hash === ''")


def sent_link(page) -> str:
    """The turn link on offer, once the device waits for a person on another device."""
    page.locator(SEND_BOX).wait_for(state="visible", timeout=20_000)
    return page.locator("a#send-link").get_attribute("href")


def settled(page) -> None:
    """Wait until no play-back runs and the page has published the game it holds."""
    page.wait_for_selector("body:not([data-playback])", timeout=15_000)
    page.wait_for_function("document.body.dataset.actions !== undefined")


def hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")


def entries(page) -> list[dict]:
    return [json.loads(item.partition("=")[2]) for item in saved_entries(page)]


def press(page, click) -> None:
    """Do ``click`` and wait until the game has moved on (bots may add moves right after)."""
    before = state(page)["actions"]
    click()
    page.wait_for_function(f"Number(document.body.dataset.actions) > {before}")


def play_my_turn(page) -> None:
    """Play the turn of this device's person (a road, or a Sun card, then end or pass) and wait
    until the game waits for the other device."""
    roads = 0
    for _ in range(40):
        if page.locator(SEND_BOX).is_visible():
            return
        assert not page.locator("#pass-screen").is_visible()
        choices = page.eval_on_selector_all(
            "#actions [data-action]", "els => els.map(e => e.dataset.action)"
        )
        cards = page.locator("#hand [data-card][data-legal='1']")
        if cards.count():
            cards.first.click()
            press(page, lambda: page.locator("#sun [data-quadrant][data-legal='1']").first.click())
        elif roads == 0 and page.locator(LEGAL_CONNECTION).count() and "end" in choices:
            roads += 1
            before = state(page)["actions"]
            press_at_centre(page, page.locator(LEGAL_CONNECTION).first)
            page.wait_for_function(
                f"Number(document.body.dataset.actions) > {before} || "
                "document.querySelector(\"#actions [data-action^='road ']\") !== null"
            )
            if state(page)["actions"] == before:  # a choice: a free road or a bought one
                press(page, lambda: page.locator("#actions [data-action^='road ']").first.click())
        elif choices and choices[0] in ("end", "pass"):
            press(page, lambda kind=choices[0]: page.click(f"#actions [data-action='{kind}']"))
        else:
            page.wait_for_timeout(200)
    raise AssertionError("the turn did not pass to the other device")


def check_device(page, seat: int) -> None:
    """The device plays ``seat`` alone and shows that seat's hand only, as the engine deals it."""
    assert page.get_attribute("body", "data-device-seats") == str(seat)
    assert not page.locator("#pass-screen").is_visible()
    game = inca_core.loads(entries(page)[0]["save"])
    assert hand(page) == list(game.observation(seat)["hands"][seat])
    assert hand(page) != list(game.observation(1 - seat)["hands"][1 - seat])


@pytest.fixture
def second_device(browser, browser_context_args, site_guard):
    """A second browser context: another device with storage of its own."""
    context = browser.new_context(**browser_context_args)
    site_guard.watch(context)
    yield context.new_page()
    context.close()


def test_two_devices_play_by_links_with_a_bot_between(page, second_device, site_url):
    ana, bo = page, second_device
    open_page(ana, remote_url(site_url))
    assert ana.get_attribute("body", "data-device-seats") == "0"
    link = sent_link(ana)  # Bo moves first: Ana's device sends the game at once
    assert ana.locator("a#send-link").inner_text() == "Send to Bo"
    check_device(ana, 0)

    # Bo's device has never seen the game: it asks once who is playing here.
    open_page(bo, link)
    assert bo.locator("#claim").is_visible()
    assert bo.locator("#claim-seat").inner_text() == "I am Bo"
    bo.click("#claim-seat")
    settled(bo)
    check_device(bo, 1)

    for turn in range(4):
        player, other, seat = (bo, ana, 1) if turn % 2 == 0 else (ana, bo, 0)
        before = state(player)["actions"]
        play_my_turn(player)
        link = sent_link(player)
        received = links.decode(code_of(link))
        assert received.fingerprint() == state(player)["fingerprint"]
        if turn == 0:  # the bot (seat 2) played on Bo's device, and its moves are in the link
            replay = inca_core.new_game(players=3, seed=7, names=list(NAMES))
            movers = []
            for action in received.actions:
                movers.append(replay.current_player)
                replay.play(action)
            assert 2 in movers[before:] and movers[-1] == 2
        if turn < 3:
            open_link(other, link, fresh=turn == 0)
        else:  # the last turn goes as a file (the sender's "Save as file")
            with player.expect_download() as download:
                player.click("#send-turn [data-remote=file]")
            other.click("[data-ui=menu]")
            import_file(other, Path(download.value.path()).read_text("utf-8"))
            other.wait_for_selector("body[data-playback]")
        assert other.get_attribute("body", "data-playback") == "1"  # plays back the others' moves
        settled(other)
        assert state(other)["actions"] == len(received.actions)
        assert state(other)["fingerprint"] == received.fingerprint()
        check_device(other, 1 - seat)
        assert len(saved_entries(other)) == 1

    final = {state(p)["fingerprint"] for p in (ana, bo)}
    assert len(final) == 1
    for p in (ana, bo):
        (entry,) = entries(p)
        assert inca_core.loads(entry["save"]).fingerprint() in final
    assert links.decode(code_of(link)).fingerprint() in final
    assert [e["device"] for e in entries(ana)] == [[0]]
    assert [e["device"] for e in entries(bo)] == [[1]]
    assert all("device" not in json.loads(e["save"]) for e in entries(ana) + entries(bo))


# -- links made by the engine in the test process: stale, diverging, tampered, unknown -------


def game_after_bo(first: int = 0, seed: int = 7):
    """The page's game of ``remote_url`` after Bo's turn and the bot's (Bo's first action is his
    legal action number ``first``, then always the first legal one), as the engine plays it."""
    game = inca_core.new_game(players=3, seed=seed, names=list(NAMES))
    assert game.current_player == 1
    game.play(game.legal_actions()[first])
    while game.current_player != 0:
        game.play(game.legal_actions()[0])
    return game


def link_for(site_url: str, game, to: int = 0) -> str:
    turn = turnlink.TurnLink(links.encode(game), to, tuple(SEATS.split(",")), 0.05)
    return turnlink.url(site_url, turn)


def messages(page) -> str:
    return page.locator("#messages").inner_text()


def clear_messages(page) -> None:
    page.evaluate("document.getElementById('messages').replaceChildren()")


def test_a_newer_link_updates_the_game_and_a_stale_one_changes_nothing(page, site_url):
    open_page(page, remote_url(site_url))
    first = sent_link(page)
    newer = game_after_bo()
    open_link(page, link_for(site_url, newer))
    settled(page)
    assert state(page)["fingerprint"] == newer.fingerprint()
    (entry,) = entries(page)
    assert entry["device"] == [0]
    before = saved_entries(page)

    for stale in (first, link_for(site_url, newer)):  # older than the game here, then the same
        clear_messages(page)
        open_link(page, stale)
        page.wait_for_selector("#messages >> text=You already have this turn")
        assert state(page)["fingerprint"] == newer.fingerprint()
        assert saved_entries(page) == before
    page.click("[data-ui=menu]")
    clear_messages(page)
    import_file(page, turnlink.file_text(first, "empire", "Bo"))  # the same rules for files
    page.wait_for_selector("#messages >> text=You already have this turn")
    assert saved_entries(page) == before


def test_a_diverging_link_keeps_both_games(page, site_url):
    open_page(page, remote_url(site_url))
    mine = game_after_bo(first=0)
    open_link(page, link_for(site_url, mine))
    settled(page)
    before = saved_entries(page)
    theirs = game_after_bo(first=1)
    assert links.compare(mine, theirs) == "diverged"

    open_link(page, link_for(site_url, theirs))
    page.wait_for_selector("#messages >> text=two players answered the same turn", timeout=10_000)
    assert "Both games are kept" in messages(page)
    settled(page)
    assert state(page)["fingerprint"] == theirs.fingerprint()
    after = saved_entries(page)
    assert len(after) == 2 and before[0] in after  # the game here is untouched
    saves = sorted(inca_core.loads(e["save"]).fingerprint() for e in entries(page))
    assert saves == sorted([mine.fingerprint(), theirs.fingerprint()])
    assert [e["device"] for e in entries(page)] == [[0], [0]]


def test_a_tampered_or_damaged_link_is_refused_and_games_stay(page, site_url):
    open_page(page, remote_url(site_url))
    good = link_for(site_url, game_after_bo())
    before = saved_entries(page)
    code = code_of(good)
    middle = len(code) // 2
    flipped = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    for bad in (
        good.replace(code, flipped),  # one character changed
        good.replace(code, code[:-3]),  # cut short
        good.replace("to=0", "to=zero"),  # the part after the game damaged
    ):
        clear_messages(page)
        open_link(page, bad)
        page.wait_for_selector("#messages >> text=was not used")
        assert "Your saved games are unchanged" in messages(page)
        assert saved_entries(page) == before
        assert state(page)["actions"] == 0
    page.click("[data-ui=menu]")
    import_file(page, turnlink.file_text(good.replace(code, flipped), "empire", "Ana"))
    page.wait_for_selector("#messages >> text=This file was not used")
    assert saved_entries(page) == before


def test_an_unknown_game_asks_which_player_once(page, site_url):
    open_page(page, f"{site_url}?new=1&players=3&seats=human,easy,easy&seed=3&bot_time=0.05")
    page.click("[data-ui=menu]")  # a game of this device's own, which must stay as it is
    before = saved_entries(page)
    link = link_for(site_url, game_after_bo(), to=0)

    open_link(page, link)
    assert page.locator("#claim-title").inner_text() == "Which player are you?"
    assert page.locator("#claim-seat").inner_text() == "I am Ana"
    page.click("#claim button:has-text('Not now')")
    assert saved_entries(page) == before  # nothing saved without an answer

    open_link(page, link)
    page.click("#claim-seat")
    # The page held another game before: wait for the claimed one, not for any game.
    page.wait_for_selector("body[data-device-seats='0']", timeout=15_000)
    settled(page)
    after = saved_entries(page)
    assert len(after) == 2 and before[0] in after
    clear_messages(page)
    open_link(page, link)  # known now: no question again
    page.wait_for_selector("#messages >> text=You already have this turn")
    assert not page.locator("#claim").is_visible()
    assert saved_entries(page) == after


def test_the_start_form_starts_a_game_played_by_link(page, site_url):
    open_page(page, site_url)
    page.check("input[name=players][value='3']")
    page.select_option("select[name=seat-1]", "human")
    page.fill("input[name=name-1]", "Bo")
    assert page.locator("#remote-seats").is_hidden()
    page.check("#remote-play")
    boxes = page.locator("#remote-seat-rows input[name=me]")
    assert boxes.count() == 2  # one per person seat; bots play on whichever device sends
    assert page.locator("#remote-seat-rows").inner_text().split() == ["Player", "1", "Bo"]
    page.uncheck("#remote-me-0")
    page.click("#new-game [type=submit]")
    page.wait_for_selector("#messages >> text=Choose which player")  # no seat for this device
    page.check("#remote-me-1")
    page.click("#new-game [type=submit]")
    page.wait_for_selector("body[data-screen='game']")
    assert page.get_attribute("body", "data-device-seats") == "1"
    (entry,) = entries(page)
    assert entry["device"] == [1] and entry["seats"] == ["human", "human", "medium"]


