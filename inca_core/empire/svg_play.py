"""Draw a played game on the board: the ``pieces`` layer of the board SVG.

``render_pieces_svg(board, observation)`` turns one player's observation
(``docs/empire/observation.md``) into SVG markup: conquered regions in the conqueror's colour and
pattern, Local Culture markers (hidden ones as backs; a conquered region keeps its marker,
bordered in the conqueror's colour and dash pattern, a terrace beside it), roads in seat colours
with a dash pattern per seat (Wilderness Roads doubled; several players' roads on one route side
by side), cities, garrisons and temples, and the Sun Event board with the two players each
quadrant affects. ``pieces_parts`` gives the same drawing as keyed parts, one element each, for a
page that replaces only what changed. It is pure: the same arguments always give the same text,
and every text taken from the observation is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from html import escape
from typing import Any

from inca_core.empire.board import Board, Point
from inca_core.empire.components import CARD_KINDS, MARKER_TYPES
from inca_core.empire.observe import road_owners
from inca_core.empire.svgkit import SUYU_COLOURS, num

#: Dash pattern of each suyu's roads: the second cue beside the colour.
ROAD_DASHES = {"Chinchaysuyu": "", "Antisuyu": "2 5", "Collasuyu": "10 4", "Cuntisuyu": "14 4 3 4"}
_MARKERS = {m.code: m for m in MARKER_TYPES}
_CARDS = {k.id: k for k in CARD_KINDS}
#: Where the Sun Event board is drawn (in the sea west of the coast): centre x, centre y, radius.
SUN_BOARD = (150.0, 1245.0, 95.0)
#: Distance between the middles of the roads of different players on one route.
SHARED_ROUTE_GAP = 12.0
#: How far right of a region's label a terrace stands (clear of the marker under the label).
TERRACE_SHIFT = 27.0


def render_pieces_svg(board: Board, obs: dict[str, Any], highlights: Collection[str] = ()) -> str:
    """The markup of everything played on ``board`` as ``obs`` shows it.

    ``highlights`` may name Wilderness Road candidates (drawn as clickable lines marked
    ``data-legal="1"``) and quadrants (marked legal on the Sun Event board).
    """
    return "".join(markup for _, markup in pieces_parts(board, obs, highlights))


def pieces_parts(
    board: Board, obs: dict[str, Any], highlights: Collection[str] = ()
) -> list[tuple[str, str]]:
    """:func:`render_pieces_svg` as ``(key, markup)`` pairs in drawing order.

    Each markup is one element; its key (``conquest:<region>``, ``marker:<region>``,
    ``wild:<road>``, ``road:<link>``, or ``road:<link>:<seat>`` for each of several players'
    roads on one route, ``site:<site>``, ``sun``) names what it draws and keeps
    the same place in the order whatever else is drawn, so a page can replace only the parts
    that changed.
    """
    legal = set(highlights)
    names: list[str] = obs["names"]
    seats = obs["seats"]
    out: list[tuple[str, str]] = []
    made = _parts_made(board)
    key: tuple[Any, ...]
    for rid in sorted(obs["regions"]):
        region = obs["regions"][rid]
        owner = region.get("owner")
        if owner is not None and rid in board.regions:
            suyu, terrace = seats[owner]["suyu"], bool(region.get("terrace"))
            key = ("conquest", rid, suyu, names[owner], terrace)
            markup = made.get(key) or made.setdefault(
                key, _conquest(board, rid, suyu, names[owner], region)
            )
            out.append((f"conquest:{rid}", markup))
    for rid in sorted(obs["regions"]):
        region = obs["regions"][rid]
        standard = rid in board.regions and board.regions[rid].kind == "standard"
        owner = region.get("owner")
        # A conquered region keeps its marker, read over the conquest: its conqueror's colour.
        conqueror = (seats[owner]["suyu"], names[owner]) if owner is not None else None
        if standard and (conqueror is None or region.get("marker") is not None):
            key = ("marker", rid, region.get("marker"), bool(region.get("revealed")), conqueror)
            markup = made.get(key) or made.setdefault(key, _marker(board, rid, region, conqueror))
            out.append((f"marker:{rid}", markup))
    out.extend(_wilderness_targets(board, legal))
    owners = road_owners(obs)
    for link in sorted(owners):
        on_route = owners[link]
        for k, seat in enumerate(on_route):
            shift = (k - (len(on_route) - 1) / 2) * SHARED_ROUTE_GAP
            others = [names[s] for s in on_route if s != seat]
            suyu = seats[seat]["suyu"]
            key = ("road", link, suyu, names[seat], shift, tuple(others))
            road = made.get(key)
            if road is None:
                road = made.setdefault(key, _road(board, link, suyu, names[seat], shift, others))
            if road:
                key_ = f"road:{link}:{seat}" if others else f"road:{link}"
                out.append((key_, road))
    for sid in sorted(obs["sites"]):
        if sid in board.sites:
            built = obs["sites"][sid]
            key = ("site", sid, built.get("improvement"), bool(built.get("temple")))
            markup = made.get(key) or made.setdefault(key, _improvement(board, sid, built))
            out.append((f"site:{sid}", markup))
    quadrants = obs["quadrants"]
    key = (
        "sun",
        tuple(
            (q["id"], tuple(q["seats"]), tuple(p.get("card") for p in q["cards"]), q["id"] in legal)
            for q in quadrants
        ),
        tuple(seats[s]["suyu"] for q in quadrants for s in q["seats"]),
        tuple(names),
    )
    markup = made.get(key) or made.setdefault(key, _sun_board(obs, legal))
    out.append(("sun", markup))
    return out


#: The markup of each part already made, by board and by everything the part's drawing reads
#: (a page draws the pieces after every action and most parts are as before). The board is kept
#: with its parts, so its id stands for it; a board's parts are forgotten past a bound.
_MADE: dict[int, tuple[Board, dict[tuple[Any, ...], str]]] = {}
_MADE_LIMIT = 5000


def _parts_made(board: Board) -> dict[tuple[Any, ...], str]:
    entry = _MADE.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_MADE) >= 8:
            _MADE.clear()
        entry = _MADE[id(board)] = (board, {})
    if len(entry[1]) >= _MADE_LIMIT:
        entry[1].clear()
    return entry[1]


def _conquest(board: Board, rid: str, suyu: str, owner: str, region: dict[str, Any]) -> str:
    outline = board.regions[rid].outline
    d = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in outline) + "Z"
    name = board.regions[rid].name
    parts = [
        f'<g class="conquest" data-owner-suyu="{suyu}" pointer-events="none">'
        f"<title>{escape(name)}, conquered by {escape(owner)}</title>"
        f'<path d="{d}" fill="url(#pat-{suyu.lower()})" stroke="{SUYU_COLOURS[suyu]}" '
        f'stroke-width="2" opacity="0.85"/>'
    ]
    if region.get("terrace"):
        # Beside the region's marker (drawn over the conquest), right of it.
        x, y = board.regions[rid].label
        x, y = x + TERRACE_SHIFT, y + 14
        parts.append(
            f'<g class="terrace"><title>Terrace of {escape(owner)} in {escape(name)}</title>'
            + "".join(
                f'<rect x="{num(x - 9 + k * 2)}" y="{num(y - 4 + k * 4)}" width="{18 - k * 4}" '
                f'height="3" fill="#3b7a2a" stroke="#1b1208" stroke-width="0.5"/>'
                for k in range(3)
            )
            + "</g>"
        )
    parts.append("</g>")
    return "".join(parts)


def _marker(
    board: Board, rid: str, region: dict[str, Any], conqueror: tuple[str, str] | None = None
) -> str:
    """The region's Local Culture marker: its back while hidden, else its values (resistance,
    VP, labor); in a conquered region (``conqueror``: suyu and name) bordered in the conqueror's
    colour and dash pattern."""
    x, y = board.regions[rid].label
    y += 14
    code = region.get("marker")
    name = escape(board.regions[rid].name)
    if conqueror is not None and code is not None:
        kind = _MARKERS[code]
        suyu, owner = conqueror
        return (
            f'<g class="marker marker-conquered" data-marker="{escape(code)}" '
            f'data-owner-suyu="{suyu}" pointer-events="none">'
            f"<title>{name}, conquered by {escape(owner)}: resistance {kind.resistance}, "
            f"{kind.vp} VP, {kind.labor} labor</title>"
            f'<rect x="{num(x - 15)}" y="{num(y - 8)}" width="30" height="16" rx="3" '
            f'fill="#fff7e0" stroke="{SUYU_COLOURS[suyu]}" stroke-width="2.5"{_dash(suyu)}/>'
            f'<text x="{num(x)}" y="{num(y + 4)}" text-anchor="middle" font-size="10" '
            f'font-family="sans-serif" font-weight="bold">{kind.resistance}·{kind.vp}·'
            f"{kind.labor}</text></g>"
        )
    if code is None or not region.get("revealed"):
        return (
            '<g class="marker marker-hidden" pointer-events="none">'
            f"<title>{name}: hidden Local Culture marker</title>"
            f'<rect x="{num(x - 8)}" y="{num(y - 8)}" width="16" height="16" rx="3" '
            'fill="#7a5230" stroke="#2b1d12"/>'
            f'<text x="{num(x)}" y="{num(y + 4)}" text-anchor="middle" font-size="11" '
            'font-family="sans-serif" fill="#fbf6ea">?</text></g>'
        )
    kind = _MARKERS[code]
    return (
        f'<g class="marker" data-marker="{escape(code)}" pointer-events="none">'
        f"<title>{name}: resistance {kind.resistance}, {kind.vp} VP, {kind.labor} labor</title>"
        f'<rect x="{num(x - 15)}" y="{num(y - 8)}" width="30" height="16" rx="3" fill="#fff7e0" '
        'stroke="#2b1d12"/>'
        f'<text x="{num(x)}" y="{num(y + 4)}" text-anchor="middle" font-size="10" '
        f'font-family="sans-serif" font-weight="bold">{kind.resistance}·{kind.vp}·{kind.labor}'
        "</text></g>"
    )


def _link_ends(board: Board, link: str) -> tuple[str, str] | None:
    connection = board.connections.get(link)
    if connection is not None:
        return connection.ends
    for road in board.wilderness:
        if road.id == link:
            return road.ends
    return None


def _line(board: Board, ends: tuple[str, str], shift: float = 0.0) -> str:
    (x1, y1), (x2, y2) = (board.sites[e].pos for e in ends)
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ox, oy = -(y2 - y1) / length * shift, (x2 - x1) / length * shift
    return (
        f'x1="{num(x1 + ox)}" y1="{num(y1 + oy)}" x2="{num(x2 + ox)}" y2="{num(y2 + oy)}"'
    )


def _road(board: Board, link: str, suyu: str, owner: str, shift: float = 0.0,
          others: list[str] | None = None) -> str:
    """One player's road on ``link``, drawn ``shift`` units to the side of the route (beside the
    roads of ``others`` on the same route)."""
    ends = _link_ends(board, link)
    if ends is None:
        return ""
    wild = link not in board.connections
    a, b = (board.sites[e].name for e in ends)
    what = "Wilderness Road" if wild else "Road"
    dash_attr = _dash(suyu)
    sticks = (shift - 2.6, shift + 2.6) if wild else (shift,)
    also = f" (beside the road of {escape(' and '.join(others))})" if others else ""
    lines = []
    for shift in sticks:
        line = _line(board, ends, shift)
        lines.append(
            f'<line {line} stroke="#fbf6ea" stroke-width="6.5" stroke-linecap="round"/>'
            f'<line {line} stroke="{SUYU_COLOURS[suyu]}" stroke-width="4"{dash_attr}/>'
        )
    return (
        f'<g class="road" data-road="{escape(link)}" data-owner-suyu="{suyu}" '
        f'pointer-events="none"><title>{what} of {escape(owner)}: {escape(a)} to {escape(b)}'
        f"{also}</title>{''.join(lines)}</g>"
    )


def _wilderness_targets(board: Board, legal: set[str]) -> list[tuple[str, str]]:
    out = []
    for road in board.wilderness:
        if road.id not in legal:
            continue
        a, b = (board.sites[e].name for e in road.ends)
        line = _line(board, road.ends)
        out.append((
            f"wild:{road.id}",
            f'<g class="wilderness" data-connection="{road.id}" data-legal="1">'
            f"<title>Wilderness Road {escape(a)} to {escape(b)}</title>"
            f'<line class="hit" {line}/><line class="halo" {line}/>'
            f'<line class="connection" {line}/></g>',
        ))
    return out


def _improvement(board: Board, sid: str, built: dict[str, Any]) -> str:
    x, y = board.sites[sid].pos
    what = built.get("improvement")
    label = board.sites[sid].name
    label = f"{what.capitalize()} at {label}" if what else label
    shapes = ""
    if what == "city":
        shapes += (
            f'<path d="M{num(x - 8)} {num(y + 6)}V{num(y - 2)}L{num(x)} {num(y - 9)}L{num(x + 8)} '
            f'{num(y - 2)}V{num(y + 6)}Z" fill="#b0322a" stroke="#1b1208" stroke-width="1.2"/>'
        )
    elif what == "garrison":
        shapes += (
            f'<path d="M{num(x - 6)} {num(y + 6)}V{num(y - 6)}H{num(x - 3)}V{num(y - 3)}'
            f"H{num(x - 1)}"
            f"V{num(y - 6)}H{num(x + 1)}V{num(y - 3)}H{num(x + 3)}V{num(y - 6)}H{num(x + 6)}"
            f'V{num(y + 6)}Z" fill="#555555" stroke="#1b1208" stroke-width="1.2"/>'
        )
    if built.get("temple"):
        label += ", with a temple"
        shapes += (
            f'<path d="M{num(x - 6)} {num(y - 8)}H{num(x + 6)}L{num(x + 3)} {num(y - 13)}'
            f'H{num(x - 3)}Z" fill="#ffd54a" stroke="#1b1208" stroke-width="1"/>'
        )
    return (
        f'<g class="improvement" data-built="{escape(what or "")}" pointer-events="none">'
        f"<title>{escape(label)}</title>{shapes}</g>"
    )


def _polar(cx: float, cy: float, r: float, degrees: float) -> Point:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _sun_board(obs: dict[str, Any], legal: set[str]) -> str:
    """The Sun Event board: one wedge per quadrant between the lines of the two players it
    affects, with its cards; each player's line in their colour and dash pattern."""
    cx, cy, r = SUN_BOARD
    quadrants = obs["quadrants"]
    n = len(quadrants)
    seats = obs["seats"]
    names = obs["names"]
    out = [
        '<g class="sun-board"><title>Sun Event board</title>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r + 8)}" fill="#fbf6ea" stroke="#6b4f36"/>'
        f'<text x="{num(cx)}" y="{num(cy - r - 14)}" text-anchor="middle" font-family="serif" '
        'font-weight="bold" font-size="13" fill="#1f3b4d">Sun Event board</text>'
    ]
    step = 360.0 / n
    for k, quadrant in enumerate(quadrants):
        start, end = -90.0 + k * step, -90.0 + (k + 1) * step
        (x1, y1), (x2, y2) = _polar(cx, cy, r, start), _polar(cx, cy, r, end)
        large = 1 if step > 180 else 0
        a, b = quadrant["seats"]
        cards = [
            _card_name(placed.get("card")) for placed in quadrant["cards"]
        ]
        title = f"Sun Event quadrant of {names[a]} and {names[b]}. " + (
            "Cards: " + ", ".join(cards) + "." if cards else "No cards."
        )
        is_legal = quadrant["id"] in legal
        out.append(
            f'<g class="quadrant" data-quadrant="{escape(quadrant["id"])}"'
            + (' data-legal="1"' if is_legal else "")
            + f"><title>{escape(title)}</title>"
            f'<path d="M{num(cx)} {num(cy)}L{num(x1)} {num(y1)}A{num(r)} {num(r)} 0 {large} 1 '
            f'{num(x2)} {num(y2)}Z" fill="{"#fff1b8" if is_legal else "#f3e7c9"}" '
            f'stroke="#6b4f36" stroke-width="0.8"/>'
        )
        mid = (start + end) / 2
        for i, name in enumerate(cards[:4]):
            tx, ty = _polar(cx, cy, r * 0.55, mid)
            out.append(
                f'<text x="{num(tx)}" y="{num(ty - 12 + i * 10)}" text-anchor="middle" '
                f'font-family="sans-serif" font-size="7.5" fill="#1b1208">{escape(name)}</text>'
            )
        if len(cards) > 4:
            tx, ty = _polar(cx, cy, r * 0.55, mid)
            out.append(
                f'<text x="{num(tx)}" y="{num(ty + 28)}" text-anchor="middle" '
                f'font-family="sans-serif" font-size="7.5">+{len(cards) - 4} more</text>'
            )
        out.append("</g>")
    for k in range(n):
        # Line k separates quadrant k-1 from quadrant k: it belongs to the seat they share.
        shared = set(quadrants[k - 1]["seats"]) & set(quadrants[k]["seats"])
        if not shared:
            continue
        seat = min(shared)
        suyu = seats[seat]["suyu"]
        x, y = _polar(cx, cy, r + 6, -90.0 + k * step)
        dash_attr = _dash(suyu)
        out.append(
            f'<line class="player-line" x1="{num(cx)}" y1="{num(cy)}" x2="{num(x)}" y2="{num(y)}" '
            f'stroke="{SUYU_COLOURS[suyu]}" stroke-width="4.5"{dash_attr} pointer-events="none">'
            f"<title>Line of {escape(names[seat])}</title></line>"
        )
    out.append("</g>")
    return "".join(out)


def _dash(suyu: str) -> str:
    """The stroke-dasharray attribute of ``suyu``'s lines (none for solid lines)."""
    dash = ROAD_DASHES[suyu]
    return f' stroke-dasharray="{dash}"' if dash else ""


def _card_name(card: str | None) -> str:
    if card is None:
        return "face down"
    kind = _CARDS.get(card)
    return kind.name if kind is not None else card
