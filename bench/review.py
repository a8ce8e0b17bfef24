"""The game review's figures (docs/REVIEW.md): speed, whether it tells planted random moves from
the strongest bot's own, how stable its labels are, and whether luck averages out.

Planted games: seat 0 plays the strongest bot's choices except at planted moves (a uniformly
random legal action at a decision with four or more, with probability ``--plant``), the other
seats play ``--rivals``. Seat 0 is reviewed at every planted decision and at as many of the bot's
own decisions with four or more legal actions; a sample of both is reviewed again with another
seed to count how often the label stays. Luck games: ``--luck-games`` games between ``--rivals``
bots, every seat's luck measured.

    nice -n 10 python3 bench/review.py --game wiraqocha --players 4 --games 2 --luck-games 2

Prints per game: seconds per decision (CPython), mean loss of planted and own moves with their
standard errors, the share of each judged ``inaccuracy`` or worse, the label agreement between
two seeds, each seat's mean luck with its standard error and the correlation of luck (and of
luck less the summed losses) with the result.
"""

from __future__ import annotations

import argparse
import random
import time

from benchlib import bot_moves, corr, mean_se

from inca_core import review
from inca_core.hint import strongest
from inca_core.search import bot_seed
from inca_core.shelf import GAMES

BAD = set(review.LABELS[review.LABELS.index("inaccuracy"):])


def planted_game(game_id: str, players: int, seed: int, plant: float, rivals: str,
                 seconds: float | None) -> tuple[object, list[int], list[int]]:
    """A finished game with planted moves for seat 0, its planted and own decision numbers."""
    spec = GAMES[game_id]
    game = spec.new_game(players, seed=seed)
    top = strongest(spec)
    bots = [spec.make_bot(top if s == 0 else rivals, bot_seed(seed, s)) for s in range(players)]
    rng = random.Random(f"plant:{seed}")
    planted, own = [], []
    while not game.is_over:
        seat = game.current_player
        legal = game.legal_actions()
        wide = seat == 0 and len(legal) >= 4
        if wide and rng.random() < plant:
            action = rng.choice(legal)
            planted.append(len(game.actions))
        else:
            action = bots[seat].choose(game.observation(seat), legal,
                                       seconds=seconds if seat == 0 else None)
            if wide:
                own.append(len(game.actions))
        game.play(action)
    return game, planted, own


def bench_planted(args: argparse.Namespace) -> None:
    planted_loss, own_loss, planted_bad, own_bad = [], [], [], []
    agree, pairs, seconds, decisions = 0, 0, 0.0, 0
    #: (win chance by the mapping, share of playouts won) of every move valued.
    calibration: list[tuple[float, float]] = []
    begin_all = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        game, planted, own = planted_game(args.game, args.players, seed, args.plant, args.rivals,
                                          args.seconds)
        print(f"  game {seed} played, {time.perf_counter() - begin_all:.0f} s", flush=True)
        rng = random.Random(seed)
        own = sorted(rng.sample(own, min(len(own), max(len(planted), 1))))
        begin = time.perf_counter()
        result = review.review(game, 0, seed=0, worlds=args.worlds, seconds=args.seconds,
                               luck=False, only=planted + own, policy=args.policy)
        seconds += time.perf_counter() - begin
        decisions += len(result.decisions)
        for d in result.decisions:
            calibration += [(d.played_value, d.played_wins), (d.best_value, d.best_wins)]
            bad = d.label in BAD
            (planted_loss if d.n in planted else own_loss).append(d.loss)
            (planted_bad if d.n in planted else own_bad).append(bad)
        again = sorted(rng.sample([d.n for d in result.decisions],
                                  min(args.stability, len(result.decisions))))
        second = review.review(game, 0, seed=1, worlds=args.worlds, seconds=args.seconds,
                               luck=False, only=again, policy=args.policy)
        first = {d.n: d.label for d in result.decisions}
        for d in second.decisions:
            pairs += 1
            agree += first[d.n] == d.label
        print(f"  game {seed}: {len(planted)} planted, {len(own)} own reviewed, "
              f"{time.perf_counter() - begin:.0f} s", flush=True)
    pm, ps = mean_se(planted_loss)
    om, os_ = mean_se(own_loss)
    print(f"{args.game} {args.players}p: {seconds / max(decisions, 1):.2f} s per decision "
          f"(CPython, {args.worlds} worlds, strongest bot's "
          f"{'own budget' if args.seconds is None else f'{args.seconds} s'})")
    print(f"  planted moves: mean loss {pm:.3f} +/- {ps:.3f} over {len(planted_loss)}, "
          f"{sum(planted_bad)}/{len(planted_bad)} inaccuracy or worse")
    print(f"  bot's own:     mean loss {om:.3f} +/- {os_:.3f} over {len(own_loss)}, "
          f"{sum(own_bad)}/{len(own_bad)} inaccuracy or worse")
    print(f"  ratio planted/own loss: {pm / om if om > 1e-9 else float('inf'):.1f}")
    print(f"  stability: {agree}/{pairs} labels the same with another seed", flush=True)
    gap = [abs(p - w) for p, w in calibration]
    bias = [p - w for p, w in calibration]
    print(f"  win-chance mapping against the playouts' own win share: mean |error| "
          f"{sum(gap) / len(gap):.3f}, mean error {sum(bias) / len(bias):+.3f} over "
          f"{len(gap)} moves", flush=True)


def bench_luck(args: argparse.Namespace) -> None:
    spec = GAMES[args.game]
    lucks: list[list[float]] = [[] for _ in range(args.players)]
    xs, ys = [], []
    begin = time.perf_counter()
    for i in range(args.luck_games):
        seed = args.seed + 1000 + i
        game = spec.new_game(args.players, seed=seed)
        bots = [spec.make_bot(args.rivals, bot_seed(seed, s)) for s in range(args.players)]
        for _move in bot_moves(game, bots):
            pass
        for seat in range(args.players):
            result = review.review(game, seat, seed=0, worlds=args.worlds, decisions=False,
                                   luck_worlds=args.luck_worlds, policy=args.policy)
            lucks[seat].append(result.luck)
            xs.append(result.luck)
            ys.append(float(game.ranking[0] == seat))
        print(f"  luck game {seed}: {[round(x, 2) for x in xs[-args.players:]]}, "
              f"winner {game.ranking[0]}, {time.perf_counter() - begin:.0f} s", flush=True)
    for seat in range(args.players):
        m, se = mean_se(lucks[seat])
        print(f"  seat {seat}: mean luck {m:+.3f} +/- {se:.3f} over {len(lucks[seat])} games")
    print(f"  correlation of luck with winning: {corr(xs, ys):.2f} over {len(xs)} seat-games",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2, help="planted games")
    parser.add_argument("--plant", type=float, default=0.2)
    parser.add_argument("--rivals", default="medium")
    parser.add_argument("--worlds", type=int, default=review.DEFAULT_WORLDS)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--policy", default=review.DEFAULT_POLICY,
                        help="the playouts' policy: random or a bot strength")
    parser.add_argument("--stability", type=int, default=10,
                        help="decisions per game reviewed again with another seed")
    parser.add_argument("--luck-games", type=int, default=0)
    parser.add_argument("--luck-worlds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.games:
        bench_planted(args)
    if args.luck_games:
        bench_luck(args)


if __name__ == "__main__":
    main()
