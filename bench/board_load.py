"""Time loading each board side from its committed JSON (no cache), as ``board_for`` does.

Run: ``python3 bench/board_load.py`` (prints the best, median and worst of 50 cold loads per side,
plus the time to validate and to render each side once).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from importlib import resources

import benchlib  # noqa: F401  (puts the repository on sys.path)

from inca_core.empire.board import board_from_dict
from inca_core.empire.svg import render_board_svg
from inca_core.empire.validate import validate_board

RUNS = 50
#: The package whose ``data/`` holds the board sides.
DATA = resources.files("inca_core.empire")


def load(players: int):
    """Read, parse and build one side, exactly like the uncached path of ``board_for``."""
    path = f"data/board-{players}.json"
    text = DATA.joinpath(path).read_text("utf-8")
    return board_from_dict(json.loads(text))


def main() -> None:
    print(f"Python {sys.version.split()[0]}, {RUNS} cold loads per side")
    for players in (4, 3):
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            board = load(players)
            times.append((time.perf_counter() - start) * 1000)
        size = len(DATA.joinpath(f"data/board-{players}.json").read_bytes())
        start = time.perf_counter()
        problems = validate_board(board)
        validate_ms = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        svg = render_board_svg(board)
        render_ms = (time.perf_counter() - start) * 1000
        print(
            f"board-{players}: {size / 1024:.0f} KiB JSON, load best {min(times):.1f} ms, "
            f"median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms; "
            f"validate {validate_ms:.0f} ms ({len(problems)} problems); "
            f"render {render_ms:.0f} ms ({len(svg) / 1024:.0f} KiB SVG)"
        )


if __name__ == "__main__":
    main()
