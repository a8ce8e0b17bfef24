"""Bot tournaments: whole games between bots, and the ``tournament`` command.

Each bot is handed only its player's observation and the legal actions (see
:mod:`inca_core.search`). Seats rotate from game to game so every bot type plays every seat. The
bot in seat ``s`` of the game of seed ``g`` gets the seed ``search.bot_seed(g, s)`` (the page
builds the same bots), or ``search.bot_seed(b, s)`` when a bot seed ``b`` is given.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from inca_core.protocol import GameSpec
from inca_core.search import bot_seed as seat_bot_seed
from inca_core.shelf import GAMES, INFOS


@dataclass
class GameResult:
    """One finished bot game: who sat where, final scores and ranking, seconds per move."""

    seed: int
    strengths: tuple[str, ...]
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    move_times: list[list[float]]
    #: Each seat's place (0: first): the game's ``places`` where tied players may share one,
    #: else the order of its ranking (its own rule breaks every tie). None: from the ranking.
    places: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.places is None:
            order = {seat: r for r, seat in enumerate(self.ranking)}
            self.places = tuple(order[s] for s in range(len(self.ranking)))

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won, in ranking order: more than one when they share the first
        place (no single winner of a shared win)."""
        assert self.places is not None
        return tuple(s for s in self.ranking if self.places[s] == 0)


def play_game(strengths: Sequence[str], seed: int, *, iterations: int | None = None,
              seconds: float | None = None, variants: frozenset[str] = frozenset(),
              bot_seed: int | None = None, game_id: str,
              edition: int | None = None) -> GameResult:
    """Play a whole game of ``game_id`` with one bot of ``strengths[seat]`` per seat;
    ``variants`` are the game's options, ``edition`` its rules edition (default: the newest)."""
    spec = GAMES[game_id]
    game = spec.new_game(len(strengths), seed=seed, options=variants, names=None,
                         edition=spec.edition if edition is None else edition)
    base = seed if bot_seed is None else bot_seed
    bots = [spec.make_bot(s, seat_bot_seed(base, seat)) for seat, s in enumerate(strengths)]
    times: list[list[float]] = [[] for _ in strengths]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        observation = game.observation(seat)
        start = time.perf_counter()
        action = bots[seat].choose(observation, legal, iterations=iterations, seconds=seconds)
        times[seat].append(time.perf_counter() - start)
        game.play(action)
    places = getattr(game, "places", None)
    return GameResult(seed, tuple(strengths), game.scores, game.ranking, times,
                      None if places is None else tuple(places))


@dataclass
class TypeStats:
    """Totals of one bot type over a tournament."""

    strength: str
    seats: int
    games: int = 0
    #: Games won; a win shared by k players counts 1/k to each (in every game).
    wins: float = 0
    score_total: int = 0
    rank_total: int = 0
    seat_games: int = 0
    move_times: list[float] = field(default_factory=list)

    @property
    def win_share(self) -> float:
        """Share of the games won by a bot of this type."""
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval of the win share."""
        return wilson(self.wins, self.games)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for ``wins`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def parse_players(text: str, spec: GameSpec) -> tuple[str, ...]:
    """``hard,medium,medium,medium`` -> the strengths by seat, checked against ``spec``'s
    strengths and player counts."""
    players = tuple(p.strip() for p in text.split(",") if p.strip())
    unknown = [p for p in players if p not in spec.strengths]
    if unknown:
        raise ValueError(f"unknown bot type(s): {', '.join(unknown)}; "
                         f"choose from {', '.join(spec.strengths)}")
    if len(players) not in spec.players:
        raise ValueError(f"{spec.title} is played by "
                         f"{' or '.join(map(str, spec.players))} players, not {len(players)}")
    return players


def _seating(players: Sequence[str], i: int) -> tuple[str, ...]:
    """The seats of game ``i``: ``players`` rotated by ``i``."""
    n = len(players)
    return tuple(players[(k + i) % n] for k in range(n))


def _play_job(job: tuple[tuple[str, ...], int, int | None, float | None, frozenset[str], str,
                         int | None]) -> GameResult:
    seating, seed, iterations, seconds, variants, game_id, edition = job
    return play_game(seating, seed, iterations=iterations, seconds=seconds, variants=variants,
                     game_id=game_id, edition=edition)


def run_tournament(players: Sequence[str], games: int, seed: int, *,
                   iterations: int | None = None, seconds: float | None = None,
                   variants: frozenset[str] = frozenset(), jobs: int = 1,
                   progress: Callable[[int, GameResult], None] | None = None,
                   game_id: str, edition: int | None = None) -> dict[str, TypeStats]:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, ...), rotating the seats.

    ``jobs`` > 1 plays that many games at once in worker processes; the games and so the
    results are the same as with one job (only the move times change with the load).
    """
    stats = {s: TypeStats(s, players.count(s)) for s in dict.fromkeys(players)}
    work = [(_seating(players, i), seed + i, iterations, seconds, variants, game_id, edition)
            for i in range(games)]
    for i, result in enumerate(_results(work, jobs)):
        assert result.places is not None
        rank_of = dict(enumerate(result.places))
        for st in stats.values():
            st.games += 1
        for seat in result.winners:
            stats[result.strengths[seat]].wins += 1 / len(result.winners)
        for seat, strength in enumerate(result.strengths):
            st = stats[strength]
            st.seat_games += 1
            st.score_total += result.scores[seat]
            st.rank_total += rank_of[seat] + 1
            st.move_times.extend(result.move_times[seat])
        if progress is not None:
            progress(i, result)
    return stats


def _results(work: list, jobs: int) -> Iterator[GameResult]:
    """The games' results in order, played by ``jobs`` processes."""
    if jobs <= 1 or len(work) <= 1:
        yield from map(_play_job, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_job, work)


def report(stats: dict[str, TypeStats], players: Sequence[str]) -> str:
    """The results as a plain-text table."""
    n = len(players)
    lines = [f"{'bot':<8}{'seats':>6}{'games':>7}{'wins':>6}{'win share':>11}"
             f"{'95% interval':>17}{'fair':>7}{'avg score':>11}{'avg rank':>10}"
             f"{'ms/move':>9}{'p95 ms':>8}{'max ms':>8}"]
    for st in stats.values():
        lo, hi = st.interval()
        times = sorted(st.move_times)
        mean = 1000 * sum(times) / len(times) if times else 0.0
        p95 = 1000 * times[int(0.95 * (len(times) - 1))] if times else 0.0
        worst = 1000 * times[-1] if times else 0.0
        lines.append(
            f"{st.strength:<8}{st.seats:>6}{st.games:>7}{st.wins:>6.4g}{st.win_share:>10.1%}"
            f"{f'{lo:.1%} - {hi:.1%}':>17}{st.seats / n:>7.0%}"
            f"{st.score_total / max(1, st.seat_games):>11.1f}"
            f"{st.rank_total / max(1, st.seat_games):>10.2f}"
            f"{mean:>9.1f}{p95:>8.0f}{worst:>8.0f}")
    return "\n".join(lines)


def options_arg(parser: argparse.ArgumentParser, spec: GameSpec, text: str) -> frozenset[str]:
    """Option ids of ``spec`` from a comma-separated command-line value (every subcommand);
    an unknown one ends the command with ``parser``'s error."""
    chosen = frozenset(v for v in text.split(",") if v)
    unknown = sorted(chosen - set(spec.options))
    if unknown:
        parser.error(f"unknown option(s) of {spec.title}: {', '.join(unknown)} "
                     f"(choose from {', '.join(spec.options) or 'none'})")
    return chosen


def add_game_arguments(p: argparse.ArgumentParser) -> None:
    """``--game`` and ``--options`` (alias ``--variants``), shared by every subcommand; the
    default game is the shelf's first (the start screen's first choice)."""
    first = next(iter(INFOS.values()))
    p.add_argument("--game", choices=list(INFOS), default=first.id,
                   help=f"which game of the shelf (default: the first, {first.id})")
    p.add_argument("--options", "--variants", dest="options", default="",
                   help="comma-separated option ids of the game ("
                        + "; ".join(f"{i.id}: {','.join(i.options)}" for i in INFOS.values()
                                    if i.options) + ")")


def run_command(args: argparse.Namespace) -> int:
    """The ``tournament`` command."""
    spec = GAMES[args.game]
    try:
        players = parse_players(args.players, spec)
    except ValueError as e:
        args.parser.error(str(e))
    options = options_arg(args.parser, spec, args.options)
    if args.edition is not None:
        try:
            spec.new_game(len(players), seed=0, options=options, names=None, edition=args.edition)
        except ValueError as e:
            args.parser.error(str(e))
    budget = (f"{args.iterations} iterations" if args.iterations is not None else
              f"{args.move_time} s per move" if args.move_time is not None else "default budget")
    print(f"{spec.title}: {args.games} games, players {','.join(players)}, seed {args.seed}, "
          f"{budget}" + (f", options {','.join(sorted(options))}" if options else "")
          + (f", rules edition {args.edition}" if args.edition is not None else ""),
          flush=True)

    def progress(i: int, result: GameResult) -> None:
        if args.verbose:
            # "winner": the winning bot type, or "shared" when several seats share the win;
            # "winners": the bot type of every winning seat.
            won = [result.strengths[s] for s in result.winners]
            print(f"game {i + 1}: seed {result.seed} seats {','.join(result.strengths)} "
                  f"scores {list(result.scores)} winner {won[0] if len(won) == 1 else 'shared'} "
                  f"winners {','.join(won)}", flush=True)

    start = time.perf_counter()
    stats = run_tournament(players, args.games, args.seed, iterations=args.iterations,
                           seconds=args.move_time, variants=options, jobs=args.jobs,
                           progress=progress, game_id=spec.id, edition=args.edition)
    print(report(stats, players))
    print(f"{args.games} games in {time.perf_counter() - start:.0f} s")
    return 0


def add_command(sub: argparse._SubParsersAction) -> None:
    """Register ``python -m inca_core tournament``."""
    p = sub.add_parser("tournament", help="play bots against each other and print win shares")
    add_game_arguments(p)
    p.add_argument("--players", default="hard,medium,medium,medium",
                   help="comma-separated bot types by seat (random,easy,medium,hard)")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--move-time", type=float, default=None, metavar="SECONDS",
                        help="wall-clock budget of each bot move")
    budget.add_argument("--iterations", type=int, default=None,
                        help="fixed search budget per move (reproducible)")
    p.add_argument("--jobs", type=int, default=1,
                   help="games played at once in separate processes (same results)")
    p.add_argument("--edition", type=int, default=None,
                   help="rules edition the games are played under (default: the newest)")
    p.add_argument("--verbose", action="store_true", help="print each game's result")
    p.set_defaults(run=run_command, parser=p)
