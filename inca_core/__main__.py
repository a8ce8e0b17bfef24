"""Command line: ``python -m inca_core <command> ...``.

Each command is one function that adds its parser to :data:`COMMANDS`' subparsers and sets
``run``; add a command by writing such a function and listing it in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

from inca_core import review, save
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


def run_review(args: argparse.Namespace) -> int:
    """Review one seat's decisions in a saved game (docs/REVIEW.md)."""
    try:
        with open(args.file, "rb") as f:
            game = save.loads(f.read())
    except OSError as exc:
        args.parser.error(f"cannot read {args.file}: {exc.strerror}")
    except save.SaveError as exc:
        args.parser.error(f"{args.file}: {exc}")
    spec = GAMES[game.game_id]
    if not 0 <= args.seat < game.players:
        args.parser.error(f"--seat is 0 to {game.players - 1} in this game")
    if args.seconds is not None and args.seconds <= 0:
        args.parser.error("--seconds must be more than 0")
    if args.policy not in (None, "random", *spec.strengths):
        args.parser.error(f"--policy is random or one of {', '.join(spec.strengths)}")
    if args.worlds is not None and args.worlds < 2:
        args.parser.error("--worlds must be at least 2")
    result = review.review(game, args.seat, seed=args.seed,
                           worlds=args.worlds or review.DEFAULT_WORLDS, seconds=args.seconds,
                           policy=args.policy or review.DEFAULT_POLICY)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(review.table(result, game.names))
    return 0


def add_review(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("review", help="review one seat's decisions in a saved game")
    p.add_argument("file", help="a save of any game of the shelf, of any format")
    p.add_argument("--seat", type=int, required=True, help="the seat to review (0-based)")
    p.add_argument("--seconds", type=float, default=None,
                   help="the strongest bot's search time per decision (default: its own "
                        "budget, which repeats exactly)")
    p.add_argument("--worlds", type=int, default=None,
                   help="sampled worlds each decision is valued on")
    p.add_argument("--policy", default=None,
                   help="who plays the games on: random, or a bot strength of the game "
                        "(default: easy)")
    p.add_argument("--seed", type=int, default=0, help="the review's own seed")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run_review, parser=p)


COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [add_simulate, add_tournament,
                                                                  add_review]


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
