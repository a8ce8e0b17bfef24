"""Why more search does not make Inca Empire's hard bot stronger: four measurements.

``choices``: People-phase and Sun-phase positions from games between medium bots; hard chooses
in each at several budgets (iterations) and with two seeds. Prints how often two choices agree
(two seeds at one budget: the search's noise; a budget against the longest: what more search
changes), the sampled games each budget searched, and the value the longest search gives up by
playing each budget's choice instead of its own; with deeper samples, how widely the paired
difference of two candidates' deeper values spreads against its mean.

``calibration``: at the start of every People phase of games between medium bots, each seat's
worth by the evaluation (from that seat's observation) against its final score. Prints per round
the error of the predicted margin to the seats' mean, its correlation with the real margin and
how often the seat valued most wins, for hard's weights, medium's and the score alone, and with
``--playouts K`` for the mean margin of K games played on to the end by easy's policy (every seat)
from games sampled from that seat's observation.

``width``: hard's three candidate first actions against more of them (no deeper replies); where
the two choose otherwise, a fresh search of the two choices measures what the wider one gains
after the rivals' replies.

``control``: whether the deeper replies' samples would be less noisy measured against their own
value at the bot's next decision (a control variate).

    python3 bench/empire/hard_diagnose.py choices --games 3 --positions 30 \
        --budgets 300,1200,4800,19200
    python3 bench/empire/hard_diagnose.py choices --games 2 --positions 16 --budgets 600,2400,9600 \
        --replies 3 --medium-rivals 1 [--rival-model own] [--deep-after 2400]
    python3 bench/empire/hard_diagnose.py calibration --games 40 [--playouts 4]
    python3 bench/empire/hard_diagnose.py width --games 3 --seed 7200 [--budget 9600 --wide 8]
    python3 bench/empire/hard_diagnose.py control --games 3 --seed 7100 [--samples 8]
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pathlib
import random
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # bench/, for benchlib

import benchlib

from inca_core import Action, make_bot, new_game
from inca_core.empire import components as C
from inca_core.empire.bots import (
    HARD,
    MEDIUM_WEIGHTS,
    WEIGHTS,
    Evaluator,
    Weights,
    _Hard,
    _TurnSearch,
    easy_on_game,
    horizon,
)
from inca_core.empire.game import determinize
from inca_core.search import run


def medium_games(games: int, seed: int):
    """Yield (game, observation, legal) at every decision of games between medium bots, then
    the finished game (with ``None`` for the rest)."""
    for i in range(games):
        game = new_game(4, seed=seed + i)
        bots = [make_bot("medium", (seed + i) * 10 + s) for s in range(4)]
        while not game.is_over:
            seat = game.current_player
            obs, legal = game.observation(seat), game.legal_actions()
            yield game, obs, legal
            game.play(bots[seat].choose(obs, legal))
        yield game, None, None


def choices(args: argparse.Namespace) -> None:
    budgets = [int(b) for b in args.budgets.split(",")]
    pool: list[tuple[dict, tuple[Action, ...]]] = []
    for _game, obs, legal in medium_games(args.games, args.seed):
        if obs is not None and len(legal) > 1 and obs["round_index"] > 0:
            pool.append((obs, legal))
    rng = random.Random(args.seed)
    people = [p for p in pool if p[1][0].kind != "sun"]
    sun = [p for p in pool if p[1][0].kind == "sun"]
    n_sun = args.positions // 4
    sample = (rng.sample(people, min(args.positions - n_sun, len(people)))
              + rng.sample(sun, min(n_sun, len(sun))))
    longest = budgets[-1]
    rows = []
    spreads: list[tuple[float, float]] = []
    start = time.process_time()
    for obs, legal in sample:
        row: dict = {"sun": legal[0].kind == "sun", "legal": len(legal)}
        for b in budgets:
            for bot_seed in (1, 2):
                if bot_seed == 2 and b == longest and not args.second_longest:
                    continue
                bot = make_bot("hard", bot_seed)
                bot.hard = dataclasses.replace(
                    bot.hard, replies=args.replies, medium_rivals=bool(args.medium_rivals),
                    rival_weights=(bot.weights if args.rival_model == "own"
                                   else bot.hard.rival_weights),
                    deep_after=args.deep_after, deep_rival_turns=args.deep_rival_turns,
                    deep_to_end=args.deep_to_end, deep_stop_round=args.deep_stop_round,
                    deep_rival_weights=(bot.weights if args.deep_rival_model == "own"
                                        else None))
                search = bot.start(obs, legal, iterations=b)
                run(search, seconds=None, begin=0.0)
                row[(b, bot_seed)] = search.best()
                row[("samples", b, bot_seed)] = search.samples
                if b == longest and bot_seed == 1:
                    spreads.extend(deep_spreads(getattr(search, "deep_values", {})))
                    samples = max(1, search.samples)
                    prior = getattr(search, "prior", {})
                    row["values"] = {a: v / samples + bot.hard.sun_prior * prior.get(a, 0.0)
                                     for a, v in search.totals.items()}
                    counts = getattr(search, "reply_counts", {})
                    if counts:  # with replies: the values after the rivals' replies
                        row["values"] = {a: search.reply_totals[a] / n
                                         for a, n in counts.items()}
        rows.append(row)
    spent = time.process_time() - start
    for kind, part in (("People phase", [r for r in rows if not r["sun"]]),
                       ("Sun phase", [r for r in rows if r["sun"]])):
        if not part:
            continue
        legal = sum(r["legal"] for r in part) / len(part)
        print(f"{kind}: {len(part)} positions, {legal:.1f} legal actions on average")
        for b in budgets:
            seeds = (sum(r[(b, 1)] == r[(b, 2)] for r in part) / len(part)
                     if (b, 2) in part[0] else math.nan)
            oracle = sum(r[(b, 1)] == r[(longest, 1)] for r in part) / len(part)
            lost = []
            for r in part:
                values = r["values"]
                best = values.get(r[(longest, 1)], 0.0)
                lost.append(best - values.get(r[(b, 1)], best - 10.0))
            samples = sum(r[("samples", b, 1)] for r in part) / len(part)
            print(f"  {b:>6} iterations: same choice with another seed {100 * seeds:5.1f}%, "
                  f"same as {longest} {100 * oracle:5.1f}%, value given up by the {longest} "
                  f"search's measure {sum(lost) / len(lost):5.2f} VP, "
                  f"{samples:.1f} sampled games searched")
    if spreads:
        sd = statistics.median(s for s, _m in spreads)
        mean = statistics.median(m for _s, m in spreads)
        print(f"  deeper samples at {longest}: the paired difference of two candidates' values "
              f"has a standard deviation of {sd:.1f} and a mean of {mean:.1f} (medians over "
              f"{len(spreads)} pairs)")
    print(f"{len(rows)} positions in {spent:.0f} s of CPU time")


def deep_spreads(deep: dict[Action, list[float]]) -> list[tuple[float, float]]:
    """For each pair of candidates with deeper samples: the standard deviation and the absolute
    mean of their paired differences over the samples both have."""
    out = []
    values = list(deep.values())
    for i, first in enumerate(values):
        for second in values[i + 1:]:
            diffs = [x - y for x, y in zip(first, second, strict=False)]
            if len(diffs) >= 2:
                out.append((statistics.stdev(diffs), abs(statistics.fmean(diffs))))
    return out


def playout_margin(obs: dict, rng: random.Random) -> float:
    """The viewer's final score minus the mean of the four in a game sampled from ``obs`` and
    played on to the end by easy's policy."""
    g = determinize(obs, rng)
    while not g.is_over:
        seat = g.current_player
        g.play(easy_on_game(g, seat, g.legal_actions(), rng))
    scores = g.scores
    return scores[obs["viewer"]] - sum(scores) / len(scores)


def calibration(args: argparse.Namespace) -> None:
    sides: dict[str, Weights | None] = {"hard": WEIGHTS, "medium": MEDIUM_WEIGHTS, "score": None}
    rng = random.Random(args.seed)
    # rows[name][round] -> list of (predicted margins, real margins) per position
    records: list[tuple[int, dict[str, list[float]], list[int] | None]] = []
    pending: list[tuple[int, dict[str, list[float]]]] = []
    last_phase: tuple[int, int] | None = None
    for game, obs, _legal in medium_games(args.games, args.seed):
        if obs is None:
            final = list(game.scores)
            records.extend((rnd, pred, final) for rnd, pred in pending)
            pending = []
            last_phase = None
            continue
        key = (game.round_i, game.phase_i)
        if game.phase != C.PEOPLE or key == last_phase:
            continue
        last_phase = key
        pred: dict[str, list[float]] = {}
        if args.playouts:
            pred["playouts"] = [
                sum(playout_margin(game.observation(seat), rng) for _ in range(args.playouts))
                / args.playouts for seat in range(4)]
        hz = horizon(game)
        for name, w in sides.items():
            values = []
            for seat in range(4):
                if w is None:
                    values.append(float(game.score[seat]))
                    continue
                ev = Evaluator(game.observation(seat), game, w)
                values.append(ev.seat_value(game, seat, hz))
            pred[name] = values
        pending.append((game.round_i + 1, pred))
    print(f"{args.games} games between medium bots, {len(records)} People phases; margin = a "
          f"seat's score (or worth) minus the mean of the four")
    names = [*sides, "playouts"] if args.playouts else list(sides)
    print(f"{'round':>5} {'positions':>9}  " + "  ".join(
        f"{name + ': error, corr, top wins':>30}" for name in names))
    for rnd in sorted({r for r, _p, _f in records}):
        part = [(p, f) for r, p, f in records if r == rnd]
        cells = []
        for name in names:
            err = 0.0
            xs, ys = [], []
            top = 0
            for pred, final in part:
                assert final is not None
                values = pred[name]
                mv = sum(values) / 4
                mf = sum(final) / 4
                for v, f in zip(values, final, strict=True):
                    xs.append(v - mv)
                    ys.append(f - mf)
                    err += ((v - mv) - (f - mf)) ** 2
                best = max(range(4), key=lambda s: values[s])
                top += final[best] == max(final)
            n = len(xs)
            corr = benchlib.corr(xs, ys)
            cells.append(f"{math.sqrt(err / n):8.1f} VP {corr:6.2f} {100 * top / len(part):6.0f}%")
        print(f"{rnd:>5} {len(part):>9}  " + "  ".join(f"{c:>30}" for c in cells))


def people_positions(args: argparse.Namespace) -> Iterator[tuple[dict, tuple[Action, ...]]]:
    """Every ``args.every``th People-phase position with four legal actions or more, from round 2
    on, of ``args.games`` games between medium bots from seed ``args.seed``."""
    seen = 0
    for _game, obs, legal in medium_games(args.games, args.seed):
        if obs is None or legal[0].kind == "sun" or len(legal) < 4 or obs["round_index"] < 1:
            continue
        seen += 1
        if seen % args.every == 0:
            yield obs, legal


def width(args: argparse.Namespace) -> None:
    """Hard (no deeper replies) with its default candidates against ``--wide`` of them, at
    :func:`people_positions`; where the two choose otherwise, a fresh search of just those two
    (another seed, three times the budget) measures the wider choice's gain after the rivals'
    replies."""
    positions = differ = 0
    gains: list[float] = []
    start = time.process_time()
    for obs, legal in people_positions(args):
        positions += 1
        chosen = []
        for replies in (HARD.replies, args.wide):
            bot = make_bot("hard", 1)
            bot.hard = dataclasses.replace(bot.hard, replies=replies, deep_after=0)
            chosen.append(run(bot.start(obs, legal, iterations=args.budget), seconds=None,
                              begin=0.0))
        narrow, wide = chosen
        if narrow == wide:
            continue
        differ += 1
        bot = make_bot("hard", 2)
        bot.hard = dataclasses.replace(bot.hard, deep_after=0)
        check = bot.start(obs, legal, iterations=3 * args.budget)
        assert isinstance(check, _Hard)
        check.candidates[:] = [narrow, wide]
        run(check, seconds=None, begin=0.0)
        mean = {a: check.reply_totals[a] / check.reply_counts[a] for a in check.reply_counts}
        gains.append(mean[wide] - mean[narrow])
        print(f"  {narrow} -> {wide}: {gains[-1]:+.2f} VP over {check.reply_counts[wide]} "
              "samples", flush=True)
    mean_gain = statistics.fmean(gains) if gains else 0.0
    print(f"{positions} positions at {args.budget} iterations: {HARD.replies} and {args.wide} "
          f"candidates choose otherwise in {differ}; the wider choice's mean gain after the "
          f"rivals' replies {mean_gain:+.2f} VP ({time.process_time() - start:.0f} s of CPU "
          "time)")


def control(args: argparse.Namespace) -> None:
    """Whether a deeper sample's value at the bot's next decision (the shorter replies' horizon)
    could serve as a control variate: at :func:`people_positions`, hard's candidates (searched
    to ``--budget``) are each played on in the same sampled games, first to the bot's next
    decision, then on to the end of the next People phase; per pair of candidates, the variance
    over the samples of the deeper paired difference, of the shorter one, and of the deeper minus
    the shorter."""
    rows: list[tuple[float, float, float]] = []
    start = time.process_time()
    for obs, legal in people_positions(args):
        search = make_bot("hard", 1).start(obs, legal, iterations=args.budget)
        assert isinstance(search, _Hard)
        run(search, seconds=None, begin=0.0)
        if len(search.candidates) < 2:
            continue
        short: dict[Action, list[float]] = {a: [] for a in search.candidates}
        deep: dict[Action, list[float]] = {a: [] for a in search.candidates}
        for _ in range(args.samples):
            g, ev = search._sample()
            turns = _TurnSearch(g, ev, search.me)
            while not turns.expand() and turns.evaluations < HARD.evaluations_per_sample:
                pass
            rivals = Evaluator(obs, g, HARD.rival_weights)
            for a in search.candidates:
                end = turns.best_turn(a) or run_units(search._finish_turn(g, a, ev))
                h = end.copy()
                short[a].append(run_units(search._rollout(h, ev, until_mine=True, rivals=rivals)))
                deep[a].append(run_units(search._rollout(h, ev, rivals=rivals)))
        for i, a in enumerate(search.candidates):
            for b in search.candidates[i + 1:]:
                d = [x - y for x, y in zip(deep[a], deep[b], strict=True)]
                s = [x - y for x, y in zip(short[a], short[b], strict=True)]
                rows.append((statistics.variance(d), statistics.variance(s),
                             statistics.variance([x - y for x, y in zip(d, s, strict=True)])))
    var_d, var_s, var_rest = (statistics.fmean(r[k] for r in rows) for k in range(3))
    print(f"{len(rows)} pairs of candidates, {args.samples} samples each: variance of the "
          f"deeper paired difference {var_d:.2f} VP^2 (median "
          f"{statistics.median(r[0] for r in rows):.2f}), of the shorter {var_s:.2f}, of the "
          f"deeper minus the shorter {var_rest:.2f} ({time.process_time() - start:.0f} s of CPU "
          "time)")


def run_units(units: Iterator[None]) -> Any:
    """The value a generator of units of work returns."""
    while True:
        try:
            next(units)
        except StopIteration as stop:
            return stop.value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("choices")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--budgets", default="300,1200,4800,19200")
    p.add_argument("--second-longest", action="store_true",
                   help="also run the longest budget with the second seed")
    p.add_argument("--seed", type=int, default=7000)
    p.add_argument("--replies", type=int, default=HARD.replies,
                   help="hard's replies (first actions played on per sampled game; 0: none)")
    p.add_argument("--medium-rivals", type=int, choices=(0, 1), default=int(HARD.medium_rivals),
                   help="hard's Sun rollouts model the rivals as medium (1) or not (0)")
    p.add_argument("--rival-model", choices=("medium", "own"), default="medium",
                   help="hard models the rivals by medium's evaluation or its own")
    p.add_argument("--deep-after", type=int, default=HARD.deep_after,
                   help="iterations after which hard's replies play on deeper (0: never)")
    p.add_argument("--deep-rival-model", choices=("medium", "own"), default="medium")
    p.add_argument("--deep-to-end", type=int, nargs="?", const=1, default=HARD.deep_to_end,
                   metavar="ROUND",
                   help="past --deep-after, from round ROUND on (1 if not given; 0: never) "
                        "play the deeper samples on to the end of the game")
    p.add_argument("--deep-stop-round", type=int, default=0,
                   help="with --deep-to-end, the round at whose start playouts stop (0: never)")
    p.add_argument("--deep-rival-turns", type=int, default=0,
                   help="positions each rival's turn search may evaluate in the deeper replies")
    c = sub.add_parser("calibration")
    c.add_argument("--games", type=int, default=40)
    c.add_argument("--seed", type=int, default=8000)
    c.add_argument("--playouts", type=int, default=0,
                   help="also predict by the mean of so many playouts to the end by easy")
    w = sub.add_parser("width")
    w.add_argument("--games", type=int, default=3)
    w.add_argument("--seed", type=int, default=7200)
    w.add_argument("--every", type=int, default=6)
    w.add_argument("--budget", type=int, default=9600)
    w.add_argument("--wide", type=int, default=8, help="candidates of the wider search")
    v = sub.add_parser("control")
    v.add_argument("--games", type=int, default=3)
    v.add_argument("--seed", type=int, default=7100)
    v.add_argument("--every", type=int, default=6)
    v.add_argument("--budget", type=int, default=2400)
    v.add_argument("--samples", type=int, default=8)
    args = parser.parse_args()
    {"choices": choices, "calibration": calibration, "width": width,
     "control": control}[args.what](args)


if __name__ == "__main__":
    main()
