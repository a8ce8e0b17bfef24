"""Author both board sides (``inca_core/data/board-4.json`` and ``board-3.json``).

Inputs, all committed next to this file: ``coast.json`` (Natural Earth coastline, see coast.py),
``lakes.json`` (Lake Titicaca), ``regions.csv`` (one seed per region: a real people or province
centre), ``sites.csv`` (real Inca places) and ``choices.json`` (Hand of God regions, the suyu left
out on the 3-player side). The output is deterministic: re-running gives the same bytes.

Steps: project (equirectangular, longitude scaled by cos 17 deg, plus a smooth radial magnifier
around Cuzco); build the land in play; cut it into regions (Voronoi cells of the seeds, bent by a
smooth warp so borders look drawn, noded so that neighbours share every vertex); place the sites
(cities inside, the others snapped onto a nearby border or border corner); join sites by printed
connections; list the Wilderness Road candidates; validate with ``inca_core.validate``.
"""

from __future__ import annotations

import csv
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
import shapely
from scipy.spatial import cKDTree
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box, shape
from shapely.ops import polylabel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from inca_core.board import SUYUS, board_from_dict  # noqa: E402
from inca_core.validate import SITE_CLEARANCE, validate_board  # noqa: E402

# --- projection -----------------------------------------------------------------------------
COS17 = math.cos(math.radians(17.0))
SCALE = 40.0  # user units per degree of latitude
CUZCO = (-13.53, -71.97)  # lat, lon
FISHEYE_A = 2.6  # magnification at Cuzco is 1 + A
FISHEYE_R0 = 1.4  # degrees: how fast the magnification fades
MARGIN = 24.0
GRID = 0.01  # every coordinate is a multiple of this
FINE = 3.0  # spacing of the land samples the regions are carved from
PICK = 80.0
DEBUG = False
LMAX = 200.0  # longest printed connection
SITE_CLEAR_PLAN = 5.0  # planned connections keep this far from other sites
MID_REACH = 30.0  # a connection's middle must lie this close to its region's natural territory
RING = 1.0  # first and last samples of a connection lie this far from its sites
SAMPLE = 1.0  # spacing of the samples along a connection
MIN_ANGLE = 20.0  # degrees between connections of different regions at a site
SIMPLIFY = 1.2  # coverage simplification tolerance
WIGGLE_STEP = 4.0  # borders are bent at points this far apart
WIGGLE_RAMP = 10.0  # border points this far beyond 2 units from a connection bend fully
LABEL_MAX = 17.0  # largest region name (user units)
LABEL_MIN = 6.5  # smallest region name
LABEL_CHAR = 0.80  # width of a capital of the bold serif face, in font sizes (with spacing)
LABEL_SITE_CLEAR = 9.0  # region names keep this far from site markers
SNAP = 9.0  # a site moves at most this far onto its carved corner or border


def WEIGHTS(ids):  # noqa: N802
    """Distance multipliers of the seeds (a larger weight makes a smaller region)."""
    return np.array([1.8 if i == "cuzco" else 1.0 for i in ids])

GABRIEL = 0.0  # 1.0 keeps only Gabriel-graph pairs inside each region; 0 keeps all


def project_raw(lat: float, lon: float) -> tuple[float, float]:
    """Degrees to magnified plane coordinates (still in degrees, x east, y south)."""
    cx, cy = CUZCO[1] * COS17, -CUZCO[0]
    x, y = lon * COS17, -lat
    dx, dy = x - cx, y - cy
    r = math.hypot(dx, dy)
    if r == 0:
        return cx, cy
    f = r + FISHEYE_A * FISHEYE_R0 * (1.0 - math.exp(-r / FISHEYE_R0))
    return cx + dx * f / r, cy + dy * f / r


# --- warp for hand-drawn borders -------------------------------------------------------------
def warp(x: float, y: float) -> tuple[float, float]:
    """A smooth, small displacement (a homeomorphism) applied to the straight Voronoi borders."""
    a1, l1, a2, l2 = 5.0, 70.0, 1.6, 27.0
    k1, k2 = 2 * math.pi / l1, 2 * math.pi / l2
    dx = a1 * math.sin(k1 * y + 0.7) + a2 * math.sin(k2 * (x + y) + 1.9)
    dy = a1 * math.sin(k1 * x + 2.3) + a2 * math.sin(k2 * (x - y) + 0.4)
    return x + dx, y + dy


def snap(v: float) -> float:
    return round(round(v / GRID) * GRID, 2)


def spt(p: tuple[float, float]) -> tuple[float, float]:
    return (snap(p[0]), snap(p[1]))


class Frame:
    """Maps degrees to user units inside the board frame."""

    def __init__(self, x0: float, y0: float) -> None:
        self.x0, self.y0 = x0, y0

    def __call__(self, lat: float, lon: float) -> tuple[float, float]:
        x, y = project_raw(lat, lon)
        return ((x - self.x0) * SCALE + MARGIN, (y - self.y0) * SCALE + MARGIN)


def read_csv(name: str) -> list[dict[str, str]]:
    with open(HERE / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def transform_geom(geom, fn):
    return shapely.transform(geom, lambda a: [list(fn(float(y), float(x))) for x, y in a])


# --- planar helpers ---------------------------------------------------------------------------
def ring_area(ring: list[tuple[float, float]]) -> float:
    return 0.5 * sum(
        x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True)
    )


def orient(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Positive shoelace area in SVG coordinates (clockwise on screen)."""
    return ring if ring_area(ring) > 0 else list(reversed(ring))


def open_ring(coords) -> list[tuple[float, float]]:
    pts = [spt(c) for c in coords]
    if pts[0] == pts[-1]:
        pts = pts[:-1]
    out: list[tuple[float, float]] = []
    for p in pts:
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def rings_from_edges(edges: list[tuple[tuple[float, float], tuple[float, float]]]) -> list[list]:
    """Chain directed edges into closed rings (each vertex used by one outgoing edge per ring)."""
    outgoing: dict[tuple[float, float], list] = defaultdict(list)
    for a, b in edges:
        outgoing[a].append(b)
    rings = []
    while outgoing:
        start = min(outgoing)
        ring = [start]
        cur = start
        while True:
            nxt = outgoing[cur].pop()
            if not outgoing[cur]:
                del outgoing[cur]
            if nxt == start:
                break
            ring.append(nxt)
            cur = nxt
        rings.append(ring)
    return rings


def merge_rings(rings: list[list]) -> list[list]:
    """Outline of the union of faces that share vertices exactly (edge cancellation)."""
    count: dict[tuple, int] = defaultdict(int)
    for ring in rings:
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            count[(a, b)] += 1
    edges = [e for e, n in count.items() if (e[1], e[0]) not in count for _ in range(n)]
    return rings_from_edges(edges)


# --- the generator ----------------------------------------------------------------------------
def build() -> dict[int, dict]:
    regions_in = read_csv("regions.csv")
    sites_in = read_csv("sites.csv")
    choices = json.loads((HERE / "choices.json").read_text())
    lakes = json.loads((HERE / "lakes.json").read_text())
    coast = json.loads((HERE / "coast.json").read_text())

    # frame from the raw projection of everything that must be on the board
    raw_land = shape(coast["geometry"])
    pts_raw = [project_raw(float(r["lat"]), float(r["lon"])) for r in regions_in + sites_in]
    mp = MultiPoint(pts_raw)
    x0, y0, x1, y1 = mp.buffer(1.6).bounds
    frame = Frame(x0, y0)
    width = snap((x1 - x0) * SCALE + 2 * MARGIN)
    height = snap((y1 - y0) * SCALE + 2 * MARGIN)
    board_box = box(0, 0, width, height)

    land = transform_geom(shapely.segmentize(raw_land, 0.1), frame).intersection(board_box)
    lake = transform_geom(Polygon(lakes["titicaca"]), frame)
    land = land.difference(lake)
    land = land.buffer(-0.5).buffer(0.5)  # drops hair-thin spikes of the source data
    land = shapely.set_precision(land.simplify(0.6), GRID)

    seeds = {r["id"]: frame(float(r["lat"]), float(r["lon"])) for r in regions_in}
    site_pos = {s["id"]: spt(frame(float(s["lat"]), float(s["lon"]))) for s in sites_in}

    # the empire: land near the empire's peoples and places, smoothed
    blobs = shapely.union_all(
        [Point(p).buffer(46) for p in list(seeds.values()) + list(site_pos.values())]
    )
    empire = blobs.buffer(60).buffer(-70).buffer(10)
    play = empire.simplify(0.8).intersection(land)
    play = max(getattr(play, "geoms", [play]), key=lambda g: g.area)  # the mainland piece
    play = shapely.set_precision(play, GRID)

    inner = play.buffer(-3.0)
    for sid, p in site_pos.items():
        if not inner.covers(Point(p)):
            q = inner.exterior.interpolate(inner.exterior.project(Point(p)))
            print(f"  note: {sid} moved {math.dist(p, (q.x, q.y)):.1f} to stay on land in play")
            site_pos[sid] = spt((q.x, q.y))
    ids = [r["id"] for r in regions_in]
    wishes = site_wishes(sites_in, site_pos)
    outline, planned = carve_regions(ids, seeds, play, site_pos, wishes)

    andes = json.loads((HERE / "andes.json").read_text())
    relief = [[list(spt(frame(lat, lon))) for lat, lon in chain] for chain in andes["chains"]]
    meta = {r["id"]: r for r in regions_in}
    sites = place_sites(sites_in, site_pos, outline, wishes)
    sides = {}
    for players in (4, 3):
        sides[players] = make_side(
            players, meta, outline, sites, choices, width, height, land, planned, relief
        )
    return sides


def edge_owners(outline: dict[str, list]) -> dict[tuple, str]:
    owner = {}
    for rid, ring in outline.items():
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            owner[(a, b)] = rid
    return owner


def warp_array(pts: np.ndarray) -> np.ndarray:
    """``warp`` for an array of points."""
    out = np.array([warp(float(x), float(y)) for x, y in pts])
    return out


def site_wishes(sites_in, site_pos) -> dict[str, object]:
    """What each site asks of the regions: 'inside', 'auto' or a forced set of region ids."""
    wishes: dict[str, object] = {}
    for s in sites_in:
        place = s["place"]
        wishes[s["id"]] = place if place in ("inside", "auto") else frozenset(place.split("+"))
    return wishes


def carve_regions(ids, seeds, play, site_pos, wishes) -> dict[str, list]:
    """Cut the land in play into one outline per region, with borders through the sites.

    The land is sampled on a fine hexagonal grid. Each sample goes to the nearest seed after a
    smooth warp (so borders bend like drawn ones). Around each road site the samples are then
    dealt out in angular sectors to the 2 or 3 nearest regions, which makes the site a border
    point or a corner of three regions; around each city they go to the city's region. Stray
    pieces join a neighbour, the samples' Voronoi cells are merged per region, simplified as a
    coverage and noded so that neighbours share every vertex.
    """
    step = FINE
    x0, y0, x1, y1 = play.bounds
    rows = []
    j = 0
    y = y0
    while y <= y1:
        off = (step / 2) if j % 2 else 0.0
        xs = np.arange(x0 + off, x1 + step, step)
        rows.append(np.column_stack([xs, np.full_like(xs, y)]))
        y += step * math.sqrt(3) / 2
        j += 1
    grid = np.vstack(rows)
    jitter = np.random.default_rng(17).uniform(-0.15, 0.15, grid.shape) * step
    grid = np.round(grid + jitter, 3)
    grid = grid[shapely.contains_xy(play, grid[:, 0], grid[:, 1])]
    seed_xy = np.array([seeds[i] for i in ids])
    warped = warp_array(grid)
    d = np.linalg.norm(warped[:, None, :] - seed_xy[None, :, :], axis=2) * WEIGHTS(ids)[None, :]
    base = np.argmin(d, axis=1)
    tree = cKDTree(grid)
    index = {rid: k for k, rid in enumerate(ids)}

    # 1. which regions each site should touch
    chosen: dict[str, list[int]] = {}
    for sid in sorted(site_pos):
        p = np.array(site_pos[sid])
        wish = wishes[sid]
        home = int(base[tree.query(p)[1]])
        if wish == "inside":
            chosen[sid] = [home]
        elif isinstance(wish, frozenset):
            chosen[sid] = [index[r] for r in sorted(wish)]
        else:
            nearest: dict[int, float] = {}
            for k in tree.query_ball_point(p, PICK):
                lab = int(base[k])
                nearest[lab] = min(nearest.get(lab, 1e9), float(np.linalg.norm(grid[k] - p)))
            chosen[sid] = [lab for lab, _ in sorted(nearest.items(), key=lambda kv: kv[1])[:3]]
        if DEBUG:
            print("  dbg", sid, [ids[x] for x in chosen[sid]])

    # 2. plan the printed connections: short, non-crossing chords inside a shared region
    label_trees = {lab: cKDTree(grid[base == lab]) for lab in range(len(ids)) if np.any(base == lab)}
    names = sorted(site_pos)
    pts = {sid: np.array(site_pos[sid]) for sid in names}
    cands = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            common = set(chosen[a]) & set(chosen[b])
            length = float(np.linalg.norm(pts[a] - pts[b]))
            if not common or length > LMAX:
                continue
            seg = LineString([site_pos[a], site_pos[b]])
            if not play.covers(seg):
                continue
            if any(seg.distance(Point(site_pos[o])) <= SITE_CLEAR_PLAN for o in names if o not in (a, b)):
                continue
            mid = (pts[a] + pts[b]) / 2
            for lab in sorted(common):
                if lab not in label_trees:
                    continue
                reach = label_trees[lab].query(mid)[0]
                if reach > MID_REACH:
                    continue
                # the region whose land the middle lies in is preferred for a shared pair
                cands.append((length + reach + 0.01 * lab, a, b, lab))
    cands.sort()
    plan: list[tuple[str, str, int]] = []
    plan_lines: list[LineString] = []
    spokes: dict[str, list[tuple[float, int]]] = defaultdict(list)

    def contiguous(sid: str, ang: float, lab: int) -> bool:
        for other, olab in spokes[sid]:
            gap = abs(math.degrees(math.remainder(ang - other, 2 * math.pi)))
            if gap < (MIN_ANGLE if olab != lab else 12.0):
                return False
        order = sorted([*spokes[sid], (ang, lab)])
        labs = [x for _, x in order]
        groups = sum(1 for k in range(len(labs)) if labs[k] != labs[k - 1])
        return groups <= len(set(labs)) or len(set(labs)) == 1

    forced_pairs = [
        ("cuzco", sid) for sid in names if isinstance(wishes[sid], frozenset) and "cuzco" in wishes[sid]
    ]
    def try_plan(a: str, b: str, lab: int) -> bool:
        if any({a, b} == {x, y} for x, y, _ in plan):
            return False
        seg = LineString([site_pos[a], site_pos[b]])
        for other in plan_lines:
            inter = seg.intersection(other)
            if not inter.is_empty and not (
                inter.geom_type == "Point" and (inter.x, inter.y) in (site_pos[a], site_pos[b])
            ):
                return False
        ang_a = math.atan2(pts[b][1] - pts[a][1], pts[b][0] - pts[a][0])
        ang_b = math.atan2(pts[a][1] - pts[b][1], pts[a][0] - pts[b][0])
        if not (contiguous(a, ang_a, lab) and contiguous(b, ang_b, lab)):
            return False
        plan.append((a, b, lab))
        plan_lines.append(seg)
        spokes[a].append((ang_a, lab))
        spokes[b].append((ang_b, lab))
        return True

    for _, a, b, lab in cands:
        if (a, b) in forced_pairs or (b, a) in forced_pairs:
            try_plan(a, b, lab)
    # every region first gets one connection (the regions with fewest choices go first)
    by_lab: dict[int, list] = defaultdict(list)
    for c in cands:
        by_lab[c[3]].append(c)
    for lab in sorted(by_lab, key=lambda k: (len(by_lab[k]), k)):
        if any(x == lab for _, _, x in plan):
            continue
        for _, a, b, _lab in by_lab[lab]:
            if try_plan(a, b, lab):
                break
    for _, a, b, lab in cands:
        try_plan(a, b, lab)

    # 3. regions: every point of the land goes to the region of its nearest planned connection
    #    (a Voronoi diagram of points sampled densely along the connections). Each connection
    #    then lies inside its region, and the first samples of all connections at a site sit on
    #    one small circle around it, so the site is exactly where their borders meet.
    anchors: list[tuple[float, float]] = []
    anchor_label: list[int] = []
    for a, b, lab in plan:
        length = float(np.linalg.norm(pts[b] - pts[a]))
        u = (pts[b] - pts[a]) / length
        n = max(1, math.ceil((length - 2 * RING) / SAMPLE))
        for k in range(n + 1):
            t = RING + (length - 2 * RING) * k / n
            q = pts[a] + u * t
            anchors.append((float(q[0]), float(q[1])))
            anchor_label.append(lab)
    lonely = [lab for lab in range(len(ids)) if lab not in {x for _, _, x in plan}]
    if lonely:
        print("  PROBLEM: regions without a connection:", [ids[x] for x in lonely])
        for lab in lonely:
            anchors.append(tuple(seed_xy[lab]))
            anchor_label.append(lab)
    cells = shapely.voronoi_polygons(
        MultiPoint(anchors), extend_to=play.envelope.buffer(100), ordered=True
    )
    cells = np.array(list(cells.geoms))
    bad = ~shapely.is_valid(cells)
    if bad.any():
        print(f"  note: {int(bad.sum())} invalid Voronoi cells repaired")
        cells[bad] = shapely.make_valid(cells[bad])
    labels = np.array(anchor_label)
    polys = []
    for lab in range(len(ids)):
        polys.append(shapely.union_all(cells[labels == lab]).intersection(play))
    planned = [(a, b, ids[lab]) for a, b, lab in plan]
    print(f"  planned {len(planned)} connections")
    outline = node_regions(ids, polys, play)
    outline = wiggle(outline, [(site_pos[a], site_pos[b]) for a, b, _ in planned], play)
    return outline, planned


def wiggle(outline: dict[str, list], chords, play) -> dict[str, list]:
    """Bend the straight borders a little, like drawn ones, keeping clear of every connection.

    Shared borders are densified (the same points on both sides), then every border point moves
    by the smooth ``warp`` displacement, scaled down to nothing near connections and sites so
    that each connection stays inside its region. Points on the coast or the edge of the play
    area stay where they are.
    """
    fixed = {spt(c) for ring in shapely.get_rings(play) for c in ring.coords}
    owner = edge_owners(outline)
    splits: dict[tuple, list] = {}
    for (a, b) in owner:
        if (b, a) not in owner or a > b:
            continue
        n = int(math.dist(a, b) // WIGGLE_STEP)
        if n >= 1:
            pts = [spt((a[0] + (b[0] - a[0]) * k / (n + 1), a[1] + (b[1] - a[1]) * k / (n + 1)))
                   for k in range(1, n + 1)]
            splits[(a, b)] = pts
            splits[(b, a)] = list(reversed(pts))
    dense = {}
    for rid, ring in outline.items():
        out = []
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            out.append(a)
            out.extend(splits.get((a, b), []))
        dense[rid] = out
    lines = shapely.MultiLineString([list(c) for c in chords])
    moved = {}
    for ring in dense.values():
        for v in ring:
            if v in moved:
                continue
            edge = play.boundary.distance(Point(v))
            if v in fixed or edge < 0.05:
                moved[v] = v
                continue
            gap = lines.distance(Point(v))
            f = max(0.0, min(1.0, (gap - 2.0) / WIGGLE_RAMP, edge / WIGGLE_RAMP))
            w = warp(*v)
            moved[v] = spt((v[0] + (w[0] - v[0]) * f, v[1] + (w[1] - v[1]) * f))
    result = {}
    for rid, ring in dense.items():
        out = []
        for v in ring:
            m = moved[v]
            if not out or out[-1] != m:
                out.append(m)
        while len(out) > 1 and out[0] == out[-1]:
            out.pop()
        result[rid] = out
    bad = [rid for rid, ring in result.items() if not Polygon(ring).is_valid]
    if bad:
        print("  PROBLEM: wiggle broke", bad)
    return result


def node_regions(ids, polys, play) -> dict[str, list]:
    """Exact outlines: simplify as a coverage, node on the grid, one ring per region."""
    polys = list(shapely.coverage_simplify(polys, SIMPLIFY, simplify_boundary=False))
    lines = [g.boundary for g in polys] + [play.boundary]
    noded = shapely.union_all(lines, grid_size=GRID)
    faces = list(shapely.polygonize(list(getattr(noded, "geoms", [noded]))).geoms)
    play_in = play.buffer(-0.001)
    face_rings = []
    owner = []
    for face in faces:
        if not play_in.contains(face.representative_point()):
            continue
        face_rings.append(orient(open_ring(face.exterior.coords)))
        owner.append(max(range(len(ids)), key=lambda lab: polys[lab].intersection(face).area))
    # a region in several pieces keeps the largest; the others join the neighbour they share
    # the longest border with
    for _ in range(10):
        moved = False
        for lab in range(len(ids)):
            mine = [k for k in range(len(face_rings)) if owner[k] == lab]
            pieces = merge_rings([face_rings[k] for k in mine])
            if len(pieces) <= 1:
                continue
            keep = max(pieces, key=lambda r: abs(ring_area(r)))
            keep_poly = Polygon(keep).buffer(0.001)
            for k in mine:
                if keep_poly.covers(Polygon(face_rings[k]).representative_point()):
                    continue
                edges_k = set(zip(face_rings[k], face_rings[k][1:] + face_rings[k][:1], strict=True))
                votes: dict[int, int] = defaultdict(int)
                for j, ring in enumerate(face_rings):
                    if owner[j] == lab:
                        continue
                    for e in zip(ring, ring[1:] + ring[:1], strict=True):
                        if (e[1], e[0]) in edges_k:
                            votes[owner[j]] += 1
                if votes:
                    owner[k] = max(sorted(votes), key=lambda x: votes[x])
                    moved = True
        if not moved:
            break
    outline = {}
    for lab, rid in enumerate(ids):
        merged = merge_rings([face_rings[k] for k in range(len(face_rings)) if owner[k] == lab])
        if len(merged) != 1:
            print(f"  PROBLEM: region {rid} is not one simple piece ({len(merged)} rings)")
        if not merged:
            raise SystemExit(f"region {rid} vanished")
        outline[rid] = orient(max(merged, key=lambda r: abs(ring_area(r))))
    return outline


def place_sites(sites_in, site_pos, outline, wishes) -> list[dict]:
    """Sites at their positions; a site the simplified border missed becomes a border vertex."""
    owner = edge_owners(outline)
    vertices = {p for ring in outline.values() for p in ring}
    placed = []
    for s in sites_in:
        p = site_pos[s["id"]]
        if p not in vertices and wishes[s["id"]] != "inside":
            best = None
            for (a, b), _r in owner.items():
                if (b, a) in owner and a < b:
                    d = LineString([a, b]).distance(Point(p))
                    if d < SIMPLIFY * 1.5 and (best is None or d < best[0]):
                        best = (d, a, b)
            if best is not None:
                _, a, b = best
                for ring in outline.values():
                    n = len(ring)
                    for k in range(n):
                        if (ring[k], ring[(k + 1) % n]) in ((a, b), (b, a)):
                            ring.insert(k + 1, p)
                            break
                owner = edge_owners(outline)
                vertices.add(p)
        placed.append({**s, "pos": p})
    return placed


def site_regions(pos, outline) -> list[str]:
    out = []
    for rid, ring in outline.items():
        if pos in ring or Polygon(ring).buffer(1e-6).covers(Point(pos)):
            out.append(rid)
    return sorted(out)


def make_side(
    players, meta, outline_all, sites_all, choices, width, height, land, planned, relief
) -> dict:
    dropped_suyu = choices["out_of_play_on_3"] if players == 3 else None
    keep = [
        i for i, m in meta.items() if not (dropped_suyu and m["suyu"] == dropped_suyu)
    ]
    outline = {i: outline_all[i] for i in keep}
    polys = {i: Polygon(r) for i, r in outline.items()}
    # sites in play
    sites = []
    for s in sites_all:
        rs = site_regions(s["pos"], outline)
        if rs:
            sites.append({**s, "regions": rs})
    pos = {s["id"]: s["pos"] for s in sites}
    by_region: dict[str, list[str]] = defaultdict(list)
    for s in sites:
        for r in s["regions"]:
            by_region[r].append(s["id"])

    # printed connections
    def clear_of_sites(a, b, seg) -> bool:
        return all(
            seg.distance(Point(pos[o])) > SITE_CLEARANCE for o in pos if o not in (a, b)
        )

    candidates = []
    for rid in keep:
        ids = sorted(by_region[rid])
        g = polys[rid].buffer(0.005)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                pa, pb = pos[a], pos[b]
                mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                rad = math.dist(pa, pb) / 2
                # Gabriel rule among the sites of this region
                if any(math.dist(pos[c], mid) < rad * GABRIEL for c in ids if c not in (a, b)):
                    continue
                seg = LineString([pa, pb])
                if not g.covers(seg) or not clear_of_sites(a, b, seg):
                    continue
                candidates.append((math.dist(pa, pb), a, b, rid))
    planned_set = set(planned)
    cand_keys = {(c[1], c[2], c[3]) for c in candidates}
    why = defaultdict(int)
    for a, b, rid in planned:
        if (a, b, rid) in cand_keys:
            why["ok"] += 1
        elif a not in pos or b not in pos or rid not in polys:
            why["gone"] += 1
        elif rid not in dict((x["id"], x["regions"]) for x in sites)[a] or rid not in dict((x["id"], x["regions"]) for x in sites)[b]:
            why["end not touching"] += 1
        elif not polys[rid].buffer(0.005).covers(LineString([pos[a], pos[b]])):
            why["leaves region"] += 1
        else:
            why["other"] += 1
    print("  planned:", dict(why))
    candidates.sort(key=lambda c: ((c[1], c[2], c[3]) not in planned_set, c[0]))
    chosen: list[tuple[str, str, str]] = []
    lines: list[LineString] = []
    pairs = set()
    start_pairs = {}
    for suyu in SUYUS:
        start = [i for i in keep if meta[i]["kind"] == "start" and meta[i]["suyu"] == suyu]
        if start:
            link = [s for s in by_region["cuzco"] if start[0] in dict((x["id"], x["regions"]) for x in sites)[s]]
            if link:
                start_pairs[tuple(sorted(("cuzco", link[0])))] = suyu

    def try_add(a, b, rid) -> bool:
        key = tuple(sorted((a, b)))
        if key in pairs:
            return False
        seg = LineString([pos[a], pos[b]])
        for other in lines:
            inter = seg.intersection(other)
            if inter.is_empty:
                continue
            if inter.geom_type == "Point" and spt((inter.x, inter.y)) in (pos[a], pos[b]):
                continue
            return False
        pairs.add(key)
        chosen.append((key[0], key[1], rid))
        lines.append(seg)
        return True

    for (a, b), _suyu in start_pairs.items():
        try_add(a, b, "cuzco")
    max_len = 150.0
    for length, a, b, rid in candidates:
        if length <= max_len:
            try_add(a, b, rid)

    connections = []
    for n, (a, b, rid) in enumerate(sorted(chosen, key=lambda c: (c[2], c[0], c[1])), start=1):
        c = {"id": f"c{n:03d}", "ends": [a, b], "region": rid}
        suyu = start_pairs.get((a, b))
        if suyu:
            c["start_of"] = suyu
        connections.append(c)

    # wilderness candidates
    play = shapely.union_all(list(polys.values()))
    play_cover = play.buffer(0.005)
    conn_lines = {c["id"]: LineString([pos[c["ends"][0]], pos[c["ends"][1]]]) for c in connections}
    conn_by_pair = {tuple(sorted(c["ends"])): c for c in connections}
    wild = []
    ids = sorted(pos)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            key = (a, b)
            if key in conn_by_pair:
                c = conn_by_pair[key]
                wild.append({"ends": [a, b], "regions": [c["region"]], "doubles": c["id"]})
                continue
            seg = LineString([pos[a], pos[b]])
            if seg.length > 260:
                continue
            if not play_cover.covers(seg) or not clear_of_sites(a, b, seg):
                continue
            passed = []
            ok = True
            for rid, g in polys.items():
                inter = g.intersection(seg)
                if inter.length > 0.05:
                    if inter.geom_type != "LineString":
                        ok = False
                        break
                    passed.append(rid)
            if not ok or len(passed) > 2:
                continue
            crossing = False
            for other in conn_lines.values():
                inter = seg.intersection(other)
                if inter.is_empty:
                    continue
                if inter.geom_type == "Point" and spt((inter.x, inter.y)) in (pos[a], pos[b]):
                    continue
                crossing = True
                break
            if crossing:
                continue
            wild.append({"ends": [a, b], "regions": sorted(passed)})
    for n, w in enumerate(wild, start=1):
        w["id"] = f"w{n:04d}"

    # regions
    hog = set(choices["hand_of_god"][str(players)])
    owner = edge_owners(outline)
    regions = []
    for rid in keep:
        m = meta[rid]
        ring = outline[rid]
        neighbours = sorted(
            {owner[(b, a)] for a, b in zip(ring, ring[1:] + ring[:1], strict=True) if (b, a) in owner}
        )
        close = [p for p in pos.values() if polys[rid].distance(Point(p)) < LABEL_SITE_CLEAR]
        own_lines = [
            (pos[c["ends"][0]], pos[c["ends"][1]]) for c in connections if c["region"] == rid
        ]
        label, size = label_for(polys[rid], m["name"].upper(), close, own_lines)
        regions.append(
            {
                "id": rid,
                "name": m["name"],
                "kind": m["kind"],
                "suyu": m["suyu"] or None,
                "hand_of_god": rid in hog,
                "neighbours": neighbours,
                "label": list(label),
                "label_size": size,
                "outline": [list(p) for p in ring],
            }
        )
    play_rings = merge_rings([outline[i] for i in keep])
    out_rings = []
    if dropped_suyu:
        gone = [outline_all[i] for i, m in meta.items() if m["suyu"] == dropped_suyu]
        out_rings = merge_rings(gone)
    land_rings = []
    for g in getattr(land, "geoms", [land]):
        land_rings.append(orient(open_ring(g.exterior.coords)))
        land_rings.extend(orient(open_ring(h.coords)) for h in g.interiors)
    return {
        "players": players,
        "width": width,
        "height": height,
        "regions": regions,
        "sites": [
            {
                "id": s["id"],
                "name": s["name"],
                "kind": s["kind"],
                "pos": list(s["pos"]),
                "regions": s["regions"],
                "temple_bonus": int(s["temple_bonus"]),
            }
            for s in sites
        ],
        "connections": connections,
        "wilderness": wild,
        "land": [[list(p) for p in r] for r in land_rings],
        "play_area": [[list(p) for p in r] for r in play_rings],
        "out_of_play": [[list(p) for p in r] for r in out_rings],
        "relief": relief,
    }


def label_for(poly: Polygon, name: str, site_points, lines) -> tuple[tuple[float, float], float]:
    """Where the region name goes and its font size: the largest size whose text box fits inside
    the region clear of the site markers; among equal sizes, the spot crossed by fewest roads."""
    allowed = poly.buffer(-1.5)
    near = [Point(p).buffer(LABEL_SITE_CLEAR) for p in site_points]
    if near:
        allowed = allowed.difference(shapely.union_all(near))
    shapely.prepare(allowed)
    x0, y0, x1, y1 = poly.bounds
    xs, ys = np.meshgrid(np.arange(x0, x1, 2.0), np.arange(y0, y1, 2.0))
    cx, cy = xs.ravel(), ys.ravel()
    keep = shapely.contains_xy(allowed, cx, cy)
    cx, cy = cx[keep], cy[keep]
    if len(cx) == 0:
        c = polylabel(poly, tolerance=0.5)
        return spt((c.x, c.y)), LABEL_MIN
    road = shapely.union_all([LineString(seg).buffer(1.2) for seg in lines]) if lines else None
    centre = poly.centroid
    size = LABEL_MAX
    while size >= LABEL_MIN:
        half_w = (LABEL_CHAR * len(name) * size + 2.0) / 2
        half_h = size * 0.55
        boxes = shapely.box(cx - half_w, cy - half_h, cx + half_w, cy + half_h)
        fits = shapely.contains(allowed, boxes)
        if fits.any():
            idx = np.flatnonzero(fits)
            cost = []
            for k in idx:
                crossing = 0.0 if road is None else boxes[k].intersection(road).area
                cost.append((round(crossing, 1), math.hypot(cx[k] - centre.x, cy[k] - centre.y), k))
            k = min(cost)[2]
            return spt((float(cx[k]), float(cy[k]))), round(size, 1)
        size -= 0.5
    c = polylabel(allowed if not allowed.is_empty else poly, tolerance=0.5)
    return spt((c.x, c.y)), LABEL_MIN


def main() -> None:
    sides = build()
    for players, data in sides.items():
        board = board_from_dict(data)
        problems = validate_board(board)
        if problems:
            print(f"board-{players}: {len(problems)} problems")
            for p in problems[:60]:
                print("  ", p)
        out = ROOT / "inca_core" / "data" / f"board-{players}.json"
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
        out.write_text(text + "\n", encoding="utf-8")
        kinds = defaultdict(int)
        for s in data["sites"]:
            kinds[s["kind"]] += 1
        print(
            f"board-{players}: {len(data['regions'])} regions, sites {dict(kinds)}, "
            f"{len(data['connections'])} connections, {len(data['wilderness'])} wilderness, "
            f"{len(text)} bytes"
        )


if __name__ == "__main__":
    main()
