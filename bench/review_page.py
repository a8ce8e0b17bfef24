"""The page's review at its default (``review.PAGE_SETTINGS``, docs/REVIEW.md "On the page"):
one seat of a game between ``--rivals`` bots reviewed in 15 ms steps as the page runs it (the
collector's full passes off, the young generations collected before each step), in CPython.

    nice -n 10 python3 bench/review_page.py --players 4 --games 1

Prints per game: its actions, the seat's decisions, the seconds of the whole review and of its
decisions and luck phases, and the longest step (the unit a step cannot cut)."""

from __future__ import annotations

import argparse
import gc
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from inca_core import review
from inca_core.shelf import GAMES

SLICE = 0.015


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--rivals", default="medium")
    args = parser.parse_args()
    for game_id in args.game or list(GAMES):
        spec = GAMES[game_id]
        for seed in range(11, 11 + args.games):
            game = spec.new_game(args.players, seed=seed)
            bots = {s: spec.make_bot(args.rivals, seed * 8 + s) for s in range(args.players)}
            while not game.is_over:
                legal = game.legal_actions()
                seat = game.current_player
                game.play(legal[0] if len(legal) == 1 or seat is None
                          else bots[seat].choose(game.observation(seat), legal))
            gc.disable()
            reviewer = review.Reviewer(game, 0, **review.PAGE_SETTINGS)
            phases: dict[str, float] = {}
            longest = 0.0
            begin = time.perf_counter()
            while True:
                start = time.perf_counter()
                gc.collect(1)
                done = reviewer.step(SLICE)
                spent = time.perf_counter() - start
                longest = max(longest, spent)
                phases[reviewer.phase] = phases.get(reviewer.phase, 0.0) + spent
                if done:
                    break
            total = time.perf_counter() - begin
            gc.enable()
            gc.collect()
            print(f"{game_id} {args.players} players seed {seed}: {len(game.actions)} actions, "
                  f"{reviewer.decisions} decisions of seat 0, {total:.1f} s "
                  f"(decisions {phases.get('decisions', 0):.1f}, luck "
                  f"{phases.get('luck', 0):.1f}), longest step {1000 * longest:.0f} ms")


if __name__ == "__main__":
    main()
