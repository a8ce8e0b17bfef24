"""Full states that agree with an observation: the pile shuffled, the dice to come re-seeded
(bots search them)."""

from __future__ import annotations

import random

from inca_core.wiraqocha.data import CARD_ORDER
from inca_core.wiraqocha.game import Wiraqocha
from inca_core.wiraqocha.observe import PUBLIC


def determinize(obs: dict, rng: random.Random) -> Wiraqocha:
    """A full state that agrees with ``obs``: the pile shuffled, the dice to come re-seeded."""
    g = Wiraqocha.from_dict({name: obs[name] for name in PUBLIC})
    seen = set(g.market).union(*map(set, g.cards)) if g.cards else set(g.market)
    rest = [c for c in CARD_ORDER if c not in seen]
    rng.shuffle(rest)
    g.pile = rest[:obs["pile_size"]]
    g.seed = rng.getrandbits(62)
    g.log_entries = list(obs["log"])
    return g
