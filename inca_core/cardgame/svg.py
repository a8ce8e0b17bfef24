"""Draw the card game's table (the grid of cards around Cuzco) as an SVG string.

``render_table(observation, legal)`` is pure: it reads only an observation (what one seat or a
spectator may see) and the legal actions to mark. Cards show their column tint, connectors with
their road numbers, the fame box, the temple square and the storage huts with their foods;
tokens are drawn in the player's colour with the seat number inside (a second cue besides
colour). Elements carry ``data-cell``, ``data-card``, ``data-link``, ``data-hut`` and
``data-temple``; legal targets carry ``data-legal="1"``; empty places a card could go
(``ghosts``) are drawn as outlines carrying ``data-cell``, and connections with no road yet
(``links``, e.g. the moves a review marks) as thin dashed lines carrying ``data-link``.
``card_face(card_id)`` draws one card alone (a hand or draft card).

``table_parts`` gives the table's markup in fixed board units (a card keeps its place however
the table grows: Cuzco's row is at y 0) and the table's extent, for a page that shows the table
as its board. Every text is ``SMALLEST_TEXT`` units high or more: 12 px or more on screen
wherever the table's three columns are drawn across 350 px or more (a phone's width).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from html import escape
from typing import Any

from inca_core.cardgame import words
from inca_core.cardgame.actions import Build, Restrict, Road, Stock, Temple, cell_text
from inca_core.cardgame.cards import CARDS, OFFSET_SLOT, SLOT_OFFSET, SLOTS

#: Seat colours; every token also shows its seat number.
SEAT_COLOURS = ("#2f6db5", "#2e8b47", "#8a5a2b", "#e07b1a", "#7b3fa0")
#: Legal targets (a road to build, a place to build on): a colour no player has, dashed.
LEGAL_COLOUR = "#c2185b"
#: Radius of a token of one, and of a token with a count on it.
TOKEN_R, COUNT_R = 10, 14
COLUMN_TINTS = {"coast": "#cfe4ef", "plateau": "#efe0c0", "mountain": "#d9d4cc",
                "wild": "#d8ead0", "": "#f2c94c"}
FOOD_MARKS = {"fish": ("#5b9bd5", "F"), "corn": ("#e6b422", "C"), "potato": ("#a0522d", "P")}
CARD_W, CARD_H, GAP = 120, 176, 14
MARGIN = 12
#: The font size of the drawing's smallest text, in units.
SMALLEST_TEXT = 14
#: A connector's radius and how far its centre lies inside the card's edge.
CONN_R, CONN_IN = 11, 12

_STYLE = """
.cg-svg .card{stroke:#5a4632;stroke-width:1.5}
.cg-svg .cuzco{stroke:#7a5600;stroke-width:3}
.cg-svg rect.slot{fill:#fbe3ee;fill-opacity:.7;stroke:#c2185b;stroke-width:3;stroke-dasharray:8 4}
.cg-svg .ghost{fill:#fff;fill-opacity:.25;stroke:#8a7a66;stroke-width:1;stroke-dasharray:3 5}
.cg-svg line.link-shown{stroke:#8a7a66;stroke-width:5;stroke-dasharray:3 5;stroke-linecap:butt}
.cg-svg .token{pointer-events:none}
.cg-svg .road{stroke-width:4;stroke-linecap:round;opacity:0.85}
.cg-svg line.link-legal{stroke:#c2185b;stroke-width:6;stroke-dasharray:6 4;stroke-linecap:butt}
.cg-svg line.link-under{stroke:#fff;stroke-width:10;opacity:.8;pointer-events:none}
.cg-svg .conn{fill:#fff;stroke:#35261a;stroke-width:1}
.cg-svg .conn-n{font:bold 15px sans-serif;text-anchor:middle;dominant-baseline:central}
.cg-svg .label{font:15px sans-serif;fill:#35261a}
.cg-svg .title{font:bold 16px sans-serif;fill:#35261a}
.cg-svg .token-n{font:bold 14px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
.cg-svg .restricted{stroke:#b00020;stroke-width:5;stroke-linecap:round}
.cg-svg [data-legal="1"]{cursor:pointer}
.cg-svg [data-legal="1"]:focus{outline:3px solid #c2185b}
"""


def xy(cell: tuple[int, int], top: int = 0) -> tuple[float, float]:
    """Top-left corner of the card at ``cell``, its row ``top`` rows under the first row."""
    return MARGIN + cell[0] * (CARD_W + GAP), MARGIN + (top - cell[1]) * (CARD_H + GAP)


def _centre(cell: tuple[int, int], top: int) -> tuple[float, float]:
    x, y = xy(cell, top)
    return x + CARD_W / 2, y + CARD_H / 2


def _slot_xy(cell: tuple[int, int], slot: str, top: int) -> tuple[float, float]:
    """Where the connector ``slot`` of the card at ``cell`` is drawn."""
    x, y = xy(cell, top)
    dx, dy = SLOT_OFFSET[slot]
    return (x + CARD_W / 2 + dx * (CARD_W / 2 - CONN_IN),
            y + CARD_H / 2 - dy * (CARD_H / 2 - CONN_IN))


def _ends(a: tuple[int, int], b: tuple[int, int], top: int) -> tuple[float, ...]:
    """The two connectors a road between ``a`` and ``b`` joins (centres for Machu Picchu)."""
    d = (b[0] - a[0], b[1] - a[1])
    if max(abs(d[0]), abs(d[1])) == 2 and abs(d[0]) == abs(d[1]):
        d = (d[0] // 2, d[1] // 2)
    back = (-d[0], -d[1])
    if d not in OFFSET_SLOT:
        return (*_centre(a, top), *_centre(b, top))
    return (*_slot_xy(a, SLOTS[OFFSET_SLOT[d]], top), *_slot_xy(b, SLOTS[OFFSET_SLOT[back]], top))


def _cell(text: str) -> tuple[int, int]:
    c, r = text.split(",")
    return int(c), int(r)


def _key_cells(key: str) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = key.split("|")
    return _cell(a), _cell(b)


def _token(x: float, y: float, seat: int, count: int = 1, r: float = TOKEN_R,
           names: Any = (), on: str = "") -> str:
    """A player's token (``count`` of them) at ``x, y``; ``on``: what it lies on (``road:KEY``,
    ``hut:KEY:I``), for a reader of the drawing."""
    label = f"{seat + 1}" if count == 1 else f"{seat + 1}\u00d7{count}"
    who = escape(names[seat]) if seat < len(names) else f"Player {seat + 1}"
    where = f' data-on="{on}"' if on else ""
    return (f'<g class="token" data-seat="{seat}"{where}><title>{who}: {count} '
            f'token{"s" if count != 1 else ""}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r if count == 1 else r + 4}" '
            f'fill="{SEAT_COLOURS[seat % 5]}" stroke="#fff" stroke-width="1.5"/>'
            f'<text class="token-n" x="{x:.1f}" y="{y:.1f}">{label}</text></g>')


def _legal(attr: str) -> str:
    return f' data-legal="1" tabindex="0" role="button"{attr}'


def render_table(obs: dict, legal: Iterable[Any] = (), ghosts: Iterable[str] = (),
                 fill: bool = False) -> str:
    """The table of ``obs`` as SVG, with the targets of ``legal`` marked and the empty places
    ``ghosts`` outlined; ``fill``: the drawing fills the element it is put in."""
    markup, (x, y, width, height) = table_parts(obs, legal, ghosts)
    size = ("100%", "100%") if fill else (width, height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="cardtable cg-svg" '
            f'viewBox="{x} {y} {width} {height}" width="{size[0]}" height="{size[1]}" '
            f'role="group" aria-label="The table of cards around Cuzco">'
            f"<style>{_STYLE}</style>{markup}</svg>")


def table_group(obs: dict, legal: Iterable[Any] = (), ghosts: Iterable[str] = (),
                links: Iterable[str] = ()) -> tuple[str, tuple[int, int, int, int]]:
    """The table as one ``<g>`` (with its style) in board units, for a page's own board SVG,
    and its extent (x, y, width, height): see :func:`table_parts`."""
    markup, extent = table_parts(obs, legal, ghosts, links)
    return f'<g class="cardtable cg-svg"><style>{_STYLE}</style>{markup}</g>', extent


def table_parts(obs: dict, legal: Iterable[Any] = (), ghosts: Iterable[str] = (),
                links: Iterable[str] = ()) -> tuple[str, tuple[int, int, int, int]]:
    """The table's cards, places and roads in board units, Cuzco's row at the top
    (``MARGIN`` units down) and the rows north of it above (negative y), so a card keeps its
    place as the table grows; and the extent (x, y, width, height) around every card, legal
    place and ghost with a margin of ``MARGIN``. ``links``: connections (``C,R|C,R``) drawn
    as places for a road, not legal (a move shown before it is played)."""
    table: dict[str, str] = obs["table"]
    named = words.anchors_of(table)
    legal = list(legal)
    build_cells = {cell_text(a.cell) for a in legal if isinstance(a, Build)}
    road_keys = {(a.a, a.b) for a in legal if isinstance(a, Road)}
    huts_legal = {(cell_text(a.cell), a.hut) for a in legal if isinstance(a, Stock)}
    temples_legal = {cell_text(a.cell) for a in legal if isinstance(a, Temple)}
    restrict_legal = {cell_text(a.cell) for a in legal if isinstance(a, Restrict)}
    ghosts = sorted(set(ghosts) - build_cells - set(table))
    cells = [_cell(k) for k in [*table, *build_cells, *ghosts]] or [(0, 0)]
    top = max(r for _, r in cells)
    bottom = min(r for _, r in cells)
    cols = max(c for c, _ in cells) + 1
    width = 2 * MARGIN + cols * (CARD_W + GAP) - GAP
    height = 2 * MARGIN + (top - bottom + 1) * (CARD_H + GAP) - GAP
    extent = (0, -top * (CARD_H + GAP), width, height)
    top = 0  # rows are placed from Cuzco's row: the extent above moves, the cards do not
    out = []
    for key in ghosts:
        x, y = xy(_cell(key), top)
        out.append(f'<rect class="ghost" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" '
                   f'rx="8" data-cell="{key}"><title>'
                   f'{escape(_capital(words.place_on(table, _cell(key), named)))}</title></rect>')
    for key in sorted(build_cells):
        x, y = xy(_cell(key), top)
        out.append(f'<rect class="slot" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" '
                   f'rx="8" data-cell="{key}"{_legal("")}><title>Build here: '
                   f'{escape(words.place_on(table, _cell(key), named))}</title></rect>')
    for key, card_id in sorted(table.items()):
        out.append(_card(key, card_id, obs, top, huts_legal, temples_legal, restrict_legal,
                         named))
    shown = frozenset(key for key in links if all(t in table for t in key.split("|")))
    out.append(_roads(obs, top, road_keys, named, extent, shown))
    return "".join(out), extent


#: A token's place: its centre and radius.
Spot = tuple[float, float, float]
#: Room kept between a diagonal road's token and a circle beside it.
_CLEAR = 1.5


def _roads(obs: dict, top: int, legal: set, named: list,
           extent: tuple[int, int, int, int], shown: frozenset[str] = frozenset()) -> str:
    """Each player's road on a connection as its own line, side by side, and each player's
    tokens there as a row of counters across the road (never drawn on top of each other),
    except on diagonal roads, which may cross one another: :func:`_corner_spots`,
    :func:`_long_spots`."""
    parts = ['<g class="roads">']
    names = obs.get("names", ())
    table = obs["table"]
    roads = {key: tokens for key, tokens in obs["roads"].items() if any(tokens)}
    connectors = _connectors(table, top)
    # what a corner road's tokens keep clear of: the other roads' tokens and middles
    drawn: list[Spot] = []
    corners = []
    late: list[str] = []  # diagonal roads' tokens, over every road's lines
    for key, tokens in sorted(obs["roads"].items()):
        a, b = (_cell(t) for t in key.split("|"))
        x1, y1, x2, y2 = _ends(a, b, top)
        owners = [s for s, k in enumerate(tokens) if k]
        length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
        px, py = -(y2 - y1) / length, (x2 - x1) / length
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        # the line stops at the connectors' edges, so their numbers stay in sight
        trim = min(9.0, length / 3)
        lx1, ly1 = x1 + py * trim, y1 - px * trim
        lx2, ly2 = x2 - py * trim, y2 + px * trim
        road = escape(f"Road from {words.place_on(table, a, named)} to "
                      f"{words.place_on(table, b, named)}")
        for i, s in enumerate(owners):
            shift = i - (len(owners) - 1) / 2
            off = shift * 5
            parts.append(f'<line class="road" data-link="{key}" data-seat="{s}" '
                         f'x1="{lx1 + off * px:.1f}" y1="{ly1 + off * py:.1f}" '
                         f'x2="{lx2 + off * px:.1f}" y2="{ly2 + off * py:.1f}" '
                         f'stroke="{SEAT_COLOURS[s % 5]}"><title>{road}</title></line>')
        spread = [(s, tokens[s]) for s in owners]
        kind = _diagonal(a, b)
        if kind == 1:
            corners.append((key, mx, my, b[1] > a[1], spread))  # drawn last, clear of the rest
            continue
        if kind == 2:
            spots = _long_spots(key, _across((x1, y1, x2, y2), spread), roads, spread, mx, my)
        else:
            spots = _row_spots(mx, my, px, py, spread, [*drawn, *connectors])
            if owners:
                drawn.append((mx, my, (len(owners) - 1) * 2.5 + 2))
        for (s, k), (tx, ty, r) in zip(spread, spots, strict=True):
            (late if kind else parts).append(_token(tx, ty, s, k, names=names,
                                                    on=f"road:{key}"))
            drawn.append((tx, ty, r))
    parts.extend(late)
    blocked = [*drawn, *connectors]
    crossings = Counter((round(mx), round(my)) for _, mx, my, _, spread in corners if spread)
    for key, mx, my, rising, spread in corners:
        crossed = crossings[round(mx), round(my)] > 1
        for (s, k), (tx, ty, r) in zip(spread, _corner_spots(mx, my, rising, crossed, spread,
                                                             blocked, extent), strict=True):
            parts.append(_token(tx, ty, s, k, names=names, on=f"road:{key}"))
            blocked.append((tx, ty, r))
    for key in sorted(shown - {f"{cell_text(a)}|{cell_text(b)}" for a, b in legal}):
        a, b = (_cell(t) for t in key.split("|"))
        x1, y1, x2, y2 = _ends(a, b, top)
        road = escape(f"Road from {words.place_on(table, a, named)} to "
                      f"{words.place_on(table, b, named)}")
        parts.append(f'<line class="link-shown" data-link="{key}" x1="{x1:.1f}" y1="{y1:.1f}" '
                     f'x2="{x2:.1f}" y2="{y2:.1f}"><title>{road}</title></line>')
    for a, b in sorted(legal):
        x1, y1, x2, y2 = _ends(a, b, top)
        key = f"{cell_text(a)}|{cell_text(b)}"
        road = escape(f"Build a road from {words.place_on(table, a, named)} to "
                      f"{words.place_on(table, b, named)}")
        parts.append(f'<line class="link-under" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                     f'y2="{y2:.1f}"/>'
                     f'<line class="link-legal" data-link="{key}" x1="{x1:.1f}" '
                     f'y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{LEGAL_COLOUR}" '
                     f'stroke-dasharray="6 4"{_legal("")}><title>{road}</title></line>')
    parts.append("</g>")
    return "".join(parts)


def _radius(count: int) -> float:
    return float(COUNT_R if count > 1 else TOKEN_R)


def _across(ends: tuple[float, ...], spread: list[tuple[int, int]]) -> list[Spot]:
    """The spots of the tokens ``spread`` ((seat, count) pairs) of the road joining ``ends``
    (x1, y1, x2, y2): a row of counters across the road, centred on its middle, beside the
    road's axis where the two connector numbers are (an odd row moves half a step aside)."""
    x1, y1, x2, y2 = ends
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    px, py = -(y2 - y1) / length, (x2 - x1) / length
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    step = 2 * (COUNT_R if any(k > 1 for _, k in spread) else TOKEN_R) + 3
    half = 0.5 if len(spread) % 2 else 0.0
    return [(mx + shift * step * px, my + shift * step * py, _radius(k))
            for i, (_, k) in enumerate(spread)
            for shift in (i - (len(spread) - 1) / 2 + half,)]


def _row_spots(mx: float, my: float, px: float, py: float, spread: list[tuple[int, int]],
               blocked: list[Spot]) -> list[Spot]:
    """The spots of the tokens ``spread`` of a straight road, its middle ``mx, my``: a row
    across the road (direction ``px, py``) in the gap between its two cards, the places
    nearest the middle on either side that are clear of every circle in ``blocked`` (the
    connectors, among them the road's own, and the other roads' tokens) and of each other;
    the seats in order along the row."""
    r = max(_radius(k) for _, k in spread) if spread else TOKEN_R
    found: list[float] = []
    for _ in spread:
        taken = [(mx + px * d, my + py * d, r) for d in found]
        d = min((sign * _first_free(mx, my, sign * px, sign * py, r, [*blocked, *taken], False)
                 for sign in (1, -1)), key=lambda d: (abs(d), -d))
        found.append(d)
    return [(mx + px * d, my + py * d, _radius(k))
            for d, (_, k) in zip(sorted(found), spread, strict=True)]


def _diagonal(a: tuple[int, int], b: tuple[int, int]) -> int:
    """1 for a road between two cards that meet corner to corner, 2 for one across the cell
    between two such cards (its middle), else 0."""
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    return dx if dx == dy and dx in (1, 2) else 0


def _connectors(table: dict[str, str], top: int) -> list[Spot]:
    """Every connector circle on the table."""
    return [(*_slot_xy(_cell(key), slot, top), float(CONN_R))
            for key, card_id in table.items()
            for slot, n in zip(SLOTS, CARDS[card_id].conn, strict=True) if n]


def _corner_spots(cx: float, cy: float, rising: bool, crossed: bool,
                  spread: list[tuple[int, int]], blocked: list[Spot],
                  extent: tuple[int, int, int, int]) -> list[Spot]:
    """The spots of the tokens ``spread`` of a road between two cards that meet corner to
    corner. Its middle ``cx, cy`` is the middle of the gap where four cards meet, hemmed in by
    four corner connectors, where the other diagonal of those cards crosses it if that road is
    built too (``crossed``): there is no room for a row across the road. So the tokens lie in
    the gaps between the cards, along them from the crossing (or on it, for a road alone
    there); where two such roads cross, a rising road's tokens ("/") go above or right of the
    crossing and a falling road's ("\\") below or left of it, so the two never meet and the
    crossing stays in sight. Each token takes the place nearest the crossing clear of every
    circle in ``blocked`` (connectors, the tokens and middles of other roads) and of the tokens
    before it, inside the drawing's ``extent`` (x, y, width, height), in the half of a gap next
    to the crossing if there is room there."""
    above, below = ((0, -1), (1, 0)), ((0, 1), (-1, 0))
    arms = (above if rising else below) + ((), (below if rising else above))[not crossed]
    reach = 2 * COUNT_R + _CLEAR
    # along each gap, what may stand in the way: what lies beside it ahead of the crossing
    blocked = [c for c in blocked if abs(c[0] - cx) < reach or abs(c[1] - cy) < reach]
    lanes = [[c for c in blocked if abs((c[0] - cx) * uy - (c[1] - cy) * ux) < reach
              and (c[0] - cx) * ux + (c[1] - cy) * uy > -reach] for ux, uy in arms]
    x, y, width, height = extent
    edges = {(1, 0): x + width - cx, (-1, 0): cx - x, (0, 1): y + height - cy, (0, -1): cy - y}
    room = [edges[arm] for arm in arms]  # from the crossing to the drawing's edge
    spots: list[Spot] = []
    for _, count in spread:
        r = _radius(count)
        ways = sorted((_first_free(cx, cy, *arm, r, [*lane, *spots], crossed), i)
                      for i, (arm, lane) in enumerate(zip(arms, lanes, strict=True)))
        ways = [(d, i) for d, i in ways if d <= room[i] - r] or ways
        near = [(d, i) for d, i in ways if d <= ((CARD_H if arms[i][1] else CARD_W) + GAP) / 2]
        d, i = (near or ways)[0]
        spots.append((cx + arms[i][0] * d, cy + arms[i][1] * d, r))
    return spots


def _first_free(cx: float, cy: float, ux: float, uy: float, r: float, blocked: list[Spot],
                crossed: bool) -> float:
    """How far from ``cx, cy`` along the gap in direction ``ux, uy`` the first place for a
    token of radius ``r`` clear of ``blocked`` lies; if ``crossed``, its own radius at least,
    so that a token along the opposite gap cannot meet it."""
    spans = []
    for ox, oy, o_r in blocked:
        along, aside = (ox - cx) * ux + (oy - cy) * uy, (ox - cx) * uy - (oy - cy) * ux
        reach = r + o_r + _CLEAR
        if abs(aside) < reach:
            half = (reach ** 2 - aside ** 2) ** 0.5
            spans.append((along - half, along + half))
    d = r + _CLEAR / 2 if crossed else 0.0
    for low, high in sorted(spans):
        if low >= d:
            break
        d = max(d, high)
    return d


def _long_spots(key: str, spots: list[Spot], roads: dict[str, list[int]],
                spread: list[tuple[int, int]], cx: float, cy: float) -> list[Spot]:
    """The spots of the tokens ``spread`` of road ``key``, which runs corner to corner across
    the cell between its two cards (two columns apart), that cell's middle at ``cx, cy``:
    ``spots``, a row across the road there (:func:`_across`). Where the other such road across
    that cell is built too, the two cross in its middle, so each one's tokens lie in rows of
    three or fewer on its own side: a rising road's above the middle, a falling road's below."""
    a, b = _key_cells(key)
    mid = (a[0] + b[0], a[1] + b[1])
    if not spots or not any(k != key and _crossing_long(k, mid) for k in roads):
        return spots
    r = COUNT_R if any(k > 1 for _, k in spread) else TOKEN_R
    sign = -1 if b[1] > a[1] else 1
    step = 2 * r + 3
    rows = [spread[i:i + 3] for i in range(0, len(spread), 3)]
    return [(cx + (i - (len(row) - 1) / 2) * step, cy + sign * (r + _CLEAR / 2 + j * step),
             _radius(k)) for j, row in enumerate(rows) for i, (_, k) in enumerate(row)]


def _crossing_long(key: str, mid: tuple[int, int]) -> bool:
    """Whether road ``key`` runs across a cell, corner to corner, its two cards' coordinates
    adding up to ``mid`` (twice the cell's)."""
    a, b = _key_cells(key)
    return _diagonal(a, b) == 2 and (a[0] + b[0], a[1] + b[1]) == mid


def _card(key: str, card_id: str, obs: dict, top: int, huts_legal: set, temples_legal: set,
          restrict_legal: set, named: list | None = None) -> str:
    card = CARDS[card_id]
    cell = _cell(key)
    x, y = xy(cell, top)
    tint = COLUMN_TINTS["" if card.kind == "cuzco" else card.column]
    owner = obs["owner"].get(key, -1)
    title = card.name or f"{card.column} {card.kind}"
    names = obs.get("names", ())
    who = (names[owner] if owner < len(names) else f"Player {owner + 1}") if owner >= 0 else ""
    about = words.card_title(card_id)
    if obs["table"] and not card.name:
        about = f"{about}, {words.where_on(obs['table'], cell, named)}"
    about = _capital(about) + (f"; built by {who}" if who else "")
    cls = "card cuzco" if card.kind == "cuzco" else "card"
    legal = _legal("") if key in restrict_legal else ""
    parts = [f'<g class="placed" data-cell="{key}" data-card="{card_id}"{legal}>'
             f"<title>{escape(about)}</title>",
             f'<rect class="{cls}" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="8" '
             f'fill="{tint}"/>',
             f'<text class="title" x="{x + CARD_W / 2}" y="{y + 42}" text-anchor="middle"'
             f"{_fit(title, 16)}>{escape(title.title())}</text>",
             f'<text class="label" x="{x + CARD_W / 2}" y="{y + 60}" text-anchor="middle"'
             f"{_fit(_short(who), 15, bold=False)}>{escape(_short(who))}</text>"]
    for slot, n in zip(SLOTS, card.conn, strict=True):
        if not n:
            continue
        cx, cy = _slot_xy(cell, slot, top)
        parts.append(f'<circle class="conn" cx="{cx:.1f}" cy="{cy:.1f}" r="{CONN_R}"/>'
                     f'<text class="conn-n" x="{cx:.1f}" y="{cy:.1f}">{n}</text>')
    if card.fame:
        fx, fy = x + 26, y + 66
        parts.append(f'<rect x="{fx}" y="{fy}" width="32" height="22" fill="#fff" '
                     f'stroke="#35261a"/><text class="label" x="{fx + 16}" y="{fy + 16}" '
                     f'text-anchor="middle">\u2605{card.fame}</text>')
        # the players' fame tokens in a row under the box, side by side
        famed = [(s, k) for s, k in enumerate(obs["fame"].get(key, [])) if k]
        step = 2 * (COUNT_R if any(k > 1 for _, k in famed) else TOKEN_R) + 2
        for i, (s, k) in enumerate(famed):
            parts.append(_token(fx + 10 + i * step, fy + 33, s, k, names=names))
    if card.temple:
        tx, ty = x + CARD_W - 52, y + 64
        holder = obs["temples"].get(key)
        legal_t = _legal(f' data-temple="{key}"') if key in temples_legal else \
            f' data-temple="{key}"'
        parts.append(f'<g{legal_t}><title>Temple square</title><rect x="{tx}" y="{ty}" '
                     f'width="28" height="28" fill="#e8c547" stroke="#7a5600" '
                     f'stroke-width="2"/><path d="M{tx + 5},{ty + 23}h18v-5h-3v-5h-3v-5h-6v5h-3'
                     f'v5h-3z" fill="#7a5600"/></g>')
        if holder:
            parts.append(_token(tx + 14, ty + 14, holder[0], holder[1], names=names))
    huts = obs["huts"].get(key, [])
    for i, food in enumerate(card.huts):
        hx, hy = x + 24 + i * 36, y + CARD_H - 55
        colour, letter = FOOD_MARKS[food]
        hut_attr = f' data-hut="{key}:{i}"'
        attr = _legal(hut_attr) if (key, i) in huts_legal else hut_attr
        parts.append(f'<g{attr}><title>Storage hut: {food}</title>'
                     f'<path d="M{hx - 16},{hy + 10} L{hx},{hy - 13} L{hx + 16},{hy + 10} Z" '
                     f'fill="{colour}" stroke="#35261a"/>'
                     f'<text class="label" x="{hx}" y="{hy + 7}" text-anchor="middle">'
                     f"{letter}</text></g>")
        # the hut's tokens just under it, clear of the connectors along the card's lower edge
        stocked = huts[i] if i < len(huts) else []
        for j, s in enumerate(stocked):
            shift = j - (len(stocked) - 1) / 2
            parts.append(_token(hx + shift * 17, hy + 20, s, r=8, names=names,
                                on=f"hut:{key}:{i}"))
    if key in obs["restricted"]:
        parts.append(f'<g class="restriction"><title>Road Restriction</title>'
                     f'<line class="restricted" x1="{x + 8}" y1="{y + 8}" x2="{x + 28}" '
                     f'y2="{y + 28}"/><line class="restricted" x1="{x + 28}" y1="{y + 8}" '
                     f'x2="{x + 8}" y2="{y + 28}"/></g>')
    parts.append("</g>")
    return "".join(parts)


def _fit(text: str, size: float, bold: bool = True) -> str:
    """A ``textLength`` that keeps ``text`` at ``size`` units inside a card's width when it
    would run wider (its letters drawn narrower, never smaller), else nothing."""
    room = CARD_W - 12
    wide = len(text) * size * (0.62 if bold else 0.55)
    return f' textLength="{room}" lengthAdjust="spacingAndGlyphs"' if wide > room else ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _short(name: str, most: int = 16) -> str:
    """A player's name short enough for a card's width."""
    return name if len(name) <= most else name[: most - 1] + "\u2026"


#: The attributes that name places on the table (a card drawn alone names none).
_TABLE_IDS = re.compile(r' data-(?:cell|card|hut|temple)="[^"]*"')
#: What an empty table shows (a card drawn alone).
_NOTHING: dict[str, Any] = {"owner": {}, "fame": {}, "temples": {}, "huts": {}, "restricted": [],
                            "table": {}}
ACTION_FACES = {"trade": ("Trade", "Agreement", "#f4e3b5"),
                "work": ("Extra", "Workforce", "#e6d6ec")}


def card_face(card_id: str) -> str:
    """One card alone as SVG (a card in the hand or the draft): a place card as it lies on the
    table, an action card with its type."""
    card = CARDS[card_id]
    box = f'viewBox="{MARGIN} {MARGIN} {CARD_W} {CARD_H}"'
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="cardface cg-svg" {box} '
            f'aria-hidden="true" focusable="false"><style>{_STYLE}</style>')
    if card.is_place:
        drawn = _card("0,0", card_id, _NOTHING, 0, set(), set(), set())
        return head + _TABLE_IDS.sub("", drawn) + "</svg>"
    first, second, tint = ACTION_FACES[card.kind]
    x, y = MARGIN, MARGIN
    return (head + f'<rect class="card" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" '
            f'rx="8" fill="{tint}"/><text class="title" x="{x + CARD_W / 2}" y="{y + 60}" '
            f'text-anchor="middle">{first}</text><text class="title" x="{x + CARD_W / 2}" '
            f'y="{y + 76}" text-anchor="middle">{second}</text></svg>')
