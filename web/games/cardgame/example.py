"""A small drawn example of the card game's table, for the "How to play" picture: Cuzco, two
Start cards, a Colca with a stocked storage hut and the roads of two players (one connection
shared), drawn by the game's own drawing (``inca_core.cardgame.svg.table_group``)."""

from __future__ import annotations

from functools import cache

from inca_core.cardgame.cards import CARDS, SLOTS
from inca_core.cardgame.svg import table_group

#: The two players of the example.
NAMES = ("Ana", "Bo")


def _colca() -> str:
    """A coast Colca with a road on its east edge (to Quito), a fame box and two huts."""
    east = SLOTS.index("E")
    colcas = sorted(c.id for c in CARDS.values() if c.kind == "colca" and c.column == "coast")
    good = [c for c in colcas
            if CARDS[c].conn[east] and CARDS[c].fame and len(CARDS[c].huts) >= 2]
    return (good or colcas)[0]


def example_obs() -> dict:
    """The example table as the part of an observation the drawing reads."""
    starts = {c.cell: c.id for c in CARDS.values() if c.kind in ("start", "cuzco") and c.cell}
    colca = _colca()
    return {
        "names": list(NAMES),
        "table": {"1,0": starts[(1, 0)], "1,1": starts[(1, 1)], "0,0": starts[(0, 0)],
                  "0,1": colca},
        "owner": {"1,1": 0, "0,0": 1, "0,1": 0},
        "roads": {"1,0|1,1": [2, 0], "0,0|1,0": [0, 2], "0,0|1,1": [3, 3], "0,1|1,1": [3, 0]},
        "fame": {"0,1": [CARDS[colca].fame, 0]},
        "temples": {},
        "huts": {"0,1": [[0], []]},
        "restricted": [],
    }


@cache
def table_svg(frame: int) -> str:
    """The example table as SVG markup for a ``frame`` by ``frame`` board: one group, scaled
    and centred (no ``<svg>`` of its own)."""
    body, (x, y, width, height) = table_group(example_obs())
    scale = min(frame / width, frame / height)
    dx, dy = (frame - width * scale) / 2 - x * scale, (frame - height * scale) / 2 - y * scale
    return f'<g transform="translate({dx:.1f} {dy:.1f}) scale({scale:.3f})">{body}</g>'

