"""The page's controller: screens, clicks to engine actions, saves, bots, undo, replay.

Contract for outside tests (see ``docs/PAGE.md``): ``body[data-ready="1"]`` once interactive,
``body[data-screen]`` is ``start``, ``game`` or ``end``; ``#status`` names the player to move and
the phase; board elements carry ``data-region`` / ``data-site`` / ``data-connection``, cards
``data-card``, quadrants ``data-quadrant``, choice buttons ``data-action``; legal targets carry
``data-legal="1"``. ``?new=1&players=4&seats=human,easy,medium,hard&seed=7`` (plus
``&variants=...&bot_time=0.05``) starts a game directly.
"""

from __future__ import annotations

import contextlib
from typing import Any
from urllib.parse import parse_qs

import dom
import ui
import views
from autosave import Autosave
from boardview import BoardView
from botrunner import BotRunner
from clicks import Clicks
from focus import Focus
from handover import HandOver
from hintbox import HintBox
from howto import HowTo
from movedisplay import MoveDisplay
from panels import Panels
from pyscript import document, window
from remote import Remote
from replay import UndoReplay
from rulespanel import RulesPanel
from savedlist import SavedList
from session import Session
from startform import StartForm
from store import Entry, Store, StoreError
from transfer import Transfer


def _first_game(params: dict[str, list[str]]) -> str:
    """The game a start link names (``?game=ID``), else the default game."""
    first = params.get("game", [views.DEFAULT_GAME])[0]
    return first if first in views.VIEW_MODULES else views.DEFAULT_GAME


def games_at_start() -> list[str]:
    """The games the page may open as it starts: the start link's (or the default) and the
    game that was on screen when the page was last left."""
    games = [_first_game(parse_qs(str(window.location.search).lstrip("?")))]
    store = Store(lambda: window.localStorage)
    open_id = store.open_id()
    if open_id is not None:
        with contextlib.suppress(StoreError):
            entry = store.get(open_id)
            if isinstance(entry, Entry) and entry.game in views.VIEW_MODULES:
                games.append(entry.game)
    return games


class App(
    StartForm,
    SavedList,
    Transfer,
    Autosave,
    HandOver,
    BotRunner,
    MoveDisplay,
    UndoReplay,
    Panels,
    RulesPanel,
    Clicks,
    Remote,
    Focus,
    HintBox,
    HowTo,
):
    """The whole page. One instance, created by ``main.py``; each concern is a module of its own."""

    def __init__(self) -> None:
        self.params = parse_qs(str(window.location.search).lstrip("?"))
        self.embed = self.params.get("embed", ["0"])[0] == "1"
        self.store = Store(lambda: window.localStorage)
        self.session: Session | None = None
        #: The game and player count of the board in ``#board``: build.py prerenders the
        #: default game's 4-player board.
        self.board_key: tuple[str, int] | None = (views.DEFAULT_GAME, 4)
        self.view = BoardView(dom.by_id("board"))
        #: The view of the game on screen, or of the game chosen on the start screen (first the
        #: game a start link names, so only that game's code is loaded).
        self.game_view: views.GameView = views.load(_first_game(self.params))
        self.last_human: int | None = None
        self.hidden_for_pass = False
        self.thinking = False
        self.bot_pending = False
        self.save_warned = False
        self.replay: dict[str, Any] | None = None
        self.obs: dict | None = None
        #: The position on screen as the view saw it at the last render (``views.Turn``).
        self.last_turn: Any = None
        self.log_shown: tuple[int, int] | None = None
        self.panel_keys: dict[str, str] = {}
        #: The panels of the last render, when they wait for :meth:`settle`.
        self.unsettled: Any = None
        #: The game last exposed by :meth:`publish`, and its number of actions then.
        self.published: tuple[Any, int] | None = None

    def start(self) -> None:
        if self.embed:
            document.documentElement.classList.add("embed")
            document.body.classList.add("embed")
        self.build_start_form()
        self.build_rules()
        self.build_move_display()
        self.bind()
        self.view.attach()
        opened = False
        if self.params.get("new", ["0"])[0] == "1":
            opened = self.start_from_url()
        if not opened:
            opened = self.resume_open_game()
        if not opened:
            self.show_start()
        self.offer_shared_game()
        dom.by_id("loading").hidden = True
        document.body.dataset.ready = "1"

    def bind(self) -> None:
        body = document.body
        dom.on(body, "click", self.on_click)
        dom.on(body, "keydown", self.on_keydown)
        dom.on(dom.by_id("board"), "mouseover", self.on_hover)
        dom.on(dom.by_id("board"), "focusin", self.on_hover)
        dom.on(dom.by_id("actions"), "mouseover", self.on_hover)
        dom.on(dom.by_id("actions"), "focusin", self.on_hover)
        dom.on(dom.by_id("sun"), "mouseover", self.on_hover)
        dom.on(dom.by_id("sun"), "focusin", self.on_hover)
        dom.on(dom.by_id("board"), "mouseleave", lambda _e: self.hide_preview())
        dom.on(dom.by_id("new-game"), "submit", self.on_new_game)
        dom.on(dom.by_id("new-game"), "change", self.on_form_change)
        dom.on(dom.by_id("import-file"), "change", self.on_file_chosen)
        zone = dom.by_id("drop-zone")
        dom.on(zone, "dragover", self.on_drag_over)
        dom.on(zone, "dragleave", lambda _e: zone.classList.remove("over"))
        dom.on(zone, "drop", self.on_drop)
        dom.on(window, "hashchange", lambda _e: self.offer_shared_game())
        self.bind_remote()
        self.bind_focus()

    def open_session(self, session: Session) -> None:
        self.stop_replay()
        self.session = session
        self.panel_keys.clear()
        self.last_human = None
        self.save_warned = False
        if session.entry_id:
            self.store.set_open(session.entry_id)
        document.body.dataset.deviceSeats = ",".join(str(s) for s in session.people_here())
        self.use_view(session.view)
        session.view.reset()
        centre = self.ensure_board(session.players)
        self.render()
        self.view.fit_width(centre)

    def use_view(self, view: views.GameView) -> None:
        """Make ``view`` the game view of the page (its rules in the rules panel)."""
        if view is not self.game_view:
            self.game_view = view
            self.panel_keys.clear()
            self.build_rules()

    def ensure_board(self, players: int) -> tuple[float, float]:
        """Draw the board of the game view for ``players`` unless it is there; its centre."""
        view = self.game_view
        key = (view.game_id, players)
        svg = dom.query(dom.by_id("board"), "svg")
        if self.board_key != key or svg is None:
            dom.by_id("board").innerHTML = view.board_svg(players)
            svg = dom.query(dom.by_id("board"), "svg")
            self.board_key = key
            self.view.attach()
        return view.attach(svg, players)

    def viewer(self) -> int | None:
        """The seat whose view is drawn: the human to move, else the last human who moved."""
        session = self.session
        if session is None:
            return None
        seat = session.game.current_player
        if session.person_here(seat):
            return seat
        if self.last_human is not None:
            return self.last_human
        humans = session.people_here()
        return humans[0] if humans else None

    def play(self, action: Any) -> None:
        """Play a human's action, then save and redraw; an illegal one only shows the reason."""
        session = self.session
        if session is None or self.replay is not None:
            return
        seat = session.game.current_player
        if seat is not None and session.seats[seat] == "human" and not session.person_here(seat):
            self.show_reason(f"it is {session.names()[seat]}'s turn, on their own device.")
            return
        try:
            session.play(action)
        except views.ILLEGAL as error:
            self.show_reason(error.reason)
            return
        if session.person_here(seat):
            self.last_human = seat
        self.hide_preview()
        # The board answers the click in the next frame; panels and saving follow (before any
        # bot's first slice, which also waits for that frame).
        dom.after_frame(lambda: self.settle(session))
        self.render(settle_later=True)

    def settle(self, session: Session) -> None:
        """Draw the panels left by ``render(settle_later=True)``, save, then publish the game,
        if ``session`` is still the one on screen."""
        if session is not self.session:
            return
        panels, self.unsettled = self.unsettled, None
        if panels is not None:
            panels()
        self.autosave()
        self.publish()

    def on_click(self, event: Any) -> None:
        if str(getattr(event.target, "id", "")) == "drop-zone":
            dom.by_id("import-file").click()
            return
        node = dom.closest(
            event, "[data-ui],[data-confirm],[data-replay],[data-zoom],[data-action]"
        )
        if node is None:
            node = dom.closest(event, self.game_view.targets)
            if node is not None:
                if not dom.is_null(node.closest("#board")) and self.view.consume_drag():
                    return
                self.click_node(self.legal_at(event, node))
            return
        data = {
            key: dom.attr(node, "data-" + key)
            for key in ("ui", "confirm", "replay", "zoom", "action")
        }
        if data["ui"]:
            self.on_ui(data["ui"], node)
        elif data["confirm"]:
            ui.confirm_answer(data["confirm"] == "yes")
        elif data["replay"]:
            self.on_replay(data["replay"])
        elif data["zoom"]:
            {
                "in": lambda: self.view.zoom(1.25),
                "out": lambda: self.view.zoom(0.8),
                "reset": self.view.reset,
            }[data["zoom"]]()
        elif data["action"]:
            self.play(self.game_view.spec.parse_action(data["action"]))

    def on_ui(self, name: str, node: Any) -> None:
        if name == "open":
            self.open_by_id(str(dom.attr(node, "data-entry")))
        elif name == "delete":
            key = str(dom.attr(node, "data-key"))
            self.confirm_delete(key)
        elif name == "export-raw":
            key = str(dom.attr(node, "data-key"))
            try:
                ui.download(key.split(":")[-1] + "-unreadable.json", self.store.raw(key))
            except StoreError as error:
                ui.notify(str(error), error=True)
        elif name == "export":
            self.export()
        elif name == "share":
            self.share()
        elif name == "menu":
            self.show_start()
        elif name == "undo":
            self.undo()
        elif name == "replay":
            self.start_replay()
        elif name == "rules":
            self.toggle_rules()
        elif name == "rules-close":
            self.toggle_rules(False)
        elif name == "pass-ready":
            self.pass_ready()
        elif name == "howto":
            self.show_how_to()
        elif name == "howto-close":
            self.close_how_to()
        elif name == "hint":
            self.show_hint()
        elif name == "import-pick":
            dom.by_id("import-file").click()

    def on_keydown(self, event: Any) -> None:
        key = str(event.key)
        if key == "Escape":
            if not dom.by_id("rules-panel").hidden:
                self.toggle_rules(False)
            return
        if key in ("Enter", " "):
            node = dom.closest(event, self.game_view.targets)
            if (
                node is not None
                and dom.attr(node, "role") == "button"
                and not dom.is_null(node.closest("#board"))
            ):
                event.preventDefault()
                self.click_node(node)
            return
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or self.session is None:
            return
        if (event.ctrlKey or event.metaKey) and key == "z":
            event.preventDefault()
            self.undo()
