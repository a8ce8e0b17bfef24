"""Length of short links (``inca_core.links``) for finished games of every game on the shelf.

    python3 bench/link_length.py [--games 20] [--bots 4] [--seed 1] [--game ID]

For each game and player count: ``--games`` random games and ``--bots`` games between medium
bots, played to the end; prints the link length in characters (p50 and max) and the actions per
game. The target of issue 14: a finished 4-player Inca Empire game in <= 600 characters.
"""

from __future__ import annotations

import argparse
import random
import statistics

from benchlib import bot_moves, play_random

from inca_core import links
from inca_core.shelf import GAMES


def finished(game_id: str, players: int, seed: int, bots: bool):
    """A finished game of ``game_id``: random actions, or medium bots in every seat."""
    spec = GAMES[game_id]
    state = spec.new_game(players, seed=seed, options=frozenset(), names=None)
    if not bots:
        return play_random(state, random.Random(seed))
    for _move in bot_moves(state, [spec.make_bot("medium", seed * 8 + s)
                                   for s in range(players)]):
        pass
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--bots", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=sorted(GAMES), help="one game only (default: all)")
    args = parser.parse_args()
    print(f"{'game':<10}{'players':>8}{'play':>8}{'games':>7}{'actions':>9}"
          f"{'p50 chars':>11}{'max chars':>11}")
    for game_id, spec in GAMES.items():
        if args.game not in (None, game_id):
            continue
        for players in spec.players:
            for kind, count in (("random", args.games), ("medium", args.bots)):
                if not count:
                    continue
                sizes, moves = [], []
                for i in range(count):
                    state = finished(game_id, players, args.seed + i, kind == "medium")
                    sizes.append(len(links.encode(state)))
                    moves.append(len(state.actions))
                print(f"{game_id:<10}{players:>8}{kind:>8}{count:>7}"
                      f"{statistics.median(moves):>9.0f}{statistics.median(sizes):>11.0f}"
                      f"{max(sizes):>11}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
