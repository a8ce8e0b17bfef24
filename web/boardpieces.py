"""The played game drawn over the board SVG: roads, conquests, markers, improvements, legal targets.

The board itself comes from ``inca_core.svg.render_board_svg`` once per board side; this module
redraws only the ``pieces`` layer from an observation and marks the legal targets with
``data-legal="1"``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import dom
import gameview

from inca_core.svg import SUYU_COLOURS

TARGET_ATTRS = ("data-connection", "data-site", "data-region")


class Pieces:
    """The pieces layer of one board SVG, updated in place: only changed items are redrawn."""

    def __init__(self) -> None:
        self.svg: Any = None
        self.drawn: dict[str, dict[str, str]] = {}
        self.wild: frozenset[str] = frozenset()

    def draw(self, svg: Any, board: Any, obs: dict) -> None:
        """Show the state in ``obs``; a layer whose items only grew gets just the new ones."""
        if svg is not self.svg:
            self.svg = svg
            self.drawn = {}
            self.wild = frozenset()
            layer = dom.query(svg, "g.pieces")
            if layer is None:
                layer = dom.svg_el("g", {"class": "pieces"})
                svg.appendChild(layer)
            layer.innerHTML = "".join(f'<g class="layer-{name}"></g>' for name in LAYERS)
        for name, items in pieces_markup(board, obs).items():
            old = self.drawn.get(name, {})
            if items == old:
                continue
            group = dom.query(svg, f"g.layer-{name}")
            if all(items.get(key) == value for key, value in old.items()):
                group.insertAdjacentHTML(
                    "beforeend", "".join(v for k, v in items.items() if k not in old)
                )
            else:
                group.innerHTML = "".join(items.values())
            self.drawn[name] = items

    def wilderness(self, svg: Any, board: Any, links: set[str]) -> None:
        """Draw clickable lines for the Wilderness Road candidates that are legal now."""
        if links == self.wild:
            return
        self.wild = frozenset(links)
        layer = dom.query(svg, "g.layer-wilderness")
        if layer is None:
            return
        by_id = {w.id: w for w in board.wilderness}
        out = []
        for link in sorted(links):
            road = by_id.get(link)
            if road is None:
                continue
            (x1, y1), (x2, y2) = (board.sites[e].pos for e in road.ends)
            names = " to ".join(board.sites[e].name for e in road.ends)
            line = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
            out.append(
                f'<g class="wilderness" data-connection="{escape(link)}"><title>Wilderness Road '
                f'{escape(names)}</title><line {line} stroke="transparent" stroke-width="9"/>'
                f'<line {line} stroke="#7a5c00" stroke-width="1.5" stroke-dasharray="4 4"/></g>'
            )
        layer.innerHTML = "".join(out)


#: Sub-layers of the pieces layer, bottom to top.
LAYERS = ("conquests", "roads", "markers", "improvements", "wilderness")


def pieces_markup(board: Any, obs: dict) -> dict[str, dict[str, str]]:
    """SVG markup of everything played on ``board``, by layer and item; all text is escaped."""
    layers: dict[str, dict[str, str]] = {name: {} for name in LAYERS if name != "wilderness"}
    names = obs["names"]
    for rid, region in obs["regions"].items():
        owner = region.get("owner")
        if owner is None or rid not in board.regions:
            continue
        suyu = obs["seats"][owner]["suyu"]
        d = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in board.regions[rid].outline) + "Z"
        layers["conquests"][rid] = (
            f'<path class="conquest" d="{d}" fill="url(#pat-{suyu.lower()})" '
            f'stroke="{SUYU_COLOURS[suyu]}" stroke-width="2" opacity="0.85" pointer-events="none"/>'
        )
    for link, seat in obs["roads"].items():
        ends = _link_ends(board, link)
        if ends is None:
            continue
        (x1, y1), (x2, y2) = ends
        line = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
        dash = gameview.DASHES[obs["seats"][seat]["suyu"]] or "none"
        layers["roads"][link] = (
            f'<g class="road" data-road="{escape(link)}" data-owner="{seat}" pointer-events="none">'
            f"<title>Road of {escape(names[seat])}</title>"
            f'<line {line} stroke="#fbf6ea" stroke-width="7" stroke-linecap="round"/>'
            f'<line {line} stroke="{gameview.seat_colour(obs, seat)}" stroke-width="4.5" '
            f'stroke-dasharray="{dash}"/></g>'
        )
    for rid, region in obs["regions"].items():
        if rid not in board.regions or board.regions[rid].kind != "standard":
            continue
        x, y = board.regions[rid].label
        y += 14
        code = region.get("marker")
        if region.get("owner") is not None:
            if region.get("terrace"):
                owner_name = escape(names[region["owner"]])
                bars = "".join(
                    f'<rect x="{x - 9 + k * 2:.1f}" y="{y - 4 + k * 4:.1f}" width="{18 - k * 4}" '
                    f'height="3" fill="#3b7a2a" stroke="#1b1208" stroke-width="0.5"/>'
                    for k in range(3)
                )
                layers["markers"][rid] = (
                    f'<g class="terrace" pointer-events="none"><title>Terrace of {owner_name}'
                    f"</title>{bars}</g>"
                )
            continue
        if code is None or not region.get("revealed"):
            layers["markers"][rid] = (
                '<g class="marker marker-hidden" pointer-events="none">'
                "<title>Hidden Local Culture marker"
                f'</title><rect x="{x - 8:.1f}" y="{y - 8:.1f}" width="16" height="16" rx="3" '
                f'fill="#7a5230" stroke="#2b1d12"/><text x="{x:.1f}" y="{y + 4:.1f}" '
                f'text-anchor="middle" font-size="11" fill="#fbf6ea">?</text></g>'
            )
        else:
            kind = gameview.MARKERS[code]
            layers["markers"][rid] = (
                f'<g class="marker" pointer-events="none"><title>Marker {escape(code)}: resistance '
                f"{kind.resistance}, {kind.vp} VP, {kind.labor} labor</title>"
                f'<rect x="{x - 15:.1f}" y="{y - 8:.1f}" width="30" height="16" rx="3" '
                'fill="#fff7e0" '
                f'stroke="#2b1d12"/><text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" '
                f'font-size="10" font-weight="bold">{kind.resistance}·{kind.vp}·{kind.labor}'
                "</text></g>"
            )
    for sid, built in obs["sites"].items():
        if sid not in board.sites:
            continue
        x, y = board.sites[sid].pos
        what = built.get("improvement")
        label = f"{what.capitalize()} at {board.sites[sid].name}" if what else board.sites[sid].name
        if built.get("temple"):
            label += ", with a temple"
        shapes = ""
        if what == "city":
            shapes += (
                f'<path d="M{x - 8:.1f} {y + 6:.1f}V{y - 2:.1f}L{x:.1f} {y - 9:.1f}L{x + 8:.1f} '
                f'{y - 2:.1f}V{y + 6:.1f}Z" fill="#b0322a" stroke="#1b1208" stroke-width="1.2"/>'
            )
        elif what == "garrison":
            shapes += (
                f'<path d="M{x - 6:.1f} {y + 6:.1f}V{y - 6:.1f}H{x - 3:.1f}V{y - 3:.1f}H{x - 1:.1f}'
                f"V{y - 6:.1f}H{x + 1:.1f}V{y - 3:.1f}H{x + 3:.1f}V{y - 6:.1f}H{x + 6:.1f}"
                f'V{y + 6:.1f}Z" fill="#555555" stroke="#1b1208" stroke-width="1.2"/>'
            )
        if built.get("temple"):
            shapes += (
                f'<path d="M{x - 6:.1f} {y - 8:.1f}H{x + 6:.1f}L{x + 3:.1f} {y - 13:.1f}'
                f'H{x - 3:.1f}Z" fill="#ffd54a" stroke="#1b1208" stroke-width="1"/>'
            )
        layers["improvements"][sid] = (
            f'<g class="improvement" data-built="{escape(what or "")}" pointer-events="none">'
            f"<title>{escape(label)}</title>{shapes}</g>"
        )
    return layers


def mark_legal(svg: Any, targets: set[str]) -> None:
    """Mark the board elements whose id is in ``targets`` legal (``data-legal="1"``, focusable)."""
    for node in list(svg.querySelectorAll("[data-legal]")):
        for name in ("data-legal", "tabindex", "role", "aria-label"):
            node.removeAttribute(name)
    if not targets:
        return
    selector = ",".join(f'[{attr}="{_css(t)}"]' for t in sorted(targets) for attr in TARGET_ATTRS)
    for node in list(svg.querySelectorAll(selector)):
        node.setAttribute("data-legal", "1")
        node.setAttribute("tabindex", "0")
        node.setAttribute("role", "button")
        title = dom.query(node, "title")
        if title is not None:
            node.setAttribute("aria-label", title.textContent)


def _css(value: str) -> str:
    """``value`` made safe inside a double-quoted CSS attribute selector."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


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
