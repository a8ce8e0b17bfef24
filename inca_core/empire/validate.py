"""Checks that a board side is sound as a graph and as a map.

``validate_board(board)`` returns a list of plain-English problems (empty when the board is
valid). It uses only the standard library, so tests and the map generator run the same checks.
The rules it proves are the board model of ``docs/empire/BOARD.md``: region outlines that tile the
land
in play with shared vertices, adjacency equal to shared borders, sites whose region sets match
their positions, connections that lie in one region and never cross, reachability from Cuzco,
the counts of each side, and the geometric rules of the Wilderness Road candidates.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import pairwise

from inca_core.empire.board import SUYUS, Board, Point

#: Distance (user units) within which a point counts as lying on a line or outline.
EPS = 1e-3
#: A connection or Wilderness Road must pass at least this far from every site it does not end at.
SITE_CLEARANCE = 3.0
#: The six significant city sites and their temple bonus (pilgrimage cards name them).
SIGNIFICANT = {
    "machu_picchu": 1,
    "pachacamac": 2,
    "huanuco_pampa": 2,
    "chiquitoy_viejo": 3,
    "pucara_de_andagala": 3,
    "ranchillo": 4,
}
#: Standard regions per side.
STANDARD_REGIONS = {4: 42, 3: 36}
#: Allowed site counts per kind on the 4-player side ("about 24 / 22 / 30").
SITE_COUNTS = {"city": (20, 28), "garrison": (18, 26), "plain": (26, 36)}
#: Allowed number of printed connections per side.
CONNECTION_COUNTS = {4: (150, 200), 3: (110, 200)}
HAND_OF_GOD = 4
_ID = re.compile(r"[a-z0-9_]+\Z")

Segment = tuple[Point, Point]


# --- geometry -----------------------------------------------------------------------------
def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def ring_area(ring: Sequence[Point]) -> float:
    """Shoelace area; positive for the orientation the board uses (clockwise on screen)."""
    n = len(ring)
    return 0.5 * sum(
        ring[i][0] * ring[(i + 1) % n][1] - ring[(i + 1) % n][0] * ring[i][1] for i in range(n)
    )


def edges(ring: Sequence[Point]) -> list[Segment]:
    """The closing edges of a ring given without its repeated first point."""
    return [(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))]


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Euclidean distance from ``p`` to the segment ``ab``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = (
        0.0
        if length2 == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    )
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when the open segments ``ab`` and ``cd`` cross at a single interior point."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4))


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when the closed segments ``ab`` and ``cd`` share at least one point (within EPS)."""
    if (
        max(a[0], b[0]) + EPS < min(c[0], d[0])
        or max(c[0], d[0]) + EPS < min(a[0], b[0])
        or max(a[1], b[1]) + EPS < min(c[1], d[1])
        or max(c[1], d[1]) + EPS < min(a[1], b[1])
    ):
        return False
    if segments_cross(a, b, c, d):
        return True
    return (
        min(
            point_segment_distance(a, c, d),
            point_segment_distance(b, c, d),
            point_segment_distance(c, a, b),
            point_segment_distance(d, a, b),
        )
        <= EPS
    )


def _intersection_params(a: Point, b: Point, c: Point, d: Point) -> list[float]:
    """Parameters along ``ab`` (0..1) where it meets the segment ``cd``."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    denom = rx * sy - ry * sx
    length2 = rx * rx + ry * ry
    out = []
    if abs(denom) > 1e-12:
        t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / denom
        u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / denom
        if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
            out.append(min(1.0, max(0.0, t)))
    # touching or collinear: use the end points that lie on the other segment
    for p in (c, d):
        if point_segment_distance(p, a, b) <= EPS and length2 > 0:
            out.append(((p[0] - a[0]) * rx + (p[1] - a[1]) * ry) / length2)
    return out


def point_in_ring(p: Point, ring: Sequence[Point]) -> bool:
    """Even-odd test of ``p`` against one ring (points on the outline may go either way)."""
    x, y = p
    inside = False
    x1, y1 = ring[-1]
    for x2, y2 in ring:
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
        x1, y1 = x2, y2
    return inside


def distance_to_ring(p: Point, ring: Sequence[Point]) -> float:
    """Distance from ``p`` to the outline of ``ring``."""
    px, py = p
    best = math.inf
    ax, ay = ring[-1]
    for bx, by in ring:
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else ((px - ax) * dx + (py - ay) * dy) / length2
        t = 0.0 if t < 0 else (1.0 if t > 1 else t)
        ex, ey = px - ax - t * dx, py - ay - t * dy
        d2 = ex * ex + ey * ey
        if d2 < best:
            best = d2
        ax, ay = bx, by
    return math.sqrt(best)


@lru_cache(maxsize=4096)
def _ring_box(ring: tuple[Point, ...]) -> tuple[float, float, float, float]:
    return _bbox(ring)


def covers(ring: Sequence[Point], p: Point, eps: float = EPS) -> bool:
    """True when ``p`` lies inside the closed polygon ``ring`` (within ``eps`` of it)."""
    x0, y0, x1, y1 = _ring_box(tuple(ring))
    if not (x0 - eps <= p[0] <= x1 + eps and y0 - eps <= p[1] <= y1 + eps):
        return False
    return point_in_ring(p, ring) or distance_to_ring(p, ring) <= eps


def covers_rings(rings: Sequence[Sequence[Point]], p: Point, eps: float = EPS) -> bool:
    """Even-odd membership in a set of rings, counting their outlines as inside."""
    if any(distance_to_ring(p, r) <= eps for r in rings):
        return True
    return sum(point_in_ring(p, r) for r in rings) % 2 == 1


def _bbox(points: Iterable[Point]) -> tuple[float, float, float, float]:
    xs, ys = zip(*points, strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def _boxes_meet(a, b, pad: float = EPS) -> bool:
    return a[0] <= b[2] + pad and b[0] <= a[2] + pad and a[1] <= b[3] + pad and b[1] <= a[3] + pad


def crossing_pairs(segments: Mapping[int, Segment]) -> list[tuple[int, int]]:
    """The pairs ``(i, j)``, ``i < j``, of ``segments`` that cross at a single interior point."""
    box = {i: _bbox(seg) for i, seg in segments.items()}
    # Swept by leftmost x: only segments whose boxes meet are tested.
    order = sorted(segments, key=lambda i: box[i][0])
    pairs = []
    for k, i in enumerate(order):
        for j in order[k + 1:]:
            if box[j][0] > box[i][2] + EPS:
                break
            if _boxes_meet(box[i], box[j]) and segments_cross(*segments[i], *segments[j]):
                pairs.append((min(i, j), max(i, j)))
    return pairs


def segment_pieces(
    a: Point, b: Point, rings: Mapping[str, Sequence[Point]]
) -> list[tuple[float, float, frozenset[str]]]:
    """Cut ``ab`` where it meets region outlines; give each piece the regions covering it.

    A piece running along a border is covered by both regions; a piece outside every region
    has an empty set.
    """
    box = _bbox((a, b))
    near = {rid: ring for rid, ring in rings.items() if _boxes_meet(box, _bbox(ring))}
    cuts = {0.0, 1.0}
    for ring in near.values():
        for c, d in edges(ring):
            cuts.update(_intersection_params(a, b, c, d))
    ts = sorted(t for t in cuts if 0.0 <= t <= 1.0)
    pieces = []
    for t0, t1 in pairwise(ts):
        if (t1 - t0) * math.dist(a, b) <= EPS:
            continue
        tm = (t0 + t1) / 2
        mid = (a[0] + tm * (b[0] - a[0]), a[1] + tm * (b[1] - a[1]))
        owners = frozenset(rid for rid, ring in near.items() if covers(ring, mid))
        pieces.append((t0, t1, owners))
    return pieces


def _simple(ring: Sequence[Point]) -> bool:
    """No repeated points and no two edges meeting except neighbours at their shared point."""
    if len(set(ring)) != len(ring):
        return False
    es = edges(ring)
    n = len(es)
    order = sorted(range(n), key=lambda i: min(es[i][0][0], es[i][1][0]))
    boxes = [_bbox(e) for e in es]
    for pos, i in enumerate(order):
        bi = boxes[i]
        for j in order[pos + 1 :]:
            bj = boxes[j]
            if bj[0] > bi[2] + EPS:
                break
            if bj[1] > bi[3] + EPS or bi[1] > bj[3] + EPS:
                continue
            if abs(i - j) == 1 or abs(i - j) == n - 1:
                # neighbours share one point; they must not fold back onto each other
                shared = es[i][1] if es[i][1] in es[j] else es[i][0]
                far_i = es[i][0] if es[i][1] == shared else es[i][1]
                far_j = es[j][0] if es[j][1] == shared else es[j][1]
                if (
                    point_segment_distance(far_i, *es[j]) <= EPS
                    or point_segment_distance(far_j, *es[i]) <= EPS
                ):
                    return False
                continue
            if segments_meet(*es[i], *es[j]):
                return False
    return True


class _Grid:
    """A uniform grid of segments for finding nearby pairs quickly."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.buckets: dict[tuple[int, int], list[tuple[object, Segment]]] = defaultdict(list)

    def _keys(self, seg: Segment):
        x0, y0, x1, y1 = _bbox(seg)
        c = self.cell
        for i in range(int(x0 // c), int(x1 // c) + 1):
            for j in range(int(y0 // c), int(y1 // c) + 1):
                yield (i, j)

    def add(self, tag: object, seg: Segment) -> None:
        for k in self._keys(seg):
            self.buckets[k].append((tag, seg))

    def near(self, seg: Segment) -> list[tuple[object, Segment]]:
        seen: dict[tuple, tuple[object, Segment]] = {}
        for k in self._keys(seg):
            for tag, other in self.buckets.get(k, ()):
                seen[(id(tag), other)] = (tag, other)
        return list(seen.values())


# --- the checks ---------------------------------------------------------------------------
def validate_board(board: Board) -> list[str]:
    """Every problem found on ``board`` as a short sentence; an empty list means valid."""
    problems = check_counts(board)
    broken = check_references(board) + check_polygons(board)
    if broken:
        return problems + broken  # the later checks assume sound outlines and references
    problems += check_tiling(board)
    problems += check_neighbours(board)
    problems += check_sites(board)
    problems += check_connections(board)
    problems += check_reach(board)
    problems += check_wilderness(board)
    return problems


def check_counts(board: Board) -> list[str]:
    """Ids, kinds, the counts of each side, Hand of God spread and the significant sites."""
    out = []
    for kind, table in (
        ("region", board.regions),
        ("site", board.sites),
        ("connection", board.connections),
    ):
        for key, item in table.items():
            if key != item.id:
                out.append(f"{kind} {item.id!r} is stored under {key!r}")
            if not _ID.match(item.id):
                out.append(f"{kind} id {item.id!r} is not lowercase ascii [a-z0-9_]")
    wild_ids = [w.id for w in board.wilderness]
    if len(set(wild_ids)) != len(wild_ids):
        out.append("wilderness ids are not unique")
    out += [
        f"wilderness id {w!r} is not lowercase ascii [a-z0-9_]"
        for w in wild_ids
        if not _ID.match(w)
    ]
    if board.players not in STANDARD_REGIONS:
        return [*out, f"a board side is for 3 or 4 players, not {board.players}"]
    kinds: dict[str, list] = defaultdict(list)
    for r in board.regions.values():
        kinds[r.kind].append(r)
        if r.kind not in ("cuzco", "start", "standard"):
            out.append(f"region {r.id} has unknown kind {r.kind!r}")
        if r.kind in ("start", "standard") and r.suyu not in SUYUS:
            out.append(f"region {r.id} has no suyu")
        if r.hand_of_god and r.kind != "standard":
            out.append(f"Hand of God region {r.id} is not a standard region")
    if len(kinds["cuzco"]) != 1:
        out.append(f"there must be one Cuzco region, found {len(kinds['cuzco'])}")
    starts = [r.suyu for r in kinds["start"]]
    if len(starts) != board.players or len(set(starts)) != board.players:
        out.append(
            f"there must be {board.players} starting regions of different suyus, found {starts}"
        )
    want = STANDARD_REGIONS[board.players]
    if len(kinds["standard"]) != want:
        out.append(f"there must be {want} standard regions, found {len(kinds['standard'])}")
    hog = [r for r in kinds["standard"] if r.hand_of_god]
    if len(hog) != HAND_OF_GOD:
        out.append(f"there must be {HAND_OF_GOD} Hand of God regions, found {len(hog)}")
    elif len({r.suyu for r in hog}) < min(HAND_OF_GOD, board.players):
        out.append("Hand of God regions are not spread over the suyus")
    for suyu in {r.suyu for r in kinds["standard"]}:
        if suyu not in starts:
            out.append(f"standard regions of {suyu} are on a side without its starting region")
    site_kinds: dict[str, int] = defaultdict(int)
    for s in board.sites.values():
        site_kinds[s.kind] += 1
        if s.kind not in SITE_COUNTS:
            out.append(f"site {s.id} has unknown kind {s.kind!r}")
        if s.temple_bonus != SIGNIFICANT.get(s.id, 0):
            want = SIGNIFICANT.get(s.id, 0)
            out.append(f"site {s.id} has temple bonus {s.temple_bonus}, expected {want}")
    for sid in SIGNIFICANT:
        site = board.sites.get(sid)
        if site is None or site.kind != "city":
            out.append(f"significant city site {sid} is missing")
    if board.players == 4:
        for kind, (lo, hi) in SITE_COUNTS.items():
            if not lo <= site_kinds[kind] <= hi:
                out.append(f"{site_kinds[kind]} {kind} sites, expected {lo} to {hi}")
    lo, hi = CONNECTION_COUNTS[board.players]
    if not lo <= len(board.connections) <= hi:
        out.append(f"{len(board.connections)} printed connections, expected {lo} to {hi}")
    return out


def check_references(board: Board) -> list[str]:
    """Every region, site and connection named by another item exists."""
    out = []
    for s in board.sites.values():
        if not s.regions or any(r not in board.regions for r in s.regions):
            out.append(f"site {s.id} names unknown regions {sorted(s.regions)}")
    for c in board.connections.values():
        if c.region not in board.regions or any(e not in board.sites for e in c.ends):
            out.append(f"connection {c.id} refers to unknown regions or sites")
    for w in board.wilderness:
        if any(e not in board.sites for e in w.ends) or any(
            r not in board.regions for r in w.regions
        ):
            out.append(f"wilderness road {w.id} refers to unknown regions or sites")
        if w.doubles is not None and w.doubles not in board.connections:
            out.append(f"wilderness road {w.id} doubles unknown connection {w.doubles}")
    for r in board.regions.values():
        if any(n not in board.regions for n in r.neighbours):
            out.append(f"region {r.id} names unknown neighbours")
    return out


def check_polygons(board: Board) -> list[str]:
    """Each region outline is a simple polygon oriented clockwise on screen; labels inside."""
    out = []
    for r in board.regions.values():
        ring = r.outline
        if len(ring) < 3:
            out.append(f"region {r.id} outline has fewer than 3 points")
        elif not _simple(ring):
            out.append(f"region {r.id} outline is not a simple polygon")
        elif ring_area(ring) <= 0:
            out.append(f"region {r.id} outline is not oriented like the others (clockwise)")
        elif not point_in_ring(r.label, ring):
            out.append(f"region {r.id} has its name outside its outline")
        elif any(point_in_ring(r.label, o) for o in board.out_of_play):
            out.append(f"region {r.id} lies in the land out of play")
    if not board.play_area:
        out.append("the board has no play area outline")
    return out


def check_tiling(board: Board) -> list[str]:
    """Regions share borders vertex for vertex, never overlap and exactly cover the play area."""
    out = []
    owner: dict[Segment, str] = {}
    for r in board.regions.values():
        for e in edges(r.outline):
            if e in owner:
                out.append(f"regions {owner[e]} and {r.id} overlap along {e}")
            owner[e] = r.id
    unmatched = {e for e in owner if (e[1], e[0]) not in owner}
    boundary = {e for ring in board.play_area for e in edges(ring)}
    boundary_rev = {(b, a) for a, b in boundary}
    if unmatched != boundary and unmatched != boundary_rev:
        out.append(
            f"region outlines do not tile the play area: {len(unmatched ^ boundary)} edges of "
            "region borders are neither shared by two regions nor on the play area outline"
        )
    grid = _Grid(12.0)
    for e, rid in owner.items():
        grid.add(rid, e)
    for e, rid in owner.items():
        for other_rid, f in grid.near(e):
            if other_rid != rid and segments_cross(*e, *f):
                out.append(f"borders of {rid} and {other_rid} cross")
                return out
    area = sum(ring_area(r.outline) for r in board.regions.values())
    play = abs(
        sum(math.copysign(1, ring_area(r)) * ring_area(r) for r in board.play_area[:1])
    ) - sum(abs(ring_area(r)) for r in board.play_area[1:])
    if abs(area - play) > 1e-6 * max(1.0, play):
        out.append(f"regions cover {area:.2f} square units but the play area is {play:.2f}")
    for ring in board.play_area:
        for p in ring:
            if not covers_rings(board.land, p, 0.05):
                out.append(f"play area point {p} is not on land")
                break
    return out


def check_neighbours(board: Board) -> list[str]:
    """Region adjacency is symmetric and equal to the shared borders."""
    out = []
    owner = {e: r.id for r in board.regions.values() for e in edges(r.outline)}
    shared: dict[str, set[str]] = defaultdict(set)
    for (a, b), rid in owner.items():
        other = owner.get((b, a))
        if other is not None:
            shared[rid].add(other)
    for r in board.regions.values():
        for n in r.neighbours:
            if r.id not in board.regions[n].neighbours:
                out.append(f"region {r.id} lists {n} as neighbour but not the other way round")
        if set(r.neighbours) != shared[r.id]:
            out.append(
                f"region {r.id} neighbours {sorted(r.neighbours)} differ from its shared borders "
                f"{sorted(shared[r.id])}"
            )
    return out


def regions_at(board: Board, p: Point) -> frozenset[str]:
    """The regions whose closed outline contains ``p``."""
    return frozenset(r.id for r in board.regions.values() if covers(r.outline, p))


def check_sites(board: Board) -> list[str]:
    """Site region sets match positions; 1 to 3 regions; cities inside one; sites apart."""
    out = []
    positions = list(board.sites.values())
    for s in positions:
        found = regions_at(board, s.pos)
        if found != s.regions:
            out.append(f"site {s.id} lists regions {sorted(s.regions)} but lies in {sorted(found)}")
        if not 1 <= len(s.regions) <= 3:
            out.append(f"site {s.id} touches {len(s.regions)} regions")
        if s.kind == "city" and len(s.regions) != 1:
            out.append(f"city site {s.id} is not inside exactly one region")
    for i, s in enumerate(positions):
        for t in positions[i + 1 :]:
            if math.dist(s.pos, t.pos) < 2 * SITE_CLEARANCE:
                out.append(f"sites {s.id} and {t.id} are too close together")
    cuzco = board.sites.get("cuzco")
    if cuzco is None or [board.regions[r].kind for r in cuzco.regions] != ["cuzco"]:
        out.append("the Cuzco site must lie inside the Cuzco region only")
    return out


def check_connections(board: Board) -> list[str]:
    """Connections lie in one region both ends touch, never cross, and the first roads."""
    out = []
    pos = {s.id: s.pos for s in board.sites.values()}
    lines = {c.id: (pos[c.ends[0]], pos[c.ends[1]]) for c in board.connections.values()}
    pairs: dict[frozenset, str] = {}
    for c in board.connections.values():
        a, b = c.ends
        key = frozenset(c.ends)
        if a == b:
            out.append(f"connection {c.id} joins a site to itself")
            continue
        if key in pairs:
            out.append(f"connections {pairs[key]} and {c.id} join the same sites")
        pairs[key] = c.id
        for end in c.ends:
            if c.region not in board.sites[end].regions:
                out.append(
                    f"connection {c.id} lies in {c.region}, which its end {end} does not touch"
                )
        ring = board.regions[c.region].outline
        pieces = segment_pieces(pos[a], pos[b], {c.region: ring})
        if any(c.region not in owners for _, _, owners in pieces):
            out.append(f"connection {c.id} leaves its region {c.region}")
        for s in board.sites.values():
            if (
                s.id not in c.ends
                and point_segment_distance(s.pos, pos[a], pos[b]) <= SITE_CLEARANCE
            ):
                out.append(f"connection {c.id} passes through site {s.id}")
    ids = sorted(lines)
    for i, x in enumerate(ids):
        for y in ids[i + 1 :]:
            if _lines_clash(lines[x], lines[y]):
                out.append(f"connections {x} and {y} cross")
    for suyu in SUYUS:
        starts = [c for c in board.connections.values() if c.start_of == suyu]
        has_region = any(r.kind == "start" and r.suyu == suyu for r in board.regions.values())
        if not has_region:
            if starts:
                out.append(f"connection {starts[0].id} starts {suyu}, which is not on this side")
            continue
        if len(starts) != 1:
            out.append(f"{suyu} must have exactly one first-road connection, found {len(starts)}")
            continue
        c = starts[0]
        start_region = next(
            r.id for r in board.regions.values() if r.kind == "start" and r.suyu == suyu
        )
        other = [e for e in c.ends if e != "cuzco"]
        if "cuzco" not in c.ends or not other or start_region not in board.sites[other[0]].regions:
            out.append(f"first road {c.id} of {suyu} does not join Cuzco to its starting region")
    return out


def _lines_clash(s: Segment, t: Segment) -> bool:
    """True when two straight roads cross or overlap (meeting at a shared end is fine)."""
    shared = {s[0], s[1]} & {t[0], t[1]}
    if not shared:
        return segments_meet(*s, *t)
    if {s[0], s[1]} == {t[0], t[1]}:
        return True
    p = next(iter(shared))
    s_far = s[1] if s[0] == p else s[0]
    t_far = t[1] if t[0] == p else t[0]
    # only a collinear overlap in the same direction can clash
    return (
        abs(_cross(p, s_far, t_far)) <= EPS * max(math.dist(p, s_far), math.dist(p, t_far))
        and (s_far[0] - p[0]) * (t_far[0] - p[0]) + (s_far[1] - p[1]) * (t_far[1] - p[1]) > 0
    )


def check_reach(board: Board) -> list[str]:
    """Every standard region is touched by 2 sites and reachable by road from Cuzco."""
    out = []
    adj: dict[str, set[str]] = defaultdict(set)
    for c in board.connections.values():
        a, b = c.ends
        adj[a].add(b)
        adj[b].add(a)
    seen = {"cuzco"}
    todo = deque(["cuzco"])
    while todo:
        for n in adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    touched: dict[str, set[str]] = defaultdict(set)
    for s in board.sites.values():
        for r in s.regions:
            touched[r].add(s.id)
    for region in board.regions.values():
        if region.kind != "standard":
            continue
        if len(touched[region.id]) < 2:
            out.append(f"region {region.id} is touched by {len(touched[region.id])} sites, "
                       "needs at least 2")
        if not touched[region.id] & seen:
            out.append(f"region {region.id} cannot be reached by road from Cuzco")
    return out


def wilderness_regions(board: Board, a: Point, b: Point) -> tuple[list[frozenset[str]], bool]:
    """The region sets of the pieces of the straight line ``ab``, and whether all is in play."""
    rings = {r.id: r.outline for r in board.regions.values()}
    pieces = segment_pieces(a, b, rings)
    return [owners for _, _, owners in pieces], all(owners for _, _, owners in pieces)


#: Wilderness Road candidates longer than this are not listed (the generator's cap).
WILDERNESS_MAX = 260.0
_GRIDS: dict[int, tuple[Board, _Grid]] = {}


def _connection_grid(board: Board) -> _Grid:
    cached = _GRIDS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    grid = _Grid(60.0)
    for c in board.connections.values():
        grid.add(c.id, (board.sites[c.ends[0]].pos, board.sites[c.ends[1]].pos))
    _GRIDS.clear()
    _GRIDS[id(board)] = (board, grid)
    return grid


def _route(board: Board, a: str, b: str) -> tuple[list[str], frozenset[str] | None]:
    """Why a new straight road from site ``a`` to ``b`` breaks the Wilderness Road rules (empty
    when it does not), and the regions it passes (``None`` when it leaves the land in play)."""
    reasons = []
    seg = (board.sites[a].pos, board.sites[b].pos)
    for cid, line in _connection_grid(board).near(seg):
        if _lines_clash(seg, line):
            reasons.append(f"crosses connection {cid}")
            break
    for s in board.sites.values():
        if s.id not in (a, b) and point_segment_distance(s.pos, *seg) <= SITE_CLEARANCE:
            reasons.append(f"passes through site {s.id}")
            break
    owner_sets, in_play = wilderness_regions(board, *seg)
    if not in_play:
        return [*reasons, "leaves the land in play"], None
    passed = frozenset().union(*owner_sets)
    # along a border a piece is covered by two regions: those pieces count for both
    interior = [next(iter(o)) if len(o) == 1 else None for o in owner_sets]
    changes = sum(1 for x, y in pairwise(interior) if x and y and x != y)
    if len(passed) > 2 or changes > 1:
        reasons.append("crosses more than one border")
    return reasons, passed


def wilderness_route(board: Board, a: str, b: str) -> frozenset[str] | None:
    """The regions a Wilderness Road between sites ``a`` and ``b`` passes, or ``None`` when the
    card's rules forbid that road. Beside a printed connection: that connection's region."""
    for c in board.connections.values():
        if set(c.ends) == {a, b}:
            return frozenset({c.region})
    reasons, passed = _route(board, a, b)
    return None if reasons or a == b else passed


def check_wilderness(board: Board) -> list[str]:
    """Wilderness Road candidates keep the geometric rules of the card."""
    out = []
    by_pair = {frozenset(c.ends): c for c in board.connections.values()}
    seen = set()
    for w in board.wilderness:
        a, b = w.ends
        key = frozenset(w.ends)
        if a == b or key in seen:
            out.append(f"wilderness road {w.id} repeats a pair or joins a site to itself")
            continue
        seen.add(key)
        printed = by_pair.get(key)
        if printed is not None:
            if w.doubles != printed.id or set(w.regions) != {printed.region}:
                out.append(
                    f"wilderness road {w.id} runs beside {printed.id} but is not marked as "
                    "doubling it"
                )
            continue
        if w.doubles is not None:
            out.append(
                f"wilderness road {w.id} claims to double {w.doubles}, which joins other sites"
            )
            continue
        reasons, passed = _route(board, a, b)
        out += [f"wilderness road {w.id} {reason}" for reason in reasons]
        if passed is not None and passed != set(w.regions):
            out.append(
                f"wilderness road {w.id} passes {sorted(passed)} but lists {sorted(w.regions)}"
            )
    return out
