"""Bot speed: time per move of each strength, and how long one ``Search.step`` slice takes.

Positions are taken from games between medium bots (every bot decision of the sampled games)
of ``--game`` (default: Inca Empire); random, easy and medium choose in all of them, hard in a
sample of those with more than one legal action (in Inca Empire half People phase, half Sun
phase) with its default budget (Inca Empire's: 1 s of wall clock) or with ``--iterations``.
Prints mean / p95 / max per move, and for hard the iterations done per second and the longest
single ``step(0.05)`` call (the page's slice, timed as the page runs it: with Python's garbage
collector off).

    python3 bench/bots.py --games 2 --positions 40
    python3 bench/bots.py --game wiraqocha --games 1 --positions 10
    python3 bench/bots.py --games 1 --positions 10 --units   # also the longest units of work

``--units`` also steps hard with no time at all (one unit of work a step) on the same positions,
with Python's garbage collector off and then on, and prints the longest steps and collections. It
does so in a fresh interpreter that, like the page, has made a game but has not searched yet, so
that work done once on first use (a table built inside a search) counts as the page meets it.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import random
import time
from typing import Any

from benchlib import bot_moves, percentile

from inca_core.protocol import GameSpec
from inca_core.shelf import GAMES


def positions(spec: GameSpec, games: int, players: int,
              seed: int) -> list[tuple[dict, tuple[Any, ...]]]:
    """Observations and legal actions met in games between medium bots."""
    out = []
    for i in range(games):
        game = spec.new_game(players, seed=seed + i)
        bots = [spec.make_bot("medium", seed + i * 10 + s) for s in range(players)]
        out.extend((move.observation, move.legal) for move in bot_moves(game, bots))
    return out


def summary(times: list[float]) -> str:
    mean = 1000 * sum(times) / len(times)
    return (f"mean {mean:7.1f} ms, p95 {1000 * percentile(times, 95):7.1f} ms, "
            f"max {1000 * max(times):7.1f} ms")


def is_sun(legal: tuple[Any, ...]) -> bool:
    """Whether ``legal`` are an Inca Empire Sun phase's placements."""
    return getattr(legal[0], "kind", None) == "sun"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(GAMES), default="empire",
                        help="which game of the shelf (default: empire)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=40,
                        help="positions sampled for hard (the others use all)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="hard's budget (default: its 1 s wall-clock budget)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--units", action="store_true",
                        help="also the longest units of work, garbage collector on and off")
    args = parser.parse_args()
    spec = GAMES[args.game]
    if args.players not in spec.players:
        parser.error(f"{spec.title} is played by {' or '.join(map(str, spec.players))} players")
    empire = args.game == "empire"
    pool = positions(spec, args.games, args.players, args.seed)
    people = [p for p in pool if not is_sun(p[1])]
    print(f"{len(pool)} positions from {args.games} medium games"
          + (f" ({len(people)} People phase, {len(pool) - len(people)} Sun phase)"
             if empire else f" of {spec.title}"))
    for strength in ("random", "easy", "medium"):
        bot = spec.make_bot(strength, 1)
        times = []
        for obs, legal in pool:
            start = time.perf_counter()
            bot.choose(obs, legal)
            times.append(time.perf_counter() - start)
        print(f"{strength:<7} {summary(times)}")
    rng = random.Random(args.seed)
    choices = [p for p in pool if len(p[1]) > 1]
    if empire:
        sun = [p for p in choices if is_sun(p[1])]
        people = [p for p in choices if not is_sun(p[1])]
        half = args.positions // 2
        sample = rng.sample(people, min(half, len(people))) + rng.sample(sun, min(half, len(sun)))
    else:
        sample = rng.sample(choices, min(args.positions, len(choices)))
    bot = spec.make_bot("hard", 1)
    times, rates = [], []
    for obs, legal in sample:
        start = time.perf_counter()
        bot.choose(obs, legal, iterations=args.iterations)
        times.append(time.perf_counter() - start)
    budget = f"{args.iterations} iterations" if args.iterations else (
        "default 1 s budget" if empire else "default budget")
    print(f"hard    {summary(times)}  ({budget}, {len(sample)} positions with a choice"
          + (", half People phase, half Sun phase)" if empire else ")"))
    slices = []
    for obs, legal in sample[:5] + sample[-5:]:
        search = bot.start(obs, legal)
        done, spent = False, 0.0
        gc.disable()  # as on the page while a bot thinks (docs/PAGE.md)
        while not done and spent < 1.0:
            start = time.perf_counter()
            done = search.step(0.05)
            took = time.perf_counter() - start
            slices.append(took)
            spent += took
        gc.enable()
        rates.append(search.iterations / spent if spent else 0.0)
    print(f"hard step(0.05) slices: {summary(slices)}; "
          f"{sum(rates) / len(rates):.0f} iterations/s")
    if args.units:
        with multiprocessing.get_context("spawn").Pool(1) as fresh:
            fresh.apply(units, (args.game, sample, args.iterations or 9600, args.players))


def units(game_id: str, sample: list[tuple[dict, tuple[Any, ...]]], iterations: int,
          players: int) -> None:
    """The longest units of work of hard's search (``step(0.0)`` does one), with the garbage
    collector off and then on, and the longest collections; the first searches of the process
    come after a game is made, as on the page."""
    spec = GAMES[game_id]
    spec.new_game(players, seed=0)
    bot = spec.make_bot("hard", 1)
    pauses: list[float] = []
    began = [0.0]

    def watch(phase: str, _info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses.append(time.perf_counter() - began[0])

    gc.callbacks.append(watch)
    for collector in ("off", "on"):
        if collector == "off":
            gc.disable()
        else:
            gc.enable()
        steps = []
        for obs, legal in sample:
            search = bot.start(obs, legal, iterations=iterations)
            done = False
            while not done:
                start = time.perf_counter()
                done = search.step(0.0)
                steps.append(time.perf_counter() - start)
        steps.sort(reverse=True)
        print(f"hard units of work at {iterations} iterations, garbage collector {collector}: "
              "longest " + ", ".join(f"{1000 * d:.1f}" for d in steps[:5]) + " ms", flush=True)
    gc.callbacks.remove(watch)
    pauses.sort(reverse=True)
    print(f"garbage collections: {len(pauses)}, longest "
          + ", ".join(f"{1000 * d:.1f}" for d in pauses[:5]) + " ms")


if __name__ == "__main__":
    main()
