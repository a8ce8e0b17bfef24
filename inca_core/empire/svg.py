"""Draw a board side as a self-contained SVG string.

``render_board_svg(board)`` is pure and deterministic: the same board and arguments always give
the same text. The drawing is built in layers, bottom to top: sea, land, regions, the Andes,
borders, connections, region names, sites, legend, then an empty ``pieces`` layer for a played
game. Every region, site and connection element carries ``data-region``, ``data-site`` or
``data-connection`` with its id and a ``<title>`` with its name; ids passed in ``highlights``
get the ``highlight`` class and ``data-legal="1"``.

A legal target (``data-legal="1"``, set here or by a page) is drawn in two tones, a dark outline
(:data:`LEGAL_DARK`) around a light dashed core or fill (:data:`LEGAL_LIGHT`), so it stands out
at 3:1 or more on every fill under it, light or dark, and by its dashes, not by colour alone;
its strokes and its invisible hit area (28 px wide) keep their size on screen at any zoom.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from html import escape
from itertools import pairwise
from typing import TYPE_CHECKING

from inca_core.empire.board import SUYUS, Board, Connection, Point, Region, Site
from inca_core.empire.svg_play import render_pieces_svg
from inca_core.empire.svgkit import SUYU_COLOURS, num
from inca_core.empire.validate import distance_to_ring, point_in_ring

if TYPE_CHECKING:
    from inca_core.empire.game import Game

#: The pattern drawn over each suyu's starting region (and over its conquests in play).
SUYU_PATTERNS = {
    "Chinchaysuyu": "stripes",
    "Antisuyu": "dots",
    "Collasuyu": "cross-hatch",
    "Cuntisuyu": "waves",
}
#: Parchment tones of the standard regions; neighbours never share a tone.
REGION_TONES = ("#f3e7c9", "#e9dcb6", "#efe0c0", "#e4d3ad", "#f6ecd6")
SITE_NAME_SIZE = 7.0
#: The two tones of a legal target: any fill is 3:1 or more against one of them.
LEGAL_DARK = "#1a0b24"
LEGAL_LIGHT = "#fff3a0"
Box = tuple[float, float, float, float]

_STYLE = """
.sea{fill:#a9cfe0}
.sea-waves{fill:url(#pat-sea)}
.coast-glow{fill:none;stroke:#d3e9f1;stroke-width:9;stroke-linejoin:round}
.land{fill:#d9d3bd;stroke:#5f8597;stroke-width:1;fill-rule:evenodd}
.region{stroke:none}
.region-cuzco{fill:#f2c94c}
.start-pattern{pointer-events:none}
.out-of-play{fill:url(#pat-out);stroke:#6e6a60;stroke-width:1.2;fill-rule:evenodd}
.out-of-play-label{font:italic 13px serif;fill:#4d4a44;text-anchor:middle;
  paint-order:stroke;stroke:#ece8dc;stroke-width:3px}
.mountain{fill:#c8ab84;stroke:#7d5f3f;stroke-width:0.7;stroke-linejoin:round;opacity:0.75}
.border{fill:none;stroke:#6b4f36;stroke-width:1.1;stroke-linejoin:round;stroke-linecap:round}
.frontier{fill:none;stroke:#3f2e1f;stroke-width:2;stroke-linejoin:round;fill-rule:evenodd}
.cuzco-ring{fill:none;stroke:#7a5600;stroke-width:1.2;stroke-dasharray:4 2}
.connection{stroke:#35261a;stroke-width:1.9;stroke-dasharray:0.01 3.4;stroke-linecap:round}
.first-road-mark{stroke-width:4;stroke-linecap:round;opacity:0.75}
.connection-first{stroke:#1b1208;stroke-width:2.6;stroke-dasharray:0.01 3.6}
.hit{stroke:transparent;stroke-width:10;fill:none;pointer-events:stroke}
.hit-site{stroke-width:24;stroke-linecap:round}
.halo,.ring{display:none;pointer-events:none}
.site{stroke:#1b1208;stroke-width:1.1}
.site-city{fill:#ffffff}
.site-garrison{fill:#2b2b2b}
.site-plain{fill:#ffffff}
.site-significant{fill:#f5c542}
.bonus-badge{fill:#1b1208}
.bonus{font:bold 7px sans-serif;fill:#ffffff;text-anchor:middle;dominant-baseline:central}
.site-name{font-family:sans-serif;fill:#1b1208;paint-order:stroke;stroke:#fbf6ea;
  stroke-width:2px;stroke-linejoin:round}
.region-name{font-family:serif;font-weight:bold;fill:#3a2a1c;text-anchor:middle;
  dominant-baseline:central;letter-spacing:0.04em;paint-order:stroke;stroke:#fbf5e6;
  stroke-width:2.2px;stroke-linejoin:round}
.water-name{font-family:serif;font-style:italic;fill:#2d5a70;text-anchor:middle;
  letter-spacing:0.3em}
.hog{fill:#fff4c2;stroke:#6b4d00;stroke-width:1}
.hog-mark{fill:#6b4d00;stroke:none}
.title{font:bold 26px serif;fill:#1f3b4d;letter-spacing:0.08em}
.subtitle{font:italic 13px serif;fill:#1f3b4d}
.legend-box{fill:#fbf6ea;stroke:#6b4f36;stroke-width:1;opacity:0.95}
.legend{font:10px sans-serif;fill:#1b1208;dominant-baseline:central}
.legend-head{font:bold 11px serif;fill:#1b1208}
.compass{fill:#1f3b4d;stroke:#1f3b4d;stroke-width:1}
.compass-letter{font:bold 13px serif;fill:#1f3b4d;text-anchor:middle}
.sea-layer,.mountain,.border,.frontier,.cuzco-ring,.region-names,.out-of-play-layer{
  pointer-events:none}
[data-legal="1"]>.hit{stroke-width:28px;vector-effect:non-scaling-stroke}
[data-legal="1"]>.halo{display:inline;stroke:LEGAL_DARK;stroke-width:8px;stroke-linecap:round;
  vector-effect:non-scaling-stroke}
[data-legal="1"]>line.connection{stroke:LEGAL_LIGHT;stroke-width:3.5px;stroke-dasharray:7 4;
  stroke-linecap:butt;vector-effect:non-scaling-stroke}
[data-legal="1"]>.ring{display:inline;fill:LEGAL_LIGHT;stroke:LEGAL_DARK;stroke-width:3px;
  stroke-dasharray:5 2.5;vector-effect:non-scaling-stroke}
path.region[data-legal="1"]{fill:LEGAL_LIGHT;fill-opacity:0.8;stroke:LEGAL_DARK;stroke-width:3px;
  stroke-dasharray:9 4;vector-effect:non-scaling-stroke}
""".replace("LEGAL_DARK", LEGAL_DARK).replace(
    "LEGAL_LIGHT", LEGAL_LIGHT
)


def render_board_svg(
    subject: Board | Game,
    *,
    viewer: int | None = None,
    highlights: Collection[str] = (),
    size: float | None = None,
) -> str:
    """A board side, or a game played on it, as an SVG document.

    Given a :class:`~inca_core.empire.game.Game`, the top ``pieces`` layer shows the play as
    ``viewer``
    (a seat) may see it; with ``viewer=None`` only what every player may see. ``highlights`` holds
    region, site, connection, Wilderness Road or quadrant ids to mark as legal targets (the
    ``highlight`` class and ``data-legal="1"``). ``size`` sets the drawn width in pixels (the
    height follows); by default the SVG scales to its container.
    """
    marked = set(highlights)
    if isinstance(subject, Board):
        board, pieces = subject, ""
    else:
        board = subject.board
        obs = subject.observation(viewer)
        pieces = render_pieces_svg(board, obs, marked)
    w, h = board.width, board.height
    dims = "" if size is None else f' width="{num(size)}" height="{num(size * h / w)}"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(w)} {num(h)}"{dims} '
        f'class="board" data-players="{board.players}">',
        f"<title>Inca Empire board, {board.players} players</title>",
        _defs(),
        f"<style>{_STYLE}</style>",
        '<g class="sea-layer">',
        f'<rect class="sea" width="{num(w)}" height="{num(h)}"/>',
        f'<rect class="sea-waves" width="{num(w)}" height="{num(h)}"/>',
        f'<path class="coast-glow" d="{_path(board.land)}"/>',
        f'<path class="land" d="{_path(board.land)}"/>',
        "</g>",
        '<g class="regions">',
    ]
    tones = _tones(board)
    for region in sorted(board.regions.values(), key=lambda r: r.id):
        out.append(_region(region, tones.get(region.id), marked))
    out.append("</g>")
    if board.out_of_play:
        out.append(_out_of_play(board))
    out.append(_mountains(board))
    out.append(f'<path class="border" d="{_borders(board)}"/>')
    out.append(f'<path class="frontier" d="{_path(board.play_area)}"/>')
    cuzco = next((r for r in board.regions.values() if r.kind == "cuzco"), None)
    if cuzco is not None:
        out.append(f'<path class="cuzco-ring" d="{_path([cuzco.outline])}"/>')
    out.append('<g class="connections">')
    for c in sorted(board.connections.values(), key=lambda c: c.id):
        out.append(_connection(board, c, marked))
    out.append("</g>")
    clutter = _Clutter(board)
    out.append('<g class="region-names">')
    for region in sorted(board.regions.values(), key=lambda r: r.id):
        out.append(_region_name(region, clutter))
    out.append(_water_names(board))
    out.append("</g>")
    out.append('<g class="sites">')
    out.extend(_sites(board, marked, clutter))
    out.append("</g>")
    out.append(_legend(board))
    out.append(f'<g class="pieces">{pieces}</g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- small helpers ----------------------------------------------------------------------------
def _path(rings: Iterable[Sequence[Point]]) -> str:
    parts = []
    for ring in rings:
        if len(ring) < 3:
            continue
        (x0, y0), *rest = ring
        lines = "".join(f"L{num(x)} {num(y)}" for x, y in rest)
        parts.append(f"M{num(x0)} {num(y0)}{lines}Z")
    return "".join(parts)


def _centroid(ring: Sequence[Point]) -> Point:
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(ring, [*ring[1:], ring[0]], strict=True):
        f = x1 * y2 - x2 * y1
        area += f
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    if area == 0:
        return ring[0]
    return cx / (3 * area), cy / (3 * area)


def _defs() -> str:
    patterns = []
    for suyu, colour in SUYU_COLOURS.items():
        kind = SUYU_PATTERNS[suyu]
        if kind == "stripes":
            body = f'<path d="M-2 2L2 -2M0 8L8 0M6 10L10 6" stroke="{colour}" stroke-width="1.8"/>'
        elif kind == "dots":
            body = f'<circle cx="2" cy="2" r="1.4" fill="{colour}"/>'
            body += f'<circle cx="6" cy="6" r="1.4" fill="{colour}"/>'
        elif kind == "cross-hatch":
            body = f'<path d="M0 0L8 8M8 0L0 8" stroke="{colour}" stroke-width="1.1"/>'
        else:
            body = f'<path d="M0 4Q2 1 4 4T8 4" fill="none" stroke="{colour}" stroke-width="1.3"/>'
        patterns.append(
            f'<pattern id="pat-{suyu.lower()}" width="8" height="8" '
            f'patternUnits="userSpaceOnUse">{body}</pattern>'
        )
    patterns.append(
        '<pattern id="pat-out" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#d6d2c6"/>'
        '<path d="M0 0V6" stroke="#8d8a80" stroke-width="1.6"/></pattern>'
    )
    patterns.append(
        '<pattern id="pat-sea" width="36" height="18" patternUnits="userSpaceOnUse">'
        '<path d="M2 9Q6 6 10 9T18 9" fill="none" stroke="#8fbfd4" stroke-width="0.7"/>'
        '<path d="M20 17Q24 14 28 17T36 17" fill="none" stroke="#8fbfd4" stroke-width="0.7"/>'
        "</pattern>"
    )
    return "<defs>" + "".join(patterns) + "</defs>"


def _tones(board: Board) -> dict[str, str]:
    """A parchment tone per standard region, different from every neighbour's."""
    tones: dict[str, str] = {}
    for region in sorted(board.regions.values(), key=lambda r: r.id):
        if region.kind != "standard":
            continue
        used = {tones.get(n) for n in region.neighbours}
        start = sum(map(ord, region.id)) % len(REGION_TONES)
        for k in range(len(REGION_TONES)):
            tone = REGION_TONES[(start + k) % len(REGION_TONES)]
            if tone not in used:
                tones[region.id] = tone
                break
        else:
            tones[region.id] = REGION_TONES[start]
    return tones


def _legal(item: str, marked: set[str]) -> str:
    return ' data-legal="1"' if item in marked else ""


# --- layers -----------------------------------------------------------------------------------
def _region(region: Region, tone: str | None, marked: set[str]) -> str:
    classes = f"region region-{region.kind}" + (" highlight" if region.id in marked else "")
    legal = _legal(region.id, marked)
    d = _path([region.outline])
    kind = {"cuzco": "the capital", "start": "starting region", "standard": "region"}[region.kind]
    title = f"{region.name} ({kind}" + (f" of {region.suyu})" if region.kind == "start" else ")")
    if region.hand_of_god:
        title = title[:-1] + ", Hand of God)"
    if region.kind == "start":
        suyu = region.suyu or SUYUS[0]
        return (
            f'<path class="{classes}" d="{d}" fill="{SUYU_COLOURS[suyu]}" fill-opacity="0.5" '
            f'data-region="{region.id}"{legal}><title>{escape(title)}</title></path>'
            f'<path class="start-pattern" d="{d}" fill="url(#pat-{suyu.lower()})"/>'
        )
    fill = "" if region.kind == "cuzco" else f' fill="{tone or REGION_TONES[0]}"'
    return (
        f'<path class="{classes}" d="{d}"{fill} data-region="{region.id}"{legal}>'
        f"<title>{escape(title)}</title></path>"
    )


def _out_of_play(board: Board) -> str:
    x, y = _centroid(max(board.out_of_play, key=len))
    return (
        '<g class="out-of-play-layer">'
        f'<path class="out-of-play" d="{_path(board.out_of_play)}">'
        f"<title>Not in play with {board.players} players</title></path>"
        f'<text class="out-of-play-label" x="{num(x)}" y="{num(y)}">Not in play</text>'
        f'<text class="out-of-play-label" x="{num(x)}" y="{num(y + 15)}">'
        f"with {board.players} players</text></g>"
    )


def _mountains(board: Board) -> str:
    """Small peaks along the Andes crest lines, kept clear of the sites."""
    sites = [s.pos for s in board.sites.values()]
    peaks: list[str] = []
    for line in board.relief:
        carry = 0.0
        for (x1, y1), (x2, y2) in pairwise(line):
            length = math.hypot(x2 - x1, y2 - y1)
            if length == 0:
                continue
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            t = carry
            while t < length:
                k = len(peaks)
                side = 4.5 if k % 2 else -4.5
                x, y = x1 + ux * t - uy * side, y1 + uy * t + ux * side
                size = 4.2 if k % 3 else 5.2
                if all(math.hypot(x - sx, y - sy) > 9 for sx, sy in sites):
                    peaks.append(
                        f"M{num(x - size)} {num(y + size * 0.6)}L{num(x - size * 0.15)} "
                        f"{num(y - size * 0.9)}L{num(x + size * 0.2)} {num(y - size * 0.5)}"
                        f"L{num(x + size)} {num(y + size * 0.6)}Z"
                    )
                else:
                    peaks.append("")
                t += 7.5
            carry = t - length
    return f'<path class="mountain" d="{"".join(peaks)}"><title>The Andes</title></path>'


def _borders(board: Board) -> str:
    """Each shared border once, as runs of connected edges."""
    edges: dict[tuple[Point, Point], str] = {}
    for region in board.regions.values():
        ring = region.outline
        for i, a in enumerate(ring):
            edges[(a, ring[(i + 1) % len(ring)])] = region.id
    parts = []
    for region in sorted(board.regions.values(), key=lambda r: r.id):
        ring = region.outline
        run: list[Point] = []
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            other = edges.get((b, a))
            if other is not None and other > region.id:
                if not run:
                    run = [a]
                run.append(b)
            elif run:
                parts.append(_polyline(run))
                run = []
        if run:
            parts.append(_polyline(run))
    return "".join(parts)


def _polyline(points: Sequence[Point]) -> str:
    (x0, y0), *rest = points
    return f"M{num(x0)} {num(y0)}" + "".join(f"L{num(x)} {num(y)}" for x, y in rest)


def _connection(board: Board, c: Connection, marked: set[str]) -> str:
    (x1, y1), (x2, y2) = (board.sites[e].pos for e in c.ends)
    a, b = (board.sites[e].name for e in c.ends)
    region = board.regions[c.region].name
    line = f'x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
    classes = "connection" + (" connection-first" if c.start_of else "")
    classes += " highlight" if c.id in marked else ""
    title = f"Road {a} to {b}, in {region}"
    mark = ""
    if c.start_of:
        title += f": first road of {c.start_of}"
        mark = f'<line class="first-road-mark" {line} stroke="{SUYU_COLOURS[c.start_of]}"/>'
    return (
        f'<g data-connection="{c.id}"{_legal(c.id, marked)}><title>{escape(title)}</title>'
        f'<line class="hit" {line}/>{mark}<line class="halo" {line}/>'
        f'<line class="{classes}" {line}/></g>'
    )


def _region_name(region: Region, clutter: _Clutter) -> str:
    """The region's name, and its Hand of God symbol beside the name where it covers least."""
    x, y = region.label
    size = region.label_size
    out = (
        f'<text class="region-name" x="{num(x)}" y="{num(y)}" font-size="{num(size)}">'
        f"{escape(region.name.upper())}</text>"
    )
    if region.hand_of_god:
        half = 0.4 * size * len(region.name) + 9
        spots = [
            (x, y + size * 0.55 + 8.5),
            (x, y - size * 0.55 - 8.5),
            (x + half, y),
            (x - half, y),
        ]

        def spot_cost(k: int) -> tuple[float, int]:
            px, py = spots[k]
            inside = point_in_ring((px, py), region.outline)
            room = inside and distance_to_ring((px, py), region.outline) >= 7
            return (0 if room else 1000) + clutter.cost((px - 7, py - 7, px + 7, py + 7)), k

        hx, hy = spots[min(range(len(spots)), key=spot_cost)]
        clutter.placed.add((hx - 7, hy - 7, hx + 7, hy + 7))
        out += _hand(hx, hy)
    return out


def _hand(x: float, y: float) -> str:
    """The Hand of God symbol: an open hand in a disc."""
    fingers = "".join(
        f'<rect x="{num(x + dx - 0.8)}" y="{num(y - top)}" width="1.6" height="{num(top + 0.5)}" '
        'rx="0.8"/>'
        for dx, top in ((-2.4, 3.6), (-0.8, 4.6), (0.8, 4.4), (2.4, 3.4))
    )
    return (
        f'<g class="hand-of-god"><title>Hand of God</title>'
        f'<circle class="hog" cx="{num(x)}" cy="{num(y)}" r="7"/>'
        f'<g class="hog-mark">{fingers}'
        f'<rect x="{num(x - 3.2)}" y="{num(y - 0.5)}" width="6.4" height="4.4" rx="1.6"/>'
        f'<path d="M{num(x + 2.6)} {num(y + 0.8)}L{num(x + 5)} {num(y - 1.6)}" stroke="#6b4d00" '
        'stroke-width="1.5" stroke-linecap="round"/></g></g>'
    )


def _water_names(board: Board) -> str:
    holes = [r for r in board.play_area[1:] if len(r) > 2]
    out = []
    for ring in holes:
        x, y = _centroid(ring)
        out.append(
            f'<text class="water-name" x="{num(x)}" y="{num(y + 2)}" font-size="6">Titicaca</text>'
        )
    out.append(
        f'<text class="water-name" x="{num(board.width * 0.12)}" y="{num(board.height * 0.36)}" '
        'font-size="15" transform="rotate(-70 '
        f'{num(board.width * 0.12)} {num(board.height * 0.36)})">MAR DEL SUR</text>'
    )
    return "".join(out)


def _site_shape(site: Site, classes: str) -> str:
    x, y = site.pos
    if site.temple_bonus:
        star = []
        for k in range(10):
            rad = 8.0 if k % 2 == 0 else 3.6
            ang = -math.pi / 2 + k * math.pi / 5
            star.append((x + rad * math.cos(ang), y + rad * math.sin(ang)))
        bx, by = x + 8.5, y - 7.5
        return (
            f'<path class="{classes} site-significant" d="{_path([star])}"/>'
            f'<circle class="bonus-badge" cx="{num(bx)}" cy="{num(by)}" r="4.6"/>'
            f'<text class="bonus" x="{num(bx)}" y="{num(by + 0.3)}">{site.temple_bonus}</text>'
        )
    if site.kind == "city":
        return (f'<rect class="{classes}" x="{num(x - 4.5)}" y="{num(y - 4.5)}" width="9" '
                'height="9"/>')
    if site.kind == "garrison":
        triangle = [(x, y - 5.8), (x + 5.2, y + 3.4), (x - 5.2, y + 3.4)]
        return f'<path class="{classes}" d="{_path([triangle])}"/>'
    return f'<circle class="{classes}" cx="{num(x)}" cy="{num(y)}" r="3"/>'


_OFFSETS = ((1, -1), (1, 1), (-1, -1), (-1, 1), (1, 0), (-1, 0), (0, -1), (0, 1))
_CELL = 12.0


class _Clutter:
    """What is already drawn where: region names, site markers, placed texts and symbols, and
    points along the roads; ``cost`` says how much of a box they would cover."""

    def __init__(self, board: Board) -> None:
        self.labels, self.markers, self.placed = _Boxes(), _Boxes(), _Boxes()
        for region in board.regions.values():
            x, y = region.label
            half = 0.4 * region.label_size * len(region.name) + 1
            h = region.label_size * 0.55
            self.labels.add((x - half, y - h, x + half, y + h))
        for site in board.sites.values():
            x, y = site.pos
            self.markers.add(
                (x - 8, y - 12.5, x + 13.5, y + 8)
                if site.temple_bonus
                else (x - 6, y - 6, x + 6, y + 6)
            )
        self.roads: dict[tuple[int, int], list[Point]] = {}
        for c in board.connections.values():
            (x1, y1), (x2, y2) = (board.sites[e].pos for e in c.ends)
            steps = max(1, int(math.hypot(x2 - x1, y2 - y1) / 3))
            for k in range(1, steps):
                px, py = x1 + (x2 - x1) * k / steps, y1 + (y2 - y1) * k / steps
                self.roads.setdefault((int(px // _CELL), int(py // _CELL)), []).append((px, py))

    def cost(self, box: Box) -> float:
        return (
            self.labels.overlap(box)
            + 3 * self.markers.overlap(box)
            + 2 * self.placed.overlap(box)
            + 4 * _points_in(box, self.roads)
        )


def _sites(board: Board, marked: set[str], clutter: _Clutter) -> list[str]:
    """Site markers, then their names, each placed around its marker where it covers least."""
    sites = sorted(board.sites.values(), key=lambda s: s.id)
    out = []
    for site in sites:
        classes = f"site site-{site.kind}" + (" highlight" if site.id in marked else "")
        kind = {"city": "city site", "garrison": "garrison site", "plain": "road site"}[site.kind]
        bonus = f", temple bonus {site.temple_bonus}" if site.temple_bonus else ""
        title = f"{site.name} ({kind}{bonus})"
        out.append(
            f'<g data-site="{site.id}"{_legal(site.id, marked)}><title>{escape(title)}</title>'
            f'<line class="hit hit-site" x1="{num(site.pos[0])}" y1="{num(site.pos[1])}" '
            f'x2="{num(site.pos[0] + 0.01)}" y2="{num(site.pos[1])}"/>'
            f'<circle class="ring" cx="{num(site.pos[0])}" cy="{num(site.pos[1])}" r="10"/>'
            f"{_site_shape(site, classes)}</g>"
        )
    names = []
    for site in sorted(sites, key=lambda s: (s.pos[1], s.pos[0])):
        x, y = site.pos
        width = 0.56 * SITE_NAME_SIZE * len(site.name)
        height = SITE_NAME_SIZE
        best = None
        for ring, gap in enumerate((11.0, 17.0) if site.temple_bonus else (5.5, 11.0)):
            for k, (dx, dy) in enumerate(_OFFSETS):
                left = x + gap if dx > 0 else (x - gap - width if dx < 0 else x - width / 2)
                top = (
                    y - gap - height + 2 if dy < 0 else (y + gap - 2 if dy > 0 else y - height / 2)
                )
                box = (left, top, left + width, top + height)
                cost = clutter.cost(box) + k * 0.5 + ring * 12
                if best is None or cost < best[0]:
                    best = (cost, box)
        assert best is not None
        left, _, _, bottom = best[1]
        clutter.placed.add(best[1])
        names.append(
            f'<text class="site-name" x="{num(left)}" y="{num(bottom - 1.5)}" '
            f'font-size="{num(SITE_NAME_SIZE)}">{escape(site.name)}</text>'
        )
    return [*out, '<g class="site-names" pointer-events="none">', *names, "</g>"]


def _points_in(box: Box, buckets: dict[tuple[int, int], list[Point]]) -> int:
    count = 0
    for i in range(int(box[0] // _CELL), int(box[2] // _CELL) + 1):
        for j in range(int(box[1] // _CELL), int(box[3] // _CELL) + 1):
            for px, py in buckets.get((i, j), ()):
                if box[0] <= px <= box[2] and box[1] <= py <= box[3]:
                    count += 1
    return count


class _Boxes:
    """Rectangles bucketed on a grid, to add up quickly how much of a box they cover."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    @staticmethod
    def _keys(box: Box):
        for i in range(int(box[0] // _CELL), int(box[2] // _CELL) + 1):
            for j in range(int(box[1] // _CELL), int(box[3] // _CELL) + 1):
                yield (i, j)

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def overlap(self, box: Box) -> float:
        seen = {b for key in self._keys(box) for b in self.cells.get(key, ())}
        return sum(_overlap(box, b) for b in seen)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _legend(board: Board) -> str:
    """Title, compass and key, in the open sea at the lower left."""
    x, y = 24.0, board.height - 430.0
    rows: list[tuple[str, str]] = [
        ("city", "City site"),
        ("garrison", "Garrison site"),
        ("plain", "Road site"),
        ("significant", "Significant city, temple bonus"),
        ("road", "Printed road (dotted)"),
        ("first", "First road from Cuzco"),
        ("hog", "Hand of God"),
        ("cuzco", "Cuzco"),
    ]
    rows += [(f"suyu:{s}", f"{s} start ({SUYU_PATTERNS[s]})") for s in board.suyus]
    if board.out_of_play:
        rows.append(("out", "Not in play"))
    height = 40 + 19 * len(rows)
    parts = [
        '<g class="legend-layer" pointer-events="none">',
        f'<text class="title" x="{num(x)}" y="{num(y - 62)}">TAHUANTINSUYU</text>',
        f'<text class="subtitle" x="{num(x + 2)}" y="{num(y - 42)}">The Inca Empire, '
        f"{board.players} players</text>",
        f'<rect class="legend-box" x="{num(x)}" y="{num(y - 22)}" width="214" '
        f'height="{num(height)}" rx="6"/>',
        f'<text class="legend-head" x="{num(x + 12)}" y="{num(y - 2)}">Key</text>',
    ]
    for k, (kind, text) in enumerate(rows):
        cy = y + 18 + 19 * k
        cx = x + 22
        parts.append(_legend_symbol(kind, cx, cy))
        parts.append(f'<text class="legend" x="{num(x + 40)}" y="{num(cy)}">{escape(text)}</text>')
    ox, oy = x + 250, y + 60
    parts.append(
        f'<path class="compass" d="M{num(ox)} {num(oy - 22)}L{num(ox + 7)} {num(oy + 8)}'
        f'L{num(ox)} {num(oy + 2)}L{num(ox - 7)} {num(oy + 8)}Z"/>'
        f'<text class="compass-letter" x="{num(ox)}" y="{num(oy - 27)}">N</text>'
    )
    parts.append("</g>")
    return "".join(parts)


def _legend_symbol(kind: str, x: float, y: float) -> str:
    if kind in ("city", "garrison", "plain"):
        site = Site(id="key", name="", kind=kind, pos=(x, y), regions=frozenset())  # type: ignore[arg-type]
        return _site_shape(site, f"site site-{kind}")
    if kind == "significant":
        site = Site(
            id="key", name="", kind="city", pos=(x - 2, y + 1), regions=frozenset(), temple_bonus=2
        )
        return _site_shape(site, "site site-city")
    if kind in ("road", "first"):
        line = f'x1="{num(x - 12)}" y1="{num(y)}" x2="{num(x + 12)}" y2="{num(y)}"'
        if kind == "road":
            return f'<line class="connection" {line}/>'
        return (
            f'<line class="first-road-mark" {line} stroke="#777"/>'
            f'<line class="connection connection-first" {line}/>'
        )
    if kind == "hog":
        return _hand(x, y)
    box = f'x="{num(x - 11)}" y="{num(y - 7)}" width="22" height="14"'
    if kind == "cuzco":
        return f'<rect {box} class="region-cuzco" stroke="#7a5600"/>'
    if kind == "out":
        return f'<rect {box} fill="url(#pat-out)" stroke="#6e6a60"/>'
    suyu = kind.split(":", 1)[1]
    return (
        f'<rect {box} fill="{SUYU_COLOURS[suyu]}" fill-opacity="0.5" stroke="#6b4f36"/>'
        f'<rect {box} fill="url(#pat-{suyu.lower()})"/>'
    )
