"""Positions for the card game's rules-edition tests, built through the public dict form."""

from __future__ import annotations

from inca_core.cardgame.game import CardGame, link_key, new_game


def position(edition: int, players: int = 4, seed: int = 1, **fields) -> CardGame:
    """Era I's action phase of a game of rules edition ``edition``, ``fields`` replaced."""
    g = new_game(players, seed, edition=edition)
    while g.phase in ("lay", "take"):
        g.play(g.legal_actions()[0])
    d = g.to_dict()
    d.update(fields)
    return CardGame.from_dict(d)


def with_roads(g: CardGame, seat: int, *links) -> CardGame:
    """``g`` with one more road of ``seat`` on each link (a pair of cells)."""
    roads = {k: list(v) for k, v in g.roads.items()}
    for a, b in links:
        roads.setdefault(link_key(a, b), [0] * g.n)[seat] += 1
    return CardGame.from_dict({**g.to_dict(), "roads": roads})
