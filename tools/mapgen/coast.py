"""Derive the committed coastline (``coast.json``) from npm ``world-atlas`` 2.0.2.

Run once after ``npm install world-atlas@2.0.2`` in ``tools/mapgen/cache/atlas`` (see README.md).
It decodes the TopoJSON ``land`` object of ``land-50m.json`` (Natural Earth 4.1.0, public domain),
clips it to the board box and writes the rings as longitude/latitude pairs.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from shapely.geometry import MultiPolygon, Polygon, box, mapping

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "cache" / "atlas" / "node_modules" / "world-atlas" / "land-50m.json"
SHA256 = "619477ff690c086885e45cb91707d783805561bd75ae8e437b7d4694b0204e0f"
BBOX = (
    -84.0,
    -38.0,
    -60.0,
    3.0,
)  # lon min, lat min, lon max, lat max (a little wider than the board)


def decode_arcs(topo: dict) -> list[list[tuple[float, float]]]:
    """The TopoJSON arcs as absolute longitude/latitude point lists."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring(arcs: list[list[tuple[float, float]]], indexes: list[int]) -> list[tuple[float, float]]:
    """Stitch one polygon ring from arc indexes (negative index = reversed arc ``~i``)."""
    points: list[tuple[float, float]] = []
    for i in indexes:
        arc = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
        points.extend(arc if not points else arc[1:])
    return points


def main() -> None:
    raw = SOURCE.read_bytes()
    if hashlib.sha256(raw).hexdigest() != SHA256:
        raise SystemExit(f"{SOURCE} is not world-atlas 2.0.2 land-50m.json")
    topo = json.loads(raw)
    arcs = decode_arcs(topo)
    polygons = []
    for geometry in topo["objects"]["land"]["geometries"]:
        parts = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for part in parts:
            rings = [ring(arcs, r) for r in part]
            polygons.append(Polygon(rings[0], rings[1:]).buffer(0))
    frame = box(*BBOX)
    pieces = [p for g in polygons for p in getattr(g, "geoms", [g]) if p.intersects(frame)]
    clipped = MultiPolygon([p.intersection(frame) for p in pieces])
    out = {
        "source": "npm world-atlas 2.0.2 land-50m.json (Natural Earth 4.1.0, public domain)",
        "bbox": BBOX,
        "geometry": mapping(clipped),
    }
    text = json.dumps(out, separators=(",", ":"))
    text = text.replace("],[", "],\n[")
    (HERE / "coast.json").write_text(text + "\n")
    print(f"wrote coast.json: {clipped.geom_type}, {len(text)} bytes")


if __name__ == "__main__":
    main()
