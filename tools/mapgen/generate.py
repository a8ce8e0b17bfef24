"""Author both board sides: ``inca_core/empire/data/board-4.json`` and ``board-3.json``.

Inputs, all committed next to this file:

- ``coast.json``: Natural Earth 50m land clipped to the board box (made by ``coast.py``);
- ``lakes.json``: Lake Titicaca, drawn by hand;
- ``andes.json``: the crest lines of the Andes, drawn as mountain symbols;
- ``regions.csv``: one seed per region (a real people or province centre), kind and suyu;
- ``sites.csv``: the sites (real Inca places), kind, temple bonus and placement wish;
- ``choices.json``: the Hand of God regions of each side and the suyu left out with 3 players.

Run ``python generate.py`` with shapely, numpy and scipy installed (see README.md). The output is
deterministic, and it is written only when ``inca_core.empire.validate`` finds no problem.

How the map is made (docs/empire/BOARD.md explains the choices):

1. Project longitude/latitude to user units: equirectangular with longitude scaled by
   cos 17 deg, plus a smooth radial magnifier centred on Cuzco.
2. The land in play is the coast's land near the empire's peoples and places, minus the lake.
3. Each site chooses the 1 to 3 regions it should touch (cities: their own region only) from a
   warped Voronoi diagram of the region seeds.
4. Printed connections are planned: short, non-crossing chords between sites that share a region,
   with the connections of one region kept together around each site.
5. Every point of the land goes to the region of its nearest planned connection (a Voronoi
   diagram of points sampled along the connections), so each connection lies inside its region
   and each site sits exactly where the borders of its regions meet.
6. The borders are simplified, noded so neighbours share every vertex, and bent a little (never
   near a connection) so they look drawn.
7. Each side keeps its regions, sites and connections, and lists its Wilderness Road candidates.
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

from inca_core.empire.board import SUYUS, board_from_dict  # noqa: E402
from inca_core.empire.validate import SITE_CLEARANCE, WILDERNESS_MAX, validate_board  # noqa: E402

Pt = tuple[float, float]

# projection
COS17 = math.cos(math.radians(17.0))
SCALE = 40.0  # user units per degree of latitude (before the magnifier)
CUZCO = (-13.53, -71.97)  # lat, lon: centre of the magnifier
FISHEYE_A = 2.6  # the magnification at Cuzco is 1 + A
FISHEYE_R0 = 1.4  # degrees over which the magnification fades
MARGIN = 24.0  # user units of sea or land around the empire
GRID = 0.01  # every coordinate is a multiple of this
# regions and connections
FINE = 3.0  # spacing of the land samples used to choose each site's regions
PICK = 80.0  # a road site may touch the 3 regions whose land comes nearest within this
PLAN_MAX = 200.0  # longest connection considered when carving the regions
ROAD_MAX = 150.0  # longest printed connection kept
PLAN_SITE_CLEAR = 5.0  # planned connections keep this far from other sites
MID_REACH = 30.0  # a connection's middle lies this close to its region's seed territory
MIN_ANGLE = 20.0  # degrees between connections of different regions at a site
SAME_ANGLE = 12.0  # degrees between connections of the same region at a site
RING = 1.0  # the samples of a connection start this far from its sites
SAMPLE = 1.0  # spacing of the samples along a connection
SIMPLIFY = 1.2  # border simplification tolerance
WIGGLE_STEP = 4.0  # borders are bent at points this far apart
WIGGLE_RAMP = 10.0  # border points this far beyond 2 units from a connection bend fully
CUZCO_WEIGHT = 1.8  # distance multiplier of the Cuzco seed (keeps the capital compact)
# region names
LABEL_MAX = 17.0  # largest region name (user units)
LABEL_MIN = 6.5  # smallest region name
LABEL_CHAR = 0.80  # width of a capital of the bold serif face, in font sizes (with spacing)
LABEL_SITE_CLEAR = 9.0  # region names keep this far from site markers


# --- projection and small helpers -------------------------------------------------------------
def project_raw(lat: float, lon: float) -> Pt:
    """Degrees to magnified plane coordinates (still degrees, x east, y south)."""
    cx, cy = CUZCO[1] * COS17, -CUZCO[0]
    dx, dy = lon * COS17 - cx, -lat - cy
    r = math.hypot(dx, dy)
    if r == 0:
        return cx, cy
    f = r + FISHEYE_A * FISHEYE_R0 * (1.0 - math.exp(-r / FISHEYE_R0))
    return cx + dx * f / r, cy + dy * f / r


class Frame:
    """Maps latitude/longitude to user units inside the board frame."""

    def __init__(self, x0: float, y0: float) -> None:
        self.x0, self.y0 = x0, y0

    def __call__(self, lat: float, lon: float) -> Pt:
        x, y = project_raw(lat, lon)
        return ((x - self.x0) * SCALE + MARGIN, (y - self.y0) * SCALE + MARGIN)


def warp(x: float, y: float) -> Pt:
    """A smooth, small displacement of the plane, used to bend borders and seed territories."""
    a1, l1, a2, l2 = 5.0, 70.0, 1.6, 27.0
    k1, k2 = 2 * math.pi / l1, 2 * math.pi / l2
    dx = a1 * math.sin(k1 * y + 0.7) + a2 * math.sin(k2 * (x + y) + 1.9)
    dy = a1 * math.sin(k1 * x + 2.3) + a2 * math.sin(k2 * (x - y) + 0.4)
    return x + dx, y + dy


def snap(v: float) -> float:
    return round(round(v / GRID) * GRID, 2)


def spt(p) -> Pt:
    return (snap(p[0]), snap(p[1]))


def read_csv(name: str) -> list[dict[str, str]]:
    with open(HERE / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def read_json(name: str):
    return json.loads((HERE / name).read_text(encoding="utf-8"))


def ring_edges(ring: list[Pt]):
    return zip(ring, ring[1:] + ring[:1], strict=True)


def ring_area(ring: list[Pt]) -> float:
    return 0.5 * sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in ring_edges(ring))


def orient(ring: list[Pt]) -> list[Pt]:
    """The ring with positive shoelace area in SVG coordinates (clockwise on screen)."""
    return ring if ring_area(ring) > 0 else list(reversed(ring))


def open_ring(coords) -> list[Pt]:
    """Grid-snapped ring without the repeated closing point or repeated neighbours."""
    out: list[Pt] = []
    for p in (spt(c) for c in coords):
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def merge_rings(rings: list[list[Pt]]) -> list[list[Pt]]:
    """Outlines of the union of faces that share vertices exactly (edges met twice cancel)."""
    count: dict[tuple[Pt, Pt], int] = defaultdict(int)
    for ring in rings:
        for e in ring_edges(ring):
            count[e] += 1
    outgoing: dict[Pt, list[Pt]] = defaultdict(list)
    for (a, b), n in count.items():
        if (b, a) not in count:
            outgoing[a].extend([b] * n)
    result = []
    while outgoing:
        start = cur = min(outgoing)
        ring = [start]
        while True:
            nxt = outgoing[cur].pop()
            if not outgoing[cur]:
                del outgoing[cur]
            if nxt == start:
                break
            ring.append(nxt)
            cur = nxt
        result.append(ring)
    return result


def edge_owners(outline: dict[str, list[Pt]]) -> dict[tuple[Pt, Pt], str]:
    return {e: rid for rid, ring in outline.items() for e in ring_edges(ring)}


def meets_only_at_ends(seg: LineString, other: LineString, ends, snapped: bool = True) -> bool:
    """True when two straight lines meet nowhere, or only at one of ``ends``."""
    inter = seg.intersection(other)
    if inter.is_empty:
        return True
    if inter.geom_type != "Point":
        return False
    point = spt((inter.x, inter.y)) if snapped else (inter.x, inter.y)
    return point in ends


# --- the whole map ----------------------------------------------------------------------------
def build() -> dict[int, dict]:
    """Both sides as their JSON forms."""
    regions_in = read_csv("regions.csv")
    sites_in = read_csv("sites.csv")
    choices = read_json("choices.json")

    raw = [project_raw(float(r["lat"]), float(r["lon"])) for r in regions_in + sites_in]
    x0, y0, x1, y1 = MultiPoint(raw).buffer(1.6).bounds
    frame = Frame(x0, y0)
    width = snap((x1 - x0) * SCALE + 2 * MARGIN)
    height = snap((y1 - y0) * SCALE + 2 * MARGIN)

    def project_geom(geom):
        return shapely.transform(geom, lambda a: [list(frame(float(y), float(x))) for x, y in a])

    land = project_geom(shapely.segmentize(shape(read_json("coast.json")["geometry"]), 0.1))
    land = land.intersection(box(0, 0, width, height))
    land = land.difference(project_geom(Polygon(read_json("lakes.json")["titicaca"])))
    land = land.buffer(-0.5).buffer(0.5)  # drops hair-thin spikes of the source data
    land = shapely.set_precision(land.simplify(0.6), GRID)

    seeds = {r["id"]: frame(float(r["lat"]), float(r["lon"])) for r in regions_in}
    site_pos = {s["id"]: spt(frame(float(s["lat"]), float(s["lon"]))) for s in sites_in}
    # the empire: land near its peoples and places, smoothed; the mainland piece only
    blobs = shapely.union_all([Point(p).buffer(46) for p in [*seeds.values(), *site_pos.values()]])
    empire = blobs.buffer(60).buffer(-70).buffer(10)
    play = empire.simplify(0.8).intersection(land)
    play = shapely.set_precision(max(getattr(play, "geoms", [play]), key=lambda g: g.area), GRID)
    inner = play.buffer(-3.0)
    for sid, p in site_pos.items():
        if not inner.covers(Point(p)):
            q = inner.exterior.interpolate(inner.exterior.project(Point(p)))
            print(f"  {sid} moves {math.dist(p, (q.x, q.y)):.1f} units to stay on land")
            site_pos[sid] = spt((q.x, q.y))

    wishes = {
        s["id"]: s["place"]
        if s["place"] in ("inside", "auto")
        else frozenset(s["place"].split("+"))
        for s in sites_in
    }
    ids = [r["id"] for r in regions_in]
    outline, planned = carve_regions(ids, seeds, play, site_pos, wishes)
    put_sites_on_borders(site_pos, outline, wishes)
    relief = [
        [list(spt(frame(lat, lon))) for lat, lon in chain]
        for chain in read_json("andes.json")["chains"]
    ]
    meta = {r["id"]: r for r in regions_in}
    sites = [{**s, "pos": site_pos[s["id"]]} for s in sites_in]
    common = {"width": width, "height": height, "land": land, "relief": relief}
    return {
        players: make_side(players, meta, outline, sites, planned, choices, common)
        for players in (4, 3)
    }


def carve_regions(ids, seeds, play, site_pos, wishes) -> tuple[dict[str, list[Pt]], list]:
    """Region outlines with borders through the road sites, and the planned connections."""
    # seed territories on a fine grid of the land (warped, so they are not straight cells)
    x0, y0, x1, y1 = play.bounds
    rows, row, y = [], 0, y0
    while y <= y1:
        xs = np.arange(x0 + (FINE / 2 if row % 2 else 0.0), x1 + FINE, FINE)
        rows.append(np.column_stack([xs, np.full_like(xs, y)]))
        y += FINE * math.sqrt(3) / 2
        row += 1
    grid = np.vstack(rows)
    grid = np.round(grid + np.random.default_rng(17).uniform(-0.15, 0.15, grid.shape) * FINE, 3)
    grid = grid[shapely.contains_xy(play, grid[:, 0], grid[:, 1])]
    seed_xy = np.array([seeds[i] for i in ids])
    warped = np.array([warp(float(x), float(y)) for x, y in grid])
    weights = np.array([CUZCO_WEIGHT if i == "cuzco" else 1.0 for i in ids])
    base = np.argmin(
        np.linalg.norm(warped[:, None, :] - seed_xy[None, :, :], axis=2) * weights, axis=1
    )
    tree = cKDTree(grid)
    index = {rid: k for k, rid in enumerate(ids)}

    # 1. the regions each site should touch
    chosen: dict[str, list[int]] = {}
    for sid in sorted(site_pos):
        p = np.array(site_pos[sid])
        wish = wishes[sid]
        if wish == "inside":
            chosen[sid] = [int(base[tree.query(p)[1]])]
        elif isinstance(wish, frozenset):
            chosen[sid] = [index[r] for r in sorted(wish)]
        else:
            nearest: dict[int, float] = {}
            for k in tree.query_ball_point(p, PICK):
                lab = int(base[k])
                nearest[lab] = min(nearest.get(lab, 1e9), float(np.linalg.norm(grid[k] - p)))
            chosen[sid] = [lab for lab, _ in sorted(nearest.items(), key=lambda kv: kv[1])[:3]]

    # 2. plan the connections
    territory = {lab: cKDTree(grid[base == lab]) for lab in range(len(ids)) if np.any(base == lab)}
    names = sorted(site_pos)
    pts = {sid: np.array(site_pos[sid]) for sid in names}
    cands = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            common = set(chosen[a]) & set(chosen[b])
            length = float(np.linalg.norm(pts[a] - pts[b]))
            if not common or length > PLAN_MAX:
                continue
            seg = LineString([site_pos[a], site_pos[b]])
            if not play.covers(seg) or any(
                seg.distance(Point(site_pos[o])) <= PLAN_SITE_CLEAR
                for o in names
                if o not in (a, b)
            ):
                continue
            mid = (pts[a] + pts[b]) / 2
            for lab in sorted(common):
                if lab not in territory:
                    continue
                reach = territory[lab].query(mid)[0]
                if reach <= MID_REACH:  # prefer the region whose land holds the middle
                    cands.append((length + reach + 0.01 * lab, a, b, lab))
    cands.sort()
    plan: list[tuple[str, str, int]] = []
    plan_lines: list[LineString] = []
    spokes: dict[str, list[tuple[float, int]]] = defaultdict(list)

    def fits_at(sid: str, ang: float, lab: int) -> bool:
        """Enough angle to the other connections, and each region's connections together."""
        for other, olab in spokes[sid]:
            gap = abs(math.degrees(math.remainder(ang - other, 2 * math.pi)))
            if gap < (MIN_ANGLE if olab != lab else SAME_ANGLE):
                return False
        labs = [x for _, x in sorted([*spokes[sid], (ang, lab)])]
        runs = sum(1 for k in range(len(labs)) if labs[k] != labs[k - 1])
        return runs <= len(set(labs)) or len(set(labs)) == 1

    def try_plan(a: str, b: str, lab: int) -> bool:
        if any({a, b} == {x, y} for x, y, _ in plan):
            return False
        seg = LineString([site_pos[a], site_pos[b]])
        ends = (site_pos[a], site_pos[b])
        if not all(meets_only_at_ends(seg, o, ends, snapped=False) for o in plan_lines):
            return False
        ang_a = math.atan2(pts[b][1] - pts[a][1], pts[b][0] - pts[a][0])
        ang_b = math.atan2(pts[a][1] - pts[b][1], pts[a][0] - pts[b][0])
        if not (fits_at(a, ang_a, lab) and fits_at(b, ang_b, lab)):
            return False
        plan.append((a, b, lab))
        plan_lines.append(seg)
        spokes[a].append((ang_a, lab))
        spokes[b].append((ang_b, lab))
        return True

    first_roads = {
        frozenset(("cuzco", sid))
        for sid in names
        if isinstance(wishes[sid], frozenset) and "cuzco" in wishes[sid]
    }
    for _, a, b, lab in cands:
        if frozenset((a, b)) in first_roads:
            try_plan(a, b, lab)
    by_lab: dict[int, list] = defaultdict(list)
    for c in cands:
        by_lab[c[3]].append(c)
    for lab in sorted(by_lab, key=lambda k: (len(by_lab[k]), k)):  # one each, scarcest first
        if all(x != lab for _, _, x in plan):
            any(try_plan(a, b, lab) for _, a, b, _ in by_lab[lab])
    for _, a, b, lab in cands:
        try_plan(a, b, lab)
    lonely = [ids[lab] for lab in range(len(ids)) if all(x != lab for _, _, x in plan)]
    if lonely:
        raise SystemExit(f"regions without a connection: {lonely}")

    # 3. every point of the land goes to the region of its nearest planned connection
    anchors: list[Pt] = []
    anchor_label: list[int] = []
    for a, b, lab in plan:
        length = float(np.linalg.norm(pts[b] - pts[a]))
        u = (pts[b] - pts[a]) / length
        n = max(1, math.ceil((length - 2 * RING) / SAMPLE))
        for k in range(n + 1):
            q = pts[a] + u * (RING + (length - 2 * RING) * k / n)
            anchors.append((float(q[0]), float(q[1])))
            anchor_label.append(lab)
    cells = shapely.voronoi_polygons(
        MultiPoint(anchors), extend_to=play.envelope.buffer(100), ordered=True
    )
    cells = np.array(list(cells.geoms))
    bad = ~shapely.is_valid(cells)
    cells[bad] = shapely.make_valid(cells[bad])
    labels = np.array(anchor_label)
    polys = [shapely.union_all(cells[labels == lab]).intersection(play) for lab in range(len(ids))]
    planned = [(a, b, ids[lab]) for a, b, lab in plan]
    outline = node_regions(ids, polys, play)
    return wiggle(outline, [(site_pos[a], site_pos[b]) for a, b, _ in planned], play), planned


def node_regions(ids, polys, play) -> dict[str, list[Pt]]:
    """Exact outlines: simplify as a coverage, node on the grid, one ring per region."""
    polys = list(shapely.coverage_simplify(polys, SIMPLIFY, simplify_boundary=False))
    noded = shapely.union_all([g.boundary for g in polys] + [play.boundary], grid_size=GRID)
    faces = list(shapely.polygonize(list(getattr(noded, "geoms", [noded]))).geoms)
    play_in = play.buffer(-0.001)
    face_rings, owner = [], []
    for face in faces:
        if play_in.contains(face.representative_point()):
            face_rings.append(orient(open_ring(face.exterior.coords)))
            owner.append(max(range(len(ids)), key=lambda lab: polys[lab].intersection(face).area))
    # a region in several pieces keeps its largest; the others join the neighbour they share
    # most border with
    for _ in range(10):
        moved = False
        for lab in range(len(ids)):
            mine = [k for k in range(len(face_rings)) if owner[k] == lab]
            pieces = merge_rings([face_rings[k] for k in mine])
            if len(pieces) <= 1:
                continue
            keep = Polygon(max(pieces, key=lambda r: abs(ring_area(r)))).buffer(0.001)
            for k in mine:
                if keep.covers(Polygon(face_rings[k]).representative_point()):
                    continue
                mine_edges = set(ring_edges(face_rings[k]))
                votes: dict[int, int] = defaultdict(int)
                for j, ring in enumerate(face_rings):
                    if owner[j] != lab:
                        votes[owner[j]] += sum((b, a) in mine_edges for a, b in ring_edges(ring))
                votes = {v: n for v, n in votes.items() if n}
                if votes:
                    owner[k] = max(sorted(votes), key=lambda x: votes[x])
                    moved = True
        if not moved:
            break
    outline = {}
    for lab, rid in enumerate(ids):
        merged = merge_rings([face_rings[k] for k in range(len(face_rings)) if owner[k] == lab])
        if len(merged) != 1:
            raise SystemExit(f"region {rid} is not one simple piece ({len(merged)} rings)")
        outline[rid] = orient(merged[0])
    return outline


def wiggle(outline: dict[str, list[Pt]], chords, play) -> dict[str, list[Pt]]:
    """Bend the borders a little, like drawn ones, keeping clear of every connection.

    Shared borders are densified (the same points on both sides), then every border point moves
    by the ``warp`` displacement, scaled down to nothing near connections, sites and the edge of
    the land in play, so each connection stays inside its region.
    """
    fixed = {spt(c) for ring in shapely.get_rings(play) for c in ring.coords}
    owner = edge_owners(outline)
    splits: dict[tuple[Pt, Pt], list[Pt]] = {}
    for a, b in owner:
        n = int(math.dist(a, b) // WIGGLE_STEP)
        if (b, a) in owner and a < b and n >= 1:
            pts = [
                spt((a[0] + (b[0] - a[0]) * k / (n + 1), a[1] + (b[1] - a[1]) * k / (n + 1)))
                for k in range(1, n + 1)
            ]
            splits[(a, b)] = pts
            splits[(b, a)] = pts[::-1]
    lines = shapely.MultiLineString([list(c) for c in chords])
    moved: dict[Pt, Pt] = {}
    result = {}
    for rid, ring in outline.items():
        out: list[Pt] = []
        for a, b in ring_edges(ring):
            for v in [a, *splits.get((a, b), [])]:
                if v not in moved:
                    edge = play.boundary.distance(Point(v))
                    if v in fixed or edge < 0.05:
                        moved[v] = v
                    else:
                        gap = lines.distance(Point(v))
                        f = max(0.0, min(1.0, (gap - 2.0) / WIGGLE_RAMP, edge / WIGGLE_RAMP))
                        w = warp(*v)
                        moved[v] = spt((v[0] + (w[0] - v[0]) * f, v[1] + (w[1] - v[1]) * f))
                if not out or out[-1] != moved[v]:
                    out.append(moved[v])
        while len(out) > 1 and out[0] == out[-1]:
            out.pop()
        result[rid] = out
    broken = [rid for rid, ring in result.items() if not Polygon(ring).is_valid]
    if broken:
        raise SystemExit(f"bending the borders broke {broken}")
    return result


def put_sites_on_borders(site_pos, outline, wishes) -> None:
    """A road site the simplified borders just missed becomes a vertex of that border."""
    vertices = {p for ring in outline.values() for p in ring}
    for sid in wishes:
        p = site_pos[sid]
        if p in vertices or wishes[sid] == "inside":
            continue
        owner = edge_owners(outline)
        best = None
        for a, b in owner:
            if (b, a) in owner and a < b:
                d = LineString([a, b]).distance(Point(p))
                if d < SIMPLIFY * 1.5 and (best is None or d < best[0]):
                    best = (d, a, b)
        if best is None:
            continue
        _, a, b = best
        for ring in outline.values():
            for k in range(len(ring)):
                if (ring[k], ring[(k + 1) % len(ring)]) in ((a, b), (b, a)):
                    ring.insert(k + 1, p)
                    break
        vertices.add(p)


# --- one side ---------------------------------------------------------------------------------
def make_side(players, meta, outline_all, sites_all, planned, choices, common) -> dict:
    """The JSON form of one side: the 3-player side leaves out one suyu's regions."""
    dropped = choices["out_of_play_on_3"] if players == 3 else None
    keep = [i for i, m in meta.items() if not (dropped and m["suyu"] == dropped)]
    outline = {i: outline_all[i] for i in keep}
    polys = {i: Polygon(r) for i, r in outline.items()}
    sites = []
    for s in sites_all:
        touched = sorted(
            rid
            for rid, ring in outline.items()
            if s["pos"] in ring or polys[rid].buffer(1e-6).covers(Point(s["pos"]))
        )
        if touched:
            sites.append({**s, "regions": touched})
    pos = {s["id"]: s["pos"] for s in sites}
    regions_of = {s["id"]: s["regions"] for s in sites}
    by_region: dict[str, list[str]] = defaultdict(list)
    for s in sites:
        for r in s["regions"]:
            by_region[r].append(s["id"])

    def clear_of_sites(a: str, b: str, seg: LineString) -> bool:
        return all(seg.distance(Point(pos[o])) > SITE_CLEARANCE for o in pos if o not in (a, b))

    # printed connections: the planned ones that survived, then any other that fits
    candidates = []
    for rid in keep:
        members = sorted(by_region[rid])
        inside = polys[rid].buffer(0.005)
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                seg = LineString([pos[a], pos[b]])
                if inside.covers(seg) and clear_of_sites(a, b, seg):
                    candidates.append((math.dist(pos[a], pos[b]), a, b, rid))
    planned_set = set(planned)
    candidates.sort(key=lambda c: ((c[1], c[2], c[3]) not in planned_set, c[0]))
    start_pairs = {}
    for suyu in SUYUS:
        start = [i for i in keep if meta[i]["kind"] == "start" and meta[i]["suyu"] == suyu]
        link = [s for s in by_region["cuzco"] if start and start[0] in regions_of[s]]
        if link:
            start_pairs[tuple(sorted(("cuzco", link[0])))] = suyu
    chosen: list[tuple[str, str, str]] = []
    lines: list[LineString] = []

    def try_add(a: str, b: str, rid: str) -> None:
        key = tuple(sorted((a, b)))
        seg = LineString([pos[a], pos[b]])
        if any(key == (x, y) for x, y, _ in chosen):
            return
        if all(meets_only_at_ends(seg, other, (pos[a], pos[b])) for other in lines):
            chosen.append((key[0], key[1], rid))
            lines.append(seg)

    for a, b in start_pairs:
        try_add(a, b, "cuzco")
    for length, a, b, rid in candidates:
        if length <= ROAD_MAX:
            try_add(a, b, rid)
    connections = []
    for n, (a, b, rid) in enumerate(sorted(chosen, key=lambda c: (c[2], c[0], c[1])), start=1):
        c = {"id": f"c{n:03d}", "ends": [a, b], "region": rid}
        if (a, b) in start_pairs:
            c["start_of"] = start_pairs[(a, b)]
        connections.append(c)

    wild = wilderness(pos, polys, connections, clear_of_sites)
    hog = set(choices["hand_of_god"][str(players)])
    owner = edge_owners(outline)
    regions = []
    for rid in keep:
        ring = outline[rid]
        close = [p for p in pos.values() if polys[rid].distance(Point(p)) < LABEL_SITE_CLEAR]
        roads = [(pos[c["ends"][0]], pos[c["ends"][1]]) for c in connections if c["region"] == rid]
        label, size = label_for(polys[rid], meta[rid]["name"].upper(), close, roads)
        regions.append(
            {
                "id": rid,
                "name": meta[rid]["name"],
                "kind": meta[rid]["kind"],
                "suyu": meta[rid]["suyu"] or None,
                "hand_of_god": rid in hog,
                "neighbours": sorted(
                    {owner[(b, a)] for a, b in ring_edges(ring) if (b, a) in owner}
                ),
                "label": list(label),
                "label_size": size,
                "outline": [list(p) for p in ring],
            }
        )
    gone = [outline_all[i] for i, m in meta.items() if dropped and m["suyu"] == dropped]
    land = common["land"]
    land_rings = []
    for g in getattr(land, "geoms", [land]):
        land_rings.append(orient(open_ring(g.exterior.coords)))
        land_rings.extend(orient(open_ring(h.coords)) for h in g.interiors)
    return {
        "players": players,
        "width": common["width"],
        "height": common["height"],
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
        "play_area": [[list(p) for p in r] for r in merge_rings([outline[i] for i in keep])],
        "out_of_play": [[list(p) for p in r] for r in (merge_rings(gone) if gone else [])],
        "relief": common["relief"],
    }


def line_part(geom):
    """The linear part of an intersection, merged: a point where the line only touches a region
    corner is not a second piece of that region."""
    linear = ("LineString", "MultiLineString")
    parts = [g for g in getattr(geom, "geoms", [geom]) if g.geom_type in linear]
    if not parts:
        return LineString()
    return shapely.line_merge(shapely.union_all(parts))


def wilderness(pos, polys, connections, clear_of_sites) -> list[dict]:
    """Every site pair a Wilderness Road may join on this side (see docs/empire/BOARD.md)."""
    play_cover = shapely.union_all(list(polys.values())).buffer(0.005)
    conn_lines = [LineString([pos[c["ends"][0]], pos[c["ends"][1]]]) for c in connections]
    by_pair = {tuple(sorted(c["ends"])): c for c in connections}
    wild = []
    names = sorted(pos)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if (a, b) in by_pair:
                c = by_pair[(a, b)]
                wild.append({"ends": [a, b], "regions": [c["region"]], "doubles": c["id"]})
                continue
            seg = LineString([pos[a], pos[b]])
            if seg.length > WILDERNESS_MAX or not play_cover.covers(seg):
                continue
            if not clear_of_sites(a, b, seg):
                continue
            passed = []
            for rid, g in polys.items():
                piece = line_part(g.intersection(seg))
                if piece.length > 0.05:
                    passed.append(rid if piece.geom_type == "LineString" else None)
            if None in passed or len(passed) > 2:
                continue
            if all(meets_only_at_ends(seg, other, (pos[a], pos[b])) for other in conn_lines):
                wild.append({"ends": [a, b], "regions": sorted(passed)})
    for n, w in enumerate(wild, start=1):
        w["id"] = f"w{n:04d}"
    return wild


def label_for(poly: Polygon, name: str, site_points, roads) -> tuple[Pt, float]:
    """Where a region's name goes and its size: the largest size whose text box fits inside the
    region clear of the site markers; among those spots, the one crossed least by its roads."""
    allowed = poly.buffer(-1.5)
    if site_points:
        allowed = allowed.difference(
            shapely.union_all([Point(p).buffer(LABEL_SITE_CLEAR) for p in site_points])
        )
    shapely.prepare(allowed)
    x0, y0, x1, y1 = poly.bounds
    xs, ys = np.meshgrid(np.arange(x0, x1, 2.0), np.arange(y0, y1, 2.0))
    cx, cy = xs.ravel(), ys.ravel()
    keep = shapely.contains_xy(allowed, cx, cy)
    cx, cy = cx[keep], cy[keep]
    if len(cx) == 0:
        c = polylabel(poly, tolerance=0.5)
        return spt((c.x, c.y)), LABEL_MIN
    road = shapely.union_all([LineString(s).buffer(1.2) for s in roads]) if roads else None
    centre = poly.centroid
    size = LABEL_MAX
    while size >= LABEL_MIN:
        half_w = (LABEL_CHAR * len(name) * size + 2.0) / 2
        half_h = size * 0.55
        boxes = shapely.box(cx - half_w, cy - half_h, cx + half_w, cy + half_h)
        fits = np.flatnonzero(shapely.contains(allowed, boxes))
        if len(fits):
            best = min(
                (
                    round(0.0 if road is None else boxes[k].intersection(road).area, 1),
                    math.hypot(cx[k] - centre.x, cy[k] - centre.y),
                    k,
                )
                for k in fits
            )[2]
            return spt((float(cx[best]), float(cy[best]))), round(size, 1)
        size -= 0.5
    c = polylabel(allowed if not allowed.is_empty else poly, tolerance=0.5)
    return spt((c.x, c.y)), LABEL_MIN


def main() -> None:
    sides = build()
    failed = False
    for players, data in sides.items():
        problems = validate_board(board_from_dict(data))
        kinds: dict[str, int] = defaultdict(int)
        for s in data["sites"]:
            kinds[s["kind"]] += 1
        print(
            f"board-{players}: {len(data['regions'])} regions, "
            f"sites {dict(sorted(kinds.items()))}, "
            f"{len(data['connections'])} connections, {len(data['wilderness'])} Wilderness Road "
            f"candidates, {len(problems)} problems"
        )
        for p in problems:
            print("   ", p)
        failed = failed or bool(problems)
    if failed:
        raise SystemExit("not written: the validator found problems")
    for players, data in sides.items():
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
        target = ROOT / "inca_core" / "empire" / "data" / f"board-{players}.json"
        target.write_text(text + "\n", "utf-8")


if __name__ == "__main__":
    main()
