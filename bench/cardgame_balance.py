"""Card game: bot strength and the balance figures of cardgame-components.md section 6.

Each bot sees only its own observation. Seats rotate with the game number, so every strength
sits in every seat equally often. Subcommands print the figures for docs/cardgame/CARDGAME.md:

    python3 bench/cardgame_balance.py match --seats medium,easy,easy,easy --games 100
    python3 bench/cardgame_balance.py match --seats hard,medium,medium,medium --games 60
    python3 bench/cardgame_balance.py fair --players 4 --games 200   # seats, starts, goals
    python3 bench/cardgame_balance.py single --games 60              # single-minded strategies
    python3 bench/cardgame_balance.py speed --games 200              # random games, ms/game
    python3 bench/cardgame_balance.py cardset --players 5 --games 10 # issue 22's card figures
    python3 bench/cardgame_balance.py report --games 20 --hard-games 4 --match-games 20
                                        # every figure of issue 22's and 60's list
    python3 bench/cardgame_balance.py match --seats 'plan:trade=2.5;top=12,medium,medium,medium'

A seat ``med:SPEC`` is a medium-bot variant: medium's weights and plan with the fields SPEC
names replaced (``med:parts=1;trade=2.5``, ``med:top=1;chain=0``). A seat ``plan:SPEC`` is a
hard-bot variant: the first hard bot (``Weights(curve=0.7)``, best 8 actions planned 6 deep)
with the weights (and ``top``, ``chain``) that SPEC names replaced.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from benchlib import bot_moves, play_random, wilson

from inca_core.cardgame.actions import Build, Stock, Temple, Terrace
from inca_core.cardgame.bots import (
    MEDIUM,
    MEDIUM_PLAN,
    GreedyBot,
    Plan,
    PlanBot,
    Weights,
    greedy,
    make_bot,
)
from inca_core.cardgame.cards import CARDS, GOALS, STARTS, goal_need
from inca_core.cardgame.determinize import determinize
from inca_core.cardgame.game import EDITION, ERAS, CardGame
from inca_core.cardgame.goals import MEASURES, best_goals, goal_value
from inca_core.cardgame.spec import SPEC
from inca_core.search import Fixed, check_inputs


class SingleMinded(GreedyBot):
    """A medium bot that prefers one kind of action whenever it may (a strategy probe): medium's
    weights, so the probe differs from the medium bots it plays against only in what it
    prefers or refuses (it drafted by each card's best build, ``FULL``, up to 26 Nov 2026)."""

    def __init__(self, strength: str, seed: int, prefer: Callable[[Any], bool],
                 allow: Callable[[Any], bool] = lambda a: True) -> None:
        super().__init__(strength, seed, MEDIUM)
        self.prefer, self.allow = prefer, allow
        #: One generator for the bot's whole life (not one per position).
        self.rng = random.Random(seed)

    def start(self, observation: dict, legal_actions: Sequence[Any], *,
              iterations: int | None = None) -> Any:
        legal = check_inputs(observation, legal_actions)
        g = determinize(observation, self.rng)
        ranked = [a for _, a in greedy(g, legal, self.weights)]
        for a in ranked:
            if self.prefer(a):
                return Fixed(legal, a)
        for a in ranked:
            if self.allow(a):
                return Fixed(legal, a)
        return Fixed(legal, ranked[0])


def _is_action_card(a: Any) -> bool:
    return type(a).__name__ in ("Workforce", "Trade")


def _not_a_city_or_colca(a: Any) -> bool:
    return not (isinstance(a, Build) and CARDS[a.card].kind in ("city", "colca"))


PROBES: dict[str, Callable[[int], Any]] = {
    "terraces": lambda seed: SingleMinded(
        "terraces", seed, lambda a: isinstance(a, Terrace),
        allow=lambda a: type(a).__name__ not in ("Build", "Workforce", "Trade")),
    "huts": lambda seed: SingleMinded(
        "huts", seed, lambda a: isinstance(a, Stock),
        allow=lambda a: type(a).__name__ != "Build"),
    "no_action_cards": lambda seed: SingleMinded(
        "no_action_cards", seed, lambda a: False, allow=lambda a: not _is_action_card(a)),
    # Builds its Start card (its route) but never a City or Colca.
    "no_build": lambda seed: SingleMinded(
        "no_build", seed, lambda a: False, allow=_not_a_city_or_colca),
    # Stacks on temples whenever it may (a Terrace to reach one), else plays like medium.
    "temples": lambda seed: SingleMinded(
        "temples", seed, lambda a: isinstance(a, Temple)),
}


def plan_variant(spec: str, seed: int, base: Weights | None = None, top: int = 8,
                 chain: int = 6) -> PlanBot:
    """A bot variant: ``spec`` is ``field=value;...`` (``top`` and ``chain`` among them) over
    the first hard bot, or over ``base`` planned ``top`` actions ``chain`` deep."""
    fields: dict[str, Any] = {}
    plan = {"top": top, "chain": chain}
    for part in filter(None, spec.split(";")):
        key, text = part.split("=")
        if key in plan:
            plan[key] = int(text)
        else:
            fields[key] = float(text)
    weights = dataclasses.replace(base or Weights(curve=0.7, start=-3.0), **fields)
    return PlanBot("hard", seed, Plan(weights, top=plan["top"], chain=plan["chain"]))


def bot_for(name: str, seed: int) -> Any:
    if name.startswith("plan:"):
        return plan_variant(name[5:], seed)
    if name.startswith("med:"):
        return plan_variant(name[4:], seed, MEDIUM, MEDIUM_PLAN.top, MEDIUM_PLAN.chain)
    return PROBES[name](seed) if name in PROBES else make_bot(name, seed)


#: The rules edition the games are played under (``--edition``; default the newest).
RULES = {"edition": EDITION}


def play(seats: Sequence[str], seed: int,
         cpu: dict[str, list[float]] | None = None) -> CardGame:
    """One game; ``seats[i]`` plays seat ``i``. ``cpu`` gathers each seat name's CPU seconds
    per move."""
    g = SPEC.new_game(len(seats), seed, edition=RULES["edition"])
    bots = [bot_for(name, seed * 101 + i) for i, name in enumerate(seats)]
    for move in bot_moves(g, bots):
        if cpu is not None:
            cpu.setdefault(seats[move.seat], []).append(move.seconds)
    return g


def winners(g: CardGame) -> list[int]:
    """The seats that won: several when they share the first place (rules edition 3)."""
    return [s for s in range(g.n) if g.places[s] == 0]


def turn_place(g: CardGame, seat: int) -> int:
    """``seat``'s place in Era I's turn order (0: it led Era I) in the finished game ``g``; the
    lead passes one seat on after every Era (drawn at setup from rules edition 8)."""
    return (seat - (g.first - ERAS)) % g.n


def start_cards(g: CardGame) -> dict[int, str]:
    """Each seat's Start card: dealt to its hand (edition 3) or laid for it at setup."""
    setup = SPEC.new_game(g.n, g.seed, edition=g.edition)
    out = {s: c for s, h in enumerate(setup.hands) for c in h if CARDS[c].kind == "start"}
    for key, owner in setup.owner.items():
        if owner >= 0 and CARDS[setup.table[key]].kind == "start":
            out[owner] = setup.table[key]
    return out


def match(seats: list[str], games: int, seed: int, progress: bool = False) -> None:
    """Win share of each strength over rotated seatings (a shared win counts 1/k to each of the
    k winners; before edition 3 the engine's ranking breaks ties)."""
    wins: dict[str, float] = {s: 0.0 for s in seats}
    scores: dict[str, list[int]] = {s: [] for s in set(seats)}
    cpu: dict[str, list[float]] = {}
    start = time.perf_counter()
    n = len(seats)

    def summary(games: int) -> None:
        print(f"{games} games, seats {','.join(seats)}, {time.perf_counter() - start:.0f} s")
        for name in dict.fromkeys(seats):
            k = seats.count(name)
            lo, hi = wilson(wins[name], games)
            print(f"  {name:16} x{k}: wins {wins[name]:4.4g} = {100 * wins[name] / games:5.1f}% "
                  f"(95% CI {100 * lo:.0f}-{100 * hi:.0f}%; fair {100 * k / n:.0f}%), "
                  f"mean score {statistics.mean(scores[name]):.1f}")
            moves = cpu.get(name, [0.0])
            print(f"  {'':16}     CPU per game {sum(moves) / (games * k):.2f} s, per move mean "
                  f"{1000 * statistics.mean(moves):.0f} ms, max {1000 * max(moves):.0f} ms")

    for i in range(games):
        rot = i % n
        order = seats[rot:] + seats[:rot]
        g = play(order, seed + i, cpu)
        top = winners(g)
        for s in top:
            wins[order[s]] += 1 / len(top)
        for s, name in enumerate(order):
            scores[name].append(g.scores[s])
        if progress and i + 1 < games:
            summary(i + 1)
    summary(games)


def tally_starts(g: CardGame, top: list[int], games: Counter[str], wins: Counter[str]) -> None:
    """Counts each Start card of ``g`` as played, and as a win (shared) for a winner in ``top``."""
    for owner, card in start_cards(g).items():
        games[card] += 1
        wins[card] += 1 / len(top) if owner in top else 0

def fair(players: int, games: int, seed: int) -> None:
    """Equal medium bots: seat wins, Start card wins, goals scored/met, winner scores, cards."""
    seat_wins = [0.0] * players
    place_wins = [0.0] * players
    start_wins: Counter[str] = Counter()
    start_games: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    scored: Counter[str] = Counter()
    met: Counter[str] = Counter()
    have: dict[str, list[int]] = {}
    best_scores: list[int] = []
    seat_scores = [0] * players
    ties = 0
    types: Counter[str] = Counter()
    all_types = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = play(["medium"] * players, seed + i)
        top = winners(g)
        w = top[0]
        for s in top:
            seat_wins[s] += 1 / len(top)
            place_wins[turn_place(g, s)] += 1 / len(top)
        best_scores.append(g.scores[w])
        ties += len(top) > 1 if g.edition >= 3 else g.scores.count(g.scores[w]) > 1
        seat_scores = [a + b for a, b in zip(seat_scores, g.scores, strict=True)]
        types.update(g.played)
        all_types += all(g.played.get(k, 0) for k in ("city", "colca", "trade", "work",
                                                       "terrace"))
        tally_starts(g, top, start_games, start_wins)
        for s in range(players):
            best = best_goals(g, s)[0]
            for gid in g.goals[s]:
                dealt[gid] += 1
                have.setdefault(gid, []).append(MEASURES[GOALS[gid].measure][1](g, s))
                met[gid] += goal_value(g, s, gid) > 0
                scored[gid] += gid in best and goal_value(g, s, gid) > 0
    print(f"{games} games of {players} medium bots, {time.perf_counter() - t0:.0f} s")
    print("  seat win shares: " + ", ".join(
        f"{s + 1}: {100 * w / games:.1f}%" for s, w in enumerate(seat_wins))
        + f" (fair {100 / players:.1f}%); mean scores: "
        + ", ".join(f"{v / games:.1f}" for v in seat_scores)
        + (f"; {ties} games with a shared win" if RULES["edition"] >= 3
           else f"; {ties} games won on a tie-break"))
    print("  win shares by place in Era I's turn order: " + ", ".join(
        f"{p + 1}: {100 * w / games:.1f}%" for p, w in enumerate(place_wins)))
    print("  start card win shares: " + ", ".join(
        f"{STARTS[c].name} {100 * start_wins[c] / start_games[c]:.1f}% of {start_games[c]}"
        for c in sorted(start_games)))
    print(f"  winner's score: mean {statistics.mean(best_scores):.1f}, sd "
          f"{statistics.pstdev(best_scores):.1f}, min {min(best_scores)}, "
          f"max {max(best_scores)}")
    print(f"  games with every card type played: {all_types}/{games}; cards played per game: "
          + ", ".join(f"{k} {v / games:.1f}" for k, v in sorted(types.items())))
    print("  goals (scored among best 3 / met / dealt; the holders' measure at the end: "
          "10th percentile, median, 90th percentile / threshold):")
    for gid in sorted(dealt):
        q = statistics.quantiles(have[gid], n=10) if len(have[gid]) > 1 else have[gid] * 9
        flag = ""
        if scored[gid] < 0.10 * dealt[gid]:
            flag = "  <10% scored"
        if met[gid] > 0.90 * dealt[gid]:
            flag += "  >90% met"
        print(f"    {gid}: {100 * scored[gid] / dealt[gid]:5.1f}% scored, "
              f"{100 * met[gid] / dealt[gid]:5.1f}% met of {dealt[gid]}; "
              f"{q[0]:.0f}/{q[4]:.0f}/{q[8]:.0f} / {goal_need(gid, players, RULES['edition'])}"
              f"{flag}")


def _kind(card: str) -> str:
    """A card's kind for the card-set figures: Wild Colcas and Road Restriction apart."""
    c = CARDS[card]
    if c.kind == "colca" and c.column == "wild":
        return "wild colca"
    if c.effect in ("EW_RESTRICT", "EW_ROAD_RESTRICT"):
        return "road restriction"
    return {"work": "extra workforce", "trade": "trade agreement"}.get(c.kind, c.kind)


KINDS = ("city", "colca", "wild colca", "extra workforce", "road restriction",
         "trade agreement")


def cardset(players: int, games: int, seed: int, strength: str,
            progress: bool = False) -> dict[str, Any]:
    """The issue 22 card-set figures with ``strength`` bots in every seat, printed and returned:
    players who place all their tokens, games with a shared win, each kind of card played face
    up or as a Terrace (per card a bot held), Era IV actions that placed nothing, draws from an
    empty deck, hut tokens, seat and Start card win shares, and each Goal card scored.
    ``progress``: print the figures so far after every game (a long run cut short still
    tells something)."""
    draws = {"all": 0, "empty": 0}
    real: set[int] = set()
    plain_draw = CardGame._draw

    def counted_draw(self: CardGame, seat: int) -> None:
        if id(self) in real:
            draws["all"] += 1
            draws["empty"] += not self.decks[self.era - 1]
        plain_draw(self, seat)

    CardGame._draw = counted_draw  # type: ignore[method-assign]
    all_placed = ties = 0
    face: Counter[str] = Counter()
    terraced: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    era4 = {"actions": 0, "empty": 0}
    seat_wins = [0.0] * players
    place_wins = [0.0] * players
    start_wins: Counter[str] = Counter()
    start_games: Counter[str] = Counter()
    goal_dealt: Counter[str] = Counter()
    goal_scored: Counter[str] = Counter()
    goal_met: Counter[str] = Counter()
    goal_have: dict[str, list[int]] = {}
    huts = placed = hut_room = hut_used = 0
    moves: list[float] = []
    starts_built = [0]
    t0 = time.perf_counter()

    def summary(games: int) -> dict[str, Any]:
        n = players * games
        tokens = SPEC.new_game(players, seed, edition=RULES["edition"]).tokens
        shares = {k: face[k] / max(1, face[k] + terraced[k]) for k in KINDS}
        fig = {"all_placed": all_placed / n, "ties": ties / games,
               "era4_empty": era4["empty"] / max(1, era4["actions"]),
               "empty_draws": draws["empty"] / max(1, draws["all"]), "face": shares,
               "seats": [w / games for w in seat_wins],
               "places": [w / games for w in place_wins],
               "starts": {c: start_wins[c] / start_games[c] for c in start_games},
               "goals": {gid: goal_scored[gid] / goal_dealt[gid] for gid in goal_dealt},
               "met": {gid: goal_met[gid] / goal_dealt[gid] for gid in goal_dealt}}
        print(f"{games} games of {players} {strength} bots, rules edition {RULES['edition']}, "
              f"{time.perf_counter() - t0:.0f} s")
        print(f"  players with all {tokens} tokens placed: {all_placed}/{n} = "
              f"{100 * all_placed / n:.1f}% {_ci(all_placed, n)} (target under 10%); tokens "
              f"placed per player "
              f"{placed / n:.1f}; hut tokens per player {huts / n:.1f}; storage huts on the "
              f"table with a token: {hut_used}/{hut_room} = "
              f"{100 * hut_used / max(1, hut_room):.0f}%")
        print(f"  games with a shared win: {ties}/{games} = {100 * ties / games:.1f}% (target "
              "under 2%)")
        print(f"  Era IV actions that placed no token: {era4['empty']}/{era4['actions']} = "
              f"{100 * fig['era4_empty']:.1f}% {_ci(era4['empty'], era4['actions'])} (target "
              "under 5%)")
        print(f"  draws from an empty deck: {draws['empty']}/{draws['all']} = "
              f"{100 * fig['empty_draws']:.1f}% {_ci(draws['empty'], draws['all'])} (target "
              "under 10% at 5 players)")
        print("  cards by kind: played face up / as a Terrace / left in hand (face-up share of "
              "those played; target a quarter or more):")
        for kind in KINDS:
            print(f"    {kind:17} {face[kind]:5} / {terraced[kind]:5} / {kept[kind]:3}  "
                  f"({100 * shares[kind]:.1f}% {_ci(face[kind], face[kind] + terraced[kind])})")
        print(f"    Start cards built: {starts_built[0]} of {n}")
        fair_share = 100 / players
        print("  seat win shares: " + ", ".join(f"{100 * w:.1f}%" for w in fig["seats"])
              + f" (fair {fair_share:.1f}%, band +-5); by place in Era I's turn order: "
              + ", ".join(f"{100 * w:.1f}%" for w in fig["places"]))
        print("  Start card win shares: " + ", ".join(
            f"{STARTS[c].name} {100 * fig['starts'][c]:.1f}% of {start_games[c]}"
            for c in sorted(start_games)))
        low = sorted(gid for gid, v in fig["goals"].items() if v < 0.10)
        high = sorted(gid for gid, v in fig["met"].items() if v > 0.90)
        print(f"  Goal cards (band: scored among the best three in 10% or more of the games "
              f"dealt, met in 90% or less): {len(fig['goals'])} dealt, scored under 10%: "
              f"{', '.join(low) or 'none'}; met over 90%: {', '.join(high) or 'none'}")
        for gid in sorted({*low, *high, *WATCH}):
            if gid in goal_have:
                print(f"    {_goal_line(gid, goal_have[gid], fig, players)}")
        if moves:
            fig["move_ms"] = (1000 * statistics.mean(moves), 1000 * max(moves))
            print(f"  {strength} CPU per move: mean {fig['move_ms'][0]:.0f} ms, max "
                  f"{fig['move_ms'][1]:.0f} ms ({len(moves)} moves, no time limit)")
        return fig

    for i in range(games):
        g = SPEC.new_game(players, seed + i, edition=RULES["edition"])
        real.add(id(g))
        bots = [bot_for(strength, (seed + i) * 101 + s) for s in range(players)]
        before: int | None = None
        while not g.is_over:
            p = g.turn
            t_move = time.process_time()
            action = bots[p].choose(g.observation(p), g.legal_actions())
            moves.append(time.process_time() - t_move)
            main = g.phase in ("act", "close") and not g.pending and type(action).__name__ in (
                "Build", "Workforce", "Trade", "Terrace")
            if main and g.era == 4:
                before = g.tokens_in_play(p)
                era4["actions"] += 1
            mover = p
            if isinstance(action, Build) and CARDS[action.card].kind == "start":
                starts_built[0] += 1
            if main:
                card = action.card
                if isinstance(action, Terrace):
                    terraced[_kind(card)] += 1
                else:
                    face[_kind(card)] += 1
            g.play(action)
            if before is not None and (not g.pending or g.turn != mover):
                era4["empty"] += g.tokens_in_play(mover) == before
                before = None
        real.discard(id(g))
        all_placed += sum(g.tokens_in_play(s) == g.tokens for s in range(players))
        placed += sum(g.tokens_in_play(s) for s in range(players))
        huts += sum(len(hut) for on in g.huts.values() for hut in on)
        hut_room += sum(len(on) for on in g.huts.values())
        hut_used += sum(1 for on in g.huts.values() for hut in on if hut)
        top = winners(g)
        ties += len(top) > 1
        for s in top:
            seat_wins[s] += 1 / len(top)
            place_wins[turn_place(g, s)] += 1 / len(top)
        tally_starts(g, top, start_games, start_wins)
        for s in range(players):
            best = best_goals(g, s)[0]
            for gid in g.goals[s]:
                goal_dealt[gid] += 1
                goal_scored[gid] += gid in best and goal_value(g, s, gid) > 0
                goal_met[gid] += goal_value(g, s, gid) > 0
                goal_have.setdefault(gid, []).append(MEASURES[GOALS[gid].measure][1](g, s))
        for hand in g.hands:
            kept.update(_kind(c) for c in hand if CARDS[c].kind != "start")
        if progress and i + 1 < games:
            summary(i + 1)
    CardGame._draw = plain_draw  # type: ignore[method-assign]
    return summary(games)


#: Goals whose line ``cardset`` prints even inside the band (the ones edition 5 set anew).
WATCH = ("G18", "G23")


def _ci(k: float, n: int) -> str:
    """The 95% Wilson interval of ``k`` in ``n``, in per cent."""
    lo, hi = wilson(k, n)
    return f"[95% CI {100 * lo:.0f}-{100 * hi:.0f}%]"


def _goal_line(gid: str, have: list[int], fig: dict[str, Any], players: int) -> str:
    """A goal's shares and its holders' measure at the end (10th, 50th and 90th percentile)
    against its threshold: where a threshold inside the band would lie."""
    q = statistics.quantiles(have, n=10) if len(have) > 1 else have * 9
    return (f"{gid}: scored {100 * fig['goals'][gid]:.0f}%, met {100 * fig['met'][gid]:.0f}% "
            f"of {len(have)} holders; their measure 10th/50th/90th percentile "
            f"{q[0]:.0f}/{q[4]:.0f}/{q[8]:.0f}, threshold "
            f"{goal_need(gid, players, RULES['edition'])}")


def report(games: int, hard_games: int, match_games: int, seed: int) -> None:
    """Every figure of issue 22's list in one run: the card-set figures with medium and with
    hard bots in every seat at 2-5 players, the single-minded probes against three medium
    bots, hard against three medium, medium against three easy, and the move times."""
    for strength, k in (("medium", games), ("hard", hard_games)):
        for players in (2, 3, 4, 5):
            if k:
                cardset(players, k, seed, strength)
    for probe in ("no_build", "terraces", "temples"):
        match([probe, "medium", "medium", "medium"], match_games, seed)
    match(["hard", "medium", "medium", "medium"], match_games, seed)
    match(["medium", "easy", "easy", "easy"], match_games, seed)


def single(games: int, seed: int) -> None:
    """Each single-minded probe against three medium bots."""
    for probe in PROBES:
        match([probe, "medium", "medium", "medium"], games, seed)


def speed(games: int, players: int, seed: int) -> None:
    """Random legal games: ms per game."""
    rng = random.Random(seed)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        g = play_random(SPEC.new_game(players, seed + i, edition=RULES["edition"]), rng)
        actions += len(g.actions)
    dt, dcpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{games} random {players}-player games: {1000 * dt / games:.1f} ms/game wall clock, "
          f"{1000 * dcpu / games:.1f} ms/game CPU time, {actions / games:.0f} actions/game")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("match", "fair", "single", "speed", "cardset", "report"))
    p.add_argument("--strength", default="hard",
                   help="cardset: the bot in every seat (default hard)")
    p.add_argument("--seats", default="medium,easy,easy,easy")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--progress", action="store_true",
                   help="cardset, match: print the figures so far after every game")
    p.add_argument("--hard-games", type=int, default=4,
                   help="report: games per player count with hard bots in every seat")
    p.add_argument("--match-games", type=int, default=20,
                   help="report: games of each match and probe")
    p.add_argument("--edition", type=int, default=EDITION,
                   help=f"rules edition of the games (default {EDITION}, the newest)")
    a = p.parse_args()
    RULES["edition"] = a.edition
    if a.what == "match":
        match(a.seats.split(","), a.games, a.seed, a.progress)
    elif a.what == "fair":
        fair(a.players, a.games, a.seed)
    elif a.what == "single":
        single(a.games, a.seed)
    elif a.what == "cardset":
        cardset(a.players, a.games, a.seed, a.strength, a.progress)
    elif a.what == "report":
        report(a.games, a.hard_games, a.match_games, a.seed)
    else:
        speed(a.games, a.players, a.seed)


if __name__ == "__main__":
    main()
