"""Moves shown as they happen: the pace, the caption of another player's move, the latest move's
marks on the board and the summary of the automatic phases (from the view's optional ``moment``);
every move since the viewer's last turn, numbered on the board; a log entry's move marked while it
is hovered or focused (:class:`Marker` puts the marks on a view's board).

The pace is the page's setting (stored in local storage) unless the start URL names one
(``&pace=instant|normal|slow``). ``instant`` is the page as it was before: no caption, no
summary, bots move as soon as they have decided; the latest move is marked (``data-last``) at
every pace.
"""

from __future__ import annotations

import contextlib
import html
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import dom
from pyscript import document, window
from views import Marks, Moment, ReviewMark, since_start

from inca_core import replay as positions

if TYPE_CHECKING:
    from page import Shown
    from panels import Panels

#: Pace to the shortest time (s) a move of another player stays on screen before the next.
PACES: dict[str, float] = {"instant": 0.0, "normal": 1.2, "slow": 2.5}
PACE_NAMES = {"instant": "Instant", "normal": "Normal", "slow": "Slow"}
DEFAULT_PACE = "normal"
PACE_KEY = "inca-empire:pace"
#: Seconds a summary stays open before bots go on, in a game no person plays (by pace).
READING: dict[str, float] = {"instant": 0.0, "normal": 6.0, "slow": 12.0}
#: At most this many of the latest actions are marked as the moves since the viewer's last turn
#: (a viewer who never acted sees the moves since the start, up to this many).
MAX_SINCE = 60


class MoveDisplay:
    """Showing moves: the pace, the latest move's moment, the summary."""

    def __init__(
        self,
        shown: Shown,
        panels: Panels,
        params: dict[str, list[str]],
        viewer: Callable[[], int | None],
        replaying: Callable[[], bool],
        summary_closed: Callable[[], None],
        review_marks: Callable[[Any], tuple[ReviewMark, ...]],
    ) -> None:
        self._page = shown
        self._panels = panels
        #: The page's URL parameters (``&pace=``).
        self._params = params
        #: The seat whose view is drawn (``App.viewer``).
        self._viewer = viewer
        #: Whether a replay is on screen (``Replay.active``).
        self._replaying = replaying
        #: The summary was closed (the guided game marks what comes next).
        self._summary_closed = summary_closed
        #: The moves a review marks on a game's position (``ReviewScreen.marks_for``; empty:
        #: no decision opened there).
        self._review_marks = review_marks
        #: The game (its id) and action count of the moment on screen, and the moment.
        self._key: tuple[int, int] | None = None
        self._shown: Moment | None = None
        #: The summary is open (bots wait until it is closed).
        self._summary_open = False
        self._pace: str | None = None
        #: The moments of the game ``_cached`` (its id) by action count.
        self._cached: int | None = None
        self._moments: dict[int, Moment | None] = {}
        #: What the marks since the viewer's last turn were worked out for (game id, action
        #: count, viewer), and them: (element, number) pairs and action count to number.
        self._since_key: tuple[int, int, int | None] | None = None
        self._since: tuple[tuple[str, int], ...] = ()
        self._numbers: dict[int, int] = {}
        #: How many moves ``#since-legend`` counts now (built hidden: none).
        self._legend = 0
        #: The action whose log entry is hovered or focused (``None``: none).
        self._hovered: int | None = None
        self._marks = Marks()

    # -- the pace ---------------------------------------------------------------------------------

    def build(self) -> None:
        """Add the pace setting, the caption and the summary to the page."""
        wanted = self._params.get("pace", [""])[0]
        if wanted in PACES:
            self._pace = wanted
        select = dom.el(
            "select",
            attrs={"id": "pace", "data-pace": "1"},
            children=[dom.el("option", PACE_NAMES[p], attrs={"value": p}) for p in PACES],
        )
        select.value = self.pace()
        dom.on(select, "change", lambda _e: self.set_pace(str(select.value)))
        label = dom.el("label", "Pace of other players' moves ", cls="pace-setting")
        label.appendChild(select)
        dom.query(document, ".sec-save").appendChild(label)
        wrap = dom.by_id("board-wrap")
        wrap.appendChild(
            dom.el("p", cls="move-caption", attrs={"id": "move-caption", "hidden": ""})
        )
        close = dom.el("button", "Continue", cls="primary", attrs={"type": "button"})
        dom.on(close, "click", lambda _e: self.close_summary())
        summary = dom.el(
            "section",
            cls="phase-summary",
            attrs={"id": "phase-summary", "aria-labelledby": "phase-summary-title", "hidden": ""},
            children=[
                dom.el("h2", "What happened", attrs={"id": "phase-summary-title"}),
                dom.el("div", attrs={"id": "phase-summary-body"}),
                dom.el("p", cls="summary-buttons", children=[close]),
            ],
        )
        dom.on(summary, "keydown", self.on_summary_key)
        wrap.appendChild(summary)
        # The legend stands above the log, whose entries carry the same numbers: never over the
        # board, where it covered targets and badges.
        log_scroll = dom.query(document, ".sec-log .log-scroll")
        log_scroll.parentElement.insertBefore(
            dom.el("p", cls="since-legend", attrs={"id": "since-legend", "hidden": ""}), log_scroll
        )
        log = dom.by_id("log")
        dom.on(log, "mouseover", lambda e: self.hover(_entry_of(e.target)))
        dom.on(log, "mouseout", lambda e: self.hover(_entry_of(e.relatedTarget)))
        dom.on(log, "focusin", lambda e: self.hover(_entry_of(e.target)))
        dom.on(log, "focusout", lambda e: self.hover(_entry_of(e.relatedTarget)))
        dom.on(log.parentElement, "keydown", self.on_log_key)

    def pace(self) -> str:
        """The pace in use: the start URL's, else the stored setting, else normal."""
        if self._pace is None:
            try:
                stored = window.localStorage.getItem(PACE_KEY)
            except Exception:  # storage disabled: the default
                stored = None
            self._pace = str(stored) if stored in PACES else DEFAULT_PACE
        return self._pace

    def set_pace(self, pace: str) -> None:
        if pace not in PACES:
            return
        self._pace = pace
        # Storage full or disabled: the setting holds for this page.
        with contextlib.suppress(Exception):
            window.localStorage.setItem(PACE_KEY, pace)
        if pace == "instant":
            self.close_summary()
            dom.by_id("move-caption").hidden = True

    def move_hold(self) -> float:
        """The shortest time (s) between two moves of bots at this pace."""
        return PACES[self.pace()]

    # -- the moment ------------------------------------------------------------------------------

    def moment_of(self, game: Any) -> Moment | None:
        """What ``game``'s latest action did, as its view says (computed once per action)."""
        key = (id(game), len(game.actions))
        if key != self._key:
            # A game just opened, undone or reloaded shows its latest move marked, not shown
            # again; moves played on this game object (and replay steps) are shown.
            fresh = self._key is None or key[0] != self._key[0]
            self._key = key
            self._shown = self._page.view.moment(game) if game.actions else None
            self._store(game, len(game.actions), self._shown)
            shown = self._shown if not fresh or self._replaying() else None
            self.show_moment(shown)
        return self._shown

    def show_moment(self, moment: Moment | None) -> None:
        """Caption a move not made by the person at the device; open the summary of the
        automatic phases it set off; the person's own move closes an old summary."""
        caption = dom.by_id("move-caption")
        if moment is None or self.pace() == "instant":
            caption.hidden = True
            self.close_summary()
            return
        replay = self._replaying()
        own = moment.seat is not None and moment.seat == self._viewer() and not replay
        caption.hidden = own or not moment.caption
        if not own and moment.caption:
            caption.textContent = moment.caption
        if moment.summary and not replay:
            self.open_summary(moment.summary)
        elif own or replay:
            # A replay holds no summary: one left open by the game's last move goes.
            self.close_summary()

    # -- the moves since the viewer's last turn, and the log entry hovered ------------------------

    def _store(self, game: Any, count: int, moment: Moment | None) -> None:
        if self._cached != id(game):
            self._cached, self._moments = id(game), {}
        self._moments[count] = moment

    def moments(self, game: Any, counts: Sequence[int]) -> list[Moment | None]:
        """The moments of ``game``'s actions ``counts`` (increasing): cached, else from one replay
        of the game from the last cached one before them."""
        if self._cached != id(game):
            self._cached, self._moments = id(game), {}
        missing = [k for k in counts if k not in self._moments and 0 < k <= len(game.actions)]
        if missing:
            state = None
            for k in missing:
                if k == len(game.actions):
                    self._moments[k] = self._page.view.moment(game)
                    continue
                if state is None:
                    state = positions.position(game, k)
                for action in game.actions[len(state.actions) : k]:
                    state.play(action)
                self._moments[k] = self._page.view.moment(state)
        return [self._moments.get(k) for k in counts]

    def marks_of(self, game: Any, last: Moment | None) -> Marks:
        """The board's marks for ``game`` on screen: the latest action's, every action's since
        the viewer's last one (worked out once per action), the hovered log entry's; at a
        decision opened from the review, its moves played and better instead of the latest."""
        viewer = None if self._replaying() else self._viewer()
        count = len(game.actions)
        key = (id(game), count, viewer)
        if key != self._since_key:
            self._since_key = key
            self._since, self._numbers = (), {}
            if viewer is not None and count:
                first = max(since_start(game.log, viewer), count - MAX_SINCE + 1)
                counts = list(range(first, count + 1))
                number = 0
                pairs: list[tuple[str, int]] = []
                for k, moment in zip(counts, self.moments(game, counts), strict=True):
                    if moment is None or not moment.marks or moment.seat == viewer:
                        continue
                    number += 1
                    self._numbers[k] = number
                    pairs.extend((element, number) for element in moment.marks)
                self._since = tuple(pairs)
            self._panels.mark_log(self._numbers)
            self.show_legend(len(self._numbers))
        hover: tuple[str, ...] = ()
        if self._hovered is not None and self._hovered <= count:
            moment = self.moments(game, [self._hovered])[0]
            hover = moment.marks if moment is not None else ()
        own = last is not None and viewer is not None and last.seat == viewer
        review = self._review_marks(game)
        latest = last.marks if last is not None and not review else ()
        self._marks = Marks(latest, self._since, hover, grow_last=not own, review=review)
        return self._marks

    def show_legend(self, moves: int) -> None:
        """Say what the numbers on the board are (hidden with fewer than two moves)."""
        legend = dom.by_id("since-legend")
        if legend is None or moves == self._legend:
            return
        self._legend = moves
        legend.hidden = moves < 2
        if moves >= 2:
            legend.textContent = (
                f"Numbers 1 to {moves} on the board and in the log: the other players' moves "
                "since your last turn, 1 the oldest. Point at a log entry to see its move."
            )

    def hover(self, count: int | None) -> None:
        """Mark the move of action ``count`` (a log entry is hovered or focused; ``None``: none
        is) on the board, without a redraw."""
        if count == self._hovered:
            return
        self._hovered = count
        game = self._panels.shown_game()
        if game is None:
            return
        self._page.view.mark_last(self.marks_of(game, self._shown))

    def on_log_key(self, event: Any) -> None:
        """Up and Down move the focus to the log entry before or after, Home and End to the
        first and the latest (the entries of actions)."""
        key = str(event.key)
        if key not in ("ArrowUp", "ArrowDown", "Home", "End"):
            return
        entries = document.querySelectorAll("#log [data-n]")
        if not entries.length:
            return
        here = dom.closest(event, "[data-n]")
        index = -1
        if here is not None:
            for i in range(entries.length):
                if entries.item(i) == here:
                    index = i
                    break
        latest = entries.length - 1
        target = {
            "ArrowUp": max(index - 1, 0) if index >= 0 else latest,
            "ArrowDown": min(index + 1, latest) if index >= 0 else latest,
            "Home": 0,
            "End": latest,
        }[key]
        event.preventDefault()
        entries.item(target).focus()

    # -- the summary -----------------------------------------------------------------------------

    def open_summary(self, parts: tuple[tuple[str, tuple[str, ...]], ...]) -> None:
        body = dom.by_id("phase-summary-body")
        nodes = []
        for heading, lines in parts:
            nodes.append(dom.el("h3", heading))
            nodes.append(dom.el("ul", children=[dom.el("li", text) for text in lines]))
        dom.fill(body, nodes)
        dom.by_id("phase-summary").hidden = False
        self._summary_open = True
        self._panels.show_status()
        self._panels.show_prompt()
        session = self._page.session
        if session is not None and "human" not in session.seats:
            key = self._key
            dom.later(
                lambda: self.close_summary() if self._key == key else None,
                READING[self.pace()] * 1000,
            )

    def forget(self) -> None:
        """Show the latest move of the game on screen marked, not played again (an action was
        undone)."""
        self._key = None
        self._cached = None
        self._moments = {}
        self._since_key = None

    def summary_open(self) -> bool:
        """Whether the summary is open (bots wait until it is closed)."""
        return self._summary_open

    def close_summary(self) -> None:
        if not self._summary_open:
            return
        self._summary_open = False
        dom.by_id("phase-summary").hidden = True
        self._panels.show_status()
        self._panels.show_prompt()
        self._panels.keep_in_sight()
        # Closed by Escape or by itself too: the guided game marks what comes next.
        self._summary_closed()

    def on_summary_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            event.stopPropagation()
            self.close_summary()


def _entry_of(node: Any) -> int | None:
    """The action count of the log entry holding ``node`` (``None``: no entry)."""
    if dom.is_null(node) or not hasattr(node, "closest"):
        return None
    entry = node.closest("#log [data-n]")
    return None if dom.is_null(entry) else int(entry.getAttribute("data-n"))


#: The attributes a :class:`Marker` sets, in the order of its values.
MARK_ATTRS = ("data-last", "data-since", "data-hover", "data-review")
#: A node with none of the marks (nor ``data-fresh``).
UNMARKED: dict[str, str | None] = dict.fromkeys((*MARK_ATTRS, "data-fresh"))
#: A badge's radius, as a share of the board's width.
BADGE_SHARE = 0.012
#: A badge's smallest radius on screen, CSS px (its number 1.3 times that: 12 px or more).
BADGE_MIN_PX = 9.5
#: ... and at most this (CSS px), whatever the zoom: a badge marks a place, it does not hide it.
BADGE_MAX_PX = 11.0
#: The word on the badge of a move a review marks, by its role.
REVIEW_BADGES = {"played": "Played", "better": "Better"}


class Done(NamedTuple):
    """An element's nodes as marked: the values of :data:`MARK_ATTRS` set on them, and the
    nodes' identities (``js_id``)."""

    nodes: list[Any]
    values: tuple[str | None, ...]
    ids: tuple[int, ...]


NOT_DONE = Done([], (None,) * len(MARK_ATTRS), ())


class Badge(NamedTuple):
    """A badge to draw: its text, the node it goes on (and that node's element name), its
    class and the attributes of its ``<g>`` (markup, escaped)."""

    text: str
    node: Any
    name: str
    cls: str
    attrs: str


class BadgeLayer:
    """One layer of badges over a board (``<g class=NAME>``): drawn again only when its badges
    changed, after the frame that shows the move (placing one reads the laid-out board)."""

    def __init__(self, cls: str, hidden: bool, above: bool = False) -> None:
        self.cls = cls
        #: Hidden from assistive technology (the numbers are in the log too).
        self.hidden = hidden
        #: Badges stand above their element's box, from its left edge (else centred on the box's
        #: top left corner), and move up out of each other's way (else down).
        self.above = above
        self.layer: Any = None
        #: The badges drawn: their text, attributes and node's identity.
        self.drawn: list[tuple[str, str, int]] = []
        #: Stands for the latest badges asked for (an earlier drawing still waiting is dropped).
        self.drawing: object | None = None


class Marker:
    """Puts a view's :class:`views.Marks` on its board: ``data-last``, ``data-since`` (the
    number of the newest move since the viewer's last turn that changed the element),
    ``data-hover`` and ``data-review`` (``played``, ``better`` or both) on the elements' nodes,
    ``data-fresh`` (the pieces grow in) on those that gained a mark until they lose them all, a
    numbered badge on each move since and a "Played" or "Better" badge on each move a review
    marks (in layers of their own over the board). Only nodes whose marks changed are touched;
    badges are drawn again only when their moves or nodes changed."""

    def __init__(self) -> None:
        #: Element name to its nodes and the values of :data:`MARK_ATTRS` set on them.
        self.done: dict[str, Done] = {}
        self.since = BadgeLayer("since-badges", hidden=True)
        self.review = BadgeLayer("review-badges", hidden=False, above=True)
        self.radius = 10.0
        #: Where a badge goes on an element's first node (board units), by element name, with
        #: that node: measured once while the node stays (placing reads the laid-out board).
        self.spots: dict[str, tuple[Any, float, float]] = {}

    def apply(self, svg: Any, marks: Marks, nodes_of: Callable[[str], Sequence[Any]]) -> None:
        """Mark ``marks`` on the board ``svg``; ``nodes_of`` gives an element's nodes."""
        values: dict[str, list[str | None]] = {}
        for name in marks.last:
            values.setdefault(name, [None] * len(MARK_ATTRS))[0] = "1"
        for name, number in marks.since:
            values.setdefault(name, [None] * len(MARK_ATTRS))[1] = str(number)
        for name in marks.hover:
            values.setdefault(name, [None] * len(MARK_ATTRS))[2] = "1"
        for mark in marks.review:
            for name in mark.elements:
                v = values.setdefault(name, [None] * len(MARK_ATTRS))
                v[3] = mark.role if v[3] is None else f"{v[3]} {mark.role}"
        new: dict[str, Done] = {}
        for name, v in values.items():
            nodes = list(nodes_of(name))
            old = self.done.get(name)
            # The same proxies as last time are the same nodes: their identities are known.
            same = old is not None and len(old.nodes) == len(nodes) and all(
                a is b for a, b in zip(old.nodes, nodes, strict=True))
            ids = old.ids if same and old is not None else tuple(n.js_id for n in nodes)
            new[name] = Done(nodes, tuple(v), ids)
        everything = {i for done in new.values() for i in done.ids}
        dom.set_attrs(
            (n for done in self.done.values()
             for n, i in zip(done.nodes, done.ids, strict=True) if i not in everything),
            UNMARKED,
        )
        changed: dict[tuple[str | None, ...], list[Any]] = {}
        for name, done in new.items():
            old = self.done.get(name, NOT_DONE)
            # A mark gained makes the element's pieces grow in (``data-fresh``); a node drawn
            # again with the same marks, a mark only lost or renumbered, and ``data-last`` on
            # the viewer's own move (``grow_last``) do not.
            gained = any(v is not None and o is None and (i or marks.grow_last)
                         for i, (v, o) in enumerate(zip(done.values, old.values, strict=True)))
            kept = set(old.ids) if old.values == done.values else set()
            key = (*done.values, "1" if gained else None)
            changed.setdefault(key, []).extend(
                n for n, i in zip(done.nodes, done.ids, strict=True) if i not in kept)
        for key, nodes in changed.items():
            attrs = dict(zip(MARK_ATTRS, key, strict=False))
            if key[-1] is not None:
                attrs["data-fresh"] = "1"
            dom.set_attrs(nodes, attrs)
        self.done = new
        self.badges(svg, self.since, self.since_badges(marks, new))
        self.badges(svg, self.review, self.review_badges(marks, new))

    @staticmethod
    def since_badges(marks: Marks, new: dict[str, Done]) -> list[tuple[Badge, int]]:
        """One badge per move since, on the first node of its first element; the numbers of
        several moves on one node share its badge (``2, 5``); with its node's identity."""
        numbered: dict[int, tuple[Any, list[str], str]] = {}
        seen: set[int] = set()
        for name, number in marks.since:
            done = new[name]
            if number in seen or not done.nodes:
                continue
            seen.add(number)
            badge = numbered.setdefault(done.ids[0], (done.nodes[0], [], name))
            badge[1].append(str(number))
        out = []
        for node_id, (node, texts, name) in numbered.items():
            text = ", ".join(texts)
            out.append((Badge(text, node, name, "since-badge", f' data-badge="{text}"'), node_id))
        return out

    @staticmethod
    def review_badges(marks: Marks, new: dict[str, Done]) -> list[tuple[Badge, int]]:
        """A badge per move a review marks ("Played", "Better"), on the first node of its first
        element drawn, named by the move in words."""
        out = []
        for mark in marks.review:
            name = next((name for name in mark.elements if new[name].nodes), None)
            if name is None:
                continue
            done = new[name]
            word = REVIEW_BADGES[mark.role]
            label = html.escape(f"{word}: {mark.words}")
            out.append((Badge(word, done.nodes[0], name, f"review-badge {mark.role}",
                              f' data-review-badge="{mark.role}" role="img" '
                              f'aria-label="{label}"'), done.ids[0]))
        return out

    def badges(self, svg: Any, layer: BadgeLayer, wanted: list[tuple[Badge, int]]) -> None:
        """Draw the badges ``wanted`` (each with its node's identity) in ``layer``, unless
        they are those drawn there."""
        drawn = [(b.text, b.attrs, node_id) for b, node_id in wanted]
        node = layer.layer
        if node is not None and node.isConnected and drawn == layer.drawn:
            return
        if node is None or not node.isConnected:
            attrs: dict[str, str | float | int] = {"class": layer.cls}
            if layer.hidden:
                attrs["aria-hidden"] = "true"
            node = layer.layer = dom.svg_el("g", attrs)
            svg.appendChild(node)
            self.radius = float(svg.viewBox.baseVal.width or 1000) * BADGE_SHARE
            self.spots = {}
        layer.drawn = drawn
        if not wanted:
            layer.drawing = None
            dom.clear(node)
            return
        token = layer.drawing = object()
        badges = [b for b, _ in wanted]
        # Placing a badge reads the laid-out board: after the frame that shows the move, so a
        # click's answer is not held up by a layout of its own.
        dom.after_frame(
            lambda: self.draw_badges(svg, layer, badges) if layer.drawing is token else None)

    def spot(self, to_board: Any, name: str, node: Any) -> tuple[float, float] | None:
        """Where the badge of element ``name`` goes on ``node`` (board units, ``to_board``: the
        board's screen matrix inverted): its box's top left corner; ``None`` when the node is
        not on the laid-out board."""
        known = self.spots.get(name)
        if known is not None and known[0] == node:
            return known[1], known[2]
        screen = node.getScreenCTM()
        if dom.is_null(screen) or not node.isConnected:
            return None
        box = node.getBBox()
        m = to_board.multiply(screen)
        x = float(m.a * box.x + m.c * box.y + m.e)
        y = float(m.b * box.x + m.d * box.y + m.f)
        self.spots[name] = (node, x, y)
        return x, y

    def draw_badges(self, svg: Any, layer: BadgeLayer, wanted: list[Badge]) -> None:
        """The badges of ``wanted`` in ``layer``, in one piece of markup."""
        node = layer.layer
        root = svg.getScreenCTM()
        if dom.is_null(root):
            layer.drawn = []  # the board is not laid out (hidden): drawn at the next redraw
            dom.clear(node)
            return
        to_board = root.inverse()
        # Never smaller on screen than a number of 12 px (a phone's whole map is zoomed out),
        # never larger than a 12 px one with a little room (zoomed in, badges buried the map).
        per_px = 1 / max(1e-6, math.hypot(root.a, root.b))
        radius = min(max(self.radius, BADGE_MIN_PX * per_px), BADGE_MAX_PX * per_px)
        # Zoomed out later, the badges keep this size on screen (web/style.css).
        scale = svg.parentNode.style.getPropertyValue("--board-scale") or "1"
        node.style.setProperty("--drawn-at", scale)
        markup = []
        placed: list[tuple[float, float, float]] = []
        for badge in wanted:
            at = self.spot(to_board, badge.name, badge.node)
            if at is None:
                continue
            x, y = at
            width = radius * (1 + 0.55 * max(0, len(badge.text) - 1))
            if layer.above:
                x, y = x + width, y - 1.1 * radius
            x, y = _clear_spot(placed, x, y, width, radius, -1 if layer.above else 1)
            placed.append((x, y, width))
            markup.append(
                f'<g class="{badge.cls}"{badge.attrs}><rect x="{x - width:.1f}" '
                f'y="{y - radius:.1f}" width="{2 * width:.1f}" height="{2 * radius:.1f}" '
                f'rx="{radius:.1f}"></rect><text x="{x:.1f}" y="{y:.1f}" '
                f'font-size="{1.3 * radius:.1f}" text-anchor="middle" '
                f'dominant-baseline="central">{badge.text}</text></g>'
            )
        node.innerHTML = "".join(markup)


def _clear_spot(
    placed: Sequence[tuple[float, float, float]],
    x: float,
    y: float,
    width: float,
    radius: float,
    way: int = 1,
) -> tuple[float, float]:
    """Where a badge of half-width ``width`` centred at (``x``, ``y``) goes so that it covers no
    badge of ``placed`` (centre and half-width; all are ``radius`` high): moved down (``way``
    1; up: -1) by whole badge heights until it is clear (a badge under another one could not be
    read)."""
    for _ in range(len(placed) + 1):
        hit = next(
            (
                (px, py)
                for px, py, pw in placed
                if abs(px - x) < pw + width and abs(py - y) < 2 * radius
            ),
            None,
        )
        if hit is None:
            break
        y = hit[1] + way * 2.1 * radius
    return x, y
