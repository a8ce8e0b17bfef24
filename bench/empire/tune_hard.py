"""Paired comparison of two settings of Inca Empire's hard bot: the same games against three
rivals, once with the candidate in hard's seat and once with the baseline.

    python3 bench/empire/tune_hard.py --weights labor=1.0,contest=0.0 --games 40 --seed 1000 \\
        --iterations 1200 [--baseline FIELD=VALUE,...] [--jobs 2]
    python3 bench/empire/tune_hard.py --weights plain --games 30 --seed 5000 --iterations 2400
    python3 bench/empire/tune_hard.py --candidate-iterations 9600 --iterations 2400 --rivals hard

A side's weights are ``default`` (what hard plays with: the fitted weights per era of
``inca_core/empire/data/hard-weights.json`` if shipped, else ``inca_core.empire.bots.WEIGHTS``),
``plain`` (``WEIGHTS`` in every era) or ``FIELD=VALUE,...`` (fields of
``inca_core.empire.bots.Weights`` replaced in the default weights of every era).
``--candidate-iterations`` gives the candidate another budget than ``--iterations`` (the rivals' and
the baseline's); ``--replies`` and ``--baseline-replies`` set how many best turns per sampled game
each side plays on to see the rivals' replies (0: none, the earlier hard); ``--rival-model`` and
``--baseline-rival-model`` the evaluation each side's model of its rivals chooses by (``medium``'s
or its ``own``); past ``--deep-after`` iterations, ``--deep-to-end [ROUND]`` plays the candidate's
deeper samples on to the end of the game by easy's policy from round ROUND on (1 if not given;
``--deep-stop-round R``: those begun before round R stop at its start, valued by the evaluation) and
``--deep-own-turns N`` plays its own later turns in them by a turn search of N positions;
``--sun-iterations`` and ``--sun-candidates`` set the candidate's budget in the Sun phase and the
placements it plays out there; ``--deep-z Z`` sets how many standard errors the deeper samples' best
must lead the shorter replies' choice by to replace it (``deep_z``; hard at 2,400 never reaches
them, so only the candidate's play changes); ``--cheat`` lets the candidate see every hand and every
face-down Sun card (a diagnostic: what knowing the rivals' hidden cards is worth, the most better
guessing could gain; what no player sees, the deck's order and the unrevealed markers, stays dealt
at random). Hard rivals (``--rivals hard``) play with the baseline's setting. Game ``i`` uses seed
``S + i`` with the compared bot in seat ``i mod 4`` (``--first-game N`` goes on with a stopped run
from game ``N``; ``--from ROUND,PHASE`` plays the compared games only from that phase of that round
on, the game brought there by four hard bots (their defaults) with ``--prefix-iterations`` each,
their actions kept by seed in ``--prefix-cache`` so that every run from that start begins from the
same position: a cheap, far less noisy screen of a change that acts late in the game;
``--candidate-only`` plays only the candidate's games, and ``--pair BASELINE CANDIDATE`` pairs two
sets of such logs, each a comma-separated list of files, by game). Prints per side the wins and the
mean margin to the best rival, and the mean paired difference of margins with its standard error (a
win share needs hundreds of games to tell settings apart; the paired margin needs far fewer)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import pathlib
import re
import sys
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # bench/, for benchlib

import benchlib

from inca_core import Action, make_bot, new_game
from inca_core.empire import bots as empire_bots
from inca_core.empire.bots import (
    ERA_WEIGHTS,
    HARD,
    WEIGHTS,
    Bot,
    HardSettings,
    Weights,
    WeightsSpec,
)
from inca_core.empire.components import ROUNDS
from inca_core.empire.game import Game

#: bench/cache/, where ``--from`` keeps its starts.
BENCH_CACHE = benchlib.ROOT / "bench" / "cache"
#: The key under which a ``--cheat`` candidate's observation carries the true game.
TRUTH = "_truth"
_determinize = empire_bots.determinize


def _determinize_or_cheat(obs: dict, rng, board=None) -> Game:
    """A sample of the game ``obs`` shows; with the true game under ``TRUTH``, every hand and
    face-down Sun card as they truly are (the deck still shuffled at random)."""
    g = _determinize(obs, rng, board)
    truth = obs.get(TRUTH)
    if truth is not None:
        g.hands = [list(hand) for hand in truth.hands]
        g.qcards = [list(cards) for cards in truth.qcards]
        g.deck = list(truth.deck)
        rng.shuffle(g.deck)
    return g


empire_bots.determinize = _determinize_or_cheat  # type: ignore[assignment]


def default_weights() -> tuple[Weights, ...]:
    """Hard's weights in each era."""
    return ERA_WEIGHTS or (WEIGHTS,) * 4


def weights_arg(text: str) -> tuple[Weights, ...]:
    """``default``, ``plain`` or ``labor=1.0,contest=0`` -> hard's weights per era."""
    if text == "default":
        return default_weights()
    if text == "plain":
        return (WEIGHTS,) * 4
    fields = {f.name for f in dataclasses.fields(Weights)}
    changes = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in fields:
            raise argparse.ArgumentTypeError(
                f"no weight {name!r}: one of {', '.join(sorted(fields))}")
        changes[name] = float(value)
    return tuple(dataclasses.replace(w, **changes) for w in default_weights())


@dataclasses.dataclass(frozen=True)
class Side:
    """One setting of hard: its weights per era, its budget (and the Sun phase's, if other),
    how it searches, the model of the rivals it was asked for (for the printout), and whether it
    sees every hidden card (``--cheat``)."""

    weights: WeightsSpec
    iterations: int
    hard: HardSettings
    rival_model: str = "medium"
    sun_iterations: int | None = None
    cheat: bool = False

    def budget(self, legal: tuple[Action, ...]) -> int:
        """This side's budget for a decision among ``legal`` (the Sun phase's may differ)."""
        if self.sun_iterations is not None and legal[0].kind == "sun":
            return self.sun_iterations
        return self.iterations

    def bot(self, seed: int) -> Bot:
        """A hard bot with this setting."""
        bot = make_bot("hard", seed)
        bot.weights = self.weights
        bot.hard = self.hard
        return bot


def settings(weights: WeightsSpec, rival_model: str, deep_rival_model: str,
             **changes: object) -> HardSettings:
    """Hard's settings with ``changes``, its rivals' models (``medium``'s or its ``own``
    evaluation, before and past ``deep_after``) chosen by name."""
    return dataclasses.replace(
        HARD, rival_weights=weights if rival_model == "own" else HARD.rival_weights,
        deep_rival_weights=weights if deep_rival_model == "own" else HARD.rival_weights,
        **changes)  # type: ignore[arg-type]


def start_arg(text: str) -> tuple[int, int]:
    """``7,0`` -> (round 7, phase 0), for ``--from``."""
    try:
        round_, phase = (int(x) for x in text.split(","))
        if 1 <= round_ <= len(ROUNDS) and phase >= 0:
            return round_, phase
    except ValueError:  # not two whole numbers
        pass
    raise argparse.ArgumentTypeError(
        f"{text!r}: a round from 1 to {len(ROUNDS)} and a phase index from 0, as in 7,0")


@dataclasses.dataclass(frozen=True)
class Start:
    """Where the compared games begin (``--from``): the first decision at or past phase
    ``phase`` (its index in the round) of round ``round`` (1-7), reached by four hard bots with
    their defaults and ``iterations`` each; the actions are kept in ``cache`` (a folder) by seed,
    so the candidate's and the baseline's runs begin from the same position (clear the folder
    once hard's play changes)."""

    round: int
    phase: int
    iterations: int
    cache: pathlib.Path

    def reached(self, game: Game) -> bool:
        """Whether ``game`` is at or past this start."""
        return game.is_over or (game.round_i, game.phase_i) >= (self.round - 1, self.phase)

    def play(self, game: Game, seed: int) -> None:
        """Bring the new game ``game`` of ``seed`` to this start."""
        path = self.cache / f"{seed}-r{self.round}p{self.phase}-{self.iterations}.json"
        if path.exists():
            for text in json.loads(path.read_text()):
                game.play(Action.parse(text))
            return
        bots = [make_bot("hard", seed * 17 + s) for s in range(4)]
        while not self.reached(game):
            s = game.current_player
            assert s is not None  # the game is not over
            legal = game.legal_actions()
            game.play(bots[s].choose(game.observation(s), legal, iterations=self.iterations))
        self.cache.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}")
        part.write_text(json.dumps([str(a) for a in game.actions]))
        part.replace(path)  # whole or not at all, for another worker reading it


def margin(job: tuple[int, int, Side, str, Side, Start | None]) -> tuple[bool, int]:
    """The compared side in seat ``seat`` against three rivals (hard ones set as ``default``),
    from the start of the game or from ``start``: won, and its score minus the best rival's."""
    seed, seat, side, rivals, default, start = job
    game = new_game(4, seed=seed)
    if start is not None:
        start.play(game, seed)
    bots = [side.bot(seed * 31 + s) if s == seat
            else default.bot(seed * 31 + s) if rivals == "hard"
            else make_bot(rivals, seed * 31 + s) for s in range(4)]
    while not game.is_over:
        s = game.current_player
        assert s is not None  # the game is not over
        legal = game.legal_actions()
        budget = (side if s == seat else default).budget(legal)
        obs = game.observation(s)
        if s == seat and side.cheat:
            obs[TRUTH] = game
        game.play(bots[s].choose(obs, legal, iterations=budget))
    scores = game.scores
    best_rival = max(scores[s] for s in range(4) if s != seat)
    return game.ranking[0] == seat, scores[seat] - best_rival


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weights", type=weights_arg, default=default_weights())
    parser.add_argument("--baseline", type=weights_arg, default=default_weights())
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first-game", type=int, default=0,
                        help="go on with a run that stopped: play games from this one on")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=1200)
    parser.add_argument("--candidate-iterations", type=int, default=None,
                        help="the candidate's budget (default: --iterations)")
    parser.add_argument("--replies", type=int, default=HARD.replies,
                        help="the candidate's replies (turns played on per sample; 0: none)")
    parser.add_argument("--baseline-replies", type=int, default=HARD.replies)
    parser.add_argument("--medium-rivals", type=int, choices=(0, 1),
                        default=int(HARD.medium_rivals),
                        help="the candidate's Sun rollouts model rivals as medium (1) or not (0)")
    parser.add_argument("--baseline-medium-rivals", type=int, choices=(0, 1),
                        default=int(HARD.medium_rivals))
    parser.add_argument("--rivals", choices=("medium", "hard"), default="medium")
    parser.add_argument("--rival-model", choices=("medium", "own"), default="medium",
                        help="the candidate models the rivals by medium's evaluation or its own")
    parser.add_argument("--baseline-rival-model", choices=("medium", "own"), default="medium")
    parser.add_argument("--deep-after", type=int, default=HARD.deep_after,
                        help="iterations after which the candidate's replies play on deeper")
    parser.add_argument("--baseline-deep-after", type=int, default=HARD.deep_after)
    parser.add_argument("--deep-rival-model", choices=("medium", "own"), default="medium",
                        help="past --deep-after, the candidate models the rivals by medium's "
                             "evaluation or its own")
    parser.add_argument("--deep-rival-turns", type=int, default=0,
                        help="past --deep-after, positions each rival's turn search may "
                             "evaluate (0: the rivals choose one action at a time)")
    parser.add_argument("--deep-phases", type=int, default=HARD.deep_phases,
                        help="past --deep-after, People phases the candidate's deeper replies "
                             "play, the one under way included")
    parser.add_argument("--deep-to-end", type=int, nargs="?", const=1, default=HARD.deep_to_end,
                        metavar="ROUND",
                        help="past --deep-after, from round ROUND on (1 if not given; 0: never) "
                             "the candidate plays its deeper samples on to the end of the game "
                             "by easy's policy, valued by the final margin")
    parser.add_argument("--deep-stop-round", type=int, default=0,
                        help="with --deep-to-end, the round at whose start a playout begun "
                             "before it stops, valued by the evaluation (0: at the end)")
    parser.add_argument("--deep-own-turns", type=int, default=0,
                        help="past --deep-after, positions the candidate's turn search may "
                             "evaluate for each of its own later turns (0: one action at a time)")
    parser.add_argument("--deep-replies", type=int, default=0,
                        help="past --deep-after, first actions the candidate's deeper replies "
                             "compare (up to --replies: the same ones)")
    parser.add_argument("--sun-iterations", type=int, default=None,
                        help="the candidate's budget in the Sun phase (default: its budget)")
    parser.add_argument("--sun-candidates", type=int, default=HARD.sun_candidates,
                        help="Sun placements the candidate plays out (the best by card value)")
    parser.add_argument("--deep-z", type=float, default=HARD.deep_z,
                        help="the deeper samples' lead, in standard errors, that overrules the "
                             "shorter replies (every hard bot of the run; only past --deep-after)")
    parser.add_argument("--cheat", action="store_true",
                        help="the candidate sees every hand and face-down Sun card (a diagnostic)")
    parser.add_argument("--from", dest="start", metavar="ROUND,PHASE", type=start_arg,
                        help="play the compared games from the first decision at phase PHASE "
                             "(its index in the round, 0 = the Inca phase) of round ROUND, "
                             "reached by four hard bots with --prefix-iterations")
    parser.add_argument("--prefix-iterations", type=int, default=600)
    parser.add_argument("--prefix-cache", type=pathlib.Path,
                        default=BENCH_CACHE / "empire-hard-starts",
                        help="folder where the actions to each start are kept, by seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="print each pair of games")
    parser.add_argument("--candidate-only", action="store_true",
                        help="play only the candidate's games (printed one by one)")
    parser.add_argument("--pair", nargs=2, metavar=("BASELINE", "CANDIDATE"),
                        help="pair the games of two sets of --candidate-only logs (each a "
                             "comma-separated list of files) instead of playing")
    args = parser.parse_args()
    if args.pair:
        pair_logs(*(paths.split(",") for paths in args.pair))
        return

    candidate = settings(
        args.weights, args.rival_model, args.deep_rival_model, replies=args.replies,
        medium_rivals=bool(args.medium_rivals), deep_after=args.deep_after,
        deep_rival_turns=args.deep_rival_turns, deep_to_end=args.deep_to_end,
        deep_phases=args.deep_phases, sun_candidates=args.sun_candidates,
        deep_own_turns=args.deep_own_turns, deep_replies=args.deep_replies,
        deep_stop_round=args.deep_stop_round, deep_z=args.deep_z)
    baseline = settings(
        args.baseline, args.baseline_rival_model, "medium", replies=args.baseline_replies,
        medium_rivals=bool(args.baseline_medium_rivals), deep_after=args.baseline_deep_after,
        deep_rival_turns=0, deep_phases=HARD.deep_phases, deep_own_turns=0, deep_replies=0,
        deep_stop_round=0, deep_z=args.deep_z)
    sides = {"candidate": Side(args.weights, args.candidate_iterations or args.iterations,
                               candidate, args.rival_model, args.sun_iterations, args.cheat),
             "baseline": Side(args.baseline, args.iterations, baseline,
                              args.baseline_rival_model)}
    default = sides["baseline"]
    if args.candidate_only:  # the baseline's games were played by another run
        del sides["baseline"]
    start = None
    if args.start:
        round_, phase = args.start
        start = Start(round_, phase, args.prefix_iterations, args.prefix_cache)
    jobs = [(args.seed + i, i % 4, side, args.rivals, default, start)
            for i in range(args.first_game, args.games) for side in sides.values()]
    if args.candidate_only:
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for i, (won, m) in enumerate(pool.map(margin, jobs), start=args.first_game):
                print(f"game {i}: candidate {'won' if won else 'lost'} ({m:+d})", flush=True)
        return
    results = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, result in enumerate(pool.map(margin, jobs)):
            results.append(result)
            if args.verbose and i % 2:
                (cw, cm), (bw, bm) = results[-2:]
                print(f"game {i // 2}: candidate {'won' if cw else 'lost'} ({cm:+d}), "
                      f"baseline {'won' if bw else 'lost'} ({bm:+d})", flush=True)
    candidate, baseline = results[0::2], results[1::2]
    for name, rows in (("candidate", candidate), ("baseline", baseline)):
        side = sides[name]
        weights = side.weights if isinstance(side.weights, tuple) else (side.weights,)
        shown = weights[0] if len(set(weights)) == 1 else "per era: " + "; ".join(
            map(str, weights))
        wins = sum(won for won, _ in rows)
        print(f"{name:<10} {side.iterations} iterations, replies {side.hard.replies}, rivals "
              f"modelled in Sun rollouts {int(side.hard.medium_rivals)}, rivals' model "
              f"{side.rival_model}, deeper after {side.hard.deep_after}, {shown}\n"
              f"{'':<10} wins {wins} / {len(rows)} against three {args.rivals}, "
              f"mean margin to the best rival {sum(m for _, m in rows) / len(rows):+.1f}")
    print_paired([c[1] - b[1] for c, b in zip(candidate, baseline, strict=True)])


def print_paired(diffs: list[int]) -> None:
    """The mean paired difference of margins, with its standard error."""
    mean, se = benchlib.mean_se(diffs)
    print(f"paired margin difference (candidate - baseline): {mean:+.2f} "
          f"(standard error {se:.2f}, {len(diffs)} games)")


GAME_LINE = re.compile(r"game (\d+): candidate (won|lost) \(([+-]?\d+)\)")


def read_games(paths: list[str]) -> dict[int, tuple[bool, int]]:
    """Each game's result (won, margin) from the output of ``--candidate-only`` runs."""
    games = {}
    for path in paths:
        for line in pathlib.Path(path).read_text().splitlines():
            if found := GAME_LINE.match(line):
                games[int(found[1])] = (found[2] == "won", int(found[3]))
    return games


def pair_logs(baseline_paths: list[str], candidate_paths: list[str]) -> None:
    """Pair the games two sets of ``--candidate-only`` runs both played (the same seed set)."""
    baseline, candidate = read_games(baseline_paths), read_games(candidate_paths)
    common = sorted(set(baseline) & set(candidate))
    if not common:
        sys.exit("no game is in both sets of logs")
    for name, games in (("candidate", candidate), ("baseline", baseline)):
        wins = sum(games[i][0] for i in common)
        print(f"{name:<10} wins {wins} / {len(common)}, mean margin to the best rival "
              f"{sum(games[i][1] for i in common) / len(common):+.1f}")
    print_paired([candidate[i][1] - baseline[i][1] for i in common])


if __name__ == "__main__":
    main()
