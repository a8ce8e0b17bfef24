"""The played game drawn over the board SVG: roads, conquests, markers, improvements, legal targets.

The board itself comes from ``inca_core.svg.render_board_svg`` once per board side; this module
redraws only the ``pieces`` layer from an observation and marks the legal targets with
``data-legal="1"``.
"""

from __future__ import annotations

from typing import Any

import dom
import gameview
from inca_core.svg import SUYU_COLOURS

TARGET_ATTRS = ("data-connection", "data-site", "data-region")


def draw(svg: Any, board: Any, obs: dict) -> None:
    """Replace the pieces layer of ``svg`` with the state in ``obs``."""
    layer = svg.querySelector("g.pieces")
    if layer is None:
        layer = dom.svg_el("g", {"class": "pieces"})
        svg.appendChild(layer)
    dom.clear(layer)
    names = obs["names"]
    # Conquered regions: the owner's pattern over the region.
    for rid, region in obs["regions"].items():
        owner = region.get("owner")
        if owner is None or rid not in board.regions:
            continue
        suyu = obs["seats"][owner]["suyu"]
        outline = board.regions[rid].outline
        d = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in outline) + "Z"
        layer.appendChild(dom.svg_el("path", {
            "d": d, "fill": f"url(#pat-{suyu.lower()})", "stroke": SUYU_COLOURS[suyu],
            "stroke-width": 2, "pointer-events": "none", "opacity": 0.85, "class": "conquest",
        }))
    # Roads: the owner's colour with a dash pattern of its own, over a pale casing.
    for link, seat in obs["roads"].items():
        ends = _link_ends(board, link)
        if ends is None:
            continue
        (x1, y1), (x2, y2) = ends
        line = {"x1": f"{x1:.1f}", "y1": f"{y1:.1f}", "x2": f"{x2:.1f}", "y2": f"{y2:.1f}"}
        group = dom.svg_el("g", {"class": "road", "data-road": link, "data-owner": seat,
                                 "pointer-events": "none"})
        group.appendChild(dom.svg_el("title", {}, f"Road of {names[seat]}"))
        group.appendChild(dom.svg_el("line", {**line, "stroke": "#fbf6ea", "stroke-width": 7,
                                              "stroke-linecap": "round"}))
        group.appendChild(dom.svg_el("line", {
            **line, "stroke": gameview.seat_colour(obs, seat), "stroke-width": 4.5,
            "stroke-linecap": "butt",
            "stroke-dasharray": gameview.DASHES[gameview.seat_pattern(obs, seat)] or "none",
        }))
        layer.appendChild(group)
    # Markers: face down as a blank tile, face up with type and values, terrace as a bar.
    for rid, region in obs["regions"].items():
        if rid not in board.regions or board.regions[rid].kind != "standard":
            continue
        x, y = board.regions[rid].label
        y += 14
        code = region.get("marker")
        owner = region.get("owner")
        if owner is not None:
            continue
        group = dom.svg_el("g", {"class": "marker", "pointer-events": "none"})
        if code is None or not region.get("revealed"):
            group.appendChild(dom.svg_el("title", {}, "Hidden Local Culture marker"))
            group.appendChild(dom.svg_el("rect", {"x": x - 8, "y": y - 8, "width": 16, "height": 16,
                                                  "rx": 3, "fill": "#7a5230", "stroke": "#2b1d12"}))
            group.appendChild(dom.svg_el("text", {"x": x, "y": y + 4, "text-anchor": "middle",
                                                  "font-size": 11, "fill": "#fbf6ea"}, "?"))
        else:
            kind = gameview.MARKERS[code]
            group.appendChild(dom.svg_el("title", {}, f"Marker {code}: resistance {kind.resistance}, "
                                                      f"{kind.vp} VP, {kind.labor} labor"))
            group.appendChild(dom.svg_el("rect", {"x": x - 15, "y": y - 8, "width": 30, "height": 16,
                                                  "rx": 3, "fill": "#fff7e0", "stroke": "#2b1d12"}))
            group.appendChild(dom.svg_el("text", {"x": x, "y": y + 4, "text-anchor": "middle",
                                                  "font-size": 10, "font-weight": "bold"},
                                         f"{kind.resistance}·{kind.vp}·{kind.labor}"))
        layer.appendChild(group)
    for rid, region in obs["regions"].items():
        if rid in board.regions and region.get("terrace"):
            x, y = board.regions[rid].label
            group = dom.svg_el("g", {"class": "terrace", "pointer-events": "none"})
            group.appendChild(dom.svg_el("title", {}, f"Terrace of {names[region['owner']]}"))
            for k in range(3):
                group.appendChild(dom.svg_el("rect", {"x": x - 9 + k * 2, "y": y + 10 + k * 4,
                                                      "width": 18 - k * 4, "height": 3,
                                                      "fill": "#3b7a2a", "stroke": "#1b1208",
                                                      "stroke-width": 0.5}))
            layer.appendChild(group)
    # Improvements: garrison tower, city house, temple step pyramid on top.
    for sid, built in obs["sites"].items():
        if sid not in board.sites:
            continue
        x, y = board.sites[sid].pos
        site_name = board.sites[sid].name
        group = dom.svg_el("g", {"class": "improvement", "data-built": built.get("improvement") or "",
                                 "pointer-events": "none"})
        what = built.get("improvement")
        label = f"{what.capitalize()} at {site_name}" if what else site_name
        if built.get("temple"):
            label += ", with a temple"
        group.appendChild(dom.svg_el("title", {}, label))
        if what == "city":
            group.appendChild(dom.svg_el("path", {"d": f"M{x - 8} {y + 6}V{y - 2}L{x} {y - 9}L{x + 8} {y - 2}V{y + 6}Z",
                                                  "fill": "#b0322a", "stroke": "#1b1208", "stroke-width": 1.2}))
        elif what == "garrison":
            group.appendChild(dom.svg_el("path", {"d": f"M{x - 6} {y + 6}V{y - 6}H{x - 3}V{y - 3}H{x - 1}V{y - 6}"
                                                       f"H{x + 1}V{y - 3}H{x + 3}V{y - 6}H{x + 6}V{y + 6}Z",
                                                  "fill": "#555555", "stroke": "#1b1208", "stroke-width": 1.2}))
        if built.get("temple"):
            group.appendChild(dom.svg_el("path", {"d": f"M{x - 6} {y - 8}H{x + 6}L{x + 3} {y - 13}H{x - 3}Z",
                                                  "fill": "#ffd54a", "stroke": "#1b1208", "stroke-width": 1}))
        layer.appendChild(group)


def wilderness_targets(layer_svg: Any, board: Any, links: set[str]) -> None:
    """Draw clickable lines for Wilderness Road candidates that are legal now."""
    layer = layer_svg.querySelector("g.pieces")
    if layer is None:
        return
    by_id = {w.id: w for w in board.wilderness}
    for link in sorted(links):
        road = by_id.get(link)
        if road is None:
            continue
        (x1, y1), (x2, y2) = (board.sites[e].pos for e in road.ends)
        names = " to ".join(board.sites[e].name for e in road.ends)
        group = dom.svg_el("g", {"data-connection": link, "class": "wilderness"})
        group.appendChild(dom.svg_el("title", {}, f"Wilderness Road {names}"))
        line = {"x1": f"{x1:.1f}", "y1": f"{y1:.1f}", "x2": f"{x2:.1f}", "y2": f"{y2:.1f}"}
        group.appendChild(dom.svg_el("line", {**line, "stroke": "transparent", "stroke-width": 9}))
        group.appendChild(dom.svg_el("line", {**line, "stroke": "#7a5c00", "stroke-width": 1.5,
                                              "stroke-dasharray": "4 4"}))
        layer.appendChild(group)


def mark_legal(svg: Any, targets: set[str]) -> None:
    """Set ``data-legal="1"`` (and keyboard focus) on the board elements whose id is in ``targets``."""
    for node in list(svg.querySelectorAll("[data-legal]")):
        node.removeAttribute("data-legal")
        node.removeAttribute("tabindex")
        node.removeAttribute("role")
    for attr in TARGET_ATTRS:
        for node in list(svg.querySelectorAll(f"[{attr}]")):
            if node.getAttribute(attr) in targets:
                node.setAttribute("data-legal", "1")
                node.setAttribute("tabindex", "0")
                node.setAttribute("role", "button")
                title = node.querySelector("title")
                if title is not None:
                    node.setAttribute("aria-label", title.textContent)


def _link_ends(board: Any, link: str) -> tuple[tuple[float, float], tuple[float, float]] | None:
    connection = board.connections.get(link)
    if connection is not None:
        a, b = connection.ends
    else:
        match = [w for w in board.wilderness if w.id == link]
        if not match:
            return None
        a, b = match[0].ends
    return board.sites[a].pos, board.sites[b].pos
