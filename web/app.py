"""The page: its state (the game on screen, the game view, the board) and its collaborators.

``App`` owns what the whole page shares and wires its collaborators: each is handed the few
other collaborators it calls, callbacks for what it tells the page, and what is on screen through
a small protocol (``page.Shown``; the game screen reads ``page.Screen``), never ``App`` itself; no
two collaborators call each other. A collaborator keeps its own state to itself (``_name``). After
every action the one step :meth:`App.after_action` redraws, saves and publishes the game. The
collaborators (attribute: module):

- ``form``: ``startform.py``, the start form and the URL start;
- ``saved``, ``autosave``, ``transfer``: saved games, saving, import and export;
- ``bots``, ``handover``: the bots of the session, the hot-seat screen;
- ``moves``, ``replay``: moves shown as they happen, undo and replay;
- ``remote``: play by link;
- ``focus``: keyboard focus;
- ``panels``, ``clicks``, ``rules``, ``howto``, ``hint``: the game screen;
- ``tutorial``: ``tutorial.py``, the guided first game.

Contract for outside tests (see ``docs/PAGE.md``): ``body[data-ready="1"]`` once interactive,
``body[data-screen]`` is ``start``, ``game``, ``end`` or ``review``; ``#status`` names the player
to move and the phase; choice buttons carry ``data-action``; legal targets carry ``data-legal="1"``.
``?new=1&game=ID&players=4&seats=human,easy,medium,hard&seed=7`` (plus
``&variants=...&bot_time=0.05``) starts a game directly. The guided first game
(``tutorial.py``): ``[data-ui="tutorial"][data-game=ID]`` buttons, ``?tutorial=ID``,
``body[data-tutorial-step]`` while the guide runs.
"""

from __future__ import annotations

import contextlib
from typing import Any, Literal
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
from inview import Sight
from movedisplay import MoveDisplay
from panels import Panels
from pyscript import document, window
from remote import Remote
from replay import Replay
from reviewscreen import REVIEW_BUTTONS, ReviewScreen
from rulespanel import RulesPanel
from savedlist import SavedList
from session import Session
from startform import StartForm, load_form
from store import Entry, Store, StoreError
from transfer import Transfer
from tutorial import Guide


def _first_game(params: dict[str, list[str]]) -> str:
    """The game a start link names (``?game=ID``), else the default game."""
    first = params.get("tutorial", params.get("game", [views.DEFAULT_GAME]))[0]
    return first if first in views.VIEW_MODULES else views.DEFAULT_GAME


def games_at_start() -> list[str]:
    """The games the page may open as it starts: the start link's (or the default), the game
    the start form remembers and the game that was on screen when the page was last left."""
    params = parse_qs(str(window.location.search).lstrip("?"))
    games = [_first_game(params)]
    if "game" not in params and "new" not in params:  # the start form's remembered game
        games.extend(g for g in [load_form(lambda: window.localStorage).game] if g)
    store = Store(lambda: window.localStorage)
    open_id = store.open_id()
    if open_id is not None:
        with contextlib.suppress(StoreError):
            entry = store.get(open_id)
            if isinstance(entry, Entry) and entry.game in views.VIEW_MODULES:
                games.append(entry.game)
    return games


class App:
    """The whole page. One instance, created by ``main.py``."""

    def __init__(self) -> None:
        #: The page's URL parameters.
        self.params: dict[str, list[str]] = parse_qs(str(window.location.search).lstrip("?"))
        #: The page is embedded in another (``?embed=1``): compact.
        self.embed = self.params.get("embed", ["0"])[0] == "1"
        #: Saved games in local storage.
        self.store = Store(lambda: window.localStorage)
        #: Pan and zoom of ``#board``.
        self.board = BoardView(dom.by_id("board"))
        self._session: Session | None = None
        #: The view of the game on screen, or of the game chosen on the start screen (first the
        #: game a start link names, so only that game's code is loaded).
        self._view: views.GameView = views.load(_first_game(self.params))
        #: The game and player count of the board in ``#board``: build.py prerenders the
        #: default game's 4-player board.
        self._board_key: tuple[str, int] | None = (views.DEFAULT_GAME, 4)
        # The collaborators, each built after the ones it is handed; what one tells another
        # built later goes through a callback of this owner.
        store, board, params, embed = self.store, self.board, self.params, self.embed
        self.focus = Focus()
        #: Bringing the person's targets into view (``inview.py``).
        self.sight = Sight(board, self._board_held, lambda: self.fold_sheet(False))
        self.panels = Panels(self, self.focus, self.sight)
        self.handover = HandOver(self, self.panels, self.focus)
        self.moves = MoveDisplay(
            self,
            self.panels,
            params,
            self.viewer,
            replaying=lambda: self.replay.active(),
            summary_closed=lambda: self.tutorial.refresh(),
            review_marks=lambda game: self.reviews.marks_for(game),
        )
        self.replay = Replay(
            self, self.panels, self.moves.pace, lambda s: self.after_action(s, "undo")
        )
        self.clicks = Clicks(
            self, self.panels, self.focus, self.handover, self.replay, self.play
        )
        self.bots = BotRunner(
            self, self.panels, self.moves, self.replay, lambda s: self.after_action(s, "bot")
        )
        self.autosave = Autosave(self, store)
        self.saved = SavedList(store, self.open_session)
        #: The review of a finished game (``reviewscreen.py``).
        self.reviews = ReviewScreen(
            self, self.replay, lambda: self.autosave.save(), board.frame, self.fold_sheet
        )
        self.remote = Remote(
            self, store, self.replay, self.saved, lambda s: self.after_action(s, "opened")
        )
        self.transfer = Transfer(
            self, store, self.remote, self.saved, self.autosave, self.open_session
        )
        self.form = StartForm(
            self,
            params,
            embed,
            self.remote,
            self.use_view,
            lambda s: self.after_action(s, "opened"),
        )
        self.rules = RulesPanel(self, self.focus)
        self.howto = HowTo(self)
        self.hint = HintBox(self, self.panels)
        #: The guided first game (``tutorial.py``).
        self.tutorial = Guide(
            self,
            self.panels,
            self.focus,
            self.replay,
            self.form,
            board,
            params,
            embed,
            lambda: self.fold_sheet(False),
        )

    # -- the page's state -------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The game on screen (``None``: the start screen)."""
        return self._session

    @property
    def view(self) -> views.GameView:
        """The view of the game on screen, or of the game chosen in the start form."""
        return self._view

    def start(self) -> None:
        if self.embed:
            document.documentElement.classList.add("embed")
            document.body.classList.add("embed")
        self.panels.build_slots(self._view)
        self.show_title(self._view)
        self.form.build()
        self.tutorial.build()
        self.rules.build()
        self.moves.build()
        self.bind()
        self.board.attach()
        opened = False
        if "tutorial" in self.params:
            opened = self.tutorial.start_from_url()
        elif self.params.get("new", ["0"])[0] == "1":
            opened = self.form.start_from_url()
        if not opened:
            opened = self.saved.resume_open_game()
        if not opened:
            self.show_start()
        self.transfer.offer_shared_game()
        dom.by_id("loading").hidden = True
        document.body.dataset.ready = "1"
        self.panels.keep_in_sight()  # a resumed game's targets, now that the page is shown

    def bind(self) -> None:
        body = document.body
        dom.on(body, "click", self.on_click)
        dom.on(body, "keydown", self.on_keydown)
        for element_id in ("board", "left-panel", "right-panel"):
            dom.on(dom.by_id(element_id), "mouseover", self.clicks.on_hover)
            dom.on(dom.by_id(element_id), "focusin", self.clicks.on_hover)
        dom.on(dom.by_id("board"), "mousemove", self.clicks.on_hover)
        dom.on(dom.by_id("board"), "mouseleave", self.clicks.on_leave)
        dom.on(dom.by_id("new-game"), "submit", self.form.on_submit)
        dom.on(dom.by_id("new-game"), "change", self.form.on_change)
        self.transfer.bind()
        self.remote.bind()
        self.focus.bind()

    # -- opening and closing games ----------------------------------------------------------------

    def open_session(self, session: Session) -> None:
        """Put ``session`` on screen."""
        self.replay.stop()
        self._session = session
        self.panels.forget()
        self.handover.forget()
        self.autosave.forget_warning()
        if session.entry_id:
            self.store.set_open(session.entry_id)
        document.body.dataset.deviceSeats = ",".join(str(s) for s in session.people_here())
        self.use_view(session.view)
        session.view.reset()
        centre = self.ensure_board(session.players)
        self.panels.render()
        self.board.fit_width(centre)
        # The board in view (the start form may have been scrolled down to its Start button).
        window.scrollTo(0, 0)

    def show_start(self) -> None:
        """Leave the game for the start screen."""
        self.replay.stop()
        self.reviews.cancel()
        self._session = None
        self.tutorial.stop()
        self.store.set_open(None)
        document.body.removeAttribute("data-device-seats")
        ui.show_screen("start")
        dom.by_id("status").textContent = "Start a new game or continue a saved one."
        self.saved.render()

    def use_view(self, view: views.GameView) -> None:
        """Make ``view`` the game view of the page (its panels' places, its rules)."""
        if view is not self._view:
            self._view = view
            self.panels.build_slots(view)
            self.rules.build()
        self.show_title(view)

    def show_title(self, view: views.GameView) -> None:
        """The top bar and the tab name the game on screen."""
        title = view.spec.info.title
        brand = dom.query(document.body, "#topbar .brand")
        if brand is not None:
            brand.textContent = title
        document.title = title

    def ensure_board(self, players: int) -> tuple[float, float]:
        """Draw the board of the game view for ``players`` unless it is there; its centre."""
        view = self._view
        key = (view.game_id, players)
        svg = dom.query(dom.by_id("board"), "svg")
        if self._board_key != key or svg is None:
            dom.by_id("board").innerHTML = view.board_svg(players)
            svg = dom.query(dom.by_id("board"), "svg")
            self._board_key = key
            self.board.attach()
        return view.attach(svg, players)

    def viewer(self) -> int | None:
        """The seat whose view is drawn: the person to move here, else the last who moved."""
        session = self._session
        if session is None:
            return None
        seat = session.game.current_player
        if session.person_here(seat):
            return int(seat)
        last = self.handover.last_human()
        if last is not None:
            return last
        humans = session.people_here()
        return humans[0] if humans else None

    # -- what the game screen asks as it draws (``page.Screen``) -----------------------------------

    def replayed(self) -> Any:
        """The replay's position on screen (``None``: no replay)."""
        return self.replay.game()

    def covered(self, current: int | None, human_to_move: bool) -> bool:
        """Whether the hand-over screen hides the hand of the person to move (put up or taken
        down for ``current`` first)."""
        self.handover.check(current, human_to_move)
        return self.handover.hidden()

    def bot_thinking(self) -> bool:
        return self.bots.thinking()

    def moment_of(self, game: Any) -> views.Moment | None:
        return self.moves.moment_of(game)

    def marks_of(self, game: Any, last: views.Moment | None) -> views.Marks:
        return self.moves.marks_of(game, last)

    def summary_open(self) -> bool:
        return self.moves.summary_open()

    def rendered(self) -> None:
        """After each drawing: the turn link on offer, the bot to move, the guide's mark."""
        self.remote.offer_send()
        self.bots.schedule()
        self.tutorial.refresh()

    def published(self) -> None:
        """A new position is published: a hint given for an earlier one goes."""
        self.hint.clear()

    def _board_held(self) -> bool:
        """Whether the guide, the summary or the hand-over screen holds the board (nothing is
        brought into view for the person then)."""
        return self.tutorial.active() or self.moves.summary_open() or self.handover.hidden()

    # -- acting -----------------------------------------------------------------------------------

    def play(self, action: Any) -> None:
        """Play a person's action, then save and redraw; an illegal one only shows the reason."""
        session = self._session
        if session is None or self.replay.active():
            return
        seat = session.game.current_player
        if seat is not None and session.seats[seat] == "human" and not session.person_here(seat):
            self.panels.show_reason(f"it is {session.names()[seat]}'s turn, on their own device.")
            return
        try:
            session.play(action)
        except views.ILLEGAL as error:
            self.panels.show_reason(error.reason)
            return
        if session.person_here(seat):
            self.handover.moved(seat)
            self.tutorial.played(action)
        self.after_action(session, "person")

    def after_action(
        self, session: Session, by: Literal["person", "bot", "undo", "opened"]
    ) -> None:
        """The one step after the game on screen changed: redraw, save, publish the game
        (``body[data-fingerprint]``, ``body[data-actions]``).

        ``by``: ``"person"``, a person's action here (the board answers the click in the next
        frame; the panels, the save, then the publishing follow in that frame, before any bot's
        first slice, which also waits for it); ``"bot"``, a bot's move (drawn and published at
        once, saved in a task of its own, so drawing and saving never add up to one long task);
        ``"undo"``, an action taken back (everything drawn afresh after the save);
        ``"opened"``, a game put on screen (started, received by link) and saved."""
        if by == "person":
            self.panels.hide_preview()
            dom.after_frame(lambda: self._settle(session))
            self.panels.render(settle_later=True)
        elif by == "bot":
            self.panels.render()
            dom.later(lambda: self.autosave.save() if session is self._session else None, 0)
        elif by == "undo":
            self._view.reset()
            self.panels.forget()
            self.moves.forget()
            self.autosave.save()
            self.panels.render()
        else:
            self.open_session(session)
            self.autosave.save()

    def _settle(self, session: Session) -> None:
        """Draw the panels left by ``render(settle_later=True)``, save, then publish the game,
        if ``session`` is still the one on screen."""
        if session is not self._session:
            return
        self.panels.settle()
        self.autosave.save()
        self.panels.publish()
        self.tutorial.refresh()

    # -- events -----------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        self.dispatch_click(event)
        # The guided game marks its next target after whatever the click changed.
        self.tutorial.refresh()

    def dispatch_click(self, event: Any) -> None:
        if str(getattr(event.target, "id", "")) == "drop-zone":
            dom.by_id("import-file").click()
            return
        node = dom.closest(
            event, "[data-ui],[data-confirm],[data-replay],[data-zoom],[data-action]"
        )
        if node is None:
            node = self.clicks.target_at(event)
            if node is not None:
                if not dom.is_null(node.closest("#board")) and self.board.consume_drag():
                    return
                if self.tutorial.allows(node):
                    self.clicks.click_node(node)
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
            self.replay.on_control(data["replay"])
        elif data["zoom"]:
            {
                "in": lambda: self.board.zoom(1.25),
                "out": lambda: self.board.zoom(0.8),
                "reset": self.board.reset,
                "targets": self.board.zoom_to_targets,
            }[data["zoom"]]()
        elif data["action"] and self.tutorial.allows(node):
            self.play(self._view.spec.parse_action(data["action"]))

    def on_ui(self, name: str, node: Any) -> None:
        if name == "open":
            self.saved.open_by_id(str(dom.attr(node, "data-entry")))
        elif name == "delete":
            self.saved.confirm_delete(str(dom.attr(node, "data-key")))
        elif name == "export-raw":
            self.transfer.export_raw(str(dom.attr(node, "data-key")))
        elif name == "export":
            self.transfer.export()
        elif name == "share":
            self.transfer.share()
        elif name == "menu":
            self.show_start()
        elif name == "undo":
            if self.tutorial.allows_undo():
                self.replay.undo()
        elif name == "replay":
            self.reviews.clear_note()
            self.replay.start()
        elif name == "review":
            entry = dom.attr(node, "data-entry")
            if entry:
                self.saved.open_by_id(entry)
            self.reviews.start()
        elif name in REVIEW_BUTTONS:
            self.reviews.on_ui(name, node)
        elif name == "review-close":
            self.panels.render()
        elif name == "rules":
            self.rules.toggle()
        elif name == "rules-close":
            self.rules.toggle(False)
        elif name == "pass-ready":
            self.handover.ready()
        elif name == "howto":
            self.howto.show()
        elif name == "howto-close":
            self.howto.close()
        elif name == "hint":
            self.hint.show()
        elif name == "import-pick":
            dom.by_id("import-file").click()
        elif name == "sheet":
            self.fold_sheet(dom.attr(node, "aria-expanded") == "true")
        elif name == "tutorial":
            self.howto.close()
            self.tutorial.start(str(dom.attr(node, "data-game")))
        elif name == "tutorial-next":
            self.tutorial.next()
        elif name == "tutorial-leave":
            self.tutorial.stop()
            self.focus.keep()

    def fold_sheet(self, fold: bool) -> None:
        """Fold the phone's sheet of choices down to its handle, or open it again."""
        if fold:
            document.body.dataset.sheet = "folded"
        else:
            document.body.removeAttribute("data-sheet")
        toggle = dom.query(document.body, "[data-ui=sheet]")
        toggle.setAttribute("aria-expanded", "false" if fold else "true")
        toggle.textContent = "Show the choices" if fold else "Fold the choices away"

    def on_keydown(self, event: Any) -> None:
        key = str(event.key)
        if key == "Escape":
            if not dom.by_id("rules-panel").hidden:
                self.rules.toggle(False)
            elif self.moves.summary_open() and dom.is_null(document.querySelector("dialog[open]")):
                # Wherever the focus is (the board, a panel), Escape closes the summary.
                self.moves.close_summary()
            return
        if key in ("Enter", " "):
            node = dom.closest(event, self._view.targets)
            if (
                node is not None
                and dom.attr(node, "role") == "button"
                and not dom.is_null(node.closest("#board"))
            ):
                event.preventDefault()
                if self.tutorial.allows(node):
                    self.clicks.click_node(node)
                self.tutorial.refresh()
            return
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or self._session is None:
            return
        if (event.ctrlKey or event.metaKey) and key == "z":
            event.preventDefault()
            if self.tutorial.allows_undo():
                self.replay.undo()
