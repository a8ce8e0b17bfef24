"""Fuzz ``inca_core.loads`` with mutated real saves: it must only ever raise SaveError.

    python3 bench/fuzz_saves.py [--inputs 10000] [--seed 1] [--game empire|cardgame|wiraqocha]

The saves are three games part-played at random: of Inca Empire (the default ``--game``) at 4
players to round 3, at 3 with Pizarro to round 4 and at 4 with the gods agreeing to round 2; of
another game at its largest, smallest and largest player count, 20 to 80 actions in.

Mutations: character flips, cuts, insertions, duplicated spans, JSON-level field swaps (wrong
types, other values, removed keys, edited action lists). Prints how many inputs were tried, how
many loaded (only unchanged-meaning edits may), how many were refused, and any other exception
(there must be none, including ones only caught by ``loads``' last-resort handler).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import benchlib  # noqa: F401  (puts the repository on sys.path)

from inca_core import SaveError, dumps, loads, new_game
from inca_core.shelf import GAMES

ODD_VALUES = [None, True, False, 0, -1, 3, 4, 5, 2**70, 1.5, float("inf"), "", "x", "4", [],
              [1], ["pizarro"], {}, {"a": 1}, "road c001", ["pass"], ["end", "pass"]]


def _saves(rng: random.Random, game_id: str = "empire") -> list[str]:
    out = []
    if game_id != "empire":
        spec = GAMES[game_id]
        for players in (spec.players[-1], spec.players[0], spec.players[-1]):
            state = spec.new_game(players, seed=rng.randrange(1000))
            for _ in range(rng.randrange(20, 80)):
                if state.is_over:
                    break
                state.play(rng.choice(state.legal_actions()))
            out.append(dumps(state))
        return out
    for players, variants, stop in ((4, (), 3), (3, ("pizarro",), 4), (4, ("gods_agree",), 2)):
        game = new_game(players, seed=rng.randrange(1000), variants=variants)
        while not game.is_over and game.round < stop:
            game.play(rng.choice(game.legal_actions()))
        out.append(dumps(game))
    return out


def _mutate(text: str, rng: random.Random) -> str | bytes:
    kind = rng.randrange(7)
    n = len(text)
    if kind == 0:
        i = rng.randrange(n)
        return text[:i] + chr(rng.randrange(1, 0x3000)) + text[i + 1:]
    if kind == 1:
        return text[: rng.randrange(n)]
    if kind == 2:
        i = rng.randrange(n)
        junk = "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(1, 12)))
        return text[:i] + junk + text[i:]
    if kind == 3:
        i, j = sorted(rng.randrange(n) for _ in range(2))
        return text[:j] + text[i:j] + text[j:]
    if kind == 4:
        raw = bytearray(text.encode("utf-8"))
        raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    data = json.loads(text)
    if kind == 5:
        key = rng.choice(sorted(data))
        if rng.random() < 0.2:
            del data[key]
        else:
            data[key] = rng.choice(ODD_VALUES)
    else:
        actions = data["actions"]
        op = rng.randrange(4)
        if op == 0 and actions:
            del actions[rng.randrange(len(actions))]
        elif op == 1 and actions:
            i = rng.randrange(len(actions))
            actions.insert(i, actions[i])
        elif op == 2 and len(actions) > 1:
            i = rng.randrange(len(actions) - 1)
            actions[i], actions[i + 1] = actions[i + 1], actions[i]
        else:
            actions.append(rng.choice(["pass", "end", "road c001", "sun rural_unrest q0"]))
    return json.dumps(data)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=list(GAMES), default="empire",
                        help="which game's saves to mutate (default: empire)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    saves = _saves(rng, args.game)
    loaded = refused = 0
    other: list[str] = []
    start = time.perf_counter()
    for _ in range(args.inputs):
        text = _mutate(rng.choice(saves), rng)
        try:
            loads(text)
            loaded += 1
        except SaveError as exc:
            refused += 1
            if isinstance(exc.__cause__, Exception) and str(exc).startswith(
                    "this save could not be read"):
                other.append(f"(caught by the last-resort handler) {exc.__cause__!r}"[:200])
        except Exception as exc:  # must never happen
            other.append(f"{type(exc).__name__}: {exc}"[:200])
    elapsed = time.perf_counter() - start
    print(f"{args.inputs} mutated saves in {elapsed:.1f} s: {refused} refused with SaveError, "
          f"{loaded} loaded (harmless edits), {len(other)} other exceptions")
    for line in other[:20]:
        print("  ", line)
    return 1 if other else 0


if __name__ == "__main__":
    sys.exit(main())
