"""Pan and zoom of the board SVG by mouse drag, wheel, touch (one or two fingers) and keyboard.

The view is the SVG ``viewBox``; redrawing the board keeps the current view.
"""

from __future__ import annotations

from typing import Any

import dom

MIN_SCALE = 1.0
MAX_SCALE = 12.0
DRAG_THRESHOLD = 5  # pixels a pointer moves before a press counts as a drag, not a click
#: The smallest a legal target is on screen after "Zoom to your choices" (CSS px): a finger's
#: width (a road's length; its width is its hit area's, set by the page's style).
TARGET_PX = 44.0
#: The most :meth:`BoardView.frame` zooms in (a review's marked moves on a board seen whole).
FRAME_SCALE = 2.0


class BoardView:
    """The viewport over the board inside a container element."""

    def __init__(self, container: Any) -> None:
        self.container = container
        self.base: tuple[float, float, float, float] | None = None
        self.view: tuple[float, float, float, float] | None = None
        self.pointers: dict[int, tuple[float, float]] = {}
        self.press: tuple[float, float] | None = None
        self.pinch: float | None = None
        self.dragged = False
        dom.on(container, "wheel", self.on_wheel, dom.js_options(passive=False))
        dom.on(container, "pointerdown", self.on_down)
        dom.on(container, "pointermove", self.on_move)
        dom.on(container, "pointerup", self.on_up)
        dom.on(container, "pointercancel", self.on_up)
        dom.on(container, "keydown", self.on_key)
        dom.on(container, "board-extent", self.on_extent)

    # -- the SVG and its view box -------------------------------------------------------------

    def svg(self) -> Any:
        return dom.query(self.container, "svg")

    def attach(self) -> None:
        """Call after the board SVG was replaced: read its full extent, keep the current view."""
        svg = self.svg()
        if svg is None:
            return
        box = dom.attr(svg, "viewBox")
        if box is None:
            width = float(dom.attr(svg, "width") or 1000)
            height = float(dom.attr(svg, "height") or 1000)
            base = (0.0, 0.0, width, height)
        else:
            x, y, w, h = (float(v) for v in box.replace(",", " ").split())
            base = (x, y, w, h)
        if self.base != base:
            self.base = base
            self.view = base
            # The phone layout sizes the board to its drawing's shape (no empty bands).
            self.container.style.setProperty("--board-aspect", f"{base[2]:.2f} / {base[3]:.2f}")
        svg.removeAttribute("width")
        svg.removeAttribute("height")
        self._apply()

    def on_extent(self, _event: Any) -> None:
        """A view whose drawing grows (the card game's table) set the SVG's ``data-extent``
        (``x y width height``) and sent ``board-extent``: that is the whole board now. What is
        on screen keeps its place and size (the view's middle and its board units per pixel)."""
        svg = self.svg()
        extent = dom.attr(svg, "data-extent") if svg is not None else None
        parts = (extent or "").split()
        if len(parts) != 4 or self.view is None:
            return
        bx, by, bw, bh = (float(v) for v in parts)
        if (bx, by, bw, bh) == self.base or bw <= 0 or bh <= 0:
            return
        upp = self._units_per_pixel()
        x, y, w, h = self.view
        self.base = (bx, by, bw, bh)
        self.container.style.setProperty("--board-aspect", f"{bw:.2f} / {bh:.2f}")
        rect = self.container.getBoundingClientRect()
        if rect.width <= 0 or rect.height <= 0:  # not laid out (another screen): the whole board
            self.view = self.base
            self._apply()
            return
        scale = max(bw / rect.width, bh / rect.height) / upp
        scale = min(MAX_SCALE, max(MIN_SCALE, scale))
        nw, nh = bw / scale, bh / scale
        self.view = self._clamp((x + w / 2 - nw / 2, y + h / 2 - nh / 2, nw, nh))
        self._apply()

    def _apply(self) -> None:
        svg = self.svg()
        if svg is not None and self.view is not None:
            svg.setAttribute("viewBox", " ".join(f"{v:.2f}" for v in self.view))
            self.container.dataset.scale = f"{self.scale():.2f}"
            # For marks that keep their screen size as the board zooms out (web/style.css).
            self.container.style.setProperty("--board-scale", f"{self.scale():.3f}")

    def scale(self) -> float:
        if not self.base or not self.view:
            return 1.0
        return self.base[2] / self.view[2]

    def _units_per_pixel(self) -> float:
        rect = self.container.getBoundingClientRect()
        if not self.view or rect.width <= 0 or rect.height <= 0:
            return 1.0
        return max(self.view[2] / rect.width, self.view[3] / rect.height)

    def _to_svg(self, client_x: float, client_y: float) -> tuple[float, float]:
        """Board coordinates under a client point (the view is centred with 'meet' scaling)."""
        rect = self.container.getBoundingClientRect()
        x, y, w, h = self.view or (0.0, 0.0, 1.0, 1.0)
        upp = self._units_per_pixel()
        cx = x + w / 2 + (client_x - (rect.left + rect.width / 2)) * upp
        cy = y + h / 2 + (client_y - (rect.top + rect.height / 2)) * upp
        return cx, cy

    def _clamp(self, view: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        bx, by, bw, bh = self.base or view
        x, y, w, h = view
        x = min(max(x, bx - w / 2), bx + bw - w / 2)
        y = min(max(y, by - h / 2), by + bh - h / 2)
        return (x, y, w, h)

    def zoom(self, factor: float, at: tuple[float, float] | None = None) -> None:
        """Zoom by ``factor`` (> 1: in) keeping board point ``at`` fixed (default: the centre)."""
        if not self.base or not self.view:
            return
        x, y, w, h = self.view
        new_scale = min(MAX_SCALE, max(MIN_SCALE, self.scale() * factor))
        nw, nh = self.base[2] / new_scale, self.base[3] / new_scale
        px, py = at if at else (x + w / 2, y + h / 2)
        nx = px - (px - x) * nw / w
        ny = py - (py - y) * nh / h
        self.view = self._clamp((nx, ny, nw, nh))
        self._apply()

    def pan(self, dx_units: float, dy_units: float) -> None:
        """Move the view by board units."""
        if not self.view:
            return
        x, y, w, h = self.view
        self.view = self._clamp((x + dx_units, y + dy_units, w, h))
        self._apply()

    def reset(self) -> None:
        """Show the whole board."""
        self.view = self.base
        self._apply()

    def fit_width(self, centre: tuple[float, float]) -> None:
        """Zoom so the board fills the container's width, centred where possible on ``centre``."""
        rect = self.container.getBoundingClientRect()
        if not self.base or rect.width <= 0 or rect.height <= 0:
            return
        _, _, bw, bh = self.base
        factor = (rect.width / rect.height) / (bw / bh)
        self.reset()
        if factor > 1.05 and self.view is not None:
            self.zoom(factor * 0.98, centre)
            x, y, w, h = self.view
            self.pan(centre[0] - (x + w / 2), centre[1] - (y + h / 2))

    def zoom_to_targets(self) -> None:
        """Zoom so that every legal target on the board is at least ``TARGET_PX`` on screen,
        and no further than that and showing them all needs, centred on them."""
        rect = self.container.getBoundingClientRect()
        if not self.base or not self.view or rect.width <= 0 or rect.height <= 0:
            return
        boxes: list[tuple[float, float, float, float]] = []
        smallest = float("inf")
        for node in self.container.querySelectorAll("[data-legal='1']"):
            box = node.getBoundingClientRect()
            if box.width <= 0 and box.height <= 0:
                continue
            x0, y0 = self._to_svg(box.left, box.top)
            x1, y1 = self._to_svg(box.right, box.bottom)
            boxes.append((x0, y0, x1, y1))
            smallest = min(smallest, _screen_size(node, box))
        if not boxes:
            return
        upp = self._units_per_pixel()
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
        # Board units per pixel that show all the targets, and that make the smallest big enough.
        fit = max((right - left) / rect.width, (bottom - top) / rect.height) * 1.2
        need = upp * smallest / TARGET_PX if smallest < float("inf") else fit
        self._centre(rect, (left, top, right, bottom), min(need, max(fit, need / 2)), MAX_SCALE)

    def frame(self, nodes: list[Any]) -> None:
        """Centre the view on ``nodes`` (the moves a review marks), zoomed so that the box
        around them takes at most half the board's width and height on screen: in, up to
        :data:`FRAME_SCALE`, when they are small; out, down to the whole board, when they lie
        far apart."""
        rect = self.container.getBoundingClientRect()
        boxes = [node.getBoundingClientRect() for node in nodes]
        boxes = [b for b in boxes if b.width > 0 or b.height > 0]
        if not self.base or not self.view or not boxes or rect.width <= 0 or rect.height <= 0:
            return
        left, top = self._to_svg(min(b.left for b in boxes), min(b.top for b in boxes))
        right, bottom = self._to_svg(max(b.right for b in boxes), max(b.bottom for b in boxes))
        # Board units per pixel that show the box in half the room.
        fit = max((right - left) / rect.width, (bottom - top) / rect.height) * 2
        self._centre(rect, (left, top, right, bottom), fit, FRAME_SCALE)

    def _centre(self, rect: Any, box: tuple[float, float, float, float], wanted: float,
                most: float) -> None:
        """Centre the view on ``box`` (board units) at ``wanted`` board units per pixel of the
        container ``rect``, the zoom kept between :data:`MIN_SCALE` and ``most``."""
        left, top, right, bottom = box
        assert self.base is not None  # both callers return early without a board
        _, _, bw, bh = self.base
        # The view's width at that many units per pixel ('meet' scaling keeps the board's shape).
        width = wanted * min(rect.width, rect.height * bw / bh)
        scale = min(most, max(MIN_SCALE, bw / max(width, 1e-6)))
        nw, nh = bw / scale, bh / scale
        cx, cy = (left + right) / 2, (top + bottom) / 2
        self.view = self._clamp((cx - nw / 2, cy - nh / 2, nw, nh))
        self._apply()

    def show(self, node: Any) -> None:
        """Pan (and zoom out, if it does not fit) so that the board element ``node`` lies wholly
        inside the container, with a margin; nothing changes if it already does."""
        rect = self.container.getBoundingClientRect()
        box = node.getBoundingClientRect()
        if not self.view or rect.width <= 0 or rect.height <= 0:
            return
        margin = min(TARGET_PX, rect.width / 6, rect.height / 6)
        inside = (
            box.left >= rect.left + margin
            and box.right <= rect.right - margin
            and box.top >= rect.top + margin
            and box.bottom <= rect.bottom - margin
        )
        if inside:
            return
        x0, y0 = self._to_svg(box.left, box.top)
        x1, y1 = self._to_svg(box.right, box.bottom)
        upp = self._units_per_pixel()
        room_w = (rect.width - 2 * margin) * upp
        room_h = (rect.height - 2 * margin) * upp
        if x1 - x0 > room_w or y1 - y0 > room_h:
            self.zoom(min(room_w / max(x1 - x0, 1e-6), room_h / max(y1 - y0, 1e-6)))
        x, y, w, h = self.view
        self.pan((x0 + x1) / 2 - (x + w / 2), (y0 + y1) / 2 - (y + h / 2))

    # -- input --------------------------------------------------------------------------------

    def on_wheel(self, event: Any) -> None:
        event.preventDefault()
        factor = 1.15 if event.deltaY < 0 else 1 / 1.15
        self.zoom(factor, self._to_svg(event.clientX, event.clientY))

    def on_down(self, event: Any) -> None:
        self.pointers[event.pointerId] = (event.clientX, event.clientY)
        if len(self.pointers) == 1:
            self.press = (event.clientX, event.clientY)
            self.dragged = False
        elif len(self.pointers) == 2:
            self.pinch = self._spread()

    def on_move(self, event: Any) -> None:
        if event.pointerId not in self.pointers:
            return
        last = self.pointers[event.pointerId]
        self.pointers[event.pointerId] = (event.clientX, event.clientY)
        if len(self.pointers) >= 2:
            spread = self._spread()
            if self.pinch and spread > 0:
                (ax, ay), (bx, by) = list(self.pointers.values())[:2]
                self.zoom(spread / self.pinch, self._to_svg((ax + bx) / 2, (ay + by) / 2))
            self.pinch = spread
            self.dragged = True
            return
        if self.press is None:
            return
        if not self.dragged:
            px, py = self.press
            if abs(event.clientX - px) + abs(event.clientY - py) < DRAG_THRESHOLD:
                return
            self.dragged = True
            self.container.classList.add("dragging")
            if self.container.setPointerCapture:
                self.container.setPointerCapture(event.pointerId)
        upp = self._units_per_pixel()
        self.pan((last[0] - event.clientX) * upp, (last[1] - event.clientY) * upp)

    def on_up(self, event: Any) -> None:
        self.pointers.pop(event.pointerId, None)
        if len(self.pointers) < 2:
            self.pinch = None
        if not self.pointers:
            self.press = None
            self.container.classList.remove("dragging")

    def consume_drag(self) -> bool:
        """Whether the click that follows was the end of a drag (and should not act)."""
        dragged, self.dragged = self.dragged, False
        return dragged

    def on_key(self, event: Any) -> None:
        if event.target != self.container:
            return
        step = (self.view[2] if self.view else 100) * 0.1
        moves = {
            "ArrowLeft": (-step, 0),
            "ArrowRight": (step, 0),
            "ArrowUp": (0, -step),
            "ArrowDown": (0, step),
        }
        if event.key in moves:
            self.pan(*moves[event.key])
        elif event.key in ("+", "="):
            self.zoom(1.25)
        elif event.key in ("-", "_"):
            self.zoom(1 / 1.25)
        elif event.key == "0":
            self.reset()
        else:
            return
        event.preventDefault()

    def _spread(self) -> float:
        points = list(self.pointers.values())[:2]
        if len(points) < 2:
            return 0.0
        (ax, ay), (bx, by) = points
        return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5


def _screen_size(node: Any, box: Any) -> float:
    """How big a legal target is on screen, in the direction that grows with the zoom (CSS px):
    a road's length (its hit area's width keeps its size at any zoom), a site's nothing (a dot
    of constant size), anything else its box's smaller side."""
    line = dom.query(node, "line.hit")
    if line is None:
        return float(min(box.width, box.height))
    coords = [float(line.getAttribute(name) or 0) for name in ("x1", "y1", "x2", "y2")]
    matrix = line.getScreenCTM()
    if matrix is None or (coords[0] == coords[2] and coords[1] == coords[3]):
        return float("inf")
    scale = (float(matrix.a) ** 2 + float(matrix.b) ** 2) ** 0.5
    return scale * ((coords[2] - coords[0]) ** 2 + (coords[3] - coords[1]) ** 2) ** 0.5
