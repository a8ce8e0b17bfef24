"""Engine speed: random games, legal_actions mid-game, copy, observation and determinize.

    python3 bench/engine.py [--games 200] [--game empire|cardgame|wiraqocha]

Prints figures only (no pass/fail); the target is a random 4-player game of Inca Empire (the
default ``--game``) in <= 20 ms. Random games are played at the game's two largest player counts;
mid-game is Inca Empire's round 5 People phase, in the other games half-way through a random
4-player game (at most the game's largest count). Times are
CPU time of this process (``time.process_time``), so that other work on a shared machine
disturbs them less; ``--wall`` measures wall-clock time instead.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from benchlib import play_random

from inca_core import replay
from inca_core.protocol import GameSpec
from inca_core.shelf import GAMES

_clock = time.process_time


def _game_times(spec: GameSpec, players: int, games: int, seed: int) -> tuple[list[float], int]:
    times = []
    actions = 0
    for i in range(games):
        rng = random.Random(seed + i)
        start = _clock()
        game = play_random(spec.new_game(players, seed=seed + i), rng)
        times.append(_clock() - start)
        actions += len(game.actions)
    return times, actions


def _mid_game_positions(spec: GameSpec, count: int) -> list:
    players = min(4, spec.players[-1])
    positions = []
    for i in range(count):
        game = spec.new_game(players, seed=900 + i)
        rng = random.Random(i)
        if spec.id == "empire":
            while not (game.round == 5 and game.phase == "people"):
                game.play(rng.choice(game.legal_actions()))
        else:
            game = replay.position(play_random(game, rng), len(game.actions) // 2)
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
    parser.add_argument("--game", choices=list(GAMES), default="empire",
                        help="which game of the shelf (default: empire)")
    args = parser.parse_args()
    spec = GAMES[args.game]
    global _clock
    if args.wall:
        _clock = time.perf_counter
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {sys.version.split()[0]}; {'wall-clock' if args.wall else 'CPU'} time; "
          f"load average {load:.2f} on {os.cpu_count()} cores"
          + ("" if args.game == "empire" else f"; {spec.title}"))
    for players in sorted(spec.players, reverse=True)[:2]:
        times, actions = _game_times(spec, players, args.games, 1)
        ms = [t * 1000 for t in times]
        print(f"random {players}-player game: mean {statistics.mean(ms):.2f} ms, median "
              f"{statistics.median(ms):.2f} ms, max {max(ms):.2f} ms "
              f"({actions / args.games:.0f} actions/game, "
              f"{actions / sum(times):.0f} actions/s; {args.games} games)")
    positions = _mid_game_positions(spec, 20)

    def fresh_legal(g):
        if hasattr(g, "_legal"):  # Inca Empire keeps the legal actions until the next action
            g._legal = None
        g.legal_actions()

    where = "round 5 People phase" if args.game == "empire" else "half-way"
    print(f"legal_actions() mid-game ({where}, uncached): "
          f"{_per_call(fresh_legal, positions, 200) * 1e6:.1f} us "
          f"({statistics.mean(len(g.legal_actions()) for g in positions):.0f} actions)")
    print(f"copy(): {_per_call(lambda g: g.copy(), positions, 200) * 1e6:.1f} us")
    print(f"observation(): {_per_call(lambda g: g.observation(0), positions, 20) * 1e6:.0f} us")
    rng = random.Random(1)
    observations = [g.observation(g.current_player) for g in positions]
    per = _per_call(lambda o: spec.determinize(o, rng), observations, 20)
    print(f"determinize(): {per * 1e6:.0f} us")
    print(f"fingerprint(): {_per_call(lambda g: g.fingerprint(), positions, 20) * 1e6:.0f} us")


if __name__ == "__main__":
    main()
