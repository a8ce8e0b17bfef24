"""Every move since your last turn, for each game, started from the start screen by clicks with one
person and bots (and in hot-seat, two persons and a bot: each person's own last turn): on the
person's turn the board marks (``data-since``) every element the other
players' moves since the person's last move changed, each of those moves has its numbered badge
and its numbered log entry; a log entry hovered or focused marks its move (``data-hover``); the
pieces that gain a mark grow in (``data-fresh``), and not with reduced motion.

What is expected is worked out here from the autosaved game: who took each action from
``inca_core.replay.movers`` (not the log walk the page uses), what each changed from the games'
``moments``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from page_helpers import (
    import_save,
    open_entry,
    open_page,
    play_a_move,
    press_at_centre,
    start_from_form,
    wait_for_person,
)

import inca_core
from inca_core import replay, save
from inca_core.shelf import GAMES

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "web"))
from games.cardgame import moments as cardgame_moments
from games.empire import moments as empire_moments
from games.wiraqocha import moments as wiraqocha_moments

pytestmark = pytest.mark.browser

MOMENTS = {"empire": empire_moments.moment, "cardgame": cardgame_moments.moment,
           "wiraqocha": wiraqocha_moments.moment}
#: The board attributes that name an element (``kind:ID`` is ``data-kind=ID``; Wiraqocha's marks
#: are bare tile names).
ATTRS = ["data-connection", "data-region", "data-site", "data-quadrant", "data-cell", "data-link",
         "data-hut", "data-temple", "data-tile"]

READ = """([attrs, mark]) => {
  const named = (n) => attrs.filter(a => n.hasAttribute(a)).map(a => n.getAttribute(a));
  return {
    marked: [...document.querySelectorAll(`#board [${mark}]`)].flatMap(named),
    badges: [...document.querySelectorAll('#board .since-badge')].map(b => b.dataset.badge),
    log: [...document.querySelectorAll('#log [data-since]')].map(
      n => [Number(n.dataset.n), Number(n.dataset.since)]),
  };
}"""


def names(marks) -> set[str]:
    """The ids of the elements ``marks`` name (Inca Empire's printed board finds an element by
    its id alone: a region and a site may share one)."""
    return {mark.rpartition(":")[2] for mark in marks}


def since_moves(game, seat: int, moment) -> list[tuple[int, object]]:
    """The others' moves (action count, moment) after ``seat``'s last turn that changed
    something on the board (its turn in progress, if any, does not count)."""
    movers = replay.movers(game)
    before = len(movers)
    while before and movers[before - 1] in (seat, None):
        before -= 1
    mine = [k for k, mover in enumerate(movers[:before], start=1) if mover == seat]
    start = mine[-1] + 1 if mine else 1
    out = []
    for k in range(start, len(game.actions) + 1):
        found = moment(replay.position(game, k))
        if found is not None and found.marks and found.seat != seat:
            out.append((k, found))
    return out


ONE_PERSON = ("human", "easy", "easy")
#: Hot-seat: two persons at one device, each seeing the moves since their own last turn.
TWO_PERSONS = ("human", "human", "easy")


def play_until(page, moment, enough) -> tuple[object, list]:
    """Play moves by clicks (the bots answering) until ``enough(game, moves)`` holds of the saved
    game and the moves since its player to move's last turn, 16 moves at most; both, last."""
    for _ in range(16):
        play_a_move(page)
        wait_for_person(page)
        page.wait_for_timeout(300)  # the autosave's own task
        game = inca_core.loads(open_entry(page)["save"])
        moves = since_moves(game, game.current_player, moment)
        if enough(game, moves):
            break
    return game, moves


@pytest.mark.parametrize(("game_id", "seats"), [
    ("empire", ONE_PERSON), ("cardgame", ONE_PERSON), ("wiraqocha", ONE_PERSON),
    ("empire", TWO_PERSONS)], ids=["empire", "cardgame", "wiraqocha", "empire-hot-seat"])
def test_moves_since_the_persons_last_turn(page, site_url, game_id, seats):
    start_from_form(page, site_url, game_id, list(seats))
    moment = MOMENTS[game_id]
    people = {seat for seat, kind in enumerate(seats) if kind == "human"}
    # In hot-seat, wait for a turn whose moves since include the other person's.
    game, moves = play_until(page, moment, lambda game, moves: bool(
        game.current_player in people and moves
        and (len(people) == 1 or {m.seat for _, m in moves} & people)))
    assert moves, "the others never changed the board between two of the person's moves"
    seen = page.evaluate(READ, [ATTRS, "data-since"])
    # Every element a move since changed is marked, and nothing else.
    assert set(seen["marked"]) == set().union(*(names(m.marks) for _, m in moves))
    # One badge per move, numbered from 1 (the oldest); moves on one element share its badge.
    numbers = [int(n) for badge in seen["badges"] for n in badge.split(", ")]
    assert sorted(numbers) == list(range(1, len(moves) + 1))
    # The same numbers on those moves' log entries, oldest first.
    assert {tuple(pair) for pair in seen["log"]} == {
        (k, i) for i, (k, _) in enumerate(moves, start=1)}
    assert page.locator("#since-legend").is_visible() == (len(moves) > 1)

    # A log entry marks its move while hovered, and while focused; the pieces it marks grow in,
    # briefly, and not with reduced motion.
    count, latest = moves[-1]
    entry = page.locator(f"#log [data-n='{count}']").last
    entry.hover()
    assert set(page.evaluate(READ, [ATTRS, "data-hover"])["marked"]) == names(latest.marks)
    piece = "#board .pieces [data-hover]"
    assert page.locator(piece).count() > 0
    style = "(s) => { const c = getComputedStyle(document.querySelector(s));" \
            " return [c.animationName, c.animationDuration]; }"
    assert page.evaluate(style, piece) == ["since-in", "0.3s"]
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(style, piece)[0] == "none"
    page.locator("#status").hover()
    assert page.evaluate(READ, [ATTRS, "data-hover"])["marked"] == []
    entry.focus()
    assert set(page.evaluate(READ, [ATTRS, "data-hover"])["marked"]) == names(latest.marks)
    page.keyboard.press("ArrowUp")
    focused = page.evaluate("Number(document.activeElement.dataset.n)")
    assert focused <= count
    earlier = moment(replay.position(game, focused))
    assert set(page.evaluate(READ, [ATTRS, "data-hover"])["marked"]) == names(
        earlier.marks if earlier else ())
    page.evaluate("document.activeElement.blur()")
    assert page.evaluate(READ, [ATTRS, "data-hover"])["marked"] == []


def test_the_replay_shows_its_position_not_the_live_numbers(page, site_url):
    """Inca Empire with a person and bots: with the others' moves numbered on the board, the
    replay (opened and stepped back by clicks) shows no badge, ``data-since`` or legend of the
    live game, only the replayed action marked (``data-last``); closed, the live numbers are
    back."""
    start_from_form(page, site_url, "empire", list(ONE_PERSON))
    game, moves = play_until(page, empire_moments.moment, lambda _, moves: len(moves) >= 2)
    assert len(moves) >= 2, "the bots never changed the board twice between the person's moves"
    page.wait_for_selector("#board .since-badge")
    live = page.evaluate(READ, [ATTRS, "data-since"])
    assert live["marked"] and live["badges"] and live["log"]
    total = len(game.actions)

    press_at_centre(page, "#left-panel [data-ui=replay]")
    page.wait_for_selector("#replay-bar:not([hidden])")
    for pos in (total, total - 1, total - 2):
        if pos != total:
            press_at_centre(page, "[data-replay=back]")
        page.wait_for_function(f"document.body.dataset.replayPos === '{pos}'")
        page.evaluate(_FRAMES)  # badges are placed a frame after the board is drawn
        shown = page.evaluate(READ, [ATTRS, "data-since"])
        assert shown == {"marked": [], "badges": [], "log": []}, pos
        assert page.locator("#board [data-since], #log [data-since]").count() == 0, pos
        assert page.locator("#since-legend").is_hidden(), pos
        # The action just replayed is the one marked.
        found = empire_moments.moment(replay.position(game, pos))
        marked = set(page.evaluate(READ, [ATTRS, "data-last"])["marked"])
        assert marked == names(found.marks if found else ()), pos

    press_at_centre(page, "[data-replay=close]")
    page.wait_for_selector("#replay-bar", state="hidden")
    page.wait_for_selector("#board .since-badge")
    assert page.evaluate(READ, [ATTRS, "data-since"])["badges"] == live["badges"]


_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def save_near_the_end(seed: int = 4) -> str:
    """A 3-player Inca Empire save (a person, then two easy bots) at the person's last turn but
    one, played by easy bots in the test process."""
    seats = list(ONE_PERSON)
    spec = GAMES["empire"]
    game = spec.new_game(3, seed, frozenset(), None)
    bots = [spec.make_bot("easy", seed * 8 + seat) for seat in range(3)]
    turns: list[str] = []
    while not game.is_over:
        if game.current_player == 0 and (
            not game.actions or replay.movers(game)[-1] != 0):
            turns.append(save.dumps(game, seats))
        seat = game.current_player
        game.play(bots[seat].choose(game.observation(seat), game.legal_actions()))
    return turns[-2]


def test_the_end_screens_replay_shows_no_live_numbers(page, site_url):
    """The same from the end screen's "Replay this game", after the person's last moves."""
    open_page(page, site_url + "?pace=instant")
    import_save(page, save_near_the_end())
    for _ in range(60):
        page.wait_for_function(
            "() => document.body.dataset.screen === 'end' || "
            "document.querySelector(\"#screen-game [data-legal='1']\") !== null", timeout=60_000)
        if page.evaluate("document.body.dataset.screen") == "end":
            break
        play_a_move(page)
    page.wait_for_selector("body[data-screen='end']")
    total = page.evaluate("Number(document.body.dataset.actions)")
    game = inca_core.loads(open_entry(page)["save"])
    press_at_centre(page, "#screen-end [data-ui=replay]")
    page.wait_for_selector("#replay-bar:not([hidden])")
    for pos in (total, total - 1):
        if pos != total:
            press_at_centre(page, "[data-replay=back]")
        page.wait_for_function(f"document.body.dataset.replayPos === '{pos}'")
        page.evaluate(_FRAMES)
        assert page.evaluate(READ, [ATTRS, "data-since"]) == {
            "marked": [], "badges": [], "log": []}, pos
        assert page.locator("#since-legend").is_hidden(), pos
        found = empire_moments.moment(replay.position(game, pos))
        marked = set(page.evaluate(READ, [ATTRS, "data-last"])["marked"])
        assert marked == names(found.marks if found else ()), pos
