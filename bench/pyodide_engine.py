"""The same random games in CPython and in the pinned Pyodide (under Node), in one run.

    python3 bench/pyodide_engine.py [--game empire] [--players 4] [--games 40] [--seed 1]

Plays ``--games`` random games (``random.Random(seed + i)`` picks among the legal actions) of
every game on the shelf, or of ``--game``, first in this CPython, then in Pyodide from
``node_modules/pyodide`` with the engine package mounted read-only, and prints CPU milliseconds
per game in each and their ratio (goal: Pyodide <= 2.5 x CPython). CPU time, not wall time, so
other work on the machine does not skew the ratio. One untimed game first imports the game and
loads its data in both, so the figures are of play, not of start-up. Both runs play the very
same games: the script checks that the final fingerprints agree.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

from benchlib import ROOT

# Run in both interpreters: prints one JSON line with the timing and the fingerprints.
GAMES_PY = """
import json, random, sys, time
from inca_core.shelf import GAMES

if sys.platform == "emscripten":  # Node's CPU time of the process, in seconds
    from js import process

    def cpu_time():
        used = process.cpuUsage()
        return (used.user + used.system) / 1e6
else:
    cpu_time = time.process_time

def play(spec, players, seed):
    rng = random.Random(seed)
    state = spec.new_game(players, seed=seed, options=frozenset(), names=None)
    actions = 0
    while not state.is_over:
        state.play(rng.choice(state.legal_actions()))
        actions += 1
    return state, actions

def run(game_id, players, games, seed):
    spec = GAMES[game_id]
    play(spec, players, seed - 1)  # not timed: imports and data loading
    prints = []
    actions = 0
    start = cpu_time()
    for i in range(games):
        state, played = play(spec, players, seed + i)
        actions += played
        prints.append(state.fingerprint()[:12])
    elapsed = cpu_time() - start
    return {"ms_per_game": 1000 * elapsed / games, "actions": actions, "prints": prints}

print(json.dumps([run(g, p, GAMES_N, SEED) for g, p in JOBS]))
"""

NODE_JS = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, job] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, stdout: (s) => console.log(s) });
pyodide.FS.mkdirTree("/job");
pyodide.mountNodeFS("/job", job);
pyodide.runPython("import sys; sys.path.insert(0, '/job')");
pyodide.runPython(readFileSync(`${job}/games.py`, "utf8"));
"""


def main() -> int:
    from inca_core.shelf import INFOS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(INFOS), default=None)
    parser.add_argument("--players", type=int, default=None,
                        help="player count (default: the largest of each game)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ids = [args.game] if args.game else list(INFOS)
    jobs = [(g, args.players or INFOS[g].players[-1]) for g in ids]
    program = (GAMES_PY.replace("GAMES_N", str(args.games)).replace("SEED", str(args.seed))
               .replace("JOBS", repr(jobs)))
    namespace: dict = {}
    cpython = _capture(lambda: exec(compile(program, "games.py", "exec"), namespace))
    runtime = ROOT / "node_modules" / "pyodide"
    if not (runtime / "pyodide.mjs").exists():
        sys.exit("bench/pyodide_engine.py: run `python3 build.py build` first (npm ci)")
    with tempfile.TemporaryDirectory(prefix="inca-bench-") as job:
        shutil.copytree(ROOT / "inca_core", pathlib.Path(job) / "inca_core",
                        ignore=shutil.ignore_patterns("__pycache__"))
        (pathlib.Path(job) / "games.py").write_text(program)
        result = subprocess.run(["node", "--input-type=module", "-e", NODE_JS, str(runtime), job],
                                capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"Pyodide run failed:\n{result.stderr[-3000:]}")
    pyodide = json.loads(result.stdout.strip().splitlines()[-1])
    print(f"{args.games} random games per line, seed {args.seed}")
    print(f"{'game':<10} {'players':>7} {'CPython ms':>11} {'Pyodide ms':>11} {'ratio':>6}")
    for (game_id, players), here, there in zip(jobs, cpython, pyodide, strict=True):
        if here["prints"] != there["prints"]:
            sys.exit(f"{game_id}: the two interpreters played different games")
        ratio = there["ms_per_game"] / here["ms_per_game"]
        print(f"{game_id:<10} {players:>7} {here['ms_per_game']:>11.2f} "
              f"{there['ms_per_game']:>11.2f} {ratio:>5.2f}x")
    return 0


def _capture(run: object) -> list:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run()  # type: ignore[operator]
    return json.loads(out.getvalue().strip().splitlines()[-1])


if __name__ == "__main__":
    raise SystemExit(main())
