"""Engine speed: random games, legal_actions mid-game, copy, observation and determinize.

    python3 bench/engine.py [--games 200]

Prints figures only (no pass/fail); the target is a random 4-player game in <= 20 ms. Times are
CPU time of this process (``time.process_time``), so that other work on a shared machine
disturbs them less; ``--wall`` measures wall-clock time instead.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from inca_core import determinize, new_game

_clock = time.process_time


def _game_times(players: int, games: int, seed: int) -> tuple[list[float], int]:
    times = []
    actions = 0
    for i in range(games):
        rng = random.Random(seed + i)
        start = _clock()
        game = new_game(players, seed=seed + i)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
        times.append(_clock() - start)
        actions += len(game.actions)
    return times, actions


def _mid_game_positions(count: int) -> list:
    positions = []
    for i in range(count):
        game = new_game(4, seed=900 + i)
        rng = random.Random(i)
        while not (game.round == 5 and game.phase == "people"):
            game.play(rng.choice(game.legal_actions()))
        positions.append(game)
    return positions


def _per_call(fn, items, repeat: int) -> float:
    start = _clock()
    for _ in range(repeat):
        for item in items:
            fn(item)
    return (_clock() - start) / (repeat * len(items))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--wall", action="store_true", help="wall-clock instead of CPU time")
    args = parser.parse_args()
    global _clock
    if args.wall:
        _clock = time.perf_counter
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {sys.version.split()[0]}; {'wall-clock' if args.wall else 'CPU'} time; "
          f"load average {load:.2f} on {os.cpu_count()} cores")
    for players in (4, 3):
        times, actions = _game_times(players, args.games, 1)
        ms = [t * 1000 for t in times]
        print(f"random {players}-player game: mean {statistics.mean(ms):.2f} ms, median "
              f"{statistics.median(ms):.2f} ms, max {max(ms):.2f} ms "
              f"({actions / args.games:.0f} actions/game, "
              f"{actions / sum(times):.0f} actions/s; {args.games} games)")
    positions = _mid_game_positions(20)

    def fresh_legal(g):
        g._legal = None
        g.legal_actions()

    print(f"legal_actions() mid-game (round 5 People phase, uncached): "
          f"{_per_call(fresh_legal, positions, 200) * 1e6:.1f} us "
          f"({statistics.mean(len(g.legal_actions()) for g in positions):.0f} actions)")
    print(f"copy(): {_per_call(lambda g: g.copy(), positions, 200) * 1e6:.1f} us")
    print(f"observation(): {_per_call(lambda g: g.observation(0), positions, 20) * 1e6:.0f} us")
    rng = random.Random(1)
    observations = [g.observation(g.current_player) for g in positions]
    per = _per_call(lambda o: determinize(o, rng), observations, 20)
    print(f"determinize(): {per * 1e6:.0f} us")
    print(f"fingerprint(): {_per_call(lambda g: g.fingerprint(), positions, 20) * 1e6:.0f} us")


if __name__ == "__main__":
    main()
