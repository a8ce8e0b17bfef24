"""Wiraqocha: the balance figures of wiraqocha-components.md section 5, and a long invariant run.

Equal medium bots play each other (each sees only its observation); the games are seeds
``seed``, ``seed + 1``, ... Printed per player count: how each of the three victories (and the
round cap) ends the games with 95% intervals, the first seat's wins against the fair share, each
seat's wins, the median game length in rounds, in turns and in minutes for people, the relics
found, the tiles never taken and the three taken in the fewest games. Games are played under
the newest rules edition. docs/wiraqocha/WIRAQOCHA.md's figures come from
bench/wiraqocha_market.py, which prints these and the market's; this script is the lighter run
of the victory split, and the long invariant run:

    nice -n 19 python3 bench/wiraqocha_balance.py mix --players 2,3,4 --games 100 --jobs 2
    nice -n 19 python3 bench/wiraqocha_balance.py mix --players 2,3,4 --games 100 --layout first
    nice -n 19 python3 bench/wiraqocha_balance.py invariants --games 2000 --jobs 2

Minutes for people are our estimate: 40 seconds a turn (a roll, a few placements).

``bots`` plays bots of different strengths against each other, the first bot of the seating
rotating through the seats (game ``i`` puts it in seat ``i mod players``), and prints each
bot's wins with 95% Wilson intervals, the share of the bots' actions that change nothing the
game scores (``bots.changes_nothing``: a protecting die that adds no protection, or one put
back no higher than the die taken back from the same tile that turn) and the CPU time a move.
``hard@4`` is hard with four times its playouts a move (``iterations``)::

    nice -n 10 python3 bench/wiraqocha_balance.py bots --seating hard,medium,medium,medium \
        --games 40 --seed 64000 --jobs 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from benchlib import bot_moves, wilson

from inca_core.wiraqocha.actions import Conquer, Lift, Roll
from inca_core.wiraqocha.bots import changes_nothing, make_bot
from inca_core.wiraqocha.data import TILE_ORDER
from inca_core.wiraqocha.spec import SPEC

#: Our estimate of a person's turn, for the game length in minutes.
SECONDS_PER_TURN = 40
VICTORIES = ("relics", "somnium", "leviathan", "rounds")


@dataclass
class Outcome:
    players: int
    winner: int
    reason: str
    rounds: int
    turns: int
    relics_found: int
    tiles_taken: frozenset[str]
    #: The seat that played first (drawn from the seed from rules edition 4).
    first: int = 0


def play(job: tuple[int, int, frozenset[str], str]) -> Outcome:
    """One game of ``players`` equal bots of ``strength`` on seed ``seed``."""
    players, seed, options, strength = job
    g = SPEC.new_game(players, seed=seed, options=options)
    bots = [make_bot(strength, seed * 31 + s) for s in range(players)]
    taken: set[str] = set()
    for move in bot_moves(g, bots):
        if isinstance(move.action, Conquer) and move.action.take in ("", "hostage"):
            taken.add(move.action.tile)
    return Outcome(players, g.winner, g.win_reason, g.round,
                   sum(isinstance(a, Roll) for a in g.actions),
                   4 - len(g.relic_on), frozenset(taken), g.first)


def _pct(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k:4d} {100 * k / n:5.1f}% ({100 * lo:4.1f}-{100 * hi:4.1f})"


def report(outcomes: list[Outcome]) -> str:
    """The figures of one player count as text."""
    n, games = outcomes[0].players, len(outcomes)
    lines = [f"{n} players, {games} games of equal medium bots"]
    reasons = Counter(o.reason for o in outcomes)
    for r in VICTORIES:
        lines.append(f"  {r:<10} {_pct(reasons[r], games)}")
    seats = Counter(o.winner for o in outcomes)
    lines.append(f"  seat 0     {_pct(seats[0], games)}   fair {100 / n:.1f}%")
    starter = sum(o.winner == o.first for o in outcomes)
    lines.append(f"  first player {_pct(starter, games)}   (the seat that played first)")
    lines.append("  seats      " + "  ".join(f"{seats[s]}" for s in range(n)))
    rounds = statistics.median(o.rounds for o in outcomes)
    turns = statistics.median(o.turns for o in outcomes)
    lines.append(f"  median length: {rounds:g} rounds, {turns:g} turns, about "
                 f"{turns * SECONDS_PER_TURN / 60:.0f} minutes for people")
    found = statistics.mean(o.relics_found for o in outcomes)
    lines.append(f"  relics found per game: {found:.2f}")
    taken = Counter(t for o in outcomes for t in o.tiles_taken)
    never = [t for t in TILE_ORDER if not taken[t]]
    lines.append(f"  tiles never taken: {', '.join(never) or 'none'}")
    rare = sorted(TILE_ORDER, key=lambda t: (taken[t], TILE_ORDER.index(t)))[:3]
    lines.append("  taken in fewest games: "
                 + ", ".join(f"{t} {100 * taken[t] / games:.1f}%" for t in rare))
    return "\n".join(lines)


def run_mix(args: argparse.Namespace) -> None:
    options = frozenset({"first_layout"}) if args.layout == "first" else frozenset()
    for players in (int(p) for p in args.players.split(",")):
        work = [(players, args.seed + i, options, args.strength) for i in range(args.games)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            outcomes = list(pool.map(play, work))
        print(f"[layout: {args.layout}] " + report(outcomes), flush=True)


def random_game(seed: int) -> int:
    """A random game (2-4 players, options by seed) checked after every action; its length."""
    players = 2 + seed % 3
    options = (frozenset(), frozenset({"prisoners", "caves"}), frozenset({"first_layout"}),
               frozenset({"prisoners"}))[seed % 4]
    g = SPEC.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, f"seed {seed}: no legal action"
        g.play(rng.choice(legal))
        steps += 1
        problems = g.problems()
        assert not problems, f"seed {seed}, action {steps}: {problems}"
    return steps


def run_invariants(args: argparse.Namespace) -> None:
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        steps = list(pool.map(random_game, seeds, chunksize=20))
    print(f"{len(steps)} random games (2-4 players, options mixed), {sum(steps)} actions: "
          "every invariant held after every action")


#: Hard's playouts a move at its default budget (12 candidates on 2 worlds, 4 on 6 more).
HARD_PLAYOUTS = 48


@dataclass
class BotGame:
    """One game of ``bots``: the seating as played (rotated), the winner's seat, and the
    bots' actions: all of them, those that changed nothing, and the CPU seconds of each move."""

    seating: tuple[str, ...]
    winner: int
    actions: int
    idle: int
    seconds: list[float]


def _bot(label: str, seed: int) -> tuple[Any, int | None]:
    strength, _, times = label.partition("@")
    return make_bot(strength, seed), (HARD_PLAYOUTS * int(times) if times else None)


def play_bots(job: tuple[tuple[str, ...], int]) -> BotGame:
    """One game of the seating ``labels`` on ``seed``, counting idle actions."""
    labels, seed = job
    g = SPEC.new_game(len(labels), seed=seed)
    bots = [_bot(label, seed * 31 + s) for s, label in enumerate(labels)]
    lifted: dict[str, int] = {}
    actions = idle = 0
    seconds: list[float] = []
    turn = g.turn
    for move in bot_moves(g, [bot for bot, _ in bots], iterations=[it for _, it in bots]):
        if g.turn != turn:  # the dice taken back are counted per turn
            lifted, turn = {}, g.turn
        seconds.append(move.seconds)
        actions += 1
        idle += changes_nothing(g, move.action, lifted)
        if isinstance(move.action, Lift):
            lifted[move.action.tile] = g.guard[move.action.tile]
    return BotGame(labels, g.winner, actions, idle, seconds)


def run_bots(args: argparse.Namespace) -> None:
    seating = tuple(args.seating.split(","))
    n = len(seating)
    work = []
    for i in range(args.games):
        shift = i % n  # the first bot of the seating sits in seat ``shift``
        labels = tuple(seating[(s - shift) % n] for s in range(n))
        work.append((labels, args.seed + i))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(play_bots, work))
    print(f"{args.games} games of {','.join(seating)} from seed {args.seed}, the first bot's "
          "seat rotating")
    for index, label in enumerate(seating):
        same = [i for i, other in enumerate(seating) if other == label]
        if same[0] != index:
            continue
        wins = sum(g.seating[g.winner] == label for g in games)
        share = len(same) / n
        lines = f"  {label:<8} x{len(same)} wins {_pct(wins, args.games)}   fair {100 * share:.1f}%"
        if len(same) > 1:
            lines += f", each {100 * wins / args.games / len(same):.1f}%"
        print(lines)
    actions = sum(g.actions for g in games)
    idle = sum(g.idle for g in games)
    print(f"  actions that change nothing the game scores: {_pct(idle, actions)} of {actions}")
    moves = sorted(t for g in games for t in g.seconds)
    p95 = moves[int(0.95 * (len(moves) - 1))]
    print(f"  CPU a move, all bots: mean {1000 * statistics.mean(moves):.0f} ms, p95 "
          f"{1000 * p95:.0f} ms, max {1000 * moves[-1]:.0f} ms ({len(moves)} moves)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    mix = sub.add_parser("mix", help="victories, seats and length of equal bots")
    mix.add_argument("--players", default="2,3,4")
    mix.add_argument("--games", type=int, default=100)
    mix.add_argument("--seed", type=int, default=0)
    mix.add_argument("--layout", choices=("random", "first"), default="random")
    mix.add_argument("--strength", default="medium")
    mix.add_argument("--jobs", type=int, default=2)
    inv = sub.add_parser("invariants", help="random games checked after every action")
    inv.add_argument("--games", type=int, default=2000)
    inv.add_argument("--seed", type=int, default=0)
    inv.add_argument("--jobs", type=int, default=2)
    duel = sub.add_parser("bots", help="bots of different strengths against each other")
    duel.add_argument("--seating", default="hard,medium,medium,medium",
                      help="strengths by seat (hard@4: hard at four times its playouts)")
    duel.add_argument("--games", type=int, default=40)
    duel.add_argument("--seed", type=int, default=64000)
    duel.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    {"mix": run_mix, "invariants": run_invariants, "bots": run_bots}[args.cmd](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
