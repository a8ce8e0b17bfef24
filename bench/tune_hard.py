"""Paired comparison of hard's evaluation weights: the same games against three medium bots,
once with the candidate weights and once with the baseline.

    python3 bench/tune_hard.py --weights labor=1.0,contest=0.0 --games 40 --seed 1000 \
        --iterations 1200 [--baseline FIELD=VALUE,...] [--jobs 2]

Both sides start from ``inca_core.empire.bots.WEIGHTS``; ``--weights`` and ``--baseline``
replace fields of ``inca_core.empire.bots.Weights``. Game ``i`` uses seed ``S + i`` with hard
in seat ``i mod 4``. Prints per
side the wins and the mean margin to the best medium, and the mean paired difference of margins
with its standard error (a win share needs hundreds of games to tell weights apart; the paired
margin needs far fewer).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pathlib
import sys
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from inca_core import make_bot, new_game
from inca_core.empire.bots import WEIGHTS, Weights


def weights_arg(text: str) -> Weights:
    """``labor=1.0,contest=0`` -> hard's weights with those fields replaced."""
    fields = {f.name for f in dataclasses.fields(Weights)}
    changes = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in fields:
            raise argparse.ArgumentTypeError(
                f"no weight {name!r}: one of {', '.join(sorted(fields))}")
        changes[name] = float(value)
    return dataclasses.replace(WEIGHTS, **changes)


def margin(job: tuple[int, int, int | None, Weights]) -> tuple[bool, int]:
    """Hard (with the given weights) in seat ``seat`` against three medium: won, and its score
    minus the best medium's."""
    seed, seat, iterations, weights = job
    game = new_game(4, seed=seed)
    bots = [make_bot("hard" if s == seat else "medium", seed * 31 + s) for s in range(4)]
    bots[seat].weights = weights
    while not game.is_over:
        s = game.current_player
        game.play(bots[s].choose(game.observation(s), game.legal_actions(),
                                 iterations=iterations))
    scores = game.scores
    best_rival = max(scores[s] for s in range(4) if s != seat)
    return game.ranking[0] == seat, scores[seat] - best_rival


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weights", type=weights_arg, required=True)
    parser.add_argument("--baseline", type=weights_arg, default=WEIGHTS)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=1200)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()

    sides = {"candidate": args.weights, "baseline": args.baseline}
    jobs = [(args.seed + i, i % 4, args.iterations, w)
            for i in range(args.games) for w in sides.values()]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(margin, jobs))
    candidate, baseline = results[0::2], results[1::2]
    for name, rows in (("candidate", candidate), ("baseline", baseline)):
        wins = sum(won for won, _ in rows)
        print(f"{name:<10} {sides[name]}\n{'':<10} wins {wins} / {len(rows)}, "
              f"mean margin to the best medium {sum(m for _, m in rows) / len(rows):+.1f}")
    diffs = [c[1] - b[1] for c, b in zip(candidate, baseline, strict=True)]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    print(f"paired margin difference (candidate - baseline): {mean:+.2f} "
          f"(standard error {sd / math.sqrt(len(diffs)):.2f}, {len(diffs)} games)")


if __name__ == "__main__":
    main()
