"""Moves shown as they happen: the pace, the caption of another player's move, the latest move's
marks on the board and the summary of the automatic phases (from the view's optional ``moment``).

The pace is the page's setting (stored in local storage) unless the start URL names one
(``&pace=instant|normal|slow``). ``instant`` is the page as it was before: no caption, no
summary, bots move as soon as they have decided; the latest move is marked (``data-last``) at
every pace.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import dom
from pyscript import document, window
from views import Moment

if TYPE_CHECKING:
    from app import App

#: Pace to the shortest time (s) a move of another player stays on screen before the next.
PACES: dict[str, float] = {"instant": 0.0, "normal": 1.2, "slow": 2.5}
PACE_NAMES = {"instant": "Instant", "normal": "Normal", "slow": "Slow"}
DEFAULT_PACE = "normal"
PACE_KEY = "inca-empire:pace"
#: Seconds a summary stays open before bots go on, in a game no person plays (by pace).
READING: dict[str, float] = {"instant": 0.0, "normal": 6.0, "slow": 12.0}


class MoveDisplay:
    """Showing moves: the pace, the latest move's moment, the summary."""

    def __init__(self, app: App) -> None:
        self._app = app
        #: The game (its id) and action count of the moment on screen, and the moment.
        self._key: tuple[int, int] | None = None
        self._shown: Moment | None = None
        #: The summary is open (bots wait until it is closed).
        self._summary_open = False
        self._pace: str | None = None

    # -- the pace ---------------------------------------------------------------------------------

    def build(self) -> None:
        """Add the pace setting, the caption and the summary to the page."""
        wanted = self._app.params.get("pace", [""])[0]
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
            self._shown = self._app.view.moment(game) if game.actions else None
            shown = self._shown if not fresh or self._app.replay.active() else None
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
        replay = self._app.replay.active()
        own = moment.seat is not None and moment.seat == self._app.viewer() and not replay
        caption.hidden = own or not moment.caption
        if not own and moment.caption:
            caption.textContent = moment.caption
        if moment.summary and not replay:
            self.open_summary(moment.summary)
        elif own:
            self.close_summary()

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
        self._app.panels.show_status()
        session = self._app.session
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

    def summary_open(self) -> bool:
        """Whether the summary is open (bots wait until it is closed)."""
        return self._summary_open

    def close_summary(self) -> None:
        if not self._summary_open:
            return
        self._summary_open = False
        dom.by_id("phase-summary").hidden = True
        self._app.panels.show_status()

    def on_summary_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            event.stopPropagation()
            self.close_summary()
