"""Wiraqocha's card market measured (issue 23): the starting point of a redesign.

Three figures, from games of equal bots (each sees only its observation), on seeds ``seed``,
``seed + 1``, ... under the newest rules edition:

- ``free``: one seat is handed a card before the first turn (the seat rotates with the game),
  against a control of the same games with no card. Printed: the holder's win share per card and
  its lift over the control's share of the same seat. A Force Field handed out this way is put
  down by its holder at the first Phase II in which it holds a territory.
- ``buys``: in the control games, for each card, the games in which it was face up, the share of
  those in which someone bought it, and how often a bought Android Factory was used.
- ``afford``: in the control games, the share of turns (counted at each roll) in which some
  face-up card is affordable to someone at the table.

    nice -n 19 python3 bench/wiraqocha_market.py --players 2,3 --games 20 --seed 40000
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from inca_core.tournament import wilson
from inca_core.wiraqocha.actions import Buy, Factory, Roll
from inca_core.wiraqocha.bots import make_bot
from inca_core.wiraqocha.data import CARD_ORDER, CARD_TOKENS, CARDS
from inca_core.wiraqocha.game import new_game


@dataclass
class Result:
    card: str
    holder: int
    winner: int
    offered: set[str] = field(default_factory=set)
    bought: set[str] = field(default_factory=set)
    factory_uses: int = 0
    turns: int = 0
    affordable_turns: int = 0


def play(job: tuple[int, int, str, str]) -> Result:
    """One game of ``players`` equal bots on ``seed``; ``card`` ("" for none) is handed to the
    seat ``seed % players`` before the first turn."""
    players, seed, card, strength = job
    g = new_game(players, seed=seed)
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
    bots = [make_bot(strength, seed * 31 + s) for s in range(players)]
    out = Result(card, holder, -1)
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        out.offered.update(g.market)
        if (field_due and seat == holder and g.phase == "act" and not g.pending
                and g.base_on_board(seat)):
            g.pending, field_due = "field", False
        action = bots[seat].choose(g.observation(seat), g.legal_actions())
        if isinstance(action, Roll):
            out.turns += 1
            out.affordable_turns += any(
                g.resources[s] >= CARDS[c].resources and g.somnium[s] >= CARDS[c].somnium
                for c in g.market for s in range(players))
        elif isinstance(action, Buy):
            out.bought.add(action.card)
        elif isinstance(action, Factory):
            out.factory_uses += 1
        g.play(action)
    out.winner = g.winner
    return out


def _pct(k: int, n: int) -> str:
    if not n:
        return "   -"
    lo, hi = wilson(k, n)
    return f"{k:3d}/{n:<3d} {100 * k / n:5.1f}% ({100 * lo:4.1f}-{100 * hi:4.1f})"


def report(players: int, games: int, results: dict[str, list[Result]]) -> str:
    lines = [f"{players} players, {games} games per card (holder's seat rotates)"]
    control = results[""]
    base = sum(r.winner == r.holder for r in control)
    lines.append(f"  free card: none (control)     {_pct(base, games)}")
    for card in CARD_ORDER:
        if card not in results:
            continue
        wins = sum(r.winner == r.holder for r in results[card])
        lift = 100 * (wins - base) / games
        lines.append(f"  free card: {CARDS[card].name:<19} {_pct(wins, games)}  "
                     f"lift {lift:+5.1f} points")
    lines.append("  bought when offered (control games):")
    for card in CARD_ORDER:
        offered = sum(card in r.offered for r in control)
        bought = sum(card in r.bought for r in control)
        lines.append(f"    {CARDS[card].name:<19} {_pct(bought, offered)}")
    owned = [r for r in control if "factory" in r.bought]
    uses = sum(r.factory_uses for r in owned)
    lines.append(f"  Android Factory: bought in {len(owned)} games, used {uses} times")
    turns = sum(r.turns for r in control)
    ok = sum(r.affordable_turns for r in control)
    lines.append(f"  turns with a face-up card affordable to someone: {_pct(ok, turns)}")
    return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", default="2,3")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=40000)
    p.add_argument("--strength", default="medium")
    p.add_argument("--cards", default=",".join(CARD_ORDER),
                   help="cards to hand out free (comma-separated ids; the control always runs)")
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args()
    cards = [""] + [c for c in args.cards.split(",") if c]
    for players in (int(x) for x in args.players.split(",")):
        work = [(players, args.seed + i, c, args.strength)
                for c in cards for i in range(args.games)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            done = list(pool.map(play, work))
        results: dict[str, list[Result]] = {}
        for (_, _, c, _), r in zip(work, done, strict=True):
            results.setdefault(c, []).append(r)
        print(report(players, args.games, results), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
