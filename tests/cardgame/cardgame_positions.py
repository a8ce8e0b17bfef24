"""Positions for the card game's rules-edition tests, built through the public dict form, and
the save fixtures of each edition."""

from __future__ import annotations

import json
import pathlib

from inca_core.cardgame.game import CardGame, link_key
from inca_core.cardgame.spec import SPEC, data_digest
from inca_core.save import loads


def position(edition: int, players: int = 4, seed: int = 1, **fields) -> CardGame:
    """Era I's action phase of a game of rules edition ``edition``, ``fields`` replaced."""
    g = SPEC.new_game(players, seed, edition=edition)
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


def saved_game(edition: int) -> CardGame:
    """The save fixture of rules ``edition`` (tools/cardgame_fixture.py), replayed; it must
    replay to its recorded fingerprint under its edition's data."""
    path = (pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "saves"
            / f"format-2-cardgame-e{edition}.json")
    text = path.read_text(encoding="utf-8")
    game = loads(text)
    assert isinstance(game, CardGame) and game.edition == edition and game.is_over
    assert game.fingerprint() == json.loads(text)["fingerprint"]
    assert json.loads(text)["data"] == data_digest(game.n, edition)
    return game
