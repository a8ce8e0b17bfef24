"""Full states that agree with an observation: what it hides dealt at random (bots search
them)."""

from __future__ import annotations

import random

from inca_core.cardgame.cards import GOALS, era_cards
from inca_core.cardgame.game import CardGame
from inca_core.cardgame.observe import PUBLIC


def determinize(obs: dict, rng: random.Random) -> CardGame:
    """A full state that agrees with ``obs``; what ``obs`` hides is dealt at random."""
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
