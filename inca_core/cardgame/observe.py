"""What a seat may know (observation) and full states consistent with it (determinize).

Hidden: hands, the undealt decks, Goal cards, the cards laid in the draft until all have laid,
and which card a Terrace is (unless it was an Extra Workforce, played face up first). A Start
card still in a hand (rules edition 3) is public: the setup names each player's (``start_cards``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from inca_core.cardgame.cards import CARDS, GOALS, era_cards
from inca_core.cardgame.goals import MEASURES, best_goals, goal_value
from inca_core.typedstate import to_json

if TYPE_CHECKING:
    from inca_core.cardgame.game import CardGame

#: Fields everyone sees, copied as they are.
PUBLIC = ("edition", "n", "era", "first", "phase", "turn", "supply", "active", "table", "owner",
          "roads", "fame", "temples", "huts", "restricted", "trades", "discard", "pool", "order",
          "passed", "done_actions", "pending", "closing", "names")


def observe(g: CardGame, seat: int | None) -> dict:
    """The observation of ``seat`` (None: a spectator) as JSON data."""
    obs: dict = {name: to_json(getattr(g, name)) for name in PUBLIC}
    obs.update(
        game="cardgame", viewer=seat, players=g.n, current_player=g.current_player,
        over=g.is_over,
        hand_sizes=[len(h) for h in g.hands], deck_sizes=[len(d) for d in g.decks],
        laid_counts=[len(x) for x in g.laid],
        terraces_open=[[c for c, o in zip(t, op, strict=True) if o]
                       for t, op in zip(g.terraces, g.terrace_open, strict=True)],
        terrace_counts=[len(t) for t in g.terraces],
        start_cards=[next((c for c in h if CARDS[c].kind == "start"), None) for h in g.hands],
        tokens_in_play=[g.tokens_in_play(s) for s in range(g.n)],
        hand=sorted(g.hands[seat]) if seat is not None else [],
        goals=list(g.goals[seat]) if seat is not None else [],
        laid=list(g.laid[seat]) if seat is not None else [],
        terraces=list(g.terraces[seat]) if seat is not None else [],
        log=list(g.log_entries),
    )
    if g.is_over or seat is not None:
        shown: Sequence[int] = range(g.n) if g.is_over or seat is None else [seat]
        obs["goal_scores"] = {
            str(s): {"goals": {gid: goal_value(g, s, gid) for gid in g.goals[s]},
                     "best": best_goals(g, s)[0], "total": best_goals(g, s)[1],
                     "progress": {gid: MEASURES[GOALS[gid].measure][1](g, s)
                                  for gid in g.goals[s]}}
            for s in shown}
    obs["score_now"] = score_now(g, seat)
    if g.is_over:
        obs["scores"] = list(g.scores)
        obs["ranking"] = list(g.ranking)
        obs["places"] = list(g.places)
        obs["tie_rule"] = g.tie_rule
    return obs


def score_now(g: CardGame, seat: int | None) -> dict[str, list]:
    """The live score of every seat as ``seat`` may know it: ``tokens`` on the table (public),
    ``goals`` the VP of the best three Goal cards met now (``None`` where the goals are hidden:
    another player's before the end, everyone's for a spectator) and ``total``, the two added
    (tokens alone where the goals are hidden)."""
    tokens = [g.tokens_in_play(s) for s in range(g.n)]
    goals: list[int | None] = [
        best_goals(g, s)[1] if g.is_over or s == seat else None for s in range(g.n)]
    total = [t + (v or 0) for t, v in zip(tokens, goals, strict=True)]
    return {"tokens": tokens, "goals": goals, "total": total}


def determinize(obs: dict, rng: random.Random) -> CardGame:
    """A full state that agrees with ``obs``; what ``obs`` hides is dealt at random."""
    from inca_core.cardgame.game import CardGame
    me = obs["viewer"]
    g = CardGame.from_dict({name: obs[name] for name in PUBLIC})
    n = g.n
    era = g.era
    era_set = era_cards(g.edition)
    known = set(g.table.values()) | set(g.discard) | set(g.pool) | {t[0] for t in g.trades}
    known |= set(obs["hand"]) | set(obs["laid"]) | set(obs["terraces"])
    for cards in obs["terraces_open"]:
        known |= set(cards)
    unseen = [c for c in sorted(era_set) if c not in known and era_set[c].era <= era]
    rng.shuffle(unseen)
    decks: list[list[str]] = []
    rest = unseen
    for e in range(1, 5):
        if e > era:
            future = sorted(c for c in era_set if era_set[c].era == e)
            rng.shuffle(future)
            decks.append(future)
            continue
        size = obs["deck_sizes"][e - 1]
        mine = [c for c in rest if era_set[c].era == e][:size]
        taken = set(mine)
        rest = [c for c in rest if c not in taken]
        decks.append(mine)
    g.decks = decks
    g.hands, g.laid, g.terraces, g.terrace_open = [], [], [], []
    for s in range(n):
        if s == me:
            g.hands.append(list(obs["hand"]))
            g.laid.append(list(obs["laid"]))
            g.terraces.append(list(obs["terraces"]))
            opened = set(obs["terraces_open"][s])
            g.terrace_open.append([1 if c in opened else 0 for c in obs["terraces"]])
            continue
        start = obs.get("start_cards", [None] * n)[s]
        hand = [start] if start else []
        hand += [rest.pop() for _ in range(obs["hand_sizes"][s] - len(hand))]
        laid = [rest.pop() for _ in range(obs["laid_counts"][s])]
        shown_up = list(obs["terraces_open"][s])
        hidden = obs["terrace_counts"][s] - len(shown_up)
        g.hands.append(hand)
        g.laid.append(laid)
        g.terraces.append(shown_up + [rest.pop() for _ in range(hidden)])
        g.terrace_open.append([1] * len(shown_up) + [0] * hidden)
    others = sorted(gid for gid in GOALS if gid not in set(obs["goals"]))
    rng.shuffle(others)
    g.goals = []
    for s in range(n):
        if s == me:
            g.goals.append(list(obs["goals"]))
        else:
            g.goals.append(sorted(others[:5]))
            others = others[5:]
    g.names = tuple(obs["names"])
    g.log_entries = list(obs["log"])
    return g
