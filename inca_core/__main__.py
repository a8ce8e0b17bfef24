"""Command line: ``python -m inca_core <command> ...``.

Each command is one function that adds its parser to :data:`COMMANDS`' subparsers and sets
``run``; add a command by writing such a function and listing it in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from inca_core.shelf import GAMES
from inca_core.tournament import add_command as add_tournament
from inca_core.tournament import add_game_arguments, options_arg


def run_simulate(args: argparse.Namespace) -> int:
    """Play random legal games and print their speed."""
    spec = GAMES[args.game]
    players = args.players or spec.players[-1]
    if players not in spec.players:
        args.parser.error(f"{spec.title} is played by {' or '.join(map(str, spec.players))} "
                          f"players")
    options = options_arg(args.parser, spec, args.options)
    rng = random.Random(args.seed)
    actions = 0
    start = time.perf_counter()
    for i in range(args.games):
        game = spec.new_game(players, seed=args.seed + i, options=options, names=None)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"{args.games} random {players}-player games of {spec.title} in {elapsed:.3f} s: "
          f"{args.games / elapsed:.1f} games/s, {actions / elapsed:.0f} actions/s, "
          f"{1000 * elapsed / args.games:.2f} ms/game, {actions / args.games:.0f} actions/game")
    return 0


def add_simulate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play random legal games and print their speed")
    p.add_argument("--games", type=int, default=100)
    add_game_arguments(p)
    p.add_argument("--players", type=int, default=None,
                   help="number of players (default: the most the game allows)")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=run_simulate, parser=p)


COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [add_simulate, add_tournament]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m inca_core",
                                     description="Engine tools for the games of the shelf")
    sub = parser.add_subparsers(dest="command", required=True)
    for add in COMMANDS:
        add(sub)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
