"""Fit hard's evaluation weights by self-play: positions from games between medium bots (or hard
ones), each seat's worth by the evaluation against its final score.

At the start of every People-phase turn of ``--games`` games between medium bots (with
``--players hard``: hard bots at ``--iterations`` a move; seeds from ``--seed``), the
evaluation predicts each seat's margin (its worth minus the mean of the four); the fit changes
one weight of ``inca_core.empire.bots.Weights`` at a time (coordinate descent) to lower the mean
squared error of the predicted margin against the final one, separately for each era (the worth
of labor and options changes as the game runs out). Games with seeds from ``--holdout`` (not
used by the fit) report the error before and after; an era whose held-out error falls by less
than 3% keeps the hand-set weights. With ``--write`` the weights go to
``inca_core/empire/data/hard-weights.json``, which hard reads.

    python3 bench/empire/fit_weights.py --games 60 --seed 9000 --holdout 9500 --holdout-games 20 \
        --write
    python3 bench/empire/fit_weights.py --players hard --iterations 1200 --games 30 --seed 9000 \
        --holdout 9500 --holdout-games 15 --passes 2
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pathlib
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # bench/, for benchlib

import benchlib

from inca_core import Action, make_bot, new_game
from inca_core.empire import components as C
from inca_core.empire.bots import WEIGHTS, WEIGHTS_FILE, Evaluator, Game, Weights, horizon

#: The weights the fit may change (the others set the rivals' share or rare penalties).
FITTED = ("labor", "option", "site", "exposed_road", "reach1", "reach2", "contest", "sapa")
#: Multipliers tried for a weight at each pass of the descent.
STEPS = (0.0, 0.5, 0.8, 1.25, 1.6, 2.0)
#: An era keeps the fitted weights only if they lower the held-out error by this share.
KEEP = 0.03

Sample = tuple[int, Game, dict, list[int]]


def one_game(seed: int, players: str, iterations: int) -> tuple[list[Action], list[int]]:
    """The actions of one game between four ``players`` bots (hard ones at ``iterations`` a
    move), and how many had been played at the start of each People-phase turn."""
    game = new_game(4, seed=seed)
    bots = [make_bot(players, seed * 10 + s) for s in range(4)]
    budget = iterations if players == "hard" else None
    starts = []
    last_turn = None
    for _move in benchlib.bot_moves(game, bots, iterations=budget):
        if game.phase == C.PEOPLE and game.turn_id != last_turn:
            last_turn = game.turn_id
            starts.append(len(game.actions))
    return game.actions, starts


def positions(games: int, seed: int, players: str = "medium", iterations: int = 600,
              jobs: int = 1) -> list[Sample]:
    """(era, position, observation, final scores) at the start of each People-phase turn of
    ``games`` games of :func:`one_game` from ``seed`` on (played in ``jobs`` processes,
    replayed here)."""
    play = partial(one_game, players=players, iterations=iterations)
    out = []
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for i, (actions, starts) in enumerate(pool.map(play, range(seed, seed + games))):
            game = new_game(4, seed=seed + i)
            marks = set(starts)
            mine = []
            for n, action in enumerate(actions):
                if n in marks:
                    mine.append((game.era, game.copy(), game.observation(game.current_player)))
                game.play(action)
            out.extend((era, g, obs, list(game.scores)) for era, g, obs in mine)
    return out


def loss(data: list[Sample], w: Weights) -> float:
    """Mean squared error of the predicted margins (worth minus the mean of the four) against
    the final ones, after scaling the predictions by the best factor (only the ratios of the
    terms matter to a choice; unscaled, a fit on noisy outcomes shrinks every term)."""
    sxy = sxx = syy = 0.0
    count = 0
    for _era, g, obs, final in data:
        ev = Evaluator(obs, g, w)
        hz = horizon(g)
        pos = ev.position(hz)
        access = ev.access(g)
        values = [ev.seat_value(g, s, hz, pos, access) for s in range(g.n)]
        mv = sum(values) / g.n
        mf = sum(final) / g.n
        for v, f in zip(values, final, strict=True):
            x, y = v - mv, f - mf
            sxy += x * y
            sxx += x * x
            syy += y * y
            count += 1
    return (syy - (sxy * sxy / sxx if sxx else 0.0)) / max(1, count)


def fit(data: list[Sample], start: Weights,
        passes: int) -> tuple[Weights, float]:
    """Coordinate descent from ``start``."""
    best, best_loss = start, loss(data, start)
    for _ in range(passes):
        improved = False
        for name in FITTED:
            value = getattr(best, name)
            tries = {round(value * m, 4) for m in STEPS} | ({0.1} if value == 0 else set())
            for v in sorted(tries - {value}):
                cand = dataclasses.replace(best, **{name: v})
                cand_loss = loss(data, cand)
                if cand_loss < best_loss - 1e-6:
                    best, best_loss, improved = cand, cand_loss, True
        if not improved:
            break
    return best, best_loss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--holdout", type=int, default=9500)
    parser.add_argument("--holdout-games", type=int, default=20)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--players", choices=("medium", "hard"), default="medium",
                        help="the bots whose games give the positions")
    parser.add_argument("--iterations", type=int, default=600,
                        help="with --players hard, their budget a move")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--write", action="store_true",
                        help=f"write the fitted weights to {WEIGHTS_FILE}")
    args = parser.parse_args()
    begin = time.perf_counter()
    more = {"players": args.players, "iterations": args.iterations, "jobs": args.jobs}
    train = positions(args.games, args.seed, **more)
    test = positions(args.holdout_games, args.holdout, **more)
    print(f"{len(train)} positions from {args.games} games, {len(test)} held out "
          f"({time.perf_counter() - begin:.0f} s)")
    eras = []
    for era in range(1, len(C.ERAS) + 1):
        part = [p for p in train if p[0] == era]
        held = [p for p in test if p[0] == era]
        w, train_loss = fit(part, WEIGHTS, args.passes)
        before, after = loss(held, WEIGHTS), loss(held, w)
        kept = after < (1 - KEEP) * before
        print(f"era {era}: {len(part)} positions; mean squared margin error, fitted data "
              f"{loss(part, WEIGHTS):.1f} -> {train_loss:.1f}, held out "
              f"{before:.1f} -> {after:.1f}: {'fitted' if kept else 'hand-set'} weights kept")
        if not kept:
            w = WEIGHTS
        print("    " + ", ".join(f"{n}={getattr(w, n)}" for n in FITTED))
        eras.append({n: getattr(w, n) for n in FITTED})
    print(f"{time.perf_counter() - begin:.0f} s in all")
    if args.write:
        command = "python3 bench/empire/fit_weights.py " + " ".join(sys.argv[1:])
        payload = {"command": command, "eras": eras}
        path = benchlib.ROOT / WEIGHTS_FILE
        path.write_text(json.dumps(payload, indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
