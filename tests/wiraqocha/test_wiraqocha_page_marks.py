"""The page's marks of a Wiraqocha move (``web/games/wiraqocha/moments.py``) and the words
that ask before a loss (``words.departure``), over random games with every option on: every
kind of action on the valley marks the tiles the engine draws differently after it (the tile a
token flew from, a Flying Fortress left, a card's token changed hands on) and its own tile,
nothing else; the other kinds mark nothing."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from games.wiraqocha import moments

from inca_core.wiraqocha import svg, targets, words
from inca_core.wiraqocha.actions import Cave, Conquer, Swap
from inca_core.wiraqocha.spec import SPEC

OPTIONS = frozenset({"caves", "prisoners"})


def drawn_tiles(game) -> dict[str, str]:
    """Each tile as the engine draws it for anyone."""
    return {key: markup for key, markup in svg.render_parts(game.observation(None))
            if key.startswith("tile:")}


def random_games(seeds, steps=400):
    """(position before, position after) for each action of random games of 2 to 4."""
    for seed in seeds:
        game = SPEC.new_game(2 + seed % 3, seed, OPTIONS)
        rng = random.Random(seed)
        while not game.is_over and len(game.actions) < steps:
            before = game.copy()
            game.play(rng.choice(game.legal_actions()))
            yield before, game.copy()


def test_every_move_on_the_valley_marks_the_tiles_it_changed():
    kinds: Counter[str] = Counter()
    flights = 0
    for before, after in random_games(range(1, 8)):
        action = after.actions[-1]
        moment = moments.moment(after, moments.tile_parts(before))
        then, now = drawn_tiles(before), drawn_tiles(after)
        changed = {key[5:] for key in now if then[key] != now[key]}
        if isinstance(action, moments.ON_THE_VALLEY):
            kinds[type(action).__name__] += 1
            own = {targets.tile_of(action)} if targets.tile_of(action) else set()
            if isinstance(action, Swap):
                own = {after.where[before.turn][action.token]}
            assert changed | own == set(moment.marks), (action, changed, moment.marks)
            came = before.where[before.turn].get(getattr(action, "token", ""))
            flights += isinstance(action, Conquer) and came in after.layout
        else:
            assert moment.marks == (), action
    assert flights
    assert {"Conquer", "Protect", "Lift", "Swap", "Probe", "Ray", "Fortress", "Cave"} <= set(kinds)


def test_without_the_position_before_the_engine_replays_it():
    for n, (before, after) in enumerate(random_games([4], steps=120)):
        if n % 10 == 0:
            assert moments.moment(after) == moments.moment(after, moments.tile_parts(before))


def test_a_move_that_leaves_the_base_camp_s_or_a_protected_tile_says_so():
    said = Counter()
    for before, _ in random_games(range(1, 5), steps=300):
        seat = before.turn
        for action in before.legal_actions():
            gone = words.departure(before, action)
            token = action.token if isinstance(action, Conquer | Swap) else None
            if isinstance(action, Cave):
                token = next(t for t, p in before.where[seat].items() if p == "7"
                             and t.startswith(("E", "AE")))
            place = before.where[seat].get(token) if token else None
            plunder = isinstance(action, Conquer) and action.take not in ("", "hostage")
            leaves = place in before.layout and not plunder and (
                token == "B" or place in before.guard)
            assert bool(gone) == leaves, (action, gone)
            if leaves:
                said[token == "B"] += 1
                assert gone.startswith(words.tile_name(before, place))
                assert ("protecting" in gone) == (place in before.guard)
                assert f"(it leaves {gone})" in before.describe(action)
    assert said[True] and said[False]
