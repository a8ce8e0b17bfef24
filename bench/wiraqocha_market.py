"""Wiraqocha's card market measured (issue 23): every figure the issue names, in one command.

Games on seeds ``seed``, ``seed + 1``, ... under one rules edition (the newest unless
``--edition``), each bot seeing only its observation. For each player count and each strength of
``--strength`` (equal bots in every seat):

- ``free card``: one seat (``seed % players``) is handed a card before the first turn, against
  a control of the same games with no card: the holder's win share per card and its lift over the
  control's share of the same seat (issue: at most 15 points). A Force Field handed out this way
  is put down by its holder at the first Phase II in which it holds a territory.
- ``bought when offered`` (control games): per card, the games in which it was face up and the
  share of those in which someone bought it (issue: 20% at least); the buyer's win share and its
  difference from the fair share; the games in which a bought card was then used (its action
  played, its token put on the board; the Production Tanks work by themselves).
- ``affordable``: the share of turns (counted at each roll) in which some face-up card is
  affordable to someone at the table (issue: 80%).
- the victory split (relics, Somnium, Leviathan, round cap; issue: 15% each at least), each
  seat's wins and the first player's (drawn from the seed), the valley tiles never taken, the
  median length, and the bots' time a move.

``--bots G`` adds hard against three medium and medium against three easy (four players, the
strong seat rotating; issue: 65% and 60%) over ``G`` games each, with the time a move of each.

    nice -n 19 python3 bench/wiraqocha_market.py --players 2,3 --games 40 --strength medium,hard \
        --cards tanks,workshop --bots 40

``--costs tanks=4+0,factory=2+0``, ``--jungles 11=3``, ``--grounds 3-4-5=mountain`` and
``--features 6-6=vein`` try other card costs, Jungles, grounds and features for the chosen
edition without editing ``data.py`` (design screening only).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from benchlib import wilson

from inca_core.search import bot_seed
from inca_core.wiraqocha import data
from inca_core.wiraqocha.actions import (
    Buy,
    Conquer,
    Exo,
    Factory,
    Field,
    Fortress,
    Probe,
    Ray,
    Roll,
    Salvage,
    Tunnel,
)
from inca_core.wiraqocha.bots import make_bot
from inca_core.wiraqocha.data import CARD_ORDER, CARD_TOKENS, TILE_ORDER
from inca_core.wiraqocha.spec import SPEC

VICTORIES = ("relics", "somnium", "leviathan", "rounds")
#: The action that shows a card in use (token cards: a conquest with their token).
USE = {Factory: "factory", Fortress: "fortress", Field: "field", Salvage: "workshop",
       Exo: "exo", Ray: "ray", Probe: "probe", Tunnel: "tunneller"}
TOKEN_CARD = {tok: card for card, tok in CARD_TOKENS.items()}


@dataclass
class Result:
    card: str
    holder: int
    winner: int = -1
    reason: str = ""
    first: int = 0
    rounds: int = 0
    turns: int = 0
    affordable_turns: int = 0
    #: Turns in which some face-up card is within reach of someone: its Resources at most the
    #: 3 a player may keep between turns plus that player's own Phase I income, its Somnium
    #: at most what the player holds.
    reach_turns: int = 0
    offered: set[str] = field(default_factory=set)
    #: Card to the seat that bought it.
    bought: dict[str, int] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    factory_uses: int = 0
    taken: set[str] = field(default_factory=set)
    #: Strength to the seconds of each of its moves: wall clock, and this process's CPU time
    #: (on a shared machine the CPU time is what the move costs; the wall clock adds waiting).
    time: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)


def play(players: int, seed: int, card: str, seating: tuple[str, ...],
         edition: int, options: frozenset[str] = frozenset()) -> Result:
    """One game on ``seed`` with ``seating`` (a strength per seat); ``card`` ("" for none) is
    handed to the seat ``seed % players`` before the first turn."""
    g = SPEC.new_game(players, seed=seed, options=options, edition=edition)
    holder = seed % players
    field_due = False
    if card:
        (g.market if card in g.market else g.pile).remove(card)
        if len(g.market) < 3:
            g.market.append(g.pile.pop())
        g.cards[holder].append(card)
        if card in CARD_TOKENS:
            g.where[holder][CARD_TOKENS[card]] = "reserve"
        field_due = card == "field"
    bots = [make_bot(seating[s], bot_seed(seed, s)) for s in range(players)]
    out = Result(card, holder, first=g.first)
    info = g.card_info
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        out.offered.update(g.market)
        if (field_due and seat == holder and g.phase == "act" and not g.pending
                and g.base_on_board(seat)):
            g.pending, field_due = "field", False
        begin, begin_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(g.observation(seat), g.legal_actions())
        out.time.setdefault(seating[seat], []).append(time.perf_counter() - begin)
        out.cpu.setdefault(seating[seat], []).append(time.process_time() - begin_cpu)
        if isinstance(action, Roll):
            out.turns += 1
            out.affordable_turns += any(
                g.resources[s] >= info[c].resources and g.somnium[s] >= info[c].somnium
                for c in g.market for s in range(players))
            out.reach_turns += any(
                data.RESOURCE_LIMIT + g.income(s) >= info[c].resources
                and g.somnium[s] >= info[c].somnium
                for c in g.market for s in range(players))
        elif isinstance(action, Buy):
            out.bought[action.card] = seat
        elif isinstance(action, Conquer):
            if action.take in ("", "hostage"):
                out.taken.add(action.tile)
            if action.token in TOKEN_CARD:
                out.used.add(TOKEN_CARD[action.token])
        if type(action) in USE:
            out.used.add(USE[type(action)])
        out.factory_uses += isinstance(action, Factory)
        g.play(action)
    out.used.add("tanks")  # they work by themselves in every Phase I
    out.winner, out.reason, out.rounds = g.winner, g.win_reason, g.round
    return out


def _play_job(job: tuple) -> Result:
    return play(*job)


def play_all(jobs: list[tuple], workers: int) -> list[Result]:
    """``play(*job)`` for each job, on ``workers`` processes (1: in this one). Each game's
    result goes to stderr as it ends (a long run cut short still says what it played)."""
    out: list[Result] = []
    with ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
        for job, r in zip(jobs, pool.map(_play_job, jobs), strict=True):
            print(f"  game: players {job[0]}, seed {job[1]}, card {job[2] or '-'}, seats "
                  f"{','.join(job[3])}, holder {r.holder}, first {r.first}, winner {r.winner} "
                  f"by {r.reason}", file=sys.stderr, flush=True)
            out.append(r)
    return out


def _pct(k: float, n: int) -> str:
    if not n:
        return "     -"
    lo, hi = wilson(k, n)
    return f"{k:3.0f}/{n:<3d} {100 * k / n:5.1f}% ({100 * lo:4.1f}-{100 * hi:4.1f})"


def _times(results: list[Result]) -> str:
    out = []
    for label, attr in (("CPU", "cpu"), ("wall clock", "time")):
        spent: dict[str, list[float]] = {}
        for r in results:
            for who, moves in getattr(r, attr).items():
                spent.setdefault(who, []).extend(moves)
        for who, moves in sorted(spent.items()):
            moves.sort()
            p95 = moves[min(len(moves) - 1, int(0.95 * len(moves)))]
            out.append(f"{who} {label} {1000 * statistics.mean(moves):.0f} ms a move (p95 "
                       f"{1000 * p95:.0f}, max {1000 * moves[-1]:.0f}; {len(moves)} moves)")
    return ", ".join(out)


def report(players: int, strength: str, results: dict[str, list[Result]]) -> str:
    control = results[""]
    games = len(control)
    names = {c: data.CARDS[c].name for c in CARD_ORDER}
    lines = [f"{players} players, {strength} bots in every seat, {games} games per card "
             f"(holder's seat rotates)"]
    base = sum(r.winner == r.holder for r in control)
    lines.append(f"  free card: none (control)     {_pct(base, games)}")
    for card in CARD_ORDER:
        if card not in results:
            continue
        wins = sum(r.winner == r.holder for r in results[card])
        lift = 100 * (wins - base) / games
        lines.append(f"  free card: {names[card]:<19} {_pct(wins, games)}  "
                     f"lift {lift:+5.1f} points")
    lines.append("  bought when offered | buyer's wins (fair share "
                 f"{100 / players:.1f}%) | used after buying (control games):")
    for card in CARD_ORDER:
        offered = sum(card in r.offered for r in control)
        bought = [r for r in control if card in r.bought]
        won = sum(r.winner == r.bought[card] for r in bought)
        used = sum(card in r.used for r in bought)
        lines.append(f"    {names[card]:<19} {_pct(len(bought), offered)} | "
                     f"{_pct(won, len(bought))} | used in {used} of {len(bought)}")
    owned = [r for r in control if "factory" in r.bought]
    lines.append(f"  Android Factory: bought in {len(owned)} games, used "
                 f"{sum(r.factory_uses for r in owned)} times")
    turns = sum(r.turns for r in control)
    ok = sum(r.affordable_turns for r in control)
    lines.append(f"  turns with a face-up card affordable to someone (at the roll): "
                 f"{_pct(ok, turns)}")
    reach = sum(r.reach_turns for r in control)
    lines.append(f"  turns with a face-up card within reach of someone (3 kept + income): "
                 f"{_pct(reach, turns)}")
    reasons = Counter(r.reason for r in control)
    lines.append("  victories: " + "; ".join(f"{v} {_pct(reasons[v], games)}"
                                              for v in VICTORIES))
    seats = Counter(r.winner for r in control)
    order = Counter((r.winner - r.first) % players for r in control)
    lines.append("  wins by seat: " + ", ".join(str(seats[s]) for s in range(players))
                 + "; by place in the turn order (first player first): "
                 + ", ".join(str(order[k]) for k in range(players))
                 + f"; first player {_pct(order[0], games)} (fair {100 / players:.1f}%)")
    taken = Counter(t for r in control for t in r.taken)
    never = [t for t in TILE_ORDER if not taken[t]]
    rare = sorted(TILE_ORDER, key=lambda t: (taken[t], TILE_ORDER.index(t)))[:5]
    lines.append(f"  tiles never taken: {', '.join(never) or 'none'}; fewest games: "
                 + ", ".join(f"{t} ({taken[t]})" for t in rare))
    lines.append(f"  median length: {statistics.median(r.rounds for r in control):.0f} rounds, "
                 f"{statistics.median(r.turns for r in control):.0f} turns")
    every = [r for rs in results.values() for r in rs]
    lines.append(f"  time: {_times(every)}")
    return "\n".join(lines)


def bots_report(strong: str, weak: str, games: int, seed: int, edition: int,
                workers: int = 1) -> str:
    """``strong`` against three ``weak`` at four players, the strong seat rotating."""
    jobs = [(4, seed + i, "", tuple(strong if s == i % 4 else weak for s in range(4)), edition)
            for i in range(games)]
    results = play_all(jobs, workers)
    wins = sum(r.winner == i % 4 for i, r in enumerate(results))
    return (f"{strong} against three {weak}: {_pct(wins, games)} (fair 25%); "
            f"{_times(results)}")


def hard_times(players: int, positions: int, seed: int, edition: int) -> str:
    """Hard's time a move on ``positions`` positions of games between medium bots (every
    fifth decision with a choice; medium plays on, hard's move is only timed)."""
    cpu: list[float] = []
    wall: list[float] = []
    game = 0
    while len(cpu) < positions:
        g = SPEC.new_game(players, seed=seed + game, edition=edition)
        bots = [make_bot("medium", bot_seed(seed + game, s)) for s in range(players)]
        hard = make_bot("hard", seed + game)
        k = 0
        while not g.is_over and len(cpu) < positions:
            seat = g.current_player
            assert seat is not None
            legal = g.legal_actions()
            if len(legal) > 1:
                k += 1
                if k % 5 == 0:
                    begin, begin_cpu = time.perf_counter(), time.process_time()
                    hard.choose(g.observation(seat), legal)
                    wall.append(time.perf_counter() - begin)
                    cpu.append(time.process_time() - begin_cpu)
            g.play(bots[seat].choose(g.observation(seat), legal))
        game += 1
    out = [f"hard's move, {players} players, {positions} positions of {game} medium games:"]
    for label, xs in (("CPU", cpu), ("wall clock", wall)):
        xs.sort()
        p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
        out.append(f"{label} mean {1000 * statistics.mean(xs):.0f} ms, p95 {1000 * p95:.0f} ms, "
                   f"max {1000 * xs[-1]:.0f} ms")
    return " ".join(out)


def apply_costs(text: str, edition: int) -> None:
    """``tanks=4+0,factory=2+1``: those costs (Resources + Somnium) for ``edition``."""
    for part in filter(None, text.split(",")):
        card, _, cost = part.partition("=")
        r, _, s = cost.partition("+")
        old = data.CARDS_OF[edition][card]
        data.CARDS_OF[edition][card] = old._replace(resources=int(r), somnium=int(s or 0))


def apply_jungles(text: str, edition: int) -> None:
    """``2=2,11=3``: those Resource symbols on those Jungles for ``edition``."""
    for part in filter(None, text.split(",")):
        tile, _, k = part.partition("=")
        old = data.TILES_OF[edition][tile]
        data.TILES_OF[edition][tile] = old._replace(feature="jungle", resources=int(k))


def apply_grounds(text: str, edition: int) -> None:
    """``3-4-5=valley,11=mountain``: those grounds for those tiles in ``edition``."""
    for part in filter(None, text.split(",")):
        tile, _, ground = part.partition("=")
        if ground not in ("valley", "mountain"):
            raise SystemExit(f"--grounds: {ground!r} is not valley or mountain")
        old = data.TILES_OF[edition][tile]
        data.TILES_OF[edition][tile] = old._replace(ground=ground)


def apply_features(text: str, edition: int) -> None:
    """``6-6=vein,8=``: those features (no Resources) for those tiles in ``edition``."""
    for part in filter(None, text.split(",")):
        tile, _, feature = part.partition("=")
        if feature not in ("", "ruins", "village", "vein"):
            raise SystemExit(f"--features: {feature!r} is not ruins, village, vein or empty "
                             "(Jungles: --jungles)")
        old = data.TILES_OF[edition][tile]
        data.TILES_OF[edition][tile] = old._replace(feature=feature, resources=0)


def apply_weights(text: str) -> None:
    """``cards=1.5,resources=0.4``: medium's and hard's weights (design screening only)."""
    from dataclasses import replace

    from inca_core.wiraqocha import bots
    changes = {k: float(v) for k, _, v in (x.partition("=") for x in text.split(",") if x)}
    if changes:
        bots.FULL = replace(bots.FULL, **changes)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", default="2,3")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=40000)
    p.add_argument("--strength", default="medium", help="comma-separated, e.g. medium,hard")
    p.add_argument("--cards", default=",".join(CARD_ORDER),
                   help="cards to hand out free (comma-separated ids, '' for none; the control "
                        "always runs)")
    p.add_argument("--no-control", action="store_true",
                   help="only the free-card games (the control of the same seeds run before)")
    p.add_argument("--layout", choices=("random", "first"), default="random")
    p.add_argument("--edition", type=int, default=data.EDITIONS[-1])
    p.add_argument("--costs", default="", help="screening: card=R+S,... for the edition")
    p.add_argument("--jungles", default="", help="screening: tile=Resources,... for the edition")
    p.add_argument("--grounds", default="",
                   help="screening: tile=valley|mountain,... for the edition")
    p.add_argument("--features", default="",
                   help="screening: tile=ruins|village|vein|(empty),... for the edition")
    p.add_argument("--weights", default="",
                   help="screening: medium's and hard's weights, name=value,...")
    p.add_argument("--bots", type=int, default=0,
                   help="games of hard against three medium and of medium against three easy")
    p.add_argument("--pairs", default="hard,medium",
                   help="with --bots: the strong sides to run (hard: against three medium, "
                        "medium: against three easy)")
    p.add_argument("--hard-moves", type=int, default=0,
                   help="time hard's move on this many positions per player count")
    p.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    args = p.parse_args()
    apply_costs(args.costs, args.edition)
    apply_jungles(args.jungles, args.edition)
    apply_grounds(args.grounds, args.edition)
    apply_features(args.features, args.edition)
    apply_weights(args.weights)
    options = frozenset({"first_layout"} if args.layout == "first" else ())
    cards = [""] * (not args.no_control) + [c for c in args.cards.split(",") if c]
    print(f"rules edition {args.edition}, {args.layout} valleys, seeds from {args.seed}"
          + (f", costs tried: {args.costs}" if args.costs else "")
          + (f", Jungles tried: {args.jungles}" if args.jungles else "")
          + (f", grounds tried: {args.grounds}" if args.grounds else "")
          + (f", features tried: {args.features}" if args.features else "")
          + (f", weights tried: {args.weights}" if args.weights else ""), flush=True)
    for strength in args.strength.split(",") if args.games else ():
        for players in (int(x) for x in args.players.split(",")):
            results: dict[str, list[Result]] = {}
            for c in cards:
                results[c] = play_all(
                    [(players, args.seed + i, c, (strength,) * players, args.edition, options)
                     for i in range(args.games)], args.jobs)
            if "" not in results:  # --no-control: the holders' wins only
                for c, rs in results.items():
                    wins = sum(r.winner == r.holder for r in rs)
                    print(f"{players} players, {strength}, free {c}: holder "
                          f"{_pct(wins, len(rs))}", flush=True)
                continue
            print(report(players, strength, results), flush=True)
    for players in (int(x) for x in args.players.split(",")) if args.hard_moves else ():
        print(hard_times(players, args.hard_moves, args.seed, args.edition), flush=True)
    if args.bots:
        for strong, weak in (("hard", "medium"), ("medium", "easy")):
            if strong in args.pairs.split(","):
                print(bots_report(strong, weak, args.bots, args.seed, args.edition, args.jobs),
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
