"""Card game: thousands of random games with the invariants checked after every action, and
mutated action texts that must fail only with a clear ValueError (IllegalAction or a syntax
error), changing nothing.

    python3 bench/cardgame_fuzz.py --games 500        # per player count (2-5)
"""

from __future__ import annotations

import argparse
import random
import time

from benchlib import on_path

on_path("tests/cardgame")

from test_cardgame_properties import check_invariants  # noqa: E402

from inca_core.cardgame.actions import parse_action  # noqa: E402
from inca_core.cardgame.game import CardGame  # noqa: E402
from inca_core.cardgame.spec import SPEC  # noqa: E402


def mutate(text: str, rng: random.Random) -> str:
    """A nearby text: a word dropped, doubled, or a character changed."""
    words = text.split()
    k = rng.randrange(3)
    if k == 0 and len(words) > 1:
        words.pop(rng.randrange(len(words)))
    elif k == 1:
        words.insert(rng.randrange(len(words) + 1), rng.choice(words))
    else:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice("0123456789,-ABCDSZ x") + text[i + 1:]
    return " ".join(words)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    rng = random.Random(a.seed)
    for players in (2, 3, 4, 5):
        start = time.perf_counter()
        actions = rejected = 0
        for i in range(a.games):
            g = SPEC.new_game(players, a.seed + i)
            while not g.is_over:
                legal = g.legal_actions()
                if rng.random() < 0.2:
                    text = mutate(str(rng.choice(legal)), rng)
                    before = g.fingerprint()
                    try:
                        bad = parse_action(text)
                    except ValueError:
                        bad = None
                    if bad is not None and bad not in legal:
                        try:
                            g.play(bad)
                            raise AssertionError(f"illegal {text!r} was played")
                        except ValueError:
                            rejected += 1
                        assert g.fingerprint() == before
                seat, roads = g.turn, {k: v[:] for k, v in g.roads.items()}
                blocked = set(g.restricted) if "TA_OPEN_ROADS" not in g.effects(seat) else set()
                g.play(rng.choice(legal))
                check_invariants(g)
                for key, tokens in g.roads.items():  # Road Restriction honoured
                    if tokens[seat] != roads.get(key, [0] * players)[seat]:
                        assert not blocked & set(key.split("|")), key
                actions += 1
            copy = CardGame.from_dict(g.to_dict())
            assert copy.fingerprint() == g.fingerprint()
        dt = time.perf_counter() - start
        print(f"{players} players: {a.games} games, {actions} actions checked, "
              f"{rejected} mutated actions refused, {dt:.0f} s")


if __name__ == "__main__":
    main()
